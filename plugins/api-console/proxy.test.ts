/**
 * The CORS proxy (proxy.ts) between a real client (fetch, raw HTTP) and a real upstream HTTP
 * server, both on ephemeral ports: allowlist, cookie stripping, body and time caps, rate limit,
 * CORS for the portal's origin only.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, request as httpRequest, type IncomingHttpHeaders, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {
  allowed,
  createProxy,
  decodedPathProblem,
  isPublicAddress,
  parseAllowlist,
  RateLimiter,
  serverBases,
  type ProxyOptions,
} from './proxy';
import {checkedLookup} from '../../openapi/pipeline/net-policy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
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
        res.writeHead(200, {'Content-Type': 'application/octet-stream', 'Content-Length': '4096'});
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
    for (const target of [
      `${upstreamUrl}/v2/contacts`,
      `${upstreamUrl}/v1evil`,
      'http://example.com/v1/x',
      `${upstreamUrl.replace('127.0.0.1', 'localhost')}/v1/x`,
      'file:///etc/passwd',
    ]) {
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
    headers: {
      Cookie: 'portal_session=secret',
      Authorization: 'Basic dTpw',
      'Ocp-Apim-Subscription-Key': 'k1',
      'Content-Type': 'application/json',
      Origin: PORTAL,
    },
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

  test('an answer over the cap is replaced by a 502 (declared length or streamed)', async () => {
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
    for (let i = 0; i < 3; i++)
      statuses.push((await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {headers: {'X-Forwarded-For': `10.0.0.${i}`}})).status);
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
      headers: {
        Origin: PORTAL,
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, content-type, cookie, ocp-apim-subscription-key',
      },
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
      '127.0.0.1',
      '127.0.0.2',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '192.0.0.192',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '198.18.0.1',
      '::',
      '::1',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '2002:a00:1::',
      '::127.0.0.1',
      '2001:db8::1',
      'not-an-address',
    ];
    for (const a of notPublic) assert.equal(isPublicAddress(a), false, a);
    for (const a of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      assert.equal(isPublicAddress(a), true, a);
    }
  });

  test('server variables expand only to hosts that pass the rule; localhost and private literals are left out with a warning', () => {
    const warnings: string[] = [];
    const bases = serverBases(
      {
        servers: [
          {
            url: 'http://{host}:8080/v1',
            variables: {
              host: {
                default: 'api.good.example',
                enum: ['api.good.example', '127.0.0.2', '169.254.169.254', 'api.good.example@10.0.0.1', '[::1]'],
              },
            },
          },
          {url: 'http://localhost:4010/v1'},
          {url: 'http://api.localhost/v1'},
          {url: 'https://0x7f.1/v1'},
          {url: 'https://api.rev.io/v1'},
        ],
      },
      (w) => warnings.push(w),
    );
    assert.deepEqual(bases, ['http://api.good.example:8080/v1', 'https://api.rev.io/v1']);
    assert.equal(warnings.length, 7);
    assert.ok(
      warnings.every((w) => /^#\/servers\/\d: ".*" is left out of the proxy's allowlist: .*PROXY_ALLOW/.test(w)),
      warnings.join('\n'),
    );
    assert.match(warnings[0]!, /^#\/servers\/0: "http:\/\/127\.0\.0\.2:8080\/v1"/);
  });

  test('the path check runs on the decoded path: encoded, double-encoded and backslash dot segments are refused', () => {
    const bases = parseAllowlist(['https://api.example.com/v1']);
    const ok = (u: string) => allowed(new URL(u), bases);
    for (const p of [
      '/v1/..%2fadmin',
      '/v1/..%2Fadmin',
      '/v1/%2e%2e%2fadmin',
      '/v1/%252e%252e%252fadmin',
      '/v1/..%5cadmin',
      '/v1/x/..%2f..%2fadmin',
      '/v1/..;/admin',
      '/v1/%2e%2e;x/admin',
      '/v1/%25252525252e%25252525252e/admin',
      '/v1/.%2e/admin',
    ]) {
      assert.equal(ok(`https://api.example.com${p}`), false, p);
      assert.ok(decodedPathProblem(new URL(`https://api.example.com${p}`).pathname, '/v1'), p);
    }
    for (const p of ['/v1/contacts/a%2Fb', '/v1/files/x..y', '/v1/a%20b', '/v1/%E2%9C%93', '/v1/...'])
      assert.equal(ok(`https://api.example.com${p}`), true, p);
  });

  test('checkedLookup refuses a host when any of its addresses fails, before any connection', async () => {
    const names: Record<string, {address: string; family: number}[]> = {
      'metadata.test': [{address: '169.254.169.254', family: 4}],
      'mixed.test': [
        {address: '93.184.216.34', family: 4},
        {address: '10.0.0.1', family: 4},
      ],
      'v6.test': [{address: 'fd00:ec2::254', family: 6}],
      'good.test': [{address: '93.184.216.34', family: 4}],
    };
    const lookup = checkedLookup(async (h) => names[h] ?? [], isPublicAddress);
    const ask = (host: string, all: boolean) =>
      new Promise<unknown>((resolve) =>
        (lookup as unknown as (h: string, o: object, cb: (...a: unknown[]) => void) => void)(host, {all}, (e, a) =>
          resolve(e ? (e as Error).message : a),
        ),
      );
    assert.match(String(await ask('metadata.test', false)), /resolves to 169\.254\.169\.254/);
    assert.match(String(await ask('mixed.test', true)), /resolves to 10\.0\.0\.1/);
    assert.match(String(await ask('v6.test', true)), /resolves to fd00:ec2::254/);
    assert.deepEqual(await ask('good.test', true), [{address: '93.184.216.34', family: 4}]);
    assert.equal(await ask('good.test', false), '93.184.216.34');
  });
});

describe("the document's servers through the proxy (addresses checked after DNS, on every connection)", () => {
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
      documentServers: [
        `http://127.0.0.2:${port}/v1`,
        `http://internal.test:${port}/v1`,
        `http://private.test:${port}/v1`,
        `http://localhost:${port}/v1`,
      ],
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

  test("DNS rebinding: the address is checked in the connection's own look-up, every time", async () => {
    let calls = 0;
    const rebinding = async () => [{address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4}];
    const proxy = await startProxy({
      allow: [],
      documentServers: [`http://rebind.test:${port}/v1`],
      resolve: rebinding,
      addressAllowed: onlyUpstream,
    });
    const first = await fetch(via(proxy, `http://rebind.test:${port}/v1/contacts`));
    assert.equal(first.status, 201, 'the first look-up gave the allowed address: forwarded');
    assert.equal(seen.at(-1)?.headers.host, `rebind.test:${port}`);
    const second = await fetch(via(proxy, `http://rebind.test:${port}/v1/contacts`));
    assert.equal(second.status, 403, 'the second look-up gave an internal address: refused');
    assert.equal(second.headers.get('x-proxy-error'), 'address_not_allowed');
    assert.equal(calls, 2, 'one look-up per connection');
    assert.deepEqual(internalHits, []);
  });

  test("the operator opts in with allowPrivateAddresses (PROXY_ALLOW_PRIVATE=1); the operator's own bases may be private", async () => {
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
      const req = httpRequest(
        new URL(via(proxy, `${upstreamUrl}/v1/contacts`)),
        {method: 'POST', headers: {'Content-Length': '1000'}},
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              code: res.headers['x-proxy-error'] as string | undefined,
              closed: res.headers.connection === 'close',
            }),
          );
        },
      );
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

describe('headers at the boundary: every request header the proxy drops or forwards, every answer header it drops or passes', () => {
  /** A raw request through the proxy (fetch would drop or refuse some of these headers itself). */
  const raw = (proxy: string, target: string, headers: Record<string, string | string[]>, method = 'POST', body?: string) =>
    new Promise<{status: number; headers: IncomingHttpHeaders; body: string}>((resolve, reject) => {
      const req = httpRequest(new URL(via(proxy, target)), {method, headers}, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString()}));
      });
      req.on('error', reject);
      req.end(body);
    });

  test('dropped upstream: Host, cookies, the page origin and referrer, hop-by-hop headers, forwarding headers, Accept-Encoding, Sec-* and Access-Control-*', async () => {
    const proxy = await startProxy();
    const dropped: Record<string, string> = {
      Cookie: 'a=1',
      Cookie2: '$Version=1',
      Origin: PORTAL,
      Referer: `${PORTAL}/docs`,
      'Accept-Encoding': 'gzip',
      Forwarded: 'for=1.2.3.4',
      'X-Forwarded-For': '1.2.3.4',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'http',
      'X-Real-IP': '1.2.3.4',
      'Keep-Alive': 'timeout=5',
      'Proxy-Authorization': 'Basic cHJveHk=',
      'Proxy-Connection': 'keep-alive',
      TE: 'trailers',
      Trailer: 'X-T',
      Upgrade: 'websocket',
      'Proxy-Authenticate': 'Basic',
      'Sec-Fetch-Site': 'cross-site',
      'Sec-CH-UA': 'x',
      'Access-Control-Request-Headers': 'x-a',
    };
    const kept = {
      Authorization: 'Bearer t',
      'X-Api-Key': 'k',
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'User-Agent': 'ua/1',
      'X-Custom': 'c',
      'X-Sec-Thing': 's',
      'X-Access-Control': 'x',
    };
    const r = await raw(
      proxy,
      `${upstreamUrl}/v1/contacts`,
      {...dropped, ...kept, Host: 'proxy.example', Connection: 'keep-alive, X-Custom'},
      'POST',
      '{"a":1}',
    );
    assert.equal(r.status, 201);
    const got = seen.at(-1)!;
    for (const name of [...Object.keys(dropped), 'Connection']) {
      const lower = name.toLowerCase();
      if (lower === 'connection')
        assert.doesNotMatch(String(got.headers.connection ?? ''), /X-Custom/i, "the client's Connection header is not passed on");
      else assert.equal(got.headers[lower], undefined, name);
    }
    assert.equal(got.headers.host, new URL(upstreamUrl).host, "Host is the target's");
    for (const [name, value] of Object.entries(kept)) assert.equal(got.headers[name.toLowerCase()], value, name);
    assert.equal(got.headers['content-length'], '7', 'the length of the body actually sent');
    assert.equal(got.body, '{"a":1}');
  });

  test('a header sent twice reaches the API once, its values joined', async () => {
    const proxy = await startProxy();
    await raw(proxy, `${upstreamUrl}/v1/contacts`, {'X-Multi': ['a', 'b'], 'Set-Cookie': ['s=1', 's=2']}, 'GET');
    assert.equal(seen.at(-1)!.headers['x-multi'], 'a, b');
    assert.equal(seen.at(-1)!.headers['set-cookie']?.join('|'), 's=1, s=2');
  });

  test('GET and HEAD carry no body upstream; an empty POST body is sent as nothing; HEAD answers with the length but no body', async () => {
    const proxy = await startProxy();
    await raw(proxy, `${upstreamUrl}/v1/contacts`, {'Content-Length': '5'}, 'GET', 'hello');
    assert.equal(seen.at(-1)!.body, '');
    assert.equal(seen.at(-1)!.method, 'GET');
    await raw(proxy, `${upstreamUrl}/v1/contacts`, {}, 'POST', '');
    assert.equal(seen.at(-1)!.body, '');
    assert.equal(seen.at(-1)!.headers['transfer-encoding'], undefined, 'no chunked framing for a missing body');
    const head = await raw(proxy, `${upstreamUrl}/v1/contacts`, {}, 'HEAD');
    assert.equal(seen.at(-1)!.method, 'HEAD');
    assert.equal(head.status, 201);
    assert.equal(head.body, '');
    const get = await raw(proxy, `${upstreamUrl}/v1/contacts`, {}, 'GET');
    assert.equal(get.body, '{"ok":true}');
    assert.equal(get.headers['content-length'], '11');
  });

  test("HEAD: the API's Content-Length is passed on, and a length over the cap is no reason to refuse (no body is carried)", async () => {
    const proxy = await startProxy({maxBodyBytes: 2048});
    const big = await raw(proxy, `${upstreamUrl}/v1/big`, {}, 'HEAD');
    assert.equal(big.status, 200);
    assert.equal(big.headers['content-length'], '4096');
    assert.equal(big.headers['x-proxy-error'], undefined);
    assert.equal(big.body, '');
    // GET of the same address is still refused over the cap.
    assert.equal((await raw(proxy, `${upstreamUrl}/v1/big`, {}, 'GET')).status, 502);
  });

  test("dropped from answers: cookies, hop-by-hop, the API's CORS, and every header that would act on the proxy's origin; the rest passes and is exposed to the portal", async () => {
    const loud = createServer((_req, res) => {
      res.sendDate = false;
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Set-Cookie': 'a=1',
        'Set-Cookie2': 'b=2',
        'Keep-Alive': 'timeout=99',
        Trailer: 'X-T',
        Upgrade: 'h2c',
        'Proxy-Authenticate': 'Basic',
        'Content-Security-Policy-Report-Only': "default-src 'none'",
        'Public-Key-Pins': 'pin-sha256="x"; max-age=1',
        'Public-Key-Pins-Report-Only': 'pin-sha256="x"; max-age=1',
        NEL: '{"report_to":"x"}',
        'Report-To': '{"group":"x"}',
        'Reporting-Endpoints': 'x="https://e.example"',
        'Service-Worker-Allowed': '/',
        Refresh: '0; url=https://evil.example',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': '*',
        ETag: '"e1"',
        'Cache-Control': 'no-cache',
        Location: '/v1/next',
      });
      res.end('{}');
    });
    const at = await listen(loud);
    open.push(loud);
    const proxy = await startProxy({allow: [`${at}/v1`]});
    const r = await raw(proxy, `${at}/v1/x`, {Origin: PORTAL}, 'GET');
    assert.notEqual(r.headers['keep-alive'], 'timeout=99', "the API's Keep-Alive (the proxy's own connection may have one)");
    for (const h of [
      'set-cookie',
      'set-cookie2',
      'trailer',
      'upgrade',
      'proxy-authenticate',
      'content-security-policy-report-only',
      'public-key-pins',
      'public-key-pins-report-only',
      'nel',
      'report-to',
      'reporting-endpoints',
      'service-worker-allowed',
      'refresh',
      'access-control-allow-credentials',
    ]) {
      assert.equal(r.headers[h], undefined, h);
    }
    assert.equal(r.headers['access-control-allow-origin'], PORTAL);
    assert.equal(r.headers.vary, 'Origin');
    assert.equal(r.headers['access-control-expose-headers'], 'content-type, etag, cache-control, location');
    assert.equal(r.headers.etag, '"e1"');
    assert.equal(r.headers['content-length'], '2');
    const curl = await raw(proxy, `${at}/v1/x`, {}, 'GET');
    assert.equal(curl.headers['access-control-allow-origin'], undefined, 'no Origin: no CORS headers');
    assert.equal(curl.headers['access-control-expose-headers'], undefined);
    assert.equal(curl.headers.etag, '"e1"');
  });

  test('an answer with no header worth exposing gets no Access-Control-Expose-Headers', async () => {
    const bare = createServer((_req, res) => {
      res.sendDate = false;
      res.writeHead(204, {'Set-Cookie': 'a=1'});
      res.end();
    });
    const at = await listen(bare);
    open.push(bare);
    const proxy = await startProxy({allow: [`${at}/v1`]});
    const r = await raw(proxy, `${at}/v1/x`, {Origin: PORTAL}, 'GET');
    assert.equal(r.status, 204);
    assert.equal(r.headers['access-control-allow-origin'], PORTAL);
    assert.equal(r.headers['access-control-expose-headers'], undefined);
  });
});

