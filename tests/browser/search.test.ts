/**
 * The site search as specification sections 4, 5 and 7-9 describe it, in headless Chromium
 * against the built site: the modal (button, Ctrl/Cmd+K, "/"; Escape, backdrop; arrows clamped;
 * Enter opens with repeated _highlight parameters and the terms marked on the target page),
 * 5 results, the search page and its messages, a failing index, the analytics event, the mobile
 * full-screen modal, and nothing of the search loaded on first load.
 *
 * What the results must be is literal: the judged queries of tests/search/judged-queries.ts
 * (pages a reader wants for what a developer types, checked in the modal and on /search) and the
 * pages named below. Nothing here asks the search engine what to expect.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page, Request} from 'playwright-core';
import {gotoHydrated, settled, useSite} from './harness';
import {audit, describeFindings} from './axe';
import {searchClientConfig, searchTranslations as T} from '../../src/config/search';
import {REPORT_DELAY_MS} from '../../src/components/Search/analytics';
import {checkJudged, JUDGED_QUERIES, scoreJudged, summarizeScores} from '../search/judged-queries';
import {loadBuiltEngine} from '../search/real-index';
import {dialog, hrefsOf, input, openWithButton, options, pageField, pathOf, searchButton, searchOnPage, typeQuery} from './search-ui';

const site = useSite();

const LEDGER_PAGE = '/docs/api/get-customer-ledger';
/** The operation pages whose title has "customer" (spec §2): more than the modal's 5 results. */
const CUSTOMER_OPERATIONS = [
  '/docs/api/create-customer',
  '/docs/api/get-customer',
  '/docs/api/get-customer-ledger',
  '/docs/api/get-customer-summaries',
  '/docs/api/get-customer-types',
  '/docs/api/get-invoices-for-a-customer',
  '/docs/api/update-customer',
];
/** A word of exactly one indexed text: "Drafts are rendered with a DRAFT watermark" (Download invoice). */
const SINGLE_HIT = {query: 'watermark', page: '/docs/api/download-invoice'};
const NOWHERE = 'qqxzzvv';

/** Console warnings of a page. */
function collectWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  return warnings;
}

describe('judged queries', () => {
  /** Scores of the modal's and the page's answers (the goals test below). */
  const scores: ReturnType<typeof scoreJudged>[] = [];
  test('the engine code on the built search-index.json gives every judged answer (modal and page limits)', async () => {
    const engine = await loadBuiltEngine();
    const problems = JUDGED_QUERIES.flatMap((j) => [
      ...checkJudged(
        j,
        engine.search(j.query, searchClientConfig.searchResultLimits).sources.flatMap((s) => s.hits.map((h) => h.url)),
      ),
      ...checkJudged(
        j,
        engine.search(j.query, searchClientConfig.searchPageResultLimits).sources.flatMap((s) => s.hits.map((h) => h.url)),
      ),
    ]);
    assert.deepEqual(problems, []);
  });

  test(`the modal shows the judged answers among its ${searchClientConfig.searchResultLimits} results, each link with its _highlight terms`, async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    const problems: string[] = [];
    for (const judged of JUDGED_QUERIES) {
      await typeQuery(page, judged.query);
      const hrefs = await hrefsOf(page, 'dialog[open] [role="option"]');
      if (hrefs.length > 5) problems.push(`"${judged.query}": ${hrefs.length} results, more than 5`);
      problems.push(...checkJudged(judged, hrefs));
      scores.push(scoreJudged(judged, hrefs));
      for (const href of hrefs) {
        const terms = new URL(href, site.url).searchParams.getAll('_highlight');
        if (terms.length === 0) problems.push(`"${judged.query}": ${href} has no _highlight`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('the search page shows the judged answers first', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/search');
    const problems: string[] = [];
    for (const judged of JUDGED_QUERIES) {
      await searchOnPage(page, judged.query);
      const hrefs = await hrefsOf(page, 'main ol li a');
      problems.push(...checkJudged(judged, hrefs));
      scores.push(scoreJudged(judged, hrefs));
    }
    assert.deepEqual(problems, []);
  });

  test('goals of the judged set (modal and page): top-1 ≥ 90 %, top-5 = 100 %', () => {
    assert.ok(scores.length >= 2 * 60, `${scores.length} scored answers`);
    const {top1, top5} = summarizeScores(scores);
    assert.ok(top1 >= 0.9, `top-1 ${top1}`);
    assert.equal(top5, 1);
  });
});

describe('API operations and typos', () => {
  test('an operation result shows its method badge and path, in the modal and on the search page', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'POST /customers');
    const first = options(page).first();
    assert.equal(pathOf((await first.getAttribute('href'))!), '/docs/api/create-customer');
    assert.equal((await first.locator('code').textContent())?.trim(), '/customers');
    assert.match((await first.textContent()) ?? '', /POST/);
    await gotoHydrated(page, site, '/search?q=createCustomer');
    await page.locator('main ol li').first().waitFor();
    const item = page.locator('main ol li').first();
    assert.equal(pathOf((await item.locator('a').getAttribute('href'))!), '/docs/api/create-customer');
    assert.equal((await item.locator('code').textContent())?.trim(), '/customers');
  });

  test('a word that finds nothing is corrected, and the results say so', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'custmer');
    await dialog(page).getByText('Showing results for', {exact: false}).waitFor();
    assert.equal(await dialog(page).locator('p strong').first().textContent(), 'customer');
    await typeQuery(page, 'custo');
    assert.equal(await dialog(page).getByText('Showing results for', {exact: false}).count(), 0, 'prefixes while typing are not corrected');
    await gotoHydrated(page, site, '/search?q=custmer');
    await page.locator('main').getByText('Showing results for', {exact: false}).waitFor();
  });
});

