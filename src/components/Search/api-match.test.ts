/**
 * The operation matcher (./api-match.ts) and the identifier words it is built on (./api-terms.ts),
 * rule by rule: how a query is read, which tier each operation gets, and the order within a tier.
 * (Tiers against the rest of the results, on an indexed site: plugins/search/ranking.test.ts.)
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {compareMatches, loadApiRecords, matchApi, parseApiQuery, stem, textWords, type ApiMatch} from './api-match';
import {compactIdentifier, identifierWords, isHttpMethod, looksLikePath, nameWords, pathShape, pathWords, wholeWord} from './api-terms';
import {HTTP_METHODS} from '../../../openapi/model/methods';
import type {ApiRecordDocument} from './types';

describe('api-terms', () => {
  test('HTTP methods, in any case', () => {
    assert.deepEqual([...HTTP_METHODS], ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);
    assert.deepEqual(
      ['GET', 'Post', 'patch', 'fetch', 'gets', ''].map((w) => isHttpMethod(w)),
      [true, true, true, false, false, false],
    );
    // OpenAPI 3.2: "query" and additionalOperations methods are methods where the document has them.
    assert.deepEqual(
      ['query', 'QUERY', 'purge'].map((w) => isHttpMethod(w)),
      [false, false, false],
    );
    assert.deepEqual(
      ['query', 'QUERY', 'purge', 'Purge', 'copy'].map((w) => isHttpMethod(w, new Set(['query', 'purge']))),
      [true, true, true, true, false],
    );
  });

  test('identifierWords: case changes (an acronym before a word too), digits, separators', () => {
    assert.deepEqual(identifierWords('HTTPStatus2xx'), ['http', 'status2xx']);
    assert.deepEqual(identifierWords('status2Xx'), ['status2', 'xx']);
    assert.deepEqual(identifierWords('getABillProfile'), ['get', 'a', 'bill', 'profile']);
    assert.deepEqual(identifierWords('__a--b__'), ['a', 'b']);
    assert.deepEqual(identifierWords('ID'), ['id']);
  });

  test('wholeWord: lower case, braces and outer punctuation dropped', () => {
    assert.equal(wholeWord('{Customer_ID}'), 'customer_id');
    assert.equal(wholeWord('..ledger!'), 'ledger');
    assert.equal(wholeWord('a.b'), 'a.b');
    assert.equal(wholeWord('{}'), '');
  });

  test('pathWords: each segment whole, then its words when they differ; empty segments skipped', () => {
    assert.deepEqual(pathWords('/customers//{customer_id}/'), ['customers', 'customer_id', 'customer', 'id']);
    assert.deepEqual(pathWords('ledger'), ['ledger']);
    assert.deepEqual(pathWords('/{}/x'), ['x']);
  });

  test('nameWords: the words, and the name whole when it has several', () => {
    assert.deepEqual(nameWords('Idempotency-Key'), ['idempotency-key', 'idempotency', 'key']);
    assert.deepEqual(nameWords('id'), ['id']);
    assert.deepEqual(nameWords('--'), []);
  });

  test('compactIdentifier drops case and every separator', () => {
    assert.equal(compactIdentifier('Get-Customer_Ledger v2'), 'getcustomerledgerv2');
  });

  test('pathShape: parameter names (braces or colon) out, query and hash out, lower case, no trailing slashes, a leading slash', () => {
    assert.equal(pathShape('  /Customers/{customer_id}/ledger//?page=2#x '), '/customers/{}/ledger');
    assert.equal(pathShape('customers/:customer_id/ledger'), '/customers/{}/ledger');
    assert.equal(pathShape('/a#b'), '/a');
    assert.equal(pathShape('/'), '/');
    assert.equal(pathShape('/v2:batch'), '/v2{}');
  });

  test('looksLikePath: a leading slash, or words around a slash', () => {
    assert.deepEqual(['/x', 'customers/{id}', 'a/b.c', 'v1/', 'customers', 'a b/c', 'a/b c', '/'].map(looksLikePath), [
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
  });
});

test('textWords: lower case, split on anything but letters and digits', () => {
  assert.deepEqual(textWords('Get a bill-profile (v2)!'), ['get', 'a', 'bill', 'profile', 'v2']);
  assert.deepEqual(textWords(''), []);
});

test("stem: lunr's English stemmer, the same answer twice", () => {
  assert.equal(stem('customers'), 'custom');
  assert.equal(stem('customers'), 'custom');
  assert.equal(stem('invoices'), stem('invoice'));
});

describe('parseApiQuery', () => {
  test('a leading method is taken out only when something follows it', () => {
    const q = parseApiQuery('POST /customers');
    assert.equal(q.method, 'post');
    assert.equal(q.shape, '/customers');
    assert.deepEqual(q.required, ['customers']);
    assert.deepEqual(q.tokens, ['post', 'customers']);
    assert.equal(q.compact, 'postcustomers');
    assert.equal(q.compactWithoutMethod, 'customers');
    const alone = parseApiQuery('patch');
    assert.equal(alone.method, null);
    assert.deepEqual(alone.required, ['patch']);
    assert.equal(parseApiQuery('customers get').method, null, 'only a leading method');
  });

  test('words: stop words are optional, each word once, paths cut into their words', () => {
    const q = parseApiQuery('invoices for a customer for customer');
    assert.deepEqual(q.required, ['invoices', 'customer']);
    assert.deepEqual(q.optional, ['for', 'a']);
    assert.deepEqual(q.tokens, ['invoices', 'for', 'a', 'customer']);
    assert.equal(q.shape, null, 'several words are no path');
    assert.deepEqual(parseApiQuery('/customers/{customer_id}').required, ['customers', 'customer_id', 'customer', 'id']);
    assert.equal(parseApiQuery('/customers/{customer_id}').shape, '/customers/{}');
  });

  test('the last word may be unfinished: no trailing space, letters and digits only, one word', () => {
    assert.equal(parseApiQuery('ledg').lastIsPrefix, true);
    assert.equal(parseApiQuery('customer ledg').lastIsPrefix, true);
    assert.equal(parseApiQuery('ledg ').lastIsPrefix, false);
    assert.equal(parseApiQuery('entry_ty').lastIsPrefix, false);
    assert.equal(parseApiQuery('entryTy').lastIsPrefix, false, 'two words');
    assert.equal(parseApiQuery('/ledg').lastIsPrefix, false);
    assert.equal(parseApiQuery('').lastIsPrefix, false);
  });

  test('isName: some word written as an identifier (snake_case or camelCase), not a path', () => {
    assert.deepEqual(
      ['due_date', 'dueDate', 'due date', 'DUE', '/customers/{customer_id}', 'a_', 'x due_date'].map((q) => parseApiQuery(q).isName),
      [true, true, false, false, false, false, true],
    );
  });
});

const RECORDS: ApiRecordDocument[] = [
  {i: 1, t: 'Create customer', u: '/c1', m: 'POST', a: '/customers', o: 'createCustomer', g: ['Customers'], k: 'name tax_exempt'},
  {
    i: 2,
    t: 'Get customer',
    u: '/c2',
    m: 'GET',
    a: '/customers/{customer_id}',
    o: 'getCustomer',
    g: ['Customers'],
    k: 'customer_id balance',
  },
  {
    i: 3,
    t: 'Update customer',
    u: '/c3',
    m: 'PATCH',
    a: '/customers/{customer_id}',
    o: 'updateCustomer',
    g: ['Customers'],
    k: 'customer_id',
  },
  {
    i: 4,
    t: 'Download invoice',
    u: '/i1',
    m: 'GET',
    a: '/invoices/{invoice_id}/pdf',
    o: 'downloadInvoice',
    g: ['Billing Documents'],
    k: 'invoice_id',
  },
  {
    i: 5,
    t: 'Get invoices for a customer',
    u: '/i2',
    m: 'GET',
    a: '/customers/:customer_id/invoices',
    o: 'getInvoicesForACustomer',
    g: ['Invoices'],
    k: 'status',
  },
  {i: 6, t: 'List things', u: '/t', m: 'GET', a: '/things', g: [], k: ''},
];

describe('loadApiRecords', () => {
  const index = loadApiRecords(RECORDS);

  test('every record by its id; words counted once per record', () => {
    assert.deepEqual([...index.byId.keys()], [1, 2, 3, 4, 5, 6]);
    assert.equal(index.words.get('customer'), 4, 'in four records (Get customer has it in its summary and in customer_id: once)');
    assert.equal(index.words.get('tax_exempt'), 1);
    assert.equal(index.words.get('billingdocuments'), 1, 'a tag whole');
    assert.equal(index.words.get('pdf'), 1);
    assert.deepEqual(index.nameList, [...index.nameList].sort());
  });

  test('a record without method or path is left out', () => {
    const broken = loadApiRecords([
      {i: 9, t: 'x', u: '/x', m: undefined as unknown as string, a: '/x'},
      {i: 10, t: 'y', u: '/y', m: 'GET', a: 7 as unknown as string},
      RECORDS[0]!,
    ]);
    assert.deepEqual(
      broken.records.map((r) => r.doc.i),
      [1],
    );
    assert.deepEqual([...broken.byId.keys()], [1]);
  });
});

describe('matchApi', () => {
  const index = loadApiRecords(RECORDS);
  const tiers = (q: string) => matchApi(index, q).matches.map((m) => `${m.id}:${m.tier}:${m.exactKind}:${m.exactWords}`);

  // Tier 0 counts every required word as found (the last number).
  test('tier 0: method + path (kind 0), path (kind 1), operationId (kind 2, with or without the method)', () => {
    assert.deepEqual(tiers('GET /customers/{id}'), ['2:0:0:2']);
    assert.deepEqual(tiers('/customers/{id}'), ['2:0:1:2', '3:0:1:2']);
    assert.deepEqual(tiers('/Customers/:id/invoices/'), ['5:0:1:3']);
    assert.deepEqual(tiers('updateCustomer'), ['3:0:2:3']);
    assert.deepEqual(tiers('get getCustomer'), ['2:0:2:2']);
    assert.deepEqual(tiers('patch getCustomer'), [], 'the method still filters');
  });

  test('tier 1 counts the optional words and the method found in the summary', () => {
    assert.deepEqual(tiers('invoices for a customer'), ['5:1:0:2']);
    assert.deepEqual(tiers('get invoices'), ['4:1:0:0', '5:1:0:1']);
    assert.deepEqual(tiers('GET the customers'), ['2:1:0:1', '5:1:0:1']);
  });

  test('tier 2: path segments, operationId words, tags; tier 3: names', () => {
    assert.deepEqual(tiers('pdf'), ['4:2:0:0']);
    assert.deepEqual(tiers('billing documents'), ['4:2:0:0']);
    assert.deepEqual(tiers('things'), ['6:1:0:0']);
    assert.deepEqual(tiers('balance'), ['2:3:0:0']);
    assert.deepEqual(tiers('customer balance'), ['2:3:0:0']);
    assert.deepEqual(tiers('tax_exempt'), ['1:3:0:0']);
  });

  test('the last word as a prefix: three letters at least, and only the last', () => {
    assert.deepEqual(tiers('downl'), ['4:1:0:0']);
    assert.deepEqual(tiers('do'), []);
    assert.deepEqual(tiers('dow'), ['4:1:0:0']);
    assert.deepEqual(tiers('downl invoice'), []);
    assert.deepEqual(tiers('invoice downl'), ['4:1:0:0']);
    assert.deepEqual(tiers('bal'), ['2:3:0:0']);
    assert.deepEqual(tiers('zzz'), []);
  });

  test('nothing to match: a lone method, stop words only, no index, an empty index', () => {
    assert.deepEqual(tiers('get'), []);
    assert.deepEqual(tiers('the a'), []);
    assert.deepEqual(tiers('???'), []);
    assert.deepEqual(matchApi(null, 'customer').matches, []);
    assert.deepEqual(matchApi(loadApiRecords([]), 'customer').matches, []);
    assert.equal(matchApi(null, 'GET x').parsed.method, 'get');
  });
});

describe('compareMatches: tier, exact kind, exact words, lunr, length, order', () => {
  const m = (id: number, over: Partial<ApiMatch> = {}): ApiMatch => ({
    id,
    tier: 1,
    exactKind: 0,
    length: 3,
    exactWords: 0,
    order: id,
    ...over,
  });
  const sorted = (matches: ApiMatch[], ranks: Record<number, number> = {}) =>
    [...matches].sort((a, b) => compareMatches(a, b, (id) => ranks[id] ?? Infinity)).map((x) => x.id);

  test('each key decides only when the ones before it are equal', () => {
    assert.deepEqual(sorted([m(1, {tier: 2}), m(2, {tier: 0, exactKind: 2}), m(3, {tier: 1})]), [2, 3, 1]);
    assert.deepEqual(sorted([m(1, {tier: 0, exactKind: 2}), m(2, {tier: 0, exactKind: 0}), m(3, {tier: 0, exactKind: 1})]), [2, 3, 1]);
    assert.deepEqual(sorted([m(1, {exactWords: 0}), m(2, {exactWords: 2}), m(3, {exactWords: 1})]), [2, 3, 1]);
    assert.deepEqual(sorted([m(1), m(2), m(3)], {1: 9, 2: 0, 3: 4}), [2, 3, 1]);
    assert.deepEqual(sorted([m(1, {length: 4}), m(2, {length: 1}), m(3, {length: 2})]), [2, 3, 1]);
    assert.deepEqual(sorted([m(3), m(1), m(2)]), [1, 2, 3]);
    // Found by lunr before not found; a later key never overrides an earlier one.
    assert.deepEqual(sorted([m(1, {length: 1}), m(2, {length: 9})], {2: 0}), [2, 1]);
    assert.deepEqual(sorted([m(1, {exactWords: 1}), m(2)], {2: 0}), [1, 2]);
    assert.deepEqual(sorted([m(1, {tier: 0, exactKind: 1}), m(2, {tier: 0, exactKind: 0, exactWords: 0})], {1: 0}), [2, 1]);
  });
});

describe('the words each record is found by', () => {
  const records: ApiRecordDocument[] = [
    {i: 1, t: 'List widgets', u: '/w', m: 'GET', a: '/widgets/{widget_id}', o: 'listWidgets', g: ['Widget Store'], k: 'page_size'},
    {i: 2, t: 'Ping', u: '/p', m: 'GET', a: '/ping'},
    {i: 3, t: 'Fetch things', u: '/f', m: 'GET', a: '/things/{id}', o: 'retrieveGadget'},
    {i: 4, t: 'Frobnicate alphabets', u: '/a', m: 'POST', a: '/frob/a'},
    {i: 5, t: 'Frobnicate alphanumerics', u: '/n', m: 'POST', a: '/frob/n'},
    {i: 6, t: 'Patch notes', u: '/pn', m: 'GET', a: '/notes'},
    {i: 7, t: 'List patches', u: '/lp', m: 'GET', a: '/patches'},
  ];
  const index = loadApiRecords(records);
  const tiers = (q: string) => matchApi(index, q).matches.map((m) => `${m.id}:${m.tier}`);

  test('the typo vocabulary: summary, path, operationId (its words and whole), tags (words and whole), names; nothing else', () => {
    const only = loadApiRecords(records.slice(0, 2));
    assert.deepEqual([...only.words.keys()].sort(), [
      'id',
      'list',
      'listwidgets',
      'page',
      'page_size',
      'ping',
      'size',
      'store',
      'widget',
      'widget_id',
      'widgets',
      'widgetstore',
    ]);
    assert.deepEqual(
      [...only.words.values()].every((n) => n === 1),
      true,
    );
  });

  test('operationIds are looked up whole, only for the records that have one', () => {
    assert.deepEqual([...index.byOperationId.keys()], ['listwidgets', 'retrievegadget']);
    assert.deepEqual(tiers('retrieve gadget'), ['3:0']);
    assert.deepEqual(tiers('gadget'), ['3:2'], 'a word of the operationId only: tier 2');
    assert.deepEqual(tiers('get list widgets'), ['1:0'], 'the method, then the operationId written as words');
    assert.deepEqual(tiers('post list widgets'), [], 'the method still filters');
  });

  test('an unfinished last word finds every word it starts', () => {
    assert.deepEqual(tiers('frobnicate alpha'), ['4:1', '5:1']);
    assert.deepEqual(tiers('frobnicate alpha '), [], 'finished: a word of its own');
    assert.deepEqual(tiers('frobnicate al'), [], 'two letters are too few to be a prefix');
  });

  test('OpenAPI 3.2: QUERY and additionalOperations methods are found by their method, alone or before a path', () => {
    const idx = loadApiRecords([
      ...records,
      {i: 20, t: 'Search meters', u: '/sm', m: 'QUERY', a: '/meters'},
      {i: 21, t: "Purge a meter's cache", u: '/pm', m: 'PURGE', a: '/meters/{meterId}'},
      {i: 22, t: 'Copy a meter', u: '/cm', m: 'COPY', a: '/meters/{meterId}'},
      {i: 23, t: 'Get a meter', u: '/gm', m: 'GET', a: '/meters/{meterId}'},
    ]);
    const found = (q: string) => matchApi(idx, q).matches.map((m) => `${m.id}:${m.tier}`);
    assert.deepEqual([...idx.methods].sort(), ['copy', 'get', 'post', 'purge', 'query']);
    assert.deepEqual(found('QUERY'), ['20:1']);
    assert.deepEqual(found('query'), ['20:1']);
    assert.deepEqual(found('purge'), ['21:1']);
    assert.deepEqual(found('COPY'), ['22:1']);
    assert.deepEqual(found('PURGE /meters/{id}'), ['21:0'], 'method and path');
    assert.deepEqual(found('copy meter'), ['22:1'], 'the method filters');
    assert.equal(parseApiQuery('purge /meters', idx.methods).method, 'purge');
    assert.equal(parseApiQuery('purge /meters').method, null, 'not a method without the index');
    // Where no operation has the method, "query" is a word like any other.
    assert.equal(matchApi(index, 'query widgets').parsed.method, null);
  });

  test('a lone method is prose, even when a summary has the word; after a method the word is a word', () => {
    assert.deepEqual(tiers('patch'), []);
    assert.deepEqual(tiers('get patch'), ['6:1', '7:1']);
    assert.deepEqual(tiers('GET notes'), ['6:1']);
  });

  test('an empty query, or spaces around the words', () => {
    assert.deepEqual(parseApiQuery(''), {
      method: null,
      shape: null,
      compact: '',
      compactWithoutMethod: '',
      required: [],
      optional: [],
      lastIsPrefix: false,
      tokens: [],
      isName: false,
    });
    assert.deepEqual(parseApiQuery('   '), {...parseApiQuery(''), compact: ''});
    const spaced = parseApiQuery('  get   widgets  ');
    assert.deepEqual([spaced.method, spaced.required, spaced.lastIsPrefix], ['get', ['widgets'], false]);
    assert.equal(parseApiQuery('customer led-').lastIsPrefix, false, 'punctuation ends the word');
    assert.equal(wholeWord('ledger..'), 'ledger');
    assert.equal(wholeWord('--{ledger}--'), 'ledger');
  });
});
