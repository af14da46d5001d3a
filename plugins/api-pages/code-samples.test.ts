import {test} from 'node:test';
import assert from 'node:assert/strict';
import {renderSampleSources, type SampleRequest} from './code-samples';
import {hasControlCharacters} from '../../src/components/CopyButton/copyable-text';
import {hostileRequest, hostileRequests, PAYLOADS} from './code-samples.fixtures';

const req: SampleRequest = {
  method: 'post',
  url: 'https://api.example.com/v1/contacts',
  query: [['expand', 'customer']],
  headers: [['Idempotency-Key', 'abc']],
  auth: {basic: {userVar: 'API_USERNAME', passwordVar: 'API_PASSWORD'}, headers: [{name: 'X-Subscription-Key', envVar: 'API_SUBSCRIPTION_KEY'}], query: [{name: 'api_key', envVar: 'API_KEY'}]},
  body: {mediaType: 'application/json', value: {first_name: "O'Brien", active: true, note: null}},
  accept: 'application/json',
};

const sources = (r: SampleRequest) => Object.fromEntries(renderSampleSources(r).map((s) => [s.id, s.code]));
const byId = sources(req);
const lines = (code: string) => code.split('\n');

test('covers eight languages', () => {
  assert.deepEqual(Object.keys(byId), ['curl', 'javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby']);
});

test('curl: document text single-quoted, only the credential variables expand', () => {
  assert.equal(byId.curl, [
    'curl --request POST \\',
    '  --url "https://api.example.com/v1/contacts?expand=customer&api_key=$API_KEY" \\',
    '  --user "$API_USERNAME:$API_PASSWORD" \\',
    '  --header "X-Subscription-Key: $API_SUBSCRIPTION_KEY" \\',
    "  --header 'Accept: application/json' \\",
    "  --header 'Content-Type: application/json' \\",
    "  --header 'Idempotency-Key: abc' \\",
    "  --data-raw '{",
    `  "first_name": "O'\\''Brien",`,
    '  "active": true,',
    '  "note": null',
    "}'",
  ].join('\n'));
});

test('curl: a URL with shell characters is single-quoted and joined to the key variable', () => {
  const code = sources({...req, url: 'https://x.test/$(id)/`id`/a b', query: [['q', "it's $HOME"]], body: undefined, headers: [], accept: undefined, auth: {headers: [], query: [{name: 'key', envVar: 'API_KEY'}]}}).curl;
  assert.equal(lines(code)[1], `  --url 'https://x.test/$(id)/\`id\`/a b?q=it%27s+%24HOME&key='"$API_KEY"`);
});

test('curl: [] and {} in the URL turn globbing off; an empty header value is sent with "Name;"; the file is named by the portal', () => {
  const code = sources({method: 'get', url: 'https://x.test/a[1]', query: [], headers: [['X-Empty', '']], auth: {headers: [], query: []}, accept: 'application/pdf', download: {name: "it's a"}}).curl;
  assert.deepEqual(lines(code).slice(1), [
    "  --url 'https://x.test/a[1]' \\",
    '  --globoff \\',
    "  --header 'Accept: application/pdf' \\",
    "  --header 'X-Empty;' \\",
    "  --output 'it-s-a.pdf'",
  ]);
});

test('curl is left out when document text holds a NUL character; the other languages carry it escaped', () => {
  const out = sources({method: 'post', url: 'https://x.test/a', query: [], headers: [], auth: {headers: [], query: []}, body: {mediaType: 'text/plain', value: 'a\0b'}});
  assert.equal(out.curl, undefined);
  assert.ok(out.javascript.includes('body: "a\\u0000b",'));
  assert.ok(out.python.includes('data="a\\u0000b".encode(),'));
  assert.ok(out.go.includes('body := strings.NewReader("a\\u0000b")'));
  assert.ok(out.ruby.includes('request.body = "a\\u0000b"'));
  assert.ok(out.php.includes('$body = "a\\x00b";'), 'PHP: a double-quoted string with the NUL as an escape');
});

