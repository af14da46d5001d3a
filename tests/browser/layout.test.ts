/**
 * Page layout at every width, asserted as geometry (issue 21, "Every width works"): each page
 * class (home, overview, category, operations with a body / with query parameters / with a file
 * download, changelog, search, blog list and post, an older version's operation) at 320 to
 * 2560 px, in light and dark (switched with the data-theme attribute), must
 * - not be wider than the window, and have no element past its right edge unless that element is
 *   inside a horizontally scrollable box (code panels, wide tables), and such a box that overflows
 *   shows a scroll cue (its background paints the edge shadows, src/css/api.css);
 * - fill its column: every in-flow block of the content column (the doc's Markdown, the operation
 *   block, the category page, the blog post…) is as wide as the column, within 4 px (the "Copy
 *   page" float narrowed the operation block to 837 px in a 948 px column and left a blank strip);
 * - break API paths only between segments: a segment of a path (between "/", "-", "?", "&", "=")
 *   never spans two lines (Range.getClientRects over each segment);
 * - on operation pages from 1200 px: show the examples aside (Try it and the samples) to the right
 *   of the description, its top and the Try it button within the first screen (800 px);
 *   below 1200 px: show the jump link under the title, within the first screen, leading to the
 *   aside (followed once per width: the aside and Try it are then on screen);
 * - at phone widths (<= 414 px): give the controls this layout owns (Copy page, the jump link,
 *   Try it, Copy URL, sample tabs and copy buttons, code copy buttons, the announcement's close
 *   button) a touch target of at least 44 x 44 px.
 * One browser context per width; the pages are walked in a loop inside that width's test.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, painted, useSite} from './harness';
import {describedOperations, overviewRoute, sidebarCategories, sidebarTopLinks} from './description';

const site = useSite();

export const WIDTHS = [320, 360, 390, 414, 768, 996, 1024, 1280, 1366, 1440, 1920, 2560];
const HEIGHT = 800;
/** Up to this width the window is a phone (touch targets checked). */
const PHONE_MAX = 414;
/** From this width an operation page shows its examples beside the description. */
const TWO_COLUMNS = 1200;

const operations = describedOperations();
const byRoute = (route: string) => operations.find((o) => o.route === route);
const withBody = byRoute('/docs/api/create-customer') ?? operations.find((o) => o.hasBody)!;
const withQuery = byRoute('/docs/api/get-customer-summaries') ?? operations.find((o) => o.parameters.some((p) => p.in === 'query'))!;
const download = byRoute('/docs/api/download-invoice') ?? operations.find((o) => /download|pdf/i.test(o.slug))!;
const changelog = sidebarTopLinks().find((r) => r.endsWith('/changelog'));
const category = sidebarCategories().find((c) => c.label === 'Customers') ?? sidebarCategories()[0]!;

interface PageClass {
  name: string;
  path: string;
  operation?: boolean;
}

const PAGES: PageClass[] = [
  {name: 'home', path: '/'},
  {name: 'overview', path: overviewRoute()},
  {name: 'category', path: category.route},
  {name: 'operation with a body', path: withBody.route, operation: true},
  {name: 'operation with query parameters', path: withQuery.route, operation: true},
  {name: 'download', path: download.route, operation: true},
  ...(changelog ? [{name: 'changelog', path: changelog}] : []),
  {name: 'search', path: '/search?q=invoice'},
  {name: 'blog list', path: '/blog'},
  {name: 'blog post', path: '/blog/long-blog-post'},
  // An older version's page (plugins/api-versions): the same operation under /v1.
  {name: 'v1 operation', path: `/v1${withBody.route}`, operation: true},
];

interface Options {
  phone: boolean;
  twoColumns: boolean;
  operation: boolean;
  height: number;
}

/**
 * The checks, run in the page (a plain string: tsx would wrap named functions in a helper the
 * page does not have). Returns the problems found, as sentences.
 */
