/**
 * Item 10 of issue 2: the error screens, as users see them in the built site.
 *
 * - Crash screen: "This page crashed." with the error message and a "Try again" button that
 *   re-renders. The real site must not ship a crashing page, so the test makes the browser
 *   receive a modified copy of one of the site's own JavaScript chunks (page.route) in which a
 *   string the page renders is replaced by an expression that throws until the test "repairs" it.
 *   Two places are covered: inside a page's content (caught by the layout's error boundary) and
 *   in a page component before its layout renders (caught by the root error boundary).
 * - Lazy loading: a route chunk that fails shows the error text with a "Retry" button, and
 *   Retry loads the page; while Retry loads a slow chunk, the spinner appears after 200 ms.
 *   Docusaurus preloads a route before rendering it, so the loader is only on screen when the
 *   first page's chunk failed (plugins/resilient-preload renders it anyway).
 * - Client navigation whose route chunk fails to load reloads the page (spec §8).
 * - The base-URL banner: the build served under another path prefix shows "Your Docusaurus site
 *   did not load properly" and suggests that prefix as baseUrl; the correctly served site does not.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Page, Route} from 'playwright-core';
import {ALLOWED, gotoHydrated, painted, SITE_DIR, useSite, waitForHydration, type PageOptions} from './harness';
import {markdownPageTitle} from './site-content';

const site = useSite();
/** The same build served under /portal/ while it was built for / (a misconfigured base URL). */
const misplaced = useSite({basePath: '/portal/'});

const JS_DIR = path.join(SITE_DIR, 'assets/js');

/** The one built JS chunk containing `needle` (file name and text). */
function chunkWith(needle: string): {file: string; text: string} {
  const hits = readdirSync(JS_DIR)
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({file, text: readFileSync(path.join(JS_DIR, file), 'utf8')}))
    .filter((c) => c.text.includes(needle));
  assert.equal(hits.length, 1, `exactly one chunk contains ${needle} (found ${hits.map((h) => h.file).join(', ')})`);
  return hits[0];
}

/** Serve `file` (an assets/js chunk) with `replace` applied to its text. */
async function serveModified(page: Page, file: string, text: string): Promise<void> {
  await page.route(`**/assets/js/${file}`, (route: Route) =>
    route.fulfill({status: 200, contentType: 'text/javascript; charset=utf-8', body: text}),
  );
}

const CRASH_FIXED = '__portalCrashRepaired';

/** A JS expression that throws `message` until window[CRASH_FIXED] is set, then yields `value`. */
function throwingExpression(message: string, value: string): string {
  return `(()=>{if(!window.${CRASH_FIXED})throw new Error(${JSON.stringify(message)});return ${JSON.stringify(value)}})()`;
}

async function crashScreen(page: Page) {
  const heading = page.getByRole('heading', {level: 1, name: 'This page crashed.', exact: true});
  await heading.waitFor({timeout: 10_000});
  return {
    heading: (await heading.textContent())?.trim(),
    tryAgain: page.getByRole('button', {name: 'Try again', exact: true}),
    text: await page.locator('body').innerText(),
  };
}

/**
 * What a crash test's page may log: the injected error (React reports each caught render error
 * on the console) and React's recoverable error #423 (hydration failed, so it rendered on the
 * client instead), which the injected failure during hydration causes.
 */
