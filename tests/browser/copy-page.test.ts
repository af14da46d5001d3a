/**
 * The "Copy page" menu of doc, API and category pages (src/components/AgentDocs): a menu button
 * whose code is loaded on use (the first load carries only its markup), keyboard operable, copying
 * the page's Markdown twin, with view/ChatGPT/Claude links that point at the twin; no axe findings
 * with the menu open.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {copiedBy, currentSidebarLink, gotoHydrated, navigatedTo, useSite} from './harness';
import {audit, describeFindings} from './axe';
import {describedOperations, overviewRoute, sidebarCategories} from './description';

const site = useSite();
const op = describedOperations()[0]!;

test('the menu opens from the keyboard, copies the Markdown twin and links to it', async () => {
  const page = await site.page({clipboard: true});
  const menuChunk: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') menuChunk.push(r.url());
  });
  await gotoHydrated(page, site, op.route);
  const button = page.getByRole('button', {name: 'Copy page'});
  assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  const before = menuChunk.length;

  await button.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  assert.ok(menuChunk.length > before, 'the menu code is fetched on use');
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  const items = menu.getByRole('menuitem');
  assert.deepEqual(await items.allTextContents().then((t) => t.map((x) => x.replace(/(Markdown|ChatGPT|Claude).*/, '$1'))), [
    'Copy page as Markdown',
    'View as Markdown',
    'Open in ChatGPT',
    'Open in Claude',
  ]);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.startsWith('Copy page as Markdown')), true);
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.startsWith('Open in Claude')), true);
  await page.keyboard.press('Home');

  const {findings, checked} = await audit(page);
  assert.ok(checked.length > 10);
  assert.equal(findings.length, 0, describeFindings(findings));

  const twin = `/docs/api/${op.slug}.md`;
  const absolute = site.at(twin);
  assert.equal(await items.nth(1).getAttribute('href'), twin);
  for (const [i, host] of [
    [2, 'https://chatgpt.com/'],
    [3, 'https://claude.ai/new'],
  ] as const) {
    const href = new URL((await items.nth(i).getAttribute('href'))!);
    assert.equal(`${href.origin}${href.pathname}`, host);
    assert.ok(href.searchParams.get('q')!.includes(absolute), `${host}: prompt names ${absolute}`);
  }

  // Copying closes the menu and puts focus back on the button; the status line beside it says
  // how the copy went (issue 21, point 9: the menu used to stay open after copying).
  const clip = await copiedBy(page, () => page.keyboard.press('Enter'));
  await page.getByRole('status').filter({hasText: 'Copied as Markdown'}).waitFor();
  await menu.waitFor({state: 'detached'});
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'copy-page-button', 'focus back on the button after copying');
  const expected = await (await fetch(absolute)).text();
  assert.equal(clip, expected);
  assert.ok(clip.includes(`\`${op.method.toUpperCase()} ${op.path}\``));

  // Escape closes a reopened menu and returns focus to the button; the old status line is gone.
  await page.keyboard.press('ArrowDown');
  await menu.waitFor();
  assert.equal(await page.getByRole('status').filter({hasText: 'Copied as Markdown'}).count(), 0, 'reopening drops the last status line');
  await page.keyboard.press('Escape');
  await menu.waitFor({state: 'detached'});
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'copy-page-button', 'focus back on the button');
});

test('the overview page has the menu too; a click elsewhere closes it, a second click on the button too', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, overviewRoute());
  const button = page.getByRole('button', {name: 'Copy page'});
  await button.click();
  await page.getByRole('menu').waitFor();
  await page.locator('h2').first().click();
  await page.getByRole('menu').waitFor({state: 'detached'});
  assert.equal(await button.getAttribute('aria-expanded'), 'false');

  await button.click();
  await page.getByRole('menu').waitFor();
  await button.click();
  await page.getByRole('menu').waitFor({state: 'detached'});
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await button.getAttribute('aria-controls'), null);
});

test('category index pages have the menu, pointing at their twin; after a client-side navigation it points at the new page', async () => {
  const category = sidebarCategories()[0]!;
  const page = await site.page();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await gotoHydrated(page, site, category.route);
  // The first load has the button's markup only: the menu's code arrives with the first press.
  const firstLoad = await Promise.all(scripts.map((u) => fetch(u).then((r) => r.text())));
  assert.ok(firstLoad.length > 0);
  assert.ok(!firstLoad.some((js) => js.includes('Copy page as Markdown')), 'no first-load script carries the menu');

  const button = page.getByRole('button', {name: 'Copy page'});
  await button.focus();
  await page.keyboard.press('ArrowUp');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  assert.equal(
    await page.evaluate(() => document.activeElement?.textContent?.startsWith('Open in Claude')),
    true,
    'ArrowUp opens on the last item',
  );
  const {findings} = await audit(page);
  assert.equal(findings.length, 0, describeFindings(findings));
  const twin = `${category.route}.md`;
  assert.equal(await menu.getByRole('menuitem', {name: /View as Markdown/}).getAttribute('href'), twin);
  const response = await fetch(site.at(twin));
  assert.equal(response.status, 200, twin);
  assert.match(await response.text(), new RegExp(`^# ${category.label}`));
  await page.keyboard.press('Escape');
  await menu.waitFor({state: 'detached'});

  // Follow a card to one of the category's pages without reloading: the new page's button works
  // and its menu points at that page's twin.
  const target = category.items[0]!;
  await page.locator(`article a[href="${target}"]`).first().click();
  // The category page has a Copy page button too: wait for the new page, not for its address.
  await navigatedTo(page, target, currentSidebarLink(page, target));
  await page.getByRole('button', {name: 'Copy page'}).click();
  await menu.waitFor();
  assert.equal(await menu.getByRole('menuitem', {name: /View as Markdown/}).getAttribute('href'), `${target}.md`);
  assert.equal(await page.locator('#copy-page-button').count(), 1);
});
