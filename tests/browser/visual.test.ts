/**
 * Screenshot baselines: the first screen of each page class (home, API overview, an operation,
 * a category, a blog post, the search page with results) and of the overlays (the request
 * console, the search modal with results), in light and dark mode, at desktop (1280×900) and
 * phone (390×844) width, compared with the PNGs committed under tests/browser/__screenshots__/
 * by pixelmatch. A missing baseline fails. On a mismatch the actual screenshot and a diff image
 * are written to .tmp/visual/ and named in the failure.
 *
 * Update the baselines deliberately, after looking at the change:
 *   UPDATE_SCREENSHOTS=1 npx tsx tests/browser/run.ts tests/browser/visual.test.ts
 *   (npm run test:visual:update); a baseline that still matches is left untouched.
 *
 * Deterministic screenshots: fixed viewport, deviceScaleFactor 1, animations finished and
 * disabled, caret hidden, web fonts loaded, on-screen images decoded, no pointer hovering
 * (overlays are opened with the keyboard).
 */
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {test, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import pixelmatch from 'pixelmatch';
import {PNG} from 'pngjs';
import type {Page} from 'playwright-core';
import {gotoHydrated, settled, useSite, type PageOptions} from './harness';
import {ROOT, describedOperations, overviewRoute} from './description';
import {blogPosts} from './site-content';
import {apiSiteLinks} from '../../plugins/api-pages/site-links';
import {loadPortalConfig} from '../../portal.config';

const portalConfig = loadPortalConfig();

const site = useSite();

const BASELINES = path.join(__dirname, '__screenshots__');
const SCRATCH = path.join(ROOT, '.tmp/visual');
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
/** pixelmatch's per-pixel colour distance threshold (0..1, YIQ): ignores anti-aliasing noise. */
const THRESHOLD = 0.05;
/** Share of pixels allowed to differ beyond THRESHOLD (0.05 %: about 580 pixels on desktop, 160 on a phone). */
const MAX_DIFF_RATIO = 0.0005;

const VIEWPORTS = {
  desktop: {viewport: {width: 1280, height: 900}, deviceScaleFactor: 1},
  phone: {viewport: {width: 390, height: 844}, deviceScaleFactor: 1, isMobile: true, hasTouch: true},
} satisfies Record<string, PageOptions>;
type ViewportName = keyof typeof VIEWPORTS;

// An operation with parameters and a body: its page and console show every kind of field.
const operation = describedOperations().find((o) => o.hasBody && o.parameters.length > 0) ?? describedOperations()[0];
const category = apiSiteLinks(portalConfig.processedSpec, portalConfig.ownDocument).categories[0];
const post = blogPosts().find((p) => p.slug === 'long-blog-post') ?? blogPosts()[0];

interface Shot {
  name: string;
  path: string;
  /** Bring the page into the state to capture (after hydration). */
  prepare?: (page: Page, vp: ViewportName) => Promise<void>;
}

const SHOTS: Shot[] = [
  {name: 'home', path: '/'},
  {name: 'api-overview', path: overviewRoute()},
  {name: 'api-operation', path: operation.route},
  {name: 'api-category', path: category.path},
  {name: 'blog-post', path: `/blog/${post.slug}`},
  {
    name: 'search-page',
    path: '/search?q=contact',
    prepare: async (page) => {
      await page.locator('main :text("documents found"), main :text("document found")').first().waitFor();
    },
  },
  {
    name: 'console',
    path: operation.route,
    prepare: async (page) => {
      // Keyboard, not a click: the pointer would leave a hover state behind.
      await page.getByRole('button', {name: 'Try it'}).press('Enter');
      await page.locator('dialog[open]').getByRole('button', {name: 'Send request'}).waitFor();
    },
  },
  {
    name: 'search-modal',
    path: '/',
    prepare: async (page, vp) => {
      if (vp === 'phone') await page.locator('.navbar').getByRole('button', {name: 'Search', exact: true}).press('Enter');
      else await page.keyboard.press('Control+k');
      await page.locator('dialog[open] input[role="combobox"]').fill('contact');
      // The full answer (the body text part of the index loads after the first part).
      await page.locator('dialog[open] [data-answered-query="contact"]').waitFor({state: 'attached'});
      await page.locator('dialog[open] [role="option"]').first().waitFor();
    },
  },
];

/** Wait for what makes a screenshot vary between runs: fonts, on-screen images, animations. */
async function steady(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => img.getBoundingClientRect().top < innerHeight)
      .every((img) => img.complete),
  );
  await settled(page);
}

