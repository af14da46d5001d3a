import {test} from 'node:test';
import assert from 'node:assert/strict';
import kebabCase from 'lodash/kebabCase';
import {targetPath, versionOfPath, versionPages, type VersionPages} from './mapping';

const op = (method: string, path: string, operationId: string | undefined, slug: string, tags: string[], kind = 'operation') => ({kind, method, path, operationId, slug, tags});

const v2 = versionPages({id: 'v2', label: 'v2', base: '/docs'}, {info: {version: '2.0.0'}}, [
  op('get', '/customers/{id}', 'getCustomer', 'get-customer', ['Customers']),
  op('get', '/contacts/{id}', 'fetchContact', 'fetch-contact', ['Contacts']),
  op('post', '/widgets', 'createWidget', 'create-widget', ['Widgets']),
  op('post', 'widget.created', undefined, 'widget-created', ['Widgets'], 'webhook'),
], 'rev-io-api', kebabCase);

const v1 = versionPages({id: 'v1', label: 'v1', base: '/v1/docs'}, {info: {version: '1.1.0'}}, [
  op('get', '/customers/{id}', 'getCustomer', 'get-customer', ['Customers']),
  // Same method and path, another operationId (and so another slug).
  op('get', '/contacts/{id}', 'getContact', 'get-contact', ['Contacts']),
  // Only in v1: its tag exists in v2.
  op('get', '/customers/{id}/balance', 'getCustomerBalance', 'get-customer-balance', ['Customers']),
  // Only in v1, and so is its tag.
  op('get', '/tickets', 'getTickets', 'get-tickets', ['Support Tickets']),
  op('get', '/health', 'health', 'health', []),
], 'rev-io-api-v1', kebabCase);

test('versionPages: release, categories from tags (kebab-case), operations as compact entries', () => {
  assert.equal(v1.release, '1.1.0');
  assert.deepEqual(v1.categories, ['customers', 'contacts', 'support-tickets']);
  assert.deepEqual(v1.operations[1], ['get-contact', 'getContact', 'GET /contacts/{id}', 'contacts']);
  assert.deepEqual(v1.operations[4], ['health', 'health', 'GET /health', '']);
  assert.deepEqual(v2.operations[3], ['widget-created', '', 'webhook widget.created', 'widgets']);
});

test('the same operation: by operationId, else by method and path', () => {
  assert.equal(targetPath('/docs/api/get-customer', v2, v1), '/v1/docs/api/get-customer');
  assert.equal(targetPath('/v1/docs/api/get-customer/', v1, v2), '/docs/api/get-customer', 'trailing slash');
  assert.equal(targetPath('/v1/docs/api/get-contact', v1, v2), '/docs/api/fetch-contact', 'operationId changed, same GET /contacts/{id}');
  assert.equal(targetPath('/docs/api/fetch-contact', v2, v1), '/v1/docs/api/get-contact');
});

test('an operation the other version lacks: its first tag\'s category, else the overview', () => {
  assert.equal(targetPath('/v1/docs/api/get-customer-balance', v1, v2), '/docs/category/api/customers');
  assert.equal(targetPath('/v1/docs/api/get-tickets', v1, v2), '/docs/api/rev-io-api', 'tag absent in v2');
  assert.equal(targetPath('/docs/api/create-widget', v2, v1), '/v1/docs/api/rev-io-api-v1', 'tag absent in v1');
  assert.equal(targetPath('/v1/docs/api/health', v1, v2), '/docs/api/rev-io-api', 'untagged');
  assert.equal(targetPath('/docs/api/widget-created', v2, v1), '/v1/docs/api/rev-io-api-v1', 'webhook');
});

test('category pages, the overview and pages outside the reference', () => {
  assert.equal(targetPath('/docs/category/api/customers', v2, v1), '/v1/docs/category/api/customers');
  assert.equal(targetPath('/v1/docs/category/api/support-tickets', v1, v2), '/docs/api/rev-io-api');
  assert.equal(targetPath('/v1/docs/api/rev-io-api-v1', v1, v2), '/docs/api/rev-io-api');
  assert.equal(targetPath('/docs/api/changelog', v2, v1), '/v1/docs/api/rev-io-api-v1', 'a page that is no operation');
  assert.equal(targetPath('/blog/welcome', v2, v1), '/v1/docs/api/rev-io-api-v1');
  assert.equal(targetPath('/', v2, v1), '/v1/docs/api/rev-io-api-v1');
});

test('versionOfPath: an older version by its route base, the current one otherwise', () => {
  const versions: VersionPages[] = [v2, v1];
  assert.equal(versionOfPath(versions, '/v1/docs/api/get-customer')?.id, 'v1');
  assert.equal(versionOfPath(versions, '/v1/docs')?.id, 'v1');
  assert.equal(versionOfPath(versions, '/v1/docsx')?.id, 'v2');
  assert.equal(versionOfPath(versions, '/docs/api/get-customer')?.id, 'v2');
  assert.equal(versionOfPath(versions, '/blog')?.id, 'v2');
});