describe('preflights, errors and logs at the boundary', () => {
  test('a preflight: exact methods, max-age and length; no Allow-Headers when nothing forwardable was asked; OPTIONS without Access-Control-Request-Method is forwarded', async () => {
    const proxy = await startProxy();
    const ask = (headers: Record<string, string>) =>
      fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {method: 'OPTIONS', headers: {Origin: PORTAL, ...headers}});
    const r = await ask({
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': ' Cookie , HOST,sec-fetch-mode,,origin ',
    });
    assert.equal(r.status, 204);
    assert.equal(r.headers.get('access-control-allow-methods'), 'GET, HEAD, POST, PUT, PATCH, DELETE');
    assert.equal(r.headers.get('access-control-max-age'), '600');
    assert.equal(r.headers.get('content-length'), '0');
    assert.equal(r.headers.get('vary'), 'Origin');
    assert.equal(r.headers.get('access-control-allow-headers'), 'sec-fetch-mode', 'Cookie, Host and Origin are never allowed');
    const none = await ask({'Access-Control-Request-Method': 'GET'});
    assert.equal(none.headers.get('access-control-allow-headers'), null);
    const before = seen.length;
    const plain = await ask({});
    assert.equal(plain.status, 201, 'a plain OPTIONS request goes to the API');
    assert.equal(seen.length, before + 1);
    assert.equal(seen.at(-1)!.method, 'OPTIONS');
    const foreign = await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {
      method: 'OPTIONS',
      headers: {Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET'},
    });
    assert.equal(foreign.status, 403, 'a preflight from another origin is refused');
  });

  test("the proxy's errors: JSON {error: {code, message}}, no-store, exposed to the portal only; each message names what is wrong", async () => {
    const lines: string[] = [];
    const proxy = await startProxy({log: (l) => lines.push(l)});
    const r = await fetch(via(proxy, 'not a url'), {headers: {Origin: PORTAL}});
    assert.equal(r.status, 400);
    assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(r.headers.get('cache-control'), 'no-store');
    assert.equal(r.headers.get('access-control-allow-origin'), PORTAL);
    assert.equal(r.headers.get('access-control-expose-headers'), 'X-Proxy-Error, Retry-After');
    assert.deepEqual(await r.json(), {error: {code: 'invalid_url', message: '"not a url" is not an absolute URL.'}});
    const bare = await fetch(`${proxy}/?other=1`);
    assert.equal(bare.headers.get('access-control-expose-headers'), null, 'no Origin: no CORS headers');
    assert.deepEqual(await bare.json(), {
      error: {code: 'missing_url', message: 'Send the request to this proxy as ?url=<absolute URL of the API request>.'},
    });
    const outside = await fetch(via(proxy, `${upstreamUrl}/v1/..%2fadmin`));
    assert.deepEqual(await outside.json(), {
      error: {
        code: 'target_not_allowed',
        message: `This proxy only forwards to the API's servers (${upstreamUrl}/v1); ${upstreamUrl}/v1/..%2fadmin is not one of them (it decodes to "/v1/../admin", which has a "." or ".." segment).`,
      },
    });
    const other = await fetch(via(proxy, `${upstreamUrl}/v2`));
    assert.deepEqual(await other.json(), {
      error: {
        code: 'target_not_allowed',
        message: `This proxy only forwards to the API's servers (${upstreamUrl}/v1); ${upstreamUrl}/v2 is not one of them.`,
      },
    });
    const file = await fetch(via(proxy, 'file:///v1/x'));
    assert.equal(file.headers.get('x-proxy-error'), 'target_not_allowed');
    const ok = await fetch(via(proxy, `${upstreamUrl}/v1/contacts?secret=1`));
    assert.equal(ok.status, 201);
    assert.deepEqual(
      lines,
      [
        'GET - 400 invalid_url',
        'GET - 400 missing_url',
        'GET - 403 target_not_allowed',
        'GET - 403 target_not_allowed',
        'GET - 403 target_not_allowed',
        `GET ${upstreamUrl} 201`,
      ],
      'method, target origin and status only: no path, no query',
    );
  });

  test('413 names the declared length and the cap; the connection is closed after a refused body', async () => {
    const proxy = await startProxy({maxBodyBytes: 10});
    const r = await fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {method: 'POST', body: 'x'.repeat(11)});
    assert.equal(r.status, 413);
    assert.equal(r.headers.get('connection'), 'close');
    assert.deepEqual(await r.json(), {
      error: {code: 'body_too_large', message: 'The request body is 11 bytes; this proxy forwards at most 10 bytes.'},
    });
    const closed = await new Promise<boolean>((resolve, reject) => {
      const req = httpRequest(
        new URL(via(proxy, `${upstreamUrl}/v1/contacts`)),
        {method: 'POST', headers: {'Transfer-Encoding': 'chunked'}},
        (res) => {
          res.resume();
          res.on('end', () => req.socket?.once('close', () => resolve(true)));
        },
      );
      req.on('error', reject);
      req.write('y'.repeat(11)); // over the cap, and the body never ends
    });
    assert.equal(closed, true, 'the proxy closed the connection');
  });

  test('address refusals name the address; an unreachable API is named by its origin', async () => {
    const names: Record<string, string> = {'meta.test': '169.254.169.254'};
    const proxy = await startProxy({
      allow: [],
      documentServers: ['http://meta.test/v1', 'http://[::1]:9/v1'],
      resolve: async (h) => (names[h] ? [{address: names[h]!, family: 4}] : []),
    });
    const meta = await fetch(via(proxy, 'http://meta.test/v1/latest'));
    assert.deepEqual(await meta.json(), {
      error: {
        code: 'address_not_allowed',
        message:
          "This proxy does not forward the API description's servers to 169.254.169.254: meta.test resolves to 169.254.169.254, which is a loopback, private, link-local or reserved address.",
      },
    });
    const literal = await fetch(via(proxy, 'http://[::1]:9/v1/x'));
    assert.deepEqual(await literal.json(), {
      error: {
        code: 'address_not_allowed',
        message: "This proxy does not forward the API description's servers to [::1], a loopback, private, link-local or reserved address.",
      },
    });
    const dead = createServer();
    const deadUrl = await listen(dead);
    await close(dead);
    const p2 = await startProxy({allow: [`${deadUrl}/v1`]});
    const r = await (await fetch(via(p2, `${deadUrl}/v1/x`))).json();
    assert.match(
      r.error.message,
      new RegExp(`^The API at ${deadUrl.replace(/[.]/g, '\\.')} could not be reached \\(.*ECONNREFUSED.*\\)\\.$`),
    );
  });

  test('an answer over the cap: the message names the declared size or the cap', async () => {
    const proxy = await startProxy({maxBodyBytes: 2048});
    assert.equal(
      (await (await fetch(via(proxy, `${upstreamUrl}/v1/big`))).json()).error.message,
      "The API's answer is 4096 bytes; this proxy passes at most 2048 bytes.",
    );
    assert.equal(
      (await (await fetch(via(proxy, `${upstreamUrl}/v1/chunked-big`))).json()).error.message,
      "The API's answer is larger than 2048 bytes; this proxy passes at most 2048 bytes.",
    );
    const exact = await startProxy({maxBodyBytes: 4096});
    assert.equal((await fetch(via(exact, `${upstreamUrl}/v1/big`))).status, 200, 'an answer of exactly the cap passes');
    const streamedExact = await startProxy({maxBodyBytes: 8192});
    assert.equal((await (await fetch(via(streamedExact, `${upstreamUrl}/v1/chunked-big`))).arrayBuffer()).byteLength, 8192);
  });

  test("configuration: origins must be bare origins; Node's own header and request timeouts follow the body time limit (at least 1 s)", () => {
    const base = {allow: ['http://127.0.0.1:1/v1'], maxBodyBytes: 1, timeoutMs: 1, rateLimit: {max: 1, windowMs: 1}};
    assert.throws(
      () => createProxy({...base, origins: ['https://p.example/']}),
      (e: Error) => e.message === 'proxy: "https://p.example/" is not an origin (scheme://host[:port], no path)',
    );
    const fast = createProxy({...base, origins: ['https://p.example'], bodyTimeoutMs: 300});
    assert.deepEqual([fast.headersTimeout, fast.requestTimeout], [1000, 2000]);
    const slow = createProxy({...base, origins: [], bodyTimeoutMs: 4000});
    assert.deepEqual([slow.headersTimeout, slow.requestTimeout], [4000, 8000]);
    const dflt = createProxy({...base, origins: []});
    assert.deepEqual([dflt.headersTimeout, dflt.requestTimeout], [10000, 20000]);
  });

  test('trustForwardedFor reads the last X-Forwarded-For entry; an empty header falls back to the socket address', async () => {
    const proxy = await startProxy({rateLimit: {max: 1, windowMs: 60000}, trustForwardedFor: true});
    const from = (xff: string) => fetch(via(proxy, `${upstreamUrl}/v1/contacts`), {headers: {'X-Forwarded-For': xff}});
    assert.equal((await from('1.1.1.1, 2.2.2.2')).status, 201);
    assert.equal((await from('9.9.9.9,2.2.2.2 ')).status, 429, 'same last entry');
    assert.equal((await from('2.2.2.2, 3.3.3.3')).status, 201, 'a different last entry');
    assert.equal((await from(' ')).status, 201, 'blank: the socket address, a client of its own');
    const limited = await from('  ');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '60');
    assert.equal((await limited.json()).error.message, 'Too many requests through this proxy from your address: wait 60 s.');
  });
});
