/**
 * The changelog's classification on crafted changes (./fixtures.ts), including where it overrides
 * api-smart-diff, and the sentences a reader sees.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Change} from './client/changelog-format';
import {classify, diffDocuments, libraryDiffs, pointerOf, releaseAnchor, valueAt, type LibraryDiff, type Side} from './diff';
import {baseDocument, edited} from './fixtures';
import {operationAt, type HttpMethod} from '../../openapi/model/methods';
import type {Parameter, RequestBody, SchemaObject} from '../../openapi/model/document';

function changesOf(name: string): {op: string; c: Change}[] {
  const r = diffDocuments(baseDocument(), edited(name), '1.1.0', '1.0.0');
  return [
    ...r.operations.flatMap((o) => o.changes.map((c) => ({op: `${o.method} ${o.path}`, c}))),
    ...r.general.map((c) => ({op: 'general', c})),
  ];
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
    assert.ok(
      all.every((x) => x.c.kind !== 'breaking' || x === narrowed),
      'nothing else is breaking',
    );
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
    assert.ok(
      all.every((x) => x.c.kind === 'documentation'),
      JSON.stringify(all),
    );
    assert.ok(all.some((x) => x.op === 'get /things' && x.c.text === 'Description updated.'));
    assert.ok(all.some((x) => x.op === 'get /things/{thing_id}' && x.c.text === 'Description of `name` in the `200` response updated.'));
  });

  test('new operation: non-breaking, one entry', () => {
    const r = diffDocuments(baseDocument(), edited('new operation'), '1.1.0', '1.0.0');
    assert.equal(r.operations.length, 1);
    assert.equal(r.operations[0]!.status, 'added');
    assert.deepEqual(
      r.operations[0]!.changes.map((c) => [c.kind, c.text]),
      [['non-breaking', 'New operation.']],
    );
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
    assert.ok(
      all.some(({c}) => c.text === '`kind` in the `200` response may now be `medium`.'),
      JSON.stringify(all),
    );
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
    after.paths['/things/{thing_id}']!.get!.description = 'Returns one thing by id.';
    delete after.paths['/things/{thing_id}']!.delete;
    (after.paths['/things']!.post!.requestBody as RequestBody).content['application/json']!.schema = {
      $ref: '#/components/schemas/ThingCreate',
    };
    (after.components!.schemas!.ThingCreate as SchemaObject).required!.push('color');
    const r = diffDocuments(baseDocument(), after, '2.0.0', '1.0.0', {pages: new Map([['post /things', '/docs/api/create-thing']])});
    assert.deepEqual(
      r.operations.map((o) => `${o.method} ${o.path}`),
      ['post /things', 'delete /things/{thing_id}', 'get /things/{thing_id}'],
    );
    const post = r.operations[0]!;
    assert.equal(post.href, '/docs/api/create-thing');
    assert.equal(post.changes[0]!.kind, 'breaking');
    assert.deepEqual(
      post.changes.map((c) => c.text),
      ['New required field `color` in the request body.'],
    );
    assert.equal(r.operations[1]!.href, undefined);
    assert.equal(r.counts.breaking, 2);
    assert.equal(r.anchor, 'v2-0-0');
  });
});

describe('classify(): the whole table of the file comment, one row per rule', () => {
  type Row = [
    name: string,
    diff: Partial<LibraryDiff> & Pick<LibraryDiff, 'action' | 'type'>,
    side: Side,
    rest: (string | number)[],
    expected: ReturnType<typeof classify>,
  ];
  const rows: Row[] = [
    // `deprecated`: non-breaking, flagged, whatever the keyword; or the keyword turning true.
    [
      'the library type "deprecated"',
      {action: 'add', type: 'deprecated', after: true},
      'operation',
      ['deprecated'],
      {kind: 'non-breaking', deprecation: true},
    ],
    [
      'the library type "deprecated" on a field path',
      {action: 'add', type: 'deprecated'},
      'request',
      ['requestBody', 'content', 'application/json', 'schema', 'properties', 'a'],
      {kind: 'non-breaking', deprecation: true},
    ],
    [
      '`deprecated` set to true (another library type)',
      {action: 'add', type: 'breaking', after: true},
      'request',
      ['parameters', 0, 'deprecated'],
      {kind: 'non-breaking', deprecation: true},
    ],
    [
      '`deprecated` set to false is no deprecation (library type kept)',
      {action: 'replace', type: 'breaking', after: false},
      'request',
      ['parameters', 0, 'deprecated'],
      {kind: 'breaking'},
    ],
    // Documentation-only: x- extensions anywhere in the path, the documentation keywords.
    [
      'an x- extension (the library says breaking)',
      {action: 'add', type: 'breaking'},
      'operation',
      ['x-internal'],
      {kind: 'documentation'},
    ],
    [
      'a key under an x- extension',
      {action: 'replace', type: 'breaking'},
      'response',
      ['responses', '200', 'x-codeSamples', 0, 'source'],
      {kind: 'documentation'},
    ],
    ...['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'tags', 'x-displayName'].map((k): Row => [
      `the documentation keyword "${k}" (the library says breaking)`,
      {action: 'replace', type: 'breaking'},
      'request',
      ['requestBody', 'content', 'application/json', 'schema', k],
      {kind: 'documentation'},
    ]),
    ['an item of `tags` (tags/0)', {action: 'replace', type: 'breaking'}, 'operation', ['tags', 0], {kind: 'documentation'}],
    ['the top-level tags list (general, two steps)', {action: 'add', type: 'breaking'}, 'general', ['tags', 0], {kind: 'documentation'}],
    [
      '`tags` deeper in a general path is not a category edit',
      {action: 'add', type: 'breaking'},
      'general',
      ['paths', '/x', 'tags', 0],
      {kind: 'breaking'},
    ],
    [
      'an unclassified `name` is not a documentation keyword',
      {action: 'replace', type: 'unclassified'},
      'general',
      ['tags', 0, 'name'],
      {kind: 'non-breaking'},
    ],
    // Request enums: fewer accepted values are breaking.
    [
      'request: a value added to an enum',
      {action: 'add', type: 'breaking'},
      'request',
      ['parameters', 0, 'schema', 'enum', 2],
      {kind: 'non-breaking'},
    ],
    [
      'request: a value removed from an enum',
      {action: 'remove', type: 'non-breaking'},
      'request',
      ['parameters', 0, 'schema', 'enum', 2],
      {kind: 'breaking'},
    ],
    [
      'request: a value of an enum replaced',
      {action: 'replace', type: 'non-breaking'},
      'request',
      ['parameters', 0, 'schema', 'enum', 2],
      {kind: 'breaking'},
    ],
    [
      'request: a whole enum added (a list replacing none)',
      {action: 'add', type: 'unclassified'},
      'request',
      ['parameters', 0, 'schema', 'enum'],
      {kind: 'breaking'},
    ],
    [
      'request: a whole enum replaced (a narrower list)',
      {action: 'replace', type: 'unclassified'},
      'request',
      ['parameters', 0, 'schema', 'enum'],
      {kind: 'breaking'},
    ],
    [
      'request: a whole enum removed (any value accepted)',
      {action: 'remove', type: 'breaking'},
      'request',
      ['parameters', 0, 'schema', 'enum'],
      {kind: 'non-breaking'},
    ],
    // Response enums: non-breaking whatever the library says.
    [
      'response: a value added to an enum (the library says breaking)',
      {action: 'add', type: 'breaking'},
      'response',
      ['responses', '200', 'content', 'application/json', 'schema', 'enum', 2],
      {kind: 'non-breaking'},
    ],
    [
      'response: a whole enum replaced',
      {action: 'replace', type: 'breaking'},
      'response',
      ['responses', '200', 'content', 'application/json', 'schema', 'enum'],
      {kind: 'non-breaking'},
    ],
    [
      'an enum elsewhere keeps the library type',
      {action: 'add', type: 'breaking'},
      'general',
      ['components', 'schemas', 'S', 'enum', 1],
      {kind: 'breaking'},
    ],
    // Types.
    [
      'a replaced `type` (the library says non-breaking)',
      {action: 'replace', type: 'non-breaking'},
      'request',
      ['parameters', 1, 'schema', 'type'],
      {kind: 'breaking'},
    ],
    [
      'an added `type` keeps the library type',
      {action: 'add', type: 'non-breaking'},
      'request',
      ['parameters', 1, 'schema', 'type'],
      {kind: 'non-breaking'},
    ],
    // Removed responses: an error response is non-breaking, a success response stays breaking.
    [
      'a removed 4xx response (the library says breaking)',
      {action: 'remove', type: 'breaking'},
      'response',
      ['responses', '429'],
      {kind: 'non-breaking'},
    ],
    ['a removed 5xx response', {action: 'remove', type: 'breaking'}, 'response', ['responses', '503'], {kind: 'non-breaking'}],
    ['a removed 4XX range response', {action: 'remove', type: 'breaking'}, 'response', ['responses', '4XX'], {kind: 'non-breaking'}],
    ['a removed 200 response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', '200'], {kind: 'breaking'}],
    ['a removed 201 response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', '201'], {kind: 'breaking'}],
    [
      'a removed 204 response stays breaking (a 4 that does not lead)',
      {action: 'remove', type: 'breaking'},
      'response',
      ['responses', '204'],
      {kind: 'breaking'},
    ],
    [
      'a removed 2XX range response stays breaking',
      {action: 'remove', type: 'breaking'},
      'response',
      ['responses', '2XX'],
      {kind: 'breaking'},
    ],
    ['a removed 3xx response stays breaking', {action: 'remove', type: 'breaking'}, 'response', ['responses', '304'], {kind: 'breaking'}],
    [
      'a removed default response stays breaking',
      {action: 'remove', type: 'breaking'},
      'response',
      ['responses', 'default'],
      {kind: 'breaking'},
    ],
    [
      'a replaced 4xx response keeps the library type',
      {action: 'replace', type: 'breaking'},
      'response',
      ['responses', '404'],
      {kind: 'breaking'},
    ],
    [
      'a part removed from a 4xx response keeps the library type',
      {action: 'remove', type: 'breaking'},
      'response',
      ['responses', '404', 'content'],
      {kind: 'breaking'},
    ],
    [
      'a response path on another side keeps the library type',
      {action: 'remove', type: 'breaking'},
      'operation',
      ['responses', '404'],
      {kind: 'breaking'},
    ],
    [
      'a removed 4xx header of the request is not a response',
      {action: 'remove', type: 'breaking'},
      'response',
      ['headers', '404'],
      {kind: 'breaking'},
    ],
    // Servers: a changed URL is breaking.
    [
      'a changed server URL (the library says annotation)',
      {action: 'replace', type: 'annotation'},
      'general',
      ['servers', 0, 'url'],
      {kind: 'breaking'},
    ],
    [
      'a changed server variable is no URL change',
      {action: 'replace', type: 'annotation'},
      'general',
      ['servers', 0, 'variables', 'region', 'default'],
      {kind: 'documentation'},
    ],
    [
      "an operation's server URL changed: breaking too",
      {action: 'replace', type: 'annotation'},
      'operation',
      ['servers', 0, 'url'],
      {kind: 'breaking'},
    ],
    [
      "a path's server URL changed: breaking too",
      {action: 'replace', type: 'annotation'},
      'general',
      ['paths', '/x', 'servers', 1, 'url'],
      {kind: 'breaking'},
    ],
    [
      'a `url` under servers but not of a listed server (servers/x/url)',
      {action: 'replace', type: 'annotation'},
      'general',
      ['servers', 'x', 'url'],
      {kind: 'documentation'},
    ],
    [
      'a `url` after an index that is not under servers (x/0/url)',
      {action: 'replace', type: 'annotation'},
      'general',
      ['x', 0, 'url'],
      {kind: 'documentation'},
    ],
    [
      '`url` outside servers keeps the library type',
      {action: 'replace', type: 'annotation'},
      'general',
      ['externalValue', 'url'],
      {kind: 'documentation'},
    ],
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

describe("a removed response, end to end (api-smart-diff, then classify, then spec:check-breaking's count)", () => {
  const removing = (path: string, method: HttpMethod, status: string) => {
    const after = baseDocument('1.1.0');
    delete operationAt(after.paths[path], method)!.responses![status];
    return diffDocuments(baseDocument(), after, '1.1.0', '1.0.0');
  };
  test('removing the 200 response: breaking (a client relies on it)', () => {
    const r = removing('/things/{thing_id}', 'get', '200');
    assert.deepEqual(
      r.operations.flatMap((o) => o.changes.map((c) => [o.method, o.path, c.kind, c.text])),
      [['get', '/things/{thing_id}', 'breaking', 'Response `200` is no longer documented.']],
    );
    assert.equal(r.counts.breaking, 1);
  });
  test('removing the 201 response: breaking', () => {
    const r = removing('/things', 'post', '201');
    assert.deepEqual(
      r.operations.flatMap((o) => o.changes.map((c) => [c.kind, c.text, c.removed])),
      [['breaking', 'Response `201` is no longer documented.', true]],
    );
    assert.equal(r.counts.breaking, 1);
  });
  test('removing the 404 response: non-breaking', () => {
    const r = removing('/things/{thing_id}', 'get', '404');
    assert.deepEqual(
      r.operations.flatMap((o) => o.changes.map((c) => [c.kind, c.text])),
      [['non-breaking', 'Response `404` is no longer documented.']],
    );
    assert.deepEqual(r.counts, {breaking: 0, 'non-breaking': 1, documentation: 0, deprecations: 0});
  });
});

describe('the sentence and kind of each change a reader sees, end to end (every entry of the release, exact)', () => {
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const entries = (edit: (d: any) => void, before: (d: any) => void = () => {}): string[] => {
    const r = editedRelease(edit, before);
    return [
      ...r.operations.flatMap((o) =>
        o.changes.map((c) => `${o.method} ${o.path} [${c.kind}${c.deprecation ? ', deprecation' : ''}] ${c.text}`),
      ),
      ...r.general.map((c) => `general [${c.kind}] ${c.text}`),
    ];
  };
  const cases: [string, (d: any) => void, string[], ((d: any) => void)?][] = [
    [
      'a parameter turned required',
      (d) => (d.paths['/things'].get.parameters[1].required = true),
      ['get /things [breaking] Query parameter `limit` is now required.'],
    ],
    [
      'a parameter turned optional',
      (d) => (d.paths['/things/{thing_id}'].get.parameters[0].required = false),
      ['get /things/{thing_id} [non-breaking] Path parameter `thing_id` is now optional.'],
    ],
    [
      'a parameter removed',
      (d) => d.paths['/things'].get.parameters.splice(1, 1),
      ['get /things [breaking] Removed query parameter `limit`.'],
    ],
    [
      'a new optional parameter',
      (d) => d.paths['/things'].get.parameters.push({name: 'q', in: 'query', schema: {type: 'string'}}),
      ['get /things [non-breaking] New optional query parameter `q`.'],
    ],
    [
      "path-level parameters reach each operation; an operation's first parameters are named",
      (d) =>
        (d.paths['/things'].parameters = [
          {name: 'X-Trace', in: 'header', schema: {type: 'string'}},
          {name: 'X-Tenant', in: 'header', required: true, schema: {type: 'string'}},
        ]),
      [
        'get /things [non-breaking] New optional header parameter `X-Trace`.',
        'get /things [breaking] New required header parameter `X-Tenant`.',
        'post /things [non-breaking] New optional header parameter `X-Trace`, required header parameter `X-Tenant`.',
      ].sort(),
    ],
    [
      "an operation's last parameters removed are named",
      (d) => delete d.paths['/things'].post.parameters,
      ['post /things [breaking] Removed header parameter `X-Trace`, query parameter `dry_run`.'],
      (d) =>
        (d.paths['/things'].post.parameters = [
          {name: 'X-Trace', in: 'header', schema: {type: 'string'}},
          {name: 'dry_run', in: 'query', schema: {type: 'boolean'}},
        ]),
    ],
    [
      'a field removed from responses (under each operation that returns it, with its path in lists)',
      (d) => delete d.components.schemas.Thing.properties.label,
      [
        'get /things [non-breaking] Field `[].label` removed from the `200` response.',
        'post /things [non-breaking] Field `label` removed from the `201` response.',
        'get /things/{thing_id} [non-breaking] Field `label` removed from the `200` response.',
      ],
    ],
    [
      'a new nested field, in an array of objects and a map',
      (d) =>
        (d.components.schemas.ThingCreate.properties.parts = {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              sku: {type: 'string'},
              dims: {type: 'object', additionalProperties: {type: 'object', properties: {cm: {type: 'number'}}}},
            },
          },
        }),
      ['post /things [non-breaking] New field `parts` in the request body.'],
    ],
    [
      'a field added deep inside a list and a map',
      (d) =>
        (d.components.schemas.ThingCreate.properties.parts.items.properties.dims.additionalProperties.properties.mm = {
          type: 'number',
          deprecated: true,
        }),
      ['post /things [non-breaking] New field `parts[].dims.*.mm` in the request body (deprecated).'],
      (d) =>
        (d.components.schemas.ThingCreate.properties.parts = {
          type: 'array',
          items: {
            type: 'object',
            properties: {dims: {type: 'object', additionalProperties: {type: 'object', properties: {cm: {type: 'number'}}}}},
          },
        }),
    ],
    [
      'a required entry removed',
      (d) => (d.components.schemas.ThingCreate.required = []),
      ['post /things [non-breaking] `name` in the request body is no longer required.'],
    ],
    [
      'an existing field made required',
      (d) => d.components.schemas.ThingCreate.required.push('label'),
      ['post /things [breaking] `label` in the request body is now required.'],
    ],
    [
      'a field in a response that is no longer required',
      (d) => (d.components.schemas.Thing.required = ['id', 'status']),
      [
        // The library's breaking kept: a client may rely on a field it was promised.
        'get /things [breaking] `[].name` in the `200` response is no longer required.',
        'post /things [breaking] `name` in the `201` response is no longer required.',
        'get /things/{thing_id} [breaking] `name` in the `200` response is no longer required.',
      ],
    ],
    [
      'a format added',
      (d) => (d.components.schemas.ThingCreate.properties.name.format = 'email'),
      ['post /things [breaking] Format of `name` in the request body changed from none to `email`.'],
    ],
    [
      'a limit added',
      (d) => (d.components.schemas.ThingCreate.properties.name.maxLength = 10),
      ['post /things [breaking] MaxLength of `name` in the request body changed from none to `10`.'],
    ],
    [
      'a limit removed',
      (d) => delete d.components.schemas.ThingCreate.properties.name.maxLength,
      ['post /things [non-breaking] MaxLength of `name` in the request body changed from `10` to none.'],
      (d) => (d.components.schemas.ThingCreate.properties.name.maxLength = 10),
    ],
    [
      'a pattern changed',
      (d) => (d.components.schemas.ThingCreate.properties.name.pattern = '^[a-z]+$'),
      ['post /things [breaking] Pattern of `name` in the request body changed from `^[A-Za-z]+$` to `^[a-z]+$`.'],
      (d) => (d.components.schemas.ThingCreate.properties.name.pattern = '^[A-Za-z]+$'),
    ],
    [
      'a default changed',
      (d) => (d.paths['/things'].get.parameters[1].schema.default = 50),
      ['get /things [breaking] Default of query parameter `limit` changed from `20` to `50`.'],
      (d) => (d.paths['/things'].get.parameters[1].schema.default = 20),
    ],
    [
      'an example added (documentation)',
      (d) => (d.components.schemas.ThingCreate.properties.name.example = 'Bob'),
      ['post /things [documentation] Example of `name` in the request body added.'],
    ],
    [
      'an example removed',
      (d) => delete d.components.schemas.ThingCreate.properties.name.example,
      ['post /things [documentation] Example of `name` in the request body removed.'],
      (d) => (d.components.schemas.ThingCreate.properties.name.example = 'Bob'),
    ],
    [
      'a field title changed',
      (d) => (d.components.schemas.ThingCreate.properties.name.title = 'New'),
      ['post /things [documentation] Title of `name` in the request body updated.'],
      (d) => (d.components.schemas.ThingCreate.properties.name.title = 'Old'),
    ],
    [
      'a parameter description removed',
      (d) => delete d.paths['/things'].get.parameters[1].description,
      ['get /things [documentation] Description of query parameter `limit` removed.'],
    ],
    [
      'a parameter deprecated',
      (d) => (d.paths['/things'].get.parameters[1].deprecated = true),
      ['get /things [non-breaking, deprecation] Query parameter `limit` is deprecated.'],
    ],
    [
      'a parameter no longer deprecated',
      (d) => delete d.paths['/things'].get.parameters[1].deprecated,
      ['get /things [non-breaking, deprecation] Query parameter `limit` is no longer deprecated.'],
      (d) => (d.paths['/things'].get.parameters[1].deprecated = true),
    ],
    [
      'a field deprecated without a replacement',
      (d) => (d.components.schemas.ThingCreate.properties.label.deprecated = true),
      ['post /things [non-breaking, deprecation] `label` in the request body is deprecated.'],
    ],
    [
      'an operation no longer deprecated',
      (d) => delete d.paths['/things'].get.deprecated,
      ['get /things [non-breaking, deprecation] Operation no longer deprecated.'],
      (d) => (d.paths['/things'].get.deprecated = true),
    ],
    [
      'an operation deprecated, its replacement an operation without a title',
      (d) => (d.paths['/things'].get.deprecated = true) && (d.paths['/things'].get['x-deprecated-by'] = 'searchThings'),
      ['get /things [non-breaking, deprecation] Operation deprecated: use `searchThings` instead.'],
      (d) => (d.paths['/search'] = {get: {operationId: 'searchThings', responses: {'200': {description: 'ok'}}}}),
    ],
    [
      'a replacement that is no operation is named as given',
      (d) => (d.paths['/things'].get.deprecated = true) && (d.paths['/things'].get['x-deprecated-by'] = 'the search API'),
      ['get /things [non-breaking, deprecation] Operation deprecated: use `the search API` instead.'],
    ],
    [
      'a replacement named later, on an operation already deprecated',
      (d) => (d.paths['/things'].get['x-deprecated-by'] = 'createThing'),
      ['get /things [documentation] Replacement named: “Create thing”.'],
      (d) => (d.paths['/things'].get.deprecated = true),
    ],
    [
      "a field's replacement named later",
      (d) => (d.components.schemas.ThingCreate.properties.label['x-deprecated-by'] = 'name'),
      ['post /things [documentation] `label` in the request body: replacement named (`name`).'],
      (d) => (d.components.schemas.ThingCreate.properties.label.deprecated = true),
    ],
    [
      'the operation title',
      (d) => (d.paths['/things'].get.summary = 'List all things'),
      ['get /things [documentation] Title changed from `List things` to `List all things`.'],
    ],
    [
      'the operationId',
      (d) => (d.paths['/things'].get.operationId = 'listAllThings'),
      ['get /things [documentation] Operation ID changed from `listThings` to `listAllThings`.'],
    ],
    ['the category', (d) => (d.paths['/things'].get.tags = ['Stuff']), ['get /things [documentation] Category changed to `Stuff`.']],
    [
      'a category removed',
      (d) => d.paths['/things'].get.tags.pop(),
      ['get /things [documentation] Category changed.'],
      (d) => d.paths['/things'].get.tags.push('More'),
    ],
    [
      'an operation extension',
      (d) => (d.paths['/things'].get['x-internal'] = true),
      ['get /things [documentation] Extension `x-internal` added.'],
    ],
    [
      'an operation extension removed',
      (d) => delete d.paths['/things'].get['x-internal'],
      ['get /things [documentation] Extension `x-internal` removed.'],
      (d) => (d.paths['/things'].get['x-internal'] = true),
    ],
    [
      'an operation extension updated',
      (d) => (d.paths['/things'].get['x-internal'] = false),
      ['get /things [documentation] Extension `x-internal` updated.'],
      (d) => (d.paths['/things'].get['x-internal'] = true),
    ],
    [
      'operation security',
      (d) => (d.paths['/things'].get.security = []),
      ['get /things [non-breaking] Authentication requirements changed.'],
    ],
    [
      'operation servers added',
      (d) => (d.paths['/things'].get.servers = [{url: 'https://other.test'}]),
      ['get /things [documentation] Servers changed.'],
    ],
    [
      "an operation's server URL changed",
      (d) => (d.paths['/things'].get.servers[0].url = 'https://new.test'),
      ['get /things [breaking] Server URL changed from `https://old.test` to `https://new.test`.'],
      (d) => (d.paths['/things'].get.servers = [{url: 'https://old.test'}]),
    ],
    [
      "a path's server URL changed: under each of its operations",
      (d) => (d.paths['/things'].servers[0].url = 'https://new.test'),
      [
        'get /things [breaking] Server URL changed from `https://old.test` to `https://new.test`.',
        'post /things [breaking] Server URL changed from `https://old.test` to `https://new.test`.',
      ],
      (d) => (d.paths['/things'].servers = [{url: 'https://old.test'}]),
    ],
    [
      'a new response',
      (d) => (d.paths['/things/{thing_id}'].get.responses['500'] = {description: 'Oops.'}),
      ['get /things/{thing_id} [non-breaking] New response `500`.'],
    ],
    [
      'a response header',
      (d) => (d.paths['/things'].get.responses['200'].headers = {'X-Total': {schema: {type: 'integer'}}}),
      ['get /things [non-breaking] The `200` response changed (headers).'],
    ],
    [
      "a response header's type",
      (d) => (d.paths['/things'].get.responses['200'].headers['X-Total'].schema.type = 'string'),
      ['get /things [breaking] Type of header `X-Total` of the `200` response changed from `integer` to `string`.'],
      (d) => (d.paths['/things'].get.responses['200'].headers = {'X-Total': {schema: {type: 'integer'}}}),
    ],
    [
      'a response header deprecated',
      (d) => (d.paths['/things'].get.responses['200'].headers['X-Total'].deprecated = true),
      ['get /things [non-breaking, deprecation] Header `X-Total` of the `200` response is deprecated.'],
      (d) => (d.paths['/things'].get.responses['200'].headers = {'X-Total': {schema: {type: 'integer'}}}),
    ],
    [
      'a request media type',
      (d) => (d.paths['/things'].post.requestBody.content['application/xml'] = {schema: {type: 'string'}}),
      ['post /things [non-breaking] The request body changed (application/xml).'],
    ],
    [
      'the request body made optional',
      (d) => (d.paths['/things'].post.requestBody.required = false),
      ['post /things [non-breaking] The request body is now optional.'],
    ],
    [
      'a request enum value added',
      (d) => d.components.schemas.StatusFilter.enum.push('gone'),
      ['get /things [non-breaking] Query parameter `status` accepts the new value `gone`.'],
      (d) => {
        d.components.schemas.StatusFilter = {type: 'string', enum: ['new', 'active']};
        d.paths['/things'].get.parameters[0].schema = {$ref: '#/components/schemas/StatusFilter'};
      },
    ],
    [
      'a request enum value renamed',
      (d) => (d.components.schemas.StatusFilter.enum[1] = 'live'),
      ['get /things [breaking] Query parameter `status`: value `active` is now `live`.'],
      (d) => {
        d.components.schemas.StatusFilter = {type: 'string', enum: ['new', 'active']};
        d.paths['/things'].get.parameters[0].schema = {$ref: '#/components/schemas/StatusFilter'};
      },
    ],
    [
      'a response enum value removed',
      (d) => d.components.schemas.Kind.enum.pop(),
      [
        'get /things [non-breaking] `[].kind` in the `200` response is no longer `large`.',
        'post /things [non-breaking] `kind` in the `201` response is no longer `large`.',
        'get /things/{thing_id} [non-breaking] `kind` in the `200` response is no longer `large`.',
      ],
    ],
    [
      'a request enum added',
      (d) => (d.paths['/things'].get.parameters[1].schema.enum = [10, 20]),
      ['get /things [breaking] Query parameter `limit` is limited to `10`, `20`.'],
      (d) => (d.paths['/things'].get.parameters[1].schema = {type: 'integer', enum: undefined}),
    ],
    [
      'a keyword without a sentence of its own',
      (d) => (d.components.schemas.ThingCreate.properties.name.const = 'x'),
      ['post /things [breaking] `name` in the request body changed (const).'],
    ],
    // Changes outside operations.
    [
      'the server URL',
      (d) => (d.servers[0].url = 'https://api.example.test/v2'),
      ['general [breaking] Server URL changed from `https://api.example.test/v1` to `https://api.example.test/v2`.'],
    ],
    ['a server added', (d) => d.servers.push({url: 'https://b.example'}), ['general [documentation] Servers added.']],
    [
      'a server removed',
      (d) => d.servers.pop(),
      ['general [documentation] Servers removed.'],
      (d) => d.servers.push({url: 'https://b.example'}),
    ],
    ['the overview', (d) => (d.info.description = 'New.'), ['general [documentation] Overview added.']],
    ['the API title', (d) => (d.info.title = 'Stuff API'), ['general [documentation] API title updated.']],
    ['a category description', (d) => (d.tags[0].description = 'All things.'), ['general [documentation] Category descriptions updated.']],
    [
      'default authentication',
      (d) => (d.security = [{k: []}]) && (d.components.securitySchemes.k = {type: 'apiKey', in: 'header', name: 'K'}),
      ['general [breaking] Security scheme `k` added.', 'general [breaking] Default authentication added.'],
      (d) => (d.components.securitySchemes = {j: {type: 'http', scheme: 'basic'}}),
    ],
    [
      'the first security schemes of a document, named',
      (d) => (d.components.securitySchemes = {k: {type: 'apiKey', in: 'header', name: 'K'}, b: {type: 'http', scheme: 'basic'}}),
      ['general [breaking] Security schemes `k`, `b` added.'],
    ],
    [
      'the last security scheme removed',
      (d) => delete d.components.securitySchemes,
      ['general [non-breaking] Security scheme `k` removed.'],
      (d) => (d.components.securitySchemes = {k: {type: 'apiKey', in: 'header', name: 'K'}}),
    ],
    ['the release date and version are the release itself: nothing', (d) => (d.info['x-release-date'] = '2026-01-01'), []],
  ];
  for (const [name, edit, expected, before] of cases) {
    test(name, () => {
      const got = entries(edit, before);
      assert.deepEqual(
        expected.length > 1 && expected.every((e) => e.startsWith('get /things [') || e.startsWith('post /things ['))
          ? [...got].sort()
          : got,
        expected,
      );
    });
  }
});

/*
 * The parts the tables above leave open: JSON pointers (every change links to one), values read
 * through `$ref`s, schema paths (oneOf/anyOf branches, nested properties, items, maps), whole
 * operations and responses replaced, an enum removed altogether, constraint keywords, order, and
 * the release's own fields (previous version, date, anchor). Each case is an edit of ./fixtures.ts,
 * end to end through api-smart-diff, with every entry a reader sees and its pointer.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Edit = (d: any) => void;
const nothing: Edit = () => {};

/** The release from the fixture (1.0.0) to the fixture with `edit` (1.1.0), `before` applied to both. */
function editedRelease(edit: Edit, before: Edit = nothing) {
  const a = baseDocument();
  before(a);
  const b = baseDocument('1.1.0');
  before(b);
  edit(b);
  return diffDocuments(a, b, '1.1.0', '1.0.0');
}

