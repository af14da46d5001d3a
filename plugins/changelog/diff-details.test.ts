/**
 * The parts of the changelog's diff that diff.test.ts leaves open: JSON pointers (every change
 * links to one), values read through `$ref`s, schema paths (oneOf branches, nested properties),
 * whole operations and responses replaced, constraint keywords, and the release's own fields
 * (previous version, date, anchor). Each case is an edit of ./fixtures.ts, end to end through
 * api-smart-diff, with every entry a reader sees.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {diffDocuments, pointerOf, releaseAnchor, valueAt} from './diff';
import {baseDocument} from './fixtures';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Edit = (d: any) => void;
const nothing: Edit = () => {};

/** Every entry of the release from the edited fixture: "<op> [<kind>] <text> <pointer>". */
function entries(edit: Edit, before: Edit = nothing): string[] {
  const a = baseDocument();
  before(a);
  const b = baseDocument('1.1.0');
  before(b);
  edit(b);
  const r = diffDocuments(a, b, '1.1.0', '1.0.0');
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
      entries((d) => delete d.paths['/a~b'], (d) => (d.paths['/a~b'] = {get: {operationId: 'ab', responses: {'200': {description: 'x'}}}})),
      ['get /a~b [breaking] Operation removed. #/paths/~1a~0b/get'],
    );
  });

  test('valueAt follows $refs on the way and at the end; a step into a non-object gives undefined', () => {
    const doc = baseDocument();
    const schema = ['paths', '/things', 'post', 'requestBody', 'content', 'application/json', 'schema'];
    assert.equal(valueAt(doc, schema), doc.components.schemas.ThingCreate, 'the $ref at the end is followed');
    assert.equal(valueAt(doc, [...schema, 'properties', 'name']), doc.components.schemas.ThingCreate.properties.name, 'and on the way');
    assert.equal(valueAt(doc, ['paths', '/things', 'get', 'parameters', 0, 'schema', 'enum', 2]), 'archived');
    assert.equal(valueAt(doc, []), doc);
    assert.equal(valueAt(doc, ['info', 'title', 'length']), undefined, 'a string is no object');
    assert.equal(valueAt(doc, ['nowhere', 'x']), undefined);
    assert.equal(valueAt(doc, ['servers', 0, 'url']), 'https://api.example.test/v1');
  });
});

