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
 * - on operation pages, at every width: Try it under the title, within the first screen (800 px);
 *   from 1200 px the examples aside (samples and response examples) to the right of the
 *   description, its top within the first screen; below 1200 px either the same (996 px without
 *   the docs sidebar has the room) or, in one column, the jump link under the title, within the
 *   first screen, leading to the aside (followed once per width: the samples are then on screen);
 * - at phone widths (<= 414 px): give the controls this layout owns (Copy page, the jump link,
 *   Try it, Copy URL, sample tabs and copy buttons, code copy buttons, the announcement's close
 *   button) a touch target of at least 44 x 44 px.
 * One browser context per width; the pages are walked in a loop inside that width's test.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {PNG} from 'pngjs';
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
    else {
      const desc = aside.previousElementSibling.getBoundingClientRect();
      const a = aside.getBoundingClientRect();
      const beside = a.left >= desc.right - 1;
      if (twoColumns && !beside) problems.push('the examples aside (x=' + Math.round(a.left) + ', y=' + Math.round(a.top) + ') is not right of the description (ends at x=' + Math.round(desc.right) + ')');
      if (beside) {
        if (a.top >= height) problems.push('the examples aside starts at y=' + Math.round(a.top) + ', below the first screen (' + height + ' px)');
        if (jump && shown(jump)) problems.push('the jump link shows beside a two-column layout');
      } else if (!jump || !shown(jump)) problems.push('the examples follow the description (y=' + Math.round(a.top) + ') and no jump link leads to them');
      else {
        const j = jump.getBoundingClientRect();
        const t = title.getBoundingClientRect();
        if (j.bottom > height) problems.push('the jump link is below the first screen (y=' + Math.round(j.top) + ')');
        if (j.top - t.bottom > 250) problems.push('the jump link is ' + Math.round(j.top - t.bottom) + ' px below the title');
        if (jump.getAttribute('href') !== '#' + aside.id) problems.push('the jump link leads to ' + jump.getAttribute('href') + ', not to the examples aside #' + aside.id);
      }
    }
  }
  // Try it sits under the endpoint at every width: within the first screen, close to the title.
  if (operation) {
    const title = document.querySelector('main h1');
    const tryIt = [...document.querySelectorAll('main header button')].find((b) => b.textContent.trim() === 'Try it');
    if (!tryIt || !shown(tryIt)) problems.push('no Try it button under the title');
    else {
      const r = tryIt.getBoundingClientRect();
      if (r.bottom > height) problems.push('Try it is below the first screen (y=' + Math.round(r.top) + ')');
      if (r.top - title.getBoundingClientRect().bottom > 250) problems.push('Try it is ' + Math.round(r.top - title.getBoundingClientRect().bottom) + ' px below the title');
    }
  }
  // 6. Touch targets on phones.
  if (phone) {
    const controls = document.querySelectorAll([
      '#copy-page-button', 'main [data-jump-to-examples]', 'main header button', 'main aside button', 'main aside [role="tab"]',
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
    const context = await site.context({
      viewport: {width, height: HEIGHT},
      colorScheme: 'light',
      ...(phone ? {isMobile: true, hasTouch: true} : {}),
    });
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
    // Where the examples follow the description (one column), the jump link leads to the code
    // samples: one tap, and they are on screen (Try it itself is under the title, checked above). (From 1200 px, and wherever the operation
    // block is wide enough, they are beside the description: checked above.)
    await open(
      page,
      PAGES.find((p) => p.path === withBody.route)!,
    );
    const jump = page.locator('main [data-jump-to-examples]');
    if (width <= PHONE_MAX && !(await jump.isVisible())) problems.push('no jump link to follow on a phone');
    if (await jump.isVisible()) {
      await jump.click();
      await page.waitForFunction(() => location.hash === '#code-samples');
      await painted(page, 4);
      const onScreen = await page.evaluate(() => {
        const tabs = document.querySelector('main aside#code-samples [role="tablist"]');
        const t = tabs?.getBoundingClientRect();
        return {top: t ? Math.round(t.top) : null, bottom: t ? Math.round(t.bottom) : null, height: innerHeight};
      });
      if (onScreen.top === null || onScreen.top < 0 || onScreen.bottom! > onScreen.height) {
        problems.push(`after the jump link: the code samples' tabs are not on screen (${JSON.stringify(onScreen)})`);
      }
    }
    assert.deepEqual(problems, [], `${problems.length} layout problems at ${width} px:\n${problems.join('\n')}`);
  });
}

// The presentation details of issue 21 (points 8 and 9) that the geometry walk does not cover.

