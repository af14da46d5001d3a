import {test} from 'node:test';
import assert from 'node:assert/strict';
import lunr from 'lunr';
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js';
import {COMPACT_INDEX_FORMAT, encodeCompactIndex, isCompactIndex, loadCompactIndex, termPositions} from './compact-index';
import type {SearchDocument} from './types';

const text = [
  'Returns the ledger of a customer: invoices, payments, adjustments, credits and refunds, oldest first.',
  'Filter the ledger by effective date and entry type. The ledger is paginated; ledgers of closed accounts stay readable.',
  'Creates a customer account with a bill profile. Customers, customer-ids and CUSTOMER records.',
  'Idempotency-Key: repeat a POST within 24 hours and the API returns the first response.',
  'Rate limits: 300 requests per minute per subscription key; HTTP 429 with Retry-After.',
  'the and of to a in',
  '',
  'Ünïcode façade naïve café — résumé, 日本語 text and émoji ✓.',
];
const documents: SearchDocument[] = text.map((t, k) => ({i: 3 * k + 5, t, u: `/docs/page-${k}`, h: '', p: 1}));

/** The index the theme (search-local) would serialise for these documents. */
function themeIndex(docs: SearchDocument[], keepStopWords = false): lunr.Index {
  const [entry] = buildIndex([docs], {
    language: ['en'],
    removeDefaultStopWordFilter: keepStopWords ? ['en'] : [],
    removeDefaultStemmer: false,
  });
  return lunr.Index.load(JSON.parse(JSON.stringify(entry!.index)));
}

/**
 * Queries with the documents (ids) they must find, read off the texts above: ids are 3k+5 for
 * text k (5: "Returns the ledger…", 8: "Filter the ledger…", 11: "Creates a customer…",
 * 14: "Idempotency-Key…", 17: "Rate limits…", 26: "Ünïcode… café…").
 */
const queries: {name: string; run: (q: lunr.Query) => void; finds: string[]}[] = [
  {name: 'ledger', run: (q) => q.term('ledger'), finds: ['5', '8']},
  {
    name: '+customer +ledger',
    run: (q) => q.term('customer', {presence: lunr.Query.presence.REQUIRED}).term('ledger', {presence: lunr.Query.presence.REQUIRED}),
    finds: ['5'],
  },
  {name: 'led*', run: (q) => q.term('led', {wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false}), finds: ['5', '8']},
  {name: 'ledgr~1', run: (q) => q.term('ledgr', {editDistance: 1, usePipeline: false}), finds: ['5', '8']},
  {name: 'request (stemmed "requests")', run: (q) => q.term('request'), finds: ['17']},
  {name: 'façade', run: (q) => q.term('façade'), finds: ['26']},
  // The index trims "café" to "caf" (lunr's trimmer drops non-ASCII letters at word ends); a raw
  // lunr query is not trimmed, so it finds nothing. (The site's engine trims query tokens the
  // same way, ./query.ts, so a reader's "café" does match.)
  {name: 'café (untrimmed)', run: (q) => q.term('café'), finds: []},
  {name: 'caf', run: (q) => q.term('caf'), finds: ['26']},
  {name: 'minute key ("Idempotency-Key" splits at the hyphen)', run: (q) => q.term('minute').term('key'), finds: ['14', '17']},
];

for (const keepStopWords of [false, true]) {
  test(`a compact index loads into a lunr index that scores exactly like the theme's (stop words ${keepStopWords ? 'kept' : 'removed'})`, () => {
    const options = {removeDefaultStopWordFilter: keepStopWords};
    const compact = JSON.parse(JSON.stringify(encodeCompactIndex(documents, options)));
    assert.ok(isCompactIndex(compact));
    const ours = loadCompactIndex(compact, documents, options);
    const theirs = themeIndex(documents, keepStopWords);
    assert.deepEqual(Object.keys(ours.invertedIndex).sort(), Object.keys(theirs.invertedIndex).sort());
    for (const {name, run, finds} of queries) {
      const a = ours.query(run).map((r) => [r.ref, r.score, Object.keys(r.matchData.metadata).sort()]);
      const b = theirs.query(run).map((r) => [r.ref, r.score, Object.keys(r.matchData.metadata).sort()]);
      assert.deepEqual(b.map(([ref]) => ref).sort(), finds, `the theme's index: ${name}`);
      assert.deepEqual(a, b, name);
    }
  });
}

test('termPositions finds the positions lunr stores', () => {
  const theirs = themeIndex(documents);
  let checked = 0;
  for (const {name, run} of queries) {
    for (const result of theirs.query(run)) {
      checked += 1;
      const doc = documents.find((d) => String(d.i) === result.ref)!;
      const stored = Object.values(result.matchData.metadata).flatMap((f) => f.t?.position ?? []);
      const found = termPositions(doc.t, new Set(Object.keys(result.matchData.metadata)), {removeDefaultStopWordFilter: false});
      assert.deepEqual(
        found.sort((x, y) => x[0] - y[0]),
        stored.sort((x, y) => x[0] - y[0]),
        `${doc.t} ${name}`,
      );
    }
  }
  assert.equal(checked, 12, 'every result of the query set was checked');
  assert.deepEqual(termPositions('a ledger, the Ledgers', new Set(['ledger']), {removeDefaultStopWordFilter: false}), [
    [2, 7],
    [14, 7],
  ]);
  assert.deepEqual(termPositions('', new Set(['ledger']), {removeDefaultStopWordFilter: false}), []);
});

test('the compact form is a fraction of the serialised lunr index', () => {
  const many: SearchDocument[] = Array.from({length: 400}, (_, k) => ({
    i: k + 1,
    t: `${text[k % 5]} Operation ${k} of resource ${k % 37}.`,
    u: `/p/${k}`,
  }));
  const compact = JSON.stringify(encodeCompactIndex(many, {removeDefaultStopWordFilter: false}));
  const lunrJson = JSON.stringify(themeIndex(many));
  assert.ok(compact.length * 4 < lunrJson.length, `${compact.length} vs ${lunrJson.length}`);
});

test('format errors are reported, not guessed around', () => {
  const options = {removeDefaultStopWordFilter: false};
  assert.throws(() => encodeCompactIndex([documents[0]!, {...documents[1]!, i: documents[0]!.i}], options), /two documents have the id 5/);
  const compact = encodeCompactIndex(documents, options);
  assert.throws(() => loadCompactIndex({...compact, postings: compact.postings.slice(1)}, documents, options), /terms but/);
  assert.throws(() => loadCompactIndex(compact, documents.slice(1), options), /lists document \d+, which is not among the documents/);
  assert.equal(isCompactIndex({format: 'other', terms: [], postings: []}), false);
  assert.equal(isCompactIndex({format: COMPACT_INDEX_FORMAT, terms: [], postings: []}), true);
  assert.equal(isCompactIndex(null), false);
});
