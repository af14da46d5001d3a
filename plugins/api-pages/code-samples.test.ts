import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  cookieText,
  headerText,
  renderSampleSources,
  renderSamples,
  responseFile,
  SAMPLE_LANGUAGES,
  type SampleRequest,
} from './code-samples';
import {hasControlCharacters} from '../../src/components/CopyButton/copyable-text';
import {hostileRequest, hostileRequests, PAYLOADS} from './code-samples.fixtures';
import {apiKeyEnvVar, CREDENTIAL_ENV} from '../../src/config/credentials';

const req: SampleRequest = {
  method: 'post',
  url: 'https://api.example.com/v1/contacts',
  query: [['expand', 'customer']],
  headers: [['Idempotency-Key', 'abc']],
  auth: {
    basic: {userVar: 'API_USERNAME', passwordVar: 'API_PASSWORD'},
    headers: [{name: 'X-Subscription-Key', envVar: 'API_SUBSCRIPTION_KEY'}],
    query: [{name: 'api_key', envVar: 'API_KEY'}],
  },
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
  assert.equal(
    byId.curl,
    [
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
    ].join('\n'),
  );
});

test('curl: a URL with shell characters is single-quoted and joined to the key variable', () => {
  const code = sources({
    ...req,
    url: 'https://x.test/$(id)/`id`/a b',
    query: [['q', "it's $HOME"]],
    body: undefined,
    headers: [],
    accept: undefined,
    auth: {headers: [], query: [{name: 'key', envVar: 'API_KEY'}]},
  }).curl;
  assert.equal(lines(code)[1], `  --url 'https://x.test/$(id)/\`id\`/a b?q=it%27s+%24HOME&key='"$API_KEY"`);
});

test('curl: [] and {} in the URL turn globbing off; an empty header value is sent with "Name;"; the file is named by the portal', () => {
  const code = sources({
    method: 'get',
    url: 'https://x.test/a[1]',
    query: [],
    headers: [['X-Empty', '']],
    auth: {headers: [], query: []},
    accept: 'application/pdf',
    download: {name: "it's a"},
  }).curl;
  assert.deepEqual(lines(code).slice(1), [
    "  --url 'https://x.test/a[1]' \\",
    '  --globoff \\',
    "  --header 'Accept: application/pdf' \\",
    "  --header 'X-Empty;' \\",
    "  --output 'it-s-a.pdf'",
  ]);
});

test('curl is left out when document text holds a NUL character; the other languages carry it escaped', () => {
  const out = sources({
    method: 'post',
    url: 'https://x.test/a',
    query: [],
    headers: [],
    auth: {headers: [], query: []},
    body: {mediaType: 'text/plain', value: 'a\0b'},
  });
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
  assert.ok(
    byId.javascript.includes('  body: JSON.stringify({\n    "first_name": "O\'Brien",\n    "active": true,\n    "note": null\n  }),\n'),
  );
  const proto = sources({...req, body: {mediaType: 'application/json', value: Object.fromEntries([['__proto__', 1]])}}).javascript;
  assert.ok(proto.includes('["__proto__"]: 1'), 'a __proto__ key stays a property');
});

