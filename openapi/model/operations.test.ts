import assert from 'node:assert/strict';
import {describe, it, test} from 'node:test';
import {documentOverviewSlug, listOperations, operationSlug, overviewSlug, pageSlug, slugWords} from './operations';

describe('page slugs', () => {
  it('splits words as a reader does: upper-case runs, HTTP methods glued to a word, digits with their word', () => {
    const cases: [string, string][] = [
      ['Action_POSTsubscribe', 'action-post-subscribe'],
      ['createCoreV1NamespacedPod', 'create-core-v1-namespaced-pod'],
      ['readAppsV1beta1Deployment', 'read-apps-v1beta1-deployment'],
      ['getHTTPResponse', 'get-http-response'],
      ['HTTP2Server', 'http2-server'],
      ['GET_AssignIpv6Addresses', 'get-assign-ipv6-addresses'],
      ['base64Encode', 'base64-encode'],
      ['listIDs', 'list-ids'],
      ['getURLsFor', 'get-urls-for'],
      ['GET /v1/customers/{id}', 'get-v1-customers-id'],
      ['Über uns', 'uber-uns'],
      ["don't stop", 'dont-stop'],
      ['ABC', 'abc'],
      ['x-12345678', 'x-12345678'],
      ['', ''],
    ];
    for (const [text, slug] of cases) assert.equal(pageSlug(text), slug, text);
    assert.deepEqual(slugWords('getHTTPResponse'), ['get', 'HTTP', 'Response']);
  });

  it('gives every slug it makes back unchanged (a slug is a fixed point)', () => {
    for (const text of ['Action_POSTsubscribe', 'createCoreV1NamespacedPod', 'getHTTPResponse', 'Get a list of bill profiles']) {
      assert.equal(pageSlug(pageSlug(text)), pageSlug(text), text);
    }
  });

  it('kebab-cases summaries and camelCase operationIds to the same slug', () => {
    assert.equal(pageSlug('Get a list of bill profiles'), 'get-a-list-of-bill-profiles');
    assert.equal(pageSlug('getAListOfBillProfiles'), 'get-a-list-of-bill-profiles');
    assert.equal(pageSlug('getInvoicesForACustomer'), 'get-invoices-for-a-customer');
  });

  it('prefers the operationId and falls back to the summary', () => {
    assert.equal(operationSlug({operationId: 'listWidgets', summary: 'Something else'}), 'list-widgets');
    assert.equal(operationSlug({summary: 'Get single ticket'}), 'get-single-ticket');
    assert.equal(operationSlug({}), '');
  });

  it('derives the overview slug from info.title', () => {
    assert.equal(overviewSlug('Rev.io API'), 'rev-io-api');
  });
});

describe('listOperations', () => {
  it('lists operations in document order with method, path, tags and slug', () => {
    const ops = listOperations({
      paths: {
        '/a': {get: {summary: 'Get a', tags: ['A']}, post: {operationId: 'createA', summary: 'Create a'}, parameters: []},
        '/b': {delete: {summary: 'Delete b', tags: ['B', 7]}},
      },
    });
    assert.deepEqual(
      ops.map((o) => [o.method, o.path, o.slug, o.tags]),
      [
        ['get', '/a', 'get-a', ['A']],
        ['post', '/a', 'create-a', []],
        ['delete', '/b', 'delete-b', ['B']],
      ],
    );
  });
});

test('listOperations: OpenAPI 3.2 query and additionalOperations are operations, in document order, titled by their upper-cased method', () => {
  const ops = listOperations(
    {
      paths: {
        '/m/{id}': {
          get: {operationId: 'getM'},
          additionalOperations: {PURGE: {summary: 'Purge it', tags: ['M']}, COPY: {}, Get: {operationId: 'notAnOperation'}},
          query: {operationId: 'searchM'},
        },
      },
      webhooks: {ping: {additionalOperations: {NOTIFY: {summary: 'Ping'}}}},
    },
    {webhooks: true},
  );
  assert.deepEqual(
    ops.map((o) => [o.kind, o.method, o.path, o.title, o.slug]),
    [
      ['operation', 'get', '/m/{id}', 'getM', 'get-m'],
      ['operation', 'PURGE', '/m/{id}', 'Purge it', 'purge-it'],
      ['operation', 'COPY', '/m/{id}', 'COPY /m/{id}', undefined],
      ['operation', 'query', '/m/{id}', 'searchM', 'search-m'],
      ['webhook', 'NOTIFY', 'ping', 'Ping', 'ping'],
    ],
  );
});

test('listOperations reads a hostile document without throwing: only HTTP-method keys holding objects are operations; webhooks only when asked', () => {
  const doc = {
    paths: {
      '/a': {
        parameters: [{name: 'x'}],
        summary: 'path item text',
        get: {operationId: 7, summary: ['no'], tags: ['T', 3, null]},
        post: null,
        put: ['array'],
        patch: 'text',
        'x-custom': {operationId: 'notAnOperation'},
      },
      '/b': null,
      '/c': 'text',
      '/d': {delete: {}},
    },
    webhooks: {newThing: {post: {summary: 'New thing'}}},
  };
  const ops = listOperations(doc);
  assert.deepEqual(
    ops.map((o) => [o.kind, o.method, o.path, o.operationId, o.summary, o.title, o.tags, o.slug]),
    [
      ['operation', 'get', '/a', undefined, undefined, 'GET /a', ['T'], undefined],
      ['operation', 'delete', '/d', undefined, undefined, 'DELETE /d', [], undefined],
    ],
  );
  const withHooks = listOperations(doc, {webhooks: true});
  assert.deepEqual(
    withHooks.slice(2).map((o) => [o.kind, o.method, o.path, o.title, o.slug]),
    [['webhook', 'post', 'newThing', 'New thing', 'new-thing']],
  );
  // A webhook with neither summary nor operationId is titled by its event name alone (no method).
  assert.equal(listOperations({'x-webhooks': {paid: {post: {}}}}, {webhooks: true})[0].title, 'paid');
  for (const bad of [undefined, null, 'text', {paths: 'x'}, {paths: null, webhooks: 5}])
    assert.deepEqual(listOperations(bad, {webhooks: true}), [], JSON.stringify(bad));
});

test('operationSlug: operationId first (non-empty string), else the summary, else nothing; overviewSlug from the title', () => {
  assert.equal(operationSlug({operationId: 'getCustomerBalance', summary: 'Other'}), 'get-customer-balance');
  assert.equal(operationSlug({operationId: '', summary: 'List all invoices'}), 'list-all-invoices');
  assert.equal(operationSlug({operationId: 12, summary: 'Summary wins'}), 'summary-wins');
  assert.equal(operationSlug({summary: 5}), '');
  assert.equal(operationSlug({}), '');
  assert.equal(overviewSlug('Rev.io API'), 'rev-io-api');
  assert.equal(overviewSlug('My  Billing API'), 'my-billing-api');
  // Lower-cased before kebab-casing: a capitalised brand stays one word.
  assert.equal(overviewSlug('GitHub API'), 'github-api');
  assert.equal(documentOverviewSlug({info: {title: 'Rev.io API', 'x-portal-slug': 'overview'}}), 'overview');
  assert.equal(documentOverviewSlug({info: {title: 'Rev.io API'}}), 'rev-io-api');
  assert.equal(documentOverviewSlug(undefined), '');
});
