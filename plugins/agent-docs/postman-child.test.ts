import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {forConverter, preferredFirst, stableIds, uuidFrom} from './postman-child';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('uuidFrom: a version-5 layout UUID, the same for the same text, another for another', () => {
  assert.match(uuidFrom('a'), UUID);
  assert.equal(uuidFrom('a'), uuidFrom('a'));
  assert.notEqual(uuidFrom('a'), uuidFrom('b'));
});

test('stableIds: every random id replaced by one made from its place; other ids and values kept', () => {
  const make = () => ({
    info: {_postman_id: crypto.randomUUID(), name: 'Widgets'},
    item: [
      {
        id: crypto.randomUUID(),
        name: 'Folder',
        item: [{id: crypto.randomUUID(), name: 'Get', request: {}, response: [{id: crypto.randomUUID()}]}],
      },
      {id: 'my-own-id', name: 'Kept', description: crypto.randomUUID()},
    ],
  });
  const a = make();
  const b = make();
  stableIds(a);
  stableIds(b);
  assert.deepEqual(a, {...b, item: [b.item[0], {...b.item[1], description: a.item[1]!.description}]}, 'the same ids from two conversions');
  const ids = [a.info._postman_id, a.item[0]!.id, a.item[0]!.item![0]!.id, a.item[0]!.item![0]!.response![0]!.id];
  for (const id of ids) assert.match(id, UUID);
  assert.equal(new Set(ids).size, ids.length, 'unique');
  assert.equal(a.item[1]!.id, 'my-own-id', "an id that is no UUID is not the converter's");
  const other = make();
  other.info.name = 'Gadgets';
  stableIds(other);
  assert.notEqual(other.info._postman_id, a.info._postman_id, 'another collection, other ids');
});

test('the child writes the same collection for the same document, twice (also where the converter invents values)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'postman-'));
  const doc = path.join(dir, 'openapi.json');
  writeFileSync(
    doc,
    JSON.stringify({
      openapi: '3.0.3',
      info: {title: 'Widgets', version: '1.0.0'},
      servers: [{url: 'https://api.example.test/v1'}],
      tags: [{name: 'Widgets'}],
      paths: {
        '/widgets/{id}': {
          get: {
            tags: ['Widgets'],
            operationId: 'getWidget',
            parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
            responses: {
              200: {description: 'OK', content: {'application/json': {schema: {type: 'object', properties: {id: {type: 'string'}}}}}},
            },
          },
        },
        // Maps without examples: the converter's faker picks how many keys to invent at random.
        ...Object.fromEntries(
          ['a', 'b', 'c', 'd', 'e', 'f'].map((p) => [
            `/maps/${p}`,
            {
              post: {
                tags: ['Widgets'],
                operationId: `putMap${p}`,
                requestBody: {content: {'application/json': {schema: {type: 'object', additionalProperties: {type: 'string'}}}}},
                responses: {
                  200: {
                    description: 'OK',
                    content: {'application/json': {schema: {type: 'object', additionalProperties: {type: 'integer'}}}},
                  },
                },
              },
            },
          ]),
        ),
      },
    }),
  );
  const run = (out: string) => {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'postman-child.ts'), doc, path.join(dir, out)], {
      stdio: 'pipe',
    });
    return readFileSync(path.join(dir, out), 'utf8');
  };
  const first = run('a.json');
  assert.match(first, /"name":"Widgets"/);
  assert.equal(run('b.json'), first);
});

