import {test} from 'node:test';
import assert from 'node:assert/strict';
import {escapeToken, fragmentToken, localRefTokens, pointerOf, unescapeToken} from './pointer';
import {followRefs, followRefsStrict, nodeAt, RefError, refOf, refTarget, resolveRef} from './refs';
import {
  additionalMethodProblem,
  HTTP_METHODS,
  isHttpMethod,
  isMethodToken,
  methodLabel,
  operationAt,
  operationKeys,
  pathItemOperations,
} from './methods';

test('tokens: "~" and "/" escaped, and read back in the order RFC 6901 gives', () => {
  assert.equal(escapeToken('/a~b/{id}'), '~1a~0b~1{id}');
  assert.equal(escapeToken(3), '3');
  assert.equal(unescapeToken('~1a~0b~1{id}'), '/a~b/{id}');
  assert.equal(unescapeToken('~01'), '~1', '"~01" is "~" then "1", not "/"');
  for (const key of ['', '~', '/', '~1', '~0', 'a/b~c', '%7B']) assert.equal(unescapeToken(escapeToken(key)), key, JSON.stringify(key));
});

test('fragment tokens: percent-decoded, then unescaped; bad percent-encoding read as written', () => {
  assert.equal(fragmentToken('~1a~1%7Bid%7D'), '/a/{id}');
  assert.equal(fragmentToken('%7E1'), '/', '"%7E1" decodes to "~1", which names "/"');
  assert.equal(fragmentToken('100%'), '100%');
  assert.equal(fragmentToken('%zz~1'), '%zz/');
  assert.equal(fragmentToken('plain'), 'plain');
});

test('local references: their keys; the root; not local', () => {
  assert.deepEqual(localRefTokens('#/paths/~1a~1%7Bid%7D/get'), ['paths', '/a/{id}', 'get']);
  assert.deepEqual(localRefTokens('#/components/schemas/'), ['components', 'schemas', ''], 'an empty key is a key');
  assert.deepEqual(localRefTokens('#'), []);
  for (const ref of ['other.yaml#/a', 'https://x.test/a', '/a', '', '#a']) assert.equal(localRefTokens(ref), undefined, ref);
});

test('pointerOf: the form a local $ref takes, and localRefTokens reads it back', () => {
  assert.equal(pointerOf(['paths', '/a/{id}', 'get']), '#/paths/~1a~1{id}/get');
  assert.equal(pointerOf([]), '#');
  assert.equal(pointerOf(['webhooks', 'a~b', 0]), '#/webhooks/a~0b/0');
  for (const keys of [['x'], ['a/b', '~', ''], ['%41']])
    assert.deepEqual(
      localRefTokens(pointerOf(keys)),
      keys.map((k) => (k === '%41' ? 'A' : k)),
    );
});

const doc = {
  components: {
    schemas: {
      A: {$ref: '#/components/schemas/B'},
      B: {type: 'string'},
      Loop1: {$ref: '#/components/schemas/Loop2'},
      Loop2: {$ref: '#/components/schemas/Loop1'},
      'a/b': {type: 'integer'},
    },
  },
  paths: {'/x': {get: {responses: {200: {$ref: '#/components/responses/Missing'}}}}},
  list: [{v: 1}],
};

test('nodeAt and refTarget: own properties and array items only', () => {
  assert.deepEqual(nodeAt(doc, ['list', '0', 'v']), 1);
  assert.deepEqual(refTarget(doc, '#/components/schemas/a~1b'), {type: 'integer'});
  assert.equal(refTarget(doc, '#/constructor'), undefined, 'no inherited property');
  assert.equal(refTarget(doc, '#/components/__proto__'), undefined);
  assert.equal(refTarget(doc, '#/list/length'), undefined, "an array's length is no item");
  assert.equal(refTarget(doc, '#/components/schemas/B/type/0'), undefined, 'nothing under a string');
  assert.equal(refTarget(doc, 'other.yaml#/x'), undefined);
  assert.equal(refTarget(doc, '#'), doc);
});

test('refOf: a string $ref of the node itself', () => {
  assert.equal(refOf({$ref: '#/a'}), '#/a');
  assert.equal(refOf({$ref: 3}), undefined);
  assert.equal(refOf(Object.create({$ref: '#/a'})), undefined, 'not inherited');
  assert.equal(refOf(null), undefined);
});

test('followRefs: chains followed; nowhere is undefined; a cycle stops where it closes; other documents kept', () => {
  assert.deepEqual(followRefs(doc, {$ref: '#/components/schemas/A'}), {type: 'string'});
  assert.equal(followRefs(doc, doc.paths['/x'].get.responses[200]), undefined);
  assert.deepEqual(
    followRefs(doc, {$ref: '#/components/schemas/Loop1'}),
    {$ref: '#/components/schemas/Loop1'},
    'Loop1 -> Loop2 -> Loop1: stops at Loop2, whose reference closes the cycle',
  );
  const external = {$ref: 'other.yaml#/x'};
  assert.equal(followRefs(doc, external), external);
  assert.equal(followRefs(doc, 'text'), 'text');
});

