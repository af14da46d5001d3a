/**
 * Item 8 of issue 2: below the desktop breakpoint the navbar toggle opens the mobile sidebar;
 * on a docs page it shows the docs sidebar (secondary menu) with "← Back to main menu", which
 * switches to the main menu; the sidebar closes on navigation and when the layout becomes
 * desktop. Docusaurus 3.7 / Infima switch layouts at 996 px: up to 996 px is mobile
 * ("max-width: 996px"), from 997 px it is desktop with the docs sidebar beside the content.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import escapeRegExp from 'lodash/escapeRegExp';
import {gotoHydrated, navigatedTo, settled, useSite} from './harness';
import {describedOperations, overviewRoute, sidebarCategories} from './description';
import {apiSiteLinks} from '../../plugins/api-pages/site-links';
import {loadPortalConfig} from '../../portal.config';

const portalConfig = loadPortalConfig();

const site = useSite();
const OVERVIEW = overviewRoute();
const REFERENCE = apiSiteLinks(portalConfig.processedSpec, portalConfig.ownDocument).referencePath;
// A category with two pages: one to land on, one to navigate to.
const CATEGORY = sidebarCategories().find((c) => c.items.length >= 2)!;
const [PAGE, OTHER] = CATEGORY.items;

/**
 * The h1 of the docs page at `route` (a category: its label; an operation: its title, with the
 * badge of a deprecated one): what tells the page apart from the one being left (the phone has no
 * sidebar to read the current page from).
 */
function heading(page: Page, route: string) {
  const title = sidebarCategories().find((c) => c.route === route)?.label ?? describedOperations().find((o) => o.route === route)?.title;
  assert.ok(title, `${route} is a category or an operation page`);
  return page.locator('main h1').filter({hasText: new RegExp(`^\\s*${escapeRegExp(title)}( Deprecated)?\\s*$`)});
}

const PHONE = {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true};
const TOGGLE = 'nav.navbar button.navbar__toggle';
const DESKTOP_SIDEBAR = 'aside.theme-doc-sidebar-container';

/** Is the element on screen (the mobile panels slide in and out with transforms)? */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  const el = page.locator(selector).first();
  if ((await el.count()) === 0 || !(await el.isVisible())) return false;
  return el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > 1 && r.left < window.innerWidth - 1;
  });
}

async function sidebarOpen(page: Page): Promise<boolean> {
  await settled(page); // the slide transition has finished
  const cls = await page.locator('nav.navbar').getAttribute('class');
  return /\bnavbar-sidebar--show\b/.test(cls ?? '') && onScreen(page, '.navbar-sidebar');
}

const secondaryShown = (page: Page) =>
  page.locator('.navbar-sidebar__items').evaluate((e) => e.classList.contains('navbar-sidebar__items--show-secondary'));

test('phone, non-docs page: the toggle opens the sidebar with the main menu', async () => {
  const page = await site.page(PHONE);
  await gotoHydrated(page, site, '/');
  assert.ok(await page.locator(TOGGLE).isVisible(), 'toggle visible on a phone');
  assert.equal(
    await page.locator('nav.navbar .navbar__items a.navbar__link').first().isVisible(),
    false,
    'navbar links are folded into the sidebar',
  );
  assert.equal(await sidebarOpen(page), false);

  await page.locator(TOGGLE).click();
  assert.equal(await sidebarOpen(page), true, 'sidebar open');
  assert.equal(await secondaryShown(page), false, 'no secondary menu outside the docs');
  const primary = page.locator('.navbar-sidebar .navbar-sidebar__item').first();
  const link = primary.getByRole('link', {name: 'API Reference'});
  assert.ok(await link.isVisible(), 'main menu lists "API Reference"');

  // Navigating from the sidebar closes it.
  await link.click();
  await navigatedTo(page, REFERENCE, heading(page, REFERENCE));
  assert.equal(await sidebarOpen(page), false, 'closed after navigation');
});