/** Every entry of the release from the edited fixture: "<op> [<kind>] <text> <pointer>". */
function entriesWithPointers(edit: Edit, before: Edit = nothing): string[] {
  const r = editedRelease(edit, before);
  return [
    ...r.operations.flatMap((o) => o.changes.map((c) => `${o.method} ${o.path} [${c.kind}] ${c.text} ${c.pointer}`)),
    ...r.general.map((c) => `general [${c.kind}] ${c.text} ${c.pointer}`),
  ];
}

describe('pointers and values', () => {
  test('pointerOf escapes "~" as ~0 before "/" as ~1 (RFC 6901), numbers as they are', () => {
    assert.equal(pointerOf(['paths', '/a~b/{c}', 'get']), '#/paths/~1a~0b~1{c}/get');
    assert.equal(pointerOf(['paths', '~1', 'parameters', 0]), '#/paths/~01/parameters/0');
    assert.equal(pointerOf([]), '#/');
  });

  test('a removed operation under a path with "~" points at it exactly', () => {
    assert.deepEqual(
      entriesWithPointers(
        (d) => delete d.paths['/a~b'],
        (d) => (d.paths['/a~b'] = {get: {operationId: 'ab', responses: {'200': {description: 'x'}}}}),
      ),
      ['get /a~b [breaking] Operation removed. #/paths/~1a~0b/get'],
    );
  });

  test('valueAt follows $refs on the way and at the end; a step into a non-object gives undefined', () => {
    const doc = baseDocument();
    const schema = ['paths', '/things', 'post', 'requestBody', 'content', 'application/json', 'schema'];
    const thingCreate = doc.components!.schemas!.ThingCreate as SchemaObject;
    assert.equal(valueAt(doc, schema), thingCreate, 'the $ref at the end is followed');
    assert.equal(valueAt(doc, [...schema, 'properties', 'name']), thingCreate.properties!.name, 'and on the way');
    assert.equal(valueAt(doc, ['paths', '/things', 'get', 'parameters', 0, 'schema', 'enum', 2]), 'archived');
    assert.equal(valueAt(doc, []), doc);
    assert.equal(valueAt(doc, ['info', 'title', 'length']), undefined, 'a string is no object');
    assert.equal(valueAt(doc, ['nowhere', 'x']), undefined);
    assert.equal(valueAt(doc, ['servers', 0, 'url']), 'https://api.example.test/v1');
  });
});

