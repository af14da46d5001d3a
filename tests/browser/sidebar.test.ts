/**
 * Item 4 of issue 2: all docs share one sidebar, which cannot be hidden; only one category is
 * expanded at a time; landing on an API page opens that page's category; the API overview
 * (rev-io-api) is the sidebar's first link.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Locator, Page} from 'playwright-core';
import {gotoHydrated, openSite, type Site} from './harness';
import {API_CATEGORIES, API_SLUGS} from './site-content';

let site: Site;
let page: Page & {errors: Error[]};
before(async () => {
  site = await openSite();
  page = await site.newPage();
});
after(async () => {
  await site?.close();
});

const SIDEBAR = 'aside.theme-doc-sidebar-container nav.menu';

function category(label: string): Locator {
  return page.locator(`${SIDEBAR} li.theme-doc-sidebar-item-category-level-1`, {
    has: page.locator(':scope > .menu__list-item-collapsible > a.menu__link', {hasText: new RegExp(`^${label}$`)}),
  });
}

/** Labels of the top-level categories that are expanded (their caret says aria-expanded=true). */
async function expanded(): Promise<string[]> {
  return page.locator(`${SIDEBAR} li.theme-doc-sidebar-item-category-level-1`).evaluateAll((lis) =>
    lis
      .filter((li) => li.querySelector(':scope > .menu__list-item-collapsible > button')?.getAttribute('aria-expanded') === 'true')
      .map((li) => li.querySelector(':scope > .menu__list-item-collapsible > a')!.textContent!.trim()));
}

async function sidebarLinks(): Promise<string[]> {
  // Includes links inside collapsed categories: those are in the DOM once expanded at least once,
  // so compare top-level structure (first link + category targets) instead of every item.
  return page.locator(`${SIDEBAR} > ul > li > a, ${SIDEBAR} > ul > li > .menu__list-item-collapsible > a`)
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

test('the API overview is the first sidebar link, followed by the five categories', async () => {
  await gotoHydrated(page, site, '/docs/api/rev-io-api');
  const links = await sidebarLinks();
  assert.equal(links[0], '/docs/api/rev-io-api', 'first sidebar link');
  assert.deepEqual(links.slice(1).sort(), API_CATEGORIES.map((c) => `/docs/category/api/${c}`).sort());
});

test('every docs page uses the same single sidebar', async () => {
  await gotoHydrated(page, site, '/docs/api/rev-io-api');
  const reference = await sidebarLinks();
  const samples = ['/docs/api/get-contact', '/docs/api/update-ticket', '/docs/category/api/invoices', '/docs/api/create-bill-profile'];
  for (const p of samples) {
    await gotoHydrated(page, site, p);
    assert.equal(await page.locator('aside.theme-doc-sidebar-container').count(), 1, `${p}: one sidebar`);
    assert.deepEqual(await sidebarLinks(), reference, `${p}: same sidebar as the overview`);
  }
});

test('the sidebar cannot be hidden (no collapse-sidebar button)', async () => {
  for (const p of ['/docs/api/rev-io-api', '/docs/api/get-contact']) {
    await gotoHydrated(page, site, p);
    assert.equal(await page.locator(`button[title="Collapse sidebar"], button[aria-label="Collapse sidebar"]`).count(), 0, p);
    assert.equal(await page.getByRole('button', {name: /^(collapse|expand) sidebar$/i}).count(), 0, p);
    assert.ok(await page.locator('aside.theme-doc-sidebar-container').isVisible(), `${p}: sidebar visible`);
  }
});

test("landing on an API page opens that page's category, and only it", async () => {
  const cases: Array<[string, string]> = [
    ['/docs/api/get-contact', 'Contacts'],
    ['/docs/api/update-ticket', 'Tickets'],
    ['/docs/api/get-customer-ledger', 'Customers'],
    ['/docs/api/download-invoice', 'Invoices'],
    ['/docs/api/get-a-bill-profile', 'Bill Profiles'],
  ];
  for (const [p, label] of cases) {
    await gotoHydrated(page, site, p);
    assert.deepEqual(await expanded(), [label], `${p}: expanded categories`);
    const active = category(label).locator('a.menu__link--active[aria-current="page"]');
    assert.equal(await active.getAttribute('href'), p, `${p}: current page highlighted inside ${label}`);
    assert.ok(await active.isVisible(), `${p}: its link is visible`);
  }
});

test('only one category is expanded at a time', async () => {
  await gotoHydrated(page, site, '/docs/api/rev-io-api');
  assert.deepEqual(await expanded(), [], 'overview: all categories collapsed');
  const caret = (label: string) => category(label).locator(':scope > .menu__list-item-collapsible > button.menu__caret');

  await caret('Bill Profiles').click();
  await page.waitForTimeout(400);
  assert.deepEqual(await expanded(), ['Bill Profiles']);
  assert.ok(await category('Bill Profiles').locator('ul.menu__list a').first().isVisible());

  await caret('Tickets').click();
  await page.waitForTimeout(400);
  assert.deepEqual(await expanded(), ['Tickets'], 'expanding Tickets collapsed Bill Profiles');
  assert.equal(await category('Bill Profiles').locator('ul.menu__list a').first().isVisible(), false);

  // Collapsing the open one leaves none open; the user can close everything.
  await caret('Tickets').click();
  await page.waitForTimeout(400);
  assert.deepEqual(await expanded(), []);
});

test('navigating to a page of another category switches the open category', async () => {
  await gotoHydrated(page, site, '/docs/api/get-contact');
  assert.deepEqual(await expanded(), ['Contacts']);
  // Client-side navigation through the sidebar: open Invoices, click one of its pages.
  await category('Invoices').locator(':scope > .menu__list-item-collapsible > button.menu__caret').click();
  const target = category('Invoices').locator('ul.menu__list a').first();
  const href = (await target.getAttribute('href'))!;
  assert.ok((API_SLUGS as readonly string[]).includes(href.replace('/docs/api/', '')), href);
  await target.click();
  await page.waitForURL((u) => u.pathname === href);
  await page.waitForTimeout(300);
  assert.deepEqual(await expanded(), ['Invoices']);
});

test('keyboard: Enter on a category caret expands it and collapses the open one', async () => {
  await gotoHydrated(page, site, '/docs/api/get-contact');
  assert.deepEqual(await expanded(), ['Contacts']);
  const caret = category('Tickets').locator(':scope > .menu__list-item-collapsible > button.menu__caret');
  await caret.focus();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(400);
  assert.deepEqual(await expanded(), ['Tickets']);
  // Tab moves into the expanded category's links; Enter opens the page.
  await page.keyboard.press('Tab');
  const href = await page.evaluate(() => document.activeElement?.getAttribute('href'));
  assert.ok(href?.startsWith('/docs/api/'), `focus on a Tickets page link (${href})`);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === href);
  assert.deepEqual(await expanded(), ['Tickets']);
});
