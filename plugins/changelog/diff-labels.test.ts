/**
 * The labels a reader sees in the changelog ("Changed in v1.1.0"): which parameter, field, header
 * or server a change is about, the order of the entries and operations, the release's counts and
 * the operation groups, end to end through api-smart-diff on edits of ./fixtures.ts.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {diffDocuments} from './diff';
import {editedPair} from './fixtures';
import type {OpenApiDocument} from '../../openapi/model/document';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** An edit of the fixture: the tests reach deep into it (and write what no valid document holds), so it is typed loosely here. */
type Edit = (d: any) => void;

/** The release from the fixture (1.0.0) to the fixture with `edit` (1.1.0), `before` applied to both. */
const release = (edit: Edit, before?: Edit) => diffDocuments(...editedPair(edit, before), '1.1.0', '1.0.0');

/** Every entry: "<method> <path> [<kind>] <text>", operations first, then the general ones. */
function entries(edit: Edit, before?: Edit): string[] {
  const r = release(edit, before);
  return [
    ...r.operations.flatMap((o) =>
      o.changes.map((c) => `${o.method} ${o.path} [${c.kind}${c.deprecation ? ', deprecation' : ''}] ${c.text}`),
    ),
    ...r.general.map((c) => `general [${c.kind}] ${c.text}`),
  ];
}

const listParams = (d: any) => d.paths['/things'].get.parameters;

describe('which parameter a change is about (api-smart-diff numbers parameters as the older list does)', () => {
  test('a parameter renamed: the old name removed, the new one added', () => {
    assert.deepEqual(
      entries((d) => (listParams(d)[1].name = 'max')),
      ['get /things [breaking] Removed query parameter `limit`.', 'get /things [non-breaking] New optional query parameter `max`.'],
    );
  });

  test('parameters reordered: a change inside one names that one', () => {
    assert.deepEqual(
      entries((d) => {
        listParams(d).reverse();
        listParams(d)[0].schema.type = 'string';
      }),
      ['get /things [breaking] Type of query parameter `limit` changed from `integer` to `string`.'],
    );
  });

  test('the first parameter removed and the second made required: each named as it is', () => {
    assert.deepEqual(
      entries((d) => {
        listParams(d).splice(0, 1);
        listParams(d)[0].required = true;
      }),
      ['get /things [breaking] Removed query parameter `status`.', 'get /things [breaking] Query parameter `limit` is now required.'],
    );
  });

  test('the first parameter removed and the second deprecated', () => {
    assert.deepEqual(
      entries((d) => {
        listParams(d).splice(0, 1);
        listParams(d)[0].deprecated = true;
      }),
      [
        'get /things [breaking] Removed query parameter `status`.',
        'get /things [non-breaking, deprecation] Query parameter `limit` is deprecated.',
      ],
    );
  });

  test('a new required parameter next to a removed one', () => {
    assert.deepEqual(
      entries((d) => {
        listParams(d).splice(0, 1);
        listParams(d).push({name: 'owner', in: 'query', required: true, schema: {type: 'string'}});
      }),
      ['get /things [breaking] Removed query parameter `status`.', 'get /things [breaking] New required query parameter `owner`.'],
    );
  });

  const withIds: Edit = (d) =>
    listParams(d).push({name: 'ids', in: 'query', schema: {type: 'array', items: {type: 'string', enum: ['a', 'b']}}});
  const withFilter: Edit = (d) =>
    listParams(d).push({
      name: 'filter',
      in: 'query',
      style: 'deepObject',
      schema: {type: 'object', required: ['a'], properties: {a: {type: 'string'}}},
    });

  test('a parameter whose $ref leads nowhere is "a parameter"', () => {
    assert.deepEqual(
      entries(
        (d) => listParams(d).pop(),
        (d) => listParams(d).push({$ref: '#/components/parameters/Missing'}),
      ),
      ['get /things [breaking] Removed a parameter.'],
    );
  });

  test("an operation's first (empty) parameter list and first responses are named as keys", () => {
    assert.deepEqual(
      entries((d) => (d.paths['/things'].post.parameters = [])),
      ['post /things [non-breaking] `parameters` added.'],
    );
    assert.deepEqual(
      entries(
        (d) => (d.paths['/things'].post.responses = {'201': {description: 'Created.'}}),
        (d) => delete d.paths['/things'].post.responses,
      ),
      ['post /things [non-breaking] `responses` added.'],
    );
  });

  test('a parameter list replaced by something that is no list is named, not read as parameters', () => {
    assert.deepEqual(
      entries((d) => (d.paths['/things'].get.parameters = {})),
      ['get /things [breaking] `parameters` updated.'],
    );
  });

  test('the items of an array parameter are its field `[]`', () => {
    assert.deepEqual(
      entries((d) => listParams(d)[2].schema.items.enum.push('c'), withIds),
      ['get /things [non-breaking] `[]` in query parameter `ids` accepts the new value `c`.'],
    );
    assert.deepEqual(
      entries((d) => (listParams(d)[2].schema.items.type = 'integer'), withIds),
      ['get /things [breaking] Type of `[]` in query parameter `ids` changed from `string` to `integer`.'],
    );
  });

  test('a field of an object parameter is a field, not a new parameter', () => {
    assert.deepEqual(
      entries((d) => (listParams(d)[2].schema.properties.b = {type: 'string'}), withFilter),
      ['get /things [non-breaking] New field `b` in query parameter `filter`.'],
    );
    assert.deepEqual(
      entries((d) => delete listParams(d)[2].schema.properties.a, withFilter),
      ['get /things [non-breaking] Field `a` removed from query parameter `filter`.'],
    );
  });

  test('a deprecated field added to an object parameter after an earlier parameter was removed', () => {
    assert.deepEqual(
      entries((d) => {
        listParams(d).splice(0, 1);
        listParams(d)[1].schema.properties.b = {type: 'string', deprecated: true};
      }, withFilter),
      [
        'get /things [breaking] Removed query parameter `status`.',
        'get /things [non-breaking] New field `b` in query parameter `filter` (deprecated).',
      ],
    );
  });

  test('a new required field of an object parameter is one breaking change', () => {
    assert.deepEqual(
      entries((d) => {
        listParams(d)[2].schema.properties.b = {type: 'string'};
        listParams(d)[2].schema.required.push('b');
      }, withFilter),
      ['get /things [breaking] New required field `b` in query parameter `filter`.'],
    );
  });

  test('a value that is no text is quoted as JSON', () => {
    assert.deepEqual(
      entries((d) => (listParams(d)[2].schema.default = {a: 'x'}), withFilter),
      ['get /things [non-breaking] Default of query parameter `filter` changed from none to `{"a":"x"}`.'],
    );
    assert.deepEqual(
      entries((d) => (listParams(d)[2].schema.default = ['a']), withIds),
      ['get /things [non-breaking] Default of query parameter `ids` changed from none to `["a"]`.'],
    );
  });
});