test('JavaScript: JSON body via JSON.stringify, keys and credentials from the environment', () => {
  const js = lines(byId.javascript);
  assert.deepEqual(js.slice(0, 3), [
    'const url = new URL("https://api.example.com/v1/contacts");',
    'url.searchParams.append("expand", "customer");',
    'url.searchParams.append("api_key", process.env.API_KEY);',
  ]);
  assert.ok(byId.javascript.includes('    "X-Subscription-Key": process.env.API_SUBSCRIPTION_KEY,\n'));
  assert.ok(byId.javascript.includes('  body: JSON.stringify({\n    "first_name": "O\'Brien",\n    "active": true,\n    "note": null\n  }),\n'));
  const proto = sources({...req, body: {mediaType: 'application/json', value: Object.fromEntries([['__proto__', 1]])}}).javascript;
  assert.ok(proto.includes('["__proto__"]: 1'), 'a __proto__ key stays a property');
});

test('Python: JSON literals become Python literals; repeated query names keep every value', () => {
  assert.ok(byId.python.includes('    json={\n        "first_name": "O\'Brien",\n        "active": True,\n        "note": None,\n    },\n'));
  assert.ok(byId.python.includes('    auth=(os.environ["API_USERNAME"], os.environ["API_PASSWORD"]),\n'));
  const repeated = sources({...req, query: [['a', '1'], ['a', '2']]}).python;
  assert.ok(repeated.includes('    params=[\n        ("a", "1"),\n        ("a", "2"),\n        ("api_key", os.environ["API_KEY"]),\n    ],\n'));
});

test('Go: a raw string body unless it holds a backquote or carriage return', () => {
  assert.ok(byId.go.includes('\tbody := strings.NewReader(`{\n  "first_name": "O\'Brien",'));
  const tick = sources({...req, body: {mediaType: 'text/plain', value: 'a`b\r\n'}}).go;
  assert.ok(tick.includes('\tbody := strings.NewReader("a`b\\r\\n")'));
  assert.ok(sources({...req, body: {mediaType: 'text/plain', value: 'x\uFEFF'}}).go.includes('"x\\ufeff"'), 'no raw BOM in Go source');
});

test('Go: "os" is imported only when the sample reads the environment or writes a file (go vet refuses an unused import)', () => {
  const plain = {method: 'get', url: 'https://x.test/a', query: [], headers: [], auth: {headers: [], query: []}} satisfies SampleRequest;
  assert.ok(!sources(plain).go.includes('"os"'));
  assert.ok(sources({...plain, accept: 'application/pdf', download: {}}).go.includes('\t"os"\n'));
  assert.ok(byId.go.includes('\t"os"\n'));
});

test('Java: the & between query keys, and text blocks that keep the body exact', () => {
  const two = sources({...req, query: [], auth: {headers: [], query: [{name: 'k1', envVar: 'KEY_1'}, {name: 'k2', envVar: 'KEY_2'}]}}).java;
  assert.ok(two.includes('.uri(URI.create("https://api.example.com/v1/contacts?k1=" + System.getenv("KEY_1") + "&k2=" + System.getenv("KEY_2")))'));
  const block = sources({...req, body: {mediaType: 'text/plain', value: 'a\\b """ c  \n  d"'}}).java;
  assert.ok(block.includes('ofString("""\n                a\\\\b \\"\\"\\" c \\s\n                  d\\""""))'), block);
  const indented = sources({...req, body: {mediaType: 'text/plain', value: ' a\n b'}}).java;
  assert.ok(indented.includes('ofString("""\n                 a\n                 b\\\n                """))'), 'closing delimiter sets the indentation');
});

test('C#: verbatim string body, Content-Type set exactly, U+2028 escaped in regular strings', () => {
  assert.ok(byId.csharp.includes('request.Content = new StringContent(@"{\n  ""first_name"": ""O\'Brien"",'));
  assert.ok(byId.csharp.includes('request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse("application/json");'));
  assert.ok(sources({...req, headers: [['X', 'a\u2028b']]}).csharp.includes('request.Headers.Add("X", "a\\u2028b");'));
});

test('PHP: single quotes escaped, nowdoc terminator not in the body', () => {
  const code = sources({...req, headers: [['X-Name', "O'Brien \\ x"]], body: {mediaType: 'text/plain', value: 'line\nBODY;\nBODY\n'}}).php;
  assert.ok(code.includes("        'X-Name' => 'O\\'Brien \\\\ x',\n"));
  assert.ok(code.includes("$body = <<<'BODY_2'\nline\nBODY;\nBODY\n\nBODY_2;\n"), code);
});

