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
import {codeSpan, DomUtils, fence, htmlText, htmlToMarkdown, parseDocument} from './html-markdown';

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
  const rows = all(readBack(md), 'tbody')
    .flatMap((b) => all(b, 'tr'))
    .map((tr) => all(tr, 'td').map(text));
  assert.deepEqual(rows, [
    ['a', 'b', 'c'],
    ['1', '', ''],
  ]);
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
  assert.equal(
    htmlToMarkdown('<pre><code class="language-js">if (a &lt; b &amp;&amp; c) {\n  x = `t`;\n}\n</code></pre>'),
    '```js\nif (a < b && c) {\n  x = `t`;\n}\n```',
  );
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
  assert.deepEqual(
    all(doc, 'code').map((c) => DomUtils.textContent(c)),
    ['a`b', '`edge', '``x``'],
  );
  assert.equal(text(all(doc, 'p')[0]!), 'Use a`b, `edge and ``x``; plain `tick` text.');
  assert.equal(codeSpan('no ticks'), '`no ticks`');
});

test('escaping: text that would be Markdown syntax reads back as the same text', () => {
  const cases = [
    '# not a heading',
    '1. not a list',
    '2) nor this',
    '- nor this',
    '> nor a quote',
    'a *star* and _under_ and [brackets]',
    'a <b>tag</b> as text',
    'snake_case_name stays',
  ];
  for (const t of cases) {
    const escaped = t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const md = htmlToMarkdown(`<p>${escaped}</p>`);
    const doc = readBack(md);
    assert.equal(all(doc, 'p').length, 1, `${t} -> ${md}: one paragraph`);
    assert.equal(text(all(doc, 'p')[0]!), t, `${t} -> ${md}`);
    for (const tag of ['h1', 'ol', 'ul', 'blockquote', 'em', 'strong', 'a', 'b'])
      assert.equal(all(doc, tag).length, 0, `${t} -> ${md}: no <${tag}>`);
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
    ['## Limits', '> Quoted\n>\n> twice', '---', '**More *info***', 'Hidden body', '**term**\n: definition', 'Keep ~~old~~ this.'].join(
      '\n\n',
    ),
  );
  assert.ok(!/alert|icon|decor|Copy/.test(md), md);
});

test('whitespace: runs collapse, <br> is a hard break, empty input gives empty text', () => {
  assert.equal(htmlToMarkdown('<p>a \n\t  b<br>c</p>'), 'a b  \nc');
  assert.equal(htmlToMarkdown(''), '');
  assert.equal(htmlToMarkdown('<p>  </p><div></div>'), '');
});

/* Each rule of the converter, one at a time. */

test('inline elements: code, kbd and samp as code spans, bold, italic, strike-through; empty emphasis is left out', () => {
  assert.equal(
    htmlToMarkdown('<p><kbd>Ctrl</kbd>+<samp>out</samp> <b>b</b> <i>i</i> <s>s</s> <strong> </strong><em></em>.</p>'),
    '`Ctrl`+`out` **b** *i* ~~s~~ .',
  );
  assert.equal(htmlToMarkdown('<p><strong> x </strong><em> y </em></p>'), '**x***y*');
});

test('adjacent inline elements that CSS spaces apart (span, a, time, small, code) stay apart in text; others do not', () => {
  assert.equal(
    htmlToMarkdown(
      '<p>a<span>b</span><span>c</span><a href="/x">d</a><time>e</time><small>f</small><code>g</code><em>h</em><em>i</em></p>',
    ),
    'ab c [d](/x) e f `g`*h**i*',
  );
  assert.equal(
    htmlToMarkdown('<p><span>a </span><span>b</span><span>c</span><span> d</span><span></span><br><span>e</span></p>'),
    'a b c d  \ne',
  );
});

test('links and images: no address or an empty anchor gives the text or nothing; image alt loses its brackets; assets rewritten', () => {
  assert.equal(
    htmlToMarkdown(
      '<p><a href="#x"></a><a href="#y">y</a> <a>no href</a> <a href="/z"></a><a href="">empty</a> <img alt="x"> <img src="a.png"></p>',
    ),
    '[y](#y) no href empty ![](a.png)',
  );
  assert.equal(
    htmlToMarkdown('<p><a href="/a b">x</a> <img src="/i.png" alt="a [b]"></p>', {asset: (s) => `https://cdn.example${s}`}),
    '[x](/a%20b) ![a b](https://cdn.example/i.png)',
  );
  assert.equal(htmlToMarkdown('<p><a href="/a">x</a></p>', {link: (h) => `${h}.md`}), '[x](/a.md)');
});

test('headings keep their level; an empty heading is left out', () => {
  assert.equal(
    htmlToMarkdown('<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6 <em>x</em></h6><h2> </h2>'),
    '# 1\n\n## 2\n\n### 3\n\n#### 4\n\n##### 5\n\n###### 6 *x*',
  );
});

test('lists: numbering from start (1 when it is no number), empty items, continuation lines under the marker', () => {
  assert.equal(htmlToMarkdown('<ol start="x"><li>a</li><li></li></ol><ol start="0"><li>z</li></ol>'), '1. a\n2.\n\n1. z');
  assert.equal(htmlToMarkdown('<ul><li><p>a</p><p>b</p></li><li>c</li></ul>'), '- a\n\n  b\n- c');
  assert.equal(htmlToMarkdown('<ol start="9"><li><p>a</p><p>b</p></li><li>c</li></ol>'), '9. a\n\n   b\n10. c');
  assert.equal(htmlToMarkdown('<ul>text<li>a</li><p>not an item</p></ul>'), '- a');
});