describe('schema paths and whole replacements', () => {
  test('a field in a oneOf branch is named without the branch', () => {
    const oneOf: Edit = (d) => (d.components.schemas.ThingCreate = {oneOf: [{type: 'object', properties: {name: {type: 'string'}}}, {type: 'object', properties: {extra: {type: 'string'}}}]});
    assert.deepEqual(entries((d) => (d.components.schemas.ThingCreate.oneOf[1].properties.more = {type: 'string'}), oneOf), [
      'post /things [non-breaking] New field `more` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/oneOf/1/properties/more',
    ]);
  });

  test('anyOf like oneOf; a branch added is a change of the body, not the body added; array items and map values', () => {
    const anyOf: Edit = (d) => (d.components.schemas.ThingCreate = {anyOf: [{type: 'object', properties: {name: {type: 'string'}}}, {type: 'object', properties: {extra: {type: 'string'}}}]});
    assert.deepEqual(entries((d) => (d.components.schemas.ThingCreate.anyOf[1].properties.more = {type: 'string'}), anyOf), [
      'post /things [non-breaking] New field `more` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/anyOf/1/properties/more',
    ]);
    assert.deepEqual(entries((d) => d.components.schemas.ThingCreate.oneOf.push({type: 'string'}), (d) => (d.components.schemas.ThingCreate = {oneOf: [{type: 'object', properties: {name: {type: 'string'}}}]})), [
      'post /things [non-breaking] The request body changed (oneOf). #/paths/~1things/post/requestBody/content/application~1json/schema/oneOf/1',
    ]);
    assert.deepEqual(entries((d) => (d.components.schemas.ThingCreate.properties.tags.items = {type: 'string'}), (d) => (d.components.schemas.ThingCreate.properties.tags = {type: 'array'})), [
      'post /things [non-breaking] Added `tags[]` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/tags/items',
    ]);
    assert.deepEqual(
      entries((d) => (d.components.schemas.ThingCreate.properties.meta.additionalProperties.type = 'integer'), (d) => (d.components.schemas.ThingCreate.properties.meta = {type: 'object', additionalProperties: {type: 'string'}})),
      ['post /things [breaking] Type of `meta.*` in the request body changed from `string` to `integer`. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/meta/additionalProperties/type'],
    );
  });

  test('a field inside a field is named with its parent', () => {
    assert.deepEqual(
      entries((d) => (d.components.schemas.ThingCreate.properties.label.properties = {a: {type: 'string'}}), (d) => (d.components.schemas.ThingCreate.properties.label = {type: 'object'})),
      ['post /things [non-breaking] New field `label.a` in the request body. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/label/properties/a'],
    );
  });

  test('an operation replaced by something else, a response replaced, the request body removed', () => {
    assert.deepEqual(entries((d) => (d.paths['/things/{thing_id}'].delete = 'x')), ['delete /things/{thing_id} [non-breaking] Operation replaced. #/paths/~1things~1{thing_id}/delete']);
    assert.deepEqual(entries((d) => (d.paths['/things/{thing_id}'].delete.responses['204'] = 'gone')), ['delete /things/{thing_id} [breaking] Changed response `204`. #/paths/~1things~1{thing_id}/delete/responses/204']);
    assert.deepEqual(entries((d) => delete d.paths['/things'].post.requestBody), ['post /things [breaking] Removed the request body. #/paths/~1things/post/requestBody']);
  });

  test('documentation of the request body and of a parameter', () => {
    assert.deepEqual(entries((d) => (d.paths['/things'].post.requestBody.description = 'x')), ['post /things [documentation] Description of the request body added. #/paths/~1things/post/requestBody/description']);
    assert.deepEqual(entries((d) => (d.paths['/things'].get.parameters[1].example = 3)), ['get /things [documentation] Example of query parameter `limit` added. #/paths/~1things/get/parameters/1/example']);
  });

  test('constraint keywords: before and after in one sentence', () => {
    assert.deepEqual(entries((d) => (d.components.schemas.ThingCreate.properties.name.nullable = true)), [
      'post /things [breaking] Nullable of `name` in the request body changed from none to `true`. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name/nullable',
    ]);
    assert.deepEqual(entries((d) => (d.paths['/things'].get.parameters[1].schema.minimum = 1)), ['get /things [breaking] Minimum of query parameter `limit` changed from none to `1`. #/paths/~1things/get/parameters/1/schema/minimum']);
    assert.deepEqual(entries((d) => (d.components.schemas.Thing.properties.id.readOnly = true)), [
      'get /things [non-breaking] ReadOnly of `[].id` in the `200` response changed from none to `true`. #/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/id/readOnly',
      'post /things [non-breaking] ReadOnly of `id` in the `201` response changed from none to `true`. #/paths/~1things/post/responses/201/content/application~1json/schema/properties/id/readOnly',
      'get /things/{thing_id} [non-breaking] ReadOnly of `id` in the `200` response changed from none to `true`. #/paths/~1things~1{thing_id}/get/responses/200/content/application~1json/schema/properties/id/readOnly',
    ]);
  });
});

