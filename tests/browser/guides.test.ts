/**
 * The guides (docs/guides) in the built site: every guide renders with its title, is readable on
 * a phone and a desktop in both colour modes (axe, no horizontal overflow), links only to pages
 * that exist, and reaches the reader's tools: a Markdown twin, llms.txt and the search index.
 * (What the guides say is checked against the description by tests/unit/guides.test.ts.)
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {audit, describeFindings} from './axe';
import {gotoHydrated, settled, SITE_DIR, useSite} from './harness';
import {readGuides} from '../../plugins/guides/text-check';

const site = useSite();
const guides = readGuides().map((g) => ({
  ...g,
  route: `/docs/guides/${g.name}`,
  title: /^title:\s*(.+)$/m.exec(g.lines.slice(0, g.lines.indexOf('---', 1)).join('\n'))?.[1]?.trim() ?? '',
}));

test('every guide renders with its title, and its links reach pages that exist', async () => {
  assert.ok(guides.length >= 7, 'docs/guides is read');
  const page = await site.page();
  const checked = new Set<string>();
  for (const g of guides) {
    await gotoHydrated(page, site, g.route);
    assert.equal((await page.locator('article h1').textContent())?.trim(), g.title, g.route);
    const hrefs = await page.locator('article a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('#')[0]!));
    for (const href of new Set(hrefs)) {
      if (checked.has(href)) continue;
      checked.add(href);
      const res = await page.request.get(site.at(href));
      assert.equal(res.status(), 200, `${g.route} links ${href}`);
    }
  }
  assert.ok(
    [...checked].some((h) => h.startsWith('/docs/api/')),
    'the guides link into the reference',
  );
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe and layout: every guide in ${theme} mode, desktop and phone`, async () => {
    for (const viewport of [
      {width: 1280, height: 900},
      {width: 390, height: 844},
    ]) {
      const page = await site.page({localStorage: {theme}, viewport});
      for (const g of guides) {
        await gotoHydrated(page, site, g.route);
        await settled(page);
        const {findings, checked} = await audit(page);
        assert.ok(checked.includes('color-contrast'), `${g.route}: contrast audited`);
        assert.equal(findings.length, 0, `${g.route} at ${viewport.width}px: ${describeFindings(findings)}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${g.route} at ${viewport.width}px: ${overflow}px of horizontal overflow`);
      }
    }
  });
}

test('the guides reach Markdown twins, llms.txt and the search index', () => {
  const llms = readFileSync(path.join(SITE_DIR, 'llms.txt'), 'utf8');
  const search = readFileSync(path.join(SITE_DIR, 'search-index.json'), 'utf8');
  for (const g of guides) {
    const twin = path.join(SITE_DIR, `${g.route}.md`);
    assert.ok(existsSync(twin), `${g.route}.md exists`);
    assert.ok(readFileSync(twin, 'utf8').includes(g.title), `${g.route}.md has the title`);
    assert.ok(llms.includes(`${g.route}.md`), `llms.txt lists ${g.route}`);
    assert.ok(search.includes(`"${g.route}"`), `the search index has ${g.route}`);
  }
});