describe('responses: headers, media types, examples', () => {
  const ok = (d: any) => d.paths['/things'].get.responses['200'];
  const withHeaders: Edit = (d) =>
    (ok(d).headers = {'X-Total': {schema: {type: 'integer'}}, 'X-Ids': {schema: {type: 'array', items: {type: 'integer'}}}});

  test('a header added to the headers of a response', () => {
    assert.deepEqual(
      entries((d) => (ok(d).headers['X-Rate'] = {schema: {type: 'integer'}}), withHeaders),
      ['get /things [non-breaking] Added header `X-Rate` of the `200` response.'],
    );
  });

  test('the items of an array header are its field `[]`', () => {
    assert.deepEqual(
      entries((d) => (ok(d).headers['X-Ids'].schema.items.type = 'string'), withHeaders),
      ['get /things [breaking] Type of `[]` in header `X-Ids` of the `200` response changed from `integer` to `string`.'],
    );
  });

  test('a media type added to a response; an example of its content', () => {
    assert.deepEqual(
      entries((d) => (ok(d).content['application/xml'] = {schema: {type: 'string'}})),
      ['get /things [non-breaking] The `200` response changed (application/xml).'],
    );
    assert.deepEqual(
      entries((d) => (ok(d).content['application/json'].example = [{id: 1}])),
      ['get /things [documentation] Example of the `200` response added.'],
    );
  });
});