const relative = (file: string) => path.relative(ROOT, file);

/** Written as RGB (screenshots are opaque) with zlib's "filtered" strategy: about 25 % smaller. */
function writePng(file: string, png: PNG): void {
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, PNG.sync.write(png, {colorType: 2, deflateLevel: 9, deflateStrategy: 1}));
}

/** Pixels differing beyond THRESHOLD, with a diff image; null when the sizes differ. */
function difference(actual: PNG, expected: PNG): {count: number; ratio: number; diff: PNG} | null {
  if (actual.width !== expected.width || actual.height !== expected.height) return null;
  const {width, height} = actual;
  const diff = new PNG({width, height});
  const count = pixelmatch(actual.data, expected.data, diff.data, width, height, {threshold: THRESHOLD});
  return {count, ratio: count / (width * height), diff};
}

/** Compare a screenshot with its baseline (or write the baseline in update mode). */
function check(name: string, screenshot: Buffer, t: TestContext): void {
  const baseline = path.join(BASELINES, `${name}.png`);
  const actualFile = path.join(SCRATCH, `${name}.actual.png`);
  const diffFile = path.join(SCRATCH, `${name}.diff.png`);
  rmSync(actualFile, {force: true});
  rmSync(diffFile, {force: true});
  const actual = PNG.sync.read(screenshot);
  const expected = existsSync(baseline) ? PNG.sync.read(readFileSync(baseline)) : null;
  const result = expected && difference(actual, expected);

  if (UPDATE) {
    if (result && result.ratio <= MAX_DIFF_RATIO) {
      t.diagnostic(`${relative(baseline)}: still matches (${result.count} pixels differ), left as is`);
    } else {
      writePng(baseline, actual);
      t.diagnostic(`${relative(baseline)}: ${expected ? 'updated' : 'created'}`);
    }
    return;
  }

  if (!expected) {
    writePng(actualFile, actual);
    assert.fail(
      `No baseline ${relative(baseline)}. Look at the screenshot (${relative(actualFile)}), then create the baselines ` +
        'with "npm run test:visual:update" (UPDATE_SCREENSHOTS=1) and commit them.',
    );
  }
  if (!result) {
    writePng(actualFile, actual);
    assert.fail(
      `${name}: screenshot is ${actual.width}×${actual.height}, baseline ${relative(baseline)} is ${expected.width}×${expected.height}; ` +
        `actual: ${relative(actualFile)}`,
    );
  }
  if (result.ratio > MAX_DIFF_RATIO) {
    writePng(actualFile, actual);
    writePng(diffFile, result.diff);
    assert.fail(
      `${name}: ${result.count} pixels (${(result.ratio * 100).toFixed(2)} %) differ from ${relative(baseline)} ` +
        `(allowed ${(MAX_DIFF_RATIO * 100).toFixed(2)} % at threshold ${THRESHOLD}). ` +
        `Actual: ${relative(actualFile)}, diff (changed pixels in red): ${relative(diffFile)}. ` +
        'If the change is intended, update the baselines with "npm run test:visual:update" and commit them.',
    );
  }
  if (result.count > 0) t.diagnostic(`${name}: ${result.count} pixels differ (within tolerance)`);
}

for (const theme of ['light', 'dark'] as const) {
  for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
    for (const shot of SHOTS) {
      const name = `${shot.name}.${vp}.${theme}`;
      test(`visual: ${shot.name} (${vp}, ${theme}) matches ${name}.png`, async (t) => {
        const page = await site.page({...VIEWPORTS[vp], localStorage: {theme}});
        await gotoHydrated(page, site, shot.path);
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        await shot.prepare?.(page, vp);
        await steady(page);
        // The first screen only: enough to see the layout and colours, and small baselines.
        const screenshot = await page.screenshot({animations: 'disabled', caret: 'hide', scale: 'css'});
        check(name, screenshot, t);
      });
    }
  }
}
