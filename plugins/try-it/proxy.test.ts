/**
 * The CORS proxy (proxy.ts) between a real client (fetch, raw HTTP) and a real upstream HTTP
 * server, both on ephemeral ports: allowlist, cookie stripping, body and time caps, rate limit,
 * CORS for the portal's origin only.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, request as httpRequest, type IncomingHttpHeaders, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {allowed, createProxy, decodedPathProblem, isPublicAddress, parseAllowlist, RateLimiter, serverBases, type ProxyOptions} from './proxy';
import {checkedLookup} from '../../openapi/pipeline/net-policy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const PORTAL = 'https://developers.example.test';
let upstream: Server;
let upstreamUrl: string;
const seen: Seen[] = [];
const open: Server[] = [];

before(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString()});
      if (req.url?.startsWith('/v1/slow')) return; // never answers
      if (req.url?.startsWith('/v1/big')) {
        res.writeHead(200, {'Content-Type': 'application/octet-stream'});
        res.end(Buffer.alloc(4096, 1));
        return;
      }
      if (req.url?.startsWith('/v1/chunked-big')) {
        res.writeHead(200, {'Content-Type': 'text/plain'});
        for (let i = 0; i < 8; i++) res.write(Buffer.alloc(1024, 2));
        res.end();
        return;
      }
      res.writeHead(201, 'Made', {
        'Content-Type': 'application/json',
        'Set-Cookie': ['session=upstream; Path=/', 'other=1'],
        'X-Request-Id': 'req-1',
        'Access-Control-Allow-Origin': '*',
      });
      res.end(JSON.stringify({ok: true}));
    });
  });
  upstreamUrl = await listen(upstream);
});

after(async () => {
  upstream.closeAllConnections();
  await close(upstream);
  for (const s of open) {
    s.closeAllConnections();
    await close(s);
  }
});

async function startProxy(overrides: Partial<ProxyOptions> = {}): Promise<string> {
  const server = createProxy({
    allow: [`${upstreamUrl}/v1`],
    origins: [PORTAL],
    maxBodyBytes: 2048,
    timeoutMs: 5000,
    rateLimit: {max: 1000, windowMs: 60000},
    ...overrides,
  });
  open.push(server);
  return listen(server);
}

const via = (proxy: string, target: string) => `${proxy}/?url=${encodeURIComponent(target)}`;

describe('allowlist', () => {
  test('parses bases and matches only paths under them, on the same origin', () => {
    const bases = parseAllowlist(['https://api.example.com/v1/', 'http://127.0.0.1:4010']);
    const ok = (u: string) => allowed(new URL(u), bases);
    assert.equal(ok('https://api.example.com/v1/contacts?x=1'), true);
    assert.equal(ok('https://api.example.com/v1'), true);
    assert.equal(ok('https://api.example.com/v1evil/contacts'), false, 'a path that only starts with the base text');
    assert.equal(ok('https://api.example.com/v2/contacts'), false);
    assert.equal(ok('https://api.example.com/v1/../admin'), false, 'dot segments are resolved by URL first');
    assert.equal(ok('https://api.example.com/v1/%2e%2e/admin'), false, 'encoded dot segments too');
    assert.equal(ok('https://api.example.com/v1\\..\\admin'), false, 'backslashes are slashes in http(s) URLs');
    assert.equal(ok('http://api.example.com/v1/contacts'), false, 'other scheme');
    assert.equal(ok('https://api.example.com:8443/v1/contacts'), false, 'other port');
    assert.equal(ok('https://api.example.com.evil.test/v1/contacts'), false, 'other host');
    assert.equal(ok('https://user:pw@api.example.com/v1/contacts'), false, 'credentials in the URL');
    assert.equal(ok('http://127.0.0.1:4010/anything'), true, 'a base without a path allows the whole origin');
    assert.throws(() => parseAllowlist(['/v1']), /"\/v1" is not an absolute URL/);
    assert.throws(() => parseAllowlist(['ftp://x.test']), /must be an http\(s\) URL/);
  });

  test("the document's servers become bases (variables expanded, relative servers left out)", () => {
    const bases = serverBases({
      servers: [
        {url: 'https://api.rev.io/v1/'},
        {url: '/relative'},
        {url: 'https://{region}.example.com/{version}', variables: {region: {default: 'eu', enum: ['eu', 'us']}, version: {default: 'v2'}}},
        {url: 'https://{unknown}.example.com'},
      ],
    });
    assert.deepEqual(bases, ['https://api.rev.io/v1', 'https://eu.example.com/v2', 'https://us.example.com/v2']);
  });

  test('forwards to an allowed base and refuses anything else with 403, without contacting it', async () => {
    const proxy = await startProxy();
    const good = await fetch(via(proxy, `${upstreamUrl}/v1/contacts?page=2`));
    assert.equal(good.status, 201);
    assert.equal(good.statusText, 'Made');
    assert.deepEqual(await good.json(), {ok: true});
    assert.equal(seen.at(-1)?.url, '/v1/contacts?page=2');
    const before = seen.length;
    for (const target of [`${upstreamUrl}/v2/contacts`, `${upstreamUrl}/v1evil`, 'http://example.com/v1/x', `${upstreamUrl.replace('127.0.0.1', 'localhost')}/v1/x`, 'file:///etc/passwd']) {
      const r = await fetch(via(proxy, target));
      assert.equal(r.status, 403, target);
      assert.equal(r.headers.get('x-proxy-error'), 'target_not_allowed');
      assert.match((await r.json()).error.message, /only forwards to the API's servers/);
    }
    assert.equal(seen.length, before, 'nothing refused reached the upstream');
    const missing = await fetch(`${proxy}/`);
    assert.equal(missing.status, 400);
    assert.equal(missing.headers.get('x-proxy-error'), 'missing_url');
  });
});

test('cookies are stripped both ways; other headers, method and body pass', async () => {
  const proxy = await startProxy();
  const r = await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {
    method: 'PATCH',
    headers: {Cookie: 'portal_session=secret', Authorization: 'Basic dTpw', 'Ocp-Apim-Subscription-Key': 'k1', 'Content-Type': 'application/json', Origin: PORTAL},
    body: '{"title":"x"}',
  });
  assert.equal(r.status, 201);
  const got = seen.at(-1)!;
  assert.equal(got.method, 'PATCH');
  assert.equal(got.body, '{"title":"x"}');
  assert.equal(got.headers.cookie, undefined, 'no Cookie upstream');
  assert.equal(got.headers.origin, undefined, 'the page origin is not passed on');
  assert.equal(got.headers.authorization, 'Basic dTpw');
  assert.equal(got.headers['ocp-apim-subscription-key'], 'k1');
  assert.equal(r.headers.get('set-cookie'), null, 'no Set-Cookie back');
  assert.deepEqual(r.headers.getSetCookie(), []);
  assert.equal(r.headers.get('x-request-id'), 'req-1');
  assert.equal(r.headers.get('access-control-allow-origin'), PORTAL, "the proxy's CORS, not the upstream's *");
  assert.match(r.headers.get('access-control-expose-headers') ?? '', /x-request-id/);
  assert.doesNotMatch(r.headers.get('access-control-expose-headers') ?? '', /set-cookie/);
});

describe('body and time caps', () => {
  test('a request body over the cap is refused with 413 and not forwarded; one at the cap passes', async () => {
    const proxy = await startProxy({maxBodyBytes: 100});
    const before = seen.length;
    const big = await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {method: 'POST', body: 'x'.repeat(101)});
    assert.equal(big.status, 413);
    assert.equal(big.headers.get('x-proxy-error'), 'body_too_large');
    assert.equal(seen.length, before);
    // Streamed without a Content-Length: counted while it arrives.
    const streamed = await new Promise<number>((resolve, reject) => {
      const u = new URL(via(proxy, `${upstreamUrl}/v1/contacts`));
      const req = httpRequest(u, {method: 'POST', headers: {'Transfer-Encoding': 'chunked'}}, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.write('y'.repeat(80));
      req.end('y'.repeat(80));
    });
    assert.equal(streamed, 413);
    assert.equal(seen.length, before);
    const exact = await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {method: 'POST', body: 'z'.repeat(100)});
    assert.equal(exact.status, 201);
    assert.equal(seen.at(-1)?.body, 'z'.repeat(100));
  });

  test("an answer over the cap is replaced by a 502 (declared length or streamed)", async () => {
    const proxy = await startProxy({maxBodyBytes: 2048});
    for (const p of ['/v1/big', '/v1/chunked-big']) {
      const r = await fetch(via(proxy, `${upstreamUrl}${p}`));
      assert.equal(r.status, 502, p);
      assert.equal(r.headers.get('x-proxy-error'), 'response_too_large');
    }
  });

  test('an API that does not answer in time gets a 504 after the time cap', async () => {
    const proxy = await startProxy({timeoutMs: 300});
    const started = Date.now();
    const r = await fetch(via(proxy, `${upstreamUrl}/v1/slow`));
    const took = Date.now() - started;
    assert.equal(r.status, 504);
    assert.equal(r.headers.get('x-proxy-error'), 'timeout');
    assert.match((await r.json()).error.message, /did not answer within 300 ms/);
    assert.ok(took >= 290 && took < 4000, `answered after ${took} ms`);
  });

  test('an unreachable API is a 502 naming it', async () => {
    const dead = createServer();
    const deadUrl = await listen(dead);
    await close(dead);
    const proxy = await startProxy({allow: [`${deadUrl}/v1`]});
    const r = await fetch(via(proxy, `${deadUrl}/v1/x`));
    assert.equal(r.status, 502);
    assert.equal(r.headers.get('x-proxy-error'), 'unreachable');
  });
});

describe('rate limit', () => {
  test('each client IP gets max requests per window, then 429 with Retry-After', async () => {
    const proxy = await startProxy({rateLimit: {max: 3, windowMs: 60000}, trustForwardedFor: true});
    const from = (ip: string) => fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {headers: {'X-Forwarded-For': `203.0.113.9, ${ip}`}});
    for (let i = 0; i < 3; i++) assert.equal((await from('198.51.100.1')).status, 201);
    const limited = await from('198.51.100.1');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('x-proxy-error'), 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal((await from('198.51.100.2')).status, 201, 'another client has its own allowance');
  });

  test('without trustForwardedFor, X-Forwarded-For cannot buy a fresh allowance', async () => {
    const proxy = await startProxy({rateLimit: {max: 2, windowMs: 60000}});
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {headers: {'X-Forwarded-For': `10.0.0.${i}`}})).status);
    assert.deepEqual(statuses, [201, 201, 429]);
  });

  test('the window resets', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now);
    assert.deepEqual([limiter.take('a'), limiter.take('a'), limiter.take('a')], [0, 0, 1]);
    now = 999;
    assert.equal(limiter.take('a'), 1);
    now = 1000;
    assert.equal(limiter.take('a'), 0);
  });
});

describe('CORS', () => {
  test("a preflight from the portal's origin is answered for the asked headers (never Cookie)", async () => {
    const proxy = await startProxy();
    const before = seen.length;
    const r = await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {
      method: 'OPTIONS',
      headers: {Origin: PORTAL, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization, content-type, cookie, ocp-apim-subscription-key'},
    });
    assert.equal(r.status, 204);
    assert.equal(r.headers.get('access-control-allow-origin'), PORTAL);
    assert.match(r.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    assert.equal(r.headers.get('access-control-allow-headers'), 'authorization, content-type, ocp-apim-subscription-key');
    assert.equal(r.headers.get('access-control-allow-credentials'), null, 'no credentialed (cookie) requests');
    assert.equal(seen.length, before, 'preflights are not forwarded');
  });

  test('a page of another origin is refused', async () => {
    const proxy = await startProxy();
    const before = seen.length;
    const r = await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {headers: {Origin: 'https://evil.example'}});
    assert.equal(r.status, 403);
    assert.equal(r.headers.get('x-proxy-error'), 'origin_not_allowed');
    assert.equal(r.headers.get('access-control-allow-origin'), null);
    assert.equal(seen.length, before);
  });
});

describe('issue 22 rows 6 and 11: the address rule, server variables, decoded paths', () => {
  test('isPublicAddress: loopback, private, link-local, metadata, reserved and embedded IPv4 are not public', () => {
    const notPublic = [
      '127.0.0.1', '127.0.0.2', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.100.100.200', '192.0.0.192',
      '0.0.0.0', '255.255.255.255', '224.0.0.1', '198.18.0.1', '::', '::1', '[::1]', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd00:ec2::254', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '2002:a00:1::', '::127.0.0.1', '2001:db8::1', 'not-an-address',
    ];
    for (const a of notPublic) assert.equal(isPublicAddress(a), false, a);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      assert.equal(isPublicAddress(a), true, a);
    }
  });

  test('server variables expand only to hosts that pass the rule; localhost and private literals are left out with a warning', () => {
    const warnings: string[] = [];
    const bases = serverBases({
      servers: [
        {url: 'http://{host}:8080/v1', variables: {host: {default: 'api.good.example', enum: ['api.good.example', '127.0.0.2', '169.254.169.254', 'api.good.example@10.0.0.1', '[::1]']}}},
        {url: 'http://localhost:4010/v1'},
        {url: 'http://api.localhost/v1'},
        {url: 'https://0x7f.1/v1'},
        {url: 'https://api.rev.io/v1'},
      ],
    }, (w) => warnings.push(w));
    assert.deepEqual(bases, ['http://api.good.example:8080/v1', 'https://api.rev.io/v1']);
    assert.equal(warnings.length, 7);
    assert.ok(warnings.every((w) => /^#\/servers\/\d: ".*" is left out of the proxy's allowlist: .*PROXY_ALLOW/.test(w)), warnings.join('\n'));
    assert.match(warnings[0]!, /^#\/servers\/0: "http:\/\/127\.0\.0\.2:8080\/v1"/);
  });

  test('the path check runs on the decoded path: encoded, double-encoded and backslash dot segments are refused', () => {
    const bases = parseAllowlist(['https://api.example.com/v1']);
    const ok = (u: string) => allowed(new URL(u), bases);
    for (const p of ['/v1/..%2fadmin', '/v1/..%2Fadmin', '/v1/%2e%2e%2fadmin', '/v1/%252e%252e%252fadmin', '/v1/..%5cadmin', '/v1/x/..%2f..%2fadmin', '/v1/..;/admin', '/v1/%2e%2e;x/admin', '/v1/%25252525252e%25252525252e/admin', '/v1/.%2e/admin']) {
      assert.equal(ok(`https://api.example.com${p}`), false, p);
      assert.ok(decodedPathProblem(new URL(`https://api.example.com${p}`).pathname, '/v1'), p);
    }
    for (const p of ['/v1/contacts/a%2Fb', '/v1/files/x..y', '/v1/a%20b', '/v1/%E2%9C%93', '/v1/...']) assert.equal(ok(`https://api.example.com${p}`), true, p);
  });

  test('checkedLookup refuses a host when any of its addresses fails, before any connection', async () => {
    const names: Record<string, {address: string; family: number}[]> = {
      'metadata.test': [{address: '169.254.169.254', family: 4}],
      'mixed.test': [{address: '93.184.216.34', family: 4}, {address: '10.0.0.1', family: 4}],
      'v6.test': [{address: 'fd00:ec2::254', family: 6}],
      'good.test': [{address: '93.184.216.34', family: 4}],
    };
    const lookup = checkedLookup(async (h) => names[h] ?? [], isPublicAddress);
    const ask = (host: string, all: boolean) =>
      new Promise<unknown>((resolve) => (lookup as unknown as (h: string, o: object, cb: (...a: unknown[]) => void) => void)(host, {all}, (e, a) => resolve(e ? (e as Error).message : a)));
    assert.match(String(await ask('metadata.test', false)), /resolves to 169\.254\.169\.254/);
    assert.match(String(await ask('mixed.test', true)), /resolves to 10\.0\.0\.1/);
    assert.match(String(await ask('v6.test', true)), /resolves to fd00:ec2::254/);
    assert.deepEqual(await ask('good.test', true), [{address: '93.184.216.34', family: 4}]);
    assert.equal(await ask('good.test', false), '93.184.216.34');
  });
});

describe('the document\'s servers through the proxy (addresses checked after DNS, on every connection)', () => {
  let internal: Server;
  let internalHits: string[];
  let port: number;
  before(async () => {
    // An "internal service" on another loopback address, on the upstream's port.
    port = Number(new URL(upstreamUrl).port);
    internalHits = [];
    internal = createServer((req, res) => {
      internalHits.push(`${req.headers.host} ${req.url}`);
      res.end('internal');
    });
    await new Promise<void>((r) => internal.listen(port, '127.0.0.2', r));
  });
  after(async () => {
    internal.closeAllConnections();
    await close(internal);
  });

  const names: Record<string, string[]> = {'api.test': ['127.0.0.1'], 'internal.test': ['127.0.0.2'], 'private.test': ['10.0.0.1']};
  const resolve = async (host: string) => (names[host] ?? []).map((address) => ({address, family: 4}));
  /** The test's stand-in for "public": 127.0.0.1 (the upstream) only. */
  const onlyUpstream = (a: string) => a === '127.0.0.1';

  test('an IP literal or a name resolving to an internal address is refused with 403, without contacting it', async () => {
    const proxy = await startProxy({
      allow: [],
      documentServers: [`http://127.0.0.2:${port}/v1`, `http://internal.test:${port}/v1`, `http://private.test:${port}/v1`, `http://localhost:${port}/v1`],
      resolve: async (h) => (h === 'localhost' ? [{address: '127.0.0.1', family: 4}] : resolve(h)),
    });
    const before = seen.length;
    for (const host of ['127.0.0.2', 'internal.test', 'private.test', 'localhost']) {
      const r = await fetch(via(proxy, `http://${host}:${port}/v1/anything`));
      assert.equal(r.status, 403, host);
      assert.equal(r.headers.get('x-proxy-error'), 'address_not_allowed', host);
      assert.match((await r.json()).error.message, /loopback, private, link-local or reserved/);
    }
    assert.deepEqual(internalHits, []);
    assert.equal(seen.length, before, 'the upstream on 127.0.0.1 was not reached through "localhost"');
  });

  test('DNS rebinding: the address is checked in the connection\'s own look-up, every time', async () => {
    let calls = 0;
    const rebinding = async () => [{address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4}];
    const proxy = await startProxy({allow: [], documentServers: [`http://rebind.test:${port}/v1`], resolve: rebinding, addressAllowed: onlyUpstream});
    const first = await fetch(via(proxy, `http://rebind.test:${port}/v1/contacts`));
    assert.equal(first.status, 201, 'the first look-up gave the allowed address: forwarded');
    assert.equal(seen.at(-1)?.headers.host, `rebind.test:${port}`);
    const second = await fetch(via(proxy, `http://rebind.test:${port}/v1/contacts`));
    assert.equal(second.status, 403, 'the second look-up gave an internal address: refused');
    assert.equal(second.headers.get('x-proxy-error'), 'address_not_allowed');
    assert.equal(calls, 2, 'one look-up per connection');
    assert.deepEqual(internalHits, []);
  });

  test('the operator opts in with allowPrivateAddresses (PROXY_ALLOW_PRIVATE=1); the operator\'s own bases may be private', async () => {
    const open = await startProxy({allow: [], documentServers: [`http://127.0.0.2:${port}/v1`], allowPrivateAddresses: true});
    assert.equal(await (await fetch(via(open, `http://127.0.0.2:${port}/v1/x`))).text(), 'internal');
    assert.deepEqual(internalHits.splice(0), [`127.0.0.2:${port} /v1/x`]);
    const operator = await startProxy({allow: [`http://127.0.0.2:${port}/v1`], documentServers: [`http://127.0.0.2:${port}/v1`]});
    assert.equal((await fetch(via(operator, `http://127.0.0.2:${port}/v1/y`))).status, 200, 'PROXY_ALLOW wins over the document rule');
    internalHits.splice(0);
  });

  test('redirects are not followed: a 3xx to an internal address is handed back as it is', async () => {
    const redirecting = createServer((_req, res) => {
      res.writeHead(307, {Location: `http://127.0.0.2:${port}/v1/secret`});
      res.end();
    });
    const at = await listen(redirecting);
    open.push(redirecting);
    const proxy = await startProxy({allow: [`${at}/v1`]});
    const r = await fetch(via(proxy, `${at}/v1/go`), {redirect: 'manual'});
    assert.equal(r.status, 307);
    assert.equal(r.headers.get('location'), `http://127.0.0.2:${port}/v1/secret`);
    assert.deepEqual(internalHits, []);
  });
});

