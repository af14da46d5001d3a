import {test} from 'node:test';
import assert from 'node:assert/strict';
import kebabCase from 'lodash/kebabCase';
import {missingNote, targetName, targetPath, versionOfPath, versionPages, versionTarget, type VersionPages} from './mapping';

const op = (method: string, path: string, operationId: string | undefined, slug: string, tags: string[], kind = 'operation') => ({
  kind,
  method,
  path,
  operationId,
  slug,
  tags,
  title: `Title of ${slug}`,
});

const v2 = versionPages(
  {id: 'v2', label: 'v2', base: '/docs'},
  {info: {version: '2.0.0'}},
  [
    op('get', '/customers/{id}', 'getCustomer', 'get-customer', ['Customers']),
    op('get', '/contacts/{id}', 'fetchContact', 'fetch-contact', ['Contacts']),
    op('post', '/widgets', 'createWidget', 'create-widget', ['Widgets']),
    op('post', 'widget.created', undefined, 'widget-created', ['Widgets'], 'webhook'),
    op('get', '/customers/{id}/ledger', 'getCustomerLedger', 'get-customer-ledger', ['Customers']),
  ],
  'rev-io-api',
  kebabCase,
);

// v1's document: "Get customer balance" is deprecated for "Get customer ledger" (in both versions),
// "Get tickets" for an operation v2 does not have.
const v1Paths = {
  '/customers/{id}/balance': {get: {deprecated: true, 'x-deprecated-by': 'getCustomerLedger'}},
  '/tickets': {get: {deprecated: true, 'x-deprecated-by': 'listTickets'}},
};
const v1 = versionPages(
  {id: 'v1', label: 'v1', base: '/v1/docs'},
  {info: {version: '1.1.0'}, paths: v1Paths},
  [
    op('get', '/customers/{id}', 'getCustomer', 'get-customer', ['Customers']),
    // Same method and path, another operationId (and so another slug).
    op('get', '/contacts/{id}', 'getContact', 'get-contact', ['Contacts']),
    // Only in v1: its tag exists in v2.
    op('get', '/customers/{id}/balance', 'getCustomerBalance', 'get-customer-balance', ['Customers']),
    // Only in v1, and so is its tag.
    op('get', '/tickets', 'getTickets', 'get-tickets', ['Support Tickets']),
    op('get', '/health', 'health', 'health', []),
    op('get', '/customers/{id}/ledger', 'getCustomerLedger', 'get-customer-ledger', ['Customers']),
  ],
  'rev-io-api-v1',
  kebabCase,
);

test('versionPages: release, categories from tags (kebab-case), operations as compact entries', () => {
  assert.equal(v1.release, '1.1.0');
  assert.deepEqual(v1.categories, ['customers', 'contacts', 'support-tickets']);
  assert.deepEqual(v1.operations[1], ['get-contact', 'getContact', 'GET /contacts/{id}', 'contacts', 'Title of get-contact', '']);
  assert.deepEqual(v1.operations[2], [
    'get-customer-balance',
    'getCustomerBalance',
    'GET /customers/{id}/balance',
    'customers',
    'Title of get-customer-balance',
    'getCustomerLedger',
  ]);
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
  assert.deepEqual(target, {
    to: '/docs/api/get-customer-ledger',
    missing: {title: 'Title of get-customer-balance', replacement: 'Title of get-customer-ledger'},
  });
  assert.equal(missingNote(target, v2, true), 'Title of get-customer-balance was removed in v2: use Title of get-customer-ledger instead.');
  assert.equal(missingNote(versionTarget('/v1/docs/api/get-customer', v1, v2), v2, true), '', 'the same operation: nothing to say');
  // The replacement named is not in the other version either: category or overview, said so.
  const tickets = versionTarget('/v1/docs/api/get-tickets', v1, v2);
  assert.deepEqual(tickets, {to: '/docs/api/rev-io-api', missing: {title: 'Title of get-tickets'}});
  assert.equal(missingNote(tickets, v2, true), 'Title of get-tickets was removed in v2; this link opens the overview there.');
  assert.equal(
    missingNote(versionTarget('/docs/api/create-widget', v2, v1), v1, false),
    'Title of create-widget is not in v1; this link opens the overview there.',
  );
});

