import {test} from 'node:test';
import assert from 'node:assert/strict';
import kebabCase from 'lodash/kebabCase';
import {missingNote, targetPath, versionOfPath, versionPages, versionTarget, type VersionPages} from './mapping';

const op = (method: string, path: string, operationId: string | undefined, slug: string, tags: string[], kind = 'operation') => ({kind, method, path, operationId, slug, tags, title: `Title of ${slug}`});

const v2 = versionPages({id: 'v2', label: 'v2', base: '/docs'}, {info: {version: '2.0.0'}}, [
  op('get', '/customers/{id}', 'getCustomer', 'get-customer', ['Customers']),
  op('get', '/contacts/{id}', 'fetchContact', 'fetch-contact', ['Contacts']),
  op('post', '/widgets', 'createWidget', 'create-widget', ['Widgets']),
  op('post', 'widget.created', undefined, 'widget-created', ['Widgets'], 'webhook'),
  op('get', '/customers/{id}/ledger', 'getCustomerLedger', 'get-customer-ledger', ['Customers']),
], 'rev-io-api', kebabCase);

// v1's document: "Get customer balance" is deprecated for "Get customer ledger" (in both versions),
// "Get tickets" for an operation v2 does not have.
const v1Paths = {
  '/customers/{id}/balance': {get: {deprecated: true, 'x-deprecated-by': 'getCustomerLedger'}},
  '/tickets': {get: {deprecated: true, 'x-deprecated-by': 'listTickets'}},
};
const v1 = versionPages({id: 'v1', label: 'v1', base: '/v1/docs'}, {info: {version: '1.1.0'}, paths: v1Paths}, [
  op('get', '/customers/{id}', 'getCustomer', 'get-customer', ['Customers']),
  // Same method and path, another operationId (and so another slug).
  op('get', '/contacts/{id}', 'getContact', 'get-contact', ['Contacts']),
  // Only in v1: its tag exists in v2.
  op('get', '/customers/{id}/balance', 'getCustomerBalance', 'get-customer-balance', ['Customers']),
  // Only in v1, and so is its tag.
  op('get', '/tickets', 'getTickets', 'get-tickets', ['Support Tickets']),
  op('get', '/health', 'health', 'health', []),
  op('get', '/customers/{id}/ledger', 'getCustomerLedger', 'get-customer-ledger', ['Customers']),
], 'rev-io-api-v1', kebabCase);

test('versionPages: release, categories from tags (kebab-case), operations as compact entries', () => {
  assert.equal(v1.release, '1.1.0');
  assert.deepEqual(v1.categories, ['customers', 'contacts', 'support-tickets']);
  assert.deepEqual(v1.operations[1], ['get-contact', 'getContact', 'GET /contacts/{id}', 'contacts', 'Title of get-contact', '']);
  assert.deepEqual(v1.operations[2], ['get-customer-balance', 'getCustomerBalance', 'GET /customers/{id}/balance', 'customers', 'Title of get-customer-balance', 'getCustomerLedger']);
  assert.deepEqual(v1.operations[4], ['health', 'health', 'GET /health', '', 'Title of health', '']);
  assert.deepEqual(v2.operations[3], ['widget-created', '', 'webhook widget.created', 'widgets', 'Title of widget-created', '']);
});

test('the same operation: by operationId, else by method and path', () => {
  assert.equal(targetPath('/docs/api/get-customer', v2, v1), '/v1/docs/api/get-customer');
  assert.equal(targetPath('/v1/docs/api/get-customer/', v1, v2), '/docs/api/get-customer', 'trailing slash');
  assert.equal(targetPath('/v1/docs/api/get-contact', v1, v2), '/docs/api/fetch-contact', 'operationId changed, same GET /contacts/{id}');
  assert.equal(targetPath('/docs/api/fetch-contact', v2, v1), '/v1/docs/api/get-contact');
});

test('an operation the other version lacks but names a replacement of: the replacement there, said so', () => {
  const target = versionTarget('/v1/docs/api/get-customer-balance', v1, v2);
  assert.deepEqual(target, {to: '/docs/api/get-customer-ledger', missing: {title: 'Title of get-customer-balance', replacement: 'Title of get-customer-ledger'}});
  assert.equal(missingNote(target, v2, true), 'Title of get-customer-balance was removed in v2: use Title of get-customer-ledger instead.');
  assert.equal(missingNote(versionTarget('/v1/docs/api/get-customer', v1, v2), v2, true), '', 'the same operation: nothing to say');
  // The replacement named is not in the other version either: category or overview, said so.
  const tickets = versionTarget('/v1/docs/api/get-tickets', v1, v2);
  assert.deepEqual(tickets, {to: '/docs/api/rev-io-api', missing: {title: 'Title of get-tickets'}});
  assert.equal(missingNote(tickets, v2, true), 'Title of get-tickets was removed in v2; this link opens the overview there.');
  assert.equal(missingNote(versionTarget('/docs/api/create-widget', v2, v1), v1, false), 'Title of create-widget is not in v1; this link opens the overview there.');
});

test('an operation the other version lacks: its first tag\'s category, else the overview', () => {
  const noReplacement = versionPages({id: 'v1', label: 'v1', base: '/v1/docs'}, {info: {version: '1.0.0'}}, [op('get', '/customers/{id}/balance', 'getCustomerBalance', 'get-customer-balance', ['Customers'])], 'o', kebabCase);
  assert.equal(targetPath('/v1/docs/api/get-customer-balance', noReplacement, v2), '/docs/category/api/customers');
  assert.equal(missingNote(versionTarget('/v1/docs/api/get-customer-balance', noReplacement, v2), v2, true), 'Title of get-customer-balance was removed in v2; this link opens its category there.');
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
