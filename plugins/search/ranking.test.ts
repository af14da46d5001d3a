/**
 * The ranking rules of the search, on a small site indexed as the build indexes ours
 * (./ranking-site.ts), so `npm run test:unit` fails on a ranking regression without a build. The
 * expectations are those of the judged set (tests/search/judged-queries.ts, run on the real build
 * after it), written literally, plus the exact order the rules of ./api-match.ts and ./engine.ts
 * (mergeApi) give where the judged set leaves the order open:
 *
 * - tiers: an exact method + path, path or operationId (0), then every word in a summary (1), then
 *   in the path, operationId or tags (2), before lunr's answer; field and parameter names (3)
 *   only when the query is written as a name (due_date), else after lunr's answer;
 * - within a tier: more of the query's stop words and method in the summary first, then lunr's
 *   order, then shorter summaries, then the description's order;
 * - typos: a word that finds nothing is corrected (and said so) when the correction finds something.
 */
import {before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {SearchEngine} from '../../src/components/Search/engine';
import {stripHtml} from '../../src/components/Search/snippet';
import {OVERVIEW, siteEngine} from './ranking-site';

const API = '/docs/api/';
let engine: SearchEngine;
before(async () => {
  engine = await siteEngine();
});

/** Result pages (and sections) in order: the URL without ?_highlight. */
function results(query: string, limit = 5): string[] {
  return engine.search(query, limit).sources[0]!.hits.map((h) => h.url.replace(/\?[^#]*/, ''));
}

const op = (slug: string) => `${API}${slug}`;

describe('tier 0: the exact method + path, path or operationId comes first', () => {
  test('method + path; the method keeps the operations of that method', () => {
    assert.equal(results('POST /customers')[0], op('create-customer'));
    const get = results('get /customers/{id}');
    assert.equal(get[0], op('get-customer'));
    assert.ok(!get.includes(op('update-customer')), `PATCH /customers/{customer_id} is not a GET: ${get.join(' ')}`);
    assert.equal(results('patch /customers/{customer_id}')[0], op('update-customer'));
  });

  test('a path alone, whatever its parameter names: every operation on it', () => {
    assert.deepEqual(results('/contacts/{contact_id}'), [op('get-contact'), op('update-contact')]);
    assert.equal(results('/customers/{id}/ledger')[0], op('get-customer-ledger'));
    assert.equal(results('/customer-types')[0], op('get-customer-types'));
  });

  test('an operationId, however it is written', () => {
    assert.deepEqual(results('getcustomerledger'), [op('get-customer-ledger')]);
    assert.equal(results('getCustomerLedger')[0], op('get-customer-ledger'));
    assert.equal(results('create_customer')[0], op('create-customer'));
    // Written with separators it is still the operationId, not a typo to correct into "createcustomer".
    const snake = engine.search('create_customer', 5);
    assert.equal(snake.correctedQuery, undefined);
    assert.equal(
      snake.sources[0]!.hits[0]!.url,
      '/docs/api/create-customer?_highlight=create_customer&_highlight=create&_highlight=customer',
    );
    assert.equal(results('get-ticket-options')[0], op('get-ticket-options'));
  });

  test('the exact operation before those with the words in their summary (tier 0 before tier 1)', () => {
    // "get customer" is getCustomer's operationId; the other summaries with "get" and "customer" follow.
    assert.deepEqual(results('get customer'), [
      op('get-customer'),
      op('get-customer-ledger'),
      op('get-customer-types'),
      op('get-invoices-for-a-customer'),
      op('create-customer'),
    ]);
    assert.equal(results('get contacts')[0], op('get-contacts'), 'the list, not Get contact');
  });
});

describe('tier 1: every word in the summary, before prose', () => {
  test('the operation before a blog post whose title has the same words', () => {
    assert.deepEqual(results('customer ledger').slice(0, 2), [op('get-customer-ledger'), '/blog/long-blog-post']);
    assert.deepEqual(results('ledger').slice(0, 2), [op('get-customer-ledger'), '/blog/long-blog-post']);
    assert.equal(results('customers ledger')[0], op('get-customer-ledger'), 'a plural is the same stem');
    assert.equal(results('late fee')[0], op('create-bill-profile'));
  });

  test("within the tier, a summary with the query's method and stop words first", () => {
    // "get" is an English stop word: not required, but "Get invoices for a customer" has it.
    assert.deepEqual(results('get invoices').slice(0, 3), [
      op('get-invoices-for-a-customer'),
      op('download-invoice'),
      op('create-invoice'),
    ]);
    // The Get summaries before Create and Update customer (all of tier 1 for "customer").
    const got = results('get customer', 10);
    assert.ok(got.indexOf(op('get-invoices-for-a-customer')) < got.indexOf(op('create-customer')), got.join(' '));
    assert.ok(got.indexOf(op('get-customer-types')) < got.indexOf(op('update-customer')), got.join(' '));
  });

  test("within the tier, then lunr's order (its best title first)", () => {
    assert.deepEqual(results('customer'), [
      op('get-customer'),
      op('create-customer'),
      op('update-customer'),
      op('get-customer-ledger'),
      op('get-customer-types'),
    ]);
  });
});

describe('tier 2: the words in the path, operationId or tags', () => {
  test('a literal path segment or a media type finds its operation', () => {
    assert.deepEqual(results('pdf'), [op('download-invoice')]);
  });
});

describe('tier 3: field and parameter names, first only when the query is written as a name', () => {
  test('a name (snake_case) puts the operations with that field first', () => {
    assert.deepEqual(results('due_date'), [op('create-invoice')]);
    assert.deepEqual(results('entry_type'), [op('get-customer-ledger')]);
    const id = results('customer_id');
    for (const page of [op('get-contacts'), op('get-tickets')]) assert.ok(id.includes(page), `${page} in ${id.join(' ')}`);
    assert.ok(
      id.every((u) => u.startsWith(API) && u !== OVERVIEW),
      id.join(' '),
    );
  });

  test('a word that is a field name but written as prose: the page about it first, the operations with that field after', () => {
    // "Idempotency-Key" is a parameter of every create operation; the overview's section explains it.
    assert.deepEqual(results('idempotency'), [
      `${OVERVIEW}#idempotency`,
      op('create-customer'),
      op('create-invoice'),
      op('create-contact'),
      op('create-ticket'),
    ]);
    assert.equal(results('idempotency key')[0], `${OVERVIEW}#idempotency`);
  });

  test("operations lunr did not find come after its results: shorter summaries first, then in the description's order", () => {
    // Create bill profile is the first operation of the description, but its summary has three words.
    assert.deepEqual(results('idempotency', 10), [
      `${OVERVIEW}#idempotency`,
      op('create-customer'),
      op('create-invoice'),
      op('create-contact'),
      op('create-ticket'),
      op('create-bill-profile'),
    ]);
  });
});

describe('prose finds prose', () => {
  test('words of the blog and the overview reach them', () => {
    assert.equal(results('retry')[0], '/blog/mdx-blog-post');
    assert.deepEqual(results('429').slice(0, 2), ['/blog/mdx-blog-post', '/blog/mdx-blog-post#what-a-429-tells-you']);
    assert.equal(results('pagination')[0], `${OVERVIEW}#pagination`);
    assert.equal(results('authentication')[0], `${OVERVIEW}#authentication`);
    assert.equal(results('watermark')[0], op('download-invoice'));
  });
});

describe('API-operation hits', () => {
  test("an operation's row carries its method and path; a section or a prose page none", () => {
    const [hit] = engine.search('POST /customers', 5).sources[0]!.hits;
    assert.deepEqual(hit!.api, {method: 'POST', path: '/customers'});
    assert.equal(hit!.url, '/docs/api/create-customer?_highlight=post&_highlight=customers');
    const hits = engine.search('ledger', 5).sources[0]!.hits;
    assert.deepEqual(
      hits.map((h) => h.api?.path ?? null),
      ['/customers/{customer_id}/ledger', null, null, null, null],
    );
  });

  test("an operation found through its record only is its page's row: title, link, the query marked", () => {
    const hits = engine.search('idempotency', 5).sources[0]!.hits;
    const create = hits.find((h) => h.url.startsWith(op('create-customer')))!;
    assert.equal(stripHtml(create.titleHtml), 'Create customer');
    assert.equal(create.url, '/docs/api/create-customer?_highlight=idempotency');
    assert.deepEqual(create.api, {method: 'POST', path: '/customers'});
    assert.equal(create.type, 0);
  });
});

describe('typo fallbacks', () => {
  test('a word one edit away is corrected, said so, and answered as the right word', () => {
    for (const [typo, fixed, first] of [
      ['ledgr', 'ledger', op('get-customer-ledger')],
      ['invocie', 'invoice', op('create-invoice')],
      ['paginaton', 'pagination', `${OVERVIEW}#pagination`],
      ['custmer_id', 'customer_id', op('get-contacts')],
    ] as const) {
      const r = engine.search(typo, 5);
      assert.equal(r.correctedQuery, fixed, typo);
      assert.equal(r.query, typo);
      assert.equal(r.sources[0]!.hits[0]!.url.replace(/\?[^#]*/, ''), first, typo);
    }
    assert.deepEqual(results('ledgr'), results('ledger'));
  });

  test('a known word, or one with nothing near it, is not corrected', () => {
    assert.equal(engine.search('ledger', 5).correctedQuery, undefined);
    const none = engine.search('qqxzzvv', 5);
    assert.equal(none.correctedQuery, undefined);
    assert.deepEqual(none.sources[0]!.hits, []);
    // In one page only, and nothing ten times as frequent near it: kept.
    assert.equal(engine.search('watermark', 5).correctedQuery, undefined);
  });
});
