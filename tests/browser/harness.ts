/**
 * Shared set-up for the browser suites: serve the built site like a CDN and drive Debian's
 * Chromium with playwright-core. SITE_DIR points at another build output (default: build/).
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {chromium, type Browser, type BrowserContext, type Page} from 'playwright-core';
import {startStaticServer, type RunningServer} from '../../scripts/serve/static-server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SITE_DIR = path.resolve(__dirname, '../..', process.env.SITE_DIR ?? 'build');

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
];

export interface Site {
  /** Base URL of the served site, ending in "/". */
  url: string;
  browser: Browser;
  /** Absolute URL for a site path such as "/docs/api/get-contact". */
  at(p: string): string;
  /** A fresh, isolated context (own storage), desktop size unless told otherwise. */
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  /** A page in a fresh context; page errors are collected in `errors`. */
  newPage(options?: Parameters<Browser['newContext']>[0]): Promise<Page & {errors: Error[]}>;
  close(): Promise<void>;
}

export async function openSite(options: {root?: string; basePath?: string} = {}): Promise<Site> {
  const root = options.root ?? SITE_DIR;
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No built site in ${root}: run "npm run build" first (or set SITE_DIR).`);
  }
  const server: RunningServer = await startStaticServer({root, basePath: options.basePath});
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  const contexts: BrowserContext[] = [];
  const site: Site = {
    url: server.url,
    browser,
    at: (p) => new URL(p.replace(/^\//, ''), server.url).toString(),
    async newContext(ctxOptions) {
      const context = await browser.newContext({viewport: {width: 1280, height: 900}, ...ctxOptions});
      contexts.push(context);
      return context;
    },
    async newPage(ctxOptions) {
      const context = await site.newContext(ctxOptions);
      const page = (await context.newPage()) as Page & {errors: Error[]};
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(e));
      return page;
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
      await server.close();
    },
  };
  return site;
}

/** True once React has hydrated the page (Docusaurus sets <html data-has-hydrated="true">). */
export async function waitForHydration(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout});
}

/** Open a site path and wait until the client app has hydrated; returns the HTTP response. */
export async function gotoHydrated(page: Page, site: Site, p: string) {
  const response = await page.goto(site.at(p));
  await waitForHydration(page);
  return response;
}
