/**
 * Item 3 of issue 2: the blog shows reading time, author pages list their posts, and the RSS
 * (/blog/rss.xml) and Atom (/blog/atom.xml) feeds are well-formed XML carrying the four posts.
 * XML is parsed by Chromium's own DOMParser, so "valid" means a real parser accepted it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, useSite} from './harness';
import {blogAuthors, blogPosts} from './site-content';

const site = useSite();

const posts = blogPosts();
const READING_TIME = /^\d+ min read$/;

test('every post shows its reading time', async () => {
  const page = await site.page();
  for (const post of posts) {
    await gotoHydrated(page, site, `/blog/${post.slug}`);
    const header = page.locator('article header').first();
    const text = await header.innerText();
    const match = /(\d+) min read/.exec(text);
    assert.ok(match, `/blog/${post.slug}: header shows "N min read" (got: ${text.replace(/\s+/g, ' ')})`);
    assert.ok(Number(match![1]) >= 1);
  }
});

test('the blog index shows a reading time for each post', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/blog');
  const articles = page.locator('main article');
  assert.equal(await articles.count(), posts.length);
  for (let i = 0; i < posts.length; i++) {
    const meta = await articles.nth(i).locator('header').innerText();
    assert.ok(
      meta.split(/\s*·\s*|\n/).some((part) => READING_TIME.test(part.trim())),
      `article ${i}: reading time in "${meta}"`,
    );
  }
  // The long guide reads longer than the shortest post: the value is computed, not a constant.
  const minutes = await page
    .locator('main article header')
    .evaluateAll((hs) => hs.map((h) => Number(/(\d+) min read/.exec(h.textContent ?? '')?.[1] ?? 0)));
  assert.ok(Math.max(...minutes) > Math.min(...minutes), `reading times differ: ${minutes.join(', ')}`);
});

test('author pages list exactly their posts, and posts link to them', async () => {
  const page = await site.page();
  const withPage = blogAuthors().filter((a) => a.page);
  assert.ok(withPage.length >= 2, 'at least two author pages');
  for (const author of withPage) {
    await gotoHydrated(page, site, author.page!);
    const links = await page
      .locator('main article h2 a')
      .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const expected = posts.filter((p) => p.authors.includes(author.key)).map((p) => `/blog/${p.slug}`);
    assert.deepEqual(links.sort(), expected.sort(), `${author.page} lists the posts of ${author.name}`);
    // One of their posts links back to the author page from its byline.
    await gotoHydrated(page, site, expected[0]);
    const bylines = await page
      .locator('article header a[href]')
      .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    assert.ok(bylines.includes(author.page!), `${expected[0]} links ${author.page}`);
  }
});

async function parseXml(page: Page, url: string) {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url}: HTTP 200`);
  assert.match(res.headers.get('content-type') ?? '', /xml/);
  const xml = await res.text();
  await gotoHydrated(page, site, '/');
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? null;
    const root = doc.documentElement;
    // (No named helper functions here: tsx would wrap them with a __name() the page lacks.)
    const isRss = root.localName === 'rss';
    const items = Array.from(doc.getElementsByTagName(isRss ? 'item' : 'entry')).map((e) => ({
      title: e.getElementsByTagName('title')[0]?.textContent ?? '',
      link: isRss
        ? (e.getElementsByTagName('link')[0]?.textContent ?? '')
        : (e.getElementsByTagName('link')[0]?.getAttribute('href') ?? ''),
      date: e.getElementsByTagName(isRss ? 'pubDate' : 'updated')[0]?.textContent ?? '',
    }));
    return {error, root: root.localName, ns: root.namespaceURI, version: root.getAttribute('version'), items};
  }, xml);
}

function slugOf(link: string): string {
  return new URL(link).pathname.replace(/^\/blog\//, '').replace(/\/$/, '');
}

test('RSS feed /blog/rss.xml is valid RSS 2.0 with the four posts', async () => {
  const page = await site.page();
  const feed = await parseXml(page, site.at('/blog/rss.xml'));
  assert.equal(feed.error, null, `XML parses: ${feed.error}`);
  assert.equal(feed.root, 'rss');
  assert.equal(feed.version, '2.0');
  assert.deepEqual(feed.items.map((i) => slugOf(i.link)).sort(), posts.map((p) => p.slug).sort());
  assert.deepEqual(feed.items.map((i) => i.title).sort(), posts.map((p) => p.title).sort());
  for (const i of feed.items) assert.ok(!Number.isNaN(Date.parse(i.date)), `pubDate "${i.date}" is a date`);
});

test('Atom feed /blog/atom.xml is valid Atom with the four posts', async () => {
  const page = await site.page();
  const feed = await parseXml(page, site.at('/blog/atom.xml'));
  assert.equal(feed.error, null, `XML parses: ${feed.error}`);
  assert.equal(feed.root, 'feed');
  assert.equal(feed.ns, 'http://www.w3.org/2005/Atom');
  assert.deepEqual(feed.items.map((i) => slugOf(i.link)).sort(), posts.map((p) => p.slug).sort());
  assert.deepEqual(feed.items.map((i) => i.title).sort(), posts.map((p) => p.title).sort());
  for (const i of feed.items) assert.ok(!Number.isNaN(Date.parse(i.date)), `updated "${i.date}" is a date`);
});

test('the feeds are advertised in the page head', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/blog');
  const types = await page
    .locator('head link[rel="alternate"]')
    .evaluateAll((ls) => ls.map((l) => `${l.getAttribute('type')} ${new URL((l as HTMLLinkElement).href).pathname}`));
  assert.ok(types.includes('application/rss+xml /blog/rss.xml'), types.join(', '));
  assert.ok(types.includes('application/atom+xml /blog/atom.xml'), types.join(', '));
});