test('Ruby: no interpolation, heredoc with a quoted free terminator and chomp', () => {
  const code = sources({...req, headers: [['X-Name', '#{`id`}']], body: {mediaType: 'text/plain', value: '#{`id`} \\"\nBODY'}}).ruby;
  assert.ok(code.includes("request['X-Name'] = '\#{`id`}'\n"));
  assert.ok(code.includes("request.body = <<~'BODY_2'.chomp\n  \#{`id`} \\\"\n  BODY\nBODY_2\n"), code);
  assert.ok(sources({...req, headers: [['X', 'a\tb#{x}']]}).ruby.includes(`request['X'] = "a\\tb\\#{x}"`), 'control characters: double quotes, # escaped');
});

test('GET without a body sends no body in any language', () => {
  const get = sources({method: 'get', url: 'https://x.test/a', query: [], headers: [], auth: {headers: [], query: []}});
  assert.ok(!get.curl.includes('--data'));
  assert.match(get.go, /http\.NewRequest\("GET", endpoint, nil\)/);
  assert.match(get.java, /noBody\(\)/);
  assert.ok(!get.php.includes('$body'));
  assert.ok(!get.ruby.includes('request.body'));
});

test('unknown methods and environment-variable names are refused, not written into code', () => {
  assert.throws(() => renderSampleSources({...req, method: 'get; rm -rf /'}), /unsupported HTTP method/);
  assert.throws(() => renderSampleSources({...req, auth: {headers: [{name: 'X', envVar: 'A$(id)'}], query: []}}), /invalid environment variable name/);
});

/**
 * Reads a curl sample as the shell would: words of bare characters, '...' and "..." parts and
 * line continuations. Returns the variables expanded, in order; fails on any other shell syntax
 * (an unquoted special character, or $(, ` or \\ inside double quotes).
 */