test('Python: JSON literals become Python literals; repeated query names keep every value', () => {
  assert.ok(
    byId.python.includes('    json={\n        "first_name": "O\'Brien",\n        "active": True,\n        "note": None,\n    },\n'),
  );
  assert.ok(byId.python.includes('    auth=(os.environ["API_USERNAME"], os.environ["API_PASSWORD"]),\n'));
  const repeated = sources({
    ...req,
    query: [
      ['a', '1'],
      ['a', '2'],
    ],
  }).python;
  assert.ok(
    repeated.includes('    params=[\n        ("a", "1"),\n        ("a", "2"),\n        ("api_key", os.environ["API_KEY"]),\n    ],\n'),
  );
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
  const two = sources({
    ...req,
    query: [],
    auth: {
      headers: [],
      query: [
        {name: 'k1', envVar: 'KEY_1'},
        {name: 'k2', envVar: 'KEY_2'},
      ],
    },
  }).java;
  assert.ok(
    two.includes(
      '.uri(URI.create("https://api.example.com/v1/contacts?k1=" + URLEncoder.encode(System.getenv("KEY_1"), StandardCharsets.UTF_8) + "&k2=" + URLEncoder.encode(System.getenv("KEY_2"), StandardCharsets.UTF_8)))',
    ),
  );
  const block = sources({...req, body: {mediaType: 'text/plain', value: 'a\\b """ c  \n  d"'}}).java;
  assert.ok(block.includes('ofString("""\n                a\\\\b \\"\\"\\" c \\s\n                  d\\""""))'), block);
  const indented = sources({...req, body: {mediaType: 'text/plain', value: ' a\n b'}}).java;
  assert.ok(
    indented.includes('ofString("""\n                 a\n                 b\\\n                """))'),
    'closing delimiter sets the indentation',
  );
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
  assert.ok(
    sources({...req, headers: [['X', 'a\tb#{x}']]}).ruby.includes(`request['X'] = "a\\tb\\#{x}"`),
    'control characters: double quotes, # escaped',
  );
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
  assert.throws(() => renderSampleSources({...req, method: 'get; rm -rf /'}), /"get; rm -rf \/" is not an HTTP method/);
  assert.throws(
    () => renderSampleSources({...req, auth: {headers: [{name: 'X', envVar: 'A$(id)'}], query: []}}),
    /invalid environment variable name/,
  );
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
    assert.deepEqual(
      Object.keys(out),
      hasNul
        ? ['javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby']
        : ['curl', 'javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby'],
      name,
    );
    if (out.curl) {
      assert.deepEqual(shellExpansions(out.curl), expectedExpansions(r), `${name}: curl expands only the credential variables`);
      assert.ok(out.curl.includes('--data-raw') === Boolean(r.body), `${name}: --data-raw, never --data`);
    }
    // Ruby: outside single quotes and quoted heredocs, only the Bearer line interpolates.
    assert.deepEqual(rubyInterpolations(out.ruby), r.auth.bearer ? ["ENV.fetch('API_TOKEN')"] : [], `${name}: Ruby interpolation`);
    // PHP: document text only in nowdocs, single quotes, or double quotes with every $ escaped.
    const phpCode = out.php.replace(/<<<'(\w+)'\n[^]*?\n\1;/g, '').replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\$]|\\.)*"/g, "''");
    assert.doesNotMatch(
      phpCode,
      /"|<<<|\$(?!client\b|body\b|response\b)/,
      `${name}: PHP code outside single quotes and nowdocs:\n${phpCode}`,
    );
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
        ? Buffer.from(
            sh[1]
              .slice(2, -1)
              .replace(/\\x([0-9A-F]{2})|[^]/gu, (m, hex: string) =>
                hex ? String.fromCharCode(parseInt(hex, 16)) : Buffer.from(m).toString('latin1'),
              ),
            'latin1',
          ).toString()
        : sh[1].replace(/'\\''/g, "'").slice(1, -1);
      assert.equal(text, p, `curl body of ${JSON.stringify(p)}`);
    }
    const php = new RegExp(`\\$body = (?:<<<'(\\w+)'\\n([^]*)\\n\\1;|'((?:[^'\\\\]|\\\\.)*)';|"((?:[^"\\\\]|\\\\.)*)";)`).exec(out.php);
    assert.ok(php, p);
    const phpDouble = (s: string) =>
      s.replace(/\\x([0-9A-F]{2})|\\u\{([0-9A-F]+)\}|\\(.)/g, (_, x, u, c) =>
        x ? String.fromCharCode(parseInt(x, 16)) : u ? String.fromCodePoint(parseInt(u, 16)) : c,
      );
    assert.equal(php[2] ?? php[3]?.replace(/\\([\\'])/g, '$1') ?? phpDouble(php[4]), p, `PHP body of ${JSON.stringify(p)}`);
    for (const [lang, code] of Object.entries(out))
      assert.ok(!hasControlCharacters(code), `${lang} sample of ${JSON.stringify(p)}: no raw control character`);
  }
});

/*
 * The exact sample of each language for three requests: what a reader copies, line by line. The
 * slow toolchain tests (code-samples.toolchains.test.ts) run these generators against Prism; here
 * a wrong method, URL, query encoding, header, credential variable, body or quoting fails at once.
 *
 * R1: PATCH with a query that needs form encoding, a header, a cookie, HTTP Basic, an API key in
 * a header, in the query and in a cookie (variable names as src/config/credentials.ts and
 * apiKeyEnvVar make them), a JSON body with quotes, nesting and empty containers.
 * R2: POST with a Bearer token, a text body of two lines, a PDF saved to a file named by the portal.
 * R3: GET without credentials, a CSV answer printed as text.
 */
const R1: SampleRequest = {
  method: 'patch',
  url: 'https://api.example.com/v1/customers/42',
  query: [
    ['expand', 'invoices'],
    ['q', 'a b&c=d/é'],
  ],
  headers: [['X-Request-Id', 'r 1']],
  cookies: [['session', 'a b;c']],
  auth: {
    basic: {userVar: 'API_USERNAME', passwordVar: 'API_PASSWORD'},
    headers: [{name: 'X-Api-Key', envVar: 'API_SUBSCRIPTION_KEY'}],
    query: [{name: 'api_key', envVar: 'API_KEY'}],
    cookies: [{name: 'sid', envVar: 'API_SID'}],
  },
  body: {mediaType: 'application/json', value: {name: `O'Brien "x"`, tags: ['a', 1, true, null], nested: {}, empty: []}},
  accept: 'application/json',
};
const R2: SampleRequest = {
  method: 'post',
  url: 'https://api.example.com/v1/invoices/7/pdf',
  query: [],
  headers: [],
  auth: {bearer: {tokenVar: 'API_TOKEN'}, headers: [], query: []},
  body: {mediaType: 'text/plain', value: 'line one\n  line "two"'},
  accept: 'application/pdf',
  download: {name: 'getInvoicePdf'},
};
const R3: SampleRequest = {
  method: 'get',
  url: 'https://api.example.com/v1/report',
  query: [],
  headers: [],
  auth: {headers: [], query: []},
  accept: 'text/csv',
};

const R1_SAMPLES: Record<string, string[]> = {
  curl: [
    'curl --request PATCH \\',
    '  --url "https://api.example.com/v1/customers/42?expand=invoices&q=a+b%26c%3Dd%2F%C3%A9&api_key=$API_KEY" \\',
    '  --user "$API_USERNAME:$API_PASSWORD" \\',
    '  --header "X-Api-Key: $API_SUBSCRIPTION_KEY" \\',
    '  --cookie "session=a%20b%3Bc; sid=$API_SID" \\',
    "  --header 'Accept: application/json' \\",
    "  --header 'Content-Type: application/json' \\",
    "  --header 'X-Request-Id: r 1' \\",
    "  --data-raw '{",
    '  "name": "O\'\\\'\'Brien \\"x\\"",',
    '  "tags": [',
    '    "a",',
    '    1,',
    '    true,',
    '    null',
    '  ],',
    '  "nested": {},',
    '  "empty": []',
    "}'",
  ],
  javascript: [
    'const url = new URL("https://api.example.com/v1/customers/42");',
    'url.searchParams.append("expand", "invoices");',
    'url.searchParams.append("q", "a b&c=d/é");',
    'url.searchParams.append("api_key", process.env.API_KEY);',
    '',
    'const response = await fetch(url, {',
    '  method: "PATCH",',
    '  headers: {',
    "    Authorization: 'Basic ' + btoa(`${process.env.API_USERNAME}:${process.env.API_PASSWORD}`),",
    '    "X-Api-Key": process.env.API_SUBSCRIPTION_KEY,',
    '    Cookie: "session=a%20b%3Bc; sid=" + process.env.API_SID,',
    '    "Accept": "application/json",',
    '    "Content-Type": "application/json",',
    '    "X-Request-Id": "r 1",',
    '  },',
    '  body: JSON.stringify({',
    '    "name": "O\'Brien \\"x\\"",',
    '    "tags": [',
    '      "a",',
    '      1,',
    '      true,',
    '      null',
    '    ],',
    '    "nested": {},',
    '    "empty": []',
    '  }),',
    '});',
    '',
    'if (!response.ok) {',
    '  throw new Error(`Request failed: ${response.status} ${await response.text()}`);',
    '}',
    'console.log(await response.json());',
  ],
  python: [
    'import os',
    '',
    'import requests',
    '',
    'response = requests.request(',
    '    "PATCH",',
    '    "https://api.example.com/v1/customers/42",',
    '    params={',
    '        "expand": "invoices",',
    '        "q": "a b&c=d/é",',
    '        "api_key": os.environ["API_KEY"],',
    '    },',
    '    headers={',
    '        "X-Api-Key": os.environ["API_SUBSCRIPTION_KEY"],',
    '        "Cookie": "session=a%20b%3Bc; sid=" + os.environ["API_SID"],',
    '        "Accept": "application/json",',
    '        "Content-Type": "application/json",',
    '        "X-Request-Id": "r 1",',
    '    },',
    '    auth=(os.environ["API_USERNAME"], os.environ["API_PASSWORD"]),',
    '    json={',
    '        "name": "O\'Brien \\"x\\"",',
    '        "tags": [',
    '            "a",',
    '            1,',
    '            True,',
    '            None,',
    '        ],',
    '        "nested": {},',
    '        "empty": [],',
    '    },',
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'print(response.json())',
  ],
  go: [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    '\t"net/url"',
    '\t"os"',
    '\t"strings"',
    ')',
    '',
    'func main() {',
    '\tquery := url.Values{}',
    '\tquery.Add("expand", "invoices")',
    '\tquery.Add("q", "a b&c=d/é")',
    '\tquery.Add("api_key", os.Getenv("API_KEY"))',
    '\tendpoint := "https://api.example.com/v1/customers/42?" + query.Encode()',
    '\tbody := strings.NewReader(`{',
    '  "name": "O\'Brien \\"x\\"",',
    '  "tags": [',
    '    "a",',
    '    1,',
    '    true,',
    '    null',
    '  ],',
    '  "nested": {},',
    '  "empty": []',
    '}`)',
    '\treq, err := http.NewRequest("PATCH", endpoint, body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\treq.SetBasicAuth(os.Getenv("API_USERNAME"), os.Getenv("API_PASSWORD"))',
    '\treq.Header.Set("X-Api-Key", os.Getenv("API_SUBSCRIPTION_KEY"))',
    '\treq.Header.Set("Cookie", "session=a%20b%3Bc; sid="+os.Getenv("API_SID"))',
    '\treq.Header.Set("Accept", "application/json")',
    '\treq.Header.Set("Content-Type", "application/json")',
    '\treq.Header.Set("X-Request-Id", "r 1")',
    '',
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '',
    '\tdata, err := io.ReadAll(res.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(res.Status)',
    '\tfmt.Println(string(data))',
    '}',
  ],
  java: [
    'import java.net.URI;',
    'import java.net.URLEncoder;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    'import java.nio.charset.StandardCharsets;',
    'import java.util.Base64;',
    '',
    'public class Example {',
    '    public static void main(String[] args) throws Exception {',
    '        String credentials = System.getenv("API_USERNAME") + ":" + System.getenv("API_PASSWORD");',
    '        String basic = Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));',
    '        HttpRequest request = HttpRequest.newBuilder()',
    '            .uri(URI.create("https://api.example.com/v1/customers/42?expand=invoices&q=a+b%26c%3Dd%2F%C3%A9&api_key=" + URLEncoder.encode(System.getenv("API_KEY"), StandardCharsets.UTF_8)))',
    '            .header("Authorization", "Basic " + basic)',
    '            .header("X-Api-Key", System.getenv("API_SUBSCRIPTION_KEY"))',
    '            .header("Cookie", "session=a%20b%3Bc; sid=" + System.getenv("API_SID"))',
    '            .header("Accept", "application/json")',
    '            .header("Content-Type", "application/json")',
    '            .header("X-Request-Id", "r 1")',
    '            .method("PATCH", HttpRequest.BodyPublishers.ofString("""',
    '                {',
    '                  "name": "O\'Brien \\\\"x\\\\"",',
    '                  "tags": [',
    '                    "a",',
    '                    1,',
    '                    true,',
    '                    null',
    '                  ],',
    '                  "nested": {},',
    '                  "empty": []',
    '                }"""))',
    '            .build();',
    '',
    '        HttpResponse<String> response = HttpClient.newHttpClient()',
    '            .send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode());',
    '        System.out.println(response.body());',
    '    }',
    '}',
  ],
  csharp: [
    'using System.Net.Http.Headers;',
    'using System.Text;',
    '',
    'using var client = new HttpClient(new HttpClientHandler { UseCookies = false });',
    'using var request = new HttpRequestMessage(new HttpMethod("PATCH"), "https://api.example.com/v1/customers/42?expand=invoices&q=a+b%26c%3Dd%2F%C3%A9&api_key=" + Uri.EscapeDataString(Environment.GetEnvironmentVariable("API_KEY")));',
    'var credentials = Convert.ToBase64String(Encoding.UTF8.GetBytes(',
    '    $"{Environment.GetEnvironmentVariable("API_USERNAME")}:{Environment.GetEnvironmentVariable("API_PASSWORD")}"));',
    'request.Headers.Authorization = new AuthenticationHeaderValue("Basic", credentials);',
    'request.Headers.Add("X-Api-Key", Environment.GetEnvironmentVariable("API_SUBSCRIPTION_KEY"));',
    'request.Headers.Add("Cookie", "session=a%20b%3Bc; sid=" + Environment.GetEnvironmentVariable("API_SID"));',
    'request.Headers.Add("Accept", "application/json");',
    'request.Headers.Add("X-Request-Id", "r 1");',
    'request.Content = new StringContent(@"{',
    '  ""name"": ""O\'Brien \\""x\\"""",',
    '  ""tags"": [',
    '    ""a"",',
    '    1,',
    '    true,',
    '    null',
    '  ],',
    '  ""nested"": {},',
    '  ""empty"": []',
    '}");',
    'request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse("application/json");',
    '',
    'using var response = await client.SendAsync(request);',
    'response.EnsureSuccessStatusCode();',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  ],
  php: [
    '<?php',
    '',
    "require 'vendor/autoload.php';",
    '',
    '$client = new GuzzleHttp\\Client();',
    '',
    "$body = <<<'BODY'",
    '{',
    '  "name": "O\'Brien \\"x\\"",',
    '  "tags": [',
    '    "a",',
    '    1,',
    '    true,',
    '    null',
    '  ],',
    '  "nested": {},',
    '  "empty": []',
    '}',
    'BODY;',
    '',
    "$response = $client->request('PATCH', 'https://api.example.com/v1/customers/42', [",
    "    'auth' => [getenv('API_USERNAME'), getenv('API_PASSWORD')],",
    "    'headers' => [",
    "        'X-Api-Key' => getenv('API_SUBSCRIPTION_KEY'),",
    "        'Cookie' => 'session=a%20b%3Bc; sid=' . getenv('API_SID'),",
    "        'Accept' => 'application/json',",
    "        'Content-Type' => 'application/json',",
    "        'X-Request-Id' => 'r 1',",
    '    ],',
    "    'query' => [",
    "        'expand' => 'invoices',",
    "        'q' => 'a b&c=d/é',",
    "        'api_key' => getenv('API_KEY'),",
    '    ],',
    "    'body' => $body,",
    ']);',
    '',
    'echo $response->getStatusCode(), PHP_EOL;',
    'echo $response->getBody(), PHP_EOL;',
  ],
  ruby: [
    "require 'net/http'",
    "require 'uri'",
    '',
    "uri = URI('https://api.example.com/v1/customers/42')",
    "uri.query = URI.encode_www_form('expand' => 'invoices', 'q' => 'a b&c=d/é', 'api_key' => ENV.fetch('API_KEY'))",
    '',
    'request = Net::HTTP::Patch.new(uri)',
    "request.basic_auth(ENV.fetch('API_USERNAME'), ENV.fetch('API_PASSWORD'))",
    "request['X-Api-Key'] = ENV.fetch('API_SUBSCRIPTION_KEY')",
    "request['Cookie'] = 'session=a%20b%3Bc; sid=' + ENV.fetch('API_SID')",
    "request['Accept'] = 'application/json'",
    "request['Content-Type'] = 'application/json'",
    "request['X-Request-Id'] = 'r 1'",
    "request.body = <<~'BODY'.chomp",
    '  {',
    '    "name": "O\'Brien \\"x\\"",',
    '    "tags": [',
    '      "a",',
    '      1,',
    '      true,',
    '      null',
    '    ],',
    '    "nested": {},',
    '    "empty": []',
    '  }',
    'BODY',
    '',
    "response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|",
    '  http.request(request)',
    'end',
    '',
    'puts response.code',
    'puts response.body',
  ],
};

const R2_SAMPLES: Record<string, string[]> = {
  curl: [
    'curl --request POST \\',
    "  --url 'https://api.example.com/v1/invoices/7/pdf' \\",
    '  --header "Authorization: Bearer $API_TOKEN" \\',
    "  --header 'Accept: application/pdf' \\",
    "  --header 'Content-Type: text/plain' \\",
    "  --data-raw 'line one",
    '  line "two"\' \\',
    "  --output 'get-invoice-pdf.pdf'",
  ],
  javascript: [
    'const url = new URL("https://api.example.com/v1/invoices/7/pdf");',
    '',
    'const response = await fetch(url, {',
    '  method: "POST",',
    '  headers: {',
    '    Authorization: `Bearer ${process.env.API_TOKEN}`,',
    '    "Accept": "application/pdf",',
    '    "Content-Type": "text/plain",',
    '  },',
    '  body: "line one\\n  line \\"two\\"",',
    '});',
    '',
    'if (!response.ok) {',
    '  throw new Error(`Request failed: ${response.status} ${await response.text()}`);',
    '}',
    'const file = Buffer.from(await response.arrayBuffer());',
    'await import(\'node:fs/promises\').then((fs) => fs.writeFile("get-invoice-pdf.pdf", file));',
  ],
  python: [
    'import os',
    '',
    'import requests',
    '',
    'response = requests.request(',
    '    "POST",',
    '    "https://api.example.com/v1/invoices/7/pdf",',
    '    headers={',
    '        "Authorization": f"Bearer {os.environ[\'API_TOKEN\']}",',
    '        "Accept": "application/pdf",',
    '        "Content-Type": "text/plain",',
    '    },',
    '    data="line one\\n  line \\"two\\"".encode(),',
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'with open("get-invoice-pdf.pdf", "wb") as f:',
    '    f.write(response.content)',
  ],
  go: [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    '\t"os"',
    '\t"strings"',
    ')',
    '',
    'func main() {',
    '\tendpoint := "https://api.example.com/v1/invoices/7/pdf"',
    '\tbody := strings.NewReader(`line one',
    '  line "two"`)',
    '\treq, err := http.NewRequest("POST", endpoint, body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\treq.Header.Set("Authorization", "Bearer "+os.Getenv("API_TOKEN"))',
    '\treq.Header.Set("Accept", "application/pdf")',
    '\treq.Header.Set("Content-Type", "text/plain")',
    '',
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '',
    '\tdata, err := io.ReadAll(res.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tif err := os.WriteFile("get-invoice-pdf.pdf", data, 0o644); err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(res.Status)',
    '}',
  ],
  java: [
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    'import java.nio.file.Path;',
    '',
    'public class Example {',
    '    public static void main(String[] args) throws Exception {',
    '        HttpRequest request = HttpRequest.newBuilder()',
    '            .uri(URI.create("https://api.example.com/v1/invoices/7/pdf"))',
    '            .header("Authorization", "Bearer " + System.getenv("API_TOKEN"))',
    '            .header("Accept", "application/pdf")',
    '            .header("Content-Type", "text/plain")',
    '            .method("POST", HttpRequest.BodyPublishers.ofString("""',
    '                line one',
    '                  line "two\\""""))',
    '            .build();',
    '',
    '        HttpResponse<Path> response = HttpClient.newHttpClient()',
    '            .send(request, HttpResponse.BodyHandlers.ofFile(Path.of("get-invoice-pdf.pdf")));',
    '        System.out.println(response.statusCode());',
    '    }',
    '}',
  ],
  csharp: [
    'using System.Net.Http.Headers;',
    '',
    'using var client = new HttpClient();',
    'using var request = new HttpRequestMessage(new HttpMethod("POST"), "https://api.example.com/v1/invoices/7/pdf");',
    'request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable("API_TOKEN"));',
    'request.Headers.Add("Accept", "application/pdf");',
    'request.Content = new StringContent(@"line one',
    '  line ""two""");',
    'request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse("text/plain");',
    '',
    'using var response = await client.SendAsync(request);',
    'response.EnsureSuccessStatusCode();',
    'await File.WriteAllBytesAsync("get-invoice-pdf.pdf", await response.Content.ReadAsByteArrayAsync());',
  ],
  php: [
    '<?php',
    '',
    "require 'vendor/autoload.php';",
    '',
    '$client = new GuzzleHttp\\Client();',
    '',
    "$body = <<<'BODY'",
    'line one',
    '  line "two"',
    'BODY;',
    '',
    "$response = $client->request('POST', 'https://api.example.com/v1/invoices/7/pdf', [",
    "    'headers' => [",
    "        'Authorization' => 'Bearer ' . getenv('API_TOKEN'),",
    "        'Accept' => 'application/pdf',",
    "        'Content-Type' => 'text/plain',",
    '    ],',
    "    'body' => $body,",
    "    'sink' => 'get-invoice-pdf.pdf',",
    ']);',
    '',
    'echo $response->getStatusCode(), PHP_EOL;',
  ],
  ruby: [
    "require 'net/http'",
    "require 'uri'",
    '',
    "uri = URI('https://api.example.com/v1/invoices/7/pdf')",
    '',
    'request = Net::HTTP::Post.new(uri)',
    "request['Authorization'] = \"Bearer #{ENV.fetch('API_TOKEN')}\"",
    "request['Accept'] = 'application/pdf'",
    "request['Content-Type'] = 'text/plain'",
    "request.body = <<~'BODY'.chomp",
    '  line one',
    '    line "two"',
    'BODY',
    '',
    "response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|",
    '  http.request(request)',
    'end',
    '',
    'puts response.code',
    "File.binwrite('get-invoice-pdf.pdf', response.body)",
  ],
};

const R3_SAMPLES: Record<string, string[]> = {
  curl: ['curl --request GET \\', "  --url 'https://api.example.com/v1/report' \\", "  --header 'Accept: text/csv'"],
  javascript: [
    'const url = new URL("https://api.example.com/v1/report");',
    '',
    'const response = await fetch(url, {',
    '  method: "GET",',
    '  headers: {',
    '    "Accept": "text/csv",',
    '  },',
    '});',
    '',
    'if (!response.ok) {',
    '  throw new Error(`Request failed: ${response.status} ${await response.text()}`);',
    '}',
    'console.log(await response.text());',
  ],
  python: [
    'import os',
    '',
    'import requests',
    '',
    'response = requests.request(',
    '    "GET",',
    '    "https://api.example.com/v1/report",',
    '    headers={',
    '        "Accept": "text/csv",',
    '    },',
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'print(response.text)',
  ],
  go: [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    ')',
    '',
    'func main() {',
    '\tendpoint := "https://api.example.com/v1/report"',
    '\treq, err := http.NewRequest("GET", endpoint, nil)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\treq.Header.Set("Accept", "text/csv")',
    '',
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '',
    '\tdata, err := io.ReadAll(res.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(res.Status)',
    '\tfmt.Println(string(data))',
    '}',
  ],
  java: [
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    '',
    'public class Example {',
    '    public static void main(String[] args) throws Exception {',
    '        HttpRequest request = HttpRequest.newBuilder()',
    '            .uri(URI.create("https://api.example.com/v1/report"))',
    '            .header("Accept", "text/csv")',
    '            .method("GET", HttpRequest.BodyPublishers.noBody())',
    '            .build();',
    '',
    '        HttpResponse<String> response = HttpClient.newHttpClient()',
    '            .send(request, HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode());',
    '        System.out.println(response.body());',
    '    }',
    '}',
  ],
  csharp: [
    'using var client = new HttpClient();',
    'using var request = new HttpRequestMessage(new HttpMethod("GET"), "https://api.example.com/v1/report");',
    'request.Headers.Add("Accept", "text/csv");',
    '',
    'using var response = await client.SendAsync(request);',
    'response.EnsureSuccessStatusCode();',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  ],
  php: [
    '<?php',
    '',
    "require 'vendor/autoload.php';",
    '',
    '$client = new GuzzleHttp\\Client();',
    '',
    "$response = $client->request('GET', 'https://api.example.com/v1/report', [",
    "    'headers' => [",
    "        'Accept' => 'text/csv',",
    '    ],',
    ']);',
    '',
    'echo $response->getStatusCode(), PHP_EOL;',
    'echo $response->getBody(), PHP_EOL;',
  ],
  ruby: [
    "require 'net/http'",
    "require 'uri'",
    '',
    "uri = URI('https://api.example.com/v1/report')",
    '',
    'request = Net::HTTP::Get.new(uri)',
    "request['Accept'] = 'text/csv'",
    '',
    "response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|",
    '  http.request(request)',
    'end',
    '',
    'puts response.code',
    'puts response.body',
  ],
};

for (const [name, r, expected] of [
  ['R1', R1, R1_SAMPLES],
  ['R2', R2, R2_SAMPLES],
  ['R3', R3, R3_SAMPLES],
] as const) {
  test(`${name}: the exact sample in each of the eight languages`, () => {
    const out = sources(r);
    assert.deepEqual(Object.keys(out), Object.keys(expected));
    for (const [id, code] of Object.entries(out)) assert.equal(code, expected[id]!.join('\n'), `${name} ${id}`);
  });
}

test('renderSamples: each language highlighted, with its id and label; the text is the plain sample', () => {
  const html = renderSamples(R3);
  assert.deepEqual(
    html.map((s) => [s.id, s.label]),
    [
      ['curl', 'cURL'],
      ['javascript', 'JavaScript'],
      ['python', 'Python'],
      ['go', 'Go'],
      ['java', 'Java'],
      ['csharp', 'C#'],
      ['php', 'PHP'],
      ['ruby', 'Ruby'],
    ],
  );
  assert.deepEqual(
    renderSampleSources(R3).map((s) => s.prism),
    ['bash', 'javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby'],
  );
  const text = (h: string) =>
    h
      .replace(/<[^>]*>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const s of html) assert.equal(text(s.html), R3_SAMPLES[s.id]!.join('\n'), s.id);
  assert.match(html[0]!.html, /^<span class=f>curl<\/span> /, 'highlighted');
});

/* The rules of each part of a request, one by one. */

const bare: SampleRequest = {method: 'get', url: 'https://x.test/a', query: [], headers: [], auth: {headers: [], query: []}};

test('every HTTP method the document can name is accepted in any case; the method is written upper-case (Ruby: its class name)', () => {
  const ruby = {GET: 'Get', PUT: 'Put', POST: 'Post', DELETE: 'Delete', OPTIONS: 'Options', HEAD: 'Head', PATCH: 'Patch', TRACE: 'Trace'};
  for (const [method, klass] of Object.entries(ruby)) {
    const out = sources({...bare, method: method.toLowerCase()});
    assert.ok(out.curl.startsWith(`curl --request ${method} \\\n`), method);
    assert.ok(out.javascript.includes(`  method: "${method}",`), method);
    assert.ok(out.ruby.includes(`request = Net::HTTP::${klass}.new(uri)`), method);
    assert.equal(sources({...bare, method: klass}).curl, out.curl);
  }
  for (const method of ['', 'GET ', 'QUE"RY', 'PURGE\n'])
    assert.throws(
      () => renderSampleSources({...bare, method}),
      (e: Error) => e.message.includes(`"${method}" is not an HTTP method`),
    );
});

test('a method outside the eight (3.2 QUERY, additionalOperations PURGE, COPY) is sent as written, upper-cased, in every language', () => {
  for (const method of ['query', 'PURGE', 'COPY']) {
    const m = method.toUpperCase();
    const out = sources({...bare, method, body: {mediaType: 'application/json', value: {a: 1}}});
    assert.ok(out.curl.startsWith(`curl --request ${m} \\\n`), method);
    assert.ok(out.javascript.includes(`  method: "${m}",`), method);
    assert.ok(out.python.includes(`    "${m}",`), method);
    assert.ok(out.go.includes(`http.NewRequest("${m}", endpoint, body)`), method);
    assert.ok(out.java.includes(`.method("${m}", HttpRequest.BodyPublishers.ofString(`), method);
    assert.ok(out.csharp.includes(`new HttpMethod("${m}")`), method);
    assert.ok(out.php.includes(`$client->request('${m}', `), method);
    // Net::HTTP has no class for these: a generic request that carries a body.
    assert.ok(out.ruby.includes(`request = Net::HTTPGenericRequest.new('${m}', true, true, uri)`), method);
  }
  assert.ok(sources({...bare, method: 'PURGE'}).ruby.includes(`Net::HTTPGenericRequest.new('PURGE', false, true, uri)`));
});

test('each credential variable name is checked before it is written into code', () => {
  const bad = '1KEY';
  const auths: SampleRequest['auth'][] = [
    {basic: {userVar: bad, passwordVar: 'API_PASSWORD'}, headers: [], query: []},
    {basic: {userVar: 'API_USERNAME', passwordVar: bad}, headers: [], query: []},
    {bearer: {tokenVar: bad}, headers: [], query: []},
    {headers: [{name: 'X', envVar: bad}], query: []},
    {headers: [], query: [{name: 'k', envVar: bad}]},
    {headers: [], query: [], cookies: [{name: 'c', envVar: bad}]},
  ];
  for (const auth of auths)
    assert.throws(() => renderSampleSources({...bare, auth}), /invalid environment variable name "1KEY"/, JSON.stringify(auth));
  for (const name of ['', 'A-B', 'A B', 'A$', 'ÄPI', 'A\nB']) {
    assert.throws(
      () => renderSampleSources({...bare, auth: {bearer: {tokenVar: name}, headers: [], query: []}}),
      /invalid environment variable name/,
      JSON.stringify(name),
    );
  }
  for (const name of ['_', 'a', 'API_KEY_2', '_x9'])
    assert.doesNotThrow(() => renderSampleSources({...bare, auth: {bearer: {tokenVar: name}, headers: [], query: []}}), name);
});

test('query: the document\'s parameters form-encoded, then each key from the environment after "?" or "&"', () => {
  const uri = (r: SampleRequest) => /\.uri\(URI\.create\((.*)\)\)$/m.exec(sources(r).java)![1];
  assert.equal(
    uri({
      ...bare,
      query: [
        ['a b', 'c&d'],
        ['e', ''],
      ],
    }),
    '"https://x.test/a?a+b=c%26d&e="',
  );
  assert.equal(
    uri({...bare, auth: {headers: [], query: [{name: 'k y', envVar: 'K1'}]}}),
    '"https://x.test/a?k+y=" + URLEncoder.encode(System.getenv("K1"), StandardCharsets.UTF_8)',
  );
  assert.equal(
    uri({
      ...bare,
      query: [['a', '1']],
      auth: {
        headers: [],
        query: [
          {name: 'k1', envVar: 'K1'},
          {name: 'k2', envVar: 'K2'},
        ],
      },
    }),
    '"https://x.test/a?a=1&k1=" + URLEncoder.encode(System.getenv("K1"), StandardCharsets.UTF_8) + "&k2=" + URLEncoder.encode(System.getenv("K2"), StandardCharsets.UTF_8)',
  );
  assert.equal(uri(bare), '"https://x.test/a"');
  assert.equal(
    lines(
      sources({
        ...bare,
        auth: {
          headers: [],
          query: [
            {name: 'k1', envVar: 'K1'},
            {name: 'k2', envVar: 'K2'},
          ],
        },
      }).curl,
    )[1],
    '  --url "https://x.test/a?k1=$K1&k2=$K2"',
  );
});

test('cookies: names and values kept to cookie-safe characters, the keys from the environment joined with "; "', () => {
  assert.equal(cookieText("AZaz09!#$&'*+-.^_`|~"), "AZaz09!#$&'*+-.^_`|~");
  assert.equal(cookieText(' ";,\\%=()é'), '%20%22%3B%2C%5C%25%3D%28%29%C3%A9');
  const js = (r: SampleRequest) => /^ {4}Cookie: (.*),$/m.exec(sources(r).javascript)?.[1];
  assert.equal(js(bare), undefined, 'no cookie, no Cookie header');
  assert.equal(
    js({
      ...bare,
      cookies: [
        ['a', '1'],
        ['b c', '2'],
      ],
    }),
    '"a=1; b%20c=2"',
  );
  assert.equal(
    js({
      ...bare,
      auth: {
        headers: [],
        query: [],
        cookies: [
          {name: 's=1', envVar: 'S1'},
          {name: 's2', envVar: 'S2'},
        ],
      },
    }),
    '"s%3D1=" + process.env.S1 + "; s2=" + process.env.S2',
  );
  assert.equal(
    js({...bare, cookies: [['a', '1']], auth: {headers: [], query: [], cookies: [{name: 's', envVar: 'S'}]}}),
    '"a=1; s=" + process.env.S',
  );
  const out = sources({...bare, auth: {headers: [], query: [], cookies: [{name: 's', envVar: 'S'}]}});
  assert.ok(out.curl.includes('  --cookie "s=$S"'));
  assert.ok(out.python.includes('        "Cookie": "s=" + os.environ["S"],\n'));
  assert.ok(out.go.includes('\treq.Header.Set("Cookie", "s="+os.Getenv("S"))'));
  assert.ok(out.csharp.includes('using var client = new HttpClient(new HttpClientHandler { UseCookies = false });'));
  assert.ok(out.csharp.includes('request.Headers.Add("Cookie", "s=" + Environment.GetEnvironmentVariable("S"));'));
  assert.ok(out.php.includes("        'Cookie' => 's=' . getenv('S'),\n"));
  assert.ok(out.ruby.includes("request['Cookie'] = 's=' + ENV.fetch('S')"));
  assert.ok(sources(bare).csharp.includes('using var client = new HttpClient();'));
});

test('headers: characters HTTP forbids in a field are left out of names and values, in every language; a header left without a name is dropped', () => {
  assert.equal(headerText('a\tb'), 'a\tb', 'tab is allowed');
  assert.equal(headerText('\0\x01\x08\n\x0B\r\x1F x\x7F\x80\x9F\xA0é'), ' x\xA0é');
  const r: SampleRequest = {
    ...bare,
    headers: [
      ['X-\r\nA', 'v\r\nSet-Cookie: x'],
      ['\r\n', 'dropped'],
    ],
    auth: {
      headers: [
        {name: 'X-K\n', envVar: 'K'},
        {name: '\x7F', envVar: 'K2'},
      ],
      query: [],
    },
    accept: 'application/json\r\nX: y',
    body: {mediaType: 'text/plain\n', value: 'b'},
  };
  const out = sources(r);
  assert.deepEqual(lines(out.curl).slice(2), [
    '  --header "X-K: $K" \\',
    "  --header 'Accept: application/jsonX: y' \\",
    "  --header 'Content-Type: text/plain' \\",
    "  --header 'X-A: vSet-Cookie: x' \\",
    "  --data-raw 'b'",
  ]);
  for (const [id, code] of Object.entries(out)) {
    assert.ok(!code.includes('dropped'), `${id}: a header without a name is dropped`);
    assert.ok(!code.includes('K2'), `${id}: a key header without a name is dropped`);
  }
});

test('the file a binary answer is saved to: the operationId in kebab case and the extension of the media type, nothing else of the document', () => {
  const file = (name: string | undefined, accept?: string) => responseFile({accept, download: {name}});
  assert.equal(responseFile({accept: 'application/pdf'}), undefined, 'no download, no file');
  assert.equal(file('getInvoicePDF2', 'application/pdf'), 'get-invoice-pdf2.pdf');
  assert.equal(file('a__b..c', 'application/pdf'), 'a-b-c.pdf');
  assert.equal(file('--../../x--', 'application/pdf'), 'x.pdf');
  assert.equal(file('_a_', 'application/pdf'), 'a.pdf');
  assert.equal(
    file('a'.repeat(59) + '-b', 'application/pdf'),
    `${'a'.repeat(59)}.pdf`,
    'the stem is cut at 60 characters, without a dash at the end',
  );
  assert.equal(file('b'.repeat(70), 'application/pdf'), `${'b'.repeat(60)}.pdf`);
  assert.equal(file(undefined, 'application/pdf'), 'response.pdf');
  assert.equal(file('..', 'application/pdf'), 'response.pdf');
  for (const device of ['con', 'CON', 'prn', 'aux', 'nul', 'com1', 'lpt9'])
    assert.equal(file(device, 'application/pdf'), 'response.pdf', device);
  for (const name of ['console', 'com', 'lpt', 'acon', 'com10x', 'nul-x'])
    assert.notEqual(file(name, 'application/pdf'), 'response.pdf', name);
  assert.equal(file('x', 'Application/PDF; name="a.exe"'), 'x.pdf', 'media type parameters and case do not matter');
  assert.equal(file('x', ' image/png '), 'x.png');
  for (const unknown of [
    undefined,
    '',
    'application/bashrc',
    'application/..\\..\\x',
    'constructor',
    '__proto__',
    'toString',
    'application',
  ])
    assert.equal(file('x', unknown), 'x.bin', String(unknown));
});

test('every media type of the file-extension table', () => {
  const table: Record<string, string> = {
    'application/octet-stream': 'bin',
    'application/pdf': 'pdf',
    'application/zip': 'zip',
    'application/gzip': 'gz',
    'application/x-gzip': 'gz',
    'application/x-tar': 'tar',
    'application/x-7z-compressed': '7z',
    'application/rtf': 'rtf',
    'application/msword': 'doc',
    'application/vnd.ms-excel': 'xls',
    'application/vnd.ms-powerpoint': 'ppt',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
    'application/vnd.oasis.opendocument.text': 'odt',
    'application/vnd.oasis.opendocument.spreadsheet': 'ods',
    'application/json': 'json',
    'application/xml': 'xml',
    'application/x-ndjson': 'ndjson',
    'application/yaml': 'yaml',
    'application/epub+zip': 'epub',
    'application/wasm': 'wasm',
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'image/avif': 'avif',
    'image/svg+xml': 'svg',
    'image/tiff': 'tiff',
    'image/bmp': 'bmp',
    'image/x-icon': 'ico',
    'image/vnd.microsoft.icon': 'ico',
    'audio/mpeg': 'mp3',
    'audio/wav': 'wav',
    'audio/ogg': 'ogg',
    'audio/aac': 'aac',
    'video/mp4': 'mp4',
    'video/webm': 'webm',
    'video/mpeg': 'mpeg',
    'text/plain': 'txt',
    'text/csv': 'csv',
    'text/html': 'html',
    'text/xml': 'xml',
    'text/calendar': 'ics',
    'text/markdown': 'md',
    'font/woff2': 'woff2',
    'font/woff': 'woff',
    'font/ttf': 'ttf',
    'font/otf': 'otf',
  };
  for (const [type, ext] of Object.entries(table)) assert.equal(responseFile({accept: type, download: {name: 'f'}}), `f.${ext}`, type);
});

test('text that is not well-formed UTF-16 is written as U+FFFD, in strings, keys and nested values', () => {
  const out = sources({
    ...bare,
    method: 'post',
    query: [['q\uD800', 'x\uDC00y']],
    body: {mediaType: 'application/json', value: {['k\uDBFF']: ['\uDFFFz', 1, {n: '\uD83D\uDE00'}]}},
  });
  assert.ok(out.javascript.includes('url.searchParams.append("q\uFFFD", "x\uFFFDy");'), out.javascript);
  assert.ok(
    out.javascript.includes('    "k\uFFFD": [\n      "\uFFFDz",\n      1,\n      {\n        "n": "\uD83D\uDE00"\n      }\n    ]'),
    out.javascript,
  );
});

test('curl: a NUL in the URL or the body cannot be carried (the generator says so and the language is left out); globbing off for each of [ ] { }', () => {
  const curl = SAMPLE_LANGUAGES.find((l) => l.id === 'curl')!.render;
  assert.throws(() => curl({...bare, url: 'https://x.test/a\0b'}), /curl: a shell argument cannot carry a NUL character/);
  assert.throws(() => curl({...bare, method: 'post', body: {mediaType: 'text/plain', value: 'a\0'}}), /NUL/);
  assert.equal(sources({...bare, url: 'https://x.test/a\0b'}).curl, undefined);
  for (const c of ['[', ']', '{', '}']) assert.ok(sources({...bare, url: `https://x.test/a${c}`}).curl.includes('\n  --globoff'), c);
  assert.ok(!sources({...bare, url: 'https://x.test/a()'}).curl.includes('--globoff'));
});

test('JavaScript: a __proto__ header stays a header; undefined values are left out as JSON.stringify does; no Accept prints JSON', () => {
  const js = sources({
    ...bare,
    method: 'post',
    headers: [['__proto__', 'x']],
    auth: {headers: [{name: '__proto__', envVar: 'K'}], query: []},
    body: {mediaType: 'application/json', value: {a: undefined, b: [undefined, false], c: [[]]}},
  }).javascript;
  assert.ok(js.includes('    ["__proto__"]: process.env.K,\n    "Content-Type": "application/json",\n    ["__proto__"]: "x",\n'), js);
  assert.ok(
    js.includes('  body: JSON.stringify({\n    "b": [\n      null,\n      false\n    ],\n    "c": [\n      []\n    ]\n  }),\n'),
    js,
  );
  // No documented response body (a 204): the status is printed, not an empty body read as JSON.
  assert.ok(sources(bare).javascript.endsWith('console.log(response.status);'));
  assert.ok(sources({...bare, accept: 'application/json'}).javascript.endsWith('console.log(await response.json());'));
  assert.ok(sources({...bare, accept: 'application/problem+json'}).javascript.endsWith('console.log(await response.json());'));
  assert.ok(sources({...bare, accept: 'application/xml'}).javascript.endsWith('console.log(await response.text());'));
});

test('Python: literals for every JSON value; no headers, no params when there are none; text or JSON printed by the Accept', () => {
  const py = sources({
    ...bare,
    method: 'post',
    body: {mediaType: 'application/vnd.api+json', value: [false, Number.NaN, Infinity, 1.5, undefined, {x: undefined, y: {}}, []]},
  }).python;
  assert.ok(
    py.includes(
      '    json=[\n        False,\n        None,\n        None,\n        1.5,\n        None,\n        {\n            "y": {},\n        },\n        [],\n    ],\n',
    ),
    py,
  );
  assert.ok(py.includes('        "Content-Type": "application/vnd.api+json",\n'));
  const plain = sources(bare).python;
  assert.ok(!plain.includes('headers=') && !plain.includes('params=') && !plain.includes('auth='), plain);
  assert.ok(plain.endsWith('print(response.status_code)'), 'no documented response body: the status');
  assert.ok(sources({...bare, accept: 'application/json'}).python.endsWith('print(response.json())'));
  assert.ok(sources({...bare, accept: 'text/html'}).python.endsWith('print(response.text)'));
  assert.ok(
    sources({...bare, auth: {headers: [], query: [{name: 'k', envVar: 'K'}]}}).python.includes(
      '    params={\n        "k": os.environ["K"],\n    },\n',
    ),
  );
});

test('Go: each import only when the sample uses it', () => {
  const imports = (r: SampleRequest) =>
    /import \(\n([^)]*)\)/
      .exec(sources(r).go)![1]
      .trim()
      .split('\n')
      .map((l) => l.trim());
  assert.deepEqual(imports(bare), ['"fmt"', '"io"', '"net/http"']);
  const withOs = ['"fmt"', '"io"', '"net/http"', '"os"'];
  assert.deepEqual(imports({...bare, auth: {basic: {userVar: 'U', passwordVar: 'P'}, headers: [], query: []}}), withOs);
  assert.deepEqual(imports({...bare, auth: {bearer: {tokenVar: 'T'}, headers: [], query: []}}), withOs);
  assert.deepEqual(imports({...bare, auth: {headers: [{name: 'X', envVar: 'K'}], query: []}}), withOs);
  assert.deepEqual(imports({...bare, auth: {headers: [], query: [], cookies: [{name: 'c', envVar: 'K'}]}}), withOs);
  assert.deepEqual(imports({...bare, accept: 'image/png', download: {}}), withOs);
  assert.deepEqual(imports({...bare, auth: {headers: [], query: [{name: 'k', envVar: 'K'}]}}), [
    '"fmt"',
    '"io"',
    '"net/http"',
    '"net/url"',
    '"os"',
  ]);
  assert.deepEqual(imports({...bare, query: [['a', '1']]}), ['"fmt"', '"io"', '"net/http"', '"net/url"']);
  assert.deepEqual(imports({...bare, method: 'put', body: {mediaType: 'text/plain', value: 'x'}}), [
    '"fmt"',
    '"io"',
    '"net/http"',
    '"strings"',
  ]);
  assert.ok(
    sources({...bare, query: [['a', '1']]}).go.includes(
      '\tquery := url.Values{}\n\tquery.Add("a", "1")\n\tendpoint := "https://x.test/a?" + query.Encode()\n',
    ),
  );
  assert.ok(
    sources({...bare, method: 'put', body: {mediaType: 'text/plain', value: 'a\u0007'}}).go.includes('strings.NewReader("a\\u0007")'),
  );
});