test('phone, docs page: docs sidebar with "← Back to main menu", switching between the menus', async () => {
  const page = await site.page(PHONE);
  await gotoHydrated(page, site, PAGE);
  assert.equal(await page.locator(DESKTOP_SIDEBAR).isVisible(), false, 'no desktop sidebar on a phone');

  await page.locator(TOGGLE).click();
  assert.equal(await sidebarOpen(page), true);
  assert.equal(await secondaryShown(page), true, 'the docs sidebar (secondary menu) is shown first');
  const back = page.locator('.navbar-sidebar').getByRole('button', {name: '← Back to main menu'});
  assert.ok(await onScreen(page, '.navbar-sidebar__back'), '"← Back to main menu" on screen');
  assert.equal((await back.textContent())?.trim(), '← Back to main menu');
  // The secondary menu is the docs sidebar: overview first, current page highlighted.
  const secondary = page.locator('.navbar-sidebar .navbar-sidebar__item').nth(1);
  const hrefs = await secondary.locator('a.menu__link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.equal(hrefs[0], OVERVIEW);
  assert.equal(await secondary.locator('a.menu__link--active[aria-current="page"]').getAttribute('href'), PAGE);

  // Back to the main menu…
  await back.click();
  await settled(page);
  assert.equal(await secondaryShown(page), false, 'main menu shown after "Back"');
  const primary = page.locator('.navbar-sidebar .navbar-sidebar__item').first();
  assert.ok(await onScreen(page, '.navbar-sidebar .navbar-sidebar__item:first-child a.menu__link'), 'main menu on screen');
  assert.ok(await primary.getByRole('link', {name: 'API Reference'}).isVisible());

  // …and the docs menu again the next time the sidebar opens.
  await page
    .locator('.navbar-sidebar')
    .getByRole('button', {name: /close navigation bar/i})
    .click();
  assert.equal(await sidebarOpen(page), false, 'closed with its close button');
  await page.locator(TOGGLE).click();
  assert.equal(await sidebarOpen(page), true);
  assert.equal(await secondaryShown(page), true, 'secondary menu shown again on reopening');

  // Navigating from the docs sidebar closes it.
  const target = secondary.locator(`a.menu__link[href="${OTHER}"]`);
  await target.click();
  await navigatedTo(page, OTHER!, heading(page, OTHER!));
  assert.equal(await sidebarOpen(page), false, 'closed after navigation');
});

test('the desktop/mobile switch is at 996 px and an open mobile sidebar closes on desktop', async () => {
  const page = await site.page({viewport: {width: 996, height: 800}});
  await gotoHydrated(page, site, PAGE);
  assert.equal(await page.locator(DESKTOP_SIDEBAR).isVisible(), false, '996 px: no desktop sidebar');
  assert.ok(await page.locator(TOGGLE).isVisible(), '996 px: navbar toggle');
  await page.locator(TOGGLE).click();
  assert.equal(await sidebarOpen(page), true);

  await page.setViewportSize({width: 997, height: 800});
  await page.waitForFunction(() => matchMedia('(min-width: 997px)').matches);
  assert.equal(await sidebarOpen(page), false, 'mobile sidebar closed when the layout becomes desktop');
  assert.ok(await page.locator(DESKTOP_SIDEBAR).isVisible(), '997 px: desktop sidebar');
  assert.equal(await page.locator(TOGGLE).isVisible(), false, '997 px: no toggle');
  assert.ok(await page.locator(`${DESKTOP_SIDEBAR} a.menu__link--active[href="${PAGE}"]`).isVisible());

  for (const width of [1280, 1920]) {
    await page.setViewportSize({width, height: 900});
    await page.waitForFunction(() => matchMedia('(min-width: 997px)').matches);
    await settled(page);
    assert.ok(await page.locator(DESKTOP_SIDEBAR).isVisible(), `${width} px: desktop sidebar`);
    assert.ok(await page.locator('nav.navbar a.navbar__link', {hasText: 'API Reference'}).isVisible(), `${width} px: navbar link inline`);
  }
  await page.setViewportSize({width: 995, height: 800});
  await page.waitForFunction(() => matchMedia('(max-width: 996px)').matches);
  await settled(page);
  assert.equal(await page.locator(DESKTOP_SIDEBAR).isVisible(), false, '995 px: mobile layout again');
});

test('phone: no page is wider than the screen (every operation, overview, category, blog, search)', async () => {
  const page = await site.page(PHONE);
  const routes = [
    ...describedOperations().map((o) => o.route),
    OVERVIEW,
    CATEGORY.route,
    '/',
    '/blog/long-blog-post',
    '/search?q=customer',
    '/markdown-page',
  ];
  const wide: string[] = [];
  for (const route of routes) {
    await gotoHydrated(page, site, route);
    const {scroll, inner} = await page.evaluate(() => ({scroll: document.documentElement.scrollWidth, inner: window.innerWidth}));
    if (scroll > inner) wide.push(`${route}: ${scroll} px wide at ${inner} px`);
  }
  assert.deepEqual(wide, []);
});

test('phone: Escape closes the open sidebar and puts focus back on the toggle', async () => {
  const page = await site.page(PHONE);
  await gotoHydrated(page, site, PAGE);
  await page.locator(TOGGLE).click();
  assert.equal(await sidebarOpen(page), true);
  // Focus somewhere inside the sidebar, as a keyboard or switch user would be.
  await page.locator('.navbar-sidebar a.menu__link').first().focus();
  await page.keyboard.press('Escape');
  assert.equal(await sidebarOpen(page), false, 'closed with Escape');
  assert.equal(
    await page.evaluate(() => document.activeElement?.matches('nav.navbar button.navbar__toggle') ?? false),
    true,
    'focus is back on the toggle',
  );
  assert.equal(new URL(page.url()).pathname, PAGE, 'no navigation');
});
