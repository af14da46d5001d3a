import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  buildSnippet,
  DEFAULT_CONTEXT_LENGTH,
  ELLIPSIS,
  escapeHtml,
  findTokenPositions,
  highlightTokens,
  normalizePositions,
  stripHtml,
  trimPositions,
} from './snippet';

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
  assert.deepEqual(
    normalizePositions(
      [
        [5, 3],
        [0, 2],
        [6, 4],
        [20, 5],
      ],
      22,
    ),
    [
      [0, 2],
      [5, 5],
      [20, 2],
    ],
  );
  assert.deepEqual(findTokenPositions('Ledger, LEDGER', ['ledger']), [
    [0, 6],
    [8, 6],
  ]);
  assert.equal(highlightTokens('Customers', ['customer']), '<mark>Customer</mark>s');
});

test('marks cover word characters only, and token matches start a word', () => {
  assert.equal(buildSnippet('a ledger: entries', [[2, 7]], []), 'a <mark>ledger</mark>: entries');
  assert.equal(highlightTokens('Welcome, Light', ['l']), 'Welcome, <mark>L</mark>ight');
  assert.equal(highlightTokens('pledge Ledger', ['ledg']), 'pledge <mark>Ledg</mark>er');
});

// The product specification's limit (section 9): at most 50 characters of text, an ellipsis at each
// end that was cut. The survivor: a 51-character text was shown whole.
test('the 50-character limit: 49 and 50 characters are shown whole, 51 are cut with an ellipsis', () => {
  const whole = (text: string) => text.replace('ledger', '<mark>ledger</mark>');
  const t49 = 'Returns the ledger of one customer, newest first.';
  const t50 = 'Returns the ledger of each customer, newest first.';
  const t51 = 'Returns the ledger of every customer, newest first.';
  assert.deepEqual([t49.length, t50.length, t51.length], [49, 50, 51]);
  assert.equal(buildSnippet(t49, [[12, 6]], ['ledger']), whole(t49));
  assert.equal(buildSnippet(t50, [[12, 6]], ['ledger']), whole(t50));
  // 51: the final full stop does not fit; the window stops at the end of the word before it (50).
  assert.equal(buildSnippet(t51, [[12, 6]], ['ledger']), 'Returns the <mark>ledger</mark> of every customer, newest first…');
  // The same with the match at the end: the first word goes.
  const last = t51.indexOf('first');
  assert.equal(buildSnippet(t51, [[last, 5]], ['first']), '…the ledger of every customer, newest <mark>first</mark>.');
  assert.equal(DEFAULT_CONTEXT_LENGTH, 50);
});

// alpha 0-5, beta 6-10, gamma 11-16, delta 17-22, epsilon 23-30.
const greek = 'alpha beta gamma delta epsilon';

test('the window grows a word at a time on both sides, left first, and stops when the next word does not fit', () => {
  // 16 characters: "beta gamma delta" exactly; neither "alpha" nor "epsilon" fits beside it.
  assert.equal(buildSnippet(greek, [[11, 5]], [], 16), '…beta <mark>gamma</mark> delta…');
  // 15: "beta gamma" (left first), then " delta" does not fit and the window is done.
  assert.equal(buildSnippet(greek, [[11, 5]], [], 15), '…beta <mark>gamma</mark>…');
  // 17 takes the space before "beta" but not "alpha": no whitespace is shown next to an ellipsis.
  assert.equal(buildSnippet(greek, [[11, 5]], [], 17), '…beta <mark>gamma</mark> delta…');
  // 22: "alpha beta gamma delta" is 22 characters; the text's start is reached: no ellipsis there.
  assert.equal(buildSnippet(greek, [[11, 5]], [], 22), 'alpha beta <mark>gamma</mark> delta…');
  // 24: the right side grows as well once the left is done, to "epsilon"'s start only if it fits whole.
  assert.equal(buildSnippet(greek, [[11, 5]], [], 24), 'alpha beta <mark>gamma</mark> delta…');
  assert.equal(buildSnippet(greek, [[11, 5]], [], 30), 'alpha beta <mark>gamma</mark> delta epsilon');
  // A match at the end grows to the left only; at the start, to the right only.
  assert.equal(buildSnippet(greek, [[23, 7]], [], 13), '…delta <mark>epsilon</mark>');
  assert.equal(buildSnippet(greek, [[0, 5]], [], 12), '<mark>alpha</mark> beta…');
  // The match alone when nothing beside it fits.
  assert.equal(buildSnippet(greek, [[11, 5]], [], 5), '…<mark>gamma</mark>…');
});

test('a window that ends right before a later match does not mark an empty piece of it', () => {
  assert.equal(
    buildSnippet(
      'ledger/ledger and more words',
      [
        [0, 6],
        [7, 6],
      ],
      [],
      7,
    ),
    '<mark>ledger</mark>/…',
  );
  // Later matches inside the window are marked too.
  assert.equal(
    buildSnippet(
      'ledger/ledger and more words',
      [
        [0, 6],
        [7, 6],
      ],
      [],
      13,
    ),
    '<mark>ledger</mark>/<mark>ledger</mark>…',
  );
});

