/**
 * parse-page.ts loads pages with htmlparser2; the theme's parse loads them with parse5. These
 * pages, shaped like the ones Docusaurus writes for us (React's `<!-- -->` text separators, SVG
 * with self-closing children, entities, zero-width hash links, the sidebar's active category, an
 * API page's search-skip parts), must give the same result with both: a cheerio, htmlparser2 or
 * theme update that changes one parser's reading fails here before it changes the index.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {parse} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse.js';
import type {ThemeConfig} from './index';
import {parseBuiltPage, withoutInactiveSidebarEntries, type PageType} from './parse-page';

const config = {ignoreCssSelectors: ['.search-skip'], forceIgnoreNoIndex: false} as unknown as ThemeConfig;

const head = (title: string, extra = '') =>
  `<head><meta charSet="utf-8"><meta name="generator" content="Docusaurus v3.7.0"><title data-rh="true">${title}</title>` +
  `<meta data-rh="true" property="og:title" content="${title}">${extra}<link rel="stylesheet" href="/assets/css/styles.css"><script>!function(){var t=localStorage.getItem("theme");document.documentElement.setAttribute("data-theme",t||"light")}()</script></head>`;

const navbar = (active: string) =>
  `<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items">` +
  `<button aria-label="Toggle navigation bar" aria-expanded="false" class="navbar__toggle clean-btn" type="button"><svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true"><path stroke="currentColor" d="M4 7h22M4 15h22"/></svg></button>` +
  `<a class="navbar__brand" href="/"><div class="navbar__logo"><img src="/img/logo.svg" alt="Rev.io Developer Portal" height="32" width="32"/></div><b class="navbar__title text--truncate">Developer Portal</b></a>` +
  `<a class="navbar__item navbar__link${active === 'api' ? ' navbar__link--active' : ''}" href="/docs/category/api/contacts">API Reference</a>` +
  `<a class="navbar__item navbar__link${active === 'blog' ? ' navbar__link--active' : ''}" href="/blog">Blog</a></div></div></nav>`;

const sidebar =
  `<aside class="theme-doc-sidebar-container docSidebarContainer"><div class="sidebarViewport"><nav aria-label="Docs sidebar" class="menu thin-scrollbar"><ul class="theme-doc-sidebar-menu menu__list">` +
  `<li class="menu__list-item"><a class="menu__link" href="/docs/api/rev-io-api">Introduction</a></li>` +
  `<li class="menu__list-item menu__list-item--collapsed"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist" href="/docs/category/api/bill-profiles">Bill Profiles</a><button aria-label="Expand sidebar category &#x27;Bill Profiles&#x27;" aria-expanded="false" type="button" class="clean-btn menu__caret"></button></div></li>` +
  `<li class="menu__list-item"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--active" href="/docs/category/api/customers">Customers &amp; accounts</a><button aria-label="Collapse sidebar category &#x27;Customers&#x27;" aria-expanded="true" type="button" class="clean-btn menu__caret"></button></div>` +
  `<ul class="menu__list"><li class="menu__list-item"><a class="menu__link menu__link--active" aria-current="page" href="/docs/api/create-customer"><span class="api-method post">post</span>Create customer</a></li>` +
  `<li class="menu__list-item"><a class="menu__link" href="/docs/api/get-customer">Get customer</a></li></ul></li></ul></nav></div></aside>`;

const footer = `<footer class="footer footer--dark"><div class="container"><div class="footer__copyright">Copyright © 2025 Rev.io</div></div></footer>`;

const docShell = (title: string, metas: string, article: string) =>
  `<!doctype html><html lang="en" dir="ltr" class="docs-wrapper plugin-docs">${head(title, metas)}<body class="navigation-with-keyboard"><div id="__docusaurus">` +
  `<div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>${navbar('api')}` +
  `<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper"><div class="docsWrapper"><div class="docRoot">${sidebar}<main class="docMainContainer"><div class="container padding-top--md"><div class="row"><div class="col docItemCol">` +
  `${article}</div></div></div></main></div></div></div>${footer}</div></body></html>`;

const hashLink = (id: string, title: string, href = `#${id}`) =>
  `<a href="${href}" class="hash-link" aria-label="Direct link to ${title}" title="Direct link to ${title}">\u200b</a>`;
const heading = (level: number, id: string, title: string, href?: string) =>
  `<h${level} class="anchor anchorWithHideOnScrollNavbar" id="${id}">${title}${hashLink(id, title, href)}</h${level}>`;

const PAGES: {
  name: string;
  type: PageType;
  url: string;
  html: string;
  expect: (parsed: NonNullable<ReturnType<typeof parseBuiltPage>>) => void;
}[] = [
  {
    name: 'API operation page: title in a header, search-skip parts, code copy button, version badge, table, details',
    type: 'docs',
    url: '/docs/api/create-customer',
    html: docShell(
      'Create customer | Developer Portal',
      '<meta data-rh="true" name="description" content="Creates a customer account &amp; its first bill profile.">',
      `<article><nav class="theme-doc-breadcrumbs" aria-label="Breadcrumbs"><ul class="breadcrumbs" itemscope="" itemType="https://schema.org/BreadcrumbList"><li class="breadcrumbs__item"><a aria-label="Home page" class="breadcrumbs__link" href="/"><svg viewBox="0 0 24 24"><path d="M10 19v-5h4v5" fill="currentColor"></path></svg></a></li>` +
        `<li itemscope="" itemProp="itemListElement" class="breadcrumbs__item"><a class="breadcrumbs__link" itemProp="item" href="/docs/category/api/customers"><span itemProp="name">Customers</span></a><meta itemProp="position" content="1"/></li></ul></nav>` +
        `<span class="badge badge--secondary">Version: 2.0.0</span>` +
        `<div class="copy-page search-skip"><button type="button" id="copy-page-button" aria-haspopup="menu" aria-expanded="false">Copy page <span aria-hidden="true">▾</span></button></div>` +
        `<div class="theme-doc-markdown markdown"><div class="operation"><header class="header"><h1 class="title">Create customer</h1><p class="lifecycle search-skip"><a href="/docs/api/changelog#v1-1-0">Changed<!-- --> in v<!-- -->1.1.0</a></p>` +
        `<div class="endpoint"><span class="badge post operation-method">POST</span><code class="path">/customers</code><button type="button" class="copy search-skip" aria-label="Copy URL">Copy URL</button></div></header>` +
        `<div class="grid"><div class="main"><div class="api-html description"><p>Creates a customer account. The platform assigns the <code>id</code> &amp; the <code>account_number</code>;\nit&#x27;s &quot;active&quot; from&nbsp;the next bill run &lt;see below&gt;.<br/>Second line.</p></div>` +
        `<div class="auth search-skip">${heading(2, 'authorization', 'Authorization')}<ul><li>Bearer</li></ul></div>` +
        `${heading(2, 'request', 'Request')}<table><thead><tr><th>Name</th><th>In</th></tr></thead><tbody><tr><td><code>Idempotency-Key</code></td><td>header</td></tr></tbody></table>` +
        `${heading(3, 'body', 'Body')}<ul class="fields"><li><code>name</code> <span class="search-skip">string, required</span></li><li><code>status</code><details><summary>Enum</summary>active, pending</details></li></ul>` +
        `<div class="mdxCodeBlock_x1 codeBlockContainer"><pre><code>curl -X POST https://api.rev.io/v1/customers</code></pre><button type="button" aria-label="Copy code to clipboard" class="copyButton">Copy</button></div>` +
        `<div class="search-skip">${heading(2, 'responses', 'Responses')}<p>201 Created</p></div>` +
        `${heading(2, 'elsewhere', 'Related', '/docs/api/get-customer#elsewhere')}<p>See Get customer.</p></div></div></div></div></article>`,
    ),
    expect: (parsed) => {
      assert.equal(parsed.pageTitle, 'Create customer');
      assert.deepEqual(parsed.breadcrumb, ['API Reference', 'Customers & accounts']);
      assert.equal(parsed.description, 'Creates a customer account & its first bill profile.');
      assert.deepEqual(
        parsed.sections.map((s) => s.hash),
        ['', '#request', '#body', '/docs/api/get-customer#elsewhere'],
      );
      assert.match(parsed.sections[0]!.content, /it's "active" from the next bill run <see below>\. Second line\./);
      assert.ok(
        !JSON.stringify(parsed).includes('Version:') &&
          !JSON.stringify(parsed).includes('Copy URL') &&
          !JSON.stringify(parsed).includes('string, required'),
      );
    },
  },
  {
    name: 'guide: title without a header, headings nested in wrappers, keywords',
    type: 'docs',
    url: '/docs/guides/pagination',
    html: docShell(
      'Pagination | Developer Portal',
      '<meta name="description" content="How cursors work."><meta name="keywords" content="paging,cursor,limit">',
      `<article><div class="theme-doc-markdown markdown"><h1>Pagination</h1><p>Lists return <strong>25</strong> items per page.</p><div class="admonition"><p>Note</p>` +
        `<section>${heading(2, 'cursors', 'Cursors <code>next</code>')}<p>Pass <em>next</em> to get more.</p>${heading(3, 'limits', 'Limits')}<ol><li>One</li><li>Two</li></ol></section></div></div></article>`,
    ),
    expect: (parsed) => {
      assert.equal(parsed.keywords, 'paging, cursor, limit');
      assert.deepEqual(
        parsed.sections.map((s) => s.title),
        ['Pagination', 'Cursors next', 'Limits'],
      );
    },
  },
  {
    name: 'blog post',
    type: 'blog',
    url: '/blog/welcome',
    html:
      `<!doctype html><html lang="en">${head('Welcome | Developer Portal', '<meta name="description" content="A tour.">')}<body><div id="__docusaurus">${navbar('blog')}<div class="main-wrapper"><div class="container"><div class="row"><main class="col">` +
      `<article class=""><header><h1 class="title">Welcome to the Developer Portal</h1><div class="container margin-vert--md"><time dateTime="2025-05-06T00:00:00.000Z">May 6, 2025</time> · <!-- -->3 min read</div>` +
      `<div class="avatar"><img class="avatar__photo" src="/img/authors/maya.svg" alt="Maya Okafor"/><div class="avatar__name"><span>Maya Okafor</span></div></div></header>` +
      `<div id="__blog-post-container" class="markdown"><p>The portal is open.\nHere is a short tour.</p>\n${heading(2, 'start', 'Start with the overview')}\n<p>Read the <a href="/docs/api/rev-io-api">API overview</a>.</p>\n` +
      `<pre><code>GET /customers?limit=10&amp;cursor=abc</code></pre></div><footer class="docusaurus-mt-lg"><div class="row"><b>Tags:</b><ul><li><a href="/blog/tags/hello">hello</a></li></ul></div></footer></article></main></div></div></div>${footer}</div></body></html>`,
    expect: (parsed) => {
      assert.equal(parsed.pageTitle, 'Welcome to the Developer Portal');
      assert.deepEqual(parsed.breadcrumb, ['Blog']);
      assert.deepEqual(
        parsed.sections.map((s) => s.title),
        ['Welcome to the Developer Portal', 'Start with the overview'],
      );
      assert.match(parsed.sections[1]!.content, /limit=10&cursor=abc/);
    },
  },
  {
    name: 'page: home page with cards and aria-hidden links',
    type: 'page',
    url: '/',
    html:
      `<!doctype html><html lang="en">${head('Developer Portal | API Documentation for Rev.io', '<meta name="description" content="Guides &amp; reference.">')}<body><div id="__docusaurus">${navbar('')}<div class="main-wrapper">` +
      `<header class="hero"><h1 class="hero__title">API Documentation for Rev.io</h1></header><main><section class="features" aria-labelledby="t">${heading(2, 't', 'What you can build')}` +
      `<ul class="grid"><li class="card"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M7 11V8"></path></svg><h3><a href="/docs/api/rev-io-api">Authentication</a></h3><p>How requests are <em>authenticated</em>.</p></li>` +
      `<li class="card"><h3><a href="/docs/category/api/customers">Customers</a></h3><p>Accounts&#x2014;and their ledgers.</p></li></ul></section></main></div>${footer}</div></body></html>`,
    expect: (parsed) => {
      assert.equal(parsed.pageTitle, 'API Documentation for Rev.io');
      assert.match(
        parsed.sections[0]!.content,
        /^What you can build\u200b Authentication How requests are authenticated\. Customers Accounts—and their ledgers\.$/,
      );
    },
  },
  {
    name: 'page without an h1: the title element (with an entity) is the title',
    type: 'page',
    url: '/markdown-page',
    html: `<!doctype html><html>${head('Terms &amp; conditions')}<body><div class="main-wrapper"><main><h2>Terms</h2><p>Plain text.</p></main></div></body></html>`,
    expect: (parsed) => assert.equal(parsed.pageTitle, 'Terms & conditions'),
  },
  {
    name: 'markup a browser repairs: a div inside a p, unclosed list items and cells',
    type: 'docs',
    url: '/docs/guides/repair',
    html: docShell(
      'Repair',
      '',
      `<article><h1>Repair</h1><p>Before<div>inside</div>after</p><ul><li>one<li>two</ul><table><tr><td>a<td>b</table>${heading(2, 'next', 'Next')}<p>End.</p></article>`,
    ),
    expect: (parsed) =>
      assert.deepEqual(
        parsed.sections.map((s) => s.title),
        ['Repair', 'Next'],
      ),
  },
];

for (const page of PAGES) {
  test(`htmlparser2 and the theme's parse5 read the same: ${page.name}`, () => {
    const ours = parseBuiltPage(page.html, page.type, page.url, config);
    const theirs = parse(page.html, page.type, page.url, config);
    assert.ok(ours, 'the page is indexed');
    assert.deepEqual(ours, theirs);
    page.expect(ours);
  });
}

test('a noindex page is left out by both, unless forceIgnoreNoIndex', () => {
  const html = docShell('Draft', '<meta name="robots" content="noindex, nofollow">', '<article><h1>Draft</h1><p>Not yet.</p></article>');
  assert.equal(parseBuiltPage(html, 'docs', '/docs/draft', config), null);
  assert.equal(parse(html, 'docs', '/docs/draft', config), null);
  const forced = {...config, forceIgnoreNoIndex: true};
  assert.deepEqual(parseBuiltPage(html, 'docs', '/docs/draft', forced), parse(html, 'docs', '/docs/draft', forced));
  assert.equal(parseBuiltPage(html, 'docs', '/docs/draft', forced)?.pageTitle, 'Draft');
});

test('the parsed strings do not keep their page alive (htmlparser2 slices the HTML)', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const filler = '<li class="menu__list-item"><a class="menu__link" href="/docs/api/x">An operation of the sidebar</a></li>'.repeat(2000); // ~200 KB
  const page = (i: number) =>
    docShell(
      `Page ${i}`,
      `<meta name="description" content="Description ${i}.">`,
      `<article><h1>Page ${i} é</h1><p>Text ${i}.</p>${heading(2, `h${i}`, `Heading ${i}`)}<p>More.</p></article>`,
    ).replace('<ul class="theme-doc-sidebar-menu menu__list">', `$&${filler}`);
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = Array.from({length: 100}, (_, i) => parseBuiltPage(page(i), 'docs', `/docs/p${i}`, config));
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.equal(kept.length, 100);
  // 100 pages of ~200 KB (two bytes a character: the page has an "é"): ~40 MB if each result held its page.
  assert.ok(grown < 8_000_000, `keeping 100 parsed pages grew the heap by ${(grown / 1e6).toFixed(1)} MB`);
});

test('a label element in a heading (the "Deprecated" badge) is a word apart from the heading text; formatting runs on', () => {
  const html = docShell(
    'Get customer balance',
    '',
    `<article><div class="operation"><header><h1 class="title_UCzi">Get customer balance<span class="deprecatedBadge_tjwF">Deprecated</span></h1></header>` +
      `<p>Old.</p>${heading(2, 'the-ids', 'The <code>id</code>s<span class="badge">New</span>')}<p>Text.</p></div></article>`,
  );
  const parsed = parseBuiltPage(html, 'docs', '/v1/docs/api/get-customer-balance', config)!;
  assert.equal(parsed.pageTitle, 'Get customer balance Deprecated');
  assert.deepEqual(
    parsed.sections.map((s) => s.title),
    ['Get customer balance Deprecated', 'The ids New'],
  );
  // The theme's own parse glues them (what the index held before).
  assert.equal(parse(html, 'docs', '/v1/docs/api/get-customer-balance', config)?.pageTitle, 'Get customer balanceDeprecated');
});

test("a blog route that is not a post (an author's page, the archive) is left out: it repeats the posts", () => {
  const authorPage =
    `<!doctype html><html lang="en">${head('Tomas | Developer Portal')}<body><div id="__docusaurus">${navbar('blog')}<div class="main-wrapper"><div class="container"><div class="row"><main class="col">` +
    `<header><h1>Tomas</h1></header><article class="margin-bottom--xl"><header><h2 class="title"><a href="/blog/long-blog-post">Reconciling customer ledgers without losing a cent</a></h2></header>` +
    `<div class="markdown"><p>How we keep the customer ledger of the billing API and our books in step.</p></div></article></main></div></div></div>${footer}</div></body></html>`;
  assert.equal(parseBuiltPage(authorPage, 'blog', '/blog/authors/tomas', config), null);
  assert.ok(parse(authorPage, 'blog', '/blog/authors/tomas', config), 'the theme indexed it');
  // Pages outside the blog are unchanged by this rule.
  assert.ok(parseBuiltPage(authorPage, 'page', '/about', config));
});

test("a docs page's plain sidebar links are dropped before the parse; the index entry stays the theme's", () => {
  // A sidebar as Docusaurus 3.7 writes it: a large category (AWS EC2: 1,188 entries) holding the
  // active page, plain links, a link with markup, and the active category's own link.
  const item = (slug: string, label: string, active = false) =>
    `<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item api-method get"><a class="menu__link${active ? ' menu__link--active" aria-current="page' : ''}" tabindex="0" href="/docs/api/${slug}">${label}</a></li>`;
  const plain = Array.from({length: 400}, (_, i) => item(`get-thing-${i}`, `GET_Thing${i}`));
  const withMarkup = `<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item"><a class="menu__link" href="https://example.com">Status<svg width="13.5" height="13.5" aria-hidden="true" viewBox="0 0 24 24"><path fill="currentColor" d="M21 13v10h-21"></path></svg></a></li>`;
  const bigSidebar =
    `<aside class="theme-doc-sidebar-container"><div><nav aria-label="Docs sidebar" class="menu thin-scrollbar"><ul class="theme-doc-sidebar-menu menu__list">` +
    `<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-1 menu__list-item"><a class="menu__link" href="/docs/api/ec2">Introduction</a></li>` +
    `<li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--sublist-caret menu__link--active" role="button" aria-expanded="true" href="/docs/api/get-accept">UNTAGGED</a></div>` +
    `<ul style="display:block;overflow:visible;height:auto" class="menu__list">${plain.slice(0, 200).join('')}${item('get-accept', 'GET_Accept', true)}${withMarkup}${plain.slice(200).join('')}</ul></li></ul></nav></div></aside>`;
  const html = docShell(
    'GET_Accept | Developer Portal',
    '<meta data-rh="true" name="description" content="Accepts.">',
    `<article>${heading(1, 'get-accept', 'GET_Accept')}<p>Accepts a transfer.</p>${heading(2, 'request', 'Request')}<p>Body.</p></article>`,
  ).replace(sidebar, bigSidebar);
  assert.ok(html.includes(bigSidebar));

  const trimmed = withoutInactiveSidebarEntries(html);
  assert.ok(trimmed.length < html.length / 5, `${trimmed.length} of ${html.length} characters left to parse`);
  assert.ok(!trimmed.includes('get-thing-'), 'every plain link dropped');
  for (const kept of ['GET_Accept</a>', 'UNTAGGED</a>', withMarkup]) assert.ok(trimmed.includes(kept), kept);
  assert.ok(!trimmed.includes('>Introduction</a>'), 'a plain link at the top level too');

  const ours = parseBuiltPage(html, 'docs', '/docs/api/get-accept', config)!;
  assert.deepEqual(ours, parse(html, 'docs', '/docs/api/get-accept', config));
  assert.deepEqual(ours.breadcrumb, ['API Reference', 'UNTAGGED']);
});

test("a docs page's collapsed sidebar categories are dropped before the parse; active and other categories stay", () => {
  // Autotask's sidebar: hundreds of collapsed categories at the top level, the active one open.
  const collapsed = (slug: string, label: string) =>
    `<li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item menu__list-item--collapsed"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist" href="/docs/category/api/${slug}">${label}</a><button aria-label="Expand sidebar category &#x27;${label}&#x27;" aria-expanded="false" type="button" class="clean-btn menu__caret"></button></div></li>`;
  const many = Array.from({length: 300}, (_, i) => collapsed(`entity-${i}`, `Entity${i}`));
  // Not dropped: a collapsed category whose label has markup, and the open, active one.
  const withMarkup = `<li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item menu__list-item--collapsed"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist" href="/docs/category/api/beta"><span class="badge">Beta</span> Labs</a><button aria-label="Expand" aria-expanded="false" type="button" class="clean-btn menu__caret"></button></div></li>`;
  const open =
    `<li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--active" href="/docs/category/api/accounts">Accounts</a><button aria-label="Collapse sidebar category &#x27;Accounts&#x27;" aria-expanded="true" type="button" class="clean-btn menu__caret"></button></div>` +
    `<ul style="display:block;overflow:visible;height:auto" class="menu__list"><li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item"><a class="menu__link menu__link--active" aria-current="page" tabindex="0" href="/docs/api/accounts-query">Accounts_Query</a></li></ul></li>`;
  const bigSidebar =
    `<aside class="theme-doc-sidebar-container"><div><nav aria-label="Docs sidebar" class="menu thin-scrollbar"><ul class="theme-doc-sidebar-menu menu__list">` +
    `${many.slice(0, 150).join('')}${open}${withMarkup}${many.slice(150).join('')}</ul></nav></div></aside>`;
  const html = docShell(
    'Accounts_Query | Developer Portal',
    '<meta data-rh="true" name="description" content="Accounts_Query">',
    `<article>${heading(1, 'accounts-query', 'Accounts_Query')}<p>Queries accounts.</p>${heading(2, 'request', 'Request')}<p>Body.</p></article>`,
  ).replace(sidebar, bigSidebar);
  assert.ok(html.includes(bigSidebar));
  const trimmed = withoutInactiveSidebarEntries(html);
  assert.ok(trimmed.length < html.length / 5, `${trimmed.length} of ${html.length} characters left to parse`);
  assert.ok(!trimmed.includes('entity-'), 'every collapsed category dropped');
  for (const kept of ['>Accounts</a>', 'Labs</a>']) assert.ok(trimmed.includes(kept), kept);

  const ours = parseBuiltPage(html, 'docs', '/docs/api/accounts-query', config)!;
  assert.deepEqual(ours, parse(html, 'docs', '/docs/api/accounts-query', config));
  assert.deepEqual(ours.breadcrumb, ['API Reference', 'Accounts']);
});
