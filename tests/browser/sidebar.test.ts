/**
 * All docs share one sidebar, which cannot be hidden; only one category is expanded at a time;
 * landing on an API page opens that page's category; the API overview is the sidebar's first
 * link. Categories and pages come from the sidebar gen:api generated from the processed document.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Locator, Page} from 'playwright-core';
import {currentSidebarLink, gotoHydrated, navigatedTo, settled, useSite} from './harness';
import {overviewRoute, ROOT, sidebarCategories, sidebarTopLinks} from './description';

const site = useSite();
const SIDEBAR = 'aside.theme-doc-sidebar-container nav.menu';
const OVERVIEW = overviewRoute();
const CATEGORIES = sidebarCategories();

function category(page: Page, label: string): Locator {
  return page.locator(`${SIDEBAR} li.theme-doc-sidebar-item-category-level-1`, {
    has: page.locator(':scope > .menu__list-item-collapsible > a.menu__link', {
      hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    }),
  });
}

const caret = (page: Page, label: string) => category(page, label).locator(':scope > .menu__list-item-collapsible > button.menu__caret');

/** Labels of the top-level categories that are expanded (their caret says aria-expanded=true). */
function expanded(page: Page): Promise<string[]> {
  return page
    .locator(`${SIDEBAR} li.theme-doc-sidebar-item-category-level-1`)
    .evaluateAll((lis) =>
      lis
        .filter((li) => li.querySelector(':scope > .menu__list-item-collapsible > button')?.getAttribute('aria-expanded') === 'true')
        .map((li) => li.querySelector(':scope > .menu__list-item-collapsible > a')!.textContent!.trim()),
    );
}

/** Wait until exactly `labels` are expanded and the collapse animation has finished, then check. */
async function expectExpanded(page: Page, labels: string[], message?: string): Promise<void> {
  await page
    .waitForFunction(
      ({selector, want}) => {
        const open = [...document.querySelectorAll(`${selector} li.theme-doc-sidebar-item-category-level-1`)]
          .filter((li) => li.querySelector(':scope > .menu__list-item-collapsible > button')?.getAttribute('aria-expanded') === 'true')
          .map((li) => li.querySelector(':scope > .menu__list-item-collapsible > a')!.textContent!.trim());
        return JSON.stringify(open) === JSON.stringify(want);
      },
      {selector: SIDEBAR, want: labels},
      {timeout: 5_000},
    )
    .catch(() => undefined);
  await settled(page);
  assert.deepEqual(await expanded(page), labels, message);
}

async function sidebarLinks(page: Page): Promise<string[]> {
  // Top-level structure: the first link and the category targets.
  return page
    .locator(`${SIDEBAR} > ul > li > a, ${SIDEBAR} > ul > li > .menu__list-item-collapsible > a`)
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

test('the document has categories to show', () => {
  assert.ok(CATEGORIES.length >= 2, 'at least two categories, so that "one at a time" means something');
  for (const c of CATEGORIES) assert.ok(c.items.length >= 1, `${c.label} has pages`);
});

test('the API overview is the first sidebar link, followed by every category in document order', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, OVERVIEW);
  const links = await sidebarLinks(page);
  assert.equal(links[0], OVERVIEW);
  // Between the overview and the categories: the other generated doc pages (the changelog).
  assert.deepEqual(links, sidebarTopLinks());
  assert.deepEqual(
    links.slice(-CATEGORIES.length),
    CATEGORIES.map((c) => c.route),
  );
});

test('every docs page uses the same single sidebar', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, OVERVIEW);
  const reference = await sidebarLinks(page);
  // One page of each category and each category index.
  const samples = CATEGORIES.flatMap((c) => [c.items[c.items.length - 1], c.route]);
  for (const p of samples) {
    await gotoHydrated(page, site, p);
    assert.equal(await page.locator('aside.theme-doc-sidebar-container').count(), 1, `${p}: one sidebar`);
    assert.deepEqual(await sidebarLinks(page), reference, `${p}: same sidebar as the overview`);
  }
});

test('the sidebar cannot be hidden (no collapse-sidebar button)', async () => {
  const page = await site.page();
  for (const p of [OVERVIEW, CATEGORIES[0].items[0]]) {
    await gotoHydrated(page, site, p);
    assert.equal(await page.locator(`button[title="Collapse sidebar"], button[aria-label="Collapse sidebar"]`).count(), 0, p);
    assert.equal(await page.getByRole('button', {name: /^(collapse|expand) sidebar$/i}).count(), 0, p);
    assert.ok(await page.locator('aside.theme-doc-sidebar-container').isVisible(), `${p}: sidebar visible`);
  }
});