describe('schema paths and whole replacements', () => {
  test('a field in a oneOf branch is named without the branch', () => {
    const oneOf: Edit = (d) =>
      (d.components.schemas.ThingCreate = {
        oneOf: [
          {type: 'object', properties: {name: {type: 'string'}}},
          {type: 'object', properties: {extra: {type: 'string'}}},
        ],
      });
    assert.deepEqual(
      entriesWithPointers((d) => (d.components.schemas.ThingCreate.oneOf[1].properties.more = {type: 'string'}), oneOf),
      [
        'post /things [non-breaking] New field `more` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/oneOf/1/properties/more',
      ],
    );
  });

  test('anyOf like oneOf; a branch added is a change of the body, not the body added; array items and map values', () => {
    const anyOf: Edit = (d) =>
      (d.components.schemas.ThingCreate = {
        anyOf: [
          {type: 'object', properties: {name: {type: 'string'}}},
          {type: 'object', properties: {extra: {type: 'string'}}},
        ],
      });
    assert.deepEqual(
      entriesWithPointers((d) => (d.components.schemas.ThingCreate.anyOf[1].properties.more = {type: 'string'}), anyOf),
      [
        'post /things [non-breaking] New field `more` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/anyOf/1/properties/more',
      ],
    );
    assert.deepEqual(
      entriesWithPointers(
        (d) => d.components.schemas.ThingCreate.oneOf.push({type: 'string'}),
        (d) => (d.components.schemas.ThingCreate = {oneOf: [{type: 'object', properties: {name: {type: 'string'}}}]}),
      ),
      [
        'post /things [non-breaking] The request body changed (oneOf). #/paths/~1things/post/requestBody/content/application~1json/schema/oneOf/1',
      ],
    );
    assert.deepEqual(
      entriesWithPointers(
        (d) => (d.components.schemas.ThingCreate.properties.tags.items = {type: 'string'}),
        (d) => (d.components.schemas.ThingCreate.properties.tags = {type: 'array'}),
      ),
      [
        'post /things [non-breaking] Added `tags[]` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/tags/items',
      ],
    );
    assert.deepEqual(
      entriesWithPointers(
        (d) => (d.components.schemas.ThingCreate.properties.meta.additionalProperties.type = 'integer'),
        (d) => (d.components.schemas.ThingCreate.properties.meta = {type: 'object', additionalProperties: {type: 'string'}}),
      ),
      [
        'post /things [breaking] Type of `meta.*` in the request body changed from `string` to `integer`. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/meta/additionalProperties/type',
      ],
    );
  });

  test('a field replaced by something else; array items removed', () => {
    assert.deepEqual(
      entriesWithPointers((d) => (d.components.schemas.ThingCreate.properties.name = true)),
      [
        'post /things [non-breaking] Field `name` of the request body changed. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name',
      ],
    );
    assert.deepEqual(
      entriesWithPointers(
        (d) => delete d.components.schemas.ThingCreate.properties.tags.items,
        (d) => (d.components.schemas.ThingCreate.properties.tags = {type: 'array', items: {type: 'string'}}),
      ),
      [
        'post /things [non-breaking] Removed `tags[]` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/tags/items',
      ],
    );
  });

  test('a field added or removed with its `required` entry is one change; only a new required request field says so', () => {
    assert.deepEqual(
      entriesWithPointers((d) => {
        d.components.schemas.Thing.properties.color = {type: 'string'};
        d.components.schemas.Thing.required.push('color');
      }),
      [
        'get /things [non-breaking] New field `[].color` in the `200` response. #/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/color',
        'post /things [non-breaking] New field `color` in the `201` response. #/paths/~1things/post/responses/201/content/application~1json/schema/properties/color',
        'get /things/{thing_id} [non-breaking] New field `color` in the `200` response. #/paths/~1things~1{thing_id}/get/responses/200/content/application~1json/schema/properties/color',
      ],
    );
    assert.deepEqual(
      entriesWithPointers((d) => {
        delete d.components.schemas.ThingCreate.properties.name;
        d.components.schemas.ThingCreate.required = [];
      }),
      [
        'post /things [non-breaking] Field `name` removed from the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name',
      ],
    );
  });

  test('a field inside a field is named with its parent', () => {
    assert.deepEqual(
      entriesWithPointers(
        (d) => (d.components.schemas.ThingCreate.properties.label.properties = {a: {type: 'string'}}),
        (d) => (d.components.schemas.ThingCreate.properties.label = {type: 'object'}),
      ),
      [
        'post /things [non-breaking] New field `label.a` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/label/properties/a',
      ],
    );
  });

  test('an operation replaced by something else, a response replaced, the request body removed', () => {
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things/{thing_id}'].delete = 'x')),
      ['delete /things/{thing_id} [non-breaking] Operation replaced. #/paths/~1things~1{thing_id}/delete'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things/{thing_id}'].delete.responses['204'] = 'gone')),
      ['delete /things/{thing_id} [breaking] Changed response `204`. #/paths/~1things~1{thing_id}/delete/responses/204'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => delete d.paths['/things'].post.requestBody),
      ['post /things [breaking] Removed the request body. #/paths/~1things/post/requestBody'],
    );
  });

  test('documentation of the request body and of a parameter', () => {
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things'].post.requestBody.description = 'x')),
      ['post /things [documentation] Description of the request body added. #/paths/~1things/post/requestBody/description'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things'].get.parameters[1].example = 3)),
      ['get /things [documentation] Example of query parameter `limit` added. #/paths/~1things/get/parameters/1/example'],
    );
  });

  test('constraint keywords: before and after in one sentence', () => {
    assert.deepEqual(
      entriesWithPointers((d) => (d.components.schemas.ThingCreate.properties.name.nullable = true)),
      [
        'post /things [breaking] Nullable of `name` in the request body changed from none to `true`. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name/nullable',
      ],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things'].get.parameters[1].schema.minimum = 1)),
      [
        'get /things [breaking] Minimum of query parameter `limit` changed from none to `1`. #/paths/~1things/get/parameters/1/schema/minimum',
      ],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.components.schemas.Thing.properties.id.readOnly = true)),
      [
        'get /things [non-breaking] ReadOnly of `[].id` in the `200` response changed from none to `true`. #/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/id/readOnly',
        'post /things [non-breaking] ReadOnly of `id` in the `201` response changed from none to `true`. #/paths/~1things/post/responses/201/content/application~1json/schema/properties/id/readOnly',
        'get /things/{thing_id} [non-breaking] ReadOnly of `id` in the `200` response changed from none to `true`. #/paths/~1things~1{thing_id}/get/responses/200/content/application~1json/schema/properties/id/readOnly',
      ],
    );
  });
});