test('schema labels: "required" and "read-only" are apart on screen and in text', async () => {
  const page = await site.page();
  const route = byRoute('/docs/api/get-customer')?.route ?? operations.find((o) => o.method === 'get' && o.statuses.includes('200'))!.route;
  await gotoHydrated(page, site, route);
  // account_number: a required, read-only property of the customer in the 200 response.
  const labels = await page.evaluate(() => {
    const heads = [...document.querySelectorAll('main li')].filter(
      (li) => li.querySelector(':scope > div > code')?.textContent === 'account_number',
    );
    const head = heads[0]?.querySelector(':scope > div');
    const spans = [...(head?.querySelectorAll('span') ?? [])].filter((s) => /^(required|read-only)$/.test(s.textContent ?? ''));
    const rects = spans.map((s) => s.getBoundingClientRect());
    return {text: head?.textContent ?? '', gap: rects.length === 2 ? rects[1]!.left - rects[0]!.right : null};
  });
  assert.match(labels.text, /required read-only/, `the labels read apart: ${JSON.stringify(labels.text)}`);
  assert.ok(labels.gap !== null && labels.gap >= 4, `the labels are apart on screen (gap ${labels.gap} px)`);
});

test("constraints: a parameter's and a body field's read and look the same", async () => {
  const page = await site.page();
  await gotoHydrated(page, site, withBody.route);
  // "max length: 64" of the Idempotency-Key header and of the body's external_id.
  const styleOf = await page.evaluate(() => {
    const sections = [
      document.querySelector('main #parameters')?.closest('section'),
      document.querySelector('main #request-body')?.closest('section'),
    ];
    return sections.map((section) => {
      const item = [...(section?.querySelectorAll('span') ?? [])].find(
        (s) => /^max length: \d+$/.test(s.textContent ?? '') && s.querySelector('code'),
      );
      if (!item) return null;
      const s = getComputedStyle(item);
      const line = getComputedStyle(item.parentElement!);
      const code = getComputedStyle(item.querySelector('code')!);
      return {
        html: item.innerHTML.replace(/\d+/g, 'N'),
        font: s.fontSize,
        color: s.color,
        lineFont: line.fontSize,
        lineDisplay: line.display,
        gap: line.columnGap,
        code: code.fontSize,
      };
    });
  });
  assert.ok(styleOf[0] && styleOf[1], `a "max length" constraint in both sections: ${JSON.stringify(styleOf)}`);
  assert.deepEqual(styleOf[0], styleOf[1]);
});

test('code panels: tabs are 4 columns wide; a long line scrolls with a cue at the edge it overflows', async () => {
  const page = await site.page({viewport: {width: 390, height: 800}});
  await gotoHydrated(page, site, withBody.route);
  const panel = page.locator('main aside section').first();
  await panel.getByRole('tab', {name: 'Go'}).click();
  const measure = await panel.locator('pre').evaluate((pre) => {
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    const widths: {tab?: number; space?: number} = {};
    for (let node = walker.nextNode(); node && (widths.tab === undefined || widths.space === undefined); node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      for (const [key, ch] of [
        ['tab', '\t'],
        ['space', ' '],
      ] as const) {
        const at = text.indexOf(ch);
        if (widths[key] !== undefined || at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        widths[key] = range.getBoundingClientRect().width;
      }
    }
    return {
      tabSize: getComputedStyle(pre).tabSize,
      ...widths,
      overflows: pre.scrollWidth > pre.clientWidth,
      background: getComputedStyle(pre).backgroundImage,
    };
  });
  // Light mode: the shadow darkens the edge.
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(measure.tabSize, '4');
  assert.ok(measure.tab !== undefined && measure.space, `the Go sample has a tab (${JSON.stringify(measure)})`);
  // A leading tab stops at 4 columns (less when it follows other text on its line).
  assert.ok(measure.tab! <= 4 * measure.space! + 0.5, `a tab is ${measure.tab} px, 4 spaces ${4 * measure.space!} px`);
  assert.ok(measure.overflows, 'the Go sample is wider than a phone');
  assert.match(measure.background, /gradient/, 'the panel paints its scroll cue');
  // The cue sits where the content is hidden: a shadow at the right edge first, at the left edge
  // once scrolled to the end (the cover gradients scroll with the content and hide the other).
  const pre = panel.locator('pre');
  const edges = async () => {
    const png = PNG.sync.read(await pre.screenshot());
    const luminance = (x0: number) => {
      let sum = 0;
      for (let y = 0; y < png.height; y++) {
        for (let x = x0; x < x0 + 4; x++) {
          const i = (y * png.width + x) * 4;
          sum += 0.2126 * png.data[i]! + 0.7152 * png.data[i + 1]! + 0.0722 * png.data[i + 2]!;
        }
      }
      return sum / (png.height * 4);
    };
    return {left: luminance(0), right: luminance(png.width - 4)};
  };
  const start = await edges();
  assert.ok(start.right < start.left - 5, `at the start, a shadow at the right edge only: ${JSON.stringify(start)}`);
  await pre.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await painted(page);
  const end = await edges();
  assert.ok(end.left < end.right - 5, `at the end, a shadow at the left edge only: ${JSON.stringify(end)}`);
});

test('category cards: no emoji icon, method and path, description cut at a word boundary with an ellipsis', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, category.route);
  const cards = await page.locator('main article a.card').evaluateAll((as) =>
    as.map((a) => ({
      title: a.querySelector('h2')?.textContent ?? '',
      endpoint: a.querySelector('[data-card-endpoint]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      description: a.querySelector('p')?.textContent ?? '',
      full: a.querySelector('p')?.getAttribute('title') ?? '',
      href: a.getAttribute('href') ?? '',
    })),
  );
  assert.equal(cards.length, category.items.length);
  for (const card of cards) {
    const op = operations.find((o) => o.route === card.href);
    assert.ok(op, `card ${card.title} links to an operation (${card.href})`);
    // No glyph an emoji font would have to draw (pictographs, variation selectors).
    assert.doesNotMatch(card.title, /[\p{Extended_Pictographic}\uFE0F]/u, card.title);
    assert.equal(card.title, op.title);
    assert.equal(card.endpoint, `${op.method.toUpperCase()} ${op.path}`);
    assert.ok(card.full.length > 0, `${card.title}: a description`);
    if (card.description === card.full) continue;
    // Cut: whole words of the full text, then an ellipsis.
    assert.ok(card.description.endsWith('…'), `${card.title}: ${card.description}`);
    const head = card.description.slice(0, -1);
    assert.ok(
      card.full.startsWith(head) && /[\s,;:(]/.test(card.full[head.length] ?? ' '),
      `${card.title}: cut at a word boundary: ${card.description}`,
    );
    assert.ok(head.length >= 60, `${card.title}: a sensible length (${head.length} characters)`);
  }
  // The description data ends as a sentence, or cut with an ellipsis: never mid-phrase (the
  // generator took the first source line: "…and an active bill").
  for (const c of cards) assert.match(c.full, /([.!?)]|…)$/, `${c.title}: the description ends mid-phrase: ${c.full}`);
});

