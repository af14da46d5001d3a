/**
 * The mock and OpenAPI 3.2: Prism 5 routes the eight methods of 3.0/3.1 only. On a 3.2 document it
 * serves those and answers a QUERY or additionalOperations request 405 with a problem+json body
 * naming the route (it does not crash); startPrism's note says which operations it cannot serve.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {mockDocument, startPrism, type MockServer} from './prism';

const op = (summary: string, status = '200') => ({
  summary,
  responses: {[status]: {description: 'OK', content: {'application/json': {example: {ok: summary}}}}},
});
const DOC = {
  openapi: '3.2.0',
  info: {title: 'Meters', version: '1'},
  servers: [{url: 'https://api.meters.test'}],
  paths: {
    '/meters': {get: op('list'), query: {...op('search'), requestBody: {content: {'application/json': {schema: {type: 'object'}}}}}},
    '/meters/{id}': {
      parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
      get: op('get'),
      additionalOperations: {PURGE: op('purge'), COPY: op('copy')},
    },
    '/caches': {additionalOperations: {PURGE: op('purge all')}},
  },
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'mock-oas32-'));
let mock: MockServer;

before(async () => {
  const spec = path.join(scratch, 'openapi.json');
  writeFileSync(spec, JSON.stringify(DOC));
  mock = await startPrism({spec});
});

after(async () => {
  await mock?.stop();
  rmSync(scratch, {recursive: true, force: true});
});

test('mockDocument lists the QUERY and additionalOperations operations Prism cannot route', () => {
  assert.deepEqual(mockDocument(DOC).unserved, [
    '#/paths/~1meters/query',
    '#/paths/~1meters~1{id}/additionalOperations/PURGE',
    '#/paths/~1meters~1{id}/additionalOperations/COPY',
    '#/paths/~1caches/additionalOperations/PURGE',
  ]);
  assert.match(mock.note, /Prism does not serve QUERY or additionalOperations methods \(OpenAPI 3\.2\): 4 operation\(s\) answer 405/);
});

test('a 3.2 document is served: GET answers, QUERY and PURGE get 405 with a message, and the mock keeps running', async () => {
  const get = await fetch(`${mock.url}/meters`);
  assert.equal(get.status, 200);
  assert.deepEqual(await get.json(), {ok: 'list'});
  for (const [method, p] of [
    ['QUERY', '/meters'],
    ['PURGE', '/meters/m1'],
  ] as const) {
    const r = await fetch(`${mock.url}${p}`, {
      method,
      headers: {'content-type': 'application/json'},
      body: method === 'QUERY' ? '{}' : undefined,
    });
    assert.equal(r.status, 405, method);
    const body = (await r.json()) as {title?: string; detail?: string};
    assert.equal(body.title, 'Route resolved, but no method matched');
    assert.ok(body.detail?.includes(p), body.detail);
  }
  // A path with no method Prism knows is no route at all for it: 404, with its message.
  const none = await fetch(`${mock.url}/caches`, {method: 'PURGE'});
  assert.equal(none.status, 404);
  assert.equal(((await none.json()) as {title?: string}).title, 'Route not resolved, no path matched');
  assert.equal((await fetch(`${mock.url}/meters`)).status, 200, 'still serving after them');
});