describe('an enum removed altogether (api-smart-diff reports each of its values removed)', () => {
  test('from a request parameter: one non-breaking change, any value accepted now', () => {
    assert.deepEqual(entries((d) => (d.paths['/things'].get.parameters[1].schema = {type: 'integer'}), (d) => (d.paths['/things'].get.parameters[1].schema = {type: 'integer', enum: [10, 20]})), [
      'get /things [non-breaking] Query parameter `limit` is no longer limited to a list of values. #/paths/~1things/get/parameters/1/schema/enum',
    ]);
  });

  test('through a $ref, from a request body field and a response field', () => {
    assert.deepEqual(entries((d) => delete d.components.schemas.Kind.enum, (d) => (d.components.schemas.ThingCreate.properties.kind = {$ref: '#/components/schemas/Kind'})), [
      'get /things [non-breaking] `[].kind` in the `200` response is no longer limited to a list of values. #/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/kind/enum',
      'post /things [non-breaking] `kind` in the request body is no longer limited to a list of values. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/kind/enum',
      'post /things [non-breaking] `kind` in the `201` response is no longer limited to a list of values. #/paths/~1things/post/responses/201/content/application~1json/schema/properties/kind/enum',
      'get /things/{thing_id} [non-breaking] `kind` in the `200` response is no longer limited to a list of values. #/paths/~1things~1{thing_id}/get/responses/200/content/application~1json/schema/properties/kind/enum',
    ]);
  });

  test('a value removed from an enum that stays is still breaking in a request', () => {
    assert.deepEqual(entries((d) => d.paths['/things'].get.parameters[1].schema.enum.pop(), (d) => (d.paths['/things'].get.parameters[1].schema = {type: 'integer', enum: [10, 20]})), [
      'get /things [breaking] Query parameter `limit` no longer accepts `20`. #/paths/~1things/get/parameters/1/schema/enum/1',
    ]);
  });

  test('spec:check-breaking counts it as no breaking change', () => {
    const before = baseDocument();
    before.paths['/things'].get.parameters[1].schema = {type: 'integer', enum: [10, 20]};
    const r = diffDocuments(before, baseDocument('1.1.0'), '1.1.0', '1.0.0');
    assert.deepEqual(r.counts, {breaking: 0, 'non-breaking': 1, documentation: 0, deprecations: 0});
  });
});

describe('path-level keys reach each operation of the path', () => {
  test('an extension and servers set on the path are listed under each operation, never as a general entry', () => {
    assert.deepEqual(entries((d) => (d.paths['/things']['x-group'] = 'a')), [
      'get /things [documentation] Extension `x-group` added. #/paths/~1things/get/x-group',
      'post /things [documentation] Extension `x-group` added. #/paths/~1things/post/x-group',
    ]);
    assert.deepEqual(entries((d) => (d.paths['/things'].servers = [{url: 'https://x.test'}])), [
      'get /things [documentation] Servers changed. #/paths/~1things/get/servers',
      'post /things [documentation] Servers changed. #/paths/~1things/post/servers',
    ]);
  });

  test('a whole path added or removed: one entry per operation', () => {
    assert.deepEqual(entries((d) => (d.paths['/widgets'] = {get: {operationId: 'listWidgets', summary: 'List widgets', responses: {'200': {description: 'ok'}}}})), ['get /widgets [non-breaking] New operation. #/paths/~1widgets/get']);
    assert.deepEqual(entries((d) => delete d.paths['/things/{thing_id}']), [
      'get /things/{thing_id} [breaking] Operation removed. #/paths/~1things~1{thing_id}/get',
      'delete /things/{thing_id} [breaking] Operation removed. #/paths/~1things~1{thing_id}/delete',
    ]);
  });
});