test('announcement bar: one line on a phone, links to the overview', async () => {
  for (const width of [320, 390]) {
    const page = await site.page({viewport: {width, height: 800}, isMobile: true, hasTouch: true});
    await gotoHydrated(page, site, '/');
    const bar = page.locator('[role="region"][aria-label="Announcement"]');
    const box = await bar.boundingBox();
    const lines = await bar.evaluate((el) => {
      const content = [...el.children].find((c) => c.tagName === 'DIV' && (c.textContent ?? '').trim())!;
      const range = document.createRange();
      range.selectNodeContents(content);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top))).size;
    });
    assert.equal(lines, 1, `${width} px: the announcement is one line`);
    assert.ok(box && box.height <= 46, `${width} px: the bar is ${box?.height} px high`);
    assert.ok(await bar.getByRole('link').first().isVisible(), 'its link is visible');
  }
});

test('blog lists: the page heading is larger than every post title, on a phone and a desktop, light and dark', async () => {
  // The theme sizes a listed post's title 3rem (2rem on phones) over the list's 2rem <h1>.
  const lists = ['/blog', '/blog/tags/hola'];
  for (const width of [390, 1280]) {
    const page = await site.page({viewport: {width, height: 800}});
    for (const path of lists) {
      await gotoHydrated(page, site, path);
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        const where = `${path} at ${width} px, ${theme}`;
        // Font size and the height of the text's first line box (a rendered line, whatever wraps).
        const measure = (els: Element[]) =>
          els.map((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const line = [...range.getClientRects()].find((r) => r.width > 0 && r.height > 0);
            return {text: (el.textContent ?? '').trim(), size: parseFloat(getComputedStyle(el).fontSize), line: line ? line.height : 0};
          });
        const [heading] = await page.locator('main h1').evaluateAll(measure);
        const titles = await page.locator('main article > header > h2').evaluateAll(measure);
        assert.ok(heading && heading.line > 0, `${where}: the page has a visible <h1>`);
        assert.ok(titles.length >= 1, `${where}: posts are listed`);
        for (const title of titles) {
          assert.ok(
            title.size < heading.size,
            `${where}: post title "${title.text}" is ${title.size} px, the page heading "${heading.text}" ${heading.size} px`,
          );
          assert.ok(
            title.line < heading.line,
            `${where}: a line of "${title.text}" is ${title.line} px high, of the heading ${heading.line} px`,
          );
        }
      }
    }
  }
});

test('footer: the Reference column lists every API category', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  const column = page.locator('footer .footer__col', {has: page.locator('.footer__title', {hasText: 'Reference'})});
  const hrefs = await column.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const c of sidebarCategories()) assert.ok(hrefs.includes(c.route), `footer links ${c.label} (${c.route}): ${hrefs.join(', ')}`);
});
