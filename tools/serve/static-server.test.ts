import {after, before, mock, test} from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import {mkdirSync, mkdtempSync, promises as fsp, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanLocation, startStaticServer, type RunningServer} from './static-server';

let root: string;
let server: RunningServer;
before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  mkdirSync(path.join(root, 'docs/api/x'), {recursive: true});
  writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(root, '404.html'), '<h1>not found</h1>');
  writeFileSync(path.join(root, 'docs/api/x/index.html'), '<h1>x</h1>');
  writeFileSync(path.join(root, 'page.html'), '<h1>page</h1>');
  writeFileSync(
    path.join(root, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n  X-Frame-Options: DENY\n/blog/*\n  X-Blog: 1\n",
  );
  server = await startStaticServer({root});
});
after(async () => {
  await server.close();
  rmSync(root, {recursive: true, force: true});
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(new URL(p.slice(1), server.url), {redirect: 'manual', headers});

test('clean URLs reach index.html and .html files', async () => {
  assert.equal(await (await get('/docs/api/x')).text(), '<h1>x</h1>');
  assert.equal(await (await get('/page')).text(), '<h1>page</h1>');
  assert.equal(await (await get('/')).text(), '<h1>home</h1>');
});

test('.html and /index.html redirect to the clean path', async () => {
  for (const [from, to] of [
    ['/docs/api/x/index.html', '/docs/api/x'],
    ['/page.html', '/page'],
    ['/index.html', '/'],
    ['/page.html?q=1', '/page?q=1'],
  ]) {
    const res = await get(from);
    assert.equal(res.status, 301, from);
    assert.equal(res.headers.get('location'), to, from);
  }
});

test('unknown paths get the 404 page with status 404; no escape from the root', async () => {
  const res = await get('/nope');
  assert.equal(res.status, 404);
  assert.equal(await res.text(), '<h1>not found</h1>');
  assert.equal((await get('/..%2f..%2fetc/passwd')).status, 404);
});

test('gzip when accepted', async () => {
  const res = await get('/page', {'accept-encoding': 'gzip'});
  assert.equal(res.headers.get('content-encoding'), 'gzip');
  // fetch decodes gzip itself; the length header is the compressed size.
  assert.equal(await res.text(), '<h1>page</h1>');
  assert.ok(Number(res.headers.get('content-length')) > 0);
});

/** A request with the path sent exactly as written (fetch would resolve dot segments first). */
function raw(p: string, headers: Record<string, string> = {}): Promise<{status: number; location?: string; body: string}> {
  const {hostname, port} = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({hostname, port, path: p, headers}, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, location: res.headers.location, body}));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test('redirects stay on this host: leading slashes of the clean path are collapsed', async () => {
  for (const p of ['/.//evil.example/x.html', '//evil.example/x.html', '/./\\evil.example/x/index.html', '/%2e//evil.example/x.html']) {
    const res = await raw(p);
    assert.equal(res.status, 301, p);
    assert.match(res.location ?? '', /^\/(?![/\\])/, `${p} -> ${res.location}: a path on this host`);
  }
  assert.equal((await raw('/.//evil.example/x.html')).location, '/evil.example/x');
  assert.equal(cleanLocation('/base/', '//evil.example/x.html', ''), '/base//evil.example/x');
  assert.equal(cleanLocation('/', '/page.html', '?q=1'), '/page?q=1');
  assert.equal(cleanLocation('/', '/page', ''), null);
});

test('issue 22 row 4: the redirect target is on this host by construction, whatever path it is given', async () => {
  // "//evil.example/x.html" is a path on this host (not a request for the host evil.example).
  assert.equal((await raw('//evil.example/x.html')).location, '/evil.example/x');
  // Paths the server never gets from a request (dot segments, backslashes) still stay on the host:
  // parsing "/.//x" resolves the dot segment into a new leading "//".
  const self = 'https://portal.example';
  for (const [base, sitePath, search] of [
    ['/', '/.//evil.example/x.html', ''],
    ['/', '/..//evil.example/x/index.html', '?a=1'],
    ['/', '/\\\\evil.example/x.html', ''],
    ['/b/', '/./\\/evil.example/x.html', ''],
    ['/', '/%2e//evil.example/x.html', ''],
  ]) {
    const location = cleanLocation(base, sitePath, search);
    assert.ok(location !== null, sitePath);
    assert.equal(new URL(location, self).origin, self, `${sitePath} -> ${location}`);
    assert.match(location, /^\/(?![/\\])/, `${sitePath} -> ${location}`);
  }
});

test('a file that cannot be read answers 500 and the server keeps serving', async () => {
  writeFileSync(path.join(root, 'fresh.html'), '<h1>fresh</h1>'); // not in the gzip cache yet
  const failure = () => Promise.reject(Object.assign(new Error('EIO: i/o error'), {code: 'EIO'}));
  const open = mock.method(fsp, 'open', failure);
  const readFile = mock.method(fsp, 'readFile', failure);
  try {
    const plainRes = await raw('/page');
    assert.equal(plainRes.status, 500, 'uncompressed');
    assert.doesNotMatch(plainRes.body, /EIO/, 'no error details in the answer');
    assert.equal((await raw('/fresh', {'accept-encoding': 'gzip'})).status, 500, 'gzip');
    assert.equal((await raw('/nope')).status, 500, 'the 404 page itself');
  } finally {
    open.mock.restore();
    readFile.mock.restore();
  }
  assert.equal(await (await get('/page')).text(), '<h1>page</h1>', 'served again once reads work');
  assert.equal(await (await get('/fresh', {'accept-encoding': 'gzip'})).text(), '<h1>fresh</h1>', 'a failed gzip read is not cached');
});

test('a read error in the middle of a response ends it without taking the server down', async () => {
  const original = fsp.open.bind(fsp);
  let cut = 0;
  const open = mock.method(fsp, 'open', async (...args: Parameters<typeof fsp.open>) => {
    const handle = await original(...args);
    const createReadStream = handle.createReadStream.bind(handle);
    handle.createReadStream = (options?: Parameters<typeof handle.createReadStream>[0]) => {
      cut++;
      const stream = createReadStream(options);
      stream.once('open', () => process.nextTick(() => stream.destroy(new Error('EIO: read failed'))));
      return stream;
    };
    return handle;
  });
  try {
    await raw('/page', {'accept-encoding': 'identity'}).then(
      () => undefined,
      () => undefined,
    ); // cut short or empty: either is fine
  } finally {
    open.mock.restore();
  }
  assert.equal(cut, 1, 'the response was streamed from the failing file');
  assert.equal(await (await get('/page')).text(), '<h1>page</h1>');
});

test("every answer carries the build's _headers rules for /* and nosniff, a plain host none", async () => {
  for (const p of ['/', '/page', '/missing', '/page.html']) {
    const res = await get(p);
    assert.equal(res.headers.get('content-security-policy'), "default-src 'self'; frame-ancestors 'none'", p);
    assert.equal(res.headers.get('x-frame-options'), 'DENY', p);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff', p);
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', p);
    assert.equal(res.headers.get('x-blog'), null, `${p}: rules of other paths are not applied`);
  }
  const plain = await startStaticServer({root, plain: true});
  try {
    const res = await fetch(plain.url);
    assert.equal(res.headers.get('content-security-policy'), null);
    assert.equal(res.headers.get('x-content-type-options'), null);
  } finally {
    await plain.close();
  }
});
