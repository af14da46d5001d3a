/**
 * Issue 22 row 4, in Chromium: every redirect the portal makes stays on the portal's origin,
 * whatever the host does with unknown paths.
 *
 * The site here is a small one written by the test with the portal's real head script
 * (plugins/clean-html-path/script.ts) and put through the real CSP pass (plugins/csp: the script is
 * minified and hashed exactly as in `npm run build`), so no build is needed. It is served twice:
 * - as a plain static host that answers every unknown path with 404.html (the head script alone
 *   normalises ".html" paths there), and
 * - by tools/serve/static-server.ts, which answers ".html" paths with a 301 itself.
 * Every request to any other host is answered by the test (never sent) and recorded; the test
 * fails if one is made, or if the page ends anywhere but on the site's own origin.
 * The hostile paths are in paths.json beside this file.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanHtmlPathScript} from '../../../plugins/clean-html-path/script';
import {writeSecurityPolicy} from '../../../plugins/csp/index';
import {startStaticServer, type RunningServer} from '../../../tools/serve/static-server';
import {useSite, type SiteFixture} from '../../browser/harness';

/** Paths as an attacker would link them: sent by Chromium after its own URL parsing. */
const PATHS: string[] = JSON.parse(readFileSync(path.join(__dirname, 'paths.json'), 'utf8')).paths;

const root = mkdtempSync(path.join(os.tmpdir(), 'hostile-redirects-'));
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<script>${cleanHtmlPathScript('/')}</script></head><body><h1>${title}</h1></body></html>`;

// Served by the test itself once the site is written (useSite's own server would start alongside this file's setup).
let plain: RunningServer;
let served: RunningServer;

before(async () => {
  const files: Record<string, string> = {
    'index.html': page('home'),
    '404.html': page('Page Not Found'),
    'x/index.html': page('x'),
    'evil.example/x/index.html': page('evil.example/x on the portal'),
  };
  for (const [file, html] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    writeFileSync(path.join(root, file), html);
  }
  await writeSecurityPolicy(root, '/', {processedSpec: path.join(root, 'no-document.json')});
  plain = await startStaticServer({root, plain: true});
  served = await startStaticServer({root});
});
after(async () => {
  await plain.close();
  await served.close();
  rmSync(root, {recursive: true, force: true});
});

const plainHost = useSite({url: () => plain.url});
const ourServer = useSite({url: () => served.url});

/**
 * Opens `raw` on the site and waits until the head script (or the server) has done its work: the
 * address no longer ends in ".html". Returns the final URL and every URL requested of another host.
 */
async function open(site: SiteFixture, raw: string) {
  const origin = new URL(site.url).origin;
  // The 404 page of a plain host logs its status; a SecurityError would be an uncaught error.
  const tab = await site.page({allow: ['notFound']});
  const foreign: string[] = [];
  await tab.context().route(
    (url) => url.origin !== origin,
    (route) => {
      foreign.push(route.request().url());
      return route.fulfill({status: 200, contentType: 'text/html', body: '<h1>another host</h1>'});
    },
  );
  await tab.goto(origin + raw).catch((e: Error) => {
    // window.stop() + location.replace() may interrupt the first navigation: that is the point.
    if (!/interrupted|ERR_ABORTED/.test(e.message)) throw e;
  });
  await tab.waitForURL((u) => !u.pathname.endsWith('.html'));
  await tab.waitForLoadState('load');
  return {url: new URL(tab.url()), foreign, origin, heading: await tab.locator('h1').textContent()};
}

for (const [name, site] of [
  ['plain static host (404.html for unknown paths)', plainHost],
  ['tools/serve (301 redirects)', ourServer],
] as const) {
  describe(name, () => {
    for (const raw of PATHS) {
      test(`${JSON.stringify(raw)} stays on the site`, async () => {
        const {url, foreign, origin, heading} = await open(site, raw);
        assert.deepEqual(foreign, [], 'no request to another host');
        assert.equal(url.origin, origin, `ended on ${url.href}`);
        assert.doesNotMatch(url.pathname, /^[/\\]{2}/, 'the address is not protocol-relative');
        assert.notEqual(heading, 'another host');
      });
    }

    test('the ordinary case still works: "/x.html" and "/x/index.html" end on "/x"', async () => {
      for (const raw of ['/x.html', '/x/index.html']) {
        const {url, foreign, heading} = await open(site, raw);
        assert.deepEqual(foreign, []);
        assert.equal(url.pathname, '/x', raw);
        assert.equal(heading, 'x');
      }
    });
  });
}