function shellExpansions(code: string): string[] {
  const vars: string[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === "'") {
      const end = code.indexOf("'", i + 1);
      assert.ok(end > i, 'unterminated single quote');
      i = end;
    } else if (c === '"') {
      const end = code.indexOf('"', i + 1);
      assert.ok(end > i, 'unterminated double quote');
      const inner = code.slice(i + 1, end);
      assert.match(inner, /^(?:[^$`\\!]|\$\w+|\$\{\w+\})*$/, `only $NAME expansions inside double quotes: "${inner}"`);
      for (const m of inner.matchAll(/\$\{?(\w+)/g)) vars.push(m[1]);
      i = end;
    } else if (c === '$' && code[i + 1] === "'") {
      // ANSI-C quoting: only \xHH escapes, no raw quote, backslash, "!", tab or control character.
      const end = code.indexOf("'", i + 2);
      assert.ok(end > i, "unterminated $'");
      assert.match(code.slice(i + 2, end), /^(?:[^\\'!\0-\x09\x0b-\x1f\x7f-\x9f]|\\x[0-9A-F]{2})*$/, `only \\xHH escapes inside $'...'`);
      i = end;
    } else if (c === '\\' && code[i + 1] === '\n') {
      i++;
    } else if (c === '\\' && code[i + 1] === "'") {
      i++;
    } else {
      assert.match(c, /[A-Za-z0-9\- \n]/, `unquoted shell character ${JSON.stringify(c)} at ${i}`);
    }
  }
  return vars;
}

/** The credential variables a curl sample of `r` must expand, in the order it passes them. */
function expectedExpansions(r: SampleRequest): string[] {
  return [
    ...r.auth.query.map((q) => q.envVar),
    ...(r.auth.basic ? [r.auth.basic.userVar, r.auth.basic.passwordVar] : []),
    ...(r.auth.bearer ? [r.auth.bearer.tokenVar] : []),
    ...r.auth.headers.map((h) => h.envVar),
    ...(r.auth.cookies ?? []).map((c) => c.envVar),
  ];
}

/** The #{...} interpolations of a Ruby sample, read past its '...' strings and <<~'X' heredocs. */
function rubyInterpolations(code: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < code.length; i++) {
    const heredoc = /^<<~'(\w+)'.*\n/.exec(code.slice(i));
    if (heredoc) {
      const end = code.indexOf(`\n${heredoc[1]}\n`, i);
      assert.ok(end > i, 'unterminated heredoc');
      i = end + heredoc[1].length + 1;
    } else if (code[i] === "'" || code[i] === '"') {
      const quote = code[i];
      let j = i + 1;
      for (; code[j] !== quote; j++) {
        assert.ok(j < code.length, 'unterminated string');
        if (code[j] === '\\') j++;
        else if (quote === '"' && code[j] === '#' && /[{$@]/.test(code[j + 1])) {
          const close = code.indexOf('}', j);
          found.push(code.slice(j + 2, close));
          j = close;
        }
      }
      i = j;
    }
  }
  return found;
}

/* Hostile document text: for each payload, in every field, no language lets it through raw. */

test('hostile payloads: every sample is written, and shell/interpolation syntax never appears unquoted', () => {
  for (const {name, req: r} of hostileRequests()) {
    const out = sources(r);
    const hasNul = JSON.stringify(r).includes('\\u0000');
    assert.deepEqual(Object.keys(out), hasNul ? ['javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby'] : ['curl', 'javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby'], name);
    if (out.curl) {
      assert.deepEqual(shellExpansions(out.curl), expectedExpansions(r), `${name}: curl expands only the credential variables`);
      assert.ok(out.curl.includes('--data-raw') === Boolean(r.body), `${name}: --data-raw, never --data`);
    }
    // Ruby: outside single quotes and quoted heredocs, only the Bearer line interpolates.
    assert.deepEqual(rubyInterpolations(out.ruby), r.auth.bearer ? ["ENV.fetch('API_TOKEN')"] : [], `${name}: Ruby interpolation`);
    // PHP: document text only in nowdocs, single quotes, or double quotes with every $ escaped.
    const phpCode = out.php.replace(/<<<'(\w+)'\n[^]*?\n\1;/g, '').replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\$]|\\.)*"/g, "''");
    assert.doesNotMatch(phpCode, /"|<<<|\$(?!client\b|body\b|response\b)/, `${name}: PHP code outside single quotes and nowdocs:\n${phpCode}`);
  }
});

test('hostile payloads: the body in each language decodes back to the exact text', () => {
  for (const p of PAYLOADS) {
    const r = hostileRequest(p, 'text', 'bearer');
    const out = sources(r);
    // JavaScript, Python, Go (interpreted), C# (regular) and Java (regular) use JSON-compatible string escapes.
    const js = /body: ("(?:[^"\\]|\\.)*"),/.exec(out.javascript);
    assert.ok(js, p);
    assert.equal(JSON.parse(js[1]), p, `JavaScript body of ${JSON.stringify(p)}`);
    const py = /data=("(?:[^"\\]|\\.)*")\.encode\(\),/.exec(out.python);
    assert.ok(py, p);
    assert.equal(JSON.parse(py[1]), p, `Python body of ${JSON.stringify(p)}`);
    if (out.curl) {
      const sh = /--data-raw ((?:'[^']*'|\\')+|\$'[^']*')/.exec(out.curl);
      assert.ok(sh, p);
      const text = sh[1].startsWith('$')
        ? Buffer.from(sh[1].slice(2, -1).replace(/\\x([0-9A-F]{2})|[^]/gu, (m, hex: string) => (hex ? String.fromCharCode(parseInt(hex, 16)) : Buffer.from(m).toString('latin1'))), 'latin1').toString()
        : sh[1].replace(/'\\''/g, "'").slice(1, -1);
      assert.equal(text, p, `curl body of ${JSON.stringify(p)}`);
    }
    const php = new RegExp(`\\$body = (?:<<<'(\\w+)'\\n([^]*)\\n\\1;|'((?:[^'\\\\]|\\\\.)*)';|"((?:[^"\\\\]|\\\\.)*)";)`).exec(out.php);
    assert.ok(php, p);
    const phpDouble = (s: string) => s.replace(/\\x([0-9A-F]{2})|\\u\{([0-9A-F]+)\}|\\(.)/g, (_, x, u, c) => (x ? String.fromCharCode(parseInt(x, 16)) : u ? String.fromCodePoint(parseInt(u, 16)) : c));
    assert.equal(php[2] ?? php[3]?.replace(/\\([\\'])/g, '$1') ?? phpDouble(php[4]), p, `PHP body of ${JSON.stringify(p)}`);
    for (const [lang, code] of Object.entries(out)) assert.ok(!hasControlCharacters(code), `${lang} sample of ${JSON.stringify(p)}: no raw control character`);
  }
});
