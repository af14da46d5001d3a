/**
 * The changelog in the built site (after npm run build): /docs/api/changelog lists every release
 * of openapi/releases newest first, operations with breaking changes first, entries linking to
 * pages that exist; its RSS feed has one item per release pointing at the page's sections; the
 * operation pages show "New in / Changed in" marks and the replacements of deprecated fields.
 * Expectations come from the release files and the processed document (buildChangelog).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {loadPortalConfig} from '../../portal.config';
import {audit, describeFindings} from '../../tests/browser/axe';
import {gotoHydrated, navigatedTo, settled, useSite} from '../../tests/browser/harness';
import {buildChangelog, CHANGELOG_ROUTE} from './build';

const portalConfig = loadPortalConfig();

const site = useSite();
const BUILD = path.resolve(__dirname, '../..', process.env.SITE_DIR ?? 'build');
const current = JSON.parse(readFileSync(portalConfig.processedSpec, 'utf8'));
const {changelog, marks} = buildChangelog({current, cache: false});

test('the changelog page: releases newest first, breaking first, entries linking to existing pages, feed linked', async () => {
  assert.ok(changelog.releases.length >= 3);
  const page = await site.page();
  await gotoHydrated(page, site, CHANGELOG_ROUTE);
  const shown = await page.$$eval('[data-release]', (els) => els.map((e) => e.getAttribute('data-release')));
  assert.deepEqual(
    shown,
    changelog.releases.map((r) => r.version),
  );
  // Each release has its heading (in the table of contents) with the anchor the feed and the marks use.
  // (The heading's hash link adds a zero-width space.)
  for (const r of changelog.releases)
    assert.equal((await page.locator(`h2#${r.anchor}`).textContent())?.replace(/\u200b/g, '').trim(), r.version);
  for (const r of changelog.releases) {
    const section = page.locator(`[data-release="${r.version}"]`);
    const ops = await section.locator('[data-operation]').evaluateAll((els) =>
      els.map((e) => ({
        op: e.getAttribute('data-operation'),
        href: e.querySelector('h3 a')?.getAttribute('href') ?? null,
        kinds: [...e.querySelectorAll('[data-change-kind]')].map((li) => li.getAttribute('data-change-kind')),
        text: (e.textContent ?? '').replace(/\s+/g, ' '),
      })),
    );
    assert.deepEqual(
      ops.map((o) => o.op),
      r.operations.map((o) => `${o.method} ${o.path}`),
      r.version,
    );
    // Operations with breaking changes come first, and breaking entries first within each.
    const firstOther = ops.findIndex((o) => !o.kinds.includes('breaking'));
    if (firstOther >= 0)
      assert.ok(
        ops.slice(firstOther).every((o) => !o.kinds.includes('breaking')),
        `${r.version}: breaking first`,
      );
    for (const o of ops) {
      const order = o.kinds.map((k) => ({breaking: 0, 'non-breaking': 1, documentation: 2})[k as 'breaking']);
      assert.deepEqual(order, [...order].sort(), `${r.version} ${o.op}: entries ordered`);
      const expected = r.operations.find((x) => `${x.method} ${x.path}` === o.op)!;
      assert.equal(o.href, expected.href ?? null, `${o.op}: link`);
      for (const c of expected.changes) assert.ok(o.text.includes(c.text.replace(/`/g, '')), `${o.op}: "${c.text}"`);
    }
  }
  // The seeded history shows each kind of change.
  const text = (await page.locator('main').textContent()) ?? '';
  for (const phrase of [
    'Operation removed.',
    'is now required.',
    'no longer accepts',
    'New operation.',
    'New field',
    'Description updated.',
    'is deprecated: use',
  ]) {
    assert.ok(text.includes(phrase), phrase);
  }
  // A removed operation has no link; every link goes to a page that exists.
  const hrefs = await page.$$eval('[data-operation] h3 a', (as) => as.map((a) => a.getAttribute('href')!));
  assert.ok(hrefs.length > 3);
  const res = await page.request.get(site.at(hrefs[0]!));
  assert.equal(res.status(), 200);
  // The feed: a visible link and <link rel="alternate"> in the head.
  // (Every page also links the blog's feeds.)
  const alts = await page.$$eval('head link[rel="alternate"][type="application/rss+xml"]', (ls) =>
    ls.map((l) => [l.getAttribute('href'), l.getAttribute('title')]),
  );
  assert.ok(
    alts.some(([href, title]) => href === changelog.feed && title === `${current.info.title} changelog`),
    JSON.stringify(alts),
  );
  assert.equal(await page.locator('[data-feed-link]').getAttribute('href'), changelog.feed);
  // The sidebar lists the page after the overview and the guides.
  const sidebar = await page.$$eval('nav.menu > ul > li > a, nav.menu > ul > li > div > a', (as) => as.map((a) => a.textContent?.trim()));
  assert.deepEqual(sidebar.slice(0, 3), ['Introduction', 'Guides', 'Changelog']);
});

test('the release of a new major links its migration guide, which opens', async () => {
  const linked = changelog.releases.filter((r) => r.migrationGuide);
  assert.deepEqual(
    linked.map((r) => r.version),
    ['2.0.0'],
    'docs/guides has the v1-to-v2 guide',
  );
  const page = await site.page();
  await gotoHydrated(page, site, CHANGELOG_ROUTE);
  // Exactly the releases that have a guide show the link, inside their own section.
  for (const r of changelog.releases) {
    const link = page.locator(`[data-release="${r.version}"] [data-migration-guide] a`);
    assert.equal(await link.count(), r.migrationGuide ? 1 : 0, `${r.version}: migration link`);
  }
  const release = linked[0]!;
  const link = page.locator(`[data-release="${release.version}"] [data-migration-guide] a`);
  assert.equal(await link.getAttribute('href'), release.migrationGuide!.href);
  assert.equal((await link.textContent())?.trim(), 'Migrating from v1 to v2');
  assert.ok(await link.isVisible());
  // It comes before the release's first breaking change.
  const [linkY, breakingY] = await Promise.all([
    link.boundingBox(),
    page.locator(`[data-release="${release.version}"] [data-change-kind="breaking"]`).first().boundingBox(),
  ]);
  assert.ok(linkY && breakingY && linkY.y < breakingY.y, 'the link is above the breaking changes');
  await link.click();
  await navigatedTo(page, release.migrationGuide!.href, page.locator('h1', {hasText: 'Migrating from v1 to v2'}));
  // The guide links back to the release's section of the changelog.
  assert.ok(
    (await page.locator(`article a[href="${CHANGELOG_ROUTE}#${release.anchor}"]`).count()) >= 1,
    'the guide links the changelog section',
  );
});

test('the feed: one RSS item per release, newest first, linking to the page sections', async () => {
  const page = await site.page();
  const res = await page.request.get(site.at(changelog.feed));
  assert.equal(res.status(), 200);
  const xml = await res.text();
  assert.match(xml, /^<\?xml version="1\.0" encoding="utf-8"\?>\n<rss version="2\.0"/);
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
  assert.equal(items.length, changelog.releases.length);
  changelog.releases.forEach((r, i) => {
    const item = items[i]!;
    assert.match(item, new RegExp(`<title>${current.info.title.replace('.', '\\.')} ${r.version.replace(/\./g, '\\.')}`));
    assert.ok(item.includes(`<link>${portalConfig.siteUrl}${CHANGELOG_ROUTE}#${r.anchor}</link>`), `${r.version}: link`);
    if (r.date) assert.ok(item.includes(`<pubDate>${new Date(`${r.date}T12:00:00Z`).toUTCString()}</pubDate>`));
    for (const op of r.operations)
      assert.ok(item.includes(`${op.method.toUpperCase()} ${op.path}: ${op.title}`), `${r.version}: ${op.title}`);
  });
  // The Markdown twin of the page exists (plugins/agent-docs), with the releases.
  const md = readFileSync(path.join(BUILD, `${CHANGELOG_ROUTE}.md`), 'utf8');
  for (const r of changelog.releases) assert.ok(md.includes(`## ${r.version}`), `twin: ${r.version}`);
});

test('operation pages: "New in / Changed in" marks link to their release; deprecated fields name the replacement', async () => {
  assert.ok(marks.size > 0);
  const page = await site.page();
  const slugs = [...marks.keys()].slice(0, 3);
  const unmarked =
    current.paths &&
    Object.values<Record<string, {'x-portal-slug'?: string}>>(current.paths)
      .flatMap((item) => Object.values(item))
      .map((op) => op['x-portal-slug'])
      .find((s) => s && !marks.has(s));
  for (const slug of slugs) {
    const mark = marks.get(slug)!;
    await gotoHydrated(page, site, `/docs/api/${slug}`);
    const link = page.locator('[data-release-mark]');
    assert.equal(await link.textContent(), `${mark.kind === 'new' ? 'New' : 'Changed'} in v${mark.version}`);
    assert.equal(await link.getAttribute('href'), mark.href);
  }
  if (unmarked) {
    await gotoHydrated(page, site, `/docs/api/${unmarked}`);
    assert.equal(await page.locator('[data-release-mark]').count(), 0, `${unmarked}: no mark`);
  }
  // The mark leads to the release's section.
  await gotoHydrated(page, site, `/docs/api/${slugs[0]}`);
  await page.locator('[data-release-mark]').click();
  const anchor = marks.get(slugs[0]!)!.href.split('#')[1]!;
  await navigatedTo(page, CHANGELOG_ROUTE, page.locator(`h2#${anchor}`));
  assert.equal(new URL(page.url()).hash, `#${anchor}`);
  // A deprecated field of the current document names its replacement.
  await gotoHydrated(page, site, '/docs/api/create-contact');
  const replaced = page.locator('[data-deprecated-by="roles"]').first();
  assert.equal((await replaced.textContent())?.replace(/\s+/g, ' ').trim(), 'use roles instead');
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the changelog page in ${theme} mode, desktop and phone`, async () => {
    for (const viewport of [
      {width: 1280, height: 900},
      {width: 390, height: 844},
    ]) {
      const page = await site.page({localStorage: {theme}, viewport});
      await gotoHydrated(page, site, CHANGELOG_ROUTE);
      await settled(page);
      const {findings, checked} = await audit(page);
      assert.ok(checked.includes('color-contrast'));
      assert.equal(findings.length, 0, describeFindings(findings));
      // Nothing wider than the screen on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${viewport.width}px: ${overflow}px of horizontal overflow`);
    }
  });
}
