import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildProcessedSpec, OUR_SOURCE } from './build';
import { listOperations, operationSlug, overviewSlug, pageSlug } from './checks';

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

describe('our document: error examples name what the operation has', () => {
  it("every operation without a request body has a 400 whose examples name one of its own parameters, never a body field", async () => {
    const { document } = await buildProcessedSpec({ source: OUR_SOURCE, strict: true });
    const doc = document as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const deref = (node: unknown): Record<string, unknown> => {
      let n = node as Record<string, unknown>;
      while (n && typeof n.$ref === 'string') {
        n = (n.$ref as string).slice(2).split('/').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Record<string, unknown>;
      }
      return n;
    };
    let checked = 0;
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters' || op.requestBody !== undefined) continue;
        const response = op.responses && (op.responses as Record<string, unknown>)['400'];
        if (!response) continue;
        const names = [...((item.parameters as unknown as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) => deref(p).name);
        const media = deref((deref(response).content as Record<string, unknown>)['application/json']);
        const examples = [media.example, ...Object.values((media.examples as Record<string, unknown>) ?? {}).map((e) => deref(e).value)].filter((e) => e !== undefined);
        assert.ok(examples.length > 0, `${method.toUpperCase()} ${route}: its 400 has an example`);
        for (const example of examples) {
          const fields = ((example as { error: { details: { field: string | null }[] } }).error.details ?? []).map((d) => d.field);
          assert.ok(fields.length > 0, `${method.toUpperCase()} ${route}: its 400 example names the parameter at fault`);
          for (const field of fields) assert.ok(names.includes(field), `${method.toUpperCase()} ${route}: its 400 example names "${field}", not one of its parameters (${names.join(', ')})`);
        }
        checked++;
      }
    }
    assert.ok(checked >= 12, `${checked} body-less operations with a 400`);
  });
});