describe('an enum removed altogether (api-smart-diff reports each of its values removed)', () => {
  test('from a request parameter: one non-breaking change, any value accepted now', () => {
    assert.deepEqual(
      entriesWithPointers(
        (d) => (d.paths['/things'].get.parameters[1].schema = {type: 'integer'}),
        (d) => (d.paths['/things'].get.parameters[1].schema = {type: 'integer', enum: [10, 20]}),
      ),
      [
        'get /things [non-breaking] Query parameter `limit` is no longer limited to a list of values. #/paths/~1things/get/parameters/1/schema/enum',
      ],
    );
  });

  test('through a $ref, from a request body field and a response field', () => {
    assert.deepEqual(
      entriesWithPointers(
        (d) => delete d.components.schemas.Kind.enum,
        (d) => (d.components.schemas.ThingCreate.properties.kind = {$ref: '#/components/schemas/Kind'}),
      ),
      [
        'get /things [non-breaking] `[].kind` in the `200` response is no longer limited to a list of values. #/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/kind/enum',
        'post /things [non-breaking] `kind` in the request body is no longer limited to a list of values. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/kind/enum',
        'post /things [non-breaking] `kind` in the `201` response is no longer limited to a list of values. #/paths/~1things/post/responses/201/content/application~1json/schema/properties/kind/enum',
        'get /things/{thing_id} [non-breaking] `kind` in the `200` response is no longer limited to a list of values. #/paths/~1things~1{thing_id}/get/responses/200/content/application~1json/schema/properties/kind/enum',
      ],
    );
  });

  test('a value removed from an enum that stays is still breaking in a request', () => {
    assert.deepEqual(
      entriesWithPointers(
        (d) => d.paths['/things'].get.parameters[1].schema.enum.pop(),
        (d) => (d.paths['/things'].get.parameters[1].schema = {type: 'integer', enum: [10, 20]}),
      ),
      ['get /things [breaking] Query parameter `limit` no longer accepts `20`. #/paths/~1things/get/parameters/1/schema/enum/1'],
    );
  });

  test('spec:check-breaking counts it as no breaking change', () => {
    const before = baseDocument();
    (before.paths['/things']!.get!.parameters![1] as Parameter).schema = {type: 'integer', enum: [10, 20]};
    const r = diffDocuments(before, baseDocument('1.1.0'), '1.1.0', '1.0.0');
    assert.deepEqual(r.counts, {breaking: 0, 'non-breaking': 1, documentation: 0, deprecations: 0});
  });
});

