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
