/**
 * Search query latency in the browser, on the site's search page (/search).
 *
 * For every term the input is cleared, then the whole term is entered at once (one `input`
 * event, as a paste would), and the time is taken in one of two ways:
 * - "performance.measure": the search client records `performance.measure('portal-search', ...)`
 *   per query; when such entries appear, their durations are the latencies;
 * - "dom": otherwise, from the input event to the last DOM change in <main> of the burst that
 *   follows it (a burst ends after 250 ms without changes), i.e. typing -> results rendered.
 * The typing -> rendered (DOM) time is recorded in both cases, and the engine time when the
 * measure's detail carries `engineMs`. Three warm-up queries run first (they load the index);
 * the first one is reported as "cold".
 */
import type {Browser, Page} from 'playwright-core';
import {median, percentile} from './stats';

export const SEARCH_TERMS = [
  'invoice',
  'customer',
  'contact',
  'ledger',
  'bill profile',
  'ticket',
  'create',
  'update',
  'payment',
  'balance',
  'email',
  'address',
  'status',
  'page size',
  'authentication',
  'subscription key',
  'error',
  'pagination',
  'pdf',
  'download',
  'phone',
  'tax',
  'currency',
  'due date',
  'summary',
  'options',
  'customer type',
  'idempotency',
  'rate limit',
  'retry',
  'cust',
  'invoic',
  'get contacts',
  'webhook',
  'markdown',
  'blog',
  'overview',
  'request console',
  'curl',
  'python',
  'zzqx',
];

export interface SearchLatency {
  method: 'performance.measure' | 'dom' | 'none';
  queries: number;
  coldMs: number;
  medianMs: number;
  p95Ms: number;
  /** Typing -> results rendered (DOM), whichever method is primary. */
  domMedianMs: number;
  domP95Ms: number;
  /** Engine time reported by the client in the measure's detail (engineMs), if any. */
  engineMedianMs: number;
  samples: {term: string; ms: number; domMs: number; measureMs: number | null; engineMs: number | null}[];
  error?: string;
}

const INPUT_SELECTOR = 'main input[type="search"], input[name="q"], main [role="search"] input, main input';

/**
 * In-page code, kept as a string: tsx (esbuild keepNames) would wrap a function passed to
 * page.evaluate with helpers that do not exist in the page.
 */
const ENTER_IN_PAGE = `({term, quietMs, maxMs, selector}) => new Promise((resolve, reject) => {
  const input = document.querySelector(selector);
  if (!input) return reject(new Error('no search input (' + selector + ')'));
  const root = document.querySelector('main') || document.body;
  const before = performance.getEntriesByName('portal-search', 'measure').length;
  let last = 0;
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(root, {childList: true, subtree: true, characterData: true});
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  input.focus();
  const start = performance.now();
  setter.call(input, term);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  const check = () => {
    const now = performance.now();
    if ((last > 0 && now - last >= quietMs) || now - start >= maxMs) {
      observer.disconnect();
      const fresh = performance.getEntriesByName('portal-search', 'measure').slice(before)
        .filter((e) => !e.detail || e.detail.query === undefined || e.detail.query === term);
      const lastEntry = fresh[fresh.length - 1];
      resolve({
        domMs: last > 0 ? last - start : null,
        measureMs: lastEntry ? lastEntry.duration : null,
        engineMs: lastEntry && lastEntry.detail && typeof lastEntry.detail.engineMs === 'number' ? lastEntry.detail.engineMs : null,
      });
    } else setTimeout(check, 10);
  };
  setTimeout(check, 10);
})`;

/** Set the input's value like a user would and time what follows (see the file comment). */
async function enter(
  page: Page,
  term: string,
  quietMs = 250,
  maxMs = 5000,
): Promise<{domMs: number; measureMs: number | null; engineMs: number | null}> {
  const args = JSON.stringify({term, quietMs, maxMs, selector: INPUT_SELECTOR});
  const r = (await page.evaluate(`(${ENTER_IN_PAGE})(${args})`)) as {
    domMs: number | null;
    measureMs: number | null;
    engineMs: number | null;
  };
  return {domMs: r.domMs ?? NaN, measureMs: r.measureMs, engineMs: r.engineMs};
}

