import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cutAtWord, ELLIPSIS, leadSentences} from './cut';

test('cutAtWord: a text that fits is kept whole (whitespace tidied)', () => {
  assert.equal(cutAtWord('Returns one customer.', 40), 'Returns one customer.');
  assert.equal(cutAtWord('  Returns\n one   customer. ', 40), 'Returns one customer.');
});

test('cutAtWord: a long text ends at a word boundary with an ellipsis, within the limit', () => {
  const text = 'Creates a customer account. Choose a customer type (Get customer types) and an active bill profile';
  const cut = cutAtWord(text, 45);
  assert.ok(cut.endsWith(ELLIPSIS), cut);
  assert.ok(cut.length <= 45, `${cut.length} characters`);
  const words = cut.slice(0, -1).split(' ');
  // Every word of the cut text is a whole word of the original, in order.
  assert.deepEqual(words, text.split(' ').slice(0, words.length));
  assert.equal(cut, `Creates a customer account. Choose a${ELLIPSIS}`);
});

test('cutAtWord: no dangling punctuation or opening bracket before the ellipsis', () => {
  assert.equal(cutAtWord('Returns the ledger, newest first and paged', 22), `Returns the ledger${ELLIPSIS}`);
  assert.equal(cutAtWord('Choose a customer type (Get customer types)', 25), `Choose a customer type${ELLIPSIS}`);
});

test('cutAtWord: one word longer than the limit is cut inside it', () => {
  assert.equal(cutAtWord('Supercalifragilistic', 10), `Supercali${ELLIPSIS}`);
});

test('leadSentences: whole sentences within the limit, else a word-boundary cut', () => {
  const text =
    'Creates a customer account. Choose a customer type and an active bill profile: it fixes the currency, bill cycle and payment terms.';
  assert.equal(leadSentences(text, 200), text);
  assert.equal(leadSentences(text, 60), 'Creates a customer account.');
  assert.equal(leadSentences('Version 2.0 changed it. More text follows here.', 30), 'Version 2.0 changed it.');
  // A first sentence over the limit is kept whole up to twice the limit, then cut.
  assert.equal(leadSentences('A first sentence of some length. Then more.', 20), 'A first sentence of some length.');
  assert.equal(leadSentences('One very long first sentence without any stop at all', 20), `One very long first${ELLIPSIS}`);
});
