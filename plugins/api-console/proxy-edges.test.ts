/**
 * The proxy's rules at their edges, each against a real upstream on an ephemeral port: which client
 * the rate limit counts (X-Forwarded-For), which targets lie under a base (schemes, encoded base
 * paths), GET and HEAD never carry a body, https is spoken over TLS, an upstream that breaks off
 * or answers garbage, the operator's bases through an injected resolver, the exact error bodies a
 * reader of the console sees, and which refusals close the connection.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, request as httpRequest, Agent, type Server} from 'node:http';
import {connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer} from 'node:net';
import {allowed, createProxy, parseAllowlist, serverBases, type ProxyOptions} from './proxy';

const PORTAL = 'https://developers.example.test';
const open: (Server | TcpServer)[] = [];
const listen = async (server: Server | TcpServer): Promise<string> => {
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** What the upstream received, per request. */
const received: {method: string; url: string; body: string; length?: string}[] = [];
let upstream: string;

before(async () => {
  upstream = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({method: req.method!, url: req.url!, body: Buffer.concat(chunks).toString(), length: req.headers['content-length']});
        if (req.url === '/v1/broken') {
          // Promises 100 bytes, sends 10, hangs up.
          res.writeHead(200, {'Content-Length': '100'});
          res.write('x'.repeat(10));
          setTimeout(() => res.socket?.destroy(), 50);
          return;
        }
        res.writeHead(200, {'Content-Type': 'text/plain', 'X-Upstream': 'yes'});
        res.end('answer');
      });
    }),
  );
});

after(() => {
  for (const s of open) {
    if ('closeAllConnections' in s) s.closeAllConnections();
    s.close();
  }
});

async function proxyOf(over: Partial<ProxyOptions> = {}): Promise<string> {
  return listen(
    createProxy({
      allow: [`${upstream}/v1`],
      origins: [PORTAL],
      maxBodyBytes: 100,
      timeoutMs: 3000,
      rateLimit: {max: 1000, windowMs: 60000},
      ...over,
    }),
  );
}
const via = (proxy: string, target: string) => `${proxy}/?url=${encodeURIComponent(target)}`;

