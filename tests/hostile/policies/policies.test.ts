/**
 * Issue 22 row 7: origins pasted into policies as text. The hostile servers of
 * servers.openapi.json go through the real CSP pass (plugins/csp writeSecurityPolicy) over a
 * small built site; the meta policy, `_headers` and the nginx snippet must each hold exactly the
 * portal's directives, one policy, the sources each server's `x-expect` names, and a warning per
 * refused server naming its JSON pointer. The configuration's sources (PORTAL_CONNECT_SRC,
 * PORTAL_IMG_SRC, PORTAL_MOCK_URL, PORTAL_PROXY_URL) go through the same rule.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {writeSecurityPolicy, type PolicySummary} from '../../../plugins/csp/index';
import {directives, headersFile, nginxSnippet, parseHeadersFile, securityHeaders} from '../../../plugins/csp/policy';
import {loadPortalConfig} from '../../../portal.config';

const FIXTURE = path.join(__dirname, 'servers.openapi.json');
const servers: {url: string; 'x-expect': string}[] = JSON.parse(readFileSync(FIXTURE, 'utf8')).servers;

/** The directives the portal writes, in order (frame-ancestors is header-only). */
const DIRECTIVES = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'worker-src',
  'media-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
];

let dir: string;
let summary: PolicySummary;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-policies-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>t</title><script>var a=1</script></head><body></body></html>',
  );
  summary = await writeSecurityPolicy(dir, '/', {processedSpec: FIXTURE});
});
after(() => rmSync(dir, {recursive: true, force: true}));

const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
const metaPolicy = () =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/
    .exec(read('index.html'))![1]!
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** name -> values of one serialized policy; fails on anything that is not a single policy of known directives. */
function parse(policy: string, where: string): Map<string, string[]> {
  assert.doesNotMatch(policy, /,/, `${where}: one policy (a "," would start another)`);
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    assert.ok(name && DIRECTIVES.includes(name), `${where}: unexpected directive ${JSON.stringify(name)} in ${policy}`);
    assert.ok(!out.has(name), `${where}: ${name} twice`);
    out.set(name, values);
  }
  return out;
}

function checkPolicy(policy: string, where: string, expectedDirectives: string[]) {
  const parsed = parse(policy, where);
  assert.deepEqual([...parsed.keys()], expectedDirectives, `${where}: exactly the portal's directives`);
  const kept = servers.filter((s) => s['x-expect'].includes('://')).map((s) => s['x-expect']);
  for (const name of ['connect-src', 'img-src']) {
    const values = parsed.get(name)!;
    for (const source of kept) assert.ok(values.includes(source), `${where}: ${name} has ${source}`);
    for (const v of values) {
      assert.ok(
        /^('self'|'none'|[a-z]+:|https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:(\d+|\*))?)$/.test(v),
        `${where}: ${name} value ${JSON.stringify(v)}`,
      );
    }
  }
}

test('the meta policy holds the portal directives only, with the good servers and none of the hostile ones', () => {
  checkPolicy(
    metaPolicy(),
    'meta',
    DIRECTIVES.filter((d) => d !== 'frame-ancestors'),
  );
});

test('_headers: one Content-Security-Policy of the portal directives', () => {
  const headers = new Map(parseHeadersFile(read('_headers')));
  checkPolicy(headers.get('Content-Security-Policy')!, '_headers', DIRECTIVES);
});

test('nginx snippet: every value is one quoted string without "$" (nginx variables) or an unescaped quote', () => {
  const nginx = read('security-headers.nginx.conf');
  assert.doesNotMatch(nginx, /\$/, 'no nginx variable');
  const lines = nginx.split('\n').filter((l) => l.startsWith('add_header'));
  assert.equal(lines.length, 6);
  for (const line of lines) assert.match(line, /^add_header [A-Za-z-]+ "([^"\\]|\\.)*" always;$/, line);
  const csp = /^add_header Content-Security-Policy "(.*)" always;$/m.exec(nginx)![1]!;
  checkPolicy(csp.replace(/\\(.)/g, '$1'), 'nginx', DIRECTIVES);
});