test('Java: one-line bodies as a string, bodies with other white space as joined lines, text blocks keep tabs and empty lines', () => {
  const java = (value: string) => sources({...bare, method: 'post', body: {mediaType: 'text/plain', value}}).java;
  assert.ok(java('one "line"').includes('.method("POST", HttpRequest.BodyPublishers.ofString("one \\"line\\""))'));
  assert.ok(
    java('a\u3000\nb').includes('.method("POST", HttpRequest.BodyPublishers.ofString("a\u3000\\n"\n                + "b"))'),
    java('a\u3000\nb'),
  );
  assert.ok(java('a\t\n\tb').includes('ofString("""\n                a\\t\n                \tb"""))'), java('a\t\n\tb'));
  assert.ok(java(' a\n\n b').includes('ofString("""\n                 a\n\n                 b\\\n                """))'), java(' a\n\n b'));
  assert.ok(java('a\nb\\n').includes('ofString("""\n                a\n                b\\\\n"""))'));
});

test('C#: usings only when used; a one-line body is a regular string', () => {
  const cs = (r: SampleRequest) => sources(r).csharp;
  assert.ok(cs(bare).startsWith('using var client = new HttpClient();\n'));
  assert.ok(
    cs({...bare, auth: {bearer: {tokenVar: 'T'}, headers: [], query: []}}).startsWith('using System.Net.Http.Headers;\n\nusing var client'),
  );
  const body = cs({...bare, method: 'post', body: {mediaType: 'text/plain', value: 'one "line"'}});
  assert.ok(body.startsWith('using System.Net.Http.Headers;\n\nusing var client'));
  assert.ok(body.includes('request.Content = new StringContent("one \\"line\\"");'));
  assert.ok(
    cs({...bare, method: 'post', body: {mediaType: 'text/plain', value: 'a\n\u0007'}}).includes('new StringContent("a\\n\\u0007");'),
  );
  assert.ok(
    cs({...bare, auth: {basic: {userVar: 'U', passwordVar: 'P'}, headers: [], query: []}}).startsWith(
      'using System.Net.Http.Headers;\nusing System.Text;\n\nusing var client',
    ),
  );
});

