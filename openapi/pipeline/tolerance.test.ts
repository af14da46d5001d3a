/**
 * Foreign documents with the slips public API descriptions have build, with warnings naming the
 * source file and JSON pointer (fixtures/real-world-slips.json, fixtures/webhooks-only-31.json).
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {buildProcessedSpec, workaroundLines} from './build';
import {listOperations, pageSlug} from '../model/operations';
import {capSlug, MAX_SLUG_LENGTH, summariseWarnings} from './pages';
import {fixture} from './test-helpers';

type Obj = Record<string, any>;

describe('a foreign document with real-world slips', () => {
  it('builds; titles and slugs are decided once, capped and unique; warnings by rule with pointers', async () => {
    const result = await buildProcessedSpec({source: fixture('real-world-slips.json'), strict: false});
    const ops = listOperations(result.document);
    assert.deepEqual(
      ops.map((o) => [o.method, o.path, o.title, o.slug]),
      [
        ['get', '/v1/x', 'GET /v1/x', 'get-v1-x'],
        ['post', '/v1/x', 'Download to C:\\', 'download-to-c'],
        ['get', '/v1/y', 'List "things": all of them', 'list-things-all-of-them'],
        ['put', '/v1/y', 'List things: all of them!', 'list-things-all-of-them-2'],
        ['patch', '/v1/y', 'Line one\nline two --- and more', 'line-one-line-two-and-more'],
        ['get', '/v1/z', `${'A summary that goes on and on '.repeat(8)}until the end`, ops[5].slug],
        ['post', '/v1/z', ops[6].operationId, ops[6].slug],
      ],
    );
    for (const op of ops) {
      assert.ok(op.slug && op.slug.length <= MAX_SLUG_LENGTH, op.slug);
      assert.equal(pageSlug(op.slug), op.slug, 'a slug is a fixed point of pageSlug');
    }
    assert.match(ops[6].slug!, /-\d{8}$/);
    assert.equal(ops[6].operationId!.length, 300);
    const rules = result.findings.map((p) => `${p.rule} ${p.pointer}`);
    for (const expected of [
      'no-operation-title #/paths/~1v1~1x/get',
      'duplicate-page-slug #/paths/~1v1~1y/put',
      'long-page-slug #/paths/~1v1~1z/get',
      'long-page-slug #/paths/~1v1~1z/post',
      'duplicate-tag-slug #/tags/1',
      'undefined-security-scheme #/paths/~1v1~1y/put/security/0',
      'struct #/components/schemas/Thing/properties/label/name',
    ]) {
      assert.ok(rules.includes(expected), `${expected} in ${rules.join(', ')}`);
    }
    assert.ok(result.findings.every((p) => p.file === fixture('real-world-slips.json')));
    assert.ok(workaroundLines(result).includes('[spec] warning long-page-slug (2×): #/paths/~1v1~1z/get, #/paths/~1v1~1z/post'));
  });

  it('path-level x-* keys are not operations; tags differing in case are one category', async () => {
    const {document} = await buildProcessedSpec({source: fixture('real-world-slips.json'), strict: false});
    const doc = document as Obj;
    assert.equal(doc.paths['/v1/x']['x-internal'], true, 'kept in the document');
    assert.equal(listOperations(doc).filter((o) => o.path === '/v1/x').length, 2);
    assert.deepEqual(
      doc.tags.map((t: Obj) => t.name),
      ['Normal'],
    );
    assert.deepEqual(doc.paths['/v1/x'].post.tags, ['Normal']);
    assert.deepEqual(doc.paths['/v1/y'].put.security, []);
  });

  it('our own document needs no workaround: zero page warnings', async () => {
    const {OUR_SOURCE} = await import('./build');
    const result = await buildProcessedSpec({source: OUR_SOURCE, strict: true});
    assert.deepEqual(result.findings, []);
  });

  it('OpenAPI 3.1 with webhooks and no paths: one page per webhook', async () => {
    const result = await buildProcessedSpec({source: fixture('webhooks-only-31.json'), strict: false});
    assert.equal(result.stats.operations, 0);
    assert.equal(result.stats.webhooks, 2);
    const pages = listOperations(result.document, {webhooks: true});
    assert.deepEqual(
      pages.map((p) => [p.kind, p.path, p.title, p.slug]),
      [
        ['webhook', 'pet.created', 'Pet created', 'pet-created'],
        ['webhook', 'pet.deleted', 'pet.deleted', 'pet-deleted'],
      ],
    );
    assert.deepEqual((result.document as Obj).paths, {});
  });
});

describe('slug helpers', () => {
  it('capSlug keeps short slugs and cuts long ones at a word with a stable 8-digit hash', () => {
    assert.equal(capSlug('short-slug'), 'short-slug');
    const long = 'word-'.repeat(40) + 'end';
    const capped = capSlug(long);
    assert.ok(capped.length <= MAX_SLUG_LENGTH);
    assert.match(capped, /^word-(word-)*\d{8}$/);
    assert.equal(capSlug(long), capped);
    assert.notEqual(capSlug(`${long}-other`), capped);
  });

  it('summariseWarnings: one line per rule, the first three pointers', () => {
    const p = (rule: string, pointer: string) => ({file: 'f', pointer, rule, message: 'm', severity: 'warn' as const});
    assert.deepEqual(summariseWarnings([p('a', '#/1'), p('b', '#/x'), p('a', '#/2'), p('a', '#/3'), p('a', '#/4')]), [
      '[spec] warning a (4×): #/1, #/2, #/3, …',
      '[spec] warning b (1×): #/x',
    ]);
  });
});
