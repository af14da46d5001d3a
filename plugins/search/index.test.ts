import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {scanDocuments} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments.js';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions.js';
import {validateOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/index.js';
import {isCompactIndex} from '../../src/components/Search/compact-index';
import {INDEX_PART_FORMAT} from '../../src/components/Search/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {searchOptions} from '../../src/config/search';
import {assembleDocuments, checkSupported, writeSearchIndex, type ThemeConfig} from './index';
import {parseBuiltPage} from './parse-page';

// The options as Docusaurus hands them to the theme: validated (defaults filled in), then processed.
const validated = validateOptions({
  options: structuredClone(searchOptions) as unknown as PluginOptions,
  validate: (schema, options) => {
    const {value, error} = (schema as {validate(o: unknown): {value: typeof options; error?: Error}}).validate(options);
    if (error) throw error;
    return value;
  },
});
const config: ThemeConfig = processPluginOptions(validated, {siteDir: '/site', siteConfig: {themeConfig: {}}});

const shell = (head: string, body: string) =>
  `<!doctype html><html><head><title>t</title>${head}</head><body><nav class="navbar"><a class="navbar__link navbar__link--active" href="/docs/api/x">API Reference</a></nav>` +
  `<div class="main-wrapper"><nav class="menu"><ul><li><div class="menu__list-item-collapsible"><a class="menu__link menu__link--active" href="/docs/category/api/customers">Customers</a></div></li></ul></nav>${body}</div></body></html>`;

// Pages shaped like the built site's: an API page whose description repeats its first paragraph
// and with a part marked search-skip, a guide whose description is its own, a blog post, a page.
const PAGES: Record<string, {type: 'docs' | 'blog' | 'page'; html: string}> = {
  '/docs/api/get-customer-ledger': {
    type: 'docs',
    html: shell(
      '<meta name="description" content="Returns the  ledger of a customer, oldest first.">',
      '<article><header><h1>Get customer ledger</h1></header><div class="markdown"><p>Returns the ledger of a customer, oldest first.</p>' +
        '<h2 id="parameters">Parameters<a class="hash-link" href="#parameters" aria-hidden="true">#</a></h2><p>customerId: the customer.</p>' +
        '<div class="search-skip"><p>Enum: OPEN, CLOSED, SUSPENDED</p></div>' +
        '<h3 id="responses">Responses<a class="hash-link" href="#responses" aria-hidden="true">#</a></h3><p>200: the ledger entries.</p></div></article>',
    ),
  },
  '/docs/guides/pagination': {
    type: 'docs',
    html: shell(
      '<meta name="description" content="How cursors work across list operations."><meta name="keywords" content="paging,cursor">',
      '<article><header><h1>Pagination</h1></header><div class="markdown"><p>Lists return 25 items per page.</p>' +
        '<h2 id="cursors">Cursors<a class="hash-link" href="#cursors" aria-hidden="true">#</a></h2><p>Pass next to get more.</p>' +
        '<h2 id="elsewhere">Elsewhere<a class="hash-link" href="/docs/other#elsewhere" aria-hidden="true">#</a></h2><p>Linked away.</p></div></article>',
    ),
  },
  '/blog/retries': {
    type: 'blog',
    html: shell(
      '<meta name="description" content="Retrying 429 responses.">',
      '<article><header><h1>Designing retries</h1></header><div id="__blog-post-container" class="markdown"><p>Back off and retry.</p>' +
        '<h2 id="jitter">Jitter<a class="hash-link" href="#jitter" aria-hidden="true">#</a></h2><p>Add randomness.</p></div></article>',
    ),
  },
  // An operation with no description: the page's meta description is its title (Autotask's 2,958).
  '/docs/api/accounts-query': {
    type: 'docs',
    html: shell(
      '<meta name="description" content="Accounts_Query">',
      '<article><header><h1>Accounts_Query</h1></header><div class="markdown">' +
        '<h2 id="parameters">Parameters<a class="hash-link" href="#parameters" aria-hidden="true">#</a></h2><p>search: the filter.</p></div></article>',
    ),
  },
  '/markdown-page': {type: 'page', html: shell('', '<main><h1>Markdown page</h1><p>A page written in Markdown.</p></main>')},
};

function writeSite(): {dir: string; paths: {filePath: string; url: string; type: 'docs' | 'blog' | 'page'}[]} {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
  const paths = Object.entries(PAGES).map(([url, page]) => {
    const filePath = path.join(dir, url, 'index.html');
    mkdirSync(path.dirname(filePath), {recursive: true});
    writeFileSync(filePath, page.html);
    return {filePath, url, type: page.type};
  });
  return {dir, paths};
}

test("the documents are the theme's own, except descriptions already in the page text or title", async () => {
  const {dir, paths} = writeSite();
  try {
    const theirs = await scanDocuments(paths, config);
    const ours = assembleDocuments(
      paths.map(({filePath, url, type}) => ({url, parsed: parseBuiltPage(readFileSync(filePath, 'utf8'), type, url, config)!})),
    );
    assert.deepEqual(ours[0], theirs[0], 'titles');
    assert.deepEqual(ours[1], theirs[1], 'headings');
    assert.deepEqual(ours[3], theirs[3], 'keywords');
    assert.deepEqual(ours[4], theirs[4], 'contents');
    // The API page's description is its first paragraph: indexed once, as content; the other
    // operation's is its title: indexed once, as the title.
    assert.deepEqual(
      theirs[2]!.filter((d) => !ours[2]!.some((o) => o.i === d.i)).map((d) => d.u),
      ['/docs/api/get-customer-ledger', '/docs/api/accounts-query'],
    );
    assert.deepEqual(
      ours[2]!.map((d) => d.t),
      ['How cursors work across list operations.', 'Retrying 429 responses.'],
    );
    assert.ok(!JSON.stringify(ours).includes('SUSPENDED'), 'search-skip parts stay out');
    assert.ok(
      ours[1]!.some((d) => d.h === '#cursors') && !ours[1]!.some((d) => d.t === 'Elsewhere'),
      'a heading linking to another page is skipped',
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('writeSearchIndex writes compact sub-indexes for the routes the theme would index', async () => {
  const {dir} = writeSite();
  try {
    const routesPaths = ['/', '/404.html', '/search', '/blog', ...Object.keys(PAGES)];
    const written = await writeSearchIndex(
      {routesPaths, outDir: dir, baseUrl: '/', siteConfig: {trailingSlash: undefined}, plugins: []},
      config,
    );
    assert.equal(written.length, 1);
    assert.equal(written[0]!.pages, 5);
    assert.deepEqual(written[0]!.parts, [path.join(dir, 'search-index-content.json')]);
    const json = JSON.parse(readFileSync(path.join(dir, 'search-index.json'), 'utf8')) as {documents: unknown[]; index: unknown}[];
    assert.equal(json.length, 5);
    // Titles, headings, descriptions and keywords in the file itself; the body text in its part.
    assert.ok(json.slice(0, 4).every((entry) => Array.isArray(entry.documents) && isCompactIndex(entry.index)));
    const part = JSON.parse(readFileSync(path.join(dir, 'search-index-content.json'), 'utf8')) as {
      documents: {t: string}[];
      index: unknown;
    }[];
    assert.deepEqual(json[4], {
      documents: [],
      index: {format: INDEX_PART_FORMAT, uri: 'search-index-content.json', documents: part[0]!.documents.length},
    });
    assert.equal(part.length, 1);
    assert.ok(isCompactIndex(part[0]!.index));
    assert.ok(part[0]!.documents.some((d) => d.t === 'Add randomness.'));
    assert.deepEqual((json[0]!.documents as {u: string}[]).map((d) => d.u).sort(), Object.keys(PAGES).sort());
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a page that cannot be read stops the build with its path', async () => {
  await assert.rejects(
    writeSearchIndex({routesPaths: ['/docs/missing'], outDir: '/nonexistent-site', baseUrl: '/', siteConfig: {}, plugins: []}, config),
    /search index: cannot read \/nonexistent-site\/docs\/missing\/index\.html \(the page of \/docs\/missing\)/,
  );
});

test('options the builder does not implement are refused, naming the file', () => {
  assert.doesNotThrow(() => checkSupported(config));
  assert.throws(() => checkSupported({...config, hashed: true}), /src\/config\/search\.ts \(searchOptions\): `hashed` must be false/);
  assert.throws(() => checkSupported({...config, language: ['en', 'zh']}), /`language` must be \["en"\]/);
  assert.throws(() => checkSupported({...config, searchContextByPaths: ['docs']}), /searchContextByPaths/);
  assert.throws(() => checkSupported({...config, ignoreFiles: [/^docs\/old/]}), /`ignoreFiles` must be strings/);
});
