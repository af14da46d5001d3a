/**
 * How pages fetch what comes next (src/clientModules/idle-prefetch.ts): the chunks of the pages a
 * reader can see links to are prefetched once each, in idle time, so following a link needs no
 * script that was not already fetched; readers on a data-saving connection get no prefetching
 * (their pages load what they need when a link is followed), and a page that is never idle still
 * gets its prefetches.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, useSite} from './harness';

const site = useSite();

const prefetched = (page: Page) =>
  page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));

/** Waits until the page has been idle twice in a row without adding a prefetch link. */
async function settle(page: Page): Promise<string[]> {
  let last = -1;
  for (let i = 0; i < 30; i++) {
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestIdleCallback(() => requestIdleCallback(r))))');
    const now = (await prefetched(page)).length;
    if (now === last) break;
    last = now;
  }
  return prefetched(page);
}

test('visible links have their chunks prefetched once each, and following one loads nothing new', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/api/create-contact');
  const files = await settle(page);
  assert.ok(files.length > 0, 'some chunks are prefetched');
  assert.equal(new Set(files).size, files.length, `each file is prefetched once: ${files.join(', ')}`);
  assert.ok(
    files.every((f) => /\/assets\/js\/[^/]+\.js$/.test(f)),
    'only script chunks are prefetched',
  );

  const scriptsLoaded = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
        .map((e) => e.name),
    );
  const before = new Set(await scriptsLoaded());
  const link = page.locator('aside.theme-doc-sidebar-container a.menu__link[href="/docs/api/get-contacts"]');
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await page.waitForURL('**/docs/api/get-contacts');
  await page
    .locator('h1', {hasText: /contacts/i})
    .first()
    .waitFor();
  const loaded = (await scriptsLoaded()).filter((name) => !before.has(name) && /\/assets\/js\//.test(name));
  assert.ok(loaded.length > 0, 'the next page needed its own chunks');
  const missing = loaded.filter((name) => !files.includes(name));
  assert.deepEqual(missing, [], 'every chunk the next page loaded had been prefetched');
});

test('no prefetching on a data-saving connection, and links still work', async () => {
  const page = await site.page();
  // Chromium has no switch for it: the page's NetworkInformation object is told to say so.
  await page.addInitScript(`Object.defineProperty(navigator.connection, 'saveData', {get: () => true})`);
  await gotoHydrated(page, site, '/docs/api/create-contact');
  assert.ok(
    await page.evaluate(() => Boolean((navigator as Navigator & {connection?: {saveData?: boolean}}).connection?.saveData)),
    'the connection says save-data',
  );
  assert.deepEqual(await settle(page), [], 'nothing prefetched');
  await page.locator('aside.theme-doc-sidebar-container a.menu__link[href="/docs/api/get-contacts"]').click();
  await page.waitForURL('**/docs/api/get-contacts');
  await page
    .locator('h1', {hasText: /contacts/i})
    .first()
    .waitFor();
});

test('no prefetching on a 2g connection (spec §4), and links still work', async () => {
  const page = await site.page();
  await page.addInitScript(`Object.defineProperty(navigator.connection, 'effectiveType', {get: () => '2g'})`);
  await gotoHydrated(page, site, '/docs/api/create-contact');
  assert.equal(
    await page.evaluate(() => (navigator as Navigator & {connection?: {effectiveType?: string}}).connection?.effectiveType),
    '2g',
  );
  assert.deepEqual(await settle(page), [], 'nothing prefetched');
  await page.locator('aside.theme-doc-sidebar-container a.menu__link[href="/docs/api/get-contacts"]').click();
  await page.waitForURL('**/docs/api/get-contacts');
  await page
    .locator('h1', {hasText: /contacts/i})
    .first()
    .waitFor();
});

test('prefetching still progresses on a page that is never idle', async () => {
  const page = await site.page();
  // Back-to-back 45 ms tasks from the start (message events, which setTimeout's clamping would space out): the browser never has an idle period, so queued
  // prefetches are only served when their idle callback's 2 s timeout runs them anyway.
  await page.addInitScript(`(() => {
    const until = Date.now() + 12000;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { const t = performance.now(); while (performance.now() - t < 45) {} if (Date.now() < until) channel.port2.postMessage(0); };
    window.__busyUntil = until;
    channel.port2.postMessage(0);
  })()`);
  await gotoHydrated(page, site, '/docs/api/create-contact');
  await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0, undefined, {timeout: 15_000});
  const stillBusy = await page.evaluate(() => Date.now() < (window as unknown as {__busyUntil: number}).__busyUntil);
  assert.ok(stillBusy, 'a prefetch link appeared while the page was still busy');
});

// The first page's own chunks (plugins/page-chunk-scripts): listed in its HTML between
// runtime~main.js and main.js, so webpack's loader has nothing to insert when the app starts.
for (const path of [
  '/',
  '/docs/api/create-contact',
  '/docs/category/api/contacts',
  '/blog/long-blog-post',
  '/search',
  '/v1/docs/api/get-customer',
]) {
  test(`${path}: the page's chunks come with its HTML, and the app inserts no script to start`, async () => {
    const page = await site.page();
    const response = await gotoHydrated(page, site, path);
    // The script elements of the HTML as served (client.ts takes the page chunks out before main.js starts the app).
    const listed = [...(await response!.text()).matchAll(/<script src="([^"]+)"[^>]*?( data-page-chunk)?>/g)].map(
      ([, src, chunk]) => `${chunk ? 'chunk' : 'entry'} ${src}`,
    );
    assert.match(listed[0], /^entry \/assets\/js\/runtime~main\.[0-9a-f]+\.js$/, `runtime first: ${listed.join(', ')}`);
    assert.match(listed.at(-1)!, /^entry \/assets\/js\/main\.[0-9a-f]+\.js$/, `main last: ${listed.join(', ')}`);
    const chunks = listed.slice(1, -1);
    assert.ok(chunks.length >= 2, `the page's route chunks are listed: ${listed.join(', ')}`);
    assert.ok(
      chunks.every((c) => c.startsWith('chunk ')),
      `only page chunks between them: ${listed.join(', ')}`,
    );
    // webpack's loader marks each script it inserts with data-webpack.
    const inserted = await page.evaluate(() =>
      [...document.querySelectorAll('script[data-webpack]')].map((s) => (s as HTMLScriptElement).src),
    );
    assert.deepEqual(inserted, [], 'the app inserted no script element to render the first page');
    assert.equal(await page.locator('script[data-page-chunk]').count(), 0, 'the page-chunk scripts are taken out once they ran');
  });
}