describe('path-level keys reach each operation of the path', () => {
  test('an extension and servers set on the path are listed under each operation, never as a general entry', () => {
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things']['x-group'] = 'a')),
      [
        'get /things [documentation] Extension `x-group` added. #/paths/~1things/get/x-group',
        'post /things [documentation] Extension `x-group` added. #/paths/~1things/post/x-group',
      ],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things'].servers = [{url: 'https://x.test'}])),
      [
        'get /things [documentation] Servers changed. #/paths/~1things/get/servers',
        'post /things [documentation] Servers changed. #/paths/~1things/post/servers',
      ],
    );
  });

  test('a whole path added or removed: one entry per operation', () => {
    assert.deepEqual(
      entriesWithPointers(
        (d) =>
          (d.paths['/widgets'] = {get: {operationId: 'listWidgets', summary: 'List widgets', responses: {'200': {description: 'ok'}}}}),
      ),
      ['get /widgets [non-breaking] New operation. #/paths/~1widgets/get'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => delete d.paths['/things/{thing_id}']),
      [
        'get /things/{thing_id} [breaking] Operation removed. #/paths/~1things~1{thing_id}/get',
        'delete /things/{thing_id} [breaking] Operation removed. #/paths/~1things~1{thing_id}/delete',
      ],
    );
  });
});

