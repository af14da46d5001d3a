/**
 * Item 9 of issue 2: the site search as specification sections 4, 5 and 7-9 describe it, in
 * headless Chromium against the built site: the modal (button, Ctrl/Cmd+K, "/"; Escape, backdrop;
 * arrows clamped; Enter opens with repeated _highlight parameters and the terms marked on the
 * target page), 5 results, the search page and its messages, a failing index, the analytics
 * event, the mobile full-screen modal, and nothing of the search loaded on first load.
 *
 * Expected hits are computed from the built search-index.json with the same engine, so the tests
 * follow content edits instead of copying text.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Page, Request} from 'playwright-core';
import {gotoHydrated, openSite, SITE_DIR, type Site} from './harness';
import {SearchEngine} from '../../src/components/Search/engine';
import {searchClientConfig, searchTranslations as T} from '../../src/config/search';

let site: Site;
let engine: SearchEngine;
const indexJson = JSON.parse(readFileSync(path.join(SITE_DIR, 'search-index.json'), 'utf8'));

before(async () => {
  site = await openSite();
  engine = new SearchEngine();
  await engine.init(
    {
      options: {
        removeDefaultStopWordFilter: false,
        searchResultContextMaxLength: 50,
        highlightSearchTermsOnTargetPage: true,
        baseUrl: '/',
      },
      site: {heading: null, uri: 'search-index.json'},
      externals: [],
    },
    async () => ({ok: true, status: 200, json: async () => indexJson}),
  );
});
after(async () => {
  await site?.close();
});

const LEDGER_PAGE = '/docs/api/get-customer-ledger';
const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({content: AXE_SOURCE});
  return page.evaluate(async () => {
    const axe = (window as unknown as {axe: {run(c: Document, o: object): Promise<{violations: {id: string; impact: string; nodes: {target: string[]}[]}[]}>}}).axe;
    const result = await axe.run(document, {resultTypes: ['violations']});
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
const dialog = (page: Page) => page.locator('dialog[open]');
const input = (page: Page) => page.locator('dialog[open] input[role="combobox"]');
const options = (page: Page) => page.locator('dialog[open] [role="option"]');
const searchButton = (page: Page) => page.locator('.navbar').getByRole('button', {name: 'Search', exact: true});

/** Number of hits the engine gives for a query with a limit. */
function expectedHits(query: string, limit: number): number {
  return engine.search(query, limit).sources.reduce((n, s) => n + s.hits.length, 0);
}

async function openWithButton(page: Page) {
  await searchButton(page).click();
  await dialog(page).waitFor();
}

async function typeQuery(page: Page, query: string) {
  await input(page).fill(query);
  await page.waitForFunction(
    (q) => {
      const list = document.querySelector('dialog[open] [role="listbox"]');
      const msg = document.querySelector('dialog[open]')?.textContent ?? '';
      return (list && (document.querySelector('dialog[open] input') as HTMLInputElement).value === q) || msg.includes('No results.');
    },
    query,
  );
}

/** Collects console warnings of a page. */
function collectWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  return warnings;
}

describe('first load', () => {
  test('the search button is in the navbar and nothing of the search engine loads until it is used', async () => {
    const page = await site.newPage();
    const requests: string[] = [];
    page.on('request', (r: Request) => requests.push(r.url()));
    await gotoHydrated(page, site, '/');
    await page.waitForLoadState('networkidle');
    assert.ok(await searchButton(page).isVisible(), 'search button visible');
    assert.equal(await searchButton(page).getAttribute('aria-haspopup'), 'dialog');
    assert.deepEqual(requests.filter((u) => u.includes('search-index.json')), [], 'index not fetched on first load');
    const scriptsBefore = requests.filter((u) => u.endsWith('.js')).length;
    // Hovering the button prefetches the modal, the worker and the index.
    await searchButton(page).hover();
    await page.waitForRequest((r) => r.url().includes('search-index.json'));
    const indexRequest = requests.find((u) => u.includes('search-index.json'))!;
    assert.equal(new URL(indexRequest).pathname, '/search-index.json');
    assert.ok(requests.filter((u) => u.endsWith('.js')).length > scriptsBefore, 'search code loaded on demand');
    assert.deepEqual(page.errors.map(String), []);
  });
});

