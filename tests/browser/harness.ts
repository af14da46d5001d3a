/**
 * The browser suite's one fixture. A test file calls `useSite()` at its top level and gets:
 * - the built site served like a CDN (or as a plain static host, `{plain: true}`), or a server
 *   the test runs itself (`{url}`: the dev server of tests/build/live-preview.test.ts);
 * - one Chromium for the whole run: `tests/browser/run.ts` launches it once and hands its
 *   endpoint to every file through PORTAL_BROWSER_WS; a file run on its own launches its own;
 * - a fresh browser context for every page a test opens (own storage, own permissions);
 * - with `{clipboard: true}`, the text each page copied, read with `copiedBy` (never the system
 *   clipboard, which every context of the shared browser writes);
 * - after every test: its contexts closed, and an assertion that no page had an uncaught error
 *   or logged a console error, unless the test named it in the allowlist (`ALLOWED`);
 * - a time limit per test (TEST_TIME_LIMIT_MS): a test still running then has its pages closed,
 *   which fails the browser call it waits on, and the test fails saying so. (Node's
 *   --test-timeout cannot do this: it limits each test file as a whole too, and a file of many
 *   tests runs longer than one test may on a loaded machine.)
 * SITE_DIR points at another build output (default: build/).
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import {after, afterEach, before, beforeEach} from 'node:test';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Route,
} from 'playwright-core';
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
  failedResource:
    /Failed to load resource: (net::ERR_FAILED|net::ERR_ABORTED|net::ERR_CONNECTION_REFUSED|the server responded with a status of 5\d\d)/,
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
  /**
   * Let the pages write the clipboard and record, per page, what each write put there (read it
   * with `copiedBy`). The system clipboard is one for the whole browser, which every test file
   * of the run shares: reading it back can see another test's copy.
   */
  clipboard?: boolean;
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

/** How long one test may run before its pages are closed (see the file comment). */
export const TEST_TIME_LIMIT_MS = 180_000;

let browserPromise: Promise<Browser> | null = null;