describe('sentences of the less common keywords', () => {
  test('examples (plural) read as "Example"; an enum that is not a list; other constraint keywords; an extension inside a schema', () => {
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things'].get.parameters[1].examples = {a: {value: 1}})),
      ['get /things [documentation] Example of query parameter `limit` added. #/paths/~1things/get/parameters/1/examples'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things'].get.parameters[1].schema.enum = 'abc')),
      ['get /things [breaking] Query parameter `limit` is limited to a list of values. #/paths/~1things/get/parameters/1/schema/enum'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.paths['/things'].get.parameters[1].schema.multipleOf = 5)),
      [
        'get /things [breaking] MultipleOf of query parameter `limit` changed from none to `5`. #/paths/~1things/get/parameters/1/schema/multipleOf',
      ],
    );
    assert.deepEqual(
      entriesWithPointers((d) => {
        d.paths['/things'].get.parameters[1].schema.exclusiveMinimum = true;
        d.components.schemas.ThingCreate.properties.name.writeOnly = true;
      }),
      [
        'get /things [breaking] ExclusiveMinimum of query parameter `limit` changed from none to `true`. #/paths/~1things/get/parameters/1/schema/exclusiveMinimum',
        'post /things [breaking] WriteOnly of `name` in the request body changed from none to `true`. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name/writeOnly',
      ],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.components.schemas.ThingCreate.properties.name['x-max'] = 3)),
      [
        'post /things [documentation] `name` in the request body changed (x-max). #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name/x-max',
      ],
    );
  });
});

