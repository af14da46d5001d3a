/**
 * proxy.ts, the pure rules (no server): the allowlist and its refusals, which of the document's
 * servers become bases, the decoded-path check at its limits, which base a target matches, and
 * the rate limiter's arithmetic. The end-to-end behaviour is proxy.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {decodedPathProblem, hostProblem, matchBase, parseAllowlist, PROXY_DEFAULTS, RateLimiter, serverBases} from './proxy';

test('parseAllowlist: origin and path without trailing slashes; credentials, a query or a fragment are refused naming the entry', () => {
  assert.deepEqual(parseAllowlist(['https://API.example.com:8443/v1///', 'http://127.0.0.1:4010', 'http://x.example/a/b/'], true), [
    {origin: 'https://api.example.com:8443', path: '/v1', checked: true},
    {origin: 'http://127.0.0.1:4010', path: '', checked: true},
    {origin: 'http://x.example', path: '/a/b', checked: true},
  ]);
  assert.equal(parseAllowlist(['https://a.example'])[0]!.checked, false, "the operator's bases are not checked by default");
  for (const entry of [
    'https://u@a.example/v1',
    'https://u:p@a.example/v1',
    'https://:p@a.example/v1',
    'https://a.example/v1?x=1',
    'https://a.example/v1#f',
  ]) {
    assert.throws(
      () => parseAllowlist([entry]),
      (e: Error) => e.message === `proxy allowlist: "${entry}" may not carry credentials, a query or a fragment`,
      entry,
    );
  }
  assert.throws(
    () => parseAllowlist(['ws://a.example']),
    (e: Error) => e.message === 'proxy allowlist: "ws://a.example" must be an http(s) URL',
  );
  assert.throws(() => parseAllowlist(['xhttp://a.example']), /must be an http\(s\) URL/);
  assert.throws(() => parseAllowlist(['httpsx://a.example']), /must be an http\(s\) URL/);
  assert.throws(
    () => parseAllowlist(['a.example/v1']),
    (e: Error) => e.message === 'proxy allowlist: "a.example/v1" is not an absolute URL',
  );
});

test('hostProblem: IP literals by the address rule, "localhost" and its subdomains as loopback; other names wait for DNS', () => {
  assert.equal(hostProblem('8.8.8.8'), undefined);
  assert.equal(hostProblem('[2606:4700::1]'), undefined);
  assert.equal(hostProblem('10.0.0.1'), '10.0.0.1 is a loopback, private, link-local or reserved address');
  assert.equal(hostProblem('[::1]'), '[::1] is a loopback, private, link-local or reserved address');
  assert.equal(hostProblem('[fd00:ec2::254]'), '[fd00:ec2::254] is a loopback, private, link-local or reserved address');
  for (const h of ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'a.b.Localhost.'])
    assert.equal(hostProblem(h), `${h} is this machine (loopback)`, h);
  for (const h of ['notlocalhost', 'localhost.example', 'localhostx', 'api.example.com', 'localhost..'])
    assert.equal(hostProblem(h), undefined, h);
});

test('serverBases: absolute http(s) servers without trailing slash, once each; variables by enum, else default; the rest left out', () => {
  const warnings: string[] = [];
  const bases = serverBases(
    {
      servers: [
        {url: 'https://api.example.com/v1/'},
        {url: 'https://api.example.com/v1'},
        {url: 'ws://api.example.com/socket'},
        {url: 'ftp://api.example.com/x'},
        {url: 42},
        {},
        null as unknown as {url: string},
        {url: 'https://{env}.example.com', variables: {env: {default: 'prod', enum: []}}},
        {url: 'https://{env}.example.org', variables: {env: {enum: ['a', 'b']}}},
        {url: 'https://{env}.example.net', variables: {env: {}}},
        {url: 'https://{env}.example.io', variables: {env: {default: 7}}},
        {url: 'https://{a}-{a}.example.dev', variables: {a: {default: 'x'}}},
        {url: 'https://{a}.example.edu/{b}', variables: {a: {enum: ['p', 'q']}, b: {enum: ['1', '2']}}},
        {url: 'http://[::1]:9/x'},
      ],
    },
    (w) => warnings.push(w),
  );
  assert.deepEqual(bases, [
    'https://api.example.com/v1',
    'https://prod.example.com',
    'https://a.example.org',
    'https://b.example.org',
    'https://7.example.io',
    'https://x-x.example.dev',
    'https://p.example.edu/1',
    'https://p.example.edu/2',
    'https://q.example.edu/1',
    'https://q.example.edu/2',
  ]);
  assert.deepEqual(warnings, [
    `#/servers/13: "http://[::1]:9/x" is left out of the proxy's allowlist: [::1] is a loopback, private, link-local or reserved address (to forward to it anyway, the operator names it in PROXY_ALLOW)`,
  ]);
  assert.deepEqual(serverBases({}), []);
  assert.deepEqual(serverBases({servers: [{url: 'http://localhost/v1'}]}), [], 'the default warn is silent');
});

test('decodedPathProblem: up to four rounds of percent-encoding are read; a fifth is refused', () => {
  // "%2e" encoded once more for each "25".
  assert.match(decodedPathProblem('/v1/%25252e%25252e/x', '/v1') ?? '', /has a "\." or "\.\." segment/, 'three rounds');
  assert.match(decodedPathProblem('/v1/%2525252e%2525252e/x', '/v1') ?? '', /has a "\." or "\.\." segment/, 'four rounds');
  assert.equal(decodedPathProblem('/v1/%25252525252e/x', '/v1'), 'it is percent-encoded more than four times over');
  assert.equal(decodedPathProblem('/v1/%25252541', '/v1'), undefined, 'four rounds of a harmless letter');
  assert.equal(decodedPathProblem('/v1/%2525252541', '/v1'), 'it is percent-encoded more than four times over', 'five rounds');
});

test('decodedPathProblem: "." and ".." segments (also with ";params", after "\\\\" read as "/") and leaving the base, with the decoded path named', () => {
  assert.equal(decodedPathProblem('/v1/%2e/x', '/v1'), 'it decodes to "/v1/./x", which has a "." or ".." segment');
  assert.equal(
    decodedPathProblem('/v1/%2E%2E;jsessionid=1/x', '/v1'),
    'it decodes to "/v1/..;jsessionid=1/x", which has a "." or ".." segment',
  );
  assert.equal(decodedPathProblem('/v1/.;/x', '/v1'), 'it decodes to "/v1/.;/x", which has a "." or ".." segment');
  assert.equal(decodedPathProblem('/v1%5c..%5cadmin', '/v1'), 'it decodes to "/v1\\\\..\\\\admin", which has a "." or ".." segment');
  assert.equal(decodedPathProblem('/v1%2fx', '/v1'), undefined, 'an encoded slash inside the base');
  assert.equal(decodedPathProblem('/v1x%2fy', '/v1'), 'it decodes to "/v1x/y", outside /v1');
  assert.equal(decodedPathProblem('/v2', '/v1'), 'it decodes to "/v2", outside /v1');
  for (const p of ['/v1', '/v1/', '/v1/x', '/v1/...', '/v1/.x', '/v1/x.', '/v1/..x', '/v1/x;..', '/v1/%2e%2e%2e'])
    assert.equal(decodedPathProblem(p, '/v1'), undefined, p);
  assert.equal(decodedPathProblem('/anything/at/all', ''), undefined, 'a base without a path');
  assert.equal(decodedPathProblem('/%2e%2e/x', ''), 'it decodes to "/../x", which has a "." or ".." segment');
});

test("matchBase: the operator's base wins over a document server covering the same target; credentials in the target match nothing", () => {
  const bases = [...parseAllowlist(['https://api.example.com/v1'], true), ...parseAllowlist(['https://api.example.com'])];
  assert.deepEqual(matchBase(new URL('https://api.example.com/v1/x'), bases), {
    origin: 'https://api.example.com',
    path: '',
    checked: false,
  });
  const docOnly = parseAllowlist(['https://api.example.com/v1', 'https://api.example.com/v1/x'], true);
  assert.deepEqual(
    matchBase(new URL('https://api.example.com/v1/x/y'), docOnly),
    {origin: 'https://api.example.com', path: '/v1', checked: true},
    'the first base that fits',
  );
  assert.equal(matchBase(new URL('https://u@api.example.com/v1/x'), bases), undefined);
  assert.equal(matchBase(new URL('https://:p@api.example.com/v1/x'), bases), undefined);
  assert.equal(
    matchBase(new URL('https://api.example.com/v1/%2e%2e/x'), docOnly),
    undefined,
    'a base whose path the decoded target leaves does not fit',
  );
  const nested = parseAllowlist(['https://api.example.com/v1/a']);
  assert.equal(matchBase(new URL('https://api.example.com/v1/a'), nested)?.path, '/v1/a', 'exactly the base path');
  assert.equal(matchBase(new URL('https://api.example.com/v1/ab'), nested), undefined);
  assert.equal(matchBase(new URL('https://api.example.com/v1'), nested), undefined);
});

test('RateLimiter: Retry-After is the whole seconds left in the window, at least 1; clients and windows are independent', () => {
  let now = 0;
  const limiter = new RateLimiter(1, 60000, () => now);
  assert.equal(limiter.take('a'), 0);
  assert.equal(limiter.take('a'), 60);
  now = 58999;
  assert.equal(limiter.take('a'), 2);
  now = 59000;
  assert.equal(limiter.take('a'), 1);
  now = 59999;
  assert.equal(limiter.take('a'), 1);
  assert.equal(limiter.take('b'), 0, 'another client');
  now = 60000;
  assert.equal(limiter.take('a'), 0, 'a new window');
  assert.equal(limiter.take('a'), 60);
  assert.equal(new RateLimiter(0, 1000, () => 0).take('a'), 1, 'max 0 refuses everything');
});

test('RateLimiter: its memory stays bounded: past 10000 clients, windows that have ended are forgotten', () => {
  let now = 0;
  const limiter = new RateLimiter(5, 1000, () => now);
  const size = () => (limiter as unknown as {windows: Map<string, unknown>}).windows.size;
  for (let i = 0; i <= 10000; i++) limiter.take(`c${i}`);
  assert.equal(size(), 10001);
  now = 999;
  limiter.take('late');
  assert.equal(size(), 10002, 'nothing has ended yet');
  now = 1000;
  limiter.take('new');
  assert.equal(size(), 2, "the first 10001 windows ended at 1000: 'late' (started 999) and 'new' remain");
  const small = new RateLimiter(5, 1000, () => now);
  for (let i = 0; i < 10000; i++) small.take(`c${i}`);
  now = 5000;
  small.take('x');
  assert.equal((small as unknown as {windows: Map<string, unknown>}).windows.size, 10001, 'at 10000 clients nothing is swept yet');
});

test('the defaults: 1 MiB bodies, 30 s per exchange, 10 s for the request body, 60 requests a minute', () => {
  assert.deepEqual(PROXY_DEFAULTS, {maxBodyBytes: 1048576, timeoutMs: 30000, bodyTimeoutMs: 10000, rateLimit: {max: 60, windowMs: 60000}});
});