/** The run's Chromium: the shared one when the runner started it, else one for this process. */
export function sharedBrowser(): Promise<Browser> {
  browserPromise ??= SHARED_BROWSER ? chromium.connect(SHARED_BROWSER) : chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
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
  let watchdog: NodeJS.Timeout | undefined;
  let overran = false;
  fixtures++;

  const track = (context: BrowserContext, opts: PageOptions) => {
    const entry = {
      context,
      pages: [] as TrackedPage[],
      allow: (opts.allow ?? []).map((a) => (typeof a === 'string' ? ALLOWED[a] : a)),
      uncaught: opts.uncaught ?? [],
    };
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
      const {allow: _a, uncaught: _u, localStorage: items, clipboard, ...contextOptions} = opts;
      const context = await fixture.browser.newContext({viewport: {width: 1280, height: 900}, ...contextOptions});
      if (clipboard) await recordCopies(context);
      if (items) {
        await context.addInitScript(
          ({origin, entries}) => {
            if (location.origin !== origin) return; // about:blank and other origins have no site storage
            for (const [k, v] of entries) localStorage.setItem(k, v);
          },
          {origin: new URL(fixture.url).origin, entries: Object.entries(items)},
        );
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

  beforeEach(() => {
    overran = false;
    watchdog = setTimeout(() => {
      overran = true;
      for (const {context} of open) void context.close().catch(() => undefined);
    }, TEST_TIME_LIMIT_MS);
  });

  afterEach(async () => {
    clearTimeout(watchdog);
    const checked = open;
    open = [];
    const problems: string[] = overran ? [`the test ran over ${TEST_TIME_LIMIT_MS / 1000} s: its pages were closed`] : [];
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

// ---------------------------------------------------------------------------------------------
// What a page copied. The pages of a context opened with {clipboard: true} report each completed
// clipboard write to the test process through a binding: navigator.clipboard.writeText and
// .write (after the browser accepted the write: the promise resolved) and a 'copy' event left to
// the browser (document.execCommand('copy'), the CopyButton's fallback). Recorded per page, so a
// test reads its own page's copies only, whatever other pages and test files write meanwhile.

interface Copies {
  texts: string[];
  /** Called on every new copy. */
  listeners: Set<() => void>;
}
const copiesOf = new WeakMap<Page, Copies>();
const COPIED_BINDING = '__portalCopied';

function copies(page: Page): Copies {
  let entry = copiesOf.get(page);
  if (!entry) copiesOf.set(page, (entry = {texts: [], listeners: new Set()}));
  return entry;
}

/**
 * Record what the pages of `context` copy, for `copiedBy` (what `{clipboard: true}` does; for a
 * context a test makes itself). Call before the context opens a page.
 */
export async function recordCopies(context: BrowserContext): Promise<void> {
  context.on('page', (page) => copies(page));
  await context.grantPermissions(['clipboard-write']);
  await context.exposeBinding(COPIED_BINDING, ({page}, text: string) => {
    const entry = copies(page);
    entry.texts.push(text);
    for (const listener of entry.listeners) listener();
  });
  // Page script as text: tsx would wrap the functions of a compiled one in a helper
  // (__name) the page does not have.
  await context.addInitScript(`(() => {
    const report = (text) => window[${JSON.stringify(COPIED_BINDING)}](text);
    const clipboard = navigator.clipboard;
    if (clipboard) {
      const writeText = clipboard.writeText.bind(clipboard);
      clipboard.writeText = async (text) => {
        await writeText(text);
        void report(String(text));
      };
      const write = clipboard.write && clipboard.write.bind(clipboard);
      if (write) {
        clipboard.write = async (items) => {
          await write(items);
          const texts = await Promise.all(items.filter((i) => i.types.includes('text/plain')).map(async (i) => (await i.getType('text/plain')).text()));
          void report(texts.join(''));
        };
      }
    }
    // Bubble phase on window: runs after the page's own 'copy' handlers.
    window.addEventListener('copy', (event) => {
      if (event.defaultPrevented) {
        void report(event.clipboardData ? event.clipboardData.getData('text/plain') : '');
        return;
      }
      const el = document.activeElement;
      const field = el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement ? el : null;
      void report(field ? field.value.slice(field.selectionStart || 0, field.selectionEnd || 0) : String(document.getSelection() || ''));
    });
  })();`);
}

/**
 * Runs `action` (a click, a key press) on a page opened with `{clipboard: true}` and returns the
 * text the page copied because of it: waits for the page's next completed clipboard write, not
 * for a fixed time, and never reads the browser-wide clipboard. Fails if the page copies nothing.
 */
export async function copiedBy(page: Page, action: () => Promise<unknown>, timeout = 10_000): Promise<string> {
  const entry = copiesOf.get(page);
  if (!entry) throw new Error('copiedBy(): open the page with {clipboard: true}');
  const before = entry.texts.length;
  await action();
  if (entry.texts.length > before) return entry.texts[before]!;
  return new Promise<string>((resolve, reject) => {
    const listener = () => {
      entry.listeners.delete(listener);
      clearTimeout(timer);
      resolve(entry.texts[before]!);
    };
    const timer = setTimeout(() => {
      entry.listeners.delete(listener);
      reject(new Error(`copiedBy(): the page copied nothing within ${timeout} ms of the action (on ${page.url()})`));
    }, timeout);
    entry.listeners.add(listener);
  });
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

/**
 * After a click on an in-app link (client-side navigation): wait until the page at `pathname` is
 * shown, not only addressed. Docusaurus changes the address at once but keeps the old page on
 * screen, DOM, navbar and headings included, until the new route's code has loaded
 * (PendingNavigation), so `waitForURL` alone returns while the old page is still there and a read
 * of the page then sees the old one. `shown` is what only the new page has (its own heading, a
 * version marker): never something the page being left has too.
 */
export async function navigatedTo(page: Page, pathname: string, shown: Locator, timeout = 15_000): Promise<void> {
  const want = pathname.replace(/(.)\/$/, '$1');
  await page.waitForURL((u) => u.pathname.replace(/(.)\/$/, '$1') === want, {timeout});
  await shown.waitFor({timeout});
}

/**
 * Routes every script chunk of the page through the test (routing also bypasses the HTTP cache, so
 * chunks the page prefetched are requested again); from `hold()` on, they wait until `release()`:
 * a slow route load, on demand.
 */
export async function chunkGate(page: Page) {
  let holding = false;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route('**/assets/js/*.js', async (route: Route) => {
    if (holding) {
      held++;
      await gate;
    }
    await route.continue();
  });
  return {hold: () => void (holding = true), release, held: () => held};
}

/**
 * A docs page's own link in the desktop sidebar, marked as the current page: rendered from the
 * page on screen, so it shows only once that page is (a `shown` for navigatedTo, at desktop width).
 */
export function currentSidebarLink(page: Page, pathname: string): Locator {
  return page.locator(`.theme-doc-sidebar-menu a.menu__link[aria-current="page"][href="${pathname}"]`);
}

/**
 * Wait until no CSS transition or animation runs in the page (instead of sleeping for one). An
 * endless animation (a loading spinner) never finishes: it is not waited for.
 */
export async function settled(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    {timeout, polling: 'raf'},
  );
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