describe('order', () => {
  test("operations in the order of the newer document (not the library's)", () => {
    assert.deepEqual(
      entriesWithPointers((d) => {
        const list = d.paths['/things'];
        delete d.paths['/things'];
        d.paths['/things'] = list;
        d.paths['/things'].get.description = 'x';
        d.paths['/things/{thing_id}'].get.description = 'y';
      }),
      [
        'get /things/{thing_id} [documentation] Description updated. #/paths/~1things~1{thing_id}/get/description',
        'get /things [documentation] Description updated. #/paths/~1things/get/description',
      ],
    );
  });

  test('within an operation, deprecations before the other non-breaking changes', () => {
    const got = entriesWithPointers((d) => {
      d.paths['/things'].get.parameters.push({name: 'q', in: 'query', schema: {type: 'string'}});
      d.components.schemas.Thing.properties.label.deprecated = true;
    });
    assert.deepEqual(
      got.filter((e) => e.startsWith('get /things ')),
      [
        'get /things [non-breaking] `[].label` in the `200` response is deprecated. #/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/label/deprecated',
        'get /things [non-breaking] New optional query parameter `q`. #/paths/~1things/get/parameters/2',
      ],
    );
  });
});

describe('changes outside operations', () => {
  test('a security scheme changed, API contact added, a top-level key without a sentence of its own', () => {
    assert.deepEqual(
      entriesWithPointers(
        (d) => (d.components.securitySchemes.k.name = 'K2'),
        (d) => (d.components.securitySchemes = {k: {type: 'apiKey', in: 'header', name: 'K'}}),
      ),
      ['general [breaking] Security scheme `k` updated. #/components/securitySchemes/k/name'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.info.contact = {name: 'x'})),
      ['general [documentation] API contact added. #/info/contact'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.externalDocs = {url: 'https://x.test'})),
      ['general [documentation] externalDocs added. #/externalDocs'],
    );
    assert.deepEqual(
      entriesWithPointers(
        (d) => (d.externalDocs.url = 'https://b.test'),
        (d) => (d.externalDocs = {url: 'https://a.test'}),
      ),
      ['general [non-breaking] externalDocs.url updated. #/externalDocs/url'],
    );
    assert.deepEqual(
      entriesWithPointers((d) => (d.components.securitySchemes = {})),
      ['general [breaking] Security schemes added. #/components/securitySchemes'],
      'an empty map names none',
    );
    assert.deepEqual(
      entriesWithPointers(
        (d) => delete d.components.securitySchemes,
        (d) => (d.components.securitySchemes = {k: {type: 'apiKey', in: 'header', name: 'K'}, j: {type: 'http', scheme: 'basic'}}),
      ),
      ['general [non-breaking] Security schemes `k`, `j` removed. #/components/securitySchemes'],
    );
  });
});

