/**
 * Failure paths a reader meets on a flaky network: a route chunk of the first page that does not
 * load gives the lazy-loading error text and Retry (spec §2, §8) instead of a dead page, and Retry
 * restores a working page; the optional widgets (request console, search) fail on their own,
 * with a retry, and the rest of the page keeps working.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page, Route} from 'playwright-core';
import {ALLOWED, useSite, waitForHydration} from './harness';
import {describedOperations} from './description';

const site = useSite();
const OPERATION = describedOperations().find((o) => o.hasBody) ?? describedOperations()[0];

/** Scripts every page loads first (the runtime and main bundle): everything else is a chunk. */
const isEntryScript = (url: string) => /\/assets\/js\/(runtime~main|main)\.[0-9a-f]+\.js$/.test(url);

/** Fail the chunks `pick` selects while `failing.on` is true; count the attempts. */
async function failChunks(page: Page, pick: (url: string) => boolean) {
  const state = {on: true, failed: 0};
  await page.route('**/assets/js/*.js', (route: Route) => {
    const url = route.request().url();
    if (state.on && pick(url)) {
      state.failed++;
      return route.abort('failed');
    }
    return route.continue();
  });
  return state;
}

test('a route chunk of the first page fails: Retry screen, then Retry restores a working page', async () => {
  const page = await site.page({
    // The failed chunk, the warning of the resilient preload, and React's fallback from the
    // server HTML to a client render when the first render cannot match it.
    allow: ['failedResource', 'chunkLoad', /Minified React error #(418|423)/],
  });
  const blocked = await failChunks(page, (url) => !isEntryScript(url));
  await page.goto(site.at(OPERATION.route));
  const retry = page.getByRole('button', {name: 'Retry', exact: true});
  await retry.waitFor({timeout: 15_000});
  await waitForHydration(page);
  assert.ok(blocked.failed >= 1, 'a chunk was refused');
  const box = (await retry.locator('xpath=../..').innerText()).trim();
  assert.match(box, /Loading chunk .* failed/i, `error text: ${box}`);

  blocked.on = false;
  await retry.click();
  await page.locator('article h1').filter({hasText: OPERATION.title}).waitFor({timeout: 10_000});
  await retry.waitFor({state: 'detached'});
  // The page is alive: the console opens.
  await page.getByRole('button', {name: 'Try it'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'Send request'}).waitFor();
});

test('a page chunk of the HTML fails once: the app fetches it again and renders the page without the Retry screen', async () => {
  const page = await site.page({allow: ['failedResource']});
  // Until the page has hydrated, the first request of each chunk fails (the page chunks the HTML
  // lists, on a flaky network); later requests pass.
  const seen = new Set<string>();
  let failed = 0;
  let flaky = true;
  await page.route('**/assets/js/*.js', (route: Route) => {
    const url = route.request().url();
    if (flaky && !isEntryScript(url) && !seen.has(url)) {
      seen.add(url);
      failed++;
      return route.abort('failed');
    }
    return route.continue();
  });
  await page.goto(site.at(OPERATION.route));
  await waitForHydration(page);
  flaky = false;
  await page.locator('article h1').filter({hasText: OPERATION.title}).waitFor({timeout: 10_000});
  assert.ok(failed >= 2, `the HTML's page chunks failed once each (${failed})`);
  assert.equal(await page.getByRole('button', {name: 'Retry', exact: true}).count(), 0, 'no Retry screen');
  await page.getByRole('button', {name: 'Try it'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'Send request'}).waitFor();
});

test('the request console chunk fails: the console says so with Retry, the page keeps working', async () => {
  const page = await site.page({allow: ['failedResource', 'chunkLoad'], uncaught: [ALLOWED.chunkLoad]});
  await page.goto(site.at(OPERATION.route));
  await waitForHydration(page);
  // From now on every chunk fails: the console's is the next one the page asks for.
  const blocked = await failChunks(page, (url) => !isEntryScript(url));
  await page.getByRole('button', {name: 'Try it'}).click();
  const failure = page.getByRole('alert').filter({hasText: /request console could not load/i});
  await failure.waitFor({timeout: 10_000});
  assert.equal(await page.getByText('This page crashed.').count(), 0, 'the page did not crash');
  assert.ok(blocked.failed >= 1);
  assert.ok(await page.locator('article h1').isVisible(), 'the page content is still there');

  blocked.on = false;
  await failure.getByRole('button', {name: 'Retry'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'Send request'}).waitFor({timeout: 10_000});
});

test('the search chunk fails: the search says so with Retry, the page keeps working', async () => {
  const page = await site.page({allow: ['failedResource', 'chunkLoad']});
  await page.goto(site.at('/'));
  await waitForHydration(page);
  // The shortcut's key listener is attached by the same effect that shows the "Ctrl K" hint.
  await page.locator('.navbar button[aria-keyshortcuts] kbd').first().waitFor();
  const blocked = await failChunks(page, (url) => !isEntryScript(url));
  await page.keyboard.press('Control+k');
  const failure = page.getByRole('alert').filter({hasText: /search could not load/i});
  const opened = page.getByRole('dialog');
  await failure.or(opened).first().waitFor({timeout: 10_000});
  assert.equal(await opened.count(), 0, `the search opened although ${blocked.failed} chunk request(s) were refused`);
  assert.ok(blocked.failed >= 1);
  assert.equal(await page.getByText('This page crashed.').count(), 0, 'the page did not crash');

  blocked.on = false;
  await failure.getByRole('button', {name: 'Retry'}).click();
  await page.getByRole('combobox').fill('contact');
  await page.getByRole('option').first().waitFor({timeout: 10_000});
});