export async function measureSearch(browser: Browser, searchUrl: string, terms = SEARCH_TERMS): Promise<SearchLatency> {
  const context = await browser.newContext({viewport: {width: 1350, height: 940}});
  const page = await context.newPage();
  const result: SearchLatency = {
    method: 'none',
    queries: 0,
    coldMs: NaN,
    medianMs: NaN,
    p95Ms: NaN,
    domMedianMs: NaN,
    domP95Ms: NaN,
    engineMedianMs: NaN,
    samples: [],
  };
  try {
    await page.goto(searchUrl, {waitUntil: 'load', timeout: 60_000});
    await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => undefined);
    await page.waitForSelector(INPUT_SELECTOR, {timeout: 15_000});
    const warm = ['invoice', 'contact', 'ticket'];
    for (const [i, term] of warm.entries()) {
      await enter(page, '', 250, 2000);
      const r = await enter(page, term);
      if (i === 0) result.coldMs = r.measureMs ?? r.domMs;
    }
    for (const term of terms) {
      await enter(page, '', 250, 2000);
      const r = await enter(page, term);
      result.samples.push({term, ms: NaN, domMs: r.domMs, measureMs: r.measureMs, engineMs: r.engineMs});
    }
    const measured = result.samples.filter((s) => s.measureMs !== null).length;
    result.method = measured >= result.samples.length / 2 ? 'performance.measure' : 'dom';
    for (const s of result.samples) s.ms = result.method === 'performance.measure' ? (s.measureMs ?? NaN) : s.domMs;
    const values = result.samples.map((s) => s.ms).filter(Number.isFinite);
    result.queries = values.length;
    result.medianMs = median(values);
    result.p95Ms = percentile(values, 95);
    const dom = result.samples.map((s) => s.domMs).filter(Number.isFinite);
    result.domMedianMs = median(dom);
    result.domP95Ms = percentile(dom, 95);
    result.engineMedianMs = median(result.samples.map((s) => s.engineMs ?? NaN));
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await context.close();
  }
  return result;
}

/** Slow 4G as the bench computes it (results.ts slow4gMs): 1.6 Mbit/s down, 150 ms round trip (DevTools adds it per request). */
export const SLOW_4G = {offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8};

export interface IndexLoadTiming {
  term: string;
  /** Typing the first query -> its first results on screen (search worker started, search-index.json fetched and loaded). */
  firstResultsMs: number;
  /** Typing the first query -> its full answer (the body text part, search-index-content.json, loaded too). */
  completeMs: number;
  /** search-index.json on the network: request start -> response end. */
  indexMs: number;
  /** search-index-content.json on the network. */
  contentMs: number;
  error?: string;
}

const FIRST_QUERY_IN_PAGE = `({term, selector, maxMs}) => new Promise((resolve) => {
  const input = document.querySelector(selector);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  input.focus();
  const start = performance.now();
  let first = null;
  setter.call(input, term);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  const check = () => {
    const now = performance.now();
    if (first === null && document.querySelector('main ol li')) first = now - start;
    const status = (document.querySelector('main [role="status"]') || {}).textContent || '';
    if (/found/.test(status) || now - start > maxMs) {
      if (first === null) first = now - start;
      resolve({first, complete: now - start});
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/**
 * The first query of a visit on slow 4G (SLOW_4G, applied after the page has loaded): from typing
 * to the first results (what search-index.json answers) and to the full answer (with the body
 * text part), on the /search page, whose client and worker are those of the modal.
 */
export async function measureIndexLoad(browser: Browser, searchUrl: string, term: string): Promise<IndexLoadTiming> {
  const context = await browser.newContext({viewport: {width: 1350, height: 940}});
  const page = await context.newPage();
  const result: IndexLoadTiming = {term, firstResultsMs: NaN, completeMs: NaN, indexMs: NaN, contentMs: NaN};
  try {
    await page.goto(searchUrl, {waitUntil: 'load', timeout: 60_000});
    await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => undefined);
    await page.waitForSelector(INPUT_SELECTOR, {timeout: 15_000});
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    page.on('requestfinished', (request) => {
      const t = request.timing();
      const ms = t.responseEnd >= 0 ? t.responseEnd : NaN;
      if (/\/search-index\.json/.test(request.url())) result.indexMs = ms;
      if (/\/search-index-content\.json/.test(request.url())) result.contentMs = ms;
    });
    const args = JSON.stringify({term, selector: INPUT_SELECTOR, maxMs: 30_000});
    const r = (await page.evaluate(`(${FIRST_QUERY_IN_PAGE})(${args})`)) as {first: number; complete: number};
    result.firstResultsMs = r.first;
    result.completeMs = r.complete;
    await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => undefined);
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await context.close();
  }
  return result;
}