describe('search modal', () => {
  test('opens with the button: a modal dialog, focus in a search combobox without autocomplete; Escape closes and gives focus back', async () => {
    const page = await site.newPage();
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
    assert.equal(
      await searchButton(page).evaluate((el) => el === document.activeElement),
      true,
      'focus restored to the search button',
    );
    assert.deepEqual(page.errors.map(String), []);
  });

  for (const [name, combo] of [
    ['Ctrl+K', 'Control+k'],
    ['Cmd+K', 'Meta+k'],
    ['/', '/'],
  ] as const) {
    test(`opens with ${name}`, async () => {
      const page = await site.newPage();
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
    const page = await site.newPage();
    await gotoHydrated(page, site, '/search');
    const field = page.locator('main input[type="search"]');
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
    const page = await site.newPage();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await input(page).click();
    assert.equal(await dialog(page).count(), 1, 'a click inside keeps it open');
    const box = (await dialog(page).boundingBox())!;
    assert.ok(box.y > 20, 'the backdrop shows above the dialog on desktop');
    await page.mouse.click(box.x + box.width / 2, box.y / 2);
    await dialog(page).waitFor({state: 'detached'});
  });

  test('"ledger" finds the "Get customer ledger" API page; at most 5 results; titles with marked terms', async () => {
    const page = await site.newPage();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'ledger');
    const hrefs = await options(page).evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    assert.ok(hrefs.length > 0 && hrefs.length <= 5, `1-5 results: ${hrefs.length}`);
    assert.ok(hrefs.some((h) => h === `${LEDGER_PAGE}?_highlight=ledger`), hrefs.join('\n'));
    const first = options(page).first();
    assert.equal((await first.locator('mark').first().textContent())?.toLowerCase(), 'ledger');
    assert.match((await first.textContent()) ?? '', /ledger/i);
    // A common word has more than 5 hits in the index: the modal shows exactly 5.
    assert.ok(expectedHits('customer', 100) > 5, 'the fixture word has more than 5 hits');
    await typeQuery(page, 'customer');
    assert.equal(await options(page).count(), 5);
    // The combobox points at its listbox and the highlighted option.
    const field = input(page);
    assert.equal(await field.getAttribute('aria-expanded'), 'true');
    const listboxId = await field.getAttribute('aria-controls');
    assert.equal(await page.locator(`[role="listbox"]#${listboxId}`).count(), 1);
    const activeId = await field.getAttribute('aria-activedescendant');
    assert.equal(await page.locator(`#${activeId}`).getAttribute('aria-selected'), 'true');
    // "No results." for a word that is nowhere.
    await typeQuery(page, 'qqxzzvv');
    assert.equal(await options(page).count(), 0);
    assert.ok(await dialog(page).getByText('No results.', {exact: true}).isVisible());
    assert.equal(await input(page).getAttribute('aria-expanded'), 'false');
  });

  test('results of one page are grouped with tree connectors', async () => {
    const {sources} = engine.search('ledger', searchClientConfig.searchResultLimits);
    const hits = sources[0]!.hits;
    const treeCount = hits.filter((h) => h.isInterOfTree || h.isLastOfTree).length;
    const page = await site.newPage();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'ledger');
    const shown = await options(page).evaluateAll((els) => els.filter((e) => e.querySelector('svg path[d^="M8 6v"]')).length);
    assert.equal(shown, treeCount, 'one connector per hit that follows its page');
  });

  test('Arrow Down/Up move the highlighted result, clamped at first and last', async () => {
    const page = await site.newPage();
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
    const page = await site.newPage();
    await gotoHydrated(page, site, '/');
    await page.evaluate(() => ((window as unknown as {spaMarker: boolean}).spaMarker = true));
    await openWithButton(page);
    await typeQuery(page, 'customer ledger');
    const hrefs = await options(page).evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
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
    assert.ok(marked.some((m) => m.toLowerCase() === 'ledger'), marked.join(','));
    assert.ok(marked.some((m) => m.toLowerCase() === 'customer'), marked.join(','));
    assert.deepEqual(page.errors.map(String), []);
  });

  test('a page opened directly with _highlight parameters marks the terms; without them nothing is marked', async () => {
    const page = await site.newPage();
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
    assert.deepEqual(page.errors.map(String), []);
  });

  test('clicking a result navigates to it and closes the modal; "See all results" leads to /search?q=', async () => {
    const page = await site.newPage();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'ledger');
    const href = (await options(page).first().getAttribute('href'))!;
    await options(page).first().click();
    await page.waitForURL((url) => url.pathname + url.search === href.replace(/#.*$/, ''));
    assert.equal(await dialog(page).count(), 0);
    // The new page is rendered (the URL changes before the route's chunks are in) and marked.
    await page.waitForSelector('article mark[data-search-highlight]');
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await typeQuery(page, 'ledger');
    await dialog(page).getByRole('link', {name: 'See all results'}).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'ledger');
    assert.equal(await dialog(page).count(), 0);
    await page.locator('main').getByRole('heading', {level: 1, name: 'Search results for "ledger"'}).waitFor();
  });

  test('each query is reported once (not per keystroke) as a site-search event with term and result count', async () => {
    const page = await site.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as {events: unknown[]; gtagCalls: unknown[]; gtag: (...a: unknown[]) => void};
      w.events = [];
      w.gtagCalls = [];
      w.gtag = (...args: unknown[]) => w.gtagCalls.push(args);
      window.addEventListener('portal:site-search', (e) => w.events.push((e as CustomEvent).detail));
    });
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await input(page).pressSequentially('ledger', {delay: 60});
    await typeQuery(page, 'ledger');
    const shown = await options(page).count();
    await page.waitForFunction(() => (window as unknown as {events: unknown[]}).events.length > 0);
    await page.waitForTimeout(1200);
    const {events, gtagCalls} = await page.evaluate(() => {
      const w = window as unknown as {events: unknown[]; gtagCalls: unknown[]};
      return {events: w.events, gtagCalls: w.gtagCalls};
    });
    assert.deepEqual(events, [{term: 'ledger', count: shown, source: 'modal'}]);
    assert.deepEqual(gtagCalls, [['event', 'search', {search_term: 'ledger', search_results: shown}]]);
  });

  test('search latency is measured with performance.measure("portal-search")', async () => {
    const page = await site.newPage();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'invoice');
    const entries = await page.evaluate(() =>
      performance.getEntriesByName('portal-search').map((e) => ({duration: e.duration, detail: (e as PerformanceMeasure).detail})),
    );
    assert.ok(entries.length >= 1);
    const last = entries[entries.length - 1]!;
    assert.equal(last.detail.query, 'invoice');
    assert.equal(typeof last.duration, 'number');
    assert.equal(typeof last.detail.engineMs, 'number');
    assert.equal(last.detail.hits, await options(page).count());
  });

  test('axe-core: no serious or critical violation with the modal open on results, nor on the search page', async () => {
    const page = await site.newPage();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'customer ledger');
    await page.keyboard.press('ArrowDown');
    assert.deepEqual(await axeViolations(page), []);
    await gotoHydrated(page, site, '/search?q=ledger');
    await page.getByText(/documents? found$/).waitFor();
    assert.deepEqual(await axeViolations(page), []);
  });

  test('mobile (< 996 px): the search button is in the navbar and the modal is full-screen', async () => {
    const page = await site.newPage({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});
    await gotoHydrated(page, site, '/docs/api/rev-io-api');
    const button = searchButton(page);
    assert.ok(await button.isVisible());
    const buttonBox = (await button.boundingBox())!;
    const navBox = (await page.locator('nav.navbar').boundingBox())!;
    assert.ok(buttonBox.y >= navBox.y && buttonBox.y + buttonBox.height <= navBox.y + navBox.height, 'inside the navbar');
    await button.tap();
    await dialog(page).waitFor();
    const box = (await dialog(page).boundingBox())!;
    assert.deepEqual([box.x, box.y, box.width, box.height], [0, 0, 390, 844]);
    await typeQuery(page, 'ledger');
    assert.ok((await options(page).count()) > 0);
    await options(page).first().tap();
    await page.waitForURL((url) => url.searchParams.has('_highlight'));
    assert.equal(await dialog(page).count(), 0);
  });
});

