/** The overview's counts and categories agree with the pages and the sidebar (webhooks included). */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {buildOverview} from './markdown';
import {planPages} from './pages';
import type {OpenApiDocument} from '../../openapi/model/document';

const doc = {
  openapi: '3.1.0',
  info: {title: 'Shop', version: '1.0.0'},
  tags: [{name: 'Orders', description: 'Orders.'}, {name: 'Events'}],
  paths: {
    '/orders': {
      get: {operationId: 'listOrders', tags: ['Orders', 'Reports'], responses: {200: {description: 'ok'}}},
      post: {operationId: 'createOrder', tags: ['Orders'], responses: {201: {description: 'ok'}}},
    },
    '/ping': {get: {operationId: 'ping', responses: {200: {description: 'ok'}}}},
  },
  webhooks: {
    orderPaid: {post: {operationId: 'orderPaid', tags: ['Events'], responses: {200: {description: 'ok'}}}},
    orderShipped: {post: {operationId: 'orderShipped', tags: ['Events', 'Orders'], responses: {200: {description: 'ok'}}}},
  },
} as unknown as OpenApiDocument;

test('operations and webhooks are counted once each, untagged ones too', () => {
  const overview = buildOverview(doc);
  assert.equal(overview.operationCount, 3);
  assert.equal(overview.webhookCount, 2);
});

test('categories are the sidebar categories, with their page counts', () => {
  const overview = buildOverview(doc);
  assert.deepEqual(
    overview.categories.map((c) => [c.label, c.count, c.href]),
    [
      ['Orders', 3, '/docs/category/api/orders'],
      ['Events', 2, '/docs/category/api/events'],
      ['Reports', 1, '/docs/category/api/reports'],
      // Untagged: grouped by the path's first segment, in the overview as in the sidebar.
      ['Ping', 1, '/docs/category/api/ping'],
    ],
  );
  const sidebar = planPages(doc).sidebar.filter((i) => i.type === 'category' && i.link);
  assert.deepEqual(
    sidebar.map((c) => [c.label, (c as {items: unknown[]}).items.length]),
    overview.categories.map((c) => [c.label, c.count]),
  );
});

test('a tag with no text names no category: the page is untagged, in its path group in the sidebar and the overview', () => {
  const blank = {
    ...doc,
    paths: {
      '/a': {get: {operationId: 'a', tags: ['', '  '], responses: {200: {description: 'ok'}}}},
      '/b': {get: {operationId: 'b', tags: ['Orders', ''], responses: {200: {description: 'ok'}}}},
    },
    webhooks: {},
  } as unknown as OpenApiDocument;
  assert.deepEqual(
    buildOverview(blank).categories.map((c) => [c.label, c.count]),
    [
      ['Orders', 1],
      ['A', 1],
    ],
  );
  const plan = planPages(blank);
  assert.deepEqual(
    plan.operations.map((o) => o.tags),
    [[], ['Orders']],
  );
  assert.deepEqual(
    plan.sidebar.map((i) => (i.type === 'category' ? [i.label, i.items.map((d) => d.type === 'doc' && d.id)] : i.id)),
    ['api/shop', ['Orders', ['api/b']], ['A', ['api/a']]],
  );
});

test('security schemes, OpenAPI 3.2: the flows by name, the metadata URL and deprecated are kept', () => {
  const overview = buildOverview({
    ...doc,
    components: {
      securitySchemes: {
        device: {
          type: 'oauth2',
          oauth2MetadataUrl: 'https://auth.x/.well-known/oauth-authorization-server',
          flows: {deviceAuthorization: {deviceAuthorizationUrl: '/d', tokenUrl: '/t', scopes: {}}, 'x-note': 1},
        },
        old: {type: 'apiKey', in: 'header', name: 'X-Old', deprecated: true},
        current: {type: 'http', scheme: 'bearer', deprecated: false},
      },
    },
  } as unknown as OpenApiDocument);
  assert.deepEqual(overview.securitySchemes, [
    {
      key: 'device',
      type: 'oauth2',
      flows: {deviceAuthorization: {scopes: {}}},
      oauth2MetadataUrl: 'https://auth.x/.well-known/oauth-authorization-server',
    },
    {key: 'old', type: 'apiKey', in: 'header', name: 'X-Old', deprecated: true},
    {key: 'current', type: 'http', scheme: 'bearer'},
  ]);
});