describe('sentences of the less common keywords', () => {
  test('examples (plural) read as "Example"; an enum that is not a list; other constraint keywords; an extension inside a schema', () => {
    assert.deepEqual(entries((d) => (d.paths['/things'].get.parameters[1].examples = {a: {value: 1}})), ['get /things [documentation] Example of query parameter `limit` added. #/paths/~1things/get/parameters/1/examples']);
    assert.deepEqual(entries((d) => (d.paths['/things'].get.parameters[1].schema.enum = 'abc')), ['get /things [breaking] Query parameter `limit` is limited to a list of values. #/paths/~1things/get/parameters/1/schema/enum']);
    assert.deepEqual(entries((d) => (d.paths['/things'].get.parameters[1].schema.multipleOf = 5)), ['get /things [breaking] MultipleOf of query parameter `limit` changed from none to `5`. #/paths/~1things/get/parameters/1/schema/multipleOf']);
    assert.deepEqual(
      entries((d) => {
        d.paths['/things'].get.parameters[1].schema.exclusiveMinimum = true;
        d.components.schemas.ThingCreate.properties.name.writeOnly = true;
      }),
      [
        'get /things [breaking] ExclusiveMinimum of query parameter `limit` changed from none to `true`. #/paths/~1things/get/parameters/1/schema/exclusiveMinimum',
        'post /things [breaking] WriteOnly of `name` in the request body changed from none to `true`. #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name/writeOnly',
      ],
    );
    assert.deepEqual(entries((d) => (d.components.schemas.ThingCreate.properties.name['x-max'] = 3)), [
      'post /things [documentation] `name` in the request body changed (x-max). #/paths/~1things/post/requestBody/content/application~1json/schema/properties/name/x-max',
    ]);
  });
});

describe('order', () => {
  test('operations in the order of the newer document (not the library\'s)', () => {
    assert.deepEqual(
      entries((d) => {
        const list = d.paths['/things'];
        delete d.paths['/things'];
        d.paths['/things'] = list;
        d.paths['/things'].get.description = 'x';
        d.paths['/things/{thing_id}'].get.description = 'y';
      }),
      ['get /things/{thing_id} [documentation] Description updated. #/paths/~1things~1{thing_id}/get/description', 'get /things [documentation] Description updated. #/paths/~1things/get/description'],
    );
  });

  test('within an operation, deprecations before the other non-breaking changes', () => {
    const got = entries((d) => {
      d.paths['/things'].get.parameters.push({name: 'q', in: 'query', schema: {type: 'string'}});
      d.components.schemas.Thing.properties.label.deprecated = true;
    });
    assert.deepEqual(got.filter((e) => e.startsWith('get /things ')), [
      'get /things [non-breaking] `[].label` in the `200` response is deprecated. #/paths/~1things/get/responses/200/content/application~1json/schema/items/properties/label/deprecated',
      'get /things [non-breaking] New optional query parameter `q`. #/paths/~1things/get/parameters/2',
    ]);
  });
});

describe('changes outside operations', () => {
  test('a security scheme changed, API contact added, a top-level key without a sentence of its own', () => {
    assert.deepEqual(
      entries((d) => (d.components.securitySchemes.k.name = 'K2'), (d) => (d.components.securitySchemes = {k: {type: 'apiKey', in: 'header', name: 'K'}})),
      ['general [breaking] Security scheme `k` updated. #/components/securitySchemes/k/name'],
    );
    assert.deepEqual(entries((d) => (d.info.contact = {name: 'x'})), ['general [documentation] API contact added. #/info/contact']);
    assert.deepEqual(entries((d) => (d.externalDocs = {url: 'https://x.test'})), ['general [documentation] externalDocs added. #/externalDocs']);
    assert.deepEqual(entries((d) => (d.externalDocs.url = 'https://b.test'), (d) => (d.externalDocs = {url: 'https://a.test'})), ['general [non-breaking] externalDocs.url updated. #/externalDocs/url']);
    assert.deepEqual(entries((d) => (d.components.securitySchemes = {})), ['general [breaking] Security schemes added. #/components/securitySchemes'], 'an empty map names none');
    assert.deepEqual(
      entries((d) => delete d.components.securitySchemes, (d) => (d.components.securitySchemes = {k: {type: 'apiKey', in: 'header', name: 'K'}, j: {type: 'http', scheme: 'basic'}})),
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
  });
});
