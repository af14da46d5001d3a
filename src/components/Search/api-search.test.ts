/**
 * The API side of the search: identifier and path tokenisers, the operation matcher's tiers, the
 * typo correction and the engine's use of both (on a small hand-made index).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {compactIdentifier, identifierWords, looksLikePath, nameWords, pathShape, pathWords} from './api-terms';
import {loadApiRecords, matchApi, parseApiQuery} from './api-match';
import {allowedEdits, correctQuery, editDistance, Vocabulary, WEAK_FACTOR, type WordStatus} from './typo';
import {SearchEngine} from './engine';
import {encodeCompactIndex} from './compact-index';
import {API_RECORDS_FORMAT, type ApiRecordDocument, type SearchDocument} from './types';

describe('tokenisers', () => {
  test('identifierWords splits on case changes and separators', () => {
    assert.deepEqual(identifierWords('createCustomer'), ['create', 'customer']);
    assert.deepEqual(identifierWords('customer_id'), ['customer', 'id']);
    assert.deepEqual(identifierWords('Idempotency-Key'), ['idempotency', 'key']);
    assert.deepEqual(identifierWords('getABillProfile'), ['get', 'a', 'bill', 'profile']);
    assert.deepEqual(identifierWords('HTTPStatus'), ['http', 'status']);
    assert.deepEqual(identifierWords('repos/get-content'), ['repos', 'get', 'content']);
  });

  test('nameWords keeps a compound name whole as well', () => {
    assert.deepEqual(nameWords('customer_id'), ['customer_id', 'customer', 'id']);
    assert.deepEqual(nameWords('ledger'), ['ledger']);
    assert.deepEqual(nameWords('createCustomer'), ['createcustomer', 'create', 'customer']);
  });

  test('pathWords: each segment whole and split, braces dropped', () => {
    assert.deepEqual(pathWords('/customers/{customer_id}/ledger'), ['customers', 'customer_id', 'customer', 'id', 'ledger']);
    assert.deepEqual(pathWords('/customer-summaries'), ['customer-summaries', 'customer', 'summaries']);
  });

  test('pathShape ignores parameter names, case and a trailing slash', () => {
    assert.equal(pathShape('/customers/{customer_id}/ledger'), '/customers/{}/ledger');
    assert.equal(pathShape('/Customers/{id}/ledger/'), '/customers/{}/ledger');
    assert.equal(pathShape('customers/:id/ledger'), '/customers/{}/ledger');
  });

  test('compactIdentifier and looksLikePath', () => {
    assert.equal(compactIdentifier('create_customer'), 'createcustomer');
    assert.equal(compactIdentifier('Create customer'), 'createcustomer');
    assert.ok(looksLikePath('/customers'));
    assert.ok(looksLikePath('customers/{id}'));
    assert.ok(!looksLikePath('customers'));
  });
});

const RECORDS: ApiRecordDocument[] = [
  {
    i: 1,
    t: 'Create customer',
    u: '/docs/api/create-customer',
    m: 'POST',
    a: '/customers',
    o: 'createCustomer',
    g: ['Customers'],
    k: 'name email',
  },
  {
    i: 2,
    t: 'Get customer',
    u: '/docs/api/get-customer',
    m: 'GET',
    a: '/customers/{customer_id}',
    o: 'getCustomer',
    g: ['Customers'],
    k: 'customer_id balance',
  },
  {
    i: 3,
    t: 'Get customer ledger',
    u: '/docs/api/get-customer-ledger',
    m: 'GET',
    a: '/customers/{customer_id}/ledger',
    o: 'getCustomerLedger',
    g: ['Customers'],
    k: 'customer_id entry_type',
  },
  {
    i: 4,
    t: 'Download invoice',
    u: '/docs/api/download-invoice',
    m: 'GET',
    a: '/invoices/{invoice_id}/pdf',
    o: 'downloadInvoice',
    g: ['Invoices'],
    k: 'invoice_id pdf',
  },
  {
    i: 5,
    t: 'Get invoices for a customer',
    u: '/docs/api/get-invoices-for-a-customer',
    m: 'GET',
    a: '/customers/{customer_id}/invoices',
    o: 'getInvoicesForACustomer',
    g: ['Invoices'],
    k: 'customer_id status',
  },
  {
    i: 6,
    t: 'Update customer',
    u: '/docs/api/update-customer',
    m: 'PATCH',
    a: '/customers/{customer_id}',
    o: 'updateCustomer',
    g: ['Customers'],
    k: 'customer_id tax_exempt',
  },
];

describe('matchApi', () => {
  const index = loadApiRecords(RECORDS);
  const tiers = (q: string) =>
    matchApi(index, q)
      .matches.map((m) => `${m.id}:${m.tier}`)
      .sort();

  test('exact method + path, path alone (any parameter names), operationId: tier 0', () => {
    assert.deepEqual(tiers('POST /customers'), ['1:0']);
    assert.deepEqual(tiers('/customers/{customer_id}/ledger'), ['3:0']);
    assert.deepEqual(tiers('/customers/{id}/ledger'), ['3:0']);
    assert.deepEqual(tiers('createCustomer'), ['1:0']);
    assert.deepEqual(tiers('create_customer'), ['1:0']);
    assert.ok(tiers('get /customers/{id}').includes('2:0'));
    assert.ok(!tiers('get /customers/{id}').includes('6:0'), 'the method filters');
  });

  test('summary words (stems, stop words optional), then path, operationId and tags, then field names', () => {
    assert.deepEqual(tiers('customer ledger'), ['3:1']);
    assert.deepEqual(tiers('customers ledger'), ['3:1']);
    assert.ok(tiers('GET customers').every((t) => ['2:1', '3:1', '5:1'].includes(t)));
    assert.deepEqual(tiers('pdf'), ['4:2'], 'a literal path segment');
    assert.deepEqual(tiers('tax_exempt'), ['6:3']);
    assert.ok(
      tiers('customer_id').every((t) => t.endsWith(':3')),
      'parameters rank as names, not as structure',
    );
  });

  test('a lone method or only stop words match no operation', () => {
    assert.deepEqual(tiers('patch'), []);
    assert.deepEqual(tiers('get'), []);
    assert.deepEqual(tiers('how to'), []);
  });

  test('the method and stop words of the query prefer the summary that has them', () => {
    const {matches} = matchApi(index, 'get invoices');
    const best = matches.filter((m) => m.tier === 1).sort((a, b) => b.exactWords - a.exactWords)[0];
    assert.equal(best?.id, 5);
  });

  test('the last word may be unfinished', () => {
    assert.ok(tiers('ledg').includes('3:1'));
    assert.deepEqual(tiers('ledg '), []);
    assert.deepEqual(parseApiQuery('GET /customers').method, 'get');
  });

  test('matches come in record order, each in its best tier, and only from the records still listed', () => {
    // "custom" is unfinished: a prefix of "customer", in every summary but that of the invoice download.
    assert.deepEqual(
      matchApi(index, 'custom').matches.map((m) => `${m.id}:${m.tier}`),
      ['1:1', '2:1', '3:1', '5:1', '6:1'],
    );
    // The engine drops records whose page is not in the index after loading (engine.ts sourceFrom).
    const trimmed = loadApiRecords(RECORDS);
    trimmed.records = trimmed.records.filter((r) => r.doc.i !== 3);
    assert.deepEqual(matchApi(trimmed, 'ledger').matches, []);
    assert.deepEqual(matchApi(trimmed, 'getCustomerLedger').matches, []);
    assert.deepEqual(matchApi(trimmed, '/customers/{id}/ledger').matches, []);
  });
});

describe('typo correction', () => {
  test('edit distance with adjacent swaps, bounded', () => {
    assert.equal(editDistance('custmer', 'customer', 2), 1);
    assert.equal(editDistance('cusotmer', 'customer', 2), 1);
    assert.equal(editDistance('ledgr', 'ledger', 1), 1);
    assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3);
  });

  test('1 edit for words of 4+ letters, 2 for 8+, none below 4', () => {
    assert.equal(allowedEdits('tax'), 0);
    assert.equal(allowedEdits('ledgr'), 1);
    assert.equal(allowedEdits('idempotncy'), 2);
    const v = new Vocabulary();
    for (const w of ['customer', 'customer', 'custom', 'ledger', 'idempotency', 'tax', 'fax']) v.add(w);
    assert.equal(v.correct('custmer'), 'customer');
    assert.equal(v.correct('customr'), 'customer', 'the more frequent of two words 1 edit away');
    assert.equal(v.correct('idmpotncy'), 'idempotency');
    assert.equal(v.correct('ledgerzz'), 'ledger', '8 letters: 2 edits');
    assert.equal(v.correct('tix'), null, 'too short');
    assert.equal(v.correct('ldgrr'), null, 'two edits for a 5-letter word');
  });

  test('only words that find nothing are corrected; the last word may be a prefix', () => {
    const v = new Vocabulary();
    for (const w of ['customer', 'ledger']) v.add(w);
    const known = (w: string, isLast: boolean): WordStatus => (v.has(w) || (isLast && v.hasPrefix(w)) ? 'known' : 'unknown');
    assert.equal(correctQuery('custmer ledger', v, known), 'customer ledger');
    assert.equal(correctQuery('customer ledger', v, known), null);
    assert.equal(correctQuery('custo', v, known), null, 'typing');
    assert.equal(correctQuery('zzzxqv', v, known), null);
  });

  test('a word that finds very little is corrected only to a word at least WEAK_FACTOR times as frequent', () => {
    const v = new Vocabulary();
    v.add('customer', 40);
    v.add('custmer', 1); // a typo in some page's text
    v.add('watermark', 1);
    v.add('watermarks', 3); // rare too: one rare word is never traded for another
    v.add('ledger', 5);
    v.add('ledgers', 1);
    const status = (w: string): WordStatus => (['custmer', 'watermark', 'ledgers'].includes(w) ? 'weak' : v.has(w) ? 'known' : 'unknown');
    assert.equal(correctQuery('custmer', v, status), 'customer', '40 ≥ 10 × 1');
    assert.equal(correctQuery('watermark', v, status), null, 'watermarks is not 10 times as frequent');
    assert.equal(correctQuery('ledgers', v, status), null, 'ledger: 5 < 10');
    v.add('ledger', 5);
    assert.equal(correctQuery('ledgers', v, status), 'ledger', 'ledger: 10 ≥ 10 × 1');
    assert.equal(WEAK_FACTOR, 10);
  });

  test('typos inside punctuated words: identifiers whole, else each run of letters', () => {
    const v = new Vocabulary();
    for (const w of ['customer_id', 'customer', 'customers', 'ledger', 'id']) v.add(w);
    const status = (w: string, isLast: boolean): WordStatus => (v.has(w) || (isLast && v.hasPrefix(w, true)) ? 'known' : 'unknown');
    assert.equal(correctQuery('custmer_id', v, status), 'customer_id', 'the identifier whole');
    assert.equal(correctQuery('custmer-id', v, status), 'customer-id');
    assert.equal(correctQuery('/custmers/{id}/ledgr', v, status), '/customers/{id}/ledger');
    assert.equal(correctQuery('custmer_zzz', v, status), 'customer_zzz', 'no such identifier: its words');
    assert.equal(correctQuery('customer_id', v, status), null);
    assert.equal(correctQuery('/customers/{id}', v, status), null);
    assert.equal(correctQuery('/customers/{id}/led', v, status), null, 'the last run of the last word is being typed');
    assert.equal(v.correct('custmer_id'), 'customer_id');
  });
});

describe('the engine with API records', () => {
  const titles: SearchDocument[] = RECORDS.map((r) => ({i: r.i, t: r.t, u: r.u}));
  const blog: SearchDocument = {i: 10, t: 'Why we post customers to the ledger', u: '/blog/post'};
  titles.push(blog);
  const contents: SearchDocument[] = [{i: 11, t: 'A post about customers and their ledger entries, and retries.', u: '/blog/post', p: 10}];
  const opts = {removeDefaultStopWordFilter: false};
  const json = [
    {documents: titles, index: encodeCompactIndex(titles, opts)},
    {documents: [], index: encodeCompactIndex([], opts)},
    {documents: [], index: encodeCompactIndex([], opts)},
    {documents: [], index: encodeCompactIndex([], opts)},
    {documents: contents, index: encodeCompactIndex(contents, opts)},
    {documents: RECORDS, index: {format: API_RECORDS_FORMAT}},
  ];
  const engine = new SearchEngine();
  const ready = engine.init(
    {
      options: {...opts, searchResultContextMaxLength: 50, highlightSearchTermsOnTargetPage: true, baseUrl: '/'},
      site: {heading: null, uri: 'x'},
      externals: [],
    },
    async () => ({ok: true, status: 200, json: async () => json}),
  );
  const first = async (q: string) => {
    await ready;
    const r = engine.search(q, 5);
    return {url: r.sources[0]?.hits[0]?.url.replace(/\?.*$/, ''), hit: r.sources[0]?.hits[0], response: r};
  };

  test('method + path and operationId come first, with the method and path on the hit', async () => {
    const a = await first('POST /customers');
    assert.equal(a.url, '/docs/api/create-customer');
    assert.deepEqual(a.hit?.api, {method: 'POST', path: '/customers'});
    assert.ok(a.hit?.url.includes('_highlight='));
    assert.equal((await first('createCustomer')).url, '/docs/api/create-customer');
    assert.equal((await first('/customers/{customer_id}/ledger')).url, '/docs/api/get-customer-ledger');
  });

  test('a typo is corrected and said so; a word of nowhere stays unanswered', async () => {
    const a = await first('custmer ledger');
    assert.equal(a.response.correctedQuery, 'customer ledger');
    assert.equal(a.response.query, 'custmer ledger');
    assert.equal(a.url, '/docs/api/get-customer-ledger');
    const none = await first('qqxzzvv');
    assert.equal(none.response.correctedQuery, undefined);
    assert.equal(none.response.sources[0]?.hits.length, 0);
  });

  test('prose that only mentions the words does not outrank the operation; prose words reach prose', async () => {
    assert.equal((await first('customer ledger')).url, '/docs/api/get-customer-ledger');
    assert.equal((await first('retries')).url, '/blog/post');
  });
});