/** One request with any headers (fetch forbids some), the answer's status, headers and body. */
function send(url: string, init: {method?: string; headers?: Record<string, string>; body?: string; agent?: Agent} = {}) {
  return new Promise<{status: number; headers: Record<string, unknown>; body: string}>((resolve, reject) => {
    const headers = {
      ...init.headers,
      ...(init.body === undefined || init.headers?.['Transfer-Encoding'] ? {} : {'Content-Length': String(Buffer.byteLength(init.body))}),
    };
    const req = httpRequest(new URL(url), {method: init.method ?? 'GET', headers, agent: init.agent}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString()}));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
const errorBody = (code: string, message: string) => JSON.stringify({error: {code, message}});

test('rate limit with trustForwardedFor: the last X-Forwarded-For entry is the client; a blank one falls back to the socket address', async () => {
  const proxy = await proxyOf({trustForwardedFor: true, rateLimit: {max: 1, windowMs: 60000}});
  const target = via(proxy, `${upstream}/v1/a`);
  // Two clients whose last entries end alike are still two clients.
  assert.equal((await send(target, {headers: {'X-Forwarded-For': '1.1.1.1, 2.2.2.2'}})).status, 200);
  assert.equal((await send(target, {headers: {'X-Forwarded-For': '3.3.3.3, 4.4.4.2'}})).status, 200);
  assert.equal((await send(target, {headers: {'X-Forwarded-For': '9.9.9.9,  4.4.4.2 '}})).status, 429, 'same last entry, same client');
  // Without the header, and with a blank one, the client is the socket's address (127.0.0.1).
  assert.equal((await send(target)).status, 200);
  assert.equal((await send(target, {headers: {'X-Forwarded-For': '127.0.0.1'}})).status, 429, 'the header names the same client');
  assert.equal((await send(target, {headers: {'X-Forwarded-For': '   '}})).status, 429, 'a blank header is no client of its own');
});

test('without trustForwardedFor, X-Forwarded-For does not make a new client', async () => {
  const proxy = await proxyOf({rateLimit: {max: 1, windowMs: 60000}});
  const target = via(proxy, `${upstream}/v1/a`);
  assert.equal((await send(target, {headers: {'X-Forwarded-For': '5.5.5.5'}})).status, 200);
  assert.equal((await send(target, {headers: {'X-Forwarded-For': '6.6.6.6'}})).status, 429);
});

test("a target under a base: the base path in plain text, not encoded; no other scheme, even one whose origin is the base's", async () => {
  const bases = parseAllowlist(['https://api.example.com/v1', 'https://all.example.com']);
  const ok = (u: string) => allowed(new URL(u), bases);
  assert.equal(ok('https://api.example.com/v1'), true);
  assert.equal(ok('https://api.example.com/%76%31/contacts'), false, 'the base path percent-encoded');
  assert.equal(ok('https://all.example.com/'), true);
  assert.equal(ok('https://all.example.com/any/path'), true);
  // blob: URLs have the inner URL's origin.
  assert.equal(new URL('blob:https://all.example.com/x').origin, 'https://all.example.com');
  assert.equal(ok('blob:https://all.example.com/x'), false);
  assert.equal(ok('blob:https://api.example.com/v1/x'), false);

  const proxy = await proxyOf({allow: [`${upstream}/v1`, 'https://all.example.com']});
  for (const target of ['blob:https://all.example.com/x', 'ftp://all.example.com/x']) {
    const r = await send(via(proxy, target));
    assert.equal(r.status, 403, target);
    assert.equal(r.headers['x-proxy-error'], 'target_not_allowed');
  }
});

test('the refusal of a target names every base, and why a target whose text is under one is not', async () => {
  const proxy = await proxyOf({allow: [`${upstream}/v1`, 'https://api.example.com/v2/']});
  const outside = await send(via(proxy, `${upstream}/v3/x`));
  assert.equal(
    outside.body,
    errorBody(
      'target_not_allowed',
      `This proxy only forwards to the API's servers (${upstream}/v1, https://api.example.com/v2); ${upstream}/v3/x is not one of them.`,
    ),
  );
  const climbing = await send(via(proxy, `${upstream}/v1/%252e%252e/admin`));
  assert.equal(
    climbing.body,
    errorBody(
      'target_not_allowed',
      `This proxy only forwards to the API's servers (${upstream}/v1, https://api.example.com/v2); ${upstream}/v1/%252e%252e/admin is not one of them (it decodes to "/v1/../admin", which has a "." or ".." segment).`,
    ),
  );
});

test('a page of another origin is refused with a message naming it', async () => {
  const proxy = await proxyOf();
  const r = await send(via(proxy, `${upstream}/v1/a`), {headers: {Origin: 'https://evil.example'}});
  assert.equal(r.status, 403);
  assert.equal(
    r.body,
    errorBody('origin_not_allowed', 'This proxy serves the portal only; the page origin https://evil.example is not one of its origins.'),
  );
});

test('only an OPTIONS request asking Access-Control-Request-Method is a preflight; a GET carrying that header is forwarded', async () => {
  const proxy = await proxyOf();
  const before = received.length;
  const r = await send(via(proxy, `${upstream}/v1/pre`), {headers: {Origin: PORTAL, 'Access-Control-Request-Method': 'POST'}});
  assert.equal(r.status, 200);
  assert.equal(r.body, 'answer');
  assert.deepEqual(
    received.slice(before).map((x) => x.method),
    ['GET'],
  );
});

test('GET and HEAD never carry a body to the API; every other method does, with its length; HEAD answers have no body', async () => {
  const proxy = await proxyOf();
  // A DELETE's body reached the API unframed (no Content-Length), which read it as a second request.
  for (const method of ['GET', 'HEAD', 'DELETE', 'OPTIONS', 'POST', 'PUT', 'PATCH']) {
    const before = received.length;
    const r = await send(via(proxy, `${upstream}/v1/body`), {method, headers: {'Content-Type': 'text/plain'}, body: 'payload'});
    assert.equal(r.status, 200, `${method}: ${r.body}`);
    assert.equal(received.slice(before).length, 1, method);
    assert.equal(received.at(-1)!.body, method === 'GET' || method === 'HEAD' ? '' : 'payload', method);
    assert.equal(received.at(-1)!.length, method === 'GET' || method === 'HEAD' ? undefined : '7', method);
    assert.equal(r.body, method === 'HEAD' ? '' : 'answer', method);
  }
});

test('an https target is spoken to over TLS: a plain-HTTP server at that address gets no request in clear', async () => {
  const port = new URL(upstream).port;
  const proxy = await proxyOf({allow: [`https://127.0.0.1:${port}/v1`]});
  const before = received.length;
  const r = await send(via(proxy, `https://127.0.0.1:${port}/v1/tls`));
  assert.equal(r.status, 502);
  assert.equal(r.headers['x-proxy-error'], 'unreachable');
  assert.equal(received.length, before);
});

test('an API that hangs up in the middle of its answer is a 502 at once, not a wait for the time cap', async () => {
  const proxy = await proxyOf({timeoutMs: 20000});
  const started = Date.now();
  const r = await send(via(proxy, `${upstream}/v1/broken`));
  assert.equal(r.status, 502);
  assert.equal(r.headers['x-proxy-error'], 'unreachable');
  assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
});

test('an answer the proxy cannot pass on (a status outside 100-999) is a 500 proxy_failure naming the cause', async () => {
  const weird = createTcpServer((socket) => {
    socket.once('data', () => socket.end('HTTP/1.1 099 Odd\r\nContent-Length: 0\r\n\r\n'));
  });
  const base = await listen(weird);
  const proxy = await proxyOf({allow: [`${base}/v1`]});
  const r = await send(via(proxy, `${base}/v1/odd`));
  assert.equal(r.status, 500);
  assert.equal(r.headers['x-proxy-error'], 'proxy_failure');
  assert.match(JSON.parse(r.body).error.message, /^The proxy failed: .*99/);
});

test("the operator's bases go through the injected resolver, to any address", async () => {
  const port = new URL(upstream).port;
  const proxy = await proxyOf({allow: [`http://mock.internal:${port}/v1`], resolve: async () => [{address: '127.0.0.1', family: 4}]});
  const r = await send(via(proxy, `http://mock.internal:${port}/v1/resolved`));
  assert.equal(r.status, 200);
  assert.equal(r.body, 'answer');
  assert.equal(received.at(-1)!.url, '/v1/resolved');
});

test('the request body caps: exact messages for a body counted while it arrives and for one that is too slow', async () => {
  const proxy = await proxyOf({maxBodyBytes: 10, bodyTimeoutMs: 300});
  const streamed = await send(via(proxy, `${upstream}/v1/a`), {
    method: 'POST',
    headers: {'Transfer-Encoding': 'chunked'},
    body: 'y'.repeat(11),
  });
  assert.equal(streamed.status, 413);
  assert.equal(streamed.body, errorBody('body_too_large', 'The request body is larger than 10 bytes, the most this proxy forwards.'));
  const slow = await new Promise<string>((resolve, reject) => {
    const req = httpRequest(new URL(via(proxy, `${upstream}/v1/a`)), {method: 'POST', headers: {'Content-Length': '5'}}, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.write('ab');
  });
  assert.equal(slow, errorBody('body_timeout', 'The request body did not arrive within 300 ms.'));
});

test('a refused body closes the connection; other refusals keep it open for the next request', async () => {
  const proxy = await proxyOf({maxBodyBytes: 10});
  const {port} = new URL(proxy);
  // Half-open allowed: the client's own end does not close it, only the proxy's closing does.
  const socket = connect({port: Number(port), host: '127.0.0.1', allowHalfOpen: true});
  await new Promise((resolve) => socket.once('connect', resolve));
  const answers: string[] = [];
  let closed = false;
  socket.on('data', (c: Buffer) => answers.push(c.toString()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  const path = `/?url=${encodeURIComponent(`${upstream}/v1/a`)}`;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  // A 403 (another page's origin): the connection stays.
  socket.write(`GET ${path} HTTP/1.1\r\nHost: p\r\nOrigin: https://evil.example\r\n\r\n`);
  await settle();
  assert.match(answers.join(''), /^HTTP\/1\.1 403 /);
  assert.equal(closed, false);
  // A body declared over the cap, sent only in part: answered 413 and the connection is closed.
  socket.write(`POST ${path} HTTP/1.1\r\nHost: p\r\nContent-Length: 1000\r\n\r\n${'z'.repeat(20)}`);
  await settle();
  assert.match(answers.join(''), /HTTP\/1\.1 413 /);
  // The rest of the body is not waited for (nor read and thrown away): the proxy has closed the
  // connection, and what the client still sends meets a closed socket.
  socket.write('z'.repeat(100));
  await settle();
  socket.write('z'.repeat(100));
  await settle();
  assert.equal(closed, true, 'the proxy closed the connection');
});

test('serverBases: a variable that is not an object expands to nothing, without failing', () => {
  assert.deepEqual(
    serverBases({servers: [{url: 'https://{region}.example.com', variables: {region: null as never}}, {url: 'https://api.example.com'}]}),
    ['https://api.example.com'],
  );
  assert.deepEqual(serverBases({}), []);
});
