/**
 * gen:api on foreign documents (the pipeline's fixtures with real-world slips, a webhooks-only 3.1
 * document): one page per operation/webhook at the pipeline's slug, front matter that parses back
 * to the exact titles, sidebar labels as titles, no duplicate category, `__proto__` kept.
 */
import assert from 'node:assert/strict';
import {copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {parseYaml} from '@redocly/openapi-core';
import {buildProcessedSpec} from '../../openapi/pipeline/build';
import {listOperations} from '../../openapi/model/operations';
import {fixture} from '../../openapi/pipeline/test-helpers';
import {parseDataModule} from './client/page-data-format';
import {generateApiPages} from './generate';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'gen-api-test-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

async function generate(name: string) {
  const processedSpec = path.join(scratch, `${name}.processed.json`);
  const {document} = await buildProcessedSpec({source: fixture(name), strict: false, output: processedSpec});
  const outDir = path.join(scratch, name);
  const result = await generateApiPages({processedSpec, outDir});
  return {document, outDir, result};
}

function frontMatterOf(file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(match, `${file} starts with front matter`);
  return parseYaml(match[1]) as Record<string, unknown>;
}

function dataOf(file: string): any {
  return parseDataModule(readFileSync(file, 'utf8'));
}

describe('gen:api on a foreign document with real-world slips', () => {
  it('writes one page per operation at its slug, with front matter that reads back to the exact title', async () => {
    const {document, outDir, result} = await generate('real-world-slips.json');
    const ops = listOperations(document);
    assert.equal(result.pages, ops.length);
    // Backslashes are shown as U+29F5 in front matter (Docusaurus copies it into JavaScript unescaped).
    const shownAs = (title: string) => title.replace(/\\/g, '\u29f5');
    for (const op of ops) {
      const fm = frontMatterOf(path.join(outDir, `${op.slug}.api.mdx`));
      assert.equal(fm.id, op.slug);
      assert.equal(fm.title, shownAs(op.title));
      assert.equal(fm.sidebar_label, shownAs(op.title));
    }
    assert.equal(frontMatterOf(path.join(outDir, 'download-to-c.api.mdx')).title, 'Download to C:\u29f5');
    assert.ok(
      !readFileSync(path.join(outDir, 'download-to-c.api.mdx'), 'utf8').split('---')[1].includes('\\'),
      'no backslash in front matter',
    );
    assert.equal(frontMatterOf(path.join(outDir, 'real-world-slips.info.mdx')).title, 'Real-world slips');
  });

  it('sidebar: labels are the titles (quotes kept), one category for Normal/normal, x-internal is no page', async () => {
    const {outDir} = await generate('real-world-slips.json');
    const sidebar = readFileSync(path.join(outDir, 'sidebar.ts'), 'utf8');
    assert.ok(sidebar.includes(JSON.stringify('List "things": all of them')));
    const slugs = [...sidebar.matchAll(/"slug": "([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(slugs).size, slugs.length, `category slugs ${slugs.join(', ')}`);
    assert.ok(slugs.includes('/category/api/normal'));
    const pages = readdirSync(outDir).filter((f) => f.endsWith('.api.mdx'));
    assert.equal(pages.length, 7);
  });

  it('properties and parameters named __proto__, constructor, prototype reach the page data', async () => {
    const {outDir} = await generate('real-world-slips.json');
    const list = dataOf(path.join(outDir, 'list-things-all-of-them.data.js'));
    assert.deepEqual(Object.keys(list.schemas.Thing.properties), ['__proto__', 'constructor', 'prototype', 'label', 'parent']);
    assert.equal(list.schemas.Thing.properties.__proto__.type, 'string');
    const get = dataOf(path.join(outDir, 'get-v1-x.data.js'));
    assert.deepEqual(
      get.parameters.map((p: {name: string}) => p.name),
      ['__proto__'],
    );
    assert.equal(get.summary, 'GET /v1/x');
  });
});

describe('gen:api on an OpenAPI 3.1 document with webhooks and no paths', () => {
  it('writes a page per webhook with 3.1 schemas read right', async () => {
    const {outDir, result} = await generate('webhooks-only-31.json');
    assert.equal(result.pages, 2);
    const created = dataOf(path.join(outDir, 'pet-created.data.js'));
    assert.equal(created.webhook, 'pet.created');
    // A $ref with a sibling description: still a reference to the component, with the description.
    assert.deepEqual(created.requestBody.content[0].schema, {ref: 'Pet', description: '<p>The new pet (a $ref with a sibling)</p>'});
    assert.deepEqual(created.schemas.Pet.properties.name, {type: 'string', example: 'Rex', nullable: true});
    const deleted = dataOf(path.join(outDir, 'pet-deleted.data.js'));
    assert.deepEqual(deleted.requestBody.content[0].schema.properties.kind, {enum: ['deleted']});
    assert.equal(frontMatterOf(path.join(outDir, 'pet-deleted.api.mdx')).title, 'pet.deleted');
  });
});

describe("gen:api: the changelog page's address is reserved when there is one", () => {
  it('an operation whose slug is "changelog" stops the build with a message naming it; without a changelog page it is an ordinary page', async () => {
    const source = path.join(scratch, 'changelog-op.json');
    writeFileSync(
      source,
      JSON.stringify({
        openapi: '3.0.3',
        info: {title: 'Changes API', version: '1.0.0'},
        paths: {
          '/changes': {
            get: {operationId: 'changelog', summary: 'List changes', tags: ['Changes'], responses: {'200': {description: 'ok'}}},
          },
        },
      }),
    );
    const processedSpec = path.join(scratch, 'changelog-op.processed.json');
    await buildProcessedSpec({source, strict: false, output: processedSpec});
    const releasesDir = path.join(scratch, 'releases');
    mkdirSync(releasesDir, {recursive: true});
    copyFileSync(path.resolve(__dirname, '../../openapi/releases/1.0.0.json'), path.join(releasesDir, '1.0.0.json'));
    await assert.rejects(
      generateApiPages({processedSpec, outDir: path.join(scratch, 'changelog-op'), changelog: {releasesDir}}),
      (error: Error) => {
        assert.equal(
          error.message,
          `${processedSpec}: GET /changes has the page slug "changelog", the changelog's page (/docs/api/changelog); give the operation another operationId.`,
        );
        return true;
      },
    );
    const outDir = path.join(scratch, 'changelog-op-plain');
    await generateApiPages({processedSpec, outDir});
    assert.equal(frontMatterOf(path.join(outDir, 'changelog.api.mdx')).id, 'changelog');
  });
});

describe('response checks on a worker thread (check-worker.ts)', () => {
  it('gives the same files as on this thread, our document and a foreign one', async () => {
    const own = path.resolve(__dirname, '../../openapi/processed/openapi.json');
    const foreign = path.join(scratch, 'slips-for-checks.processed.json');
    await buildProcessedSpec({source: fixture('real-world-slips.json'), strict: false, output: foreign});
    for (const [name, processedSpec] of [
      ['own', own],
      ['foreign', foreign],
    ] as const) {
      const here = path.join(scratch, `${name}-checks-here`);
      const worker = path.join(scratch, `${name}-checks-worker`);
      const a = await generateApiPages({processedSpec, outDir: here, checksOnWorker: false});
      const b = await generateApiPages({processedSpec, outDir: worker, checksOnWorker: true});
      assert.ok(a.responseCheckModules > 0, `${name}: some checks`);
      assert.equal(b.responseCheckModules, a.responseCheckModules);
      const files = (dir: string): string[] =>
        readdirSync(dir, {recursive: true, withFileTypes: true})
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
          .sort();
      assert.deepEqual(files(worker), files(here));
      for (const file of files(here))
        assert.equal(readFileSync(path.join(worker, file), 'utf8'), readFileSync(path.join(here, file), 'utf8'), file);
    }
  });

  it('a page whose check cannot be made stops the generation with the page named, from the worker too', async () => {
    const processedSpec = path.join(scratch, 'broken-for-checks.processed.json');
    await buildProcessedSpec({source: fixture('real-world-slips.json'), strict: false, output: processedSpec});
    // The worker reads the file: one that is not JSON fails every page, the first one named.
    const unreadable = path.join(scratch, 'unreadable-for-checks.json');
    writeFileSync(unreadable, readFileSync(processedSpec, 'utf8'));
    const run = generateApiPages({processedSpec: unreadable, outDir: path.join(scratch, 'broken-checks'), checksOnWorker: true});
    writeFileSync(unreadable, '{"openapi": ');
    await assert.rejects(run, /cannot read the processed OpenAPI document.*\(page (GET|POST|PUT|PATCH|DELETE) \//s);
  });
});
