/**
 * The browser suite's one fixture. A test file calls `useSite()` at its top level and gets:
 * - the built site served like a CDN (or as a plain static host, `{plain: true}`), or a server
 *   the test runs itself (`{url}`: the dev server of tests/build/live-preview.test.ts);
 * - one Chromium for the whole run: `tests/browser/run.ts` launches it once and hands its
 *   endpoint to every file through PORTAL_BROWSER_WS; a file run on its own launches its own;
 * - a fresh browser context for every page a test opens (own storage, own permissions);
 * - after every test: its contexts closed, and an assertion that no page had an uncaught error
 *   or logged a console error, unless the test named it in the allowlist (`ALLOWED`).
 * SITE_DIR points at another build output (default: build/).
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import {after, afterEach, before} from 'node:test';
import {chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page} from 'playwright-core';
import {startStaticServer, type RunningServer} from '../../tools/serve/static-server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SITE_DIR = path.resolve(__dirname, '../..', process.env.SITE_DIR ?? 'build');
/** Set by tests/browser/run.ts: the run's shared Chromium. */
const SHARED_BROWSER = process.env.PORTAL_BROWSER_WS;

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
];

/**
 * Console errors a test may expect, by name. A page opened with `{allow: ['notFound']}` may log
 * these; anything else fails the test.
 */
export const ALLOWED = {
  /** The browser's own line for a resource answered 404 (a not-found page, a missing asset). */
  notFound: /Failed to load resource: the server responded with a status of 404/,
  /** A request the test aborted or answered with an error on purpose (page.route). */
  failedResource: /Failed to load resource: (net::ERR_FAILED|net::ERR_ABORTED|net::ERR_CONNECTION_REFUSED|the server responded with a status of 5\d\d)/,
  /** A route or component chunk that failed to load (webpack's ChunkLoadError). */
  chunkLoad: /ChunkLoadError|Loading chunk \S+ failed|Loading CSS chunk/,
  /** React's report of an error caught by an error boundary (the crash screen tests). */
  boundary: /The above error occurred in|React will try to recreate this component tree/,
  /** The search index could not be fetched or parsed (spec §8: a warning and an empty index). */
  searchIndex: /search index/i,
  /**
   * An asset answered with an error page the server labels text/plain, which the browser refuses
   * to run under nosniff (the site served under the wrong base URL).
   */
  wrongMime: /Refused to (apply style|execute script) from .* because its MIME type/,
  /** A request blocked by the browser's CORS check (the console's CORS message). */
  cors: /blocked by CORS policy|Access-Control-Allow-Origin/,
} as const;
export type Allowance = keyof typeof ALLOWED;

export interface TrackedPage extends Page {
  /** Uncaught errors of this page so far. */
  errors: Error[];
  /** Console messages of type "error" so far. */
  consoleErrors: string[];
}

export interface PageOptions extends BrowserContextOptions {
  /** Console errors this page may log: names from ALLOWED, or a pattern of the test's own. */
  allow?: (Allowance | RegExp)[];
  /** Uncaught page errors this page may raise, matched by message. */
  uncaught?: RegExp[];
  /** Items put in the site's localStorage before any page script runs (e.g. {theme: 'dark'}). */
  localStorage?: Record<string, string>;
}

export interface SiteFixture {
  /** Base URL of the served site, ending in "/". */
  readonly url: string;
  readonly browser: Browser;
  /** Absolute URL for a site path such as "/docs/api/get-contact". */
  at(p: string): string;
  /** A page in a fresh context (desktop 1280×900 unless told), checked after the test. */
  page(options?: PageOptions): Promise<TrackedPage>;
  /** A fresh context whose pages are all checked after the test. */
  context(options?: PageOptions): Promise<BrowserContext>;
}

export interface SiteOptions {
  root?: string;
  basePath?: string;
  /**
   * Serve the files as a plain static host would: no redirects, no clean-URL rewriting beyond
   * "/x" -> "/x/index.html" or "/x.html", unknown paths answered with 404.html.
   */
  plain?: boolean;
  /**
   * A site served by someone else (the dev server a test starts): its base URL, read when a
   * test needs it. Nothing is served from `root` then.
   */
  url?: () => string;
}

let browserPromise: Promise<Browser> | null = null;

/** The run's Chromium: the shared one when the runner started it, else one for this process. */
export function sharedBrowser(): Promise<Browser> {
  browserPromise ??= SHARED_BROWSER
    ? chromium.connect(SHARED_BROWSER)
    : chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  return browserPromise;
}

