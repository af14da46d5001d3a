/**
 * HTML in descriptions: classic XSS vectors come out inert; the formatting real documents use
 * (Stripe-like inline code, tables, lists, links, details) keeps its markup. Every case goes
 * through markdownToHtml, the function every description on every page goes through.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {DomUtils, parseDocument} from 'htmlparser2';
import type {ChildNode, Element} from 'domhandler';
import {markdownToHtml} from './markdown-html';
import {safeHref, safeImageSrc, sanitizeDescriptionHtml} from './sanitize';

const ALLOWED = new Set([
  'p',
  'br',
  'hr',
  'span',
  'div',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'samp',
  'var',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'dfn',
  'wbr',
  'time',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'figure',
  'figcaption',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);

function elements(nodes: ChildNode[], out: Element[] = []): Element[] {
  for (const n of nodes) {
    if (n.type === 'tag' || n.type === 'script' || n.type === 'style') {
      out.push(n as Element);
      elements((n as Element).children, out);
    }
  }
  return out;
}

/** Fails unless `html` is inert: allowlisted elements, no handlers, no style, no id/name, safe URLs. */
function assertInert(html: string, payload: string): void {
  const doc = parseDocument(html, {decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true});
  const why = `${payload}\n  -> ${html}`;
  assert.ok(!doc.children.some((n) => n.type === 'comment' || n.type === 'directive'), `no comment or directive: ${why}`);
  for (const el of elements(doc.children)) {
    assert.ok(ALLOWED.has(el.name), `element <${el.name}> is not allowed: ${why}`);
    for (const [name, value] of Object.entries(el.attribs)) {
      assert.ok(!/^on/i.test(name), `event handler ${name}: ${why}`);
      assert.ok(
        !['style', 'id', 'name', 'target', 'srcset', 'formaction', 'action', 'xmlns', 'xlink:href'].includes(name),
        `attribute ${name}: ${why}`,
      );
      if (URL_ATTRIBUTES.has(name)) {
        const url = new URL(value, 'https://site.invalid/');
        assert.ok(['http:', 'https:', 'mailto:'].includes(url.protocol), `${name}="${value}" (${url.protocol}): ${why}`);
      }
      if (name === 'src') assert.ok(safeImageSrc(value), `img src ${value}: ${why}`);
      if (name === 'class')
        assert.match(value, /^(api-code|language-[\w-]+|[cksnfp])( (api-code|language-[\w-]+|[cksnfp]))*$/, `class: ${why}`);
    }
  }
  // Belt and braces on the serialised tags themselves (quoted attribute values, which are inert text, set aside).
  const tags = (html.match(/<[^>]*>/g) ?? []).map((t) => t.replace(/"[^"]*"/g, '""'));
  for (const tag of tags) {
    assert.ok(
      !/^<\/?\s*(script|style|iframe|object|embed|svg|math|form|input|button|meta|base|link|textarea|template)\b/i.test(tag),
      `dangerous tag ${tag}: ${why}`,
    );
    assert.ok(!/\son[a-z]+\s*=/i.test(tag), `handler-like attribute in ${tag}: ${why}`);
    assert.ok(!/(javascript|vbscript|data)\s*:/i.test(tag), `scheme in ${tag}: ${why}`);
  }
}

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src=javascript:alert(&quot;XSS&quot;)>',
  '<img src="jav&#x09;ascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img srcset="https://ok.example/a.png 1x, javascript:alert(1) 2x" src="/relative.png">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="java&NewLine;script&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '![x](javascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(1)" target="_top">x</a>',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">Go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>body{display:none}</style>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:white">Log in again</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<video><source onerror="alert(1)"></video><audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<p title="</p><img src=x onerror=alert(1)>">x</p>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><img src=x onerror=alert(1)></template>',
  '<div id="__docusaurus" name="location">clobber</div>',
  '<a href="https://ok.example" id="x" name="y">x</a>',
  '<table background="javascript:alert(1)"><tr><td style="color:red" onclick=alert(1)>x</td></tr></table>',
  '<blockquote cite="javascript:alert(1)">x</blockquote>',
  '<q cite="vbscript:x">x</q>',
  '<span class="navbar-sidebar" style="z-index:9999">x</span>',
  '<pre class="api-code x" tabindex="-5" onfocus=alert(1)>x</pre>',
  '```constructor\nx\n```',
  '<a href="https://ok.example"\nonclick=alert(1)>x</a>',
];

test(`${PAYLOADS.length} XSS payloads come out inert (as Markdown and as plain HTML)`, () => {
  assert.ok(PAYLOADS.length >= 30);
  for (const payload of PAYLOADS) {
    assertInert(markdownToHtml(payload) ?? '', payload);
    assertInert(sanitizeDescriptionHtml(payload), payload);
    // Inside a paragraph of text too (inline HTML rather than an HTML block).
    assertInert(markdownToHtml(`Some text ${payload} more text.`) ?? '', payload);
  }
});

test('the dropped elements take their content with them where it is not text', () => {
  const html = markdownToHtml('a <script>alert(1)</script><style>p{}</style><iframe>frame</iframe> b')!;
  assert.equal(html, '<p>a  b</p>');
});

test('URL checks follow the browser: encoded, split and mixed-case schemes', () => {
  for (const bad of [
    'javascript:x',
    ' JavaScript:x',
    'java\tscript:x',
    'java\nscript:x',
    '\u0000javascript:x',
    'vbscript:x',
    'data:text/html,x',
  ]) {
    assert.equal(safeHref(bad), false, JSON.stringify(bad));
  }
  for (const good of ['https://x.example', 'http://x.example/a', 'mailto:a@x.example', '/docs/api/x', '#errors', 'page?x=1']) {
    assert.equal(safeHref(good), true, good);
  }
  assert.equal(safeImageSrc('https://x.example/a.png'), true);
  assert.equal(safeImageSrc('//x.example/a.png'), true);
  for (const bad of ['/a.png', 'a.png', 'data:image/png;base64,AAAA', 'javascript:x', 'ftp://x.example/a.png']) {
    assert.equal(safeImageSrc(bad), false, bad);
  }
});

test('Stripe-like inline HTML keeps its markup', () => {
  const html = markdownToHtml('Set `metadata` keys such as <code><em>customField</em>__c</code> on the object.')!;
  assert.equal(html, '<p>Set <code>metadata</code> keys such as <code><em>customField</em>__c</code> on the object.</p>');
});

test('HTML tables, lists, headings, details and images keep their markup', () => {
  const source = [
    '<h4>Limits</h4>',
    '<table><thead><tr><th align="right">Plan</th><th>Rate</th></tr></thead><tbody><tr><td colspan="2"><b>Free</b></td></tr></tbody></table>',
    '',
    '<ul><li>one</li><li><a href="https://stripe.example/docs">two</a></li></ul>',
    '',
    '<ol start="3"><li>three</li></ol>',
    '',
    '<details><summary>More</summary><p>Hidden <br> text</p></details>',
    '',
    '<p><img src="https://cdn.example/diagram.png" alt="Diagram" width="200"></p>',
  ].join('\n');
  const html = markdownToHtml(source)!;
  assert.match(html, /<h4>Limits<\/h4>/);
  assert.match(
    html,
    /<table><thead><tr><th align="right">Plan<\/th><th>Rate<\/th><\/tr><\/thead><tbody><tr><td colspan="2"><b>Free<\/b><\/td><\/tr><\/tbody><\/table>/,
  );
  assert.match(html, /<ul><li>one<\/li><li><a href="https:\/\/stripe\.example\/docs" rel="noopener noreferrer">two<\/a><\/li><\/ul>/);
  assert.match(html, /<ol start="3"><li>three<\/li><\/ol>/);
  assert.match(html, /<details><summary>More<\/summary><p>Hidden <br \/> text<\/p><\/details>/);
  assert.match(html, /<img src="https:\/\/cdn\.example\/diagram\.png" alt="Diagram" width="200" \/>/);
});

test('Markdown tables keep their alignment without a style attribute', () => {
  const html = markdownToHtml('| a | b |\n|--:|:-:|\n| 1 | 2 |')!;
  assert.match(html, /<th align="right">a<\/th>/);
  assert.match(html, /<td align="center">2<\/td>/);
  assert.ok(!html.includes('style='));
});

test('links: external ones get rel, site links and mail addresses stay plain, a given rel or target is replaced', () => {
  assert.equal(
    markdownToHtml('<a href="https://x.example" rel="opener" target="_blank">x</a> [y](/docs/api/y) <a href="mailto:a@x.example">m</a>'),
    '<p><a href="https://x.example" rel="noopener noreferrer">x</a> <a href="/docs/api/y">y</a> <a href="mailto:a@x.example">m</a></p>',
  );
});

test('a link with an unsafe address keeps its text, without the address', () => {
  assert.equal(markdownToHtml('<a href="javascript:alert(1)">click</a>'), '<p><a>click</a></p>');
});

test("fenced code keeps the highlighter's classes; user classes outside the allowlist go", () => {
  const html = markdownToHtml('```json\n{"a": 1}\n```\n\n<span class="k navbar">k</span>')!;
  assert.match(html, /^<pre class="api-code language-json" tabindex="0"><code>/);
  assert.match(html, /<span class="p">/);
  assert.match(html, /<span class="k">k<\/span>/);
});

test('text that only looks like markup stays text', () => {
  assert.equal(markdownToHtml('a &lt;b&gt; 1 < 2 and 3 > 2'), '<p>a &lt;b&gt; 1 &lt; 2 and 3 &gt; 2</p>');
  assert.equal(markdownToHtml('`<script>`'), '<p><code>&lt;script&gt;</code></p>');
});

test('a description that is only unsafe markup is no description', () => {
  assert.equal(markdownToHtml('<script>alert(1)</script>'), undefined);
});

/* Every rule of the allowlist, one by one: what is kept, what is refused. */

const clean = sanitizeDescriptionHtml;
const VOID = new Set(['br', 'hr', 'img']);

test('every allowed element is kept, with its text', () => {
  for (const tag of ALLOWED) {
    const source = tag === 'img' ? '<img src="https://cdn.example/a.png">' : VOID.has(tag) ? `<${tag}>` : `<${tag}>x</${tag}>`;
    const html = clean(source);
    assert.ok(html.startsWith(`<${tag}`), `<${tag}> kept: ${html}`);
    assert.equal(
      parseDocument(html)
        .children.filter((n) => n.type === 'tag')
        .map((n) => (n as Element).name)
        .join(),
      tag,
      html,
    );
    if (!VOID.has(tag) && tag !== 'col' && tag !== 'wbr') assert.equal(DomUtils.textContent(parseDocument(html)), 'x', html);
  }
  assert.equal(clean('<p>a</p>'), '<p>a</p>');
  assert.equal(clean('a<br>b<hr>'), 'a<br />b<hr />');
});

test('elements outside the allowlist are dropped and their text kept', () => {
  for (const tag of [
    'font',
    'center',
    'marquee',
    'blink',
    'section',
    'article',
    'nav',
    'main',
    'button',
    'label',
    'form',
    'video',
    'audio',
    'picture',
    'canvas',
    'dialog',
    'body',
    'html',
  ]) {
    assert.equal(clean(`a<${tag}>x</${tag}>b`), 'axb', tag);
  }
  for (const tag of ['meta', 'link', 'base', 'frame', 'embed', 'input', 'source', 'area', 'param', 'track']) {
    assert.equal(clean(`a<${tag} href="https://evil.example" src="https://evil.example">b`), 'ab', tag);
  }
});

test('script-like and embedding elements are dropped with everything inside them', () => {
  for (const tag of [
    'script',
    'style',
    'template',
    'noscript',
    'noembed',
    'noframes',
    'xmp',
    'plaintext',
    'iframe',
    'frameset',
    'object',
    'applet',
    'svg',
    'math',
    'textarea',
    'select',
    'option',
    'title',
    'head',
  ]) {
    assert.equal(clean(`a<${tag}>secret <b>bold</b></${tag}>b`), 'ab', tag);
  }
  assert.equal(clean('a<!-- note -->b<?php x ?>c'), 'abc', 'comments and processing instructions');
});

test('global attributes: title, lang and dir on any element; no other attribute without a rule', () => {
  assert.equal(
    clean('<p title="t" lang="en" dir="rtl" id="i" name="n" class="c" style="color:red" onclick="x" hidden data-x="1" tabindex="0">x</p>'),
    '<p title="t" lang="en" dir="rtl">x</p>',
  );
  assert.equal(clean('<em title="t" lang="fr" dir="ltr">x</em>'), '<em title="t" lang="fr" dir="ltr">x</em>');
  // An attribute of one element is no attribute of another.
  assert.equal(
    clean(
      '<p colspan="2" start="3" open datetime="2020" cite="https://x.example" span="2" value="1" href="https://x.example" src="https://x.example/a.png" alt="a">x</p>',
    ),
    '<p>x</p>',
  );
});

test('per-element attributes: each one allowed where it means something', () => {
  const cases: [string, string][] = [
    [
      '<img src="https://cdn.example/a.png" alt="A" width="20" height="10" title="T" srcset="https://cdn.example/b.png 2x" loading="lazy">',
      '<img src="https://cdn.example/a.png" alt="A" width="20" height="10" title="T" />',
    ],
    ['<ol start="3" reversed type="a"><li value="7">x</li></ol>', '<ol start="3" reversed type="a"><li value="7">x</li></ol>'],
    ['<ul type="disc" start="2"><li>x</li></ul>', '<ul><li>x</li></ul>'],
    ['<table><colgroup span="2"><col span="3"></colgroup></table>', '<table><colgroup span="2"><col span="3"></col></colgroup></table>'],
    [
      '<table><tr><th colspan="2" rowspan="3" scope="col" abbr="a">x</th><td colspan="4" rowspan="5" scope="row" headers="h">y</td></tr></table>',
      '<table><tr><th colspan="2" rowspan="3" scope="col">x</th><td colspan="4" rowspan="5">y</td></tr></table>',
    ],
    ['<details open name="d"><summary>s</summary>x</details>', '<details open><summary>s</summary>x</details>'],
    ['<time datetime="2024-01-01">Jan</time>', '<time datetime="2024-01-01">Jan</time>'],
    ['<q cite="https://x.example/q">x</q>', '<q cite="https://x.example/q">x</q>'],
    ['<blockquote cite="/docs/quote">x</blockquote>', '<blockquote cite="/docs/quote">x</blockquote>'],
    [
      '<del cite="https://x.example/d" datetime="2024-01-01">x</del><ins cite="https://x.example/i" datetime="2024-01-02">y</ins>',
      '<del cite="https://x.example/d" datetime="2024-01-01">x</del><ins cite="https://x.example/i" datetime="2024-01-02">y</ins>',
    ],
    ['<span class="k" title="t">x</span>', '<span class="k" title="t">x</span>'],
  ];
  for (const [source, expected] of cases) assert.equal(clean(source), expected, source);
});

test("classes: the highlighter's token classes on span, api-code and language-* on pre, nothing else", () => {
  for (const c of ['c', 'k', 's', 'n', 'f', 'p']) assert.equal(clean(`<span class="${c}">x</span>`), `<span class="${c}">x</span>`, c);
  assert.equal(clean('<span class="c k x navbar api-code language-js">x</span>'), '<span class="c k">x</span>');
  assert.equal(
    clean('<pre class="api-code language-json language-shell-session x c">x</pre>'),
    '<pre class="api-code language-json language-shell-session" tabindex="0">x</pre>',
  );
  for (const c of ['xlanguage-js', 'language-', 'language-js.x', 'language-js<x', 'api-codex', 'Api-code']) {
    assert.equal(clean(`<pre class="${c}">x</pre>`), '<pre tabindex="0">x</pre>', c);
  }
  assert.equal(
    clean('<code class="k">x</code><div class="k">y</div><p class="api-code">z</p>'),
    '<code>x</code><div>y</div><p>z</p>',
    'classes only on span and pre',
  );
});

test("code blocks can be reached by keyboard in the page's order: tabindex is always 0", () => {
  assert.equal(clean('<pre>x</pre>'), '<pre tabindex="0">x</pre>');
  assert.equal(clean('<pre tabindex="-1">x</pre>'), '<pre tabindex="0">x</pre>');
  assert.equal(clean('<pre tabindex="5" title="t">x</pre>'), '<pre tabindex="0" title="t">x</pre>');
});

test('links: http, https, mailto and site addresses kept; external ones get rel; title, lang and dir stay', () => {
  const cases: [string, string][] = [
    ['<a href="https://x.example/a">x</a>', '<a href="https://x.example/a" rel="noopener noreferrer">x</a>'],
    ['<a href="http://x.example/a">x</a>', '<a href="http://x.example/a" rel="noopener noreferrer">x</a>'],
    ['<a href="//x.example/a">x</a>', '<a href="//x.example/a" rel="noopener noreferrer">x</a>'],
    ['<a href="HTTPS://X.example/a">x</a>', '<a href="HTTPS://X.example/a" rel="noopener noreferrer">x</a>'],
    ['<a href="mailto:a@x.example">x</a>', '<a href="mailto:a@x.example">x</a>'],
    ['<a href="/docs/api/x">x</a>', '<a href="/docs/api/x">x</a>'],
    ['<a href="x?y=1#z">x</a>', '<a href="x?y=1#z">x</a>'],
    ['<a href="#errors">x</a>', '<a href="#errors">x</a>'],
    ['<a href="">x</a>', '<a>x</a>'],
    [
      '<a title="t" lang="en" dir="rtl" href="/x" rel="opener" target="_blank" id="i" name="n" download ping="https://x.example">x</a>',
      '<a title="t" lang="en" dir="rtl" href="/x">x</a>',
    ],
    ['<a rel="opener" title="t">x</a>', '<a title="t">x</a>'],
    ['<a href="ftp://x.example/a" title="t">x</a>', '<a title="t">x</a>'],
    ['<a href="tel:+15550100">x</a>', '<a>x</a>'],
    ['<a href="page:1">x</a>', '<a>x</a>'],
    ['<a href="http://[">x</a>', '<a>x</a>'],
  ];
  for (const [source, expected] of cases) assert.equal(clean(source), expected, source);
});

test('images: absolute http(s) sources only; an image without one is left out', () => {
  for (const good of [
    'https://x.example/a.png',
    'http://x.example/a.png',
    '//x.example/a.png',
    ' https://x.example/a.png',
    '\u0001https://x.example/a.png',
    'HTTPS://x.example/a.png',
    'Http://x.example/a.png',
  ]) {
    assert.equal(safeImageSrc(good), true, JSON.stringify(good));
  }
  for (const bad of [
    '\u00A0//x.example/a.png',
    '\u00A0https://x.example/a.png',
    'a//x.example/a.png',
    '/a.png',
    'a.png',
    '/\\x.example/a.png',
    '\\\\x.example/a.png',
    'https:x.example/a.png',
    'x https://x.example/a.png',
    'mailto:a@x.example',
    'data:image/png;base64,AAAA',
    'http://[',
    '',
  ]) {
    assert.equal(safeImageSrc(bad), false, JSON.stringify(bad));
  }
  assert.equal(clean('a<img src="/a.png" alt="A">b'), 'ab');
  assert.equal(clean('a<img alt="A">b'), 'ab');
  assert.equal(clean('a<img src="http://[" alt="A">b'), 'ab');
  assert.equal(clean('<img src="http://x.example/a.png">'), '<img src="http://x.example/a.png" />');
  assert.equal(clean('<img src="//x.example/a.png">'), '<img src="//x.example/a.png" />');
});

test('safeHref: whatever the browser reads as http(s), mailto or a relative address, and nothing else', () => {
  for (const bad of [
    'ftp://x.example',
    'file:///etc/passwd',
    'tel:1',
    'blob:https://x.example/1',
    'about:blank',
    'x:y',
    'http://[',
    'https://a b.example',
  ]) {
    assert.equal(safeHref(bad), false, bad);
  }
  for (const good of ['', '?q=1', '//x.example', 'HTTP://X.EXAMPLE', 'MAILTO:a@x.example', '../up'])
    assert.equal(safeHref(good), true, JSON.stringify(good));
});

test('quotations: an unsafe cite is dropped, the element and its other attributes kept', () => {
  for (const tag of ['q', 'blockquote', 'del', 'ins']) {
    // http://[ is no URL to the browser, though its scheme is http.
    for (const bad of ['javascript:alert(1)', 'jav&#x09;ascript:alert(1)', 'data:text/html,x', 'ftp://x.example', 'http://[']) {
      assert.equal(clean(`<${tag} cite="${bad}" title="t">x</${tag}>`), `<${tag} title="t">x</${tag}>`, `${tag} ${bad}`);
    }
  }
});

test('table cell alignment: text-align from a style becomes align; anything else of the style goes', () => {
  const cases: [string, string][] = [
    ['<td style="text-align:left">x</td>', '<td align="left">x</td>'],
    ['<td style="text-align: right;">x</td>', '<td align="right">x</td>'],
    ['<th style="color:red; TEXT-ALIGN : Center ; font-weight:bold">x</th>', '<th align="center">x</th>'],
    ['<td style="color:red;text-align:center">x</td>', '<td align="center">x</td>'],
    ['<td align="RIGHT">x</td>', '<td align="right">x</td>'],
    ['<td align="center" style="text-align:left">x</td>', '<td align="left">x</td>'],
    ['<td align="justify">x</td>', '<td>x</td>'],
    ['<td style="text-align:justify">x</td>', '<td>x</td>'],
    ['<td style="text-align:centered">x</td>', '<td>x</td>'],
    ['<td style="xtext-align:left">x</td>', '<td>x</td>'],
    ['<td style="text-align:left x">x</td>', '<td>x</td>'],
    ['<td style="position:fixed">x</td>', '<td>x</td>'],
    ['<td colspan="2" style="text-align:right">x</td>', '<td colspan="2" align="right">x</td>'],
  ];
  for (const [source, expected] of cases) assert.equal(clean(source), expected, source);
});
