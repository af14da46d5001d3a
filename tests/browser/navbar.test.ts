/**
 * Product spec §2, navbar: exactly one link, "API Reference" -> /docs/category/api/contacts, a
 * search button and a color-mode switch; it hides on scroll down and shows on scroll up, near the
 * top, or when navigating to an anchor — in all three ways to get there: an anchor of the same
 * page, a page opened at an anchor, a search result whose anchor is on another page — and the
 * target heading is not under it.
 * No sleeps: each check waits until the page has stopped scrolling and animating.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {currentSidebarLink, gotoHydrated, navigatedTo, settled, useSite} from './harness';
import {overviewRoute} from './description';

const site = useSite();
const NAV = 'nav.navbar';
const OVERVIEW = overviewRoute();

/** Waits until the scroll position has not changed for 8 frames and no animation runs. */
async function quiet(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as {__quiet?: {y: number; frames: number}};
      const y = window.scrollY;
      if (!w.__quiet || w.__quiet.y !== y) w.__quiet = {y, frames: 0};
      else w.__quiet.frames++;
      return w.__quiet.frames >= 8;
    },
    undefined,
    {polling: 'raf', timeout: 10_000},
  );
  await settled(page);
}

/** Whether the navbar is on screen, once scrolling and its transition are over. */
async function navbarShown(page: Page): Promise<boolean> {
  await quiet(page);
  return page.locator(NAV).evaluate((n) => n.getBoundingClientRect().bottom > 0);
}

/** Scroll with the mouse wheel in steps, so the page sees a series of scroll events. */
async function wheel(page: Page, dy: number, steps = 4): Promise<void> {
  await page.mouse.move(640, 500);
  for (let i = 0; i < steps; i++) {
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, dy / steps);
    await page.waitForFunction((y) => window.scrollY !== y, before, {polling: 'raf', timeout: 5_000}).catch(() => undefined);
  }
}

/** The anchor target is on screen and below the navbar. */
async function assertHeadingClear(page: Page, hash: string, where: string): Promise<void> {
  const {headingTop, navBottom, y} = await page.evaluate(
    (id) => ({
      headingTop: document.getElementById(decodeURIComponent(id))!.getBoundingClientRect().top,
      navBottom: document.querySelector('nav.navbar')!.getBoundingClientRect().bottom,
      y: window.scrollY,
    }),
    hash.slice(1),
  );
  assert.ok(y > 100, `${where}: the page scrolled to the anchor (scrollY ${y})`);
  assert.ok(headingTop >= navBottom - 1, `${where}: heading (top ${headingTop}) not under the navbar (bottom ${navBottom})`);
  assert.ok(headingTop < 900 / 2, `${where}: heading near the top of the window (top ${headingTop})`);
}

/** A heading anchor far enough down the page that reaching it scrolls well past the navbar. */
async function lateAnchor(page: Page): Promise<string> {
  const hrefs = await page.locator('.table-of-contents a[href^="#"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  assert.ok(hrefs.length >= 2, 'the page has a table of contents');
  return hrefs[hrefs.length - 1];
}

test('exactly one navbar link: "API Reference" -> /docs/category/api/contacts', async () => {
  const page = await site.page();
  for (const p of ['/', OVERVIEW, '/blog']) {
    await gotoHydrated(page, site, p);
    // Every link in the navbar except the brand (logo + title, which goes home).
    const links = await page
      .locator(`${NAV} .navbar__inner a[href]:not(.navbar__brand)`)
      .evaluateAll((as) => as.map((a) => ({text: a.textContent?.trim(), path: new URL((a as HTMLAnchorElement).href).pathname})));
    assert.deepEqual(links, [{text: 'API Reference', path: '/docs/category/api/contacts'}], `${p}: navbar links`);
  }
  await page.locator(`${NAV} a.navbar__link`, {hasText: 'API Reference'}).click();
  await navigatedTo(page, '/docs/category/api/contacts', currentSidebarLink(page, '/docs/category/api/contacts'));
  assert.equal((await page.locator('h1').first().textContent())?.trim(), 'Contacts');
});

test('the navbar has a search button and a color-mode switch', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  const search = page.locator(NAV).getByRole('button', {name: /search/i});
  assert.equal(await search.count(), 1, 'one search button in the navbar');
  assert.ok(await search.isVisible());
  const toggle = page.locator(NAV).getByRole('button', {name: /switch between dark and light mode/i});
  assert.equal(await toggle.count(), 1, 'one color-mode switch in the navbar');
  assert.ok(await toggle.isEnabled());
});

