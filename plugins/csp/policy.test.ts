import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {
  directives,
  headersFile,
  inlineScripts,
  mapInlineScripts,
  operatorSourceProblem,
  originsOf,
  nginxSnippet,
  parseHeadersFile,
  policySource,
  scriptHash,
  securityHeaders,
  serialize,
  withMetaPolicy,
} from './policy';

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
  assert.deepEqual(
    headers.map(([k]) => k),
    [
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'X-Frame-Options',
      'Permissions-Policy',
      'Strict-Transport-Security',
    ],
  );
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
  for (const ok of [
    "'self'",
    "'none'",
    'https:',
    'data:',
    '*',
    '*.example.com',
    'https://*.example.com:*',
    'wss://ws.example.com:443/path/',
    'http://[::1]:9000',
  ]) {
    assert.equal(operatorSourceProblem(ok), undefined, ok);
  }
  for (const bad of [
    "'unsafe-inline'",
    'https://a;b',
    'a,b.example',
    'https://a$b.example',
    'https://x.example/$uri',
    "https://x.example/'",
    'https://**.example.com',
  ]) {
    assert.match(operatorSourceProblem(bad) ?? '', /is not a CSP source/, bad);
  }
});

// Rule by rule: each test below names the rule it guards and fails when that rule breaks.

test('inline scripts: which type attributes a browser executes (empty, JavaScript MIME types, module), in any case and spacing', () => {
  const runs = (attrs: string) => inlineScripts(`<script${attrs}>x</script>`).length === 1;
  for (const attrs of [
    '',
    ' type=""',
    " type=''",
    ' type=" "',
    ' type="text/javascript"',
    ' type="  text/javascript  "',
    ' type="application/javascript"',
    ' type="application/x-javascript"',
    ' type="text/ecmascript"',
    ' type="application/x-ecmascript"',
    ' type="TEXT/JAVASCRIPT"',
    ' type="module"',
    ' type=" Module "',
    " type='module'",
    ' type=module',
    ' TYPE = "module"',
    ' data-type="application/ld+json"',
    ' data-src="/x.js"',
    ' async',
  ]) {
    assert.equal(runs(attrs), true, `<script${attrs}>`);
  }
  for (const attrs of [
    ' type="application/ld+json"',
    ' type="text/template"',
    ' type="x-text/javascript"',
    ' type="text/javascript1.5"',
    ' type="text/jscript"',
    ' type="textjavascript"',
    ' type="text/xjavascript"',
    ' type="modules"',
    ' type="amodule"',
    ' type="module x"',
    " type='text/plain'",
    ' type=text/html',
    ' type="text/x-javascript-template"',
    ' type = "application/ld+json"',
    ' type=\n"text/plain"',
    ' src="/a.js"',
    ' SRC = "/a.js"',
    ' defer src="/a.js"',
  ]) {
    assert.equal(runs(attrs), false, `<script${attrs}>`);
  }
});

test('inline scripts: tags in any case, an end tag with spaces, several per page, each text exactly up to its own end tag', () => {
  assert.deepEqual(inlineScripts('<SCRIPT>a()</SCRIPT ><script>\nb()\n</script\n><scripts>no</scripts><script>c()</script>'), [
    'a()',
    '\nb()\n',
    'c()',
  ]);
  assert.deepEqual(inlineScripts('<script></script>'), ['']);
  assert.deepEqual(inlineScripts('<p>no scripts</p>'), []);
});

test('mapInlineScripts: rewrites the text of exactly the scripts inlineScripts finds, leaving attributes, data blocks and src scripts as written', () => {
  const page =
    '<script type="module" nonce="x">a()</script><script type="application/json">{"a":1}</script><script src="/s.js">ignored()</script><script></script>';
  const seen: string[] = [];
  const out = mapInlineScripts(page, (t) => (seen.push(t), `/*${t}*/$&$1`));
  assert.deepEqual(seen, ['a()', '']);
  assert.equal(
    out,
    '<script type="module" nonce="x">/*a()*/$&$1</script><script type="application/json">{"a":1}</script><script src="/s.js">ignored()</script><script>/**/$&$1</script>',
  );
  assert.equal(
    mapInlineScripts(page, (t) => t),
    page,
    'the identity changes nothing',
  );
});

