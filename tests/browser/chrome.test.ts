/**
 * Item 6 of issue 2: the skip-to-content link (first Tab stop; Enter moves focus to the main
 * content), the closeable announcement bar whose dismissal is remembered per announcement id,
 * and the footer's copyright line for 2025.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {currentSidebarLink, gotoHydrated, navigatedTo, painted, useSite, waitForHydration} from './harness';
import {describedOperations, sidebarCategories} from './description';
import {apiSiteLinks} from '../../plugins/api-pages/site-links';
import {loadPortalConfig} from '../../portal.config';

const portalConfig = loadPortalConfig();

const site = useSite();
const REFERENCE = apiSiteLinks(portalConfig.processedSpec, portalConfig.ownDocument).referencePath;
const [OPERATION, OTHER_OPERATION] = describedOperations().map((o) => o.route);
const CATEGORY = sidebarCategories()[0].route;

// Docusaurus 3.7 (theme-common contexts/announcementBar): one key holds the id of the
// announcement last seen, another whether it was dismissed.
const ID_KEY = 'docusaurus.announcement.id';
const DISMISS_KEY = 'docusaurus.announcement.dismiss';

const activeInfo = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      text: el?.textContent?.trim().slice(0, 60),
      inMain: !!el?.closest('main'),
      inNavbar: !!el?.closest('nav.navbar'),
      inAnnouncement: !!el?.closest('[role="region"][aria-label="Announcement"]'),
    };
  });

for (const p of ['/', OPERATION, '/blog/welcome']) {
  test(`skip-to-content on ${p}: first Tab focuses it, Enter moves focus to the main content`, async () => {
    const page = await site.page();
    await gotoHydrated(page, site, p);
    await page.keyboard.press('Tab');
    const first = await activeInfo(page);
    assert.equal(first.tag, 'a');
    assert.equal(first.text, 'Skip to main content');
    assert.ok(await page.locator(':focus').isVisible(), 'the focused skip link is visible');

    await page.keyboard.press('Enter');
    const target = await activeInfo(page);
    assert.equal(target.tag, 'main', 'focus is on <main>');
    // The next Tab stop is inside the main content, not back in the announcement bar or navbar.
    await page.keyboard.press('Tab');
    const next = await activeInfo(page);
    assert.ok(next.inMain, `next Tab stop is in <main> (got ${JSON.stringify(next)})`);
    assert.equal(next.inNavbar, false);
    assert.equal(next.inAnnouncement, false);
    assert.equal(new URL(page.url()).pathname, p, 'no navigation happened');
  });
}

test('announcement bar: shown, closeable, dismissal remembered after reload', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  const bar = page.locator('[role="region"][aria-label="Announcement"]', {has: page.getByRole('button', {name: 'Close'})});
  assert.ok(await bar.isVisible(), 'announcement visible on the first visit');
  // A named region, not a second banner landmark (a11y.test.ts runs axe's landmark rules).
  assert.equal(await page.locator('[role="banner"]').count(), 0, 'the bar is not role=banner');
  const id = await page.evaluate((k) => localStorage.getItem(k), ID_KEY);
  assert.ok(id, 'the announcement id is stored');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), DISMISS_KEY), 'false');

  await bar.getByRole('button', {name: 'Close'}).click();
  assert.equal(await bar.isVisible(), false, 'closed');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), DISMISS_KEY), 'true');

  // Record every value the "initially dismissed" attribute takes, to catch a flash of the bar.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as {annAttr: string[]}).annAttr = seen;
    new MutationObserver(() => {
      seen.push(String(document.documentElement.getAttribute('data-announcement-bar-initially-dismissed')));
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-announcement-bar-initially-dismissed']});
  });
  await page.reload();
  await waitForHydration(page);
  await painted(page);
  assert.equal(await page.locator('[role="region"][aria-label="Announcement"]').isVisible(), false, 'still dismissed after reload');
  const seen = await page.evaluate(() => (window as unknown as {annAttr: string[]}).annAttr);
  assert.ok(seen.length > 0 && seen.every((v) => v === 'true'), `never un-hidden while dismissed: ${seen.join(', ')}`);
  // …and on other pages (client navigation keeps the state too).
  await gotoHydrated(page, site, OTHER_OPERATION);
  assert.equal(await page.locator('[role="region"][aria-label="Announcement"]').isVisible(), false, 'dismissed on another page');
  await page.locator('nav.navbar a.navbar__link', {hasText: 'API Reference'}).click();
  await navigatedTo(page, REFERENCE, currentSidebarLink(page, REFERENCE));
  assert.equal(await page.locator('[role="region"][aria-label="Announcement"]').isVisible(), false, 'dismissed after client navigation');
});

test('announcement bar: shown again when the announcement id changes', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  const currentId = await page.evaluate((k) => localStorage.getItem(k), ID_KEY);
  assert.ok(currentId, 'the current announcement id is stored on the first visit');
  // The visitor dismissed an earlier announcement: storage holds its id and the dismissal.
  await page.evaluate(
    ([idKey, dismissKey]) => {
      localStorage.setItem(idKey, 'an-earlier-announcement');
      localStorage.setItem(dismissKey, 'true');
    },
    [ID_KEY, DISMISS_KEY],
  );
  await page.reload();
  await waitForHydration(page);
  const bar = page.locator('[role="region"][aria-label="Announcement"]');
  await bar.waitFor({state: 'visible', timeout: 3000});
  assert.ok(await bar.isVisible(), 'the new announcement is shown although an old one was dismissed');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), ID_KEY), currentId, 'current id stored');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), DISMISS_KEY), 'false', 'dismissal reset');

  // Control: with the current id dismissed, it stays hidden.
  await page.evaluate(
    ({idKey, dismissKey, id}) => {
      localStorage.setItem(idKey, id);
      localStorage.setItem(dismissKey, 'true');
    },
    {idKey: ID_KEY, dismissKey: DISMISS_KEY, id: currentId ?? ''},
  );
  await page.reload();
  await waitForHydration(page);
  await painted(page);
  assert.equal(await bar.isVisible(), false);
});

test('announcement bar: the close button works from the keyboard', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  const close = page.locator('[role="region"][aria-label="Announcement"]').getByRole('button', {name: 'Close'});
  let reached = false;
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await close.evaluate((b) => b === document.activeElement);
  }
  assert.ok(reached, 'Tab reaches the Close button');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('[role="region"][aria-label="Announcement"]').isVisible(), false, 'closed with Enter');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), DISMISS_KEY), 'true');
});

test('footer: copyright line for 2025 on every kind of page', async () => {
  const page = await site.page({allow: ['notFound']});
  for (const p of ['/', OPERATION, CATEGORY, '/blog', '/markdown-page', '/search', '/no-such-page']) {
    await gotoHydrated(page, site, p);
    const line = page.locator('footer .footer__copyright');
    assert.ok(await line.isVisible(), `${p}: copyright line visible`);
    const text = (await line.innerText()).trim();
    assert.match(text, /^Copyright © 2025\b/, `${p}: "${text}"`);
  }
});
