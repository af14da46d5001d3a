import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {startStaticServer, type RunningServer} from './static-server';

let root: string;
let server: RunningServer;
before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  mkdirSync(path.join(root, 'docs/api/x'), {recursive: true});
  writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(root, '404.html'), '<h1>not found</h1>');
  writeFileSync(path.join(root, 'docs/api/x/index.html'), '<h1>x</h1>');
  writeFileSync(path.join(root, 'page.html'), '<h1>page</h1>');
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
  for (const [from, to] of [['/docs/api/x/index.html', '/docs/api/x'], ['/page.html', '/page'], ['/index.html', '/'], ['/page.html?q=1', '/page?q=1']]) {
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
