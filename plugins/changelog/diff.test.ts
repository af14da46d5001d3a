/**
 * The changelog's classification on crafted changes (./fixtures.ts), including where it overrides
 * api-smart-diff, and the sentences a reader sees.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Change} from '../../src/components/ApiChangelog/types';
import {diffDocuments, libraryDiffs} from './diff';
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