test('directives: the whole policy, directive by directive (hashes and origins sorted and unique, connect-src for the console)', () => {
  assert.deepEqual(
    directives({
      scriptHashes: new Set(["'sha256-B'", "'sha256-A'"]),
      apiOrigins: ['https://b.example', 'https://a.example', 'https://b.example'],
      connectSrc: ['wss://ws.example'],
    }),
    [
      ['default-src', ["'self'"]],
      ['script-src', ["'self'", "'sha256-A'", "'sha256-B'"]],
      ['style-src', ["'self'", "'unsafe-inline'"]],
      ['img-src', ["'self'", 'data:', 'https://a.example', 'https://b.example']],
      ['font-src', ["'self'", 'data:']],
      [
        'connect-src',
        ["'self'", 'https://a.example', 'https://b.example', 'https:', 'http://localhost:*', 'http://127.0.0.1:*', 'wss://ws.example'],
      ],
      ['worker-src', ["'self'"]],
      ['media-src', ["'self'", 'blob:']],
      ['object-src', ["'none'"]],
      ['base-uri', ["'self'"]],
      ['form-action', ["'self'"]],
      ['frame-ancestors', ["'none'"]],
    ],
  );
  const bare = directives({scriptHashes: [], apiOrigins: []});
  assert.deepEqual(bare.find(([n]) => n === 'connect-src')![1], ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*']);
  assert.deepEqual(bare.find(([n]) => n === 'img-src')![1], ["'self'", 'data:']);
});

test('serialize: "name values" joined by "; "; a <meta> policy leaves out frame-ancestors, report-uri and sandbox (header-only)', () => {
  const policy: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['report-uri', ['/csp']],
    ['sandbox', []],
    ['upgrade-insecure-requests', []],
    ['img-src', ["'self'", 'data:']],
  ];
  assert.equal(
    serialize(policy),
    "default-src 'self'; frame-ancestors 'none'; report-uri /csp; sandbox; upgrade-insecure-requests; img-src 'self' data:",
  );
  assert.equal(serialize(policy, {meta: true}), "default-src 'self'; upgrade-insecure-requests; img-src 'self' data:");
  assert.equal(serialize(policy, {meta: false}), serialize(policy));
});

test('serialize: one value is one source expression; whitespace, ";", "," and control characters are refused, naming the value and directive', () => {
  for (const v of ['a b', 'a\tb', 'a;b', 'a,b', 'a\nb', 'a\x00b', 'a\x1fb', 'a\x7fb', '', ' a', 'a ']) {
    assert.throws(
      () => serialize([['img-src', [v]]]),
      (e: Error) => e.message === `Content-Security-Policy: ${JSON.stringify(v)} in img-src is not a single source expression`,
      JSON.stringify(v),
    );
  }
  for (const v of ['a', "'self'", 'https://x.example/a?b&c="d"', '~!', 'é']) assert.equal(serialize([['img-src', [v]]]), `img-src ${v}`);
});

