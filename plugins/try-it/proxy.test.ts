/**
 * The CORS proxy (proxy.ts) between a real client (fetch, raw HTTP) and a real upstream HTTP
 * server, both on ephemeral ports: allowlist, cookie stripping, body and time caps, rate limit,
 * CORS for the portal's origin only.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, request as httpRequest, type IncomingHttpHeaders, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {allowed, createProxy, parseAllowlist, RateLimiter, serverBases, type ProxyOptions} from './proxy';

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