describe('first load', () => {
  test('the search button is in the navbar and nothing of the search engine loads until it is used', async () => {
    const page = await site.page();
    const requests: string[] = [];
    page.on('request', (r: Request) => requests.push(r.url()));
    await gotoHydrated(page, site, '/');
    await page.waitForLoadState('networkidle');
    assert.ok(await searchButton(page).isVisible(), 'search button visible');
    assert.equal(await searchButton(page).getAttribute('aria-haspopup'), 'dialog');
    assert.deepEqual(
      requests.filter((u) => u.includes('search-index.json')),
      [],
      'index not fetched on first load',
    );
    const scriptsBefore = requests.filter((u) => u.endsWith('.js')).length;
    // Hovering the button prefetches the modal, the worker and the index.
    await searchButton(page).hover();
    await page.waitForRequest((r) => r.url().includes('search-index.json'));
    const indexRequest = requests.find((u) => u.includes('search-index.json'))!;
    assert.equal(new URL(indexRequest).pathname, '/search-index.json');
    assert.equal(new URL(indexRequest).search, '', 'index hash null: no ?_= parameter');
    assert.ok(requests.filter((u) => u.endsWith('.js')).length > scriptsBefore, 'search code loaded on demand');
  });
});

describe('search modal', () => {
  test('opens with the button: a modal dialog, focus in a search combobox without autocomplete; Escape closes and gives focus back', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    const d = dialog(page);
    assert.equal(await d.evaluate((el) => el.matches(':modal')), true, 'native modal dialog (backdrop, inert page)');
    assert.equal(await d.getAttribute('aria-modal'), 'true');
    const field = input(page);
    assert.equal(await field.getAttribute('type'), 'search');
    assert.equal(await field.getAttribute('autocomplete'), 'off');
    assert.equal(await field.getAttribute('placeholder'), 'Search');
    assert.equal(await field.evaluate((el) => el === document.activeElement), true, 'focus moved into the input');
    assert.equal(await searchButton(page).getAttribute('aria-expanded'), 'true');
    await field.fill('ledger'); // Escape closes at once, also with text in the field
    await page.keyboard.press('Escape');
    await d.waitFor({state: 'detached'});
    assert.equal(await searchButton(page).evaluate((el) => el === document.activeElement), true, 'focus restored to the search button');
  });

  for (const [name, combo] of [
    ['Ctrl+K', 'Control+k'],
    ['Cmd+K', 'Meta+k'],
    ['/', '/'],
  ] as const) {
    test(`opens with ${name}`, async () => {
      const page = await site.page();
      await gotoHydrated(page, site, '/docs/api/rev-io-api');
      await page.keyboard.press(combo);
      await dialog(page).waitFor();
      assert.equal(await input(page).evaluate((el) => el === document.activeElement), true);
      assert.equal(await input(page).inputValue(), '', 'the shortcut key is not typed into the field');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({state: 'detached'});
    });
  }

  test('"/" typed in a text field (or an editable area) does not open the search', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/search');
    const field = pageField(page);
    await field.click();
    await page.keyboard.type('a/b');
    assert.equal(await field.inputValue(), 'a/b');
    assert.equal(await dialog(page).count(), 0, 'no modal while typing in an input');
    // A contenteditable area added to the page behaves the same way.
    await page.evaluate(() => {
      const div = document.createElement('div');
      div.contentEditable = 'true';
      div.id = 'editable';
      document.querySelector('main')!.append(div);
    });
    await page.locator('#editable').click();
    await page.keyboard.type('x/y');
    assert.equal(await page.locator('#editable').textContent(), 'x/y');
    assert.equal(await dialog(page).count(), 0);
    // Outside fields it opens.
    await page.locator('h1').click();
    await page.keyboard.press('/');
    await dialog(page).waitFor();
  });

  test('closes on a backdrop click, not on a click inside the dialog', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await input(page).click();
    assert.equal(await dialog(page).count(), 1, 'a click inside keeps it open');
    const box = (await dialog(page).boundingBox())!;
    assert.ok(box.y > 20, 'the backdrop shows above the dialog on desktop');
    await page.mouse.click(box.x + box.width / 2, box.y / 2);
    await dialog(page).waitFor({state: 'detached'});
  });

  test('"ledger" finds the "Get customer ledger" page first, its term marked; "customer" shows exactly 5; a word that is nowhere: "No results."', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'ledger');
    const hrefs = await hrefsOf(page, 'dialog[open] [role="option"]');
    assert.equal(hrefs[0], `${LEDGER_PAGE}?_highlight=ledger`, hrefs.join('\n'));
    assert.ok(hrefs.length <= 5, `at most 5 results: ${hrefs.length}`);
    const first = options(page).first();
    assert.deepEqual(await first.locator('mark').allTextContents(), ['ledger'], 'the title "Get customer ledger" with its term marked');
    assert.match((await first.textContent()) ?? '', /Get customer ledger/);
    // Seven operation pages have "customer" in their title: the modal shows exactly 5 results.
    await typeQuery(page, 'customer');
    assert.equal(await options(page).count(), 5);
    assert.ok(
      (await hrefsOf(page, 'dialog[open] [role="option"]')).every((h) => CUSTOMER_OPERATIONS.includes(pathOf(h))),
      'the 5 are customer operations',
    );
    // The combobox points at its listbox and the highlighted option.
    const field = input(page);
    assert.equal(await field.getAttribute('aria-expanded'), 'true');
    const listboxId = await field.getAttribute('aria-controls');
    assert.equal(await page.locator(`[role="listbox"]#${listboxId}`).count(), 1);
    const activeId = await field.getAttribute('aria-activedescendant');
    assert.equal(await page.locator(`#${activeId}`).getAttribute('aria-selected'), 'true');
    // "No results." for a word that is nowhere.
    await typeQuery(page, NOWHERE);
    assert.equal(await options(page).count(), 0);
    assert.ok(await dialog(page).getByText(T.no_results, {exact: true}).isVisible());
    assert.equal(await input(page).getAttribute('aria-expanded'), 'false');
    // An empty field: the results clear and the hint shows.
    await input(page).fill('');
    await dialog(page).getByText(T.empty_query, {exact: true}).waitFor();
    assert.equal(await options(page).count(), 0);
  });

  test('sections of a page shown below it get tree connectors ("├" in the middle, "└" last); other results none', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    // The blog post "Reconciling customer ledgers" has sections with "ledger" in their heading.
    await typeQuery(page, 'ledger');
    const rows = await options(page).evaluateAll((els) =>
      els.map((e) => {
        const d = e.querySelector('svg path[d^="M8 6v"]')?.getAttribute('d');
        return {href: e.getAttribute('href')!, tree: d === 'M8 6v21h12' ? 'last' : d ? 'inter' : 'none'};
      }),
    );
    const shown = rows.map((r) => `${r.tree} ${r.href}`).join('\n');
    assert.equal(rows[0]!.tree, 'none', shown);
    assert.ok(
      rows.some((r) => r.tree !== 'none'),
      `some result is in a tree:\n${shown}`,
    );
    rows.forEach((row, k) => {
      if (row.tree === 'none') return;
      // Its page is the nearest result above without a connector, shown as the page itself (no anchor).
      let top = k - 1;
      while (rows[top]!.tree !== 'none') top -= 1;
      assert.equal(pathOf(row.href), pathOf(rows[top]!.href), shown);
      assert.ok(!rows[top]!.href.includes('#'), shown);
      const next = rows[k + 1];
      const continues = next !== undefined && next.tree !== 'none';
      assert.equal(row.tree, continues ? 'inter' : 'last', shown);
    });
    assert.ok(
      rows.some((r) => r.tree !== 'none' && pathOf(r.href) === '/blog/long-blog-post'),
      `a section of /blog/long-blog-post is in its tree:\n${shown}`,
    );
  });

  test('Arrow Down/Up move the highlighted result, clamped at first and last', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'customer');
    const count = await options(page).count();
    assert.equal(count, 5);
    const selected = () => options(page).evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-selected') === 'true'));
    const active = () =>
      input(page).evaluate((el) => {
        const id = el.getAttribute('aria-activedescendant');
        return Array.from(document.querySelectorAll('dialog [role="option"]')).findIndex((o) => o.id === id);
      });
    assert.equal(await selected(), 0, 'first result highlighted');
    await page.keyboard.press('ArrowUp');
    assert.equal(await selected(), 0, 'clamped at the first');
    await page.keyboard.press('ArrowDown');
    assert.equal(await selected(), 1);
    assert.equal(await active(), 1, 'aria-activedescendant follows');
    for (let i = 0; i < count + 3; i += 1) await page.keyboard.press('ArrowDown');
    assert.equal(await selected(), count - 1, 'clamped at the last');
    assert.equal(await active(), count - 1);
    await page.keyboard.press('ArrowUp');
    assert.equal(await selected(), count - 2);
    assert.equal(await input(page).evaluate((el) => el === document.activeElement), true, 'focus stays in the input');
  });

  test('Enter opens the highlighted result in the app, with one _highlight per term, and the terms are marked on the page', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await page.evaluate(() => ((window as unknown as {spaMarker: boolean}).spaMarker = true));
    await openWithButton(page);
    await typeQuery(page, 'customer ledger');
    const hrefs = await hrefsOf(page, 'dialog[open] [role="option"]');
    const target = hrefs.findIndex((h) => h.startsWith(`${LEDGER_PAGE}?`));
    assert.ok(target >= 0, hrefs.join('\n'));
    for (let i = 0; i < target; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === LEDGER_PAGE);
    const url = new URL(page.url());
    assert.deepEqual(url.searchParams.getAll('_highlight'), ['customer', 'ledger']);
    assert.match(url.search, /^\?_highlight=customer&_highlight=ledger$/);
    assert.equal(await dialog(page).count(), 0, 'the modal closed');
    assert.equal(await page.evaluate(() => (window as unknown as {spaMarker?: boolean}).spaMarker), true, 'no full page load');
    await page.waitForSelector('article mark[data-search-highlight]');
    const marked = await page.locator('article mark[data-search-highlight]').allTextContents();
    assert.ok(
      marked.some((m) => m.toLowerCase() === 'ledger'),
      marked.join(','),
    );
    assert.ok(
      marked.some((m) => m.toLowerCase() === 'customer'),
      marked.join(','),
    );
  });

  test('a page opened directly with _highlight parameters marks the terms; without them nothing is marked', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, `${LEDGER_PAGE}?_highlight=ledger`);
    await page.waitForSelector('article mark[data-search-highlight]');
    const texts = await page.locator('article mark[data-search-highlight]').allTextContents();
    assert.ok(texts.length > 0 && texts.every((t) => t.toLowerCase() === 'ledger'), texts.join(','));
    // Navigating in the app to the same page without the parameter clears the marks.
    await page.evaluate((p) => {
      window.history.pushState(null, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, LEDGER_PAGE);
    await page.waitForFunction(() => document.querySelectorAll('mark[data-search-highlight]').length === 0);
  });

  test('clicking a result navigates to it and closes the modal; "See all results" leads to /search?q=', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'ledger');
    const href = (await options(page).first().getAttribute('href'))!;
    assert.equal(href, `${LEDGER_PAGE}?_highlight=ledger`);
    await options(page).first().click();
    await page.waitForURL((url) => url.pathname + url.search === href);
    assert.equal(await dialog(page).count(), 0);
    // The new page is rendered (the URL changes before the route's chunks are in) and marked.
    await page.waitForSelector('article mark[data-search-highlight]');
    await page.locator('article h1', {hasText: 'Get customer ledger'}).waitFor();
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await typeQuery(page, 'ledger');
    await dialog(page).getByRole('link', {name: T.see_all_results}).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'ledger');
    assert.equal(await dialog(page).count(), 0);
    await page.locator('main').getByRole('heading', {level: 1, name: 'Search results for "ledger"'}).waitFor();
  });

  test('each query is reported once, when typing pauses (not per keystroke), as a site-search event with term and result count', async () => {
    const page = await site.page();
    await page.addInitScript(() => {
      const w = window as unknown as {events: unknown[]; gtagCalls: unknown[]; gtag: (...a: unknown[]) => void};
      w.events = [];
      w.gtagCalls = [];
      w.gtag = (...args: unknown[]) => w.gtagCalls.push(args);
      window.addEventListener('portal:site-search', (e) => w.events.push((e as CustomEvent).detail));
    });
    await page.clock.install();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await page.evaluate(() => (window as unknown as {__portalSearch: {ready(): Promise<unknown>}}).__portalSearch.ready());
    // Time stands still from here on: the report timer runs only when the test moves the clock.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await input(page).pressSequentially('ledger');
    await page.waitForFunction(() => {
      const first = document.querySelector('dialog[open] [role="option"]');
      return first?.getAttribute('href')?.endsWith('?_highlight=ledger') ?? false;
    });
    const shown = await options(page).count();
    assert.ok(shown > 0);
    const recorded = () =>
      page.evaluate(() => {
        const w = window as unknown as {events: unknown[]; gtagCalls: unknown[]};
        return {events: w.events, gtagCalls: w.gtagCalls};
      });
    assert.deepEqual(await recorded(), {events: [], gtagCalls: []}, 'nothing reported while the reader types');
    await page.clock.runFor(REPORT_DELAY_MS - 1);
    assert.deepEqual((await recorded()).events, [], 'not before the pause is long enough');
    await page.clock.runFor(1);
    assert.deepEqual(await recorded(), {
      events: [{term: 'ledger', count: shown, source: 'modal'}],
      gtagCalls: [['event', 'search', {search_term: 'ledger', search_results: shown}]],
    });
    await page.clock.runFor(10 * REPORT_DELAY_MS);
    assert.equal((await recorded()).events.length, 1, 'reported once');
  });

  test('search latency is measured with performance.measure("portal-search")', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'invoice');
    const entries = await page.evaluate(() =>
      performance.getEntriesByName('portal-search').map((e) => ({duration: e.duration, detail: (e as PerformanceMeasure).detail})),
    );
    const last = entries.filter((e) => e.detail.query === 'invoice').at(-1);
    assert.ok(last, JSON.stringify(entries));
    assert.ok(Number.isFinite(last.duration) && last.duration >= 0, `duration ${last.duration}`);
    // The engine's own time is part of the measured round trip (1 ms for clock granularity).
    assert.ok(
      last.detail.engineMs >= 0 && last.detail.engineMs <= last.duration + 1,
      `engineMs ${last.detail.engineMs} of ${last.duration}`,
    );
    assert.equal(last.detail.hits, await options(page).count());
    assert.equal(last.detail.hits, 5);
  });

  test('axe-core: no serious or critical violation with the modal open on results, nor on the search page', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'customer ledger');
    await page.keyboard.press('ArrowDown');
    await settled(page);
    const modal = await audit(page);
    assert.ok(modal.checked.includes('aria-required-children'), 'axe evaluated the listbox');
    assert.equal(modal.findings.length, 0, describeFindings(modal.findings));
    await gotoHydrated(page, site, '/search?q=ledger');
    await page.getByText(/documents? found$/).waitFor();
    const results = await audit(page);
    assert.equal(results.findings.length, 0, describeFindings(results.findings));
  });

  test('mobile (< 996 px): the search button is in the navbar and the modal is full-screen', async () => {
    const page = await site.page({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});
    await gotoHydrated(page, site, '/docs/api/rev-io-api');
    const button = searchButton(page);
    assert.ok(await button.isVisible());
    const buttonBox = (await button.boundingBox())!;
    const navBox = (await page.locator('nav.navbar').boundingBox())!;
    assert.ok(buttonBox.y >= navBox.y && buttonBox.y + buttonBox.height <= navBox.y + navBox.height, 'inside the navbar');
    await button.tap();
    await dialog(page).waitFor();
    await settled(page);
    const box = (await dialog(page).boundingBox())!;
    assert.deepEqual([box.x, box.y, box.width, box.height], [0, 0, 390, 844]);
    await typeQuery(page, 'ledger');
    assert.equal(await options(page).first().getAttribute('href'), `${LEDGER_PAGE}?_highlight=ledger`);
    await options(page).first().tap();
    await page.waitForURL((url) => url.pathname === LEDGER_PAGE && url.searchParams.get('_highlight') === 'ledger');
    assert.equal(await dialog(page).count(), 0);
  });
});