describe('schemas: compositions, items', () => {
  const body = (d: any) => d.components.schemas.ThingCreate;

  test('an allOf of inline schemas is merged: a field of a branch is a field of the schema; a branch that cannot merge changes the whole', () => {
    const allOf: Edit = (d) =>
      (d.components.schemas.ThingCreate = {
        allOf: [
          {type: 'object', properties: {name: {type: 'string'}}},
          {type: 'object', properties: {extra: {type: 'string'}}},
        ],
      });
    assert.deepEqual(
      entries((d) => (body(d).allOf[1].properties.more = {type: 'string'}), allOf),
      ['post /things [non-breaking] New field `more` in the request body.'],
    );
    assert.deepEqual(
      entries((d) => body(d).allOf.push({$ref: '#/components/schemas/Kind'}), allOf),
      [
        'post /things [non-breaking] Type of the request body changed from `object` to none.',
        'post /things [non-breaking] The request body changed (properties).',
        'post /things [non-breaking] The request body changed (allOf).',
      ],
    );
  });

  test('the values of a map at the top of the body are its field `*`', () => {
    assert.deepEqual(
      entries(
        (d) => (body(d).additionalProperties.type = 'integer'),
        (d) => (d.components.schemas.ThingCreate = {type: 'object', additionalProperties: {type: 'string'}}),
      ),
      ['post /things [breaking] Type of `*` in the request body changed from `string` to `integer`.'],
    );
  });

  test('a field in an allOf with a $ref (a list page) is named without the branch', () => {
    const page: Edit = (d) => {
      d.components.schemas.PageMeta = {type: 'object', properties: {has_more: {type: 'boolean'}}};
      d.components.schemas.ThingPage = {
        description: 'One page of things.',
        allOf: [
          {$ref: '#/components/schemas/PageMeta'},
          {type: 'object', properties: {items: {type: 'array', items: {$ref: '#/components/schemas/Thing'}}}},
        ],
      };
      d.paths['/things'].get.responses['200'].content['application/json'].schema = {$ref: '#/components/schemas/ThingPage'};
    };
    assert.deepEqual(
      entries((d) => (d.components.schemas.Thing.properties.label.deprecated = true), page),
      [
        'get /things [non-breaking, deprecation] `items[].label` in the `200` response is deprecated.',
        'post /things [non-breaking, deprecation] `label` in the `201` response is deprecated.',
        'get /things/{thing_id} [non-breaking, deprecation] `label` in the `200` response is deprecated.',
      ],
    );
  });

  test('array items replaced by something else', () => {
    assert.deepEqual(
      entries(
        (d) => (body(d).properties.tags.items = true),
        (d) => (body(d).properties.tags = {type: 'array', items: {type: 'string'}}),
      ),
      ['post /things [non-breaking] Changed `tags[]` in the request body.'],
    );
  });

  test('a new required field that is deprecated says both', () => {
    assert.deepEqual(
      entries((d) => {
        body(d).properties.color = {type: 'string', deprecated: true};
        body(d).required.push('color');
      }),
      ['post /things [breaking] New required field `color` in the request body (deprecated).'],
    );
  });

  test("a field's enum schema ($ref) replaced by a plain string: any value accepted now, one change", () => {
    assert.deepEqual(
      entries(
        (d) => (body(d).properties.kind = {type: 'string'}),
        (d) => (body(d).properties.kind = {$ref: '#/components/schemas/Kind'}),
      ),
      [
        'post /things [non-breaking] `kind` in the request body is no longer limited to a list of values.',
        'post /things [documentation] Description of `kind` in the request body removed.',
      ],
    );
  });

  test('a field named `enum` is a field, not a list of values', () => {
    assert.deepEqual(
      entries(
        (d) => delete body(d).properties.enum.type,
        (d) => (body(d).properties.enum = {type: 'string'}),
      ),
      ['post /things [non-breaking] Type of `enum` in the request body changed from `string` to none.'],
    );
  });

  test('the same change under two media types of one request body reads once', () => {
    const twoTypes: Edit = (d) =>
      (d.paths['/things'].post.requestBody.content['application/x-www-form-urlencoded'] = {
        schema: {$ref: '#/components/schemas/ThingCreate'},
      });
    const r = release((d) => (body(d).properties.color = {type: 'string'}), twoTypes);
    assert.deepEqual(
      r.operations.map((o) => o.changes.map((c) => c.text)),
      [['New field `color` in the request body.']],
    );
    assert.equal(r.counts['non-breaking'], 1);
  });
});

