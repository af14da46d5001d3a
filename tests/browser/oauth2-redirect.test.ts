/**
 * The request console's OAuth 2.0 redirect page (static/oauth2-redirect/index.html), on its own:
 * opened directly (no sign-in in progress, no opener) it says so and links back to the docs, with
 * or without the trailing slash (without it, the page's script used to resolve to /redirect.js and
 * the page waited forever); with a sign-in answer it hands it to the console that opened it, or
 * over a BroadcastChannel, and wipes it from the address. The whole flow with a real authorization
 * server is tests/browser/console-auth.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {useSite} from './harness';
import {audit, describeFindings} from './axe';

const site = useSite();

const status = (page: Page) => page.locator('#status');

for (const path of ['/oauth2-redirect', '/oauth2-redirect/']) {
  test(`${path} opened directly: "No sign-in in progress", a link back to the documentation, nothing left waiting`, async () => {
    const page = await site.page();
    await page.goto(new URL(path, site.url).href);
    await page.waitForLoadState('load');
    await status(page).getByText('No sign-in in progress.', {exact: true}).waitFor();
    assert.doesNotMatch((await status(page).textContent())!, /Handing|…/, 'no "waiting" message');
    const back = page.getByRole('link', {name: 'Back to the documentation'});
    assert.equal(await back.getAttribute('href'), '/');
    // The page's script ran (it sets the link from the page's own address; a blocked or missing script would not).
    assert.equal(await page.evaluate(() => document.scripts.length), 1);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/');
  });
}

test('opened with a sign-in answer but no console that opened it: the answer leaves the address, goes out on the channel, and the page says what to do', async () => {
  const page = await site.page();
  // A console in another tab of the same browser listens on the channel (the opener link was cut).
  await page.goto(new URL('/', site.url).href);
  await page.evaluate(() => {
    const w = window as unknown as {received: unknown[]};
    w.received = [];
    new BroadcastChannel('portal-oauth2').onmessage = (e) => w.received.push(e.data);
  });
  const redirect = await page.context().newPage();
  await redirect.goto(new URL('/oauth2-redirect?code=abc&state=xyz', site.url).href);
  await status(redirect).getByText('No sign-in window was waiting for this page.', {exact: true}).waitFor();
  assert.equal(new URL(redirect.url()).search, '', 'the code is wiped from the address');
  assert.equal(await redirect.getByRole('link', {name: 'Back to the documentation'}).getAttribute('href'), '/');
  await page.waitForFunction(() => (window as unknown as {received: unknown[]}).received.length === 1);
  assert.deepEqual(await page.evaluate(() => (window as unknown as {received: unknown[]}).received), [
    {type: 'portal-oauth2-redirect', query: '?code=abc&state=xyz'},
  ]);
  const a11y = await audit(redirect);
  assert.equal(a11y.findings.length, 0, describeFindings(a11y.findings));
});

test('opened by the console with the answer: hands it to its opener and closes', async () => {
  const page = await site.page();
  await page.goto(new URL('/', site.url).href);
  await page.evaluate(() => {
    const w = window as unknown as {received: unknown[]};
    w.received = [];
    window.addEventListener('message', (e) => w.received.push({origin: e.origin, data: e.data}));
  });
  const closed = page.waitForEvent('popup').then((popup) => (popup.isClosed() ? undefined : popup.waitForEvent('close')));
  await page.evaluate(() => void window.open('/oauth2-redirect/?code=c1&state=s1', 'portal-oauth2', 'popup,width=520,height=680'));
  await closed;
  await page.waitForFunction(() => (window as unknown as {received: unknown[]}).received.length === 1);
  assert.deepEqual(await page.evaluate(() => (window as unknown as {received: unknown[]}).received), [
    {origin: new URL(site.url).origin, data: {type: 'portal-oauth2-redirect', query: '?code=c1&state=s1'}},
  ]);
});