describe('search page', () => {
  test('empty query: "Search the documentation" and "Please provide a search query to show results."', async () => {
    const page = await site.newPage();
    await gotoHydrated(page, site, '/search');
    await page.getByRole('heading', {level: 1, name: T.search_the_documentation}).waitFor();
    assert.ok(await page.getByText(T.empty_query, {exact: true}).isVisible());
    const field = page.locator('main input[type="search"]');
    assert.equal(await field.getAttribute('autocomplete'), 'off');
    assert.equal(await field.getAttribute('aria-label'), 'Search');
    assert.deepEqual(page.errors.map(String), []);
  });

  test('counts: "{{ count }} documents found", "1 document found", and "No documents were found"', async () => {
    const plural = 'customer';
    const n = expectedHits(plural, searchClientConfig.searchPageResultLimits);
    assert.ok(n > 1);
    // A word of the index with exactly one hit, found by the same engine.
    const words = new Set<string>();
    for (const entry of indexJson as {documents: {t: string}[]}[]) {
      for (const doc of entry.documents) for (const w of doc.t.toLowerCase().match(/[a-z]{6,}/g) ?? []) words.add(w);
    }
    const single = [...words].find((w) => expectedHits(w, 100) === 1);
    assert.ok(single, 'some word has a single hit');

    const page = await site.newPage();
    await gotoHydrated(page, site, `/search?q=${plural}`);
    await page.getByText(`${n} documents found`, {exact: true}).waitFor();
    await page.getByRole('heading', {level: 1, name: `Search results for "${plural}"`}).waitFor();
    assert.equal(await page.title().then((t) => t.startsWith(`Search results for "${plural}"`)), true);
    assert.equal(await page.locator('main ol li').count(), n);
    assert.ok(
      (await page.locator('main ol li a').evaluateAll((els) => els.map((e) => e.getAttribute('href')))).every((h) =>
        h!.includes('_highlight=customer'),
      ),
    );

    await gotoHydrated(page, site, `/search?q=${single}`);
    await page.getByText('1 document found', {exact: true}).waitFor();
    assert.equal(await page.locator('main ol li').count(), 1);

    await gotoHydrated(page, site, '/search?q=qqxzzvv');
    await page.getByText(T.no_documents_were_found, {exact: true}).waitFor();
    assert.equal(await page.locator('main ol li').count(), 0);

    // Typing updates the results and the URL; clearing the query clears them and shows the hint.
    const field = page.locator('main input[type="search"]');
    await field.fill(plural);
    await page.getByText(`${n} documents found`, {exact: true}).waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === plural, {timeout: 5000});
    await field.fill('');
    await page.getByText(T.empty_query, {exact: true}).waitFor();
    assert.equal(await page.locator('main ol li').count(), 0);
    await page.waitForURL((url) => !url.searchParams.has('q'), {timeout: 5000});
    assert.deepEqual(page.errors.map(String), []);
  });
});