test("the text's beginning when nothing matches, cut at a word; a first word longer than the window is cut", () => {
  assert.equal(buildSnippet(greek, [], ['zzz'], 12), 'alpha beta…');
  assert.equal(buildSnippet(greek, [], [], 30), greek);
  assert.equal(buildSnippet('abcdefghijkl mn', [], [], 5), 'abcde…');
  assert.equal(buildSnippet('', [], [], 5), '');
});

test('marks come from the positions when they are usable, else from the tokens', () => {
  // Positions win over tokens.
  assert.equal(buildSnippet('alpha beta', [[6, 4]], ['alpha']), 'alpha <mark>beta</mark>');
  // No positions: the tokens are looked for.
  assert.equal(buildSnippet('alpha -- beta', [], ['beta']), 'alpha -- <mark>beta</mark>');
  // Positions outside the text are clipped to it.
  assert.equal(buildSnippet('alpha beta', [[6, 40]], []), 'alpha <mark>beta</mark>');
});

test('normalizePositions: clipped to the text, empty ranges dropped, sorted, overlapping and touching ranges merged', () => {
  assert.deepEqual(normalizePositions([[-2, 4]], 10), [[0, 2]]);
  assert.deepEqual(normalizePositions([[8, 5]], 10), [[8, 2]]);
  assert.deepEqual(
    normalizePositions(
      [
        [3, 0],
        [12, 2],
      ],
      10,
    ),
    [],
  );
  assert.deepEqual(
    normalizePositions(
      [
        [6, 2],
        [0, 2],
      ],
      10,
    ),
    [
      [0, 2],
      [6, 2],
    ],
  );
  assert.deepEqual(
    normalizePositions(
      [
        [0, 2],
        [2, 3],
      ],
      10,
    ),
    [[0, 5]],
    'touching',
  );
  assert.deepEqual(
    normalizePositions(
      [
        [0, 2],
        [3, 3],
      ],
      10,
    ),
    [
      [0, 2],
      [3, 3],
    ],
    'one character apart',
  );
  assert.deepEqual(
    normalizePositions(
      [
        [0, 6],
        [2, 2],
      ],
      10,
    ),
    [[0, 6]],
    'inside another',
  );
  assert.deepEqual(
    normalizePositions(
      [
        [4, 1],
        [4, 3],
        [4, 2],
      ],
      10,
    ),
    [[4, 3]],
    'same start',
  );
});

test('trimPositions: marks shrink to their word characters; a range without any is kept as it is', () => {
  assert.deepEqual(trimPositions('("ledger")', [[0, 10]]), [[2, 6]]);
  assert.deepEqual(trimPositions('ledger: x', [[0, 7]]), [[0, 6]]);
  assert.deepEqual(trimPositions('a -- b', [[2, 2]]), [[2, 2]]);
  // Punctuation at the text's end or start: the scan stays inside the range.
  assert.deepEqual(trimPositions('a --', [[2, 2]]), [[2, 2]]);
  assert.deepEqual(trimPositions('--', [[0, 2]]), [[0, 2]]);
  assert.deepEqual(trimPositions('x', [[0, 1]]), [[0, 1]]);
  assert.deepEqual(trimPositions('é!', [[0, 2]]), [[0, 1]], 'letters of any script are word characters');
  assert.deepEqual(
    trimPositions('ab cd', [
      [0, 2],
      [3, 2],
    ]),
    [
      [0, 2],
      [3, 2],
    ],
  );
});

test('findTokenPositions: every occurrence at a word start, overlapping ones merged; empty tokens ignored', () => {
  assert.deepEqual(findTokenPositions('abc', ['']), []);
  assert.deepEqual(
    findTokenPositions('aaa aaa', ['aa']),
    [
      [0, 2],
      [4, 2],
    ],
    'only occurrences that start a word',
  );
  assert.deepEqual(findTokenPositions('ledger', ['led', 'ledger']), [[0, 6]], 'overlapping occurrences merged');
  assert.deepEqual(findTokenPositions('data_ledger', ['ledger']), [], 'inside an identifier');
  assert.deepEqual(findTokenPositions('x.ledger', ['ledger']), [[2, 6]]);
  assert.deepEqual(findTokenPositions('a.b', ['.b']), [[1, 2]], 'a token that starts with punctuation matches anywhere');
  assert.deepEqual(findTokenPositions('Über über', ['über']), [
    [0, 4],
    [5, 4],
  ]);
});

test('stripHtml removes tags and decodes the entities escapeHtml writes, &amp; last', () => {
  assert.equal(stripHtml('<mark>a</mark> &lt;b&gt; &quot;c&quot; &#39;d&#39; &amp;lt;'), `a <b> "c" 'd' &lt;`);
  const raw = `<a href="x">'&'</a>`;
  assert.equal(stripHtml(escapeHtml(raw)), raw);
});

test('highlightTokens marks every occurrence and escapes the rest, without cutting', () => {
  assert.equal(highlightTokens('a <ledger> & ledger', ['ledger']), 'a &lt;<mark>ledger</mark>&gt; &amp; <mark>ledger</mark>');
  assert.equal(highlightTokens('nothing here', ['ledger']), 'nothing here');
});