test('OpenAPI 3.2: QUERY and additionalOperations operations become requests with their own method (the converter knows eight)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'postman-32-'));
  const doc = path.join(dir, 'openapi.json');
  const op = (summary: string) => ({
    summary,
    tags: ['Meters'],
    responses: {'200': {description: 'OK', content: {'application/json': {example: {ok: true}}}}},
  });
  writeFileSync(
    doc,
    JSON.stringify({
      openapi: '3.2.0',
      info: {title: 'Meters', version: '1'},
      servers: [{url: 'https://api.meters.test'}],
      paths: {
        '/meters': {get: op('List meters'), post: op('Register a meter'), query: op('Search meters')},
        '/meters/{id}': {
          parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
          get: op('Get a meter'),
          additionalOperations: {PURGE: op('Purge a meter'), COPY: op('Copy a meter')},
        },
      },
    }),
  );
  const out = path.join(dir, 'out.json');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'postman-child.ts'), doc, out], {stdio: 'pipe'});
  const collection = JSON.parse(readFileSync(out, 'utf8'));
  const requests: string[] = [];
  const walk = (items: any[]) =>
    items.forEach((i) =>
      i.item
        ? walk(i.item)
        : requests.push(
            `${i.request.method} ${i.name} ${i.request.url.path.join('/')} ${(i.response ?? []).map((r: any) => r.originalRequest.method).join(',')}`,
          ),
    );
  walk(collection.item);
  assert.deepEqual(requests.sort(), [
    'COPY Copy a meter meters/:id COPY',
    'GET Get a meter meters/:id GET',
    'GET List meters meters GET',
    'POST Register a meter meters POST',
    'PURGE Purge a meter meters/:id PURGE',
    'QUERY Search meters meters QUERY',
  ]);
  assert.doesNotMatch(JSON.stringify(collection), /x-portal-method/);
});

test('preferredFirst: the first alternative without a deprecated scheme goes first; the same array when nothing moves', () => {
  const old = new Set(['legacyKey']);
  const alternatives = [{legacyKey: []}, {legacyKey: [], oauth: ['read']}, {oauth: ['read']}, {bearer: []}];
  assert.deepEqual(preferredFirst(alternatives, old), [{oauth: ['read']}, {legacyKey: []}, {legacyKey: [], oauth: ['read']}, {bearer: []}]);
  const fine = [{oauth: []}, {legacyKey: []}];
  assert.equal(preferredFirst(fine, old), fine);
  const allOld = [{legacyKey: []}];
  assert.equal(preferredFirst(allOld, old), allOld, 'no alternative without one: as written');
  assert.equal(preferredFirst(undefined, old), undefined);
  assert.equal(preferredFirst(alternatives, new Set()), alternatives);
});

test('OpenAPI 3.2 deprecated schemes: the collection authenticates with the alternative the page and console start with', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'postman-deprecated-'));
  const doc = path.join(dir, 'openapi.json');
  const spec = {
    openapi: '3.2.0',
    info: {title: 'Meters', version: '1'},
    servers: [{url: 'https://api.meters.test'}],
    security: [{legacyKey: []}, {bearer: []}],
    components: {
      securitySchemes: {
        legacyKey: {type: 'apiKey', in: 'header', name: 'X-Legacy-Key', deprecated: true},
        bearer: {type: 'http', scheme: 'bearer'},
      },
    },
    paths: {
      '/meters': {
        get: {summary: 'List meters', responses: {'200': {description: 'OK'}}},
        additionalOperations: {
          PURGE: {summary: 'Purge meters', security: [{legacyKey: []}, {bearer: []}], responses: {'204': {description: 'Gone'}}},
        },
      },
    },
  };
  writeFileSync(doc, JSON.stringify(spec));
  const moved = forConverter(spec as never).doc;
  assert.deepEqual(moved.security, [{bearer: []}, {legacyKey: []}]);
  assert.deepEqual(spec.security, [{legacyKey: []}, {bearer: []}], 'the document itself is left as it is');
  const out = path.join(dir, 'out.json');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'postman-child.ts'), doc, out], {stdio: 'pipe'});
  const collection = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(collection.auth?.type, 'bearer', JSON.stringify(collection.auth));
  assert.ok(!JSON.stringify(collection).includes('X-Legacy-Key'), 'the deprecated key header is sent by no request');
});