describe('index failures', () => {
  test('when the Web Worker cannot run, the same engine runs on the page (with a warning)', async () => {
    const page = await site.newPage();
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
    const hrefs = await options(page).evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    assert.ok(hrefs.includes(`${LEDGER_PAGE}?_highlight=ledger`), hrefs.join('\n'));
    assert.ok(warnings.some((w) => w.startsWith('Search worker unavailable (search worker failed: blocked)')), warnings.join('\n'));
    assert.deepEqual(page.errors.map(String), []);
  });

  for (const [name, fulfil] of [
    ['HTTP 500', {status: 500, body: 'Internal error'}],
    ['invalid JSON', {status: 200, contentType: 'application/json', body: '{"documents": [tru'}],
  ] as const) {
    test(`search-index.json with ${name}: a warning, an empty index, no results, no uncaught error`, async () => {
      const page = await site.newPage();
      const warnings = collectWarnings(page);
      const rejections: string[] = [];
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
      assert.ok(await dialog(page).getByText('No results.', {exact: true}).isVisible());
      assert.ok(
        warnings.some((w) => /^Unable to load the search index from http:\/\/[^ ]+\/search-index\.json \(.+\); searching an empty index\.$/.test(w)),
        warnings.join('\n'),
      );
      rejections.push(...(await page.evaluate(() => (window as unknown as {rejections?: string[]}).rejections ?? [])));
      assert.deepEqual(rejections, []);
      assert.deepEqual(page.errors.map(String), []);
      // The search page behaves the same way.
      await gotoHydrated(page, site, '/search?q=ledger');
      await page.getByText(T.no_documents_were_found, {exact: true}).waitFor();
      assert.deepEqual(page.errors.map(String), []);
    });
  }
});