describe('a change inside an example or a default value is a change of that keyword', () => {
  test("inside a parameter's example and a response's named example: documentation", () => {
    assert.deepEqual(
      entries(
        (d) => (listParams(d)[1].example.n = 2),
        (d) => (listParams(d)[1].example = {n: 1}),
      ),
      ['get /things [documentation] Example of query parameter `limit` updated.'],
    );
    const media = (d: any) => d.paths['/things'].get.responses['200'].content['application/json'];
    assert.deepEqual(
      entries(
        (d) => (media(d).examples.one.value = [2]),
        (d) => (media(d).examples = {one: {value: [1]}}),
      ),
      ['get /things [documentation] Example of the `200` response updated.'],
    );
  });

  test("inside a schema's example and a field's default", () => {
    const body = (d: any) => d.components.schemas.ThingCreate;
    assert.deepEqual(
      entries(
        (d) => (body(d).example.name.first = 'B'),
        (d) => (body(d).example = {name: {first: 'A'}}),
      ),
      ['post /things [documentation] Example of the request body updated.'],
    );
    assert.deepEqual(
      entries(
        (d) => (body(d).properties.meta.default.a = 2),
        (d) => (body(d).properties.meta = {type: 'object', default: {a: 1}}),
      ),
      ['post /things [non-breaking] Default of `meta` in the request body updated.'],
    );
  });

  test('a field named `example` and the `default` response are no example or default values', () => {
    const body = (d: any) => d.components.schemas.ThingCreate;
    assert.deepEqual(
      entries(
        (d) => (body(d).properties.example.type = 'integer'),
        (d) => (body(d).properties.example = {type: 'string'}),
      ),
      ['post /things [breaking] Type of `example` in the request body changed from `string` to `integer`.'],
    );
    const withDefault: Edit = (d) =>
      (d.paths['/things/{thing_id}'].delete.responses.default = {
        description: 'Error.',
        content: {'application/json': {schema: {type: 'object', properties: {code: {type: 'string', enum: ['a']}}}}},
      });
    assert.deepEqual(
      entries(
        (d) => d.paths['/things/{thing_id}'].delete.responses.default.content['application/json'].schema.properties.code.enum.push('b'),
        withDefault,
      ),
      ['delete /things/{thing_id} [non-breaking] `code` in the `default` response may now be `b`.'],
    );
  });
});

describe('servers', () => {
  test("a server's description is no new server and no URL change", () => {
    assert.deepEqual(
      entries((d) => (d.servers[0].description = 'Production')),
      ['general [documentation] Servers updated.'],
    );
  });

  test("an operation's server description or variable is no description of the operation", () => {
    const withServer: Edit = (d) =>
      (d.paths['/things'].get.servers = [{url: 'https://{region}.example.test', variables: {region: {default: 'eu', enum: ['eu', 'us']}}}]);
    assert.deepEqual(
      entries((d) => (d.paths['/things'].get.servers[0].description = 'Regional'), withServer),
      ['get /things [documentation] Servers changed.'],
    );
    assert.deepEqual(
      entries((d) => (d.paths['/things'].get.servers[0].variables.region.default = 'us'), withServer),
      ['get /things [documentation] Servers changed.'],
    );
  });
});

