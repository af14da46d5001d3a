/**
 * Issue 22 row 7, in Chromium: a server URL cannot turn the policy into one that runs a script it
 * should block. The document lists "http://!;script-src-elem/v1" beside an ordinary server on
 * another loopback port; pasted as text, the first ended img-src and started
 * `script-src-elem <the next origin>`, and Chromium ran a script from that port although
 * script-src allows only the site and its hashes. The page here is written by the test and put
 * through the real CSP pass (plugins/csp), then served with its <meta> policy only (a plain
 * host) and with the `_headers` policy too (tools/serve).
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {writeSecurityPolicy} from '../../../plugins/csp/index';
import {startStaticServer, type RunningServer} from '../../../tools/serve/static-server';
import {useSite, type SiteFixture} from '../../browser/harness';

const root = mkdtempSync(path.join(os.tmpdir(), 'hostile-csp-'));
let scriptHost: Server;
let scriptOrigin: string;
// Served by the test itself once the site is written (useSite's own server would start alongside this file's setup).
let plain: RunningServer;
let served: RunningServer;

before(async () => {
  // The "API server" of the document, which also serves a script (only a script-src could allow it).
  scriptHost = createServer((_req, res) => {
    res.writeHead(200, {'Content-Type': 'text/javascript'});
    res.end('document.documentElement.dataset.injected = "ran";');
  });
  await new Promise<void>((r) => scriptHost.listen(0, '127.0.0.1', r));
  scriptOrigin = `http://127.0.0.1:${(scriptHost.address() as AddressInfo).port}`;
  const spec = path.join(root, 'openapi.json');
  writeFileSync(
    spec,
    JSON.stringify({servers: [{url: 'http://!;script-src-elem/v1'}, {url: `${scriptOrigin}/v1`}, {url: 'https://a;b,c.example/v1'}]}),
  );
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body><h1>page</h1><script src="${scriptOrigin}/x.js"></script></body></html>`,
  );
  await writeSecurityPolicy(root, '/', {processedSpec: spec});
  rmSync(spec);
  plain = await startStaticServer({root, plain: true});
  served = await startStaticServer({root});
});
after(async () => {
  await plain.close();
  await served.close();
  await new Promise<void>((r) => scriptHost.close(() => r()));
  rmSync(root, {recursive: true, force: true});
});

const metaOnly = useSite({url: () => plain.url});
const withHeaders = useSite({url: () => served.url});

for (const [name, site] of [
  ['meta policy (plain host)', metaOnly],
  ['meta and _headers policy (tools/serve)', withHeaders],
] as [string, SiteFixture][]) {
  describe(name, () => {
    test("the script of the server's origin is blocked, and only by script-src", async () => {
      const page = await site.page({allow: [/Refused to load the script|Loading the script .* violates/, 'notFound']});
      const violations: string[] = [];
      await page.exposeFunction('reportViolation', (v: string) => void violations.push(v));
      await page.addInitScript(
        'document.addEventListener("securitypolicyviolation", (e) => window.reportViolation(e.effectiveDirective + " " + e.blockedURI));',
      );
      await page.goto(site.url);
      await page.locator('h1').waitFor();
      await page.waitForFunction(() => document.readyState === 'complete');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.injected ?? null), null, 'the script did not run');
      assert.ok(
        violations.length >= 1 && violations.every((v) => v === `script-src-elem ${scriptOrigin}/x.js`),
        JSON.stringify(violations),
      );
      // The ordinary server stays callable (connect-src), the console's purpose.
      // (no-cors: the test server sends no CORS headers; a policy block would reject the fetch.)
      const type = await page.evaluate(async (u) => (await fetch(u, {mode: 'no-cors'})).type, `${scriptOrigin}/v1/ping`);
      assert.equal(type, 'opaque');
    });
  });
}