test('resolveRef and followRefsStrict: the strict resolver of our own document, one message per kind of broken reference', () => {
  assert.deepEqual(resolveRef(doc, '#/components/schemas/a~1b'), {type: 'integer'});
  assert.deepEqual(followRefsStrict(doc, {$ref: '#/components/schemas/A'}), {node: {type: 'string'}, ref: '#/components/schemas/B'});
  assert.deepEqual(followRefsStrict(doc, doc.list), {node: doc.list}, 'no reference: the node itself');
  const fails = (run: () => unknown, kind: RefError['kind'], ref: string, message: RegExp) =>
    assert.throws(run, (e: unknown) => {
      assert.ok(e instanceof RefError);
      assert.deepEqual([e.kind, e.ref], [kind, ref]);
      assert.match(e.message, message);
      return true;
    });
  fails(() => resolveRef(doc, 'other.yaml#/x'), 'not-local', 'other.yaml#/x', /^\$ref "other\.yaml#\/x" is not a local reference/);
  fails(() => resolveRef(doc, '#'), 'not-local', '#', /not a local reference/);
  fails(() => resolveRef(doc, '#/constructor'), 'unresolved', '#/constructor', /points to nothing in the document/);
  fails(
    () => followRefsStrict(doc, doc.paths['/x'].get.responses[200]),
    'unresolved',
    '#/components/responses/Missing',
    /points to nothing/,
  );
  fails(() => followRefsStrict(doc, {$ref: '#/components/schemas/Loop1'}), 'circular', '#/components/schemas/Loop1', /circular chain/);
});

test('methods: the nine fixed fields of a path item (3.2 adds query), in the specification order', () => {
  assert.deepEqual([...HTTP_METHODS], ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
  assert.ok(isHttpMethod('patch'));
  assert.ok(isHttpMethod('query'));
  for (const key of ['GET', 'parameters', 'summary', '$ref', 'servers', 'x-foo', 'additionalOperations', 'PURGE']) {
    assert.equal(isHttpMethod(key), false, key);
  }
});

test("methods: a path item's operations are its fixed fields and its additionalOperations, in document order", () => {
  const item = {
    parameters: [],
    get: {operationId: 'a'},
    additionalOperations: {
      PURGE: {operationId: 'b'},
      COPY: {operationId: 'c'},
      get: {operationId: 'no'},
      POST: {},
      'BAD METHOD': {},
      LINK: 'text',
    },
    query: {operationId: 'd'},
    post: null,
    'x-get': {},
  };
  assert.deepEqual(
    pathItemOperations(item).map((o) => [o.method, o.operation.operationId, o.keys]),
    [
      ['get', 'a', ['get']],
      ['PURGE', 'b', ['additionalOperations', 'PURGE']],
      ['COPY', 'c', ['additionalOperations', 'COPY']],
      ['query', 'd', ['query']],
    ],
  );
  assert.equal(operationAt(item, 'PURGE')?.operationId, 'b');
  assert.equal(operationAt(item, 'query')?.operationId, 'd');
  assert.equal(operationAt(item, 'purge'), undefined, 'additionalOperations keys are case-sensitive');
  assert.equal(operationAt(item, 'POST'), undefined, 'a fixed method under additionalOperations is not an operation');
  assert.equal(operationAt(item, 'post'), undefined);
  assert.equal(operationAt(item, 'LINK'), undefined);
  assert.equal(operationAt({additionalOperations: {}}, 'constructor'), undefined, 'own keys only');
  assert.equal(operationAt(null, 'get'), undefined);
  assert.deepEqual(pathItemOperations('text'), []);
  assert.deepEqual(operationKeys('query'), ['query']);
  assert.deepEqual(operationKeys('PURGE'), ['additionalOperations', 'PURGE']);
  assert.equal(methodLabel('purge'), 'PURGE');
  assert.match(additionalMethodProblem('Get')!, /fixed method.*`get` field/);
  assert.match(additionalMethodProblem('QUERY')!, /`query` field/);
  assert.match(additionalMethodProblem('NO PE')!, /not an HTTP method name/);
  assert.equal(additionalMethodProblem('M-SEARCH'), undefined);
  assert.ok(isMethodToken('PURGE') && !isMethodToken('') && !isMethodToken('A/B'));
});

test('routes: every reference page address, in the current version and an older one', async () => {
  const {apiPageRoute, categoryIndexSlug, categoryRoute, CURRENT_DOCS_BASE} = await import('./routes');
  assert.equal(CURRENT_DOCS_BASE, '/docs');
  assert.equal(apiPageRoute('get-customer'), '/docs/api/get-customer');
  assert.equal(apiPageRoute('get-customer', '/v1/docs'), '/v1/docs/api/get-customer');
  assert.equal(categoryRoute('bill-profiles'), '/docs/category/api/bill-profiles');
  assert.equal(categoryRoute('bill-profiles', '/v1/docs'), '/v1/docs/category/api/bill-profiles');
  assert.equal(categoryIndexSlug('bill-profiles'), '/category/api/bill-profiles', 'inside its docs instance');
});

test('sitePath: a link or location without the base URL or a trailing slash; undefined outside the site', async () => {
  const {sitePath} = await import('./routes');
  assert.equal(sitePath('/portal/docs/api/get-customer/', '/portal/'), '/docs/api/get-customer');
  assert.equal(sitePath('/portal/v1/docs', '/portal'), '/v1/docs');
  assert.equal(sitePath('/docs/api/x', '/'), '/docs/api/x');
  assert.equal(sitePath('/portal', '/portal/'), undefined, 'the base itself without its slash is not a page path');
  assert.equal(sitePath('/portalx/docs', '/portal/'), undefined, 'a longer first segment is outside the site');
  assert.equal(sitePath('https://example.com/docs', '/'), undefined);
});