test('securityHeaders: the exact header values', () => {
  assert.deepEqual(securityHeaders([['default-src', ["'self'"]]]), [
    ['Content-Security-Policy', "default-src 'self'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ]);
});

test('withMetaPolicy: placed right after <head> (or after a leading <meta charset>), its content attribute escaped; an existing policy meta in any quoting is kept', () => {
  const p: [string, string[]][] = [
    ['img-src', ['https://x.example/?a&b="c"']],
    ['frame-ancestors', ["'none'"]],
  ];
  const tag = '<meta http-equiv="Content-Security-Policy" content="img-src https://x.example/?a&amp;b=&quot;c&quot;">';
  assert.equal(
    withMetaPolicy('<html><head lang="en"><title>t</title></head></html>', p),
    `<html><head lang="en">${tag}<title>t</title></head></html>`,
  );
  assert.equal(
    withMetaPolicy('<HEAD>\n  <meta charset="utf-8" /><title>t</title>', p),
    `<HEAD>\n  <meta charset="utf-8" />${tag}<title>t</title>`,
  );
  assert.equal(
    withMetaPolicy('<head><title>t</title><meta charset="utf-8">', p),
    `<head>${tag}<title>t</title><meta charset="utf-8">`,
    'a charset that is not first stays where it is',
  );
  assert.equal(withMetaPolicy('<header></header><head></head>', p), `<header></header><head>${tag}</head>`, '<header> is not <head>');
  assert.throws(
    () => withMetaPolicy('<html><body><header>x</header></body></html>', p),
    /^Error: no <head> element to put the Content-Security-Policy in$/,
  );
  for (const has of [
    '<meta http-equiv="Content-Security-Policy" content="x">',
    "<meta http-equiv='content-security-policy' content='x'>",
    '<META name=x HTTP-EQUIV=Content-Security-Policy content=x>',
  ]) {
    const html = `<head>${has}</head>`;
    assert.equal(withMetaPolicy(html, p), html, has);
  }
});

test('hosting files: _headers and nginx carry exact lines; a header value with a line break or control character is refused; nginx refuses "$" and escapes quotes and backslashes', () => {
  const headers: [string, string][] = [
    ['A', 'x "y" \\z'],
    ['B', 'v'],
  ];
  assert.equal(headersFile(headers), '/*\n  A: x "y" \\z\n  B: v\n');
  const nginx = nginxSnippet(headers).split('\n');
  assert.deepEqual(nginx.slice(-3), ['add_header A "x \\"y\\" \\\\z" always;', 'add_header B "v" always;', '']);
  assert.deepEqual(
    nginx.slice(0, 2),
    [
      '# Security headers of the Developer Portal (generated by the build: the script hashes change',
      '# with the site). Include it in the server block that serves build/: include this_file;',
    ],
    'the comment tells the operator where the file goes',
  );
  for (const bad of ['a\nb', 'a\rb', 'a\x00b', 'a\x1fb', 'a\x7fb']) {
    assert.throws(
      () => headersFile([['X', bad]]),
      /^Error: _headers: the X header holds a control character or line break$/,
      JSON.stringify(bad),
    );
    assert.throws(
      () => nginxSnippet([['X', bad]]),
      /^Error: nginx snippet: the nginx header holds a control character or line break$/,
      JSON.stringify(bad),
    );
  }
  assert.throws(
    () => nginxSnippet([['X', 'a$uri']]),
    (e: Error) => e.message === 'nginx snippet: "a$uri" holds "$", which nginx would read as a variable',
  );
  assert.equal(headersFile([['X', 'a\x20~\x80']]), '/*\n  X: a ~\x80\n', 'space and non-ASCII are fine');
});

test('parseHeadersFile: only the "/*" block; indented "Name: value" lines, the value as written after the colon and spaces', () => {
  const text = [
    '# comment',
    '/*',
    '  A: 1',
    '\tB:two words ',
    '  not a header',
    '  X Y: z',
    '  C:',
    '  U: a\u2028b',
    '/api/*',
    '  D: 4',
    '/* ',
    '  E: 5',
    '/*/x',
    '  F: 6',
  ].join('\n');
  assert.deepEqual(parseHeadersFile(text), [
    ['A', '1'],
    ['B', 'two words '],
    ['C', ''],
    ['U', 'a\u2028b'],
    ['E', '5'],
  ]);
  assert.deepEqual(
    parseHeadersFile('/*\r\n  A: 1\r\n  B: 2\r\n'),
    [
      ['A', '1'],
      ['B', '2'],
    ],
    'CRLF line ends',
  );
  assert.deepEqual(parseHeadersFile('  A: before any block\n'), []);
});

test('policySource: the port is kept only when the URL names a non-default one; http and https only', () => {
  assert.deepEqual(policySource('http://api.example:80/x'), {source: 'http://api.example'});
  assert.deepEqual(policySource('http://api.example:8080'), {source: 'http://api.example:8080'});
  assert.deepEqual(policySource('HTTPS://a-b.c-d.example'), {source: 'https://a-b.c-d.example'});
  assert.deepEqual(policySource('http://10.0.0.1:9/'), {source: 'http://10.0.0.1:9'});
  assert.deepEqual(policySource('git+https://x.example/'), {refused: 'its scheme "git+https:" is not http: or https:'});
  assert.deepEqual(policySource('httpsx://x.example/'), {refused: 'its scheme "httpsx:" is not http: or https:'});
  assert.deepEqual(policySource('ws://x.example/'), {refused: 'its scheme "ws:" is not http: or https:'});
  assert.deepEqual(policySource('nope'), {refused: 'it is not an absolute URL'});
  for (const url of ['https://a..b/', 'https://.a/', 'https://a_b.example/', 'https://a~b.example/']) {
    const r = policySource(url);
    if ('refused' in r) assert.match(r.refused, /holds characters a policy source may not/, url);
    else assert.fail(`${url} accepted as ${r.source}`);
  }
});

test('operatorSourceProblem: the edges of each accepted form (scheme names, ports of 1 to 5 digits, wildcards only leading, plain paths)', () => {
  for (const ok of [
    'blob:',
    'a+b.c-d:',
    'example.com',
    'EXAMPLE.com',
    'ws://x.example',
    'http://x.example:1',
    'https://x.example:65535',
    'x.example:*',
    'x.example/a/b.c~d%20_-/',
    'https://[2001:db8::1]:443',
    '[::1]',
  ]) {
    assert.equal(operatorSourceProblem(ok), undefined, ok);
  }
  for (const bad of [
    '1a:',
    ':',
    'https://x.example:123456',
    'https://x.example:',
    'https://x.example:a',
    'https://x.*.example',
    'https://*x.example',
    'ftp://x.example',
    'https:/x.example',
    'x.example/a?b',
    'x.example/a b',
    'x.example#f',
    "'SELF'",
    "'self' ",
    '',
  ]) {
    assert.equal(
      operatorSourceProblem(bad),
      `"${bad}" is not a CSP source this portal accepts: 'self', 'none', a scheme such as https: or data:, or [scheme://]host[:port][/path] with a host of letters, digits, "-" and "." (a leading "*." allowed) or a bracketed IPv6 address`,
      bad,
    );
  }
});

test('originsOf: a refused URL is an error naming it and why', () => {
  assert.throws(
    () => originsOf(['https://ok.example', 'ftp://x.example']),
    (e: Error) =>
      e.message === 'Content-Security-Policy: "ftp://x.example" cannot be a policy source: its scheme "ftp:" is not http: or https:',
  );
  assert.deepEqual(originsOf([]), []);
});
