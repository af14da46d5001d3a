/**
 * Issue 22 rows 6, 11 and 14, end to end: `npm run proxy`'s own configuration (proxy-cli.ts
 * proxyOptionsFromEnv) built from the hostile document servers.openapi.json, with PROXY_ALLOW
 * naming the test's API, and the probes of probes.json sent to it. Two services listen on
 * loopback only: the API on 127.0.0.1 and an "internal service" on 127.0.0.2, same port; the
 * test counts what each receives.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, request as httpRequest, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {ProxyOptions} from '../../../plugins/api-console/proxy';

const here = (f: string) => readFileSync(path.join(__dirname, f), 'utf8');

let api: Server;
let internal: Server;
let proxy: Server;
let port: number;
let proxyUrl: string;
let options: ProxyOptions;
const warnings: string[] = [];
const apiHits: string[] = [];
const internalHits: string[] = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'hostile-proxy-'));
const ENV = ['OPENAPI_PROCESSED', 'PROXY_ALLOW', 'PROXY_BODY_TIMEOUT_MS', 'PORTAL_MOCK_URL', 'PORTAL_MOCK', 'PROXY_ALLOW_PRIVATE'];
const savedEnv = Object.fromEntries(ENV.map((n) => [n, process.env[n]]));

const listen = (server: Server, host: string, p = 0) =>
  new Promise<number>((r) => server.listen(p, host, () => r((server.address() as AddressInfo).port)));
const close = (server: Server) =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

before(async () => {
  api = createServer((req, res) => {
    apiHits.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/v1/spoof') {
      res.writeHead(200, {
        'Content-Type': 'text/html',
        'X-Proxy-Error': 'target_not_allowed',
        'Content-Security-Policy': "script-src 'unsafe-inline'",
      });
      return void res.end('<script>alert(document.domain)</script>');
    }
    if (req.url === '/v1/redirect') {
      res.writeHead(307, {Location: `http://127.0.0.2:${port}/v1/secret`});
      return void res.end();
    }
    req.resume();
    req.on('end', () => res.end('{"ok":true}'));
  });
  port = await listen(api, '127.0.0.1');
  internal = createServer((req, res) => {
    internalHits.push(`${req.headers.host} ${req.url}`);
    res.end('internal secret');
  });
  await listen(internal, '127.0.0.2', port);

  const processed = path.join(tmp, 'openapi.json');
  writeFileSync(processed, here('servers.openapi.json').replaceAll('__PORT__', String(port)));
  for (const n of ENV) delete process.env[n];
  Object.assign(process.env, {OPENAPI_PROCESSED: processed, PROXY_ALLOW: `http://127.0.0.1:${port}/v1`, PROXY_BODY_TIMEOUT_MS: '500'});
  // Imported now: portal.config.ts reads the environment when it is first loaded.
  const {proxyOptionsFromEnv} = await import('../../../plugins/api-console/proxy-cli');
  const {createProxy} = await import('../../../plugins/api-console/proxy');
  options = {...proxyOptionsFromEnv((w: string) => warnings.push(w)), log: undefined};
  proxy = createProxy(options);
  proxyUrl = `http://127.0.0.1:${await listen(proxy, '127.0.0.1')}`;
});

after(async () => {
  await close(proxy);
  await close(api);
  await close(internal);
  rmSync(tmp, {recursive: true, force: true});
  for (const n of ENV) {
    if (savedEnv[n] === undefined) delete process.env[n];
    else process.env[n] = savedEnv[n];
  }
});

const probes = () => JSON.parse(here('probes.json').replaceAll('__PORT__', String(port))) as {internal: string[]; paths: string[]};
const via = (target: string) => `${proxyUrl}/?url=${encodeURIComponent(target)}`;

test("row 6: the document's localhost server and internal enum values are not on the allowlist; the good host is", () => {
  assert.deepEqual(options.documentServers, [`http://api.good.example:${port}/v1`]);
  assert.deepEqual(options.allow, [`http://127.0.0.1:${port}/v1`]);
  assert.equal(warnings.length, 4, warnings.join('\n'));
  for (const pointer of ['#/servers/0:', '#/servers/1:', '#/servers/2:', '#/servers/3:']) {
    assert.ok(
      warnings.some((w) => w.includes(`openapi.json${pointer}`)),
      `a warning names ${pointer}`,
    );
  }
});

test('row 6: internal addresses named by the document are refused (403) and never contacted', async () => {
  for (const target of probes().internal) {
    const r = await fetch(via(target));
    assert.equal(r.status, 403, target);
    assert.ok(r.headers.get('x-proxy-error'), target);
    await r.body?.cancel();
  }
  assert.deepEqual(internalHits, []);
  assert.deepEqual(apiHits, [], '"localhost" did not reach the service on 127.0.0.1 either');
});

test('row 11: a path that decodes outside the base is refused (403) and never forwarded', async () => {
  for (const target of probes().paths) {
    const r = await fetch(via(target));
    assert.equal(r.status, 403, target);
    await r.body?.cancel();
  }
  assert.deepEqual(apiHits, []);
  const fine = await fetch(via(`http://127.0.0.1:${port}/v1/contacts/a%2Fb`));
  assert.equal(fine.status, 200, 'an encoded slash inside a segment is fine');
  assert.deepEqual(apiHits.splice(0), [`127.0.0.1:${port} /v1/contacts/a%2Fb`]);
});

test('row 14: a slow request body is cut (408 after PROXY_BODY_TIMEOUT_MS) and not forwarded', async () => {
  const started = Date.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      new URL(via(`http://127.0.0.1:${port}/v1/contacts`)),
      {method: 'POST', headers: {'Content-Length': '1000'}},
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on('error', reject);
    req.setTimeout(5000, () => reject(new Error('the proxy held the connection for 5 s')));
    req.write('x'.repeat(10));
  });
  assert.equal(status, 408);
  assert.ok(Date.now() - started < 3000);
  assert.deepEqual(apiHits, []);
});

test("row 14: the API's X-Proxy-Error is dropped; its HTML comes back as sandboxed, unsniffable data", async () => {
  const r = await fetch(via(`http://127.0.0.1:${port}/v1/spoof`));
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('x-proxy-error'), null);
  assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(r.headers.get('content-security-policy'), "sandbox; default-src 'none'");
  await r.body?.cancel();
  apiHits.splice(0);
});

test('the proxy does not follow redirects: a 307 to the internal service is handed back, not followed', async () => {
  const before = internalHits.length;
  const r = await fetch(via(`http://127.0.0.1:${port}/v1/redirect`), {redirect: 'manual'});
  assert.equal(r.status, 307);
  assert.equal(r.headers.get('location'), `http://127.0.0.2:${port}/v1/secret`);
  assert.equal(internalHits.length, before);
  apiHits.splice(0);
});
