/**
 * Issue 22 row 4, on the nginx host we ship (hosting/nginx.conf): its ".html" redirects stay on the
 * site's own host for every request line an attacker can send, not only for what a browser sends.
 *
 * A real nginx (Debian's nginx-light, installed by tools/test.sh) serves a small root with the
 * shipped configuration included. Requests go over a raw socket, so the request target is exactly
 * the bytes below (fetch and browsers would turn "\" into "/" and collapse "./" first). Each
 * `Location` is then read the way a browser reads it: the WHATWG URL parser, relative to the page.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const CONF = path.resolve(__dirname, '../../../hosting/nginx.conf');
const HOST = 'portal.test';

/** Request targets as sent on the wire. Every one must be answered on HOST, or not redirected. */
const HOSTILE = [
  '//evil.example/x.html',
  '///evil.example/x.html',
  '/\\evil.example/x.html',
  '/\\\\evil.example/x.html',
  '/\\/evil.example/x.html',
  '//\\evil.example/x.html',
  '/.//evil.example/x.html',
  '/%5Cevil.example/x.html',
  '/%2F%2Fevil.example/x.html',
  '//evil.example/index.html',
  '/\\evil.example/index.html',
  '//evil.example/x.html?a=1',
  '//evil.example:80/x.html',
  '//user@evil.example/x.html',
];

/** The redirects the configuration exists for (product spec §2), which must keep working. */
const INTENDED: Array<[string, string]> = [
  ['/index.html', '/'],
  ['/index.html?q=1', '/?q=1'],
  ['/blog/welcome/index.html', '/blog/welcome'],
  ['/blog/welcome.html', '/blog/welcome'],
  ['/blog.html?x=1', '/blog?x=1'],
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const {port} = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** One raw HTTP/1.1 exchange; resolves with the status and the Location header (if any). */
function rawGet(port: number, target: string): Promise<{status: number; location?: string}> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${target}`)));
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const head = data.split('\r\n\r\n')[0];
      const status = Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1]);
      const location = /\r\nLocation: ([^\r\n]*)/i.exec(head)?.[1];
      resolve({status, location});
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`);
  });
}

let nginx: ChildProcess | undefined;
/** Two servers: nginx's default absolute redirects, and `absolute_redirect off` (common behind a proxy). */
const ports = {absolute: 0, relative: 0};
const dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-nginx-'));

before(async () => {
  assert.ok(existsSync(NGINX), `nginx is missing at ${NGINX}: tools/test.sh installs Debian's nginx-light`);
  ports.absolute = await freePort();
  ports.relative = await freePort();
  // The site root is dir itself: a home page and the 404 page are all the redirects need.
  for (const [file, body] of [
    ['index.html', 'home'],
    ['404.html', 'not found'],
  ]) {
    writeFileSync(path.join(dir, file), body);
  }
  const conf = path.join(dir, 'nginx.conf');
  const tmp = (name: string) => path.join(dir, name);
  writeFileSync(
    conf,
    [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${tmp('nginx.pid')};`,
      `error_log ${tmp('error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${tmp('body')};`,
      `  proxy_temp_path ${tmp('proxy')};`,
      `  fastcgi_temp_path ${tmp('fastcgi')};`,
      `  uwsgi_temp_path ${tmp('uwsgi')};`,
      `  scgi_temp_path ${tmp('scgi')};`,
      ...(['absolute', 'relative'] as const).flatMap((mode) => [
        '  server {',
        `    listen 127.0.0.1:${ports[mode]};`,
        `    server_name ${HOST};`,
        `    absolute_redirect ${mode === 'absolute' ? 'on' : 'off'};`,
        `    root ${dir};`,
        `    include ${CONF};`,
        '  }',
      ]),
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', conf], {stdio: ['ignore', 'ignore', 'pipe']});
  let stderr = '';
  nginx.stderr?.on('data', (c) => (stderr += c));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) assert.fail(`nginx exited (${nginx.exitCode}): ${stderr}`);
    const up = await rawGet(ports.relative, '/').then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) assert.fail(`nginx did not answer on port ${ports.relative}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

after(() => {
  nginx?.kill('SIGTERM');
  rmSync(dir, {recursive: true, force: true});
});

for (const mode of ['absolute', 'relative'] as const) {
  describe(`hosting/nginx.conf redirects stay on the site’s host (absolute_redirect ${mode === 'absolute' ? 'on' : 'off'})`, () => {
    for (const target of HOSTILE) {
      test(JSON.stringify(target), async () => {
        const {status, location} = await rawGet(ports[mode], target);
        if (status < 300 || status >= 400) return; // not a redirect: nothing to follow
        assert.ok(location !== undefined, `${target}: ${status} without a Location`);
        const resolved = new URL(location, `http://${HOST}/page`);
        assert.equal(resolved.hostname, HOST, `${target} -> Location: ${location} leaves the site (a browser goes to ${resolved.href})`);
      });
    }

    for (const [target, clean] of INTENDED) {
      test(`${target} -> ${clean}`, async () => {
        const {status, location} = await rawGet(ports[mode], target);
        assert.equal(status, 301, `${target}: status`);
        const resolved = new URL(location ?? '', `http://${HOST}/page`);
        assert.equal(resolved.hostname, HOST);
        assert.equal(resolved.pathname + resolved.search, clean);
      });
    }
  });
}
