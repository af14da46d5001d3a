import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listOperations, operationSlug, overviewSlug, pageSlug } from './operations';

describe('page slugs (as docusaurus-plugin-openapi-docs computes them)', () => {
  it('kebab-cases summaries and camelCase operationIds to the same slug', () => {
    assert.equal(pageSlug('Get a list of bill profiles'), 'get-a-list-of-bill-profiles');
    assert.equal(pageSlug('getAListOfBillProfiles'), 'get-a-list-of-bill-profiles');
    assert.equal(pageSlug('getInvoicesForACustomer'), 'get-invoices-for-a-customer');
  });

  it('prefers the operationId and falls back to the summary', () => {
    assert.equal(operationSlug({ operationId: 'listWidgets', summary: 'Something else' }), 'list-widgets');
    assert.equal(operationSlug({ summary: 'Get single ticket' }), 'get-single-ticket');
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
        '/a': { get: { summary: 'Get a', tags: ['A'] }, post: { operationId: 'createA', summary: 'Create a' }, parameters: [] },
        '/b': { delete: { summary: 'Delete b', tags: ['B', 7] } },
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