describe('the release', () => {
  test('previous version, release date and anchor', () => {
    const dated = baseDocument('1.1.0');
    dated.info['x-release-date'] = '2026-02-01';
    const r = diffDocuments(baseDocument(), dated, '1.1.0', '1.0.0');
    assert.equal(r.version, '1.1.0');
    assert.equal(r.previous, '1.0.0');
    assert.equal(r.date, '2026-02-01');
    assert.equal(r.anchor, 'v1-1-0');
    assert.deepEqual(r.counts, {breaking: 0, 'non-breaking': 0, documentation: 0, deprecations: 0}, 'the date is no change');
    const first = diffDocuments(baseDocument(), baseDocument('1.0.0'), '1.0.0', undefined, {anchor: 'first'});
    assert.ok(!('previous' in first), 'no previous release, no field');
    assert.ok(!('date' in first), 'no date, no field');
    assert.equal(first.anchor, 'first');
    const numeric = baseDocument('1.1.0');
    numeric.info['x-release-date'] = 20260201;
    assert.ok(!('date' in diffDocuments(baseDocument(), numeric, '1.1.0')), 'a date that is not text is left out');
  });

  test('releaseAnchor: "v" and the version with each run of other characters as one "-"', () => {
    assert.equal(releaseAnchor('2.0.0'), 'v2-0-0');
    assert.equal(releaseAnchor('1.0.0-beta.1+build..7'), 'v1-0-0-beta-1-build-7');
    assert.equal(releaseAnchor('3.0.0-RC2'), 'v3-0-0-RC2', 'letters of either case and digits stay');
  });
});

describe('OpenAPI 3.2: QUERY and additionalOperations operations in the changelog', () => {
  const op = (id: string, extra: Record<string, unknown> = {}) => ({
    operationId: id,
    summary: `Op ${id}`,
    responses: {'200': {description: 'OK', content: {'application/json': {schema: {type: 'object', properties: {a: {type: 'string'}}}}}}},
    ...extra,
  });
  const doc = (version: string, paths: Record<string, unknown>) =>
    ({openapi: '3.2.0', info: {title: 'T', version}, paths}) as unknown as Parameters<typeof diffDocuments>[0];
  const before = () =>
    doc('1.0.0', {
      '/m': {get: op('getM'), additionalOperations: {COPY: op('copyM'), LINK: op('linkM')}},
      '/q': {query: op('searchQ')},
    });
  const after = () =>
    doc('1.1.0', {
      '/m': {
        get: op('getM'),
        additionalOperations: {PURGE: op('purgeM'), LINK: op('linkM', {deprecated: true})},
      },
      '/q': {},
      '/n': {additionalOperations: {PURGE: op('purgeN')}},
    });

  test('an added or removed custom or QUERY operation is labelled like any other, with its method and real pointer', () => {
    const release = diffDocuments(before(), after(), '1.1.0', '1.0.0', {pages: new Map([['PURGE /m', '/docs/api/purge-m']])});
    assert.deepEqual(
      release.operations.map((o) => [
        o.method,
        o.path,
        o.status,
        o.title,
        o.href,
        o.changes.map((c) => `${c.kind} ${c.pointer} ${c.text}`),
      ]),
      [
        ['COPY', '/m', 'removed', 'Op copyM', undefined, ['breaking #/paths/~1m/additionalOperations/COPY Operation removed.']],
        ['query', '/q', 'removed', 'Op searchQ', undefined, ['breaking #/paths/~1q/query Operation removed.']],
        ['PURGE', '/m', 'added', 'Op purgeM', '/docs/api/purge-m', ['non-breaking #/paths/~1m/additionalOperations/PURGE New operation.']],
        [
          'LINK',
          '/m',
          'changed',
          'Op linkM',
          undefined,
          ['non-breaking #/paths/~1m/additionalOperations/LINK/deprecated Operation deprecated.'],
        ],
        ['PURGE', '/n', 'added', 'Op purgeN', undefined, ['non-breaking #/paths/~1n/additionalOperations/PURGE New operation.']],
      ],
    );
    assert.deepEqual(release.general, [], 'nothing is reported as a change of the GET beside them');
  });
});
