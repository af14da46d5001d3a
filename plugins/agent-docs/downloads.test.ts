import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parse} from 'yaml';
import {POSTMAN_FILE, YAML_FILE, writeDownloads} from './downloads';

const DOC = {
  openapi: '3.1.0',
  info: {title: 'Widgets', version: '1.0.0'},
  servers: [{url: 'https://api.example.test'}],
  paths: {
    '/widgets': {
      get: {
        operationId: 'listWidgets',
        summary: 'List widgets',
        responses: {'200': {description: 'The widgets', content: {'application/json': {schema: {type: 'array', items: {type: 'string'}}}}}},
      },
    },
  },
};

function scratch(doc: unknown): {dir: string; spec: string} {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-downloads-'));
  const spec = path.join(dir, 'openapi.json');
  writeFileSync(spec, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return {dir, spec};
}

test('writeDownloads: the YAML is the same document, the collection has its request; both are made off this thread', async () => {
  const {dir, spec} = scratch(DOC);
  const pending = writeDownloads(spec, dir);
  // Nothing is serialised before the call returns: the caller's page generation runs meanwhile.
  assert.equal(existsSync(path.join(dir, YAML_FILE)), false);
  const result = await pending;
  assert.equal(result.yaml, true);
  assert.deepEqual(parse(readFileSync(path.join(dir, YAML_FILE), 'utf8')), DOC);
  assert.ok(result.postman.ok, JSON.stringify(result.postman));
  assert.equal(result.postman.ok && result.postman.requests, 1);
  assert.ok(existsSync(path.join(dir, POSTMAN_FILE)));
});

test('writeDownloads: a document neither child can read leaves both files out with a warning each', async (t) => {
  const {dir, spec} = scratch('{"openapi": "3.1.0", "paths": {');
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (m: string) => warnings.push(m));
  const result = await writeDownloads(spec, dir);
  assert.equal(result.yaml, false);
  assert.equal(result.postman.ok, false);
  assert.equal(existsSync(path.join(dir, YAML_FILE)), false);
  assert.equal(existsSync(path.join(dir, POSTMAN_FILE)), false);
  assert.match(warnings.find((w) => w.startsWith('[downloads] YAML skipped')) ?? '', /JSON/);
  assert.ok(
    warnings.some((w) => w.startsWith('[downloads] Postman collection skipped')),
    warnings.join('\n'),
  );
});