test('PHP: double quotes only for control characters, with $ " \\ escaped; repeated query names as a query string; no headers block without headers', () => {
  const php = sources({
    ...bare,
    method: 'post',
    query: [
      ['a', '1'],
      ['a', '2'],
    ],
    auth: {
      headers: [],
      query: [
        {name: 'a', envVar: 'K1'},
        {name: 'b', envVar: 'K2'},
      ],
    },
    body: {mediaType: 'text/plain', value: 'x $y "z" \\ \u2028 \u0001'},
  }).php;
  assert.ok(php.includes('$body = "x \\$y \\"z\\" \\\\ \\u{2028} \\x01";\n'), php);
  assert.ok(php.includes("    'query' => 'a=1&a=2' . '&a=' . urlencode(getenv('K1')) . '&b=' . urlencode(getenv('K2')),\n"), php);
  const keysOnly = sources({
    ...bare,
    auth: {
      headers: [],
      query: [
        {name: 'a', envVar: 'K1'},
        {name: 'a', envVar: 'K2'},
      ],
    },
  }).php;
  assert.ok(keysOnly.includes("    'query' => '' . 'a=' . urlencode(getenv('K1')) . '&a=' . urlencode(getenv('K2')),\n"), keysOnly);
  assert.ok(!keysOnly.includes("'headers'"), 'no headers: no headers block');
  const oneLine = sources({...bare, method: 'post', body: {mediaType: 'text/plain', value: "it's"}}).php;
  assert.ok(oneLine.includes("$body = 'it\\'s';\n"));
  assert.ok(sources(bare).php.endsWith('echo $response->getStatusCode(), PHP_EOL;\necho $response->getBody(), PHP_EOL;'));
});