test('hides on scroll down, shows on scroll up and near the top', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/blog/long-blog-post');
  assert.equal(await navbarShown(page), true, 'visible at the top');

  await wheel(page, 1200);
  assert.ok((await page.evaluate(() => window.scrollY)) > 1000);
  assert.equal(await navbarShown(page), false, 'hidden after scrolling down');

  await wheel(page, -300, 3);
  assert.ok((await page.evaluate(() => window.scrollY)) > 500, 'still far from the top');
  assert.equal(await navbarShown(page), true, 'shown after scrolling up');

  await wheel(page, 600);
  assert.equal(await navbarShown(page), false, 'hidden again after scrolling down');

  // Near the top: a position above the navbar's height.
  await page.evaluate(() => window.scrollTo(0, 20));
  assert.equal(await navbarShown(page), true, 'shown near the top');
});

test('anchor of the same page: shown, with the heading below it; the next scroll down hides it', async () => {
  const page = await site.page();
  for (const p of ['/blog/long-blog-post', OVERVIEW]) {
    await gotoHydrated(page, site, p);
    const tocLinks = page.locator('.table-of-contents a[href^="#"]');
    const count = await tocLinks.count();
    assert.ok(count >= 2, `${p}: the page has a table of contents`);

    await wheel(page, 1200);
    assert.equal(await navbarShown(page), false, `${p}: hidden before the anchor navigation`);
    for (const index of [count - 2, 1]) {
      const link = tocLinks.nth(index);
      const hash = (await link.getAttribute('href'))!;
      await link.click();
      await page.waitForURL((u) => u.hash === hash);
      assert.equal(await navbarShown(page), true, `${p}${hash}: navbar shown after anchor navigation`);
      await assertHeadingClear(page, hash, `${p}${hash}`);
      await wheel(page, 400);
      assert.equal(await navbarShown(page), false, `${p}${hash}: hidden again on scroll down`);
    }
  }
});

test('a page opened at an anchor: shown, with the heading below it; the next scroll down hides it', async () => {
  const probe = await site.page();
  await gotoHydrated(probe, site, OVERVIEW);
  const hash = await lateAnchor(probe);

  const page = await site.page();
  await gotoHydrated(page, site, `${OVERVIEW}${hash}`);
  assert.equal(await navbarShown(page), true, `${OVERVIEW}${hash}: navbar shown`);
  await assertHeadingClear(page, hash, `${OVERVIEW}${hash}`);
  await wheel(page, 400);
  assert.equal(await navbarShown(page), false, 'hidden on the first scroll down');
  await wheel(page, -200, 2);
  assert.equal(await navbarShown(page), true, 'shown on scroll up');
});

test('a search result with an anchor on another page: shown, with the heading below it', async () => {
  const probe = await site.page();
  await gotoHydrated(probe, site, OVERVIEW);
  const hash = await lateAnchor(probe);
  const heading = ((await probe.locator(`.table-of-contents a[href="${hash}"]`).textContent()) ?? '').trim();

  for (const from of ['/blog/long-blog-post', '/docs/category/api/contacts']) {
    const page = await site.page();
    await gotoHydrated(page, site, from);
    await wheel(page, 600); // start from a scrolled page with the navbar hidden
    await page.keyboard.press('Control+k'); // the search button is off screen with the navbar
    const input = page.locator('dialog[open] input[role="combobox"]');
    await input.fill(heading);
    const result = page.locator(`dialog[open] [role="option"][href*="${hash}"]`).first();
    await result.waitFor();
    const href = (await result.getAttribute('href'))!;
    assert.equal(new URL(href, site.url).pathname, OVERVIEW, `the result ${href} is on the overview page`);
    await result.click();
    await page.waitForURL((u) => u.pathname === OVERVIEW && u.hash === hash);
    assert.equal(await navbarShown(page), true, `from ${from}: navbar shown on ${OVERVIEW}${hash}`);
    await assertHeadingClear(page, hash, `from ${from}`);
    await wheel(page, 400);
    assert.equal(await navbarShown(page), false, `from ${from}: hidden on the next scroll down`);
  }
});

test('keyboard: Tab reaches "API Reference" (after the skip link and announcement) and Enter follows it', async () => {
  const kb = await site.page();
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
