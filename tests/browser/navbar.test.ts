/**
 * Item 5 of issue 2: the navbar has exactly one link, "API Reference" -> /docs/category/api/contacts,
 * a search button and a color-mode switch; it hides on scroll down and shows again on scroll up,
 * near the top, and when navigating to an anchor (where the heading must not end up under it).
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, openSite, type Site} from './harness';

let site: Site;
let page: Page & {errors: Error[]};
before(async () => {
  site = await openSite();
  page = await site.newPage();
});
after(async () => {
  await site?.close();
});

const NAV = 'nav.navbar';

test('exactly one navbar link: "API Reference" -> /docs/category/api/contacts', async () => {
  for (const p of ['/', '/docs/api/get-contact', '/blog']) {
    await gotoHydrated(page, site, p);
    // Every link in the navbar except the brand (logo + title, which goes home).
    const links = await page.locator(`${NAV} .navbar__inner a[href]:not(.navbar__brand)`).evaluateAll((as) =>
      as.map((a) => ({text: a.textContent?.trim(), path: new URL((a as HTMLAnchorElement).href).pathname})));
    assert.deepEqual(links, [{text: 'API Reference', path: '/docs/category/api/contacts'}], `${p}: navbar links`);
  }
  await page.locator(`${NAV} a.navbar__link`, {hasText: 'API Reference'}).click();
  await page.waitForURL((u) => u.pathname === '/docs/category/api/contacts');
  assert.equal((await page.locator('h1').first().textContent())?.trim(), 'Contacts');
});

test('the navbar has a search button and a color-mode switch', async () => {
  await gotoHydrated(page, site, '/');
  const search = page.locator(NAV).getByRole('button', {name: /search/i});
  assert.equal(await search.count(), 1, 'one search button in the navbar');
  assert.ok(await search.isVisible());
  const toggle = page.locator(NAV).getByRole('button', {name: /switch between dark and light mode/i});
  assert.equal(await toggle.count(), 1, 'one color-mode switch in the navbar');
  assert.ok(await toggle.isEnabled());
});

async function navbarVisible(): Promise<boolean> {
  // Wait out the transform transition, then test where the navbar is.
  await page.waitForTimeout(450);
  return page.locator(NAV).evaluate((n) => n.getBoundingClientRect().bottom > 0);
}

/** Scroll with the mouse wheel in several steps, so the page sees a series of scroll events. */
async function wheel(dy: number, steps = 4): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, dy / steps);
    await page.waitForTimeout(120);
  }
}

test('hides on scroll down, shows on scroll up and near the top', async () => {
  await gotoHydrated(page, site, '/blog/long-blog-post');
  await page.mouse.move(640, 500);
  assert.equal(await navbarVisible(), true, 'visible at the top');

  await wheel(1200);
  assert.ok(await page.evaluate(() => window.scrollY) > 1000);
  assert.equal(await navbarVisible(), false, 'hidden after scrolling down');

  await wheel(-300, 3);
  assert.ok(await page.evaluate(() => window.scrollY) > 500, 'still far from the top');
  assert.equal(await navbarVisible(), true, 'shown after scrolling up');

  await wheel(600);
  assert.equal(await navbarVisible(), false, 'hidden again after scrolling down');

  // Near the top: scroll to a position above the navbar height.
  await page.evaluate(() => window.scrollTo(0, 20));
  assert.equal(await navbarVisible(), true, 'shown near the top');
});

test('shows when navigating to an anchor, with the target heading below it', async () => {
  for (const p of ['/blog/long-blog-post', '/docs/api/rev-io-api']) {
    await gotoHydrated(page, site, p);
    await page.mouse.move(640, 500);
    const tocLinks = page.locator('.table-of-contents a[href^="#"]');
    const count = await tocLinks.count();
    assert.ok(count >= 2, `${p}: the page has a table of contents`);

    // Navigate down to a late anchor while the navbar is hidden.
    await wheel(1200);
    assert.equal(await navbarVisible(), false, `${p}: hidden before the anchor navigation`);
    for (const index of [count - 2, 1]) {
      const link = tocLinks.nth(index);
      const hash = (await link.getAttribute('href'))!;
      await link.click();
      await page.waitForURL((u) => u.hash === hash);
      assert.equal(await navbarVisible(), true, `${p}${hash}: navbar shown after anchor navigation`);
      const {headingTop, navBottom, y} = await page.evaluate((id) => ({
        headingTop: document.getElementById(decodeURIComponent(id))!.getBoundingClientRect().top,
        navBottom: document.querySelector('nav.navbar')!.getBoundingClientRect().bottom,
        y: window.scrollY,
      }), hash.slice(1));
      assert.ok(y > 100, `${p}${hash}: the page scrolled to the anchor`);
      assert.ok(headingTop >= navBottom - 1, `${p}${hash}: heading (top ${headingTop}) not hidden under the navbar (bottom ${navBottom})`);
      // The next scroll down hides it again, as usual.
      await wheel(400);
      assert.equal(await navbarVisible(), false, `${p}${hash}: hidden again on scroll down`);
    }
  }
});

test('keyboard: Tab reaches "API Reference" (after the skip link and announcement) and Enter follows it', async () => {
  const kb = await site.newPage();
  await gotoHydrated(kb, site, '/');
  const stops: string[] = [];
  for (let i = 0; i < 15; i++) {
    await kb.keyboard.press('Tab');
    const label = await kb.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`;
    });
    stops.push(label);
    if (label === 'a:API Reference') break;
  }
  assert.equal(stops[0], 'a:Skip to main content', `first Tab stop (stops: ${stops.join(' | ')})`);
  assert.equal(stops.at(-1), 'a:API Reference', `Tab reaches the navbar link (stops: ${stops.join(' | ')})`);
  await kb.keyboard.press('Enter');
  await kb.waitForURL((u) => u.pathname === '/docs/category/api/contacts');
});