async function closeBrowser(): Promise<void> {
  if (!browserPromise) return;
  const browser = await browserPromise;
  browserPromise = null;
  await browser.close(); // for a connected browser this only disconnects
}

let fixtures = 0;

/**
 * Serve the site and register the hooks of this test file (call once per site, at top level).
 * Several fixtures in one file share the process's browser.
 */
export function useSite(options: SiteOptions = {}): SiteFixture {
  const root = options.root ?? SITE_DIR;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let open: {context: BrowserContext; pages: TrackedPage[]; allow: RegExp[]; uncaught: RegExp[]}[] = [];
  fixtures++;

  const track = (context: BrowserContext, opts: PageOptions) => {
    const entry = {context, pages: [] as TrackedPage[], allow: (opts.allow ?? []).map((a) => (typeof a === 'string' ? ALLOWED[a] : a)), uncaught: opts.uncaught ?? []};
    open.push(entry);
    context.on('page', (p) => {
      const page = p as TrackedPage;
      page.errors = [];
      page.consoleErrors = [];
      page.on('pageerror', (e) => page.errors.push(e));
      page.on('console', (m) => {
        if (m.type() === 'error') page.consoleErrors.push(m.text());
      });
      entry.pages.push(page);
    });
    return context;
  };

  const fixture: SiteFixture = {
    get url() {
      if (options.url) return options.url();
      if (!server) throw new Error('useSite(): the site is served from the before() hook on; use it inside a test');
      return server.url;
    },
    get browser() {
      if (!browser) throw new Error('useSite(): the browser is ready from the before() hook on');
      return browser;
    },
    at: (p) => new URL(p.replace(/^\//, ''), fixture.url).toString(),
    async context(opts = {}) {
      const {allow: _a, uncaught: _u, localStorage: items, ...contextOptions} = opts;
      const context = await fixture.browser.newContext({viewport: {width: 1280, height: 900}, ...contextOptions});
      if (items) {
        await context.addInitScript(({origin, entries}) => {
          if (location.origin !== origin) return; // about:blank and other origins have no site storage
          for (const [k, v] of entries) localStorage.setItem(k, v);
        }, {origin: new URL(fixture.url).origin, entries: Object.entries(items)});
      }
      return track(context, opts);
    },
    async page(opts = {}) {
      const context = await fixture.context(opts);
      return (await context.newPage()) as TrackedPage;
    },
  };

  before(async () => {
    if (!options.url) {
      if (!existsSync(path.join(root, 'index.html'))) {
        throw new Error(`No built site in ${root}: run "npm run build" first (or set SITE_DIR).`);
      }
      server = await startStaticServer({root, basePath: options.basePath, plain: options.plain});
    }
    browser = await sharedBrowser();
  });

  afterEach(async () => {
    const checked = open;
    open = [];
    const problems: string[] = [];
    for (const {context, pages, allow, uncaught} of checked) {
      for (const page of pages) {
        const where = page.isClosed() ? '(closed page)' : page.url();
        for (const e of page.errors) {
          if (!uncaught.some((re) => re.test(e.message))) problems.push(`uncaught error on ${where}: ${e.stack ?? e.message}`);
        }
        for (const text of page.consoleErrors) {
          if (!allow.some((re) => re.test(text))) problems.push(`console error on ${where}: ${text}`);
        }
      }
      await context.close().catch(() => undefined);
    }
    assert.deepEqual(problems, [], 'no uncaught page errors and no console errors outside the allowlist');
  });

  after(async () => {
    for (const {context} of open) await context.close().catch(() => undefined);
    open = [];
    await server?.close();
    if (--fixtures === 0) await closeBrowser();
  });

  return fixture;
}

/** True once React has hydrated the page (Docusaurus sets <html data-has-hydrated="true">). */
export async function waitForHydration(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout});
}

/** Open a site path and wait until the client app has hydrated; returns the HTTP response. */
export async function gotoHydrated(page: Page, site: Pick<SiteFixture, 'at'>, p: string) {
  const response = await page.goto(site.at(p));
  await waitForHydration(page);
  return response;
}

/** Wait until no CSS transition or animation runs in the page (instead of sleeping for one). */
export async function settled(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {timeout, polling: 'raf'});
}

/**
 * Wait until the page has painted `frames` more frames: effects scheduled by the last render
 * (React commits, layout effects, storage reads) have run by then.
 */
export async function painted(page: Page, frames = 2): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, frames);
}