test('each refused server is a build warning naming its JSON pointer and why; kept ones are not', () => {
  servers.forEach((s, i) => {
    const warnings = summary.refused.filter((w) => w.includes(`#/servers/${i}/url:`));
    if (s['x-expect'] === 'refused') {
      assert.equal(warnings.length, 1, `${s.url}: one warning`);
      assert.ok(warnings[0]!.includes(JSON.stringify(s.url)), warnings[0]);
      assert.match(warnings[0]!, /left out of the Content-Security-Policy/);
      assert.match(warnings[0]!, /servers\.openapi\.json#/, 'names the file');
    } else {
      assert.deepEqual(warnings, [], s.url);
    }
  });
});

test('the serializers refuse a value that is not one source or one line (the last guard)', () => {
  const policy = directives({scriptHashes: [], apiOrigins: ['https://ok.example', 'https://x;script-src-elem']});
  assert.throws(() => securityHeaders(policy), /"https:\/\/x;script-src-elem" in img-src is not a single source expression/);
  assert.throws(() => nginxSnippet([['X-Test', 'a$b']]), /holds "\$"/);
  assert.throws(() => headersFile([['X-Test', 'a\nX-Other: b']]), /line break/);
  assert.equal(nginxSnippet([['X-Test', 'say "hi" \\ bye']]).split('\n')[2], 'add_header X-Test "say \\"hi\\" \\\\ bye" always;');
});

const ENV = ['PORTAL_CONNECT_SRC', 'PORTAL_IMG_SRC', 'PORTAL_MOCK_URL', 'PORTAL_PROXY_URL'];
function withEnv<T>(env: Record<string, string>, fn: () => T): T {
  const saved = Object.fromEntries(ENV.map((n) => [n, process.env[n]]));
  for (const n of ENV) delete process.env[n];
  Object.assign(process.env, env);
  try {
    return fn();
  } finally {
    for (const n of ENV) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  }
}

test('PORTAL_CONNECT_SRC / PORTAL_IMG_SRC: the same host rule; a bad source stops the build naming the variable', () => {
  const ok = withEnv(
    {
      PORTAL_CONNECT_SRC: "'self' https: wss://ws.example.com https://*.example.com:* https://cdn.example.com/img/ http://[::1]:9000",
      PORTAL_IMG_SRC: 'data: blob: *',
    },
    loadPortalConfig,
  );
  assert.deepEqual(ok.connectSrc, [
    "'self'",
    'https:',
    'wss://ws.example.com',
    'https://*.example.com:*',
    'https://cdn.example.com/img/',
    'http://[::1]:9000',
  ]);
  assert.deepEqual(ok.imgSrc, ['data:', 'blob:', '*']);
  for (const [name, value] of [
    ['PORTAL_CONNECT_SRC', 'https://a$b.example'],
    ['PORTAL_CONNECT_SRC', 'https://a;script-src-elem'],
    ['PORTAL_CONNECT_SRC', 'https://a,b.example'],
    ['PORTAL_IMG_SRC', "'unsafe-inline'"],
    ['PORTAL_IMG_SRC', 'https://cdn.example.com/$uri'],
    ['PORTAL_IMG_SRC', 'https://a"b.example'],
  ]) {
    assert.throws(
      () => withEnv({[name]: value}, loadPortalConfig),
      (e: Error) => e.message.includes(name) && e.message.includes(value),
      `${name}=${value}`,
    );
  }
});

test('PORTAL_MOCK_URL / PORTAL_PROXY_URL: a host the policy cannot hold stops the build naming the variable', () => {
  for (const name of ['PORTAL_MOCK_URL', 'PORTAL_PROXY_URL']) {
    for (const value of ['https://a;script-src-elem/x', 'https://*/x', 'https://a$b.example', 'https://a,b.example']) {
      assert.throws(
        () => withEnv({[name]: value}, loadPortalConfig),
        (e: Error) => e.message.includes(name) && /Content-Security-Policy/.test(e.message),
        `${name}=${value}`,
      );
    }
  }
  assert.equal(withEnv({PORTAL_PROXY_URL: 'https://proxy.example.com/cors/'}, loadPortalConfig).proxyUrl, 'https://proxy.example.com/cors');
});