describe('search page', () => {
  test('empty query: "Search the documentation" and "Please provide a search query to show results."', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/search');
    await page.getByRole('heading', {level: 1, name: T.search_the_documentation}).waitFor();
    assert.ok(await page.getByText(T.empty_query, {exact: true}).isVisible());
    const field = pageField(page);
    assert.equal(await field.getAttribute('type'), 'search');
    assert.equal(await field.getAttribute('autocomplete'), 'off');
    assert.equal(await field.getAttribute('aria-label'), 'Search');
  });

  test('counts: "{{ count }} documents found", "1 document found", and "No documents were found"', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/search?q=customer');
    await page.getByRole('heading', {level: 1, name: 'Search results for "customer"'}).waitFor();
    const countText = page.getByText(/^\d+ documents found$/);
    await countText.waitFor();
    const n = Number((await countText.textContent())!.split(' ')[0]);
    assert.ok(n > 5, `more than the modal's 5: ${n}`);
    assert.equal(await page.title().then((t) => t.startsWith('Search results for "customer"')), true);
    assert.equal(await page.locator('main ol > li').count(), n, 'one list item per document (page) counted');
    const hrefs = await hrefsOf(page, 'main ol li a');
    assert.ok(
      hrefs.every((h) => new URL(h, site.url).searchParams.getAll('_highlight').includes('customer')),
      hrefs.join('\n'),
    );
    const paths = new Set(hrefs.map(pathOf));
    assert.deepEqual(
      CUSTOMER_OPERATIONS.filter((p) => !paths.has(p)),
      [],
      'every customer operation is listed',
    );

    await gotoHydrated(page, site, `/search?q=${SINGLE_HIT.query}`);
    await page.getByText('1 document found', {exact: true}).waitFor();
    assert.deepEqual((await hrefsOf(page, 'main ol li a')).map(pathOf), [SINGLE_HIT.page]);

    await gotoHydrated(page, site, `/search?q=${NOWHERE}`);
    await page.getByText(T.no_documents_were_found, {exact: true}).waitFor();
    assert.equal(await page.locator('main ol li').count(), 0);

    // Typing updates the results and the URL; clearing the query clears them and shows the hint.
    await searchOnPage(page, 'customer');
    await page.getByText(`${n} documents found`, {exact: true}).waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === 'customer');
    await pageField(page).fill('');
    await page.getByText(T.empty_query, {exact: true}).waitFor();
    assert.equal(await page.locator('main ol li').count(), 0);
    await page.waitForURL((url) => !url.searchParams.has('q'));
  });
});

