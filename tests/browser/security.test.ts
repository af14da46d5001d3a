/**
 * What a hostile reader or document can't do to the built site: script injected through the
 * search box, the search page's ?q= or the ?_highlight= parameter never runs (no dialog, no
 * on* attribute, no javascript: link); the Content-Security-Policy is on every page and blocks
 * inline script it did not hash; the server never reads outside build/.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, painted, useSite} from './harness';
import {describedOperations, overviewRoute} from './description';

const site = useSite();
const OPERATION = describedOperations()[0].route;

const XSS = [
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(2)>',
  "'><script>alert(3)</script>",
  '</mark><iframe srcdoc="<script>alert(4)</script>">',
  'javascript:alert(5)',
  '<a href="javascript:alert(6)">x</a>',
  '{{constructor.constructor("alert(7)")()}}',
  '${alert(8)}',
];

/** Dialogs opened, and elements carrying event-handler attributes or script URLs, in the page. */
async function injectionTraces(page: Page, dialogs: string[]) {
  const dom = await page.evaluate(() => {
    const handlers: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.getAttributeNames()) if (/^on/i.test(a)) handlers.push(`${el.tagName}[${a}]`);
    }
    const scriptLinks = [...document.querySelectorAll('[href],[src],[action],[formaction]')]
      .filter((el) => ['href', 'src', 'action', 'formaction'].some((a) => /^\s*javascript:/i.test(el.getAttribute(a) ?? '')))
      .map((el) => el.outerHTML.slice(0, 80));
    const frames = document.querySelectorAll('iframe').length;
    return {handlers, scriptLinks, frames};
  });
  return {dialogs: [...dialogs], ...dom};
}

const clean = {dialogs: [], handlers: [], scriptLinks: [], frames: 0};

/** Messages of every dialog (alert, confirm, prompt) the page opens; each is dismissed. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

test('search page: ?q= payloads are shown as text and never run', async () => {
  const page = await site.page();
  const dialogs = recordDialogs(page);
  for (const payload of XSS) {
    await gotoHydrated(page, site, `/search?q=${encodeURIComponent(payload)}`);
    await page.locator('main h1').first().waitFor();
    await painted(page);
    assert.deepEqual(await injectionTraces(page, dialogs), clean, `/search?q=${payload}`);
    const input = page.locator('main input[type="search"]').first();
    assert.equal(await input.inputValue(), payload, 'the query is kept as typed');
  }
});

test('search modal: typed payloads are shown as text and never run', async () => {
  const page = await site.page();
  const dialogs = recordDialogs(page);
  await gotoHydrated(page, site, '/');
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox');
  for (const payload of XSS) {
    await box.fill(payload);
    await page.locator('dialog[open] [role="status"]').waitFor();
    await painted(page);
    assert.deepEqual(await injectionTraces(page, dialogs), clean, payload);
  }
});

test('?_highlight= payloads on an API page and the overview are highlighted as text, never run', async () => {
  const page = await site.page();
  const dialogs = recordDialogs(page);
  for (const route of [OPERATION, overviewRoute()]) {
    const query = XSS.map((p) => `_highlight=${encodeURIComponent(p)}`).join('&');
    await gotoHydrated(page, site, `${route}?${query}`);
    await painted(page, 4);
    assert.deepEqual(await injectionTraces(page, dialogs), clean, route);
  }
});

test('Content-Security-Policy: on every page class, scripts by hash only', async () => {
  for (const route of ['/', OPERATION, overviewRoute(), '/blog/welcome', '/search', '/markdown-page', '/no-such-page']) {
    const html = await (await fetch(site.at(route))).text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
    assert.ok(meta, `${route}: CSP meta tag`);
    const policy = meta[1].replace(/&#x27;|&#39;/g, "'");
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval|\*|https?:|data:/, `${route}: script-src ${scriptSrc}`);
    assert.match(policy, /object-src 'none'/);
    assert.match(policy, /base-uri 'self'/);
    assert.ok(html.indexOf(meta[0]) < html.indexOf('<script'), `${route}: the policy precedes every script`);
  }
});

test('Content-Security-Policy: an inline script the build did not hash is blocked, the site keeps working', async () => {
  const page = await site.page({allow: [/Content Security Policy/]});
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as {reportViolation: (v: string) => void}).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await gotoHydrated(page, site, OPERATION);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
  });
  await painted(page);
  assert.equal(
    await page.evaluate(() => (window as unknown as {__injected?: boolean}).__injected ?? false),
    false,
    'the script did not run',
  );
  assert.ok(
    violations.some((v) => v.startsWith('script-src')),
    `a script-src violation was reported: ${violations.join(', ')}`,
  );
  // The page's own scripts run under the same policy: the console still opens.
  await page.getByRole('button', {name: 'Try it'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'Send request'}).waitFor();
});

test('the server never serves a file from outside build/', async () => {
  const base = new URL(site.url);
  const attempts = [
    '/../package.json',
    '/..%2fpackage.json',
    '/%2e%2e/package.json',
    '/%2e%2e%2fpackage.json',
    '/..%5cpackage.json',
    '/%252e%252e%252fpackage.json',
    '/docs/../../package.json',
    '/docs/%2e%2e/%2e%2e/package.json',
    '/..;/package.json',
    '/.%2e/package.json',
    '/%c0%ae%c0%ae/package.json',
    '/..%c0%afpackage.json',
    '/....//package.json',
    '/assets/..%2f..%2fpackage.json',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  ];
  for (const p of attempts) {
    // A raw request line: fetch() would normalise the dots away before sending.
    const res = await new Promise<{status: number; body: string}>((resolve, reject) => {
      const http = require('node:http') as typeof import('node:http');
      const req = http.request({host: base.hostname, port: base.port, path: p, method: 'GET'}, (r) => {
        let body = '';
        r.on('data', (c) => (body += c));
        r.on('end', () => resolve({status: r.statusCode ?? 0, body}));
      });
      req.on('error', reject);
      req.end();
    });
    assert.ok(res.status === 404 || res.status === 400 || res.status === 301, `${p}: ${res.status}`);
    assert.doesNotMatch(res.body, /"devDependencies"|root:x:0:0/, `${p}: no file from outside build/`);
  }
});
