/**
 * The HTML -> Markdown converter of the Markdown twins. Each case checks the Markdown text and,
 * where it matters, reads it back with a GFM renderer (markdown-it) to check that a reader of the
 * Markdown gets the same structure and text as the HTML had: one table cell stays one cell, a code
 * span keeps its backticks, a nested list stays nested.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import type {Element} from 'domhandler';
import {codeSpan, DomUtils, fence, htmlToMarkdown, parseDocument} from './html-markdown';

const gfm = new MarkdownIt();
/** Markdown rendered back to a DOM. */
const readBack = (markdown: string) => parseDocument(gfm.render(markdown));
const all = (root: ReturnType<typeof readBack> | Element, tag: string) => DomUtils.getElementsByTagName(tag, root, true);
const text = (el: Element) => DomUtils.textContent(el).replace(/\s+/g, ' ').trim();
const SITE = 'https://docs.example.com';
/** What plugins/agent-docs/pages.ts does: site paths become absolute links to the twins. */
const toTwin = (href: string) => {
  const [, p = '', hash = ''] = /^([^#]*)(#.*)?$/.exec(href)!;
  return href.startsWith('/') ? `${SITE}${p.replace(/\/$/, '')}.md${hash}` : href;
};

test('tables: GFM with a header row, | inside cells escaped, block content flattened to one line', () => {
  const md = htmlToMarkdown(
    '<table><thead><tr><th>Field</th><th>Meaning</th></tr></thead><tbody>' +
      '<tr><td><code>a|b</code></td><td>either a | or b</td></tr>' +
      '<tr><td><p>first</p><p>second</p></td><td>one<br>two</td></tr>' +
      '</tbody></table>',
  );
  assert.equal(md.split('\n')[0], '| Field | Meaning |');
  assert.equal(md.split('\n')[1], '| --- | --- |');
  const rows = all(readBack(md), 'tr').map((tr) => all(tr, 'th').concat(all(tr, 'td')).map(text));
  assert.deepEqual(rows, [
    ['Field', 'Meaning'],
    ['a|b', 'either a | or b'],
    ['first second', 'one two'],
  ]);
  assert.equal(all(readBack(md), 'code').map(text).join(), 'a|b', 'the pipe stays inside the code span');
});

test('tables without a header row get an empty one; short rows are padded', () => {
  const md = htmlToMarkdown('<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>1</td></tr></table>');
  assert.deepEqual(md.split('\n'), ['|  |  |  |', '| --- | --- | --- |', '| a | b | c |', '| 1 |  |  |']);
  const rows = all(readBack(md), 'tbody').flatMap((b) => all(b, 'tr')).map((tr) => all(tr, 'td').map(text));
  assert.deepEqual(rows, [['a', 'b', 'c'], ['1', '', '']]);
});

test('nested lists keep their nesting, numbering (start) and multi-paragraph items', () => {
  const md = htmlToMarkdown(
    '<ul><li>one<ul><li>nested <strong>bold</strong><ol start="3"><li>third</li><li>fourth</li></ol></li></ul></li>' +
      '<li><p>two</p><p>second paragraph</p></li></ul>',
  );
  const doc = readBack(md);
  const outer = all(doc, 'ul')[0]!;
  const outerItems = outer.children.filter((c): c is Element => c.type === 'tag' && c.name === 'li');
  assert.equal(outerItems.length, 2, md);
  const inner = all(outerItems[0]!, 'ul')[0];
  assert.ok(inner, `the second level is a list inside the first item:\n${md}`);
  const ol = all(inner!, 'ol')[0];
  assert.ok(ol, `the third level is inside the second:\n${md}`);
  assert.equal(ol!.attribs.start, '3');
  assert.deepEqual(all(ol!, 'li').map(text), ['third', 'fourth']);
  assert.equal(all(inner!, 'strong').map(text).join(), 'bold');
  assert.deepEqual(all(outerItems[1]!, 'p').map(text), ['two', 'second paragraph']);
});

test('code blocks: fenced with the language, entities decoded, token lines kept, fences longer than any run of backticks', () => {
  assert.equal(htmlToMarkdown('<pre><code class="language-js">if (a &lt; b &amp;&amp; c) {\n  x = `t`;\n}\n</code></pre>'), '```js\nif (a < b && c) {\n  x = `t`;\n}\n```');
  // A Docusaurus code block: the language on the container, one span per line, a copy button.
  const md = htmlToMarkdown(
    '<div class="language-bash theme-code-block"><div class="codeBlockContent"><pre tabindex="0"><code>' +
      '<span class="token-line">echo one</span><span class="token-line">echo ```</span></code></pre>' +
      '<div class="buttonGroup"><button type="button">Copy</button></div></div></div>',
  );
  assert.equal(md, '````bash\necho one\necho ```\n````');
  const code = all(readBack(md), 'code')[0]!;
  assert.equal(code.attribs.class, 'language-bash');
  assert.equal(DomUtils.textContent(code), 'echo one\necho ```\n');
  assert.equal(fence('a\n\n\n', 'txt'), '```txt\na\n```');
});

test('backticks: code spans grow their fence, literal backticks in text are escaped', () => {
  const md = htmlToMarkdown('<p>Use <code>a`b</code>, <code>`edge</code> and <code>``x``</code>; plain `tick` text.</p>');
  assert.equal(md, 'Use ``a`b``, `` `edge `` and ``` ``x`` ```; plain \\`tick\\` text.');
  const doc = readBack(md);
  assert.deepEqual(all(doc, 'code').map((c) => DomUtils.textContent(c)), ['a`b', '`edge', '``x``']);
  assert.equal(text(all(doc, 'p')[0]!), 'Use a`b, `edge and ``x``; plain `tick` text.');
  assert.equal(codeSpan('no ticks'), '`no ticks`');
});

test('escaping: text that would be Markdown syntax reads back as the same text', () => {
  const cases = ['# not a heading', '1. not a list', '2) nor this', '- nor this', '> nor a quote', 'a *star* and _under_ and [brackets]', 'a <b>tag</b> as text', 'snake_case_name stays'];
  for (const t of cases) {
    const escaped = t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const md = htmlToMarkdown(`<p>${escaped}</p>`);
    const doc = readBack(md);
    assert.equal(all(doc, 'p').length, 1, `${t} -> ${md}: one paragraph`);
    assert.equal(text(all(doc, 'p')[0]!), t, `${t} -> ${md}`);
    for (const tag of ['h1', 'ol', 'ul', 'blockquote', 'em', 'strong', 'a', 'b']) assert.equal(all(doc, tag).length, 0, `${t} -> ${md}: no <${tag}>`);
  }
});

test('emphasis inside a word still reads as emphasis', () => {
  const md = htmlToMarkdown('<p>un<em>believ</em>able and <strong>bold</strong>ly</p>');
  const doc = readBack(md);
  assert.deepEqual(all(doc, 'em').map(text), ['believ'], md);
  assert.deepEqual(all(doc, 'strong').map(text), ['bold'], md);
});

test('links: site paths through the link option (absolute twin URLs), external ones kept, parentheses and spaces encoded', () => {
  const md = htmlToMarkdown(
    '<p>See <a href="/docs/api/get-contact">Get a contact</a>, <a href="/docs/guides/auth/#tokens">tokens</a>, ' +
      '<a href="https://example.org/a b(c">odd URL</a> and <a href="mailto:x@example.com">mail</a>. ' +
      '<img src="/img/diagram.png" alt="Flow [v2]"></p>',
    {link: toTwin, asset: (src) => `${SITE}${src}`},
  );
  const links = all(readBack(md), 'a').map((a) => [text(a), a.attribs.href]);
  assert.deepEqual(links, [
    ['Get a contact', `${SITE}/docs/api/get-contact.md`],
    ['tokens', `${SITE}/docs/guides/auth.md#tokens`],
    ['odd URL', 'https://example.org/a%20b%28c'],
    ['mail', 'mailto:x@example.com'],
  ]);
  const img = all(readBack(md), 'img')[0]!;
  assert.equal(img.attribs.src, `${SITE}/img/diagram.png`);
  assert.equal(img.attribs.alt, 'Flow v2');
  // Without the option the targets are left as they are.
  assert.equal(htmlToMarkdown('<a href="/docs/x">x</a>'), '[x](/docs/x)');
});

test('HTML descriptions: headings, quotes, rules, details, definition lists; chrome and scripts left out', () => {
  const md = htmlToMarkdown(
    '<h2>Limits<a class="hash-link" href="#limits" aria-label="Direct link">#</a></h2>' +
      '<blockquote><p>Quoted</p><p>twice</p></blockquote><hr>' +
      '<details><summary>More <em>info</em></summary><p>Hidden body</p></details>' +
      '<dl><dt>term</dt><dd>definition</dd></dl>' +
      '<script>alert(1)</script><style>p{}</style><button>Copy</button><svg><text>icon</text></svg>' +
      '<div class="copy-page"><button>Copy page</button></div><span aria-hidden="true">decor</span>' +
      '<p>Keep <del>old</del> this.</p>',
  );
  assert.equal(
    md,
    ['## Limits', '> Quoted\n>\n> twice', '---', '**More *info***', 'Hidden body', '**term**\n: definition', 'Keep ~~old~~ this.'].join('\n\n'),
  );
  assert.ok(!/alert|icon|decor|Copy/.test(md), md);
});

test('whitespace: runs collapse, <br> is a hard break, empty input gives empty text', () => {
  assert.equal(htmlToMarkdown('<p>a \n\t  b<br>c</p>'), 'a b  \nc');
  assert.equal(htmlToMarkdown(''), '');
  assert.equal(htmlToMarkdown('<p>  </p><div></div>'), '');
});
