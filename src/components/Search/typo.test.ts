/**
 * The rules of ./typo.ts, one by one: which words are corrected, how far, to what, and how a query
 * is rebuilt around the corrections. (The engine's use of them: plugins/search/ranking.test.ts, ./engine.test.ts.)
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {
  allowedEdits,
  correctQuery,
  editDistance,
  lowerBound,
  MIN_TYPO_LENGTH,
  TWO_EDITS_LENGTH,
  VERY_LITTLE_DOCUMENTS,
  Vocabulary,
  WEAK_FACTOR,
  type WordStatus,
} from './typo';

const vocabulary = (words: Record<string, number>) => {
  const v = new Vocabulary();
  for (const [w, n] of Object.entries(words)) v.add(w, n);
  return v;
};

describe('allowed edits by word length', () => {
  test('none below 4 letters, 1 from 4 to 7, 2 from 8', () => {
    assert.deepEqual([MIN_TYPO_LENGTH, TWO_EDITS_LENGTH, VERY_LITTLE_DOCUMENTS, WEAK_FACTOR], [4, 8, 2, 10]);
    assert.deepEqual(['abc', 'abcd', 'abcdefg', 'abcdefgh', 'abcdefghijkl'].map(allowedEdits), [0, 1, 1, 2, 2]);
  });
});

describe('editDistance (optimal string alignment)', () => {
  test('each kind of edit counts one; two neighbours swapped count one', () => {
    assert.equal(editDistance('ledger', 'ledger', 2), 0);
    assert.equal(editDistance('ledger', 'ledgers', 2), 1, 'inserted');
    assert.equal(editDistance('ledgers', 'ledger', 2), 1, 'deleted');
    assert.equal(editDistance('ledger', 'ledgar', 2), 1, 'replaced');
    assert.equal(editDistance('ledger', 'eldger', 2), 1, 'swapped at the start');
    assert.equal(editDistance('ledger', 'ledgre', 2), 1, 'swapped at the end');
    assert.equal(editDistance('invoice', 'invocie', 2), 1);
    assert.equal(editDistance('ab', 'ba', 2), 1);
    assert.equal(editDistance('abc', 'cba', 3), 2, 'a swap of letters that are not neighbours is two edits');
    assert.equal(editDistance('', 'abc', 3), 3);
    assert.equal(editDistance('abc', '', 3), 3);
    assert.equal(editDistance('kitten', 'sitting', 3), 3);
  });

  test('max + 1 as soon as the distance exceeds max', () => {
    assert.equal(editDistance('abcdef', 'abcdefgh', 1), 2, 'lengths 2 apart');
    assert.equal(editDistance('abcdef', 'abcdefg', 1), 1, 'lengths 1 apart: not cut');
    assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3);
    assert.equal(editDistance('aaaaaa', 'bbbbbb', 0), 1);
    assert.equal(editDistance('abcd', 'abdc', 1), 1);
    // Exactly max is within: not cut.
    assert.equal(editDistance('abcd', 'bacd', 1), 1);
    assert.equal(editDistance('abcd', 'xbcy', 2), 2);
    assert.equal(editDistance('abcd', 'xbcy', 1), 2);
    assert.equal(editDistance('abcdef', 'abcdefghij', 1), 2, 'lengths 4 apart: max + 1, not the distance');
    assert.equal(editDistance('ab', 'abcdefgh', 2), 3);
    assert.equal(editDistance('ba', 'ac', 2), 2, 'a swap needs both letters: "ba" → "ac" is not one');
  });
});

test('lowerBound: the first index whose item is not below the value', () => {
  const list = ['b', 'd', 'f'];
  assert.deepEqual(
    ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((v) => lowerBound(list, v)),
    [0, 0, 1, 1, 2, 2, 3],
  );
  assert.equal(lowerBound([], 'a'), 0);
  assert.equal(lowerBound(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 'h'), 7);
});

describe('Vocabulary', () => {
  test('counts words; a text adds its words of 2+ characters, lower case, identifiers whole', () => {
    const v = new Vocabulary();
    v.addText('The Customer_ID of a customer: 42 x');
    assert.deepEqual([...v.counts.entries()].sort(), [
      ['42', 1],
      ['customer', 1],
      ['customer_id', 1],
      ['of', 1],
      ['the', 1],
    ]);
    v.add('customer', 3);
    v.add('ledger');
    assert.equal(v.count('customer'), 4);
    assert.equal(v.count('ledger'), 1);
    assert.equal(v.count('nothing'), 0);
    assert.equal(v.has('ledger'), true);
    assert.equal(v.has('a'), false);
  });

  test('hasPrefix: some word starts with it; `longer`: some word other than itself', () => {
    const v = vocabulary({ledger: 1, led: 1, customer: 1});
    assert.equal(v.hasPrefix('led'), true);
    assert.equal(v.hasPrefix('led', true), true, 'ledger is longer');
    assert.equal(v.hasPrefix('ledger', true), false);
    assert.equal(v.hasPrefix('ledger'), true);
    assert.equal(v.hasPrefix('cust', true), true);
    assert.equal(v.hasPrefix('zz'), false);
    assert.equal(v.hasPrefix('a'), false, 'a prefix before every word that starts none');
    // Words added later are seen (the sorted list is rebuilt).
    v.add('zebra');
    assert.equal(v.hasPrefix('zeb'), true);
  });

  test('correct: only to a word within the allowed edits, never the word itself', () => {
    const v = vocabulary({customer: 5, ledger: 2, tax: 9, customers: 1});
    assert.equal(v.correct('ledgr'), 'ledger');
    assert.equal(v.correct('ledger'), null, 'the word itself is no correction');
    assert.equal(v.correct('tix'), null, 'three letters: never corrected');
    assert.equal(v.correct('lxdgxr'), null, 'two edits for six letters');
    assert.equal(v.correct('cxstxmer'), 'customer', 'two edits for eight letters');
    assert.equal(v.correct('cxstxmxr'), null, 'three edits');
  });

  test('correct: the closest first, then the most frequent, then the first in alphabetical order', () => {
    assert.equal(vocabulary({customers: 50, customer: 1}).correct('custmer'), 'customer', 'closest wins over frequency');
    assert.equal(
      vocabulary({custody: 1, customer: 1, custome: 1}).correct('customr'),
      'custome',
      'one edit from customer and from custome, as frequent: alphabetically',
    );
    assert.equal(vocabulary({custome: 1, customer: 1}).correct('customr'), 'custome');
    assert.equal(vocabulary({customer: 1, custome: 1}).correct('customr'), 'custome', 'whatever the order they were added in');
    assert.equal(vocabulary({custome: 1, customer: 3}).correct('customr'), 'customer', 'the more frequent');
    assert.equal(vocabulary({customer: 3, custome: 1}).correct('customr'), 'customer');
    assert.equal(
      vocabulary({invoices: 1, invoiced: 5}).correct('invoicess'),
      'invoices',
      'a farther candidate after the closest one does not replace it',
    );
    assert.equal(vocabulary({invoiced: 5, invoices: 1}).correct('invoicess'), 'invoices');
  });

  test('correct: minCount, and only words and identifiers starting with a letter', () => {
    const v = vocabulary({ledger: 4, '1edger': 9, ledgers: 1});
    assert.equal(v.correct('ledgerz', 5), null, 'ledger is there 4 times, ledgers once: neither reaches 5');
    assert.equal(v.correct('ledgerz', 4), 'ledger');
    assert.equal(v.correct('1edgr'), null, 'not a word');
    assert.equal(v.correct('edger'), 'ledger', 'never to 1edger, which does not start with a letter');
    assert.equal(v.correct('ledg-r'), null, 'punctuated: corrected piece by piece by correctQuery');
    assert.equal(vocabulary({customer_id: 1}).correct('custmer_id'), 'customer_id');
    assert.equal(vocabulary({ab: 1, abcdefgh: 1}).correct('abcdefghij'), 'abcdefgh', 'a candidate two letters shorter, two edits');
    assert.equal(vocabulary({abcdefghijk: 1}).correct('abcdefgh'), null, 'three letters longer');
  });
});

describe('correctQuery', () => {
  const v = vocabulary({customer: 10, ledger: 10, customer_id: 3, id: 5, invoice: 4, pdf: 2, customers: 2});
  const known = (w: string, isLast: boolean): WordStatus => (v.has(w) || (isLast && v.hasPrefix(w, true)) ? 'known' : 'unknown');

  test('the words that need it corrected in place, lower case; spacing kept; null when nothing changed', () => {
    assert.equal(correctQuery('Custmer  ledgr', v, known), 'customer  ledger');
    assert.equal(correctQuery(' custmer', v, known), 'customer', 'outer spaces trimmed');
    assert.equal(correctQuery('customer ledger', v, known), null);
    assert.equal(correctQuery('qqqqq', v, known), null, 'no word near it');
    assert.equal(correctQuery('', v, known), null);
  });

  test('the last word is passed as still typed unless the query ends with a space', () => {
    const seen: [string, boolean][] = [];
    const spy = (w: string, isLast: boolean): WordStatus => {
      seen.push([w, isLast]);
      return known(w, isLast);
    };
    assert.equal(correctQuery('ledger cust', v, spy), null, 'cust starts customer: being typed');
    assert.deepEqual(seen, [
      ['ledger', false],
      ['cust', true],
    ]);
    seen.length = 0;
    assert.equal(correctQuery('ledger custmer ', v, spy), 'ledger customer', 'finished: corrected (the query trimmed)');
    assert.deepEqual(seen, [
      ['ledger', false],
      ['custmer', false],
    ]);
    seen.length = 0;
    assert.equal(correctQuery('custmer ledger', v, spy), 'customer ledger');
    assert.deepEqual(seen, [
      ['custmer', false],
      ['ledger', true],
    ]);
  });

  test('weak words are corrected only to a word WEAK_FACTOR times as frequent as they are', () => {
    const w = vocabulary({customer: 20, custmer: 2, ledger: 9, ledgr: 1});
    const status = (word: string): WordStatus => (word === 'custmer' || word === 'ledgr' ? 'weak' : 'known');
    assert.equal(correctQuery('custmer', w, status), 'customer', '20 = 10 × 2');
    w.add('custmer');
    assert.equal(correctQuery('custmer', w, status), null, '20 < 10 × 3');
    assert.equal(correctQuery('ledgr', w, status), null, '9 < 10 × 1');
    w.add('ledger');
    assert.equal(correctQuery('ledgr', w, status), 'ledger', '10 = 10 × 1');
    // A weak word not in the vocabulary counts as once.
    const x = vocabulary({customer: 10});
    assert.equal(
      correctQuery('custmer', x, () => 'weak'),
      'customer',
    );
  });

  test('identifiers whole, else each run of letters; the status of the identifier decides', () => {
    assert.equal(correctQuery('custmer_id', v, known), 'customer_id');
    assert.equal(correctQuery('custmer_zzz', v, known), 'customer_zzz', 'no such identifier: its words');
    assert.equal(correctQuery('customer_zzz', v, known), null);
    assert.equal(correctQuery('custmer-id', v, known), 'customer-id');
    assert.equal(correctQuery('/custmers/{id}', v, known), '/customers/{id}');
    assert.equal(correctQuery('GET /Custmers', v, known), 'GET /customers', 'a word not corrected keeps its case');
    // A known identifier with unknown pieces is kept whole.
    const withId = vocabulary({custmer_id: 1, customer: 10, id: 3});
    const k = (w: string): WordStatus => (withId.has(w) ? 'known' : 'unknown');
    assert.equal(correctQuery('custmer_id', withId, k), null);
  });

  test('in a punctuated last word only its last run of letters, at its very end, may be unfinished', () => {
    assert.equal(correctQuery('/customers/{id}/ledg', v, known), null, 'ledg starts ledger');
    assert.equal(correctQuery('/custmer/{id}', v, known), '/customer/{id}', 'not at the end: finished');
    assert.equal(correctQuery('/custmer', v, known), '/customer', 'at the end, but nothing starts with it');
    assert.equal(correctQuery('/ledg/x', v, known), null, 'ledg: too short to correct anyway');
    assert.equal(correctQuery('/invoic', v, known), null, 'typing invoice');
    assert.equal(correctQuery('/invoic.', v, known), '/invoice.', 'a full stop after it: finished');
    assert.equal(correctQuery('/invoic /x', v, known), '/invoice /x', 'not the last word');
  });

  test('only words are looked up: never the spaces or the punctuation between them', () => {
    const asked: [string, boolean][] = [];
    const status = (w: string, isLast: boolean): WordStatus => {
      asked.push([w, isLast]);
      return 'known';
    };
    assert.equal(correctQuery('ledgr-entris.x  /y', v, status), null);
    assert.deepEqual(asked, [
      ['ledgr', false],
      ['entris', false],
      ['x', false],
      ['y', true],
    ]);
  });
});
