import {test} from 'node:test';
import assert from 'node:assert/strict';
import {buildSnippet, ELLIPSIS, escapeHtml, findTokenPositions, highlightTokens, normalizePositions, stripHtml} from './snippet';

const long =
  'Path parameters customer_id integer required Identifier of the customer. Query parameters from string ' +
  'Only entries with an effective date on or after this date. The ledger lists invoices, payments and credits ' +
  'in the order they were posted, oldest first, page by page.';

test('escapeHtml escapes markup characters', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('short texts are kept whole, with every match marked', () => {
  assert.equal(buildSnippet('Get customer ledger', [[13, 6]], ['ledger']), 'Get customer <mark>ledger</mark>');
  assert.equal(buildSnippet('Ledger & <ledger>', [], ['ledger']), '<mark>Ledger</mark> &amp; &lt;<mark>ledger</mark>&gt;');
});

test('long texts are cut to 50 characters around the first match, with an ellipsis at each cut end', () => {
  const at = long.indexOf('ledger');
  const html = buildSnippet(long, [[at, 6]], ['ledger'], 50);
  const text = stripHtml(html);
  assert.ok(html.includes('<mark>ledger</mark>'), html);
  assert.ok(text.startsWith(ELLIPSIS) && text.endsWith(ELLIPSIS), text);
  const body = text.slice(1, -1);
  assert.ok(body.length <= 50, `${body.length}: ${body}`);
  assert.ok(body.length >= 40, `window should be nearly full: ${body}`);
  assert.ok(long.includes(body), 'the window is a contiguous piece of the text');
  // balanced: the match is roughly in the middle
  const mid = body.indexOf('ledger');
  assert.ok(mid > 10 && mid < 35, `match at ${mid} in "${body}"`);
});

test('the default context length is 50 and no ellipsis appears at an end that was not cut', () => {
  const html = buildSnippet(long, [[0, 4]], ['path']);
  const text = stripHtml(html);
  assert.ok(text.startsWith('Path parameters'), text);
  assert.ok(!text.startsWith(ELLIPSIS));
  assert.ok(text.endsWith(ELLIPSIS));
  assert.ok(text.length - 1 <= 50);
  const end = long.length - 'page by page.'.length + 'page by '.length;
  const tail = stripHtml(buildSnippet(long, [[end, 4]], ['page']));
  assert.ok(tail.startsWith(ELLIPSIS) && !tail.endsWith(ELLIPSIS), tail);
});

test('without any match the beginning of the text is shown', () => {
  const text = stripHtml(buildSnippet(long, [], ['zzz'], 50));
  assert.ok(text.startsWith('Path parameters') && text.endsWith(ELLIPSIS), text);
  assert.ok(text.length - 1 <= 50);
});

test('a match longer than the window is cut', () => {
  const word = 'x'.repeat(80);
  const html = buildSnippet(`${word} tail`, [[0, 80]], [], 50);
  assert.equal(stripHtml(html), `${'x'.repeat(50)}${ELLIPSIS}`);
});

test('positions are merged and tokens are found case-insensitively', () => {
  assert.deepEqual(normalizePositions([[5, 3], [0, 2], [6, 4], [20, 5]], 22), [[0, 2], [5, 5], [20, 2]]);
  assert.deepEqual(findTokenPositions('Ledger, LEDGER', ['ledger']), [[0, 6], [8, 6]]);
  assert.equal(highlightTokens('Customers', ['customer']), '<mark>Customer</mark>s');
});

test('marks cover word characters only, and token matches start a word', () => {
  assert.equal(buildSnippet('a ledger: entries', [[2, 7]], []), 'a <mark>ledger</mark>: entries');
  assert.equal(highlightTokens('Welcome, Light', ['l']), 'Welcome, <mark>L</mark>ight');
  assert.equal(highlightTokens('pledge Ledger', ['ledg']), 'pledge <mark>Ledg</mark>er');
});
