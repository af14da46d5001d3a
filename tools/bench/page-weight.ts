/**
 * First-load bytes of a page in Chromium (playwright-core): every response until `load` and then
 * network idle (no request for 500 ms), in a fresh context with an empty cache.
 *
 * - raw bytes: the file's size; gzip bytes: its gzip size at level 9, which is what the server
 *   (gzip like a CDN) sends. Same-origin files are sized from the served folder so that prefetches
 *   (whose bodies Chromium does not expose) and duplicates are sized consistently.
 * Responses are classed by type: js, css, html, json (data such as a search index), font, image,
 * other. JavaScript fetched with <link rel=prefetch> (Docusaurus prefetches the chunks of visible
 * links' routes; nothing runs until the reader follows the link) is counted apart as
 * `prefetchJs` and not in `js`.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import type {Browser, Request} from 'playwright-core';
import {resolveFile} from '../serve/static-server';

export type ByteClass = 'js' | 'css' | 'html' | 'json' | 'font' | 'image' | 'other' | 'prefetchJs';

export interface Resource {
  url: string;
  /** Path below the site root, e.g. "assets/js/main.1a2b3c4d.js". */
  name: string;
  cls: ByteClass;
  resourceType: string;
  status: number;
  raw: number;
  gzip: number;
}

export interface Bytes {
  raw: number;
  gzip: number;
  count: number;
}

export interface PageWeight {
  url: string;
  status: number;
  totals: Record<ByteClass, Bytes>;
  resources: Resource[];
  errors: string[];
}

const CLASSES: ByteClass[] = ['js', 'css', 'html', 'json', 'font', 'image', 'other', 'prefetchJs'];

export function emptyTotals(): Record<ByteClass, Bytes> {
  return Object.fromEntries(CLASSES.map((c) => [c, {raw: 0, gzip: 0, count: 0}])) as Record<ByteClass, Bytes>;
}

/** Class of a response from Chromium's resource type, the content type and the URL. */
export function classify(resourceType: string, contentType: string, url: string): ByteClass {
  const p = new URL(url).pathname.toLowerCase();
  const isJs = /javascript|ecmascript/.test(contentType) || /\.m?js$/.test(p);
  if (isJs) return resourceType === 'script' ? 'js' : resourceType === 'other' ? 'prefetchJs' : 'js';
  if (resourceType === 'document' || /text\/html/.test(contentType)) return 'html';
  if (resourceType === 'stylesheet' || /text\/css/.test(contentType) || p.endsWith('.css')) return 'css';
  if (/json/.test(contentType) || p.endsWith('.json')) return 'json';
  if (resourceType === 'font' || /font\//.test(contentType) || /\.(woff2?|ttf|otf)$/.test(p)) return 'font';
  if (resourceType === 'image' || /^image\//.test(contentType)) return 'image';
  return 'other';
}

export function sumResources(resources: readonly Resource[]): Record<ByteClass, Bytes> {
  const totals = emptyTotals();
  for (const r of resources) {
    const t = totals[r.cls];
    t.raw += r.raw;
    t.gzip += r.gzip;
    t.count++;
  }
  return totals;
}

interface Seen {
  url: string;
  resourceType: string;
  contentType: string;
  status: number;
  wire: number;
  decoded: number;
}

/** Raw and gzip (level 9, as the server sends) size of a served file, memoised. */
const fileSizes = new Map<string, {raw: number; gzip: number}>();
function sizesOf(file: string): {raw: number; gzip: number} {
  let s = fileSizes.get(file);
  if (!s) {
    const buf = readFileSync(file);
    s = {raw: buf.length, gzip: COMPRESSIBLE.test(file) ? gzipSync(buf, {level: 9}).length : buf.length};
    fileSizes.set(file, s);
  }
  return s;
}
const COMPRESSIBLE = /\.(html|m?js|css|json|xml|txt|svg)$/i;

/**
 * Load `url` and collect what it fetched. `root` is the served folder and `siteUrl` its URL:
 * same-origin files are sized from disk (raw, and gzip at level 9 like the server), so prefetches
 * and cache hits are sized too; other responses use what Chromium reports.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  site: {root: string; url: string},
  viewport = {width: 1350, height: 940},
): Promise<PageWeight> {
  const context = await browser.newContext({viewport});
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const pending: Promise<Seen | null>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async (): Promise<Seen | null> => {
        const response = await request.response();
        if (!response || request.url().startsWith('data:')) return null;
        const sizes = await request.sizes().catch(() => null);
        const decoded = await response.body().then(
          (b) => b.length,
          () => 0,
        );
        return {
          url: request.url(),
          resourceType: request.resourceType(),
          contentType: (await response.allHeaders())['content-type'] ?? '',
          status: response.status(),
          wire: Math.max(0, sizes?.responseBodySize ?? 0),
          decoded,
        };
      })().catch(() => null),
    );
  };
  page.on('requestfinished', onFinished);
  let status = 0;
  try {
    const response = await page.goto(url, {waitUntil: 'load', timeout: 60_000});
    status = response?.status() ?? 0;
    await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => undefined);
  } finally {
    page.off('requestfinished', onFinished);
  }
  const seen = (await Promise.all(pending)).filter((r): r is Seen => r !== null);
  await context.close();

  // One entry per URL; a script that was also prefetched counts as a script.
  const byUrl = new Map<string, Resource>();
  for (const s of seen) {
    const cls = classify(s.resourceType, s.contentType, s.url);
    const key = s.url.split('#')[0];
    const prev = byUrl.get(key);
    if (prev && !(prev.cls === 'prefetchJs' && cls === 'js')) continue;
    let raw = s.decoded;
    let gzip = s.wire || s.decoded;
    let name = s.url;
    if (s.url.startsWith(site.url)) {
      const u = new URL(s.url);
      name = u.pathname.slice(new URL(site.url).pathname.length) || '/';
      const file = s.status < 300 ? await resolveFile(path.resolve(site.root), '/' + name.replace(/^\//, '')) : null;
      if (file) ({raw, gzip} = sizesOf(file));
    }
    byUrl.set(key, {url: s.url, name, cls, resourceType: s.resourceType, status: s.status, raw, gzip});
  }
  const resources = [...byUrl.values()].sort((a, b) => b.gzip - a.gzip);
  return {url, status, totals: sumResources(resources), resources, errors};
}