test("an operation the other version lacks: its first tag's category, else the overview", () => {
  const noReplacement = versionPages(
    {id: 'v1', label: 'v1', base: '/v1/docs'},
    {info: {version: '1.0.0'}},
    [op('get', '/customers/{id}/balance', 'getCustomerBalance', 'get-customer-balance', ['Customers'])],
    'o',
    kebabCase,
  );
  assert.equal(targetPath('/v1/docs/api/get-customer-balance', noReplacement, v2), '/docs/category/api/customers');
  assert.equal(
    missingNote(versionTarget('/v1/docs/api/get-customer-balance', noReplacement, v2), v2, true),
    'Title of get-customer-balance was removed in v2; this link opens its category there.',
  );
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

// The precedence of versionTarget, step by step (the file comment's order): the same operationId,
// else the same method and path, else the replacement the operation names, else its first tag's
// category, else the overview. Each test sets up two candidates and checks the earlier step wins.
const page = (base: string, operations: VersionPages['operations'], categories: string[] = []): VersionPages => ({
  id: base,
  label: base,
  release: '1.0.0',
  base,
  overview: 'overview',
  categories,
  operations,
});

test('precedence 1: the same operationId wins over the same method and path', () => {
  const from = page('/v1/docs', [['list-things', 'listThings', 'GET /things', 'things', 'List things', '']], ['things']);
  const to = page(
    '/docs',
    [
      // Same endpoint, another operationId (listed first, so a lookup by endpoint would find it first).
      ['search-things', 'searchThings', 'GET /things', 'things', 'Search things', ''],
      // Same operationId, moved to another path.
      ['list-things-moved', 'listThings', 'GET /v2/things', 'things', 'List things', ''],
    ],
    ['things'],
  );
  assert.deepEqual(versionTarget('/v1/docs/api/list-things', from, to), {to: '/docs/api/list-things-moved'});
});

test('precedence 2: the same method and path wins over the named replacement', () => {
  const from = page('/v1/docs', [['get-balance', 'getBalance', 'GET /balance', 'billing', 'Get balance', 'getLedger']], ['billing']);
  const to = page(
    '/docs',
    [
      ['get-ledger', 'getLedger', 'GET /ledger', 'billing', 'Get ledger', ''],
      ['fetch-balance', 'fetchBalance', 'GET /balance', 'billing', 'Fetch balance', ''],
    ],
    ['billing'],
  );
  assert.deepEqual(versionTarget('/v1/docs/api/get-balance', from, to), {to: '/docs/api/fetch-balance'});
});

test('precedence 3: the named replacement wins over the category; 4: the category over the overview', () => {
  const from = page(
    '/v1/docs',
    [
      ['get-balance', 'getBalance', 'GET /balance', 'billing', 'Get balance', 'getLedger'],
      ['get-fees', 'getFees', 'GET /fees', 'billing', 'Get fees', ''],
      ['get-notes', 'getNotes', 'GET /notes', 'notes', 'Get notes', ''],
    ],
    ['billing', 'notes'],
  );
  const to = page('/docs', [['get-ledger', 'getLedger', 'GET /ledger', 'billing', 'Get ledger', '']], ['billing']);
  assert.deepEqual(versionTarget('/v1/docs/api/get-balance', from, to), {
    to: '/docs/api/get-ledger',
    missing: {title: 'Get balance', replacement: 'Get ledger'},
  });
  assert.deepEqual(versionTarget('/v1/docs/api/get-fees', from, to), {to: '/docs/category/api/billing', missing: {title: 'Get fees'}});
  assert.deepEqual(versionTarget('/v1/docs/api/get-notes', from, to), {to: '/docs/api/overview', missing: {title: 'Get notes'}});
});

test('an empty operationId, replacement or tag matches nothing (webhooks and untagged operations have "")', () => {
  // A webhook (no operationId) whose event the other version does not have: another webhook there
  // also has operationId "", and an untagged operation has category "": neither is "the same".
  const from = page('/v1/docs', [['thing-created', '', 'webhook thing.created', '', 'Thing created', '']]);
  const to = page(
    '/docs',
    [
      ['thing-deleted', '', 'webhook thing.deleted', '', 'Thing deleted', ''],
      ['health', 'health', 'GET /health', '', 'Health', ''],
    ],
    [''],
  );
  assert.deepEqual(versionTarget('/v1/docs/api/thing-created', from, to), {to: '/docs/api/overview', missing: {title: 'Thing created'}});
  // The same event is found by its endpoint.
  const both = page('/docs', [['thing-created-v2', '', 'webhook thing.created', '', 'Thing created', '']]);
  assert.deepEqual(versionTarget('/v1/docs/api/thing-created', from, both), {to: '/docs/api/thing-created-v2'});
});

test('the page address: trailing slashes, the version base, one segment after /api/ or /category/api/', () => {
  const from = page('/v1/docs', [['get-thing', 'getThing', 'GET /things/{id}', 'things', 'Get thing', '']], ['things']);
  const to = page('/docs', [['get-thing', 'getThing', 'GET /things/{id}', 'things', 'Get thing', '']], ['things']);
  assert.equal(targetPath('/v1/docs/api/get-thing//', from, to), '/docs/api/get-thing', 'several trailing slashes');
  assert.equal(targetPath('/v1/docs/category/api/things/', from, to), '/docs/category/api/things');
  // Not under the version's base: another version's page, or a longer base name.
  assert.equal(targetPath('/docs/api/get-thing', from, to), '/docs/api/overview');
  assert.equal(targetPath('/v1/docsx/api/get-thing', from, to), '/docs/api/overview');
  assert.equal(targetPath('/v1/docs', from, to), '/docs/api/overview');
  // More or other segments than one page: not an operation page, not a category page.
  assert.equal(targetPath('/v1/docs/api/get-thing/more', from, to), '/docs/api/overview');
  assert.equal(targetPath('/v1/docs/x/api/get-thing', from, to), '/docs/api/overview');
  assert.equal(targetPath('/v1/docs/category/api/things/more', from, to), '/docs/api/overview');
  assert.equal(targetPath('/v1/docs/x/category/api/things', from, to), '/docs/api/overview');
  assert.equal(targetPath('/v1/docs/category/api/', from, to), '/docs/api/overview');
  assert.equal(targetPath('/v1/docs/api/', from, to), '/docs/api/overview');
});

test('versionPages: a replacement only for a deprecated operation (trimmed), never for a webhook; titles and slugs fall back', () => {
  const doc = {
    info: {version: 2},
    paths: {
      '/a': {get: {deprecated: true, 'x-deprecated-by': '  newA  '}},
      '/b': {get: {'x-deprecated-by': 'newB'}},
      '/c': {get: {deprecated: true, 'x-deprecated-by': 42}},
      'thing.created': {post: {deprecated: true, 'x-deprecated-by': 'newHook'}},
    },
  };
  const pages = versionPages(
    {id: 'x', label: 'X', base: '/docs'},
    doc,
    [
      {method: 'get', path: '/a', operationId: 'getA', slug: 'get-a', title: 'Get A', tags: ['Billing Runs', 'Other']},
      {method: 'get', path: '/b', operationId: 'getB', tags: ['billing runs']},
      {method: 'get', path: '/c', tags: []},
      {kind: 'webhook', method: 'post', path: 'thing.created', slug: 'thing-created', tags: ['Hooks']},
    ],
    'overview',
    kebabCase,
  );
  assert.equal(pages.release, '', 'a version that is not a string is no release');
  assert.deepEqual(pages.categories, ['billing-runs', 'other', 'hooks'], 'kebab-case, each once');
  assert.deepEqual(pages.operations, [
    ['get-a', 'getA', 'GET /a', 'billing-runs', 'Get A', 'newA'],
    ['', 'getB', 'GET /b', 'billing-runs', 'getB', ''],
    ['', '', 'GET /c', '', '/c', ''],
    ['thing-created', '', 'webhook thing.created', 'hooks', 'thing.created', ''],
  ]);
  assert.deepEqual(
    {id: pages.id, label: pages.label, base: pages.base, overview: pages.overview},
    {id: 'x', label: 'X', base: '/docs', overview: 'overview'},
  );
  assert.deepEqual(versionPages({id: 'y', label: 'Y', base: '/y'}, {}, [], 'o', kebabCase).operations, [], 'no paths, no operations');
});

test('missingNote and targetName: what a link to another version says, for each kind of target', () => {
  const v = {label: 'v3'};
  assert.equal(targetName({to: '/docs/api/x'}), '');
  assert.equal(missingNote({to: '/docs/api/x'}, v, true), '');
  const replaced = {to: '/docs/api/new', missing: {title: 'Old op', replacement: 'New op'}};
  assert.equal(targetName(replaced), 'New op');
  assert.equal(missingNote(replaced, v, true), 'Old op was removed in v3: use New op instead.');
  assert.equal(missingNote(replaced, v, false), 'Old op is not in v3: use New op instead.');
  const category = {to: '/docs/category/api/things', missing: {title: 'Old op'}};
  assert.equal(targetName(category), 'its category');
  assert.equal(missingNote(category, v, false), 'Old op is not in v3; this link opens its category there.');
  const overview = {to: '/docs/api/overview', missing: {title: 'Old op'}};
  assert.equal(targetName(overview), 'the overview');
  assert.equal(missingNote(overview, v, true), 'Old op was removed in v3; this link opens the overview there.');
});

test('OpenAPI 3.2: QUERY and additionalOperations pages map by operationId, else by method and path; a deprecated PURGE names its replacement', () => {
  const newer = versionPages(
    {id: 'v2', label: 'v2', base: '/docs'},
    {info: {version: '2.0.0'}, paths: {}},
    [op('query', '/meters', 'searchMeters', 'search-meters', ['Meters']), op('PURGE', '/caches', 'purgeAll', 'purge-all', ['Meters'])],
    'api',
    kebabCase,
  );
  const older = versionPages(
    {id: 'v1', label: 'v1', base: '/v1/docs'},
    {info: {version: '1.0.0'}, paths: {'/meters/{id}': {additionalOperations: {PURGE: {deprecated: true, 'x-deprecated-by': 'purgeAll'}}}}},
    [op('query', '/meters', 'findMeters', 'find-meters', ['Meters']), op('PURGE', '/meters/{id}', 'purgeMeter', 'purge-meter', ['Meters'])],
    'api-v1',
    kebabCase,
  );
  assert.deepEqual(
    older.operations.map((o) => [o[2], o[5]]),
    [
      ['QUERY /meters', ''],
      ['PURGE /meters/{id}', 'purgeAll'],
    ],
  );
  assert.equal(targetPath('/v1/docs/api/find-meters', older, newer), '/docs/api/search-meters', 'same method and path');
  assert.deepEqual(versionTarget('/v1/docs/api/purge-meter', older, newer), {
    to: '/docs/api/purge-all',
    missing: {title: 'Title of purge-meter', replacement: 'Title of purge-all'},
  });
});
