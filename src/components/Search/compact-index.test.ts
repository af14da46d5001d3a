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
  const [entry] = buildIndex([docs], {language: ['en'], removeDefaultStopWordFilter: keepStopWords ? ['en'] : [], removeDefaultStemmer: false});
  return lunr.Index.load(JSON.parse(JSON.stringify(entry!.index)));
}

const queries: ((q: lunr.Query) => void)[] = [
  (q) => q.term('ledger'),
  (q) => q.term('customer', {presence: lunr.Query.presence.REQUIRED}).term('ledger', {presence: lunr.Query.presence.REQUIRED}),
  (q) => q.term('led', {wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false}),
  (q) => q.term('ledgr', {editDistance: 1, usePipeline: false}),
  (q) => q.term('request'),
  (q) => q.term('café'),
  (q) => q.term('minute').term('key'),
];

for (const keepStopWords of [false, true]) {
  test(`a compact index loads into a lunr index that scores exactly like the theme's (stop words ${keepStopWords ? 'kept' : 'removed'})`, () => {
    const options = {removeDefaultStopWordFilter: keepStopWords};
    const compact = JSON.parse(JSON.stringify(encodeCompactIndex(documents, options)));
    assert.ok(isCompactIndex(compact));
    const ours = loadCompactIndex(compact, documents, options);
    const theirs = themeIndex(documents, keepStopWords);
    assert.deepEqual(Object.keys(ours.invertedIndex).sort(), Object.keys(theirs.invertedIndex).sort());
    for (const query of queries) {
      const a = ours.query(query).map((r) => [r.ref, r.score, Object.keys(r.matchData.metadata).sort()]);
      const b = theirs.query(query).map((r) => [r.ref, r.score, Object.keys(r.matchData.metadata).sort()]);
      assert.ok(b.length > 0 || String(query).length > 0);
      assert.deepEqual(a, b, String(query));
    }
    assert.ok(ours.query((q) => q.term('ledger')).length === 2, 'the query set is not vacuous');
  });
}

test('termPositions finds the positions lunr stores', () => {
  const theirs = themeIndex(documents);
  for (const query of queries) {
    for (const result of theirs.query(query)) {
      const doc = documents.find((d) => String(d.i) === result.ref)!;
      const stored = Object.values(result.matchData.metadata).flatMap((f) => f.t?.position ?? []);
      const found = termPositions(doc.t, new Set(Object.keys(result.matchData.metadata)), {removeDefaultStopWordFilter: false});
      assert.deepEqual(found.sort((x, y) => x[0] - y[0]), stored.sort((x, y) => x[0] - y[0]), `${doc.t} ${String(query)}`);
    }
  }
  assert.deepEqual(termPositions('a ledger, the Ledgers', new Set(['ledger']), {removeDefaultStopWordFilter: false}), [[2, 7], [14, 7]]);
  assert.deepEqual(termPositions('', new Set(['ledger']), {removeDefaultStopWordFilter: false}), []);
});

test('the compact form is a fraction of the serialised lunr index', () => {
  const many: SearchDocument[] = Array.from({length: 400}, (_, k) => ({i: k + 1, t: `${text[k % 5]} Operation ${k} of resource ${k % 37}.`, u: `/p/${k}`}));
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