test('Ruby: double-quoted strings for line breaks, tabs and control characters; repeated names as pairs; a body with a tab as a string', () => {
  const rb = sources({
    ...bare,
    method: 'post',
    query: [
      ['q', 'a\nb\rc\td\u0001#{x}"\\'],
      ['q', '2'],
    ],
    body: {mediaType: 'text/plain', value: 'a\n\tb'},
  }).ruby;
  assert.ok(rb.includes(`uri.query = URI.encode_www_form([['q', "a\\nb\\rc\\td\\u0001\\#{x}\\"\\\\"], ['q', '2']])\n`), rb);
  assert.ok(rb.includes('request.body = "a\\n\\tb"\n'), rb);
  assert.ok(!sources(bare).ruby.includes('uri.query'));
  assert.ok(sources({...bare, method: 'post', body: {mediaType: 'text/plain', value: "it's"}}).ruby.includes("request.body = 'it\\'s'\n"));
});

test('a JSON body that is a string is sent as JSON text (quoted); a media type that only starts like JSON (json5) sends the text as it is', () => {
  const json = sources({...bare, method: 'post', body: {mediaType: 'application/json', value: 'a"b'}});
  assert.equal(lines(json.curl).at(-1), `  --data-raw '"a\\"b"'`);
  assert.ok(json.javascript.includes('  body: JSON.stringify("a\\"b"),\n'), json.javascript);
  assert.ok(json.python.includes('    json="a\\"b",\n'), json.python);
  assert.ok(json.go.includes('strings.NewReader(`"a\\"b"`)'), json.go);
  const json5 = sources({...bare, method: 'post', body: {mediaType: 'application/json5', value: '{a: 1}'}, accept: 'application/json5'});
  assert.equal(lines(json5.curl).at(-1), "  --data-raw '{a: 1}'");
  assert.ok(
    json5.javascript.includes('  body: "{a: 1}",\n') && json5.javascript.endsWith('console.log(await response.text());'),
    json5.javascript,
  );
  assert.ok(json5.python.includes('    data="{a: 1}".encode(),\n') && json5.python.endsWith('print(response.text)'), json5.python);
});

