/**
 * The harness's own waits (issue 23, "zero known flakes"), each against the trap it exists for:
 * - copiedBy: the browser has one clipboard for all its pages, so reading it back can see another
 *   test's copy; copiedBy returns what this page copied, after the write completed;
 * - navigatedTo: after a click on an in-app link the address changes before the new page is
 *   shown, so waiting for the address alone reads the old page;
 * - settled: waits for a transition to end, and not for an endless animation.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chromium, type Page} from 'playwright-core';
import {CHROMIUM, CHROMIUM_ARGS, chunkGate, copiedBy, gotoHydrated, navigatedTo, recordCopies, settled, useSite} from './harness';
import {describedOperations} from './description';
import {markdownPageTitle} from './site-content';

const site = useSite();
const [first, second] = describedOperations();

/** The cURL sample shown on an operation page, as its Copy button copies it (the code's text). */
const shownCurl = (page: Page) => page.locator('pre[data-language="curl"] code').textContent();

test('copiedBy: each page gets its own copy, though the browser has one clipboard for all pages', async () => {
  // A browser of its own: in the run's shared browser any other test file may copy between the
  // two reads below, and the last assertion would read a third page's copy.
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  try {
    const open = async (route: string) => {
      const context = await browser.newContext({viewport: {width: 1280, height: 900}});
      await recordCopies(context);
      const page = await context.newPage();
      await gotoHydrated(page, site, route);
      return page;
    };
    const a = await open(first!.route);
    const b = await open(second!.route);
    const copiedOnA = await copiedBy(a, () => a.getByRole('button', {name: 'Copy cURL'}).click());
    const copiedOnB = await copiedBy(b, () => b.getByRole('button', {name: 'Copy cURL'}).click());
    assert.equal(copiedOnA, await shownCurl(a));
    assert.equal(copiedOnB, await shownCurl(b));
    assert.notEqual(copiedOnA, copiedOnB, 'two different samples');
    // Why the browser's clipboard is never read back: page A, reading it, sees page B's copy
    // (another context, as another test file's page would be).
    await a.context().grantPermissions(['clipboard-read']);
    assert.equal(
      await a.evaluate(() => navigator.clipboard.readText()),
      copiedOnB,
      "the browser's clipboard holds the last copy of any page",
    );
  } finally {
    await browser.close();
  }
});

test('copiedBy: fails, saying so, when the action copies nothing; needs {clipboard: true}', async () => {
  const page = await site.page({clipboard: true});
  await gotoHydrated(page, site, first!.route);
  await assert.rejects(
    copiedBy(page, () => page.getByRole('tab', {name: 'cURL'}).click(), 1_000),
    /copiedBy\(\): the page copied nothing within 1000 ms/,
  );
  const plain = await site.page();
  await assert.rejects(
    copiedBy(plain, async () => undefined),
    /open the page with \{clipboard: true\}/,
  );
});

test('navigatedTo: waits for the new page, not for its address (the old page stays until the route has loaded)', async () => {
  const page = await site.page();
  const gate = await chunkGate(page);
  await gotoHydrated(page, site, '/');
  const newHeading = page.getByRole('heading', {level: 1, name: markdownPageTitle(), exact: true});
  gate.hold();
  await page.locator('footer a[href="/markdown-page"]').click();
  let arrived = false;
  const arrival = navigatedTo(page, '/markdown-page', newHeading).then(() => (arrived = true));
  await page.waitForURL((u) => u.pathname === '/markdown-page');
  await page.waitForFunction(() => true); // one round trip: navigatedTo has seen the address too
  assert.ok(gate.held() > 0, "the new route's chunks are held");
  assert.equal(await newHeading.count(), 0, 'the address is the new one, the page on screen the old one');
  assert.equal(arrived, false, 'navigatedTo still waits');
  gate.release();
  await arrival;
  assert.equal(await newHeading.count(), 1);
});

test('settled: waits for a running transition to end, not for an endless animation', async () => {
  const page = await site.page();
  await page.setContent(`<style>
      @keyframes spin { to { transform: rotate(360deg); } }
      #spinner { width: 10px; height: 10px; animation: spin 1s linear infinite; }
      #box { width: 10px; height: 10px; opacity: 0; transition: opacity 600ms linear; }
    </style><div id="spinner"></div><div id="box"></div>`);
  await page.evaluate(() => {
    document.body.getBoundingClientRect(); // the start value is applied before the change
    document.getElementById('box')!.style.opacity = '1';
  });
  assert.equal(await page.evaluate(() => document.getAnimations().length), 2, 'the spinner and the fade run');
  await settled(page);
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('box')!).opacity), '1', 'the fade has ended');
  assert.equal(
    await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
    1,
    'the spinner still runs',
  );
});
