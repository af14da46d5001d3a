import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {serverOrigins, writeSecurityPolicy} from './index';
import {inlineScripts, parseHeadersFile, scriptHash} from './policy';

const THEME = 'var mode = localStorage.getItem("theme");\ndocument.documentElement.setAttribute("data-theme", mode || "light");';
const CLEAN_PATH = 'if (/\\/index\\.html$/.test(location.pathname)) history.replaceState(null, "", location.pathname.slice(0, -10));';
const BANNER = 'document.addEventListener("DOMContentLoaded", function () { window.bannerChecked = true; });';

const page = (scripts: string[], body = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>t</title>${scripts.map((s) => `<script>${s}</script>`).join('')}` +
  `<script type="application/ld+json">{"@type":"BlogPosting"}</script><script src="/assets/js/main.js" defer></script></head><body>${body}</body></html>`;

/** A built site: pages with different sets of inline scripts (as Docusaurus writes them). */
function site(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-'));
  const files: Record<string, string> = {
    'index.html': page([BANNER, CLEAN_PATH, THEME], '<main>home</main>'),
    'docs/api/get-customer/index.html': page([CLEAN_PATH, THEME]),
    'blog/welcome/index.html': page([CLEAN_PATH, THEME]),
    '404.html': page([CLEAN_PATH, THEME]),
    'oauth2-redirect/index.html': page([], '<script src="redirect.js"></script>'),
  };
  for (const [file, html] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), html);
  }
  return dir;
}

const metaScriptSrc = (html: string) => {
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(meta, 'a CSP meta tag');
  return /script-src ([^;]*)/.exec(meta[1]!.replace(/&#x27;|&#39;/g, "'"))![1]!.split(' ');
};

test('one pass: each page names its own (minified) inline scripts; the hosting files name them all', async () => {
  const dir = site();
  try {
    const spec = path.join(dir, 'openapi.json');
    writeFileSync(spec, JSON.stringify({servers: [{url: 'https://api.example.com/v1'}]}));
    const summary = await writeSecurityPolicy(dir, '/', {processedSpec: spec});
    assert.deepEqual(summary, {pages: 5, scripts: 3, saved: summary.saved, hashes: 3, refused: []});
    assert.ok(summary.saved > 0, 'the scripts were minified');

    const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
    const all = new Set<string>();
    for (const [file, count] of [
      ['index.html', 3],
      ['docs/api/get-customer/index.html', 2],
      ['blog/welcome/index.html', 2],
      ['404.html', 2],
      ['oauth2-redirect/index.html', 0],
    ] as const) {
      const html = read(file);
      const scripts = inlineScripts(html);
      assert.equal(scripts.length, count, `${file}: its inline scripts`);
      assert.ok(!scripts.some((s) => [THEME, CLEAN_PATH, BANNER].includes(s)), `${file}: the scripts are minified`);
      const own = scripts.map(scriptHash);
      own.forEach((h) => all.add(h));
      assert.deepEqual(metaScriptSrc(html), ["'self'", ...own.sort()], `${file}: script-src names exactly its own scripts`);
      assert.ok(
        html.indexOf('http-equiv="Content-Security-Policy"') < html.indexOf('<script'),
        `${file}: the policy comes before the scripts`,
      );
      assert.match(html, /connect-src 'self' https:\/\/api\.example\.com https:/, `${file}: the API origin may be called`);
    }
    assert.equal(all.size, 3);
    // The banner's hash is in the home page's policy only.
    const banner = [...all].find((h) => !metaScriptSrc(read('404.html')).includes(h));
    assert.ok(banner && metaScriptSrc(read('index.html')).includes(banner));
    assert.match(
      read('docs/api/get-customer/index.html'),
      /<link rel="alternate" type="text\/markdown" href="\/docs\/api\/get-customer\.md"><\/head>/,
    );

    const headers = new Map(parseHeadersFile(read('_headers')));
    const headerScripts = /script-src ([^;]*)/.exec(headers.get('Content-Security-Policy')!)![1]!.split(' ');
    assert.deepEqual(headerScripts, ["'self'", ...[...all].sort()], '_headers: every inline script of the site');
    assert.match(headers.get('Content-Security-Policy')!, /frame-ancestors 'none'/);
    const nginx = read('security-headers.nginx.conf');
    for (const h of all) assert.ok(nginx.includes(h), `nginx snippet: ${h}`);

    // Nothing left behind by the atomic replacement.
    const leftovers = readdirSync(dir, {recursive: true})
      .map(String)
      .filter((f) => f.includes('.csp-'));
    assert.deepEqual(leftovers, []);

    // Run again on its own output (a rebuilt postBuild): nothing changes.
    const before = read('index.html');
    await writeSecurityPolicy(dir, '/', {processedSpec: spec});
    assert.equal(read('index.html'), before);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test("serverOrigins reads only the document's servers (a large processed document is not parsed whole)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-servers-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    // Valid up to and including `servers`, broken after: a whole parse would throw.
    writeFileSync(
      spec,
      `{"openapi":"3.0.3","info":{"title":"x","version":"1"},"servers":[{"url":"https://api.example.com/v1"},{"url":"/relative"},{"url":"https://{region}.example.com"},{"url":"ftp://files.example.com"}],"paths":{"/x": BROKEN`,
    );
    const warnings: string[] = [];
    assert.deepEqual(
      serverOrigins(spec, (m) => warnings.push(m)),
      ['https://api.example.com'],
    );
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /openapi\.json#\/servers\/3\/url: the server "ftp:\/\/files\.example\.com" is left out/);
    writeFileSync(spec, '{"openapi":"3.0.3","paths":{}}');
    assert.deepEqual(serverOrigins(spec), []);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
