/**
 * From typed text to lunr queries (./query.ts), rule by rule: the tokens, the stop words, and the
 * plans in the order the engine runs them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import lunr from 'lunr';
import {isStopWord, MAX_QUERY_TOKENS, planQueries, tokenizeQuery, type PlannedQuery} from './query';

const NONE = lunr.Query.wildcard.NONE;
const TRAILING = lunr.Query.wildcard.TRAILING;

/** A plan as text: "value" exact (through the pipeline), "value*" prefix (as typed). */
const show = (plans: PlannedQuery[]) =>
  plans.map((p) => ({
    tokens: p.tokens.join(' '),
    terms: p.terms
      .map((t) => {
        assert.deepEqual(Object.keys(t).sort(), ['usePipeline', 'value', 'wildcard'], 'no fuzzy terms: the engine corrects typos itself');
        if (t.wildcard === NONE && t.usePipeline) return t.value;
        if (t.wildcard === TRAILING && !t.usePipeline) return `${t.value}*`;
        throw new Error(`unexpected term ${JSON.stringify(t)}`);
      })
      .join(' '),
  }));

test('tokens: split on whitespace and hyphens, trimmed of non-word characters, lower case, at most 12', () => {
  assert.deepEqual(tokenizeQuery('Get-Customer\tLEDGER\n'), ['get', 'customer', 'ledger']);
  assert.deepEqual(tokenizeQuery('"ledger", (customer_id)!'), ['ledger', 'customer_id']);
  assert.deepEqual(tokenizeQuery('/customers/{id}'), ['customers/{id']);
  assert.deepEqual(tokenizeQuery('a--b - -- c'), ['a', 'b', 'c']);
  assert.deepEqual(tokenizeQuery('..ledger?! ...'), ['ledger'], 'every leading and trailing punctuation mark');
  assert.deepEqual(tokenizeQuery('?? !! ...'), []);
  assert.deepEqual(tokenizeQuery('x.y'), ['x.y'], 'inner punctuation stays');
  const many = Array.from({length: 15}, (_, k) => `w${k}`);
  assert.equal(MAX_QUERY_TOKENS, 12);
  assert.deepEqual(tokenizeQuery(many.join(' ')), many.slice(0, 12));
});

test("stop words are lunr's English list", () => {
  assert.deepEqual(['the', 'a', 'get', 'how', 'ledger', 'customer'].map(isStopWord), [true, true, true, true, false, false]);
});

test('no tokens, no plans; a lone stop word is a prefix being typed', () => {
  assert.deepEqual(planQueries([], {removeDefaultStopWordFilter: false}), []);
  assert.deepEqual(show(planQueries(['a'], {removeDefaultStopWordFilter: false})), [{tokens: 'a', terms: 'a*'}]);
});

test('one word: exact, then as a prefix', () => {
  assert.deepEqual(show(planQueries(['ledg'], {removeDefaultStopWordFilter: false})), [
    {tokens: 'ledg', terms: 'ledg'},
    {tokens: 'ledg', terms: 'ledg*'},
  ]);
});

test('two words: every word exact, then the last as a prefix; stop words left out except a last one being typed', () => {
  const opts = {removeDefaultStopWordFilter: false};
  assert.deepEqual(show(planQueries(['customer', 'ledger'], opts)), [
    {tokens: 'customer ledger', terms: 'customer ledger'},
    {tokens: 'customer ledger', terms: 'customer ledger*'},
  ]);
  assert.deepEqual(show(planQueries(['the', 'ledger'], opts)), [
    {tokens: 'ledger', terms: 'ledger'},
    {tokens: 'ledger', terms: 'ledger*'},
  ]);
  // "ledger a": "a" may be the start of "api"; the exact query leaves it out.
  assert.deepEqual(show(planQueries(['ledger', 'a'], opts)), [
    {tokens: 'ledger', terms: 'ledger'},
    {tokens: 'ledger a', terms: 'ledger a*'},
  ]);
});

test('three words or more: then each word left out once, the last first', () => {
  assert.deepEqual(show(planQueries(['get', 'customer', 'ledger', 'entries'], {removeDefaultStopWordFilter: false})), [
    {tokens: 'customer ledger entries', terms: 'customer ledger entries'},
    {tokens: 'customer ledger entries', terms: 'customer ledger entries*'},
    {tokens: 'customer ledger', terms: 'customer ledger'},
    {tokens: 'customer entries', terms: 'customer entries'},
    {tokens: 'ledger entries', terms: 'ledger entries'},
  ]);
});

test('a plan that repeats an earlier one is not run twice', () => {
  // Leaving out one "ledger" of three gives the same query twice, once.
  assert.deepEqual(show(planQueries(['ledger', 'ledger', 'ledger'], {removeDefaultStopWordFilter: false})), [
    {tokens: 'ledger ledger ledger', terms: 'ledger ledger ledger'},
    {tokens: 'ledger ledger ledger', terms: 'ledger ledger ledger*'},
    {tokens: 'ledger ledger', terms: 'ledger ledger'},
  ]);
  // "a b c": only stop words, the last one being typed.
  assert.deepEqual(show(planQueries(['the', 'a'], {removeDefaultStopWordFilter: false})), [{tokens: 'a', terms: 'a*'}]);
});

test('an index built without the stop-word filter keeps stop words in every plan', () => {
  assert.deepEqual(show(planQueries(['how', 'to', 'page'], {removeDefaultStopWordFilter: true})), [
    {tokens: 'how to page', terms: 'how to page'},
    {tokens: 'how to page', terms: 'how to page*'},
    {tokens: 'how to', terms: 'how to'},
    {tokens: 'how page', terms: 'how page'},
    {tokens: 'to page', terms: 'to page'},
  ]);
});