const CHECK = `(({phone, twoColumns, operation, height}) => {
  const W = document.documentElement.clientWidth;
  const problems = [];
  const describe = (el) => {
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (cls ? '.' + cls : '') + (text ? ' "' + text + '"' : '');
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  };
  const scrollsX = (el) => el !== document.body && el !== document.documentElement && /^(auto|scroll)$/.test(getComputedStyle(el).overflowX);
  const clipped = (el) => {
    const s = getComputedStyle(el);
    return s.clip !== 'auto' || (s.clipPath !== 'none' && s.clipPath !== '');
  };

  // 1. Nothing wider than the window.
  const docWidth = document.documentElement.scrollWidth;
  if (docWidth > window.innerWidth) problems.push('the document is ' + docWidth + ' px wide in a ' + window.innerWidth + ' px window');
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right <= W + 1) continue;
    // A fixed element wholly outside the window is hidden there (the skip link until focused).
    if (getComputedStyle(el).position === 'fixed' && (r.left >= W || r.right <= 0)) continue;
    let inside = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (scrollsX(a) || clipped(a)) {
        inside = true;
        break;
      }
    }
    // Off-canvas panels (the closed mobile sidebar) sit left of the window, not right of it.
    if (!inside && !clipped(el)) problems.push(describe(el) + ' ends at x=' + Math.round(r.right) + ', past the ' + W + ' px window');
  }
  // 2. A box that scrolls sideways shows it (the edge shadows of its background).
  for (const el of document.querySelectorAll('main *')) {
    if (!scrollsX(el) || el.scrollWidth <= el.clientWidth + 1 || !shown(el)) continue;
    if (!/gradient/.test(getComputedStyle(el).backgroundImage)) problems.push(describe(el) + ' scrolls sideways with no scroll cue');
  }
  // 3. The content column's blocks fill it (no float or narrowed block beside a blank strip).
  const columns = document.querySelectorAll('main .theme-doc-markdown, main [class*="generatedIndexPage"], main article, main [class*="operation_"]');
  for (const col of columns) {
    if (!shown(col)) continue;
    const cs = getComputedStyle(col);
    const cr = col.getBoundingClientRect();
    const left = cr.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
    const right = cr.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
    if (/flex|grid/.test(cs.display)) continue; // laid out by its own rules (cards, two columns)
    for (const child of col.children) {
      const s = getComputedStyle(child);
      if (!/^(block|flex|grid|flow-root|list-item)$/.test(s.display) || s.position === 'absolute' || s.position === 'fixed') continue;
      if (!shown(child) && s.float === 'none') continue;
      const r = child.getBoundingClientRect();
      const outerLeft = r.left - parseFloat(s.marginLeft);
      const outerRight = r.right + parseFloat(s.marginRight);
      if (s.float !== 'none' || outerLeft > left + 4 || outerRight < right - 4) {
        problems.push(describe(child) + ' spans x=' + Math.round(r.left) + '..' + Math.round(r.right) + (s.float !== 'none' ? ' (float: ' + s.float + ')' : '') +
          ' in a column x=' + Math.round(left) + '..' + Math.round(right) + ' (' + describe(col) + ')');
      }
    }
  }
  // 4. API paths break between segments only.
  const PATH = /^\\/[A-Za-z0-9_{}.\\/-]*[A-Za-z0-9_}]$/;
  const paths = [...document.querySelectorAll('main *')].filter((el) =>
    !el.closest('pre') && PATH.test((el.textContent || '').trim()) && /[a-z]/i.test(el.textContent) &&
    ![...el.children].some((c) => (c.textContent || '').trim() === (el.textContent || '').trim()));
  for (const el of paths) {
    if (!shown(el)) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue || '';
      for (const m of text.matchAll(/[^\\/?&=-]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
        if (tops.some((t) => Math.abs(t - tops[0]) > 2)) problems.push('the path ' + JSON.stringify((el.textContent || '').trim()) + ' breaks inside "' + m[0] + '"');
      }
    }
  }
  // 5. Operation pages: the examples beside the description, or one tap away.
  if (operation) {
    const aside = document.querySelector('main aside[aria-label="Request and response examples"]');
    const jump = document.querySelector('main [data-jump-to-examples]');
    const title = document.querySelector('main h1');
    if (!aside) problems.push('no examples aside');
    else if (twoColumns) {
      const desc = aside.previousElementSibling.getBoundingClientRect();
      const a = aside.getBoundingClientRect();
      if (a.left < desc.right - 1) problems.push('the examples aside (x=' + Math.round(a.left) + ') is not right of the description (ends at x=' + Math.round(desc.right) + ')');
      if (a.top >= height) problems.push('the examples aside starts at y=' + Math.round(a.top) + ', below the first screen (' + height + ' px)');
      const tryIt = [...aside.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Try it');
      if (tryIt && tryIt.getBoundingClientRect().bottom > height) problems.push('Try it is below the first screen (y=' + Math.round(tryIt.getBoundingClientRect().top) + ')');
      if (jump && shown(jump)) problems.push('the jump link shows beside a two-column layout');
    } else {
      if (!jump || !shown(jump)) problems.push('no visible jump link to the examples below ' + ${TWO_COLUMNS} + ' px');
      else {
        const j = jump.getBoundingClientRect();
        const t = title.getBoundingClientRect();
        if (j.bottom > height) problems.push('the jump link is below the first screen (y=' + Math.round(j.top) + ')');
        if (j.top - t.bottom > 250) problems.push('the jump link is ' + Math.round(j.top - t.bottom) + ' px below the title');
        if (jump.getAttribute('href') !== '#' + aside.id) problems.push('the jump link leads to ' + jump.getAttribute('href') + ', not to the examples aside #' + aside.id);
      }
    }
  }
  // 6. Touch targets on phones.
  if (phone) {
    const controls = document.querySelectorAll([
      '#copy-page-button', 'main [data-jump-to-examples]', 'main aside button', 'main aside [role="tab"]',
      'main [data-operation-endpoint] button', 'main pre ~ button', '.theme-code-block button', '[aria-label="Announcement"] button',
    ].join(', '));
    for (const el of controls) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) problems.push(describe(el) + ' is a ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px touch target (44x44 at least)');
    }
  }
  return problems;
})`;

