import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {directives, headersFile, inlineScripts, operatorSourceProblem, originsOf, nginxSnippet, parseHeadersFile, policySource, scriptHash, securityHeaders, serialize, withMetaPolicy} from './policy';

const PAGE = [
  '<!doctype html><html lang="en"><head>',
  '<meta charset="UTF-8">',
  '<title>x</title>',
  '<script>document.documentElement.dataset.a="1"</script>',
  '<script type="application/ld+json">{"@type":"Blog"}</script>',
  '<script src="/assets/js/main.js" defer></script>',
  '<script type="module">import "/x.js"</script>',
  '<script type=text/javascript>var b=2</script>',
  '</head><body><script>\nvar c = "</scr" + "ipt>";\n</script></body></html>',
].join('');

test('inline scripts: executable ones with their exact text; data blocks and src scripts left out', () => {
  assert.deepEqual(inlineScripts(PAGE), [
    'document.documentElement.dataset.a="1"',
    'import "/x.js"',
    'var b=2',
    '\nvar c = "</scr" + "ipt>";\n',
  ]);
});

test('script hash: base64 SHA-256 of the UTF-8 text, as browsers compute it', () => {
  // Independent computation of the same value for a non-ASCII script.
  const text = 'console.log("é ✓")';
  const expected = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64');
  assert.equal(scriptHash(text), `'sha256-${expected}'`);
  // The well-known hash of the empty script.
  assert.equal(scriptHash(''), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
});

const policy = directives({scriptHashes: ["'sha256-B'", "'sha256-A'", "'sha256-A'"], apiOrigins: ['https://api.example.com']});

test('policy: scripts by hash only, no unsafe-inline or eval for scripts, nothing framed or embedded', () => {
  const text = serialize(policy);
  const script = /script-src ([^;]*)/.exec(text)![1].split(' ');
  assert.deepEqual(script, ["'self'", "'sha256-A'", "'sha256-B'"]);
  assert.match(text, /object-src 'none'/);
  assert.match(text, /base-uri 'self'/);
  assert.match(text, /frame-ancestors 'none'/);
  assert.match(text, /img-src 'self' data: https:\/\/api\.example\.com(;|$)/);
  assert.match(text, /connect-src 'self' https:\/\/api\.example\.com /);
});

test('policy: image sources can be configured', () => {
  const custom = serialize(directives({scriptHashes: [], apiOrigins: ['https://api.example.com'], imgSrc: ['https://cdn.example.com']}));
  assert.match(custom, /img-src 'self' data: https:\/\/cdn\.example\.com;/);
});

test('meta policy: first thing after <meta charset>, without header-only directives', () => {
  const out = withMetaPolicy(PAGE, policy);
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(out);
  assert.ok(meta);
  assert.ok(out.indexOf(meta[0]) < out.indexOf('<script'), 'before every script');
  assert.ok(out.indexOf('<meta charset="UTF-8">') < out.indexOf(meta[0]), 'after the charset');
  assert.doesNotMatch(meta[1], /frame-ancestors/);
  assert.match(meta[1], /script-src 'self' 'sha256-A' 'sha256-B'/);
  assert.equal(withMetaPolicy(out, policy), out, 'applied once');
  assert.throws(() => withMetaPolicy('<html><body></body></html>', policy), /no <head>/);
});

test('hosting config: _headers round-trips, nginx adds every header', () => {
  const headers = securityHeaders(policy);
  assert.deepEqual(headers.map(([k]) => k), [
    'Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Permissions-Policy', 'Strict-Transport-Security',
  ]);
  assert.deepEqual(parseHeadersFile(headersFile(headers)), headers);
  assert.deepEqual(parseHeadersFile('/blog/*\n  X-Other: 1\n/*\n  A: b\n'), [['A', 'b']]);
  const nginx = nginxSnippet(headers);
  for (const [k] of headers) assert.match(nginx, new RegExp(`^add_header ${k} ".*" always;$`, 'm'));
});

test("the console's mock server and proxy (PORTAL_MOCK_URL, PORTAL_PROXY_URL) join connect-src by origin", () => {
  const extra = originsOf(['http://mock.internal:4010/v1', 'http://mock.internal:4010', 'https://proxy.example.com/cors']);
  assert.deepEqual(extra, ['http://mock.internal:4010', 'https://proxy.example.com']);
  const policy = directives({scriptHashes: [], apiOrigins: ['https://api.rev.io'], connectSrc: extra});
  const connect = policy.find(([name]) => name === 'connect-src')![1];
  for (const o of extra) assert.ok(connect.includes(o), `${o} in connect-src`);
});

test('policySource: scheme://host[:port] of an http(s) URL whose host a CSP host-source can hold; the reason otherwise', () => {
  assert.deepEqual(policySource('https://API.example.com:8443/v1?x#y'), {source: 'https://api.example.com:8443'});
  assert.deepEqual(policySource('http://[::1]:4010/'), {source: 'http://[::1]:4010'});
  assert.deepEqual(policySource('https://bücher.example/'), {source: 'https://xn--bcher-kva.example'});
  for (const [url, reason] of [
    ['https://!;script-src-elem/v1', /its host "!;script-src-elem" holds characters/],
    ['https://*/v1', /its host "\*"/],
    ['https://a;b,c.example/v1', /its host "a;b,c\.example"/],
    ['https://a$b.example/', /its host "a\$b\.example"/],
    ['ftp://x.example/', /scheme "ftp:"/],
    ['/v1', /not an absolute URL/],
  ] as const) {
    const result = policySource(url);
    assert.ok('refused' in result, url);
    assert.match(result.refused, reason, url);
  }
});

test('operatorSourceProblem: keywords, schemes and host-sources with wildcards pass; anything that could end a directive does not', () => {
  for (const ok of ["'self'", "'none'", 'https:', 'data:', '*', '*.example.com', 'https://*.example.com:*', 'wss://ws.example.com:443/path/', 'http://[::1]:9000']) {
    assert.equal(operatorSourceProblem(ok), undefined, ok);
  }
  for (const bad of ["'unsafe-inline'", 'https://a;b', 'a,b.example', 'https://a$b.example', 'https://x.example/$uri', "https://x.example/'", 'https://**.example.com']) {
    assert.match(operatorSourceProblem(bad) ?? '', /is not a CSP source/, bad);
  }
});
