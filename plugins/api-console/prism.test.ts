/**
 * What Stoplight Prism does with our processed description (the claims in prism.ts), checked
 * against a real Prism process on a free port: every operation answers its documented success
 * status with the document's example, invalid input gets the document's own error response,
 * CORS is answered for a browser, the PDF operation answers with its documented type and
 * headers, and the proxy forwards to it.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import type {Server} from 'node:http';
import {resolveLocal} from '../../openapi/pipeline/examples';
import {listOperations} from '../../openapi/model/operations';
import {loadPortalConfig} from '../../portal.config';
import {PageDataBuilder, sampleRequest} from '../api-pages/page-data';
import {mockPortFromEnv, startPrism, type MockServer} from './prism';
import {createProxy} from './proxy';

const portalConfig = loadPortalConfig();

/* eslint-disable @typescript-eslint/no-explicit-any */
const doc: any = JSON.parse(readFileSync(portalConfig.processedSpec, 'utf8'));
const resolve = (node: unknown): any => resolveLocal(doc, node).node;

/** The first example of a response's media type (example, or the first of examples). */
function exampleOf(response: any, mediaType: string): unknown {
  const media = resolve(response).content?.[mediaType];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  return first ? resolve(first).value : undefined;
}

let mock: MockServer;
const AUTH = {Authorization: `Basic ${Buffer.from('mock-user:mock-password').toString('base64')}`, 'Ocp-Apim-Subscription-Key': 'mock-key'};

before(async () => {
  mock = await startPrism({spec: portalConfig.processedSpec});
});
after(async () => {
  await mock?.stop();
});

test('MOCK_PORT: default 4010, a number, or a clear error', () => {
  assert.equal(mockPortFromEnv({}), 4010);
  assert.equal(mockPortFromEnv({MOCK_PORT: ' 4999 '}), 4999);
  assert.throws(() => mockPortFromEnv({MOCK_PORT: 'abc'}), /MOCK_PORT must be a port number \(0-65535\), got "abc"/);
});

test('a missing document is named', async () => {
  await assert.rejects(
    startPrism({spec: '/nonexistent/openapi.json'}),
    /\/nonexistent\/openapi\.json is missing: run "npm run prepare:api" first/,
  );
});

describe('every operation answers its documented success status with the document example', () => {
  const builder = new PageDataBuilder(structuredClone(doc));
  for (const op of listOperations(builder.doc)) {
    test(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const page = builder.operation(op.method, op.path);
      const req = sampleRequest({...page, servers: [{url: mock.url}]});
      const url = new URL(req.url);
      for (const [k, v] of req.query) url.searchParams.append(k, v);
      const headers: Record<string, string> = {...AUTH, ...Object.fromEntries(req.headers)};
      if (req.accept) headers.Accept = req.accept;
      if (req.body) headers['Content-Type'] = req.body.mediaType;
      const res = await fetch(url, {
        method: req.method.toUpperCase(),
        headers,
        body: req.body ? JSON.stringify(req.body.value) : undefined,
      });
      const responses = doc.paths[op.path][op.method].responses;
      const success = Object.keys(responses).find((s) => /^2\d\d$/.test(s))!;
      assert.equal(res.status, Number(success), `${await res.clone().text()}`);
      assert.equal(res.headers.get('sl-violations'), null, 'no request violation');
      const mediaType = Object.keys(resolve(responses[success]).content ?? {})[0];
      if (/json/.test(mediaType)) {
        assert.deepEqual(await res.json(), exampleOf(responses[success], mediaType), 'the document example');
      } else {
        assert.equal(res.headers.get('content-type'), mediaType);
      }
    });
  }
});

describe('invalid input gets the document error response', () => {
  test('no credentials: 401 with the document example', async () => {
    const res = await fetch(`${mock.url}/contacts`);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), exampleOf(doc.paths['/contacts'].get.responses['401'], 'application/json'));
  });

  test('a query parameter out of range: 400 with the document example, the violation named', async () => {
    const res = await fetch(`${mock.url}/contacts?page_size=1000`, {headers: AUTH});
    assert.equal(res.status, 400);
    assert.match(res.headers.get('sl-violations') ?? '', /page_size must be <= 100/);
    assert.deepEqual(await res.json(), exampleOf(doc.paths['/contacts'].get.responses['400'], 'application/json'));
  });

  test("an invalid body: Prism's 422-before-400 order gives the document's 422 example where one is defined", async () => {
    const res = await fetch(`${mock.url}/contacts`, {
      method: 'POST',
      headers: {...AUTH, 'Content-Type': 'application/json'},
      body: '{"first_name": 1}',
    });
    assert.equal(res.status, 422);
    assert.match(res.headers.get('sl-violations') ?? '', /must have required property 'customer_id'/);
    assert.deepEqual(await res.json(), exampleOf(doc.paths['/contacts'].post.responses['422'], 'application/json'));
  });
});

describe('CORS for the browser', () => {
  test('a preflight is answered for the origin, method and headers asked', async () => {
    const res = await fetch(`${mock.url}/contacts/55120`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:3000',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,ocp-apim-subscription-key,content-type',
      },
    });
    assert.ok(res.status >= 200 && res.status < 300, `preflight status ${res.status}`);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3000');
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    assert.equal(res.headers.get('access-control-allow-headers'), 'authorization,ocp-apim-subscription-key,content-type');
  });

  test('answers allow the page origin and expose their headers', async () => {
    const res = await fetch(`${mock.url}/ticket-options`, {headers: {...AUTH, Origin: 'http://127.0.0.1:3000'}});
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3000', 'the page origin, echoed');
    assert.equal(res.headers.get('access-control-expose-headers'), '*');
  });
});

test('the invoice PDF: documented type and Content-Disposition; the body is a placeholder (the document has no binary example)', async () => {
  const res = await fetch(`${mock.url}/invoices/908817/pdf`, {headers: {...AUTH, Accept: 'application/pdf'}});
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename=".+\.pdf"$/);
  assert.equal(await res.text(), 'string', "Prism's placeholder for a binary schema without an example");
});

test('the proxy forwards to the mock when the mock is on its allowlist', async () => {
  const proxy: Server = createProxy({
    allow: [mock.url],
    origins: ['http://127.0.0.1:3000'],
    maxBodyBytes: 1 << 20,
    timeoutMs: 10000,
    rateLimit: {max: 10, windowMs: 60000},
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  try {
    const at = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const res = await fetch(`${at}/?url=${encodeURIComponent(`${mock.url}/ticket-options`)}`, {
      headers: {...AUTH, Origin: 'http://127.0.0.1:3000'},
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3000');
    assert.deepEqual(await res.json(), exampleOf(doc.paths['/ticket-options'].get.responses['200'], 'application/json'));
  } finally {
    proxy.closeAllConnections();
    await new Promise<void>((r) => proxy.close(() => r()));
  }
});