test('tables: hidden rows are left out, a table without rows is nothing', () => {
  assert.equal(htmlToMarkdown('<table><tr class="sr-only"><td>x</td></tr></table><table></table>'), '');
  assert.equal(htmlToMarkdown('<table><tr><th>h</th></tr><tr hidden><td>x</td></tr><tr><td>y</td></tr></table>'), '| h |\n| --- |\n| y |');
});

test('details without a summary, definition lists grouped in divs, several paragraphs in a definition', () => {
  assert.equal(htmlToMarkdown('<details><p>no summary</p></details>'), 'no summary');
  assert.equal(
    htmlToMarkdown('<dl><div><dt>t</dt><dd>d</dd></div><dt>u</dt><dd><p>a</p><p>b</p></dd></dl>'),
    '**t**\n: d\n**u**\n: a\n  \n  b',
  );
});

test('chrome is left out: hidden elements, aria-hidden, every chrome class and its CSS-module variants; other classes stay', () => {
  assert.equal(
    htmlToMarkdown(
      '<p hidden>h</p><p aria-hidden="true">ah</p><p aria-hidden="false">shown</p><p class="x theme-doc-toc-mobile_abc">t</p><p class="pagination-navx">kept</p>',
    ),
    'shown\n\nkept',
  );
  const chrome = [
    'hash-link',
    'theme-doc-breadcrumbs',
    'theme-doc-toc-mobile',
    'table-of-contents',
    'pagination-nav',
    'theme-doc-footer-edit-meta-row',
    'copy-page',
    'sr-only',
    'skipToContent',
    'theme-edit-this-page',
    'theme-last-updated',
    'buttonGroup',
    'codeBlockTitle',
  ];
  for (const c of chrome) {
    assert.equal(htmlToMarkdown(`<div><p class="${c}">chrome</p><span class="${c}_x1">chrome</span>text</div>`), 'text', c);
  }
  for (const tag of ['script', 'style', 'noscript', 'svg', 'button', 'template', 'iframe', 'form', 'select', 'textarea', 'head']) {
    assert.equal(htmlToMarkdown(`<div>a<${tag}>chrome</${tag}>b</div>`), 'ab', tag);
  }
  assert.equal(htmlToMarkdown('<div>a<input value="v"><meta content="c"><link href="/x">b</div>'), 'ab', 'void elements have no text');
});

test('code blocks: <br> and line elements as line breaks, chrome inside left out, the language from up to four containers up', () => {
  assert.equal(
    htmlToMarkdown('<pre><code>a<br>b</code></pre><pre><div>l1</div><div>l2\n</div></pre><pre><span class="hash-link">#</span>x</pre>'),
    '```\na\nb\n```\n\n```\nl1\nl2\n```\n\n```\nx\n```',
  );
  assert.equal(
    htmlToMarkdown('<pre><code><span class="token-line">a</span><span class="token-line">b\n</span><!-- c --></code></pre>'),
    '```\na\nb\n```',
  );
  assert.equal(htmlToMarkdown('<div class="language-py"><div><div><div><pre>x</pre></div></div></div></div>'), '```py\nx\n```');
  assert.equal(htmlToMarkdown('<div class="language-py"><div><div><div><div><pre>x</pre></div></div></div></div></div>'), '```\nx\n```');
  assert.equal(htmlToMarkdown('<pre class="language-a"><code class="language-b">x</code></pre>'), '```a\nx\n```');
  assert.equal(htmlToMarkdown('<pre><code class="x language-b">x</code></pre>'), '```b\nx\n```');
});

test('escaping: underscores only at word edges, brackets, backslashes, stars, backticks; line starts that open blocks', () => {
  assert.equal(htmlToMarkdown('<p>a_b _c d_ e_f_ [x] \\ * `</p>'), 'a_b \\_c d\\_ e_f\\_ \\[x\\] \\\\ \\* \\`');
  assert.equal(
    htmlToMarkdown('<p>+ plus</p><p>  # h</p><p>10) x</p><p>3. y</p><p>-x</p><p>#x</p><p>1.5 z</p><p>&gt; q</p><p>a &lt;b&gt;</p>'),
    '\\+ plus\n\n\\# h\n\n10\\) x\n\n3\\. y\n\n-x\n\n#x\n\n1.5 z\n\n\\> q\n\na &lt;b>',
  );
});

test('block elements: each container is its own block; one met inside a table cell is spaced text', () => {
  assert.equal(
    htmlToMarkdown(
      '<section><article><header>h</header><main>m</main><aside>a</aside><nav>n</nav><footer>f</footer></article></section><body>b</body>',
    ),
    'h\n\nm\n\na\n\nn\n\nf\n\nb',
  );
  assert.equal(htmlToMarkdown('<p>x<figure><figcaption>cap</figcaption></figure></p>'), 'x\n\ncap');
  assert.equal(
    htmlToMarkdown('<table><tr><td><p>a</p><p>b</p></td><td>c<div>d</div><section>e</section></td></tr></table>'),
    '|  |  |\n| --- | --- |\n| a b | c d e |',
  );
  assert.equal(htmlToMarkdown('<p>a    b  </p><p>x<br>  y</p>'), 'a b\n\nx  \n y');
});

test('fences and code spans: the fence outgrows the longest run of backticks; a span that starts or ends with one is padded', () => {
  assert.equal(fence('a `` b'), '```\na `` b\n```');
  assert.equal(fence('a ``` b', 'md'), '````md\na ``` b\n````');
  assert.equal(codeSpan('a  \n b'), '`a b`');
  assert.equal(codeSpan('x`'), '`` x` ``');
  assert.equal(codeSpan('``'), '``` `` ```');
});

test('htmlText: the text with entities decoded and white space as it is', () => {
  assert.equal(htmlText('<p>a &amp; <b>b</b></p>\n  <span>c</span>'), 'a & b\n  c');
});