describe('replacements of deprecated things', () => {
  test('a replacement no longer named reads so (not "Replacement named")', () => {
    const deprecated: Edit = (d) => {
      d.paths['/things'].get.deprecated = true;
      d.paths['/things'].get['x-deprecated-by'] = 'createThing';
      d.components.schemas.ThingCreate.properties.label.deprecated = true;
      d.components.schemas.ThingCreate.properties.label['x-deprecated-by'] = 'name';
    };
    assert.deepEqual(
      entries((d) => {
        delete d.paths['/things'].get['x-deprecated-by'];
        delete d.components.schemas.ThingCreate.properties.label['x-deprecated-by'];
      }, deprecated),
      [
        'get /things [documentation] No replacement named any more (was “Create thing”).',
        'post /things [documentation] `label` in the request body: no replacement named any more (was `name`).',
      ],
    );
  });

  test('an empty or non-text replacement names nothing', () => {
    assert.deepEqual(
      entries((d) => Object.assign(d.paths['/things'].get, {deprecated: true, 'x-deprecated-by': ''})),
      ['get /things [non-breaking, deprecation] Operation deprecated.'],
    );
    assert.deepEqual(
      entries((d) => Object.assign(d.paths['/things'].get, {deprecated: true, 'x-deprecated-by': 7})),
      ['get /things [non-breaking, deprecation] Operation deprecated.'],
    );
  });

  test("a replacement is named by the newer document's title", () => {
    assert.deepEqual(
      entries((d) => {
        Object.assign(d.paths['/things'].get, {deprecated: true, 'x-deprecated-by': 'createThing'});
        d.paths['/things'].post.summary = 'Add a thing';
      }),
      [
        'get /things [non-breaking, deprecation] Operation deprecated: use “Add a thing” instead.',
        'post /things [documentation] Title changed from `Create thing` to `Add a thing`.',
      ],
    );
    const r = release((d) => (d.paths['/things'].post.summary = 'Add a thing'));
    assert.deepEqual(
      r.operations.map((o) => o.title),
      ['Add a thing'],
      "the group's title is the newer one too",
    );
  });
});

describe('other keys of an operation, and changes outside operations', () => {
  test('an operation key without a sentence of its own is named (not the library\'s "annotation (…)")', () => {
    assert.deepEqual(
      entries((d) => (d.paths['/things'].get.externalDocs = {url: 'https://docs.test'})),
      ['get /things [documentation] `externalDocs` added.'],
    );
    assert.deepEqual(
      entries((d) => (d.paths['/things'].get.callbacks = {done: {}})),
      ['get /things [documentation] `callbacks` added.'],
    );
  });

  test("a callback is named; what changes inside it is not the operation's own", () => {
    const cbOp = (d: any) => d.paths['/things'].post.callbacks.done['{$request.body#/url}'].post;
    const withCallback: Edit = (d) =>
      (d.paths['/things'].post.callbacks = {
        done: {
          '{$request.body#/url}': {
            post: {
              summary: 'Done',
              requestBody: {content: {'application/json': {schema: {type: 'object', properties: {state: {type: 'string', enum: ['ok']}}}}}},
              responses: {'200': {description: 'ok'}},
            },
          },
        },
      });
    assert.deepEqual(
      entries((d) => (cbOp(d).summary = 'Finished'), withCallback),
      ['post /things [documentation] Callback `done` changed.'],
    );
    assert.deepEqual(
      entries((d) => cbOp(d).requestBody.content['application/json'].schema.properties.state.enum.push('failed'), withCallback),
      ['post /things [non-breaking] Callback `done` changed.'],
    );
    assert.deepEqual(
      entries(
        (d) => delete d.paths['/things'].post.callbacks.done,
        (d) => (withCallback(d), (d.paths['/things'].post.callbacks.other = {})),
      ),
      ['post /things [non-breaking] Callback `done` removed.'],
    );
  });

  test('a webhook (OpenAPI 3.1) is not one of the operations under `paths`', () => {
    const hook: Edit = (d) =>
      (d.webhooks = {thingCreated: {post: {operationId: 'thingCreated', tags: ['A'], responses: {'200': {description: 'ok'}}}}});
    const r = release((d) => (d.webhooks.thingCreated.post.tags[0] = 'B'), hook);
    assert.deepEqual(r.operations, []);
    // Its `tags` are no category descriptions (those are the top-level `tags`): the library's type is kept.
    assert.deepEqual(
      r.general.map((c) => [c.kind, c.pointer]),
      [['non-breaking', '#/webhooks/thingCreated/post/tags/0']],
    );
  });

  test("only info's own `version` is the release itself, not a `version` elsewhere", () => {
    const r = release(
      (d) => (d['x-meta'].version = 2),
      (d) => (d['x-meta'] = {version: 1}),
    );
    assert.deepEqual(
      r.general.map((c) => c.pointer),
      ['#/x-meta/version'],
    );
  });
});