test('the credential variables the portal puts into a request (src/config/credentials.ts) are written as they are, in every language', () => {
  const auth = (basic: boolean): SampleRequest['auth'] => ({
    ...(basic
      ? {basic: {userVar: CREDENTIAL_ENV.username, passwordVar: CREDENTIAL_ENV.password}}
      : {bearer: {tokenVar: CREDENTIAL_ENV.accessToken}}),
    headers: [{name: 'X-Subscription-Key', envVar: apiKeyEnvVar('subscriptionKey')}],
    query: [],
  });
  const basic = sources({...bare, auth: auth(true)});
  const bearer = sources({...bare, auth: auth(false)});
  const lookups: Record<string, (v: string) => string> = {
    curl: (v) => `$${v}`,
    javascript: (v) => `process.env.${v}`,
    python: (v) => `os.environ["${v}"]`,
    go: (v) => `os.Getenv("${v}")`,
    java: (v) => `System.getenv("${v}")`,
    csharp: (v) => `Environment.GetEnvironmentVariable("${v}")`,
    php: (v) => `getenv('${v}')`,
    ruby: (v) => `ENV.fetch('${v}')`,
  };
  for (const [id, lookup] of Object.entries(lookups)) {
    for (const v of ['API_USERNAME', 'API_PASSWORD', 'API_SUBSCRIPTION_KEY'])
      assert.ok(basic[id]!.includes(lookup(v)), `${id}: ${lookup(v)}`);
    // Python reads the Bearer token inside an f-string, with single quotes.
    const token = id === 'python' ? `os.environ['API_ACCESS_TOKEN']` : lookup('API_ACCESS_TOKEN');
    assert.ok(bearer[id]!.includes(token), `${id}: ${token}`);
  }
});