describe('index failures', () => {
  test('when the Web Worker cannot run, the same engine runs on the page (with a warning)', async () => {
    const page = await site.page();
    const warnings = collectWarnings(page);
    // A worker that fails to load, as with a blocked script. (A string: the test runner's
    // transpiler must not rewrite the class.)
    await page.addInitScript(`
      window.Worker = class BrokenWorker extends EventTarget {
        postMessage() {
          setTimeout(() => this.dispatchEvent(new ErrorEvent('error', {message: 'blocked'})), 10);
        }
        terminate() {}
      };
    `);
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'ledger');
    const hrefs = await hrefsOf(page, 'dialog[open] [role="option"]');
    assert.equal(hrefs[0], `${LEDGER_PAGE}?_highlight=ledger`, hrefs.join('\n'));
    assert.ok(
      warnings.some((w) => w.startsWith('Search worker unavailable (search worker failed: blocked)')),
      warnings.join('\n'),
    );
  });

  test('the body text arrives after search-index.json: titles answer at once, then the full answer replaces them', async () => {
    const page = await site.page();
    const requests: string[] = [];
    page.on('request', (r: Request) => requests.push(new URL(r.url()).pathname));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search-index-content.json*', async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await input(page).fill('ledger');
    // Answered from search-index.json alone: results shown, but not yet the answer of the whole index.
    await options(page).first().waitFor();
    assert.notEqual(await dialog(page).locator('[role="status"]').getAttribute('data-answered-query'), 'ledger');
    assert.deepEqual(
      requests.filter((p) => p.startsWith('/search-index')),
      ['/search-index.json', '/search-index-content.json'],
      'the part is requested right after the index',
    );
    release();
    await page.waitForFunction(
      () => document.querySelector('dialog[open] [role="status"]')?.getAttribute('data-answered-query') === 'ledger',
    );
    const hrefs = await hrefsOf(page, 'dialog[open] [role="option"]');
    assert.equal(hrefs.length, searchClientConfig.searchResultLimits);
    assert.equal(hrefs[0], `${LEDGER_PAGE}?_highlight=ledger`, hrefs.join('\n'));
    // The same five results as the whole index gives (the judged set's engine in Node).
    const engine = await loadBuiltEngine();
    assert.deepEqual(
      hrefs,
      engine.search('ledger', searchClientConfig.searchResultLimits).sources[0]!.hits.map((h) => h.url),
    );
  });

  test('a body text part that cannot be loaded: a warning, and titles, headings and API records still answer', async () => {
    const page = await site.page({allow: ['searchIndex', 'failedResource']});
    const warnings = collectWarnings(page);
    await page.route('**/search-index-content.json*', (route) => route.fulfill({status: 500, body: 'Internal error'}));
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'POST /customers');
    assert.equal(pathOf((await hrefsOf(page, 'dialog[open] [role="option"]'))[0]!), '/docs/api/create-customer');
    const warning =
      /^Unable to load part of the search index from http:\/\/[^ ]+\/search-index-content\.json \(HTTP 500\); searching without it\.$/;
    assert.equal(warnings.filter((w) => warning.test(w)).length, 1, warnings.join('\n'));
  });

  for (const [name, fulfil] of [
    ['HTTP 500', {status: 500, body: 'Internal error'}],
    ['invalid JSON', {status: 200, contentType: 'application/json', body: '{"documents": [tru'}],
  ] as const) {
    test(`search-index.json with ${name}: a warning, an empty index, no results, no uncaught error`, async () => {
      const page = await site.page({allow: ['searchIndex', 'failedResource']});
      const warnings = collectWarnings(page);
      await page.addInitScript(() => {
        window.addEventListener('unhandledrejection', (e) => {
          (window as unknown as {rejections: string[]}).rejections ??= [];
          (window as unknown as {rejections: string[]}).rejections.push(String(e.reason));
        });
      });
      await page.route('**/search-index.json*', (route) => route.fulfill(fulfil));
      await gotoHydrated(page, site, '/');
      await openWithButton(page);
      await typeQuery(page, 'ledger');
      assert.equal(await options(page).count(), 0);
      assert.ok(await dialog(page).getByText(T.no_results, {exact: true}).isVisible());
      const warning = /^Unable to load the search index from http:\/\/[^ ]+\/search-index\.json \(.+\); searching an empty index\.$/;
      assert.equal(warnings.filter((w) => warning.test(w)).length, 1, warnings.join('\n'));
      assert.deepEqual(await page.evaluate(() => (window as unknown as {rejections?: string[]}).rejections ?? []), []);
      // The search page behaves the same way.
      await gotoHydrated(page, site, '/search?q=ledger');
      await page.getByText(T.no_documents_were_found, {exact: true}).waitFor();
      assert.equal(await page.locator('main ol li').count(), 0);
    });
  }
});