describe('order, counts and the operation groups', () => {
  const mixed: Edit = (d) => {
    const get = d.paths['/things'].get;
    get.description = 'Returns things, newest first.';
    get.parameters.push({name: 'q', in: 'query', schema: {type: 'string'}});
    get.parameters.push({name: 'owner', in: 'query', required: true, schema: {type: 'string'}});
    get.parameters[1].deprecated = true;
  };

  test('within an operation: breaking, then deprecations, then other non-breaking changes, then documentation', () => {
    assert.deepEqual(entries(mixed), [
      'get /things [breaking] New required query parameter `owner`.',
      'get /things [non-breaking, deprecation] Query parameter `limit` is deprecated.',
      'get /things [non-breaking] New optional query parameter `q`.',
      'get /things [documentation] Description updated.',
    ]);
  });

  test('the counts of a release with every kind', () => {
    const r = release((d) => {
      mixed(d);
      d.info.title = 'Stuff API';
    });
    assert.deepEqual(r.counts, {breaking: 1, 'non-breaking': 2, documentation: 2, deprecations: 1});
  });

  test('operations with a breaking change first (also with other changes), then in document order', () => {
    const r = release((d) => {
      d.paths['/things'].get.description = 'x';
      d.paths['/things'].post.description = 'y';
      const del = d.paths['/things/{thing_id}'].delete;
      del.description = 'z';
      del.parameters.push({name: 'X-Confirm', in: 'header', required: true, schema: {type: 'string'}});
    });
    assert.deepEqual(
      r.operations.map((o) => `${o.method} ${o.path}`),
      ['delete /things/{thing_id}', 'get /things', 'post /things'],
    );
  });

  test('a breaking operation first also when the library reports it first and the newer document lists it last', () => {
    const r = release((d) => {
      const list = d.paths['/things'];
      delete d.paths['/things'];
      d.paths['/things'] = list;
      list.get.description = 'x';
      list.get.parameters.push({name: 'owner', in: 'query', required: true, schema: {type: 'string'}});
      d.paths['/things/{thing_id}'].get.description = 'y';
    });
    assert.deepEqual(
      r.operations.map((o) => `${o.method} ${o.path}`),
      ['get /things', 'get /things/{thing_id}'],
    );
  });

  test('an operation replaced by something else is "changed", not added', () => {
    const r = release((d) => (d.paths['/things/{thing_id}'].delete = 'x'));
    assert.deepEqual(
      r.operations.map((o) => [o.method, o.status, o.changes.map((c) => c.text)]),
      [['delete', 'changed', ['Operation replaced.']]],
    );
  });

  test('a group: method, path, title, status, its changes with pointer and library type (no link without pages)', () => {
    const r = release((d) => listParams(d).push({name: 'q', in: 'query', schema: {type: 'string'}}));
    assert.deepEqual(r.operations, [
      {
        method: 'get',
        path: '/things',
        title: 'List things',
        status: 'changed',
        changes: [
          {
            kind: 'non-breaking',
            text: 'New optional query parameter `q`.',
            pointer: '#/paths/~1things/get/parameters/2',
            library: 'non-breaking',
          },
        ],
      },
    ]);
  });

  test('a removed operation is titled from the older document, status "removed"', () => {
    const r = release((d) => delete d.paths['/things/{thing_id}'].delete);
    assert.deepEqual(
      r.operations.map((o) => [o.method, o.title, o.status]),
      [['delete', 'Delete thing', 'removed']],
    );
  });

  test('documents without `info` (no release date, nothing to report)', () => {
    const bare = () => ({openapi: '3.0.3', paths: {}}) as unknown as OpenApiDocument;
    const r = diffDocuments(bare(), bare(), '1.0.1');
    assert.deepEqual([r.operations, r.general, 'date' in r], [[], [], false]);
  });

  test('titles: the summary, else the operationId, else the method and path', () => {
    const r = release((d) => {
      delete d.paths['/things'].get.summary;
      d.paths['/things'].get.description = 'x';
      delete d.paths['/things'].post.summary;
      delete d.paths['/things'].post.operationId;
      d.paths['/things'].post.description = 'y';
    });
    assert.deepEqual(
      r.operations.map((o) => [o.method, o.title, o.status]),
      [
        ['get', 'listThings', 'changed'],
        ['post', 'POST /things', 'changed'],
      ],
    );
  });
});