function crashAllowance(message: string): PageOptions {
  return {allow: [new RegExp(message), /Minified React error #423/]};
}

/**
 * Open `sitePath` with `chunk` served as `modifiedText` (which throws `message` while rendering);
 * check the crash screen shows the message and a Try again button, and return it.
 */
async function openCrashing(page: Page, chunk: string, modifiedText: string, sitePath: string, message: string) {
  await serveModified(page, chunk, modifiedText);
  await page.goto(site.at(sitePath));
  const screen = await crashScreen(page);
  assert.equal(screen.heading, 'This page crashed.');
  assert.ok(screen.text.includes(message), 'the error message is shown');
  assert.ok(await screen.tryAgain.isVisible(), 'Try again button');
  return screen;
}

/** Remove the cause of the crash (see throwingExpression) and press Try again. */
async function repairAndTryAgain(page: Page, screen: Awaited<ReturnType<typeof crashScreen>>): Promise<void> {
  await page.evaluate((k) => ((window as unknown as Record<string, boolean>)[k] = true), CRASH_FIXED);
  await screen.tryAgain.click();
}

test('crash inside page content: "This page crashed." + message + Try again, in the site layout', async () => {
  const title = markdownPageTitle();
  const literal = `children:${JSON.stringify(title)}`;
  const chunk = chunkWith(literal);
  const message = 'Injected render failure in the markdown page';
  const page = await site.page(crashAllowance(message));
  const screen = await openCrashing(
    page,
    chunk.file,
    chunk.text.replace(literal, `children:${throwingExpression(message, title)}`),
    '/markdown-page',
    message,
  );
  // The crash is contained in the content area: navbar and footer still render.
  assert.ok(await page.locator('nav.navbar').isVisible(), 'navbar still shown');
  assert.ok(await page.locator('footer .footer__copyright').isVisible(), 'footer still shown');

  // Once the cause is gone, "Try again" renders the page.
  await repairAndTryAgain(page, screen);
  await page.getByRole('heading', {level: 1, name: title}).waitFor({timeout: 5000});
  assert.equal(await page.getByText('This page crashed.').count(), 0);
});

test('crash in a page component before its layout: same screen, from the root error boundary', async () => {
  // The home page component reads the tagline from the site config (main bundle) to pass it to
  // its layout; make that read throw.
  const tagline = 'API Documentation for Rev.io';
  const literal = `tagline:${JSON.stringify(tagline)}`;
  const main = chunkWith(literal);
  const message = 'Injected render failure before the layout';
  const page = await site.page(crashAllowance(message));
  const screen = await openCrashing(
    page,
    main.file,
    main.text.replace(literal, `get tagline(){return ${throwingExpression(message, tagline)}}`),
    '/',
    message,
  );

  await repairAndTryAgain(page, screen);
  await page.getByRole('heading', {level: 1, name: 'Developer Portal'}).waitFor({timeout: 5000});
  assert.ok(await page.getByText(tagline, {exact: true}).first().isVisible());
});

test('crash in the layout itself (footer): the bare crash screen says the same', async () => {
  // The footer's copyright string in the site config (main bundle): first "copyright" key
  // after the themeConfig "footer" key.
  const main = chunkWith('footer:{style:');
  const at = main.text.indexOf('copyright:"', main.text.indexOf('footer:{style:'));
  const end = main.text.indexOf('"', at + 'copyright:"'.length);
  const literal = main.text.slice(at, end + 1);
  assert.match(literal, /2025/, `footer copyright literal: ${literal}`);
  // The string literal as the minifier wrote it (e.g. "\xa9"), evaluated to its value.
  const value = new Function(`return ${literal.slice('copyright:'.length)}`)() as string;
  const message = 'Injected render failure in the footer';
  const page = await site.page(crashAllowance(message));
  const screen = await openCrashing(
    page,
    main.file,
    main.text.replace(literal, `get copyright(){return ${throwingExpression(message, value)}}`),
    '/blog',
    message,
  );

  await repairAndTryAgain(page, screen);
  await page.locator('footer .footer__copyright').waitFor({timeout: 5000});
  assert.match(await page.locator('footer .footer__copyright').innerText(), /2025/);
});

/** The JS chunk carrying the markdown page's content. */
function markdownContentChunk(): string {
  return chunkWith(`children:${JSON.stringify(markdownPageTitle())}`).file;
}

const markdownHeading = (page: Page) => page.getByRole('heading', {level: 1, name: markdownPageTitle(), exact: true});

/** What these pages may log: the refused chunk, and React's client render replacing the server HTML. */
const LAZY_FAILURE = {allow: ['failedResource' as const, 'chunkLoad' as const, /Minified React error #(418|423)/]};

/**
 * Open /markdown-page while its content chunk fails: the first render then has no chunk, and the
 * route's loader shows the error text with Retry. Returns the Retry button and the route control.
 */
async function openWithFailingChunk(page: Page) {
  const chunk = markdownContentChunk();
  const control = {mode: 'fail' as 'fail' | 'hold' | 'pass', attempts: 0, release: () => {}};
  const held = new Promise<void>((r) => (control.release = r));
  await page.route(`**/assets/js/${chunk}`, async (route) => {
    control.attempts++;
    if (control.mode === 'fail') return route.abort('failed');
    if (control.mode === 'hold') await held;
    return route.continue();
  });
  await page.goto(site.at('/markdown-page'));
  const retry = page.getByRole('button', {name: 'Retry', exact: true});
  await retry.waitFor({timeout: 15_000});
  return {chunk, control, retry};
}

test('lazy loading: a chunk that fails shows the error text and Retry, and Retry loads the page', async () => {
  const page = await site.page(LAZY_FAILURE);
  const {chunk, control, retry} = await openWithFailingChunk(page);
  const errorText = (await retry.locator('xpath=../..').innerText()).trim();
  assert.match(errorText, /Loading chunk .* failed/i, `error text shown: ${errorText}`);
  assert.ok(errorText.includes(chunk), 'the error names the chunk that failed');
  assert.ok(control.attempts >= 1);
  assert.equal(await markdownHeading(page).count(), 0);

  control.mode = 'pass';
  await retry.click();
  await markdownHeading(page).waitFor({timeout: 10_000});
  await retry.waitFor({state: 'detached', timeout: 5000});
  assert.ok(control.attempts >= 2, 'Retry fetched the chunk again');
});

test('lazy loading: the spinner appears once loading takes 200 ms, not before, and goes with the page', async () => {
  const page = await site.page(LAZY_FAILURE);
  const {control, retry} = await openWithFailingChunk(page);
  // From here the page's timers run on a clock that moves only when the test moves it.
  await page.clock.install();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  control.mode = 'hold';
  await retry.click();
  const spinner = page.locator('svg#loader');
  await page.clock.runFor(150);
  assert.equal(await spinner.count(), 0, 'no spinner within the first 200 ms');
  await page.clock.runFor(100);
  await spinner.waitFor({state: 'visible', timeout: 5000});
  assert.equal(await markdownHeading(page).count(), 0, 'page not there while loading');
  control.release();
  await markdownHeading(page).waitFor({timeout: 10_000});
  await spinner.waitFor({state: 'detached', timeout: 5000});
});

test('client navigation to a page whose chunk fails to load reloads the page', async () => {
  const page = await site.page({allow: ['failedResource'], uncaught: [ALLOWED.chunkLoad]});
  await gotoHydrated(page, site, '/');
  const chunk = markdownContentChunk();
  let failures = 0;
  await page.route(`**/assets/js/${chunk}`, (route) => {
    if (failures === 0) {
      failures++;
      return route.abort('failed');
    }
    return route.continue();
  });
  await page.evaluate(() => ((window as unknown as {marker: boolean}).marker = true));
  const navigation = page.waitForEvent('framenavigated');
  // Client-side navigation through a site link (the footer links the markdown page).
  await page.locator('footer a[href="/markdown-page"]').click();
  await navigation;
  await waitForHydration(page);
  await page.getByRole('heading', {level: 1, name: markdownPageTitle()}).waitFor({timeout: 10_000});
  assert.equal(new URL(page.url()).pathname, '/markdown-page');
  assert.equal(await page.evaluate(() => (window as unknown as {marker?: boolean}).marker ?? false), false, 'the document was reloaded');
  assert.equal(failures, 1);
});

test('base-URL banner: shown when the site is served under another path, with that path suggested', async () => {
  {
    const page = await misplaced.page({allow: ['notFound', 'wrongMime']});
    const response = await page.goto(misplaced.at('/'));
    assert.equal(response?.status(), 200, 'the home page HTML itself is served');
    const banner = page.locator('#__docusaurus-base-url-issue-banner');
    await banner.waitFor({state: 'visible', timeout: 10_000});
    const text = await banner.innerText();
    assert.match(text, /Your Docusaurus site did not load properly/);
    assert.match(text, /Current configured baseUrl = \/ {1,2}\(default value\)/);
    assert.equal((await page.locator('#__docusaurus-base-url-issue-banner-suggestion-container').innerText()).trim(), '/portal/');
  }
});

test('base-URL banner: absent when the base URL is right', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  await painted(page);
  assert.equal(await page.locator('#__docusaurus-base-url-issue-banner').count(), 0);
  assert.equal(await page.getByText('Your Docusaurus site did not load properly').count(), 0);
});