test('curl: every character that means nothing inside double quotes keeps the URL one double-quoted word with the key variable', () => {
  const url = 'https://x.test/A_b.c,d:e=f@g~h*i#j;k(l)m[n]o{p}q-r s%t+u&v?w';
  assert.equal(lines(sources({...bare, url, auth: {headers: [], query: [{name: 'k', envVar: 'K'}]}}).curl)[1], `  --url "${url}?k=$K" \\`);
  for (const c of ['$', '`', '"', '\\', '!', "'"]) {
    assert.ok(
      !lines(sources({...bare, url: `https://x.test/a${c}b`, auth: {headers: [], query: [{name: 'k', envVar: 'K'}]}}).curl)[1]!.startsWith(
        '  --url "',
      ),
      `${c} is special inside double quotes`,
    );
  }
});

test('Java: a body with a line break and whitespace a text block would strip or re-indent is joined lines; other text (U+2007) stays a text block', () => {
  const java = (value: string) => sources({...bare, method: 'post', body: {mediaType: 'text/plain', value}}).java;
  for (const c of ['\u1680', '\u2000', '\u2006', '\u2008', '\u200A', '\u205F', '\u3000']) {
    assert.ok(java(`a${c}\nb`).includes(`ofString("a${c}\\n"\n                + "b"))`), JSON.stringify(c));
  }
  assert.ok(java('a\u2007\nb').includes('ofString("""\n                a\u2007\n                b"""))'));
  assert.ok(java('a\u000B\nb').includes('ofString("a\\u000b\\n"\n                + "b"))'), 'a control character: joined lines, escaped');
});

