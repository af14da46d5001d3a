/**
 * Item 2 of issue 2: every route of the specification exists with its screen — HTTP 200 from
 * our CDN-like static server AND the right content once the client app has hydrated — unknown
 * routes show the not-found page with HTTP 404, and URLs ending in .html or /index.html end on
 * the clean route with the same content.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, openSite, type Site} from './harness';
import {
  API_CATEGORIES, API_SLUGS, blogAuthors, blogPosts, blogTags, kebab, markdownPageTitle,
} from './site-content';

let site: Site;
let page: Page & {errors: Error[]};
before(async () => {
  site = await openSite();
  page = await site.newPage();
});
after(async () => {
  await site?.close();
});

const posts = blogPosts();
const authors = blogAuthors();
const tags = blogTags();

async function status(p: string): Promise<number> {
  const res = await fetch(site.at(p), {redirect: 'manual'});
  await res.arrayBuffer();
  return res.status;
}

const h1 = async () => ((await page.locator('h1').first().textContent({timeout: 5000})) ?? '').trim();

/** Open a route: HTTP 200, hydrated, not the not-found screen, no uncaught error. */
async function open(p: string): Promise<void> {
  assert.equal(await status(p), 200, `${p}: HTTP status`);
  page.errors.length = 0;
  await gotoHydrated(page, site, p);
  assert.equal(new URL(page.url()).pathname, p, `${p}: stays on its path`);
  assert.equal(await page.getByText('Page Not Found').count(), 0, `${p}: not the not-found page`);
  assert.deepEqual(page.errors.map(String), [], `${p}: no uncaught errors`);
}