test("landing on an API page opens that page's category, and only it", async () => {
  const page = await site.page();
  for (const {label, items} of CATEGORIES) {
    const p = items[items.length - 1];
    await gotoHydrated(page, site, p);
    await expectExpanded(page, [label], `${p}: expanded categories`);
    const active = category(page, label).locator('a.menu__link--active[aria-current="page"]');
    assert.equal(await active.getAttribute('href'), p, `${p}: current page highlighted inside ${label}`);
    assert.ok(await active.isVisible(), `${p}: its link is visible`);
  }
});

test('only one category is expanded at a time', async () => {
  const page = await site.page();
  const [first, second] = CATEGORIES;
  await gotoHydrated(page, site, OVERVIEW);
  await expectExpanded(page, [], 'overview: all categories collapsed');

  await caret(page, first.label).click();
  await expectExpanded(page, [first.label]);
  assert.ok(await category(page, first.label).locator('ul.menu__list a').first().isVisible());

  await caret(page, second.label).click();
  await expectExpanded(page, [second.label], `expanding ${second.label} collapsed ${first.label}`);
  assert.equal(await category(page, first.label).locator('ul.menu__list a').first().isVisible(), false);

  // Collapsing the open one leaves none open; the user can close everything.
  await caret(page, second.label).click();
  await expectExpanded(page, []);
});

test('navigating to a page of another category switches the open category', async () => {
  const page = await site.page();
  const [from, to] = [CATEGORIES[0], CATEGORIES[CATEGORIES.length - 1]];
  await gotoHydrated(page, site, from.items[0]);
  await expectExpanded(page, [from.label]);
  // Client-side navigation through the sidebar: open the other category, click its first page.
  await caret(page, to.label).click();
  const target = category(page, to.label).locator('ul.menu__list a').first();
  await target.waitFor();
  assert.equal(await target.getAttribute('href'), to.items[0]);
  await target.click();
  // Read the sidebar of the new page: the old one already shows the category expanded.
  await navigatedTo(page, to.items[0]!, currentSidebarLink(page, to.items[0]!));
  await expectExpanded(page, [to.label]);
});

test('keyboard: Enter on a category caret expands it and collapses the open one', async () => {
  const page = await site.page();
  const [from, to] = [CATEGORIES[0], CATEGORIES[1]];
  await gotoHydrated(page, site, from.items[0]);
  await expectExpanded(page, [from.label]);
  await caret(page, to.label).focus();
  await page.keyboard.press('Enter');
  await expectExpanded(page, [to.label]);
  // Tab moves into the expanded category's links; Enter opens the page.
  await page.keyboard.press('Tab');
  const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
  assert.equal(href, to.items[0], `focus on the first ${to.label} page link`);
  await page.keyboard.press('Enter');
  await navigatedTo(page, href!, currentSidebarLink(page, href!));
  await expectExpanded(page, [to.label]);
});

/** The guides of docs/guides by their front matter: route, title, sidebar_position (the order the sidebar must show). */
function guides(): {route: string; title: string; position: number}[] {
  const dir = path.join(ROOT, 'docs/guides');
  return readdirSync(dir)
    .filter((f) => /\.mdx?$/.test(f) && !f.startsWith('_'))
    .map((f) => {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? '';
      const field = (k: string) => new RegExp(`^${k}:\\s*(.+)$`, 'm').exec(front)?.[1]?.trim();
      return {
        route: `/docs/guides/${f.replace(/\.mdx?$/, '')}`,
        title: field('sidebar_label') ?? field('title') ?? '',
        position: Number(field('sidebar_position') ?? Infinity),
      };
    })
    .sort((a, b) => a.position - b.position);
}

test('the Guides category comes right after the overview, lists docs/guides in sidebar_position order, and opens on a guide', async () => {
  const expected = guides();
  assert.ok(expected.length >= 7, 'docs/guides is read');
  const page = await site.page();
  await gotoHydrated(page, site, OVERVIEW);
  const links = await sidebarLinks(page);
  assert.deepEqual(links.slice(0, 2), [OVERVIEW, '/docs/guides'], 'overview, then the Guides category (its index page)');
  await expectExpanded(page, [], 'the overview opens no category');
  // On a guide: the Guides category is the one expanded, its pages in sidebar_position order.
  const last = expected[expected.length - 1]!;
  await gotoHydrated(page, site, last.route);
  await expectExpanded(page, ['Guides'], `${last.route}: expanded categories`);
  const items = await category(page, 'Guides')
    .locator('ul.menu__list a')
    .evaluateAll((as) => as.map((a) => ({href: a.getAttribute('href'), text: a.textContent?.trim()})));
  assert.deepEqual(
    items,
    expected.map((g) => ({href: g.route, text: g.title})),
  );
  assert.equal(await category(page, 'Guides').locator('a.menu__link--active[aria-current="page"]').getAttribute('href'), last.route);
  assert.equal((await page.locator('article h1').textContent())?.trim(), last.title);
  // The category's index page links every guide.
  await gotoHydrated(page, site, '/docs/guides');
  const cards = await page.locator('article a[href^="/docs/guides/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(
    cards,
    expected.map((g) => g.route),
  );
});