test('form, multipart and upload bodies: hostile names and values stay literal (curl expands no document text, Ruby interpolates none), and a multipart name with "=" has no curl sample', () => {
  const noNul = PAYLOADS.filter((p) => !p.includes('\0'));
  const value = Object.fromEntries(noNul.map((p, i) => [`f${i}${p}`, p]));
  const encoding = Object.fromEntries(noNul.map((p, i) => [`f${i}${p}`, {contentType: i % 2 ? 'application/json' : undefined}]));
  for (const mediaType of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    const out = sources({...bare, method: 'post', body: {mediaType, value, encoding, files: [`f0${noNul[0]}`]}});
    assert.ok(out.curl, `${mediaType}: a curl sample`);
    assert.deepEqual(shellExpansions(out.curl), [], `${mediaType}: curl expands nothing of the document`);
    assert.deepEqual(rubyInterpolations(out.ruby), [], `${mediaType}: Ruby interpolates nothing`);
  }
  const upload = sources({...bare, method: 'put', body: {mediaType: 'image/png', value: '', file: true}});
  assert.ok(upload.curl.includes("--data-binary '@upload.png'"), upload.curl);
  const withEquals = sources({...bare, method: 'post', body: {mediaType: 'multipart/form-data', value: {'a=b': 'x'}}});
  assert.equal(withEquals.curl, undefined, 'curl -F cannot name a field with "="');
  assert.ok(withEquals.python.includes('("a=b", (None, "x")),'), withEquals.python);
});