async function linkHrefs(scope = 'main'): Promise<string[]> {
  return page.locator(`${scope} a[href]`).evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

test('the content matches the route tables of the specification', () => {
  assert.deepEqual(posts.map((p) => p.slug).sort(), ['first-blog-post', 'long-blog-post', 'mdx-blog-post', 'welcome']);
  assert.deepEqual(tags.map((t) => t.permalink).sort(),
    ['/blog/tags/docusaurus', '/blog/tags/facebook', '/blog/tags/hello', '/blog/tags/hola']);
  const pages = authors.map((a) => a.page).filter((p): p is string => p !== null);
  assert.ok(pages.some((p) => /^\/blog\/authors\/all-[a-z0-9-]+-articles$/.test(p)), 'an /blog/authors/all-{name}-articles page');
  assert.ok(pages.some((p) => /^\/blog\/authors\/(?!all-)[a-z0-9-]+$/.test(p)), 'an /blog/authors/{name} page');
});

test('/search shows the search page', async () => {
  await open('/search');
  assert.match(await h1(), /search/i);
  assert.equal(await page.locator('#__docusaurus_skipToContent_fallback input[type="search"]').count(), 1,
    'a search input in the page content');
});

test('/markdown-page shows the markdown page', async () => {
  await open('/markdown-page');
  assert.equal(await h1(), markdownPageTitle());
});

test('/blog lists the four posts', async () => {
  await open('/blog');
  const titles = await page.locator('main article h2').allTextContents();
  assert.deepEqual(titles.map((t) => t.trim()).sort(), posts.map((p) => p.title).sort());
});

test('/blog/archive links every post', async () => {
  await open('/blog/archive');
  assert.equal(await h1(), 'Archive');
  const hrefs = await linkHrefs();
  for (const p of posts) assert.ok(hrefs.includes(`/blog/${p.slug}`), `archive links /blog/${p.slug}`);
});

test('/blog/authors lists the authors', async () => {
  await open('/blog/authors');
  assert.equal(await h1(), 'Authors');
  const text = await page.locator('main').innerText();
  for (const a of authors) assert.ok(text.includes(a.name), `authors list names ${a.name}`);
});

for (const author of authors.filter((a) => a.page)) {
  test(`${author.page} shows ${author.name} and their posts`, async () => {
    await open(author.page!);
    assert.equal(await h1(), author.name);
    const titles = (await page.locator('main article h2').allTextContents()).map((t) => t.trim()).sort();
    assert.deepEqual(titles, posts.filter((p) => p.authors.includes(author.key)).map((p) => p.title).sort());
  });
}

for (const post of posts) {
  test(`/blog/${post.slug} shows the post "${post.title}"`, async () => {
    await open(`/blog/${post.slug}`);
    assert.equal(await h1(), post.title);
    assert.ok(((await page.locator('#__blog-post-container').innerText()).trim().length) > 200, 'post body shown');
  });
}

test('/blog/tags lists the four tags', async () => {
  await open('/blog/tags');
  assert.equal(await h1(), 'Tags');
  const hrefs = await linkHrefs();
  for (const t of tags) assert.ok(hrefs.includes(t.permalink), `tags list links ${t.permalink}`);
});

for (const tag of tags) {
  test(`${tag.permalink} lists the posts tagged "${tag.label}"`, async () => {
    await open(tag.permalink);
    const tagged = posts.filter((p) => p.tags.includes(tag.key));
    // Docusaurus' plural form: 'One post tagged with "{tag}"' | '{n} posts tagged with "{tag}"'.
    const count = tagged.length === 1 ? 'One post' : `${tagged.length} posts`;
    assert.equal(await h1(), `${count} tagged with "${tag.label}"`);
    const titles = (await page.locator('main article h2').allTextContents()).map((t) => t.trim()).sort();
    assert.deepEqual(titles, tagged.map((p) => p.title).sort());
  });
}

test('the 23 API reference pages exist, each with its title and active sidebar link', async () => {
  const problems: string[] = [];
  for (const slug of API_SLUGS) {
    const p = `/docs/api/${slug}`;
    try {
      await open(p);
      const title = await h1();
      assert.ok(title.length > 0, `${p}: has an h1`);
      // Operation pages are titled by their operation (the slug is derived from it).
      if (slug !== 'rev-io-api') assert.equal(kebab(title), slug, `${p}: h1 "${title}" names the operation`);
      const active = await page.locator('.theme-doc-sidebar-menu a.menu__link--active[aria-current="page"]').getAttribute('href');
      assert.equal(active, p, `${p}: its sidebar link is the current page`);
    } catch (e) {
      problems.push((e as Error).message.split('\n')[0]);
    }
  }
  assert.deepEqual(problems, [], `API pages with problems:\n${problems.join('\n')}`);
});

test('the five API category index pages exist and link their operations', async () => {
  for (const cat of API_CATEGORIES) {
    const p = `/docs/category/api/${cat}`;
    await open(p);
    assert.equal(kebab(await h1()), cat, `${p}: titled by its category`);
    const cards = (await linkHrefs('main article')).filter((h) => h.startsWith('/docs/api/'));
    assert.ok(cards.length > 0, `${p}: links its API pages`);
    for (const c of cards) assert.ok((API_SLUGS as readonly string[]).includes(c.replace('/docs/api/', '')), `${p}: ${c} is a known API page`);
  }
});

test('unknown routes: HTTP 404 and the "Page Not Found" screen', async () => {
  for (const p of ['/no-such-page', '/docs/api/no-such-operation', '/blog/no-such-post']) {
    const response = await page.goto(site.at(p));
    assert.equal(response?.status(), 404, `${p}: HTTP 404`);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    assert.equal(await h1(), 'Page Not Found', `${p}: not-found screen`);
    assert.equal(new URL(page.url()).pathname, p);
  }
});

test('*.html and */index.html URLs end on the clean route with its content', async () => {
  const cases: Array<[string, RegExp, () => Promise<string>]> = [
    ['/markdown-page.html', /^\/markdown-page\/?$/, async () => markdownPageTitle()],
    ['/markdown-page/index.html', /^\/markdown-page\/?$/, async () => markdownPageTitle()],
    ['/docs/api/get-contact/index.html', /^\/docs\/api\/get-contact\/?$/, async () => 'get-contact'],
    ['/docs/api/get-contact.html', /^\/docs\/api\/get-contact\/?$/, async () => 'get-contact'],
    ['/blog/welcome/index.html', /^\/blog\/welcome\/?$/, async () => posts.find((p) => p.slug === 'welcome')!.title],
    ['/index.html', /^\/$/, async () => 'Developer Portal'],
  ];
  for (const [from, clean, expected] of cases) {
    page.errors.length = 0;
    const response = await page.goto(site.at(from));
    assert.equal(response?.status(), 200, `${from}: final HTTP status`);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const {pathname} = new URL(page.url());
    assert.match(pathname, clean, `${from}: ends on the clean path (got ${pathname})`);
    const want = await expected();
    const title = await h1();
    if (want === 'get-contact') assert.equal(kebab(title), want, `${from}: content`);
    else assert.equal(title, want, `${from}: content`);
    assert.equal(await page.getByText('Page Not Found').count(), 0, `${from}: not the not-found page`);
    assert.deepEqual(page.errors.map(String), [], `${from}: no uncaught errors`);
  }
});
