/**
 * Product spec §2: every route of the specification exists with its screen — HTTP 200 from our
 * CDN-like static server AND the right content once the client app has hydrated — and unknown
 * routes show the not-found page with HTTP 404 and the title "Page Not Found | Developer Portal"
 * (under /docs too). The API pages and categories are derived from the processed OpenAPI document
 * (tests/browser/description.ts); one test compares them with the specification's literal list.
 * The .html and /index.html variants are in static-host.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, useSite, waitForHydration} from './harness';
import {blogAuthors, blogPosts, blogTags, markdownPageTitle} from './site-content';
import {describedOperations, overviewRoute, processedDocument, sidebarCategories} from './description';
import {loadPortalConfig} from '../../portal.config';
import {SPEC_CATEGORIES, SPEC_OPERATION_PAGES, SPEC_OVERVIEW_PAGE} from '../spec-pages';

const portalConfig = loadPortalConfig();

const site = useSite();

const posts = blogPosts();
const authors = blogAuthors();
const tags = blogTags();

async function status(p: string): Promise<number> {
  const res = await fetch(site.at(p), {redirect: 'manual'});
  await res.arrayBuffer();
  return res.status;
}

const h1 = async (page: Page) => ((await page.locator('h1').first().textContent({timeout: 5000})) ?? '').trim();

/** Open a route in a fresh page: HTTP 200, hydrated, stays on its path, not the not-found screen. */
async function open(p: string, page?: Page): Promise<Page> {
  assert.equal(await status(p), 200, `${p}: HTTP status`);
  page ??= await site.page();
  await gotoHydrated(page, site, p);
  assert.equal(new URL(page.url()).pathname, p, `${p}: stays on its path`);
  assert.equal(await page.getByText('Page Not Found').count(), 0, `${p}: not the not-found page`);
  return page;
}

