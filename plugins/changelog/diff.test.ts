/**
 * The changelog's classification on crafted changes (./fixtures.ts), including where it overrides
 * api-smart-diff, and the sentences a reader sees.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Change} from '../../src/components/ApiChangelog/types';
import {classify, diffDocuments, libraryDiffs, type LibraryDiff, type Side} from './diff';
import {baseDocument, edited} from './fixtures';

function changesOf(name: string): {op: string; c: Change}[] {
  const r = diffDocuments(baseDocument(), edited(name), '1.1.0', '1.0.0');
  return [...r.operations.flatMap((o) => o.changes.map((c) => ({op: `${o.method} ${o.path}`, c}))), ...r.general.map((c) => ({op: 'general', c}))];
}

function only(name: string): {op: string; c: Change} {
  const all = changesOf(name);
  assert.equal(all.length, 1, `${name}: expected one change, got ${JSON.stringify(all, null, 1)}`);
  return all[0]!;
}

describe('changelog classification of crafted changes', () => {
  test('removed operation: breaking, one entry', () => {
    const {op, c} = only('removed operation');
    assert.equal(op, 'delete /things/{thing_id}');
    assert.equal(c.kind, 'breaking');
    assert.equal(c.text, 'Operation removed.');
    assert.equal(c.pointer, '#/paths/~1things~1{thing_id}/delete');
    assert.equal(c.removed, true);
  });

  test('new required parameter: breaking', () => {
    const {op, c} = only('new required parameter');
    assert.equal(op, 'get /things');
    assert.equal(c.kind, 'breaking');
    assert.equal(c.text, 'New required query parameter `owner`.');
  });

  test('narrowed enum of a request parameter: breaking (the library leaves it unclassified or non-breaking)', () => {
    const all = changesOf('narrowed enum');
    const narrowed = all.find((x) => /no longer accepts/.test(x.c.text));
    assert.ok(narrowed, JSON.stringify(all));
    assert.equal(narrowed!.op, 'get /things');
    assert.equal(narrowed!.c.kind, 'breaking');
    assert.equal(narrowed!.c.text, 'Query parameter `status` no longer accepts `archived`.');
    assert.ok(all.every((x) => x.c.kind !== 'breaking' || x === narrowed), 'nothing else is breaking');
  });

  test('new optional field in a request body: non-breaking', () => {
    const {op, c} = only('new optional field');
    assert.equal(op, 'post /things');
    assert.equal(c.kind, 'non-breaking');
    assert.equal(c.text, 'New field `color` in the request body.');
  });

  test('description-only edit: documentation-only, under each operation that shows it', () => {
    const all = changesOf('description-only edit');
    assert.ok(all.length >= 3, JSON.stringify(all));
    assert.ok(all.every((x) => x.c.kind === 'documentation'), JSON.stringify(all));
    assert.ok(all.some((x) => x.op === 'get /things' && x.c.text === 'Description updated.'));
    assert.ok(all.some((x) => x.op === 'get /things/{thing_id}' && x.c.text === 'Description of `name` in the `200` response updated.'));
  });

  test('new operation: non-breaking, one entry', () => {
    const r = diffDocuments(baseDocument(), edited('new operation'), '1.1.0', '1.0.0');
    assert.equal(r.operations.length, 1);
    assert.equal(r.operations[0]!.status, 'added');
    assert.deepEqual(r.operations[0]!.changes.map((c) => [c.kind, c.text]), [['non-breaking', 'New operation.']]);
  });
});

describe('overrides of api-smart-diff, for an API reader', () => {
  const libraryType = (name: string, pathEnd: string) =>
    libraryDiffs(baseDocument(), edited(name)).find((d) => d.path[0] === 'paths' && d.path.join('/').endsWith(pathEnd))?.type;

  test('a response enum gaining a value is non-breaking (the library says breaking)', () => {
    assert.equal(libraryType('response enum gains a value', 'kind/enum/2'), 'breaking');
    const all = changesOf('response enum gains a value');
    assert.ok(all.length >= 1);
    for (const {c} of all) assert.equal(c.kind, 'non-breaking', c.text);
    assert.ok(all.some(({c}) => c.text === '`kind` in the `200` response may now be `medium`.'), JSON.stringify(all));
  });

  test('a parameter type change is breaking (the library says non-breaking)', () => {
    assert.equal(libraryType('parameter type changed', 'parameters/1/schema/type'), 'non-breaking');
    const type = changesOf('parameter type changed').find(({c}) => c.text.startsWith('Type of'));
    assert.equal(type?.c.kind, 'breaking');
    assert.equal(type?.c.text, 'Type of query parameter `limit` changed from `integer` to `string`.');
  });

  test('removing a documented error response is non-breaking (the library says breaking)', () => {
    assert.equal(libraryType('error response removed', 'responses/429'), 'breaking');
    const {c} = only('error response removed');
    assert.equal(c.kind, 'non-breaking');
    assert.equal(c.text, 'Response `429` is no longer documented.');
  });

  test('a changed server URL is breaking (the library says annotation)', () => {
    const lib = libraryDiffs(baseDocument(), edited('server URL changed')).find((d) => d.path[0] === 'servers');
    assert.equal(lib?.type, 'annotation');
    const {op, c} = only('server URL changed');
    assert.equal(op, 'general');
    assert.equal(c.kind, 'breaking');
  });

  test('a deprecated field names its replacement; the replacement note is not a separate entry', () => {
    const all = changesOf('field deprecated with replacement');
    const create = all.filter((x) => x.op === 'post /things');
    assert.deepEqual(
      create.map((x) => [x.c.kind, x.c.deprecation, x.c.text]),
      [
        ['non-breaking', true, '`label` in the request body is deprecated: use `name` instead.'],
        ['non-breaking', true, '`label` in the `201` response is deprecated: use `name` instead.'],
      ],
    );
  });

  test('a deprecated operation names the replacing operation by title', () => {
    const {c} = only('operation deprecated with replacement');
    assert.equal(c.deprecation, true);
    assert.equal(c.text, 'Operation deprecated: use “Create thing” instead.');
  });
});

describe('grouping', () => {
  test('operations with breaking changes first, breaking entries first; counts', () => {
    const after = edited('new optional field');
    after.paths['/things/{thing_id}'].get.description = 'Returns one thing by id.';
    delete after.paths['/things/{thing_id}'].delete;
    after.paths['/things'].post.requestBody.content['application/json'].schema = {$ref: '#/components/schemas/ThingCreate'};
    after.components.schemas.ThingCreate.required.push('color');
    const r = diffDocuments(baseDocument(), after, '2.0.0', '1.0.0', {pages: new Map([['post /things', '/docs/api/create-thing']])});
    assert.deepEqual(r.operations.map((o) => `${o.method} ${o.path}`), ['post /things', 'delete /things/{thing_id}', 'get /things/{thing_id}']);
    const post = r.operations[0]!;
    assert.equal(post.href, '/docs/api/create-thing');
    assert.equal(post.changes[0]!.kind, 'breaking');
    assert.deepEqual(post.changes.map((c) => c.text), ['New required field `color` in the request body.']);
    assert.equal(r.operations[1]!.href, undefined);
    assert.equal(r.counts.breaking, 2);
    assert.equal(r.anchor, 'v2-0-0');
  });
});

describe('classify(): the whole table of the file comment, one row per rule', () => {
  type Row = [name: string, diff: Partial<LibraryDiff> & Pick<LibraryDiff, 'action' | 'type'>, side: Side, rest: (string | number)[], expected: ReturnType<typeof classify>];
  const rows: Row[] = [
    // `deprecated`: non-breaking, flagged, whatever the keyword; or the keyword turning true.
    ['the library type "deprecated"', {action: 'add', type: 'deprecated', after: true}, 'operation', ['deprecated'], {kind: 'non-breaking', deprecation: true}],
    ['the library type "deprecated" on a field path', {action: 'add', type: 'deprecated'}, 'request', ['requestBody', 'content', 'application/json', 'schema', 'properties', 'a'], {kind: 'non-breaking', deprecation: true}],
    ['`deprecated` set to true (another library type)', {action: 'add', type: 'breaking', after: true}, 'request', ['parameters', 0, 'deprecated'], {kind: 'non-breaking', deprecation: true}],
    ['`deprecated` set to false is no deprecation (library type kept)', {action: 'replace', type: 'breaking', after: false}, 'request', ['parameters', 0, 'deprecated'], {kind: 'breaking'}],
    // Documentation-only: x- extensions anywhere in the path, the documentation keywords.
    ['an x- extension (the library says breaking)', {action: 'add', type: 'breaking'}, 'operation', ['x-internal'], {kind: 'documentation'}],
    ['a key under an x- extension', {action: 'replace', type: 'breaking'}, 'response', ['responses', '200', 'x-codeSamples', 0, 'source'], {kind: 'documentation'}],
    ...['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'tags', 'x-displayName'].map(
      (k): Row => [`the documentation keyword "${k}" (the library says breaking)`, {action: 'replace', type: 'breaking'}, 'request', ['requestBody', 'content', 'application/json', 'schema', k], {kind: 'documentation'}],
    ),
    ['an item of `tags` (tags/0)', {action: 'replace', type: 'breaking'}, 'operation', ['tags', 0], {kind: 'documentation'}],
    ['the top-level tags list (general, two steps)', {action: 'add', type: 'breaking'}, 'general', ['tags', 0], {kind: 'documentation'}],
    ['`tags` deeper in a general path is not a category edit', {action: 'add', type: 'breaking'}, 'general', ['paths', '/x', 'tags', 0], {kind: 'breaking'}],
    ['an unclassified `name` is not a documentation keyword', {action: 'replace', type: 'unclassified'}, 'general', ['tags', 0, 'name'], {kind: 'non-breaking'}],
    // Request enums: fewer accepted values are breaking.
    ['request: a value added to an enum', {action: 'add', type: 'breaking'}, 'request', ['parameters', 0, 'schema', 'enum', 2], {kind: 'non-breaking'}],
    ['request: a value removed from an enum', {action: 'remove', type: 'non-breaking'}, 'request', ['parameters', 0, 'schema', 'enum', 2], {kind: 'breaking'}],
    ['request: a value of an enum replaced', {action: 'replace', type: 'non-breaking'}, 'request', ['parameters', 0, 'schema', 'enum', 2], {kind: 'breaking'}],
    ['request: a whole enum added (a list replacing none)', {action: 'add', type: 'unclassified'}, 'request', ['parameters', 0, 'schema', 'enum'], {kind: 'breaking'}],
    ['request: a whole enum replaced (a narrower list)', {action: 'replace', type: 'unclassified'}, 'request', ['parameters', 0, 'schema', 'enum'], {kind: 'breaking'}],
    ['request: a whole enum removed (any value accepted)', {action: 'remove', type: 'breaking'}, 'request', ['parameters', 0, 'schema', 'enum'], {kind: 'non-breaking'}],
    // Response enums: non-breaking whatever the library says.
    ['response: a value added to an enum (the library says breaking)', {action: 'add', type: 'breaking'}, 'response', ['responses', '200', 'content', 'application/json', 'schema', 'enum', 2], {kind: 'non-breaking'}],
    ['response: a whole enum replaced', {action: 'replace', type: 'breaking'}, 'response', ['responses', '200', 'content', 'application/json', 'schema', 'enum'], {kind: 'non-breaking'}],
    ['an enum elsewhere keeps the library type', {action: 'add', type: 'breaking'}, 'general', ['components', 'schemas', 'S', 'enum', 1], {kind: 'breaking'}],
    // Types.
    ['a replaced `type` (the library says non-breaking)', {action: 'replace', type: 'non-breaking'}, 'request', ['parameters', 1, 'schema', 'type'], {kind: 'breaking'}],
    ['an added `type` keeps the library type', {action: 'add', type: 'non-breaking'}, 'request', ['parameters', 1, 'schema', 'type'], {kind: 'non-breaking'}],
    // Removed responses: an error response is non-breaking, a success response stays breaking.
    ['a removed 4xx response (the library says breaking)', {action: 'remove', type: 'breaking'}, 'response', ['responses', '429'], {kind: 'non-breaking'}],
    ['a removed 5xx response', {action: 'remove', type: 'breaking'}, 'response', ['responses', '503'], {kind: 'non-breaking'}],
    ['a removed 4XX range response', {action: 'remove', type: 'breaking'}, 'response', ['responses', '4XX'], {kind: 'non-breaking'}],
    ['a removed 200 response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', '200'], {kind: 'breaking'}],
    ['a removed 201 response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', '201'], {kind: 'breaking'}],
    ['a removed 204 response stays breaking (a 4 that does not lead)', {action: 'remove', type: 'breaking'}, 'response', ['responses', '204'], {kind: 'breaking'}],
    ['a removed 2XX range response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', '2XX'], {kind: 'breaking'}],
    ['a removed 3xx response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', '304'], {kind: 'breaking'}],
    ['a removed default response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', 'default'], {kind: 'breaking'}],
    ['a replaced 4xx response keeps the library type', {action: 'replace', type: 'breaking'}, 'response', ['responses', '404'], {kind: 'breaking'}],
    ['a part removed from a 4xx response keeps the library type', {action: 'remove', type: 'breaking'}, 'response', ['responses', '404', 'content'], {kind: 'breaking'}],
    ['a response path on another side keeps the library type', {action: 'remove', type: 'breaking'}, 'operation', ['responses', '404'], {kind: 'breaking'}],
    ['a removed 4xx header of the request is not a response', {action: 'remove', type: 'breaking'}, 'response', ['headers', '404'], {kind: 'breaking'}],
    // Servers: a changed URL is breaking.
    ['a changed server URL (the library says annotation)', {action: 'replace', type: 'annotation'}, 'general', ['servers', 0, 'url'], {kind: 'breaking'}],
    ['a changed server variable is no URL change', {action: 'replace', type: 'annotation'}, 'general', ['servers', 0, 'variables', 'region', 'default'], {kind: 'documentation'}],
    ['a server URL inside an operation keeps the library type', {action: 'replace', type: 'annotation'}, 'operation', ['servers', 0, 'url'], {kind: 'documentation'}],
    ['`url` outside servers keeps the library type', {action: 'replace', type: 'annotation'}, 'general', ['externalValue', 'url'], {kind: 'documentation'}],
    // Otherwise the library's classification; unclassified is non-breaking.
    ['library breaking', {action: 'remove', type: 'breaking'}, 'request', ['parameters', 2], {kind: 'breaking'}],
    ['library non-breaking', {action: 'add', type: 'non-breaking'}, 'request', ['parameters', 2], {kind: 'non-breaking'}],
    ['library annotation', {action: 'add', type: 'annotation'}, 'operation', ['operationId'], {kind: 'documentation'}],
    ['library unclassified', {action: 'add', type: 'unclassified'}, 'operation', ['callbacks'], {kind: 'non-breaking'}],
  ];
  for (const [name, diff, side, rest, expected] of rows) {
    test(name, () => {
      assert.deepEqual(classify({path: [], ...diff}, {side, rest}), expected);
    });
  }
});

describe('a removed response, end to end (api-smart-diff, then classify, then spec:check-breaking\'s count)', () => {
  const removing = (path: string, method: string, status: string) => {
    const after = baseDocument('1.1.0');
    delete after.paths[path][method].responses[status];
    return diffDocuments(baseDocument(), after, '1.1.0', '1.0.0');
  };
  test('removing the 200 response: breaking (a client relies on it)', () => {
    const r = removing('/things/{thing_id}', 'get', '200');
    assert.deepEqual(r.operations.flatMap((o) => o.changes.map((c) => [o.method, o.path, c.kind, c.text])), [['get', '/things/{thing_id}', 'breaking', 'Response `200` is no longer documented.']]);
    assert.equal(r.counts.breaking, 1);
  });
  test('removing the 201 response: breaking', () => {
    const r = removing('/things', 'post', '201');
    assert.deepEqual(r.operations.flatMap((o) => o.changes.map((c) => [c.kind, c.text, c.removed])), [['breaking', 'Response `201` is no longer documented.', true]]);
    assert.equal(r.counts.breaking, 1);
  });
  test('removing the 404 response: non-breaking', () => {
    const r = removing('/things/{thing_id}', 'get', '404');
    assert.deepEqual(r.operations.flatMap((o) => o.changes.map((c) => [c.kind, c.text])), [['non-breaking', 'Response `404` is no longer documented.']]);
    assert.deepEqual(r.counts, {breaking: 0, 'non-breaking': 1, documentation: 0, deprecations: 0});
  });
});