describe('issue 22 row 14: slow bodies, X-Proxy-Error, answers as data', () => {
  test('a body that trickles in is cut after bodyTimeoutMs with 408, and not forwarded', async () => {
    const proxy = await startProxy({bodyTimeoutMs: 300});
    const before = seen.length;
    const started = Date.now();
    const answer = await new Promise<{status: number; code?: string; closed: boolean}>((resolve, reject) => {
      const req = httpRequest(new URL(via(proxy, `${upstreamUrl}/v1/contacts`)), {method: 'POST', headers: {'Content-Length': '1000'}}, (res) => {
        res.resume();
        res.on('end', () => resolve({status: res.statusCode!, code: res.headers['x-proxy-error'] as string | undefined, closed: res.headers.connection === 'close'}));
      });
      req.on('error', reject);
      req.write('x'.repeat(10)); // and never the rest
    });
    const took = Date.now() - started;
    assert.deepEqual(answer, {status: 408, code: 'body_timeout', closed: true});
    assert.ok(took >= 290 && took < 3000, `cut after ${took} ms`);
    assert.equal(seen.length, before, 'nothing forwarded');
  });

  test('only the proxy sets X-Proxy-Error; every answer carries nosniff and a sandboxing CSP; origin-wide headers of the API are dropped', async () => {
    const spoofing = createServer((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/html',
        'X-Proxy-Error': 'target_not_allowed',
        'Content-Security-Policy': "script-src 'unsafe-inline'",
        'Strict-Transport-Security': 'max-age=63072000',
        'Clear-Site-Data': '"*"',
        'Alt-Svc': 'h2="evil.example:443"',
        'X-Content-Type-Options': 'sniff-please',
        'X-Request-Id': 'r-2',
      });
      res.end('<script>alert(document.domain)</script>');
    });
    const at = await listen(spoofing);
    open.push(spoofing);
    const proxy = await startProxy({allow: [`${at}/v1`]});
    const r = await fetch(via(proxy, `${at}/v1/page`), {headers: {Origin: PORTAL}});
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-proxy-error'), null, "the API's X-Proxy-Error is dropped");
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(r.headers.get('content-security-policy'), "sandbox; default-src 'none'");
    for (const h of ['strict-transport-security', 'clear-site-data', 'alt-svc']) assert.equal(r.headers.get(h), null, h);
    assert.equal(r.headers.get('x-request-id'), 'r-2');
    assert.doesNotMatch(r.headers.get('access-control-expose-headers') ?? '', /x-proxy-error/i);
    const refused = await fetch(via(proxy, 'https://elsewhere.example/v1'));
    assert.equal(refused.headers.get('x-content-type-options'), 'nosniff', "the proxy's own errors too");
    assert.equal(refused.headers.get('content-security-policy'), "sandbox; default-src 'none'");
  });

  test('a path that decodes outside the base is refused without contacting the API', async () => {
    const proxy = await startProxy();
    const before = seen.length;
    for (const p of ['/v1/..%2fadmin', '/v1/%252e%252e%252fadmin', '/v1/..;/admin', '/v1/..%5Cadmin']) {
      const r = await fetch(via(proxy, `${upstreamUrl}${p}`));
      assert.equal(r.status, 403, p);
      assert.match((await r.json()).error.message, /decodes to/, p);
    }
    assert.equal(seen.length, before);
    assert.equal((await fetch(via(proxy, `${upstreamUrl}/v1/contacts/a%2Fb`))).status, 201);
    assert.equal(seen.at(-1)?.url, '/v1/contacts/a%2Fb', 'forwarded as written');
  });
});