async function linkHrefs(page: Page, scope = 'main'): Promise<string[]> {
  return page.locator(`${scope} a[href]`).evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

const operations = describedOperations();
const categories = sidebarCategories();
const apiRoutes = [overviewRoute(), ...operations.map((o) => o.route)];

test('the content matches the route tables of the specification', () => {
  assert.deepEqual(posts.map((p) => p.slug).sort(), ['first-blog-post', 'long-blog-post', 'mdx-blog-post', 'welcome']);
  assert.deepEqual(tags.map((t) => t.permalink).sort(), [
    '/blog/tags/docusaurus',
    '/blog/tags/facebook',
    '/blog/tags/hello',
    '/blog/tags/hola',
  ]);
  const pages = authors.map((a) => a.page).filter((p): p is string => p !== null);
  assert.ok(
    pages.some((p) => /^\/blog\/authors\/all-[a-z0-9-]+-articles$/.test(p)),
    'an /blog/authors/all-{name}-articles page',
  );
  assert.ok(
    pages.some((p) => /^\/blog\/authors\/(?!all-)[a-z0-9-]+$/.test(p)),
    'an /blog/authors/{name} page',
  );
});

test('/search shows the search page', async () => {
  const page = await open('/search');
  assert.match(await h1(page), /search/i);
  assert.equal(
    await page.locator('#__docusaurus_skipToContent_fallback input[type="search"]').count(),
    1,
    'a search input in the page content',
  );
});

test('/markdown-page shows the markdown page', async () => {
  const page = await open('/markdown-page');
  assert.equal(await h1(page), markdownPageTitle());
});

test('/blog lists the four posts', async () => {
  const page = await open('/blog');
  const titles = await page.locator('main article h2').allTextContents();
  assert.deepEqual(titles.map((t) => t.trim()).sort(), posts.map((p) => p.title).sort());
});

test('/blog/archive links every post', async () => {
  const page = await open('/blog/archive');
  assert.equal(await h1(page), 'Archive');
  const hrefs = await linkHrefs(page);
  for (const p of posts) assert.ok(hrefs.includes(`/blog/${p.slug}`), `archive links /blog/${p.slug}`);
});

test('/blog/authors lists the authors', async () => {
  const page = await open('/blog/authors');
  assert.equal(await h1(page), 'Authors');
  const text = await page.locator('main').innerText();
  for (const a of authors) assert.ok(text.includes(a.name), `authors list names ${a.name}`);
});

for (const author of authors.filter((a) => a.page)) {
  test(`${author.page} shows ${author.name} and their posts`, async () => {
    const page = await open(author.page!);
    assert.equal(await h1(page), author.name);
    const titles = (await page.locator('main article h2').allTextContents()).map((t) => t.trim()).sort();
    assert.deepEqual(
      titles,
      posts
        .filter((p) => p.authors.includes(author.key))
        .map((p) => p.title)
        .sort(),
    );
  });
}

for (const post of posts) {
  test(`/blog/${post.slug} shows the post "${post.title}"`, async () => {
    const page = await open(`/blog/${post.slug}`);
    assert.equal(await h1(page), post.title);
    assert.ok((await page.locator('#__blog-post-container').innerText()).trim().length > 200, 'post body shown');
  });
}

test('/blog/tags lists the four tags', async () => {
  const page = await open('/blog/tags');
  assert.equal(await h1(page), 'Tags');
  const hrefs = await linkHrefs(page);
  for (const t of tags) assert.ok(hrefs.includes(t.permalink), `tags list links ${t.permalink}`);
});

for (const tag of tags) {
  test(`${tag.permalink} lists the posts tagged "${tag.label}"`, async () => {
    const page = await open(tag.permalink);
    const tagged = posts.filter((p) => p.tags.includes(tag.key));
    // Docusaurus' plural form: 'One post tagged with "{tag}"' | '{n} posts tagged with "{tag}"'.
    const count = tagged.length === 1 ? 'One post' : `${tagged.length} posts`;
    assert.equal(await h1(page), `${count} tagged with "${tag.label}"`);
    const titles = (await page.locator('main article h2').allTextContents()).map((t) => t.trim()).sort();
    assert.deepEqual(titles, tagged.map((p) => p.title).sort());
  });
}

test(
  'spec conformance: the API pages derived from our document are the 23 the specification names',
  {skip: !portalConfig.ownDocument && 'built from a foreign OpenAPI document'},
  () => {
    assert.deepEqual(apiRoutes.map((r) => r.replace('/docs/api/', '')).sort(), [...SPEC_OPERATION_PAGES, SPEC_OVERVIEW_PAGE].sort());
    assert.deepEqual(categories.map((c) => c.route.replace('/docs/category/api/', '')).sort(), [...SPEC_CATEGORIES]);
  },
);

test('every API page of the document exists, with its title and its sidebar link active', async () => {
  const page = await site.page();
  const problems: string[] = [];
  const expected = [
    {route: overviewRoute(), title: String(processedDocument().info.title)},
    ...operations.map((o) => ({route: o.route, title: o.title})),
  ];
  for (const {route, title} of expected) {
    try {
      await open(route, page);
      assert.equal(await h1(page), title, `${route}: h1`);
      const active = await page.locator('.theme-doc-sidebar-menu a.menu__link--active[aria-current="page"]').getAttribute('href');
      assert.equal(active, route, `${route}: its sidebar link is the current page`);
    } catch (e) {
      problems.push((e as Error).message.split('\n')[0]);
    }
  }
  assert.deepEqual(problems, [], `API pages with problems:\n${problems.join('\n')}`);
});

test('every API category index page exists, titled by its category and linking its pages', async () => {
  assert.ok(categories.length > 0, 'the sidebar has categories');
  const page = await site.page();
  for (const cat of categories) {
    await open(cat.route, page);
    assert.equal(await h1(page), cat.label, `${cat.route}: titled by its category`);
    const cards = (await linkHrefs(page, 'main article')).filter((h) => h.startsWith('/docs/api/'));
    assert.deepEqual([...new Set(cards)].sort(), [...cat.items].sort(), `${cat.route}: links the pages of its category`);
  }
});

test('unknown routes: HTTP 404, the not-found screen and the title "Page Not Found | Developer Portal"', async () => {
  for (const p of ['/no-such-page', '/docs/api/no-such-operation', '/docs/no-such-doc', '/blog/no-such-post']) {
    const page = await site.page({allow: ['notFound']});
    const response = await page.goto(site.at(p));
    assert.equal(response?.status(), 404, `${p}: HTTP 404`);
    await waitForHydration(page);
    assert.equal(await h1(page), 'Page Not Found', `${p}: not-found screen`);
    assert.equal(new URL(page.url()).pathname, p);
    assert.equal(await page.title(), 'Page Not Found | Developer Portal', `${p}: document title`);
  }
});

test('the not-found title is also right after client navigation to an unknown docs page', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, overviewRoute());
  // The router follows a history change as it follows a broken in-app link.
  await page.evaluate(() => window.history.pushState(null, '', '/docs/api/no-such-operation'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Page Not Found'));
  await page.waitForFunction(() => document.title === 'Page Not Found | Developer Portal');
});
