/**
 * The live-preview watcher without a dev server, on a copy of our OpenAPI source in a temp folder
 * (as a document named by OPENAPI_SOURCE would be: the copy is not our own path, so the pipeline
 * runs in its tolerant mode; the strict mode's messages are covered by tests/build/live-preview.test.ts).
 */
import assert from 'node:assert/strict';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {listFiles} from '../api-pages/sync-dir';
import type {RefreshResult} from './refresh';
import {SourceWatcher} from './watcher';

const SOURCE = path.resolve(__dirname, '../../openapi/source');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'live-preview-test-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

/** A copy of the source and a watcher on it; results arrive in order through next(). */
function setup(name: string, trees: boolean) {
  const dir = path.join(scratch, name);
  cpSync(SOURCE, path.join(dir, 'source'), {recursive: true});
  const results: {result: RefreshResult; changed: string[]}[] = [];
  const waiting: ((r: {result: RefreshResult; changed: string[]}) => void)[] = [];
  const watcher = new SourceWatcher({
    specSource: path.join(dir, 'source/openapi.yaml'),
    processedSpec: path.join(dir, 'processed.json'),
    apiBaseUrl: 'https://api.example.test/v1',
    outDir: path.join(dir, 'pages'),
    trees: trees ? [path.join(dir, 'source')] : [],
    scanFirst: true,
    onResult: (result, changed) => {
      const w = waiting.shift();
      if (w) w({result, changed});
      else results.push({result, changed});
    },
  });
  /** The next refresh's result; a save the watcher missed fails after a minute instead of hanging. */
  const next = () => {
    const ready = results.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise<{result: RefreshResult; changed: string[]}>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no refresh within 60 s: the save was not seen')), 60_000);
      waiting.push((r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
  };
  const customers = path.join(dir, 'source/paths/customers.yaml');
  const page = (f: string) => readFileSync(path.join(dir, 'pages', f), 'utf8');
  return {dir, watcher, next, customers, page};
}

test('files the document references are watched, saves written in place or renamed over the old file', async (t) => {
  const {dir, watcher, next, customers, page} = setup('references', false);
  t.after(() => watcher.close());
  const first = await next();
  assert.ok(first.result.ok, !first.result.ok ? first.result.message : '');
  assert.deepEqual(first.changed, [], 'the first look is no save');
  assert.ok(first.result.files.includes(customers), 'paths/customers.yaml is one of the files read');
  assert.ok(listFiles(path.join(dir, 'pages')).includes('get-customer.api.mdx'));

  // An editor that writes a new file and renames it over the old one.
  const tmp = path.join(dir, 'source/paths/customers.yaml.new');
  writeFileSync(tmp, readFileSync(customers, 'utf8').replace('summary: Get customer\n', 'summary: Get Customer!\n'));
  renameSync(tmp, customers);
  const saved = await next();
  assert.ok(saved.result.ok);
  assert.ok(saved.changed.includes(customers));
  assert.deepEqual(saved.result.written.sort(), ['get-customer.api.mdx', 'get-customer.data.js', 'sidebar.ts']);
  assert.match(page('get-customer.api.mdx'), /^title: "Get Customer!"$/m);
});

test('an invalid save reports file and position and writes nothing; the next good save recovers', async (t) => {
  const {watcher, next, customers, page} = setup('errors', true);
  t.after(() => watcher.close());
  assert.ok((await next()).result.ok);
  const good = page('get-customer.api.mdx');
  const goodData = page('get-customer.data.js');

  const original = readFileSync(customers, 'utf8');
  writeFileSync(customers, original.replace('  /customers/{customer_id}:\n', '  /customers/{customer_id}:\n    get: [oops\n'));
  const broken = await next();
  assert.equal(broken.result.ok, false);
  assert.ok(
    !broken.result.ok && /paths\/customers\.yaml:\d+:\d+: .*indentation/.test(broken.result.message),
    !broken.result.ok ? broken.result.message : '',
  );
  assert.equal(page('get-customer.api.mdx'), good, 'the last good page stays');
  assert.equal(page('get-customer.data.js'), goodData);

  writeFileSync(customers, original.replace('summary: Get customer\n', 'summary: Get customer.\n'));
  const fixed = await next();
  assert.ok(fixed.result.ok);
  assert.match(page('get-customer.api.mdx'), /^title: "Get customer\."$/m);

  // A file that is no OpenAPI source in the tree (an editor's swap file) starts no run.
  writeFileSync(`${customers}.swp`, 'x');
  writeFileSync(customers, original);
  const last = await next();
  assert.deepEqual(last.changed, [customers]);
});

test('a file out of the document folder is neither read nor watched: saving it starts no run (issue 22 row 1)', async (t) => {
  const dir = path.join(scratch, 'outside-ref');
  const outside = path.join(dir, 'outside', 'shared.yaml');
  mkdirSync(path.dirname(outside), {recursive: true});
  writeFileSync(outside, 'Thing:\n  type: object\n  description: secret-from-outside\n');
  const doc = path.join(dir, 'doc', 'openapi.yaml');
  mkdirSync(path.dirname(doc), {recursive: true});
  const text = (summary: string) =>
    `openapi: 3.0.3\ninfo: {title: Outside, version: '1'}\npaths:\n  /things:\n    get:\n      operationId: getThing\n      summary: ${summary}\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: '../outside/shared.yaml#/Thing'}\n`;
  writeFileSync(doc, text('Get thing'));
  const results: RefreshResult[] = [];
  const watcher = new SourceWatcher({
    specSource: doc,
    processedSpec: path.join(dir, 'processed.json'),
    apiBaseUrl: 'https://api.example.test/v1',
    outDir: path.join(dir, 'pages'),
    scanFirst: true,
    onResult: (result) => results.push(result),
  });
  t.after(() => watcher.close());
  const until = async (n: number, ms: number) => {
    const end = Date.now() + ms;
    while (results.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  };
  await until(1, 60_000);
  const first = results[0]!;
  assert.equal(first.ok, false, 'the build refuses the reference');
  assert.ok(
    !first.ok && /the reference "\.\.\/outside\/shared\.yaml#\/Thing" .* was not read: it is outside/.test(first.message),
    !first.ok ? first.message : '',
  );
  assert.ok(!first.files.includes(outside));
  // Saving the outside file: nothing watches it.
  writeFileSync(outside, 'Thing:\n  type: object\n  description: secret-from-outside, changed\n');
  await until(2, 2000);
  assert.equal(results.length, 1, 'a save out of the folder started a run');
  // Saving the document does (the watcher is alive).
  writeFileSync(doc, text('Get the thing'));
  await until(2, 60_000);
  assert.equal(results.length, 2);
});