async function check(page: Page, options: Options): Promise<string[]> {
  return page.evaluate(`${CHECK}(${JSON.stringify(options)})`) as Promise<string[]>;
}

async function open(page: Page, p: PageClass): Promise<void> {
  await gotoHydrated(page, site, p.path);
  if (p.path.startsWith('/search?')) {
    // The search page lists its results once the index has loaded.
    await page.locator('main article, main :text("documents found"), main :text("document found")').first().waitFor();
  }
  await page.evaluate(() => document.fonts.ready);
  await painted(page);
}

for (const width of WIDTHS) {
  test(`layout at ${width} px: every page class, light and dark`, async () => {
    const phone = width <= PHONE_MAX;
    const context = await site.context({viewport: {width, height: HEIGHT}, colorScheme: 'light', ...(phone ? {isMobile: true, hasTouch: true} : {})});
    const page = await context.newPage();
    const problems: string[] = [];
    for (const p of PAGES) {
      await open(page, p);
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        await painted(page);
        const options: Options = {phone, twoColumns: width >= TWO_COLUMNS, operation: Boolean(p.operation), height: HEIGHT};
        for (const problem of await check(page, options)) problems.push(`${p.name} (${p.path}, ${theme}): ${problem}`);
      }
    }
    // Below the two-column width the jump link leads to Try it and the samples: one tap, and
    // they are on screen.
    if (width < TWO_COLUMNS) {
      await open(page, PAGES.find((p) => p.path === withBody.route)!);
      const jump = page.locator('main [data-jump-to-examples]');
      if ((await jump.count()) === 0 || !(await jump.isVisible())) problems.push('no jump link to follow');
      else {
        await jump.click();
        await page.waitForFunction(() => location.hash === '#try-it');
        await painted(page, 4);
        const onScreen = await page.evaluate(() => {
        const aside = document.querySelector('main aside#try-it')!.getBoundingClientRect();
        const tryIt = [...document.querySelectorAll('main aside#try-it button')].find((b) => b.textContent?.trim() === 'Try it');
        const t = tryIt?.getBoundingClientRect();
        return {aside: Math.round(aside.top), tryIt: t ? Math.round(t.top) : null, tryItBottom: t ? Math.round(t.bottom) : null, height: innerHeight};
      });
        if (onScreen.tryIt === null || onScreen.tryIt < 0 || onScreen.tryItBottom! > onScreen.height) {
          problems.push(`after the jump link: Try it is not on screen (${JSON.stringify(onScreen)})`);
        }
      }
    }
    assert.deepEqual(problems, [], `${problems.length} layout problems at ${width} px:\n${problems.join('\n')}`);
  });
}
