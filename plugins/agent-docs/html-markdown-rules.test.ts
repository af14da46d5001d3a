/**
 * The HTML -> Markdown converter's rules at their edges (html-markdown.test.ts has the rules one by
 * one): exact Markdown for the inputs where a slightly different rule would give a different text.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {htmlToMarkdown} from './html-markdown';

test('link destinations: parentheses and every kind of white space percent-encoded, as UTF-8', () => {
  // A no-break space and an ideographic space were encoded by UTF-16 code unit (%A0, %3000), which
  // is another address (%30 is "0").
  assert.equal(
    htmlToMarkdown('<a href="https://x.example/a(b)c d\te\u00a0f\u3000g">x</a>'),
    '[x](https://x.example/a%28b%29c%20d%09e%C2%A0f%E3%80%80g)',
  );
  assert.equal(decodeURI('https://x.example/a%28b%29c%20d%09e%C2%A0f%E3%80%80g'), 'https://x.example/a(b)c d\te\u00a0f\u3000g');
});

test('every block container starts a block of its own, also between two runs of text', () => {
  for (const tag of [
    'p',
    'div',
    'section',
    'article',
    'header',
    'footer',
    'main',
    'aside',
    'nav',
    'li',
    'summary',
    'dt',
    'dd',
    'figure',
    'figcaption',
    'body',
    'html',
    'details',
  ]) {
    assert.equal(htmlToMarkdown(`<div>x<${tag}>y</${tag}>z</div>`), 'x\n\ny\n\nz', tag);
  }
  assert.equal(htmlToMarkdown('<div>x<h3>y</h3>z</div>'), 'x\n\n### y\n\nz');
  assert.equal(htmlToMarkdown('<div>x<hr>z</div>'), 'x\n\n---\n\nz');
  assert.equal(htmlToMarkdown('<div>x<ul><li>y</li></ul>z</div>'), 'x\n\n- y\n\nz');
  assert.equal(htmlToMarkdown('<div>x<dl><dt>y</dt></dl>z</div>'), 'x\n\n**y**\n\nz');
});

test('elements that show nothing still separate their neighbours: a script or a style between two spans', () => {
  assert.equal(htmlToMarkdown('<p><span>a</span><script>x()</script><span>b</span><style>p{}</style><span>c</span></p>'), 'a b c');
});

test('spacing between inline elements: only span, a, time, small and code, whatever text came before', () => {
  assert.equal(htmlToMarkdown('<p>a b<span>c</span><span>d</span></p>'), 'a bc d');
  // Tag names that only start or end like those get no space.
  assert.equal(htmlToMarkdown('<p><span>a</span><data>b</data><abbr>c</abbr><codex>d</codex></p>'), 'abcd');
  assert.equal(htmlToMarkdown('<p>a <span> b</span></p>'), 'a b');
});

test('escaping at the edges of a text: underscores at its start and end; block markers only at its start', () => {
  assert.equal(htmlToMarkdown('<p>_start and end_</p>'), '\\_start and end\\_');
  assert.equal(htmlToMarkdown('<p>a # b - c &gt; d + e</p>'), 'a # b - c > d + e');
  assert.equal(htmlToMarkdown('<p>a 1. b and 2) c</p>'), 'a 1. b and 2) c');
  assert.equal(htmlToMarkdown('<p>x1. y</p>'), 'x1. y');
});

test('code blocks: a line element adds a line break only where its text has none; other elements add none', () => {
  assert.equal(htmlToMarkdown('<pre><div>a\n</div><div>b</div></pre>'), '```\na\nb\n```');
  assert.equal(htmlToMarkdown('<pre><span>a</span><span>b</span></pre>'), '```\nab\n```');
  assert.equal(
    htmlToMarkdown('<pre><code><span class="token-line">a\n</span><span class="token-line">b</span></code></pre>'),
    '```\na\nb\n```',
  );
});

test('strike-through, links and summaries lose the spaces inside them; an empty strike-through is left out (it would open a code fence)', () => {
  assert.equal(htmlToMarkdown('<p><del> x </del> <a href="/y"> y </a></p>'), '~~x~~ [y](/y)');
  assert.equal(htmlToMarkdown('<p><del> </del>text</p>'), 'text');
  assert.equal(htmlToMarkdown('<details><summary> More </summary><p>body</p></details>'), '**More**\n\nbody');
  assert.equal(htmlToMarkdown('<details><summary>Only</summary></details>'), '**Only**');
});

test('a quote: an empty container inside adds no empty quoted line', () => {
  assert.equal(htmlToMarkdown('<blockquote><p>a</p><div></div><p>b</p></blockquote>'), '> a\n>\n> b');
});

test('pretty-printed HTML: white space between the cells, rows, terms and definitions is no content', () => {
  const table = '<table>\n  <tr>\n    <th>h1</th>\n    <th>h2</th>\n  </tr>\n  <tr>\n    <td> a </td>\n    <td>b</td>\n  </tr>\n</table>';
  assert.equal(htmlToMarkdown(table), '| h1 | h2 |\n| --- | --- |\n| a | b |');
  // A first row of both kinds is a header row.
  assert.equal(
    htmlToMarkdown('<table><tr><td>x</td><th>h</th></tr><tr><td>1</td><td>2</td></tr></table>'),
    '| x | h |\n| --- | --- |\n| 1 | 2 |',
  );
  assert.equal(
    htmlToMarkdown('<dl>\n  <dt> term </dt>\n  <dd>definition</dd>\n  <div>\n    <dt>t2</dt>\n    <dd>d2</dd>\n  </div>\n</dl>'),
    '**term**\n: definition\n**t2**\n: d2',
  );
});

test('nodes as well as text: a parsed fragment converts the same', async () => {
  const {parseDocument, tidy} = await import('./html-markdown');
  assert.equal(htmlToMarkdown(parseDocument('<p>a <em>b</em></p>').children), 'a *b*');
  // tidy: blank lines fold to one, the ends are trimmed.
  assert.equal(tidy('\n\na\n\n\n\nb\n\n'), 'a\n\nb');
});
