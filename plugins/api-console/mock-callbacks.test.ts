/**
 * Issue 22 row 9: the mock never calls out. A document whose operation has callbacks to
 * `{$request.body#/callbackUrl}` (tests/hostile/mock-callbacks/openapi.json) is served by a real
 * Prism through startPrism (as `npm run mock`, `PORTAL_MOCK=1 npm start` and the tests run it); a
 * request naming a listening loopback server as the callback URL is answered, and nothing arrives
 * at that server. The same for a reference to a URL in the document (Prism dereferences the
 * document when it starts).
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {mockDocument, startPrism, type MockServer} from './prism';

const FIXTURE = path.resolve(__dirname, '../../tests/hostile/mock-callbacks/openapi.json');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'mock-callbacks-'));

let listener: http.Server;
let listenerUrl = '';
const arrived: string[] = [];
let mock: MockServer | undefined;

before(async () => {
  // The "internal service": another loopback address where the platform allows it, else another port.
  listener = http.createServer((req, res) => {
    arrived.push(`${req.method} ${req.url}`);
    res.writeHead(200, {'content-type': 'application/json'});
    res.end(JSON.stringify({type: 'string'}));
  });
  const host = await new Promise<string>((resolve) => {
    listener.once('error', () => listener.listen(0, '127.0.0.1', () => resolve('127.0.0.1')));
    listener.listen(0, '127.0.0.2', () => resolve('127.0.0.2'));
  });
  listenerUrl = `http://${host}:${(listener.address() as AddressInfo).port}`;
});

after(async () => {
  await mock?.stop();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  rmSync(scratch, {recursive: true, force: true});
});

test('a request whose body names a callback URL is answered, and the mock sends nothing there', async () => {
  mock = await startPrism({spec: FIXTURE});
  const response = await fetch(`${mock.url}/subscriptions`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({callbackUrl: `${listenerUrl}/hook`}),
  });
  assert.equal(response.status, 201);
  assert.deepEqual(await response.json(), {id: 'sub_1'});
  // Prism runs callbacks right after answering; give it ample time to (not) do so.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  assert.deepEqual(arrived, [], `the mock called out: ${arrived.join(', ')}`);
  assert.doesNotMatch(mock.log(), /Executing "post" callback/);
  assert.match(mock.log(), /without 2 callback object\(s\): the mock never calls out/);
});

test('a reference to a URL inside the processed document is not fetched when the mock starts', async () => {
  const doc = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  doc.paths['/subscriptions'].post.responses['201'].content['application/json'].schema = {
    $ref: `${listenerUrl}/latest/meta-data/schema.json`,
  };
  doc.paths['/subscriptions'].post.responses['201'].content['application/json'].examples = {
    remote: {externalValue: `${listenerUrl}/example.json`},
  };
  const file = path.join(scratch, 'remote-ref.json');
  writeFileSync(file, JSON.stringify(doc));
  const remote = await startPrism({spec: file});
  try {
    const response = await fetch(`${remote.url}/subscriptions`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({callbackUrl: 'x'}),
    });
    assert.equal(response.status, 201);
  } finally {
    await remote.stop();
  }
  assert.deepEqual(arrived, []);
});

test('mockDocument drops callbacks of operations and components, outside references and unsafe patterns; a property called "callbacks" stays', () => {
  const doc = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  doc.components.schemas = {
    Hook: {type: 'object', properties: {callbacks: {type: 'string', pattern: '^(a+)+$'}, id: {$ref: 'https://schemas.example/id.json'}}},
  };
  const copy = mockDocument(doc);
  assert.deepEqual(copy.callbacks, ['#/paths/~1subscriptions/post/callbacks', '#/components/callbacks']);
  assert.deepEqual(copy.externalRefs, ['#/components/schemas/Hook/properties/id/$ref']);
  assert.deepEqual(copy.patterns, ['#/components/schemas/Hook/properties/callbacks/pattern']);
  assert.deepEqual((copy.doc as any).components.schemas.Hook.properties.callbacks, {type: 'string'});
  assert.ok(doc.paths['/subscriptions'].post.callbacks, 'the document itself is left as it was');
});
