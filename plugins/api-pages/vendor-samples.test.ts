import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {CodeSample} from '../../src/components/ApiOperation/types';
import {SAMPLE_LANGUAGES} from './code-samples';
import {PageDataBuilder, type OpenApiDocument} from './page-data';
import {mergeSamples, ourLanguage, vendorSamples} from './vendor-samples';

const GENERATED: CodeSample[] = SAMPLE_LANGUAGES.map((l) => ({id: l.id, label: l.label, html: `generated ${l.id}`}));
const tabs = (op: unknown) => mergeSamples(op, GENERATED).map((s) => [s.id, s.label]);

test('vendor language names map onto our languages', () => {
  const cases: [string, string | undefined][] = [
    ['curl', 'curl'], ['cURL', 'curl'], ['Shell', 'curl'], ['bash', 'curl'], ['sh', 'curl'],
    ['JavaScript', 'javascript'], ['Node', 'javascript'], ['node.js', 'javascript'], ['js', 'javascript'], ['NodeJS', 'javascript'],
    ['Python', 'python'], ['py', 'python'], ['Go', 'go'], ['golang', 'go'], ['Java', 'java'],
    ['C#', 'csharp'], ['csharp', 'csharp'], ['cs', 'csharp'], ['dotnet', 'csharp'], ['.NET', 'csharp'],
    ['PHP', 'php'], ['Ruby', 'ruby'], ['rb', 'ruby'],
    ['Swift', undefined], ['TypeScript', undefined], ['Kotlin', undefined], ['constructor', undefined], ['__proto__', undefined],
  ];
  for (const [name, id] of cases) assert.equal(ourLanguage(name), id, name);
});

test('vendor samples come first, ours fill in the other languages, in our order', () => {
  const op = {'x-codeSamples': [{lang: 'Python', source: 'import requests'}, {lang: 'Shell', label: 'cURL', source: 'curl https://x'}]};
  assert.deepEqual(tabs(op), [
    ['python', 'Python'], ['curl', 'cURL'],
    ['javascript', 'JavaScript'], ['go', 'Go'], ['java', 'Java'], ['csharp', 'C#'], ['php', 'PHP'], ['ruby', 'Ruby'],
  ]);
  const merged = mergeSamples(op, GENERATED);
  assert.match(merged[0].html, /import/);
  assert.ok(!merged.some((s) => s.html === 'generated curl' || s.html === 'generated python'));
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
  assert.deepEqual(labels.slice(0, 3), ['C#', 'cURL', 'JavaScript']);
  assert.match(result[0].html, /a/);
  assert.equal(result.length, 8);
});

test('both extension spellings and ReadMe\'s shape ({language, code, name}) are read', () => {
  assert.deepEqual(vendorSamples({'x-code-samples': [{lang: 'ruby', source: 'puts 1'}]}).map((s) => s.language), ['ruby']);
  const readme = vendorSamples({'x-readme': {'code-samples': [{name: 'Custom cURL snippet', language: 'curl', code: 'curl -X POST https://x'}]}});
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
  assert.deepEqual(tabs(op).slice(0, 4), [
    ['curl', 'Custom cURL snippet'],
    ['curl-another-curl-snippet', 'Another cURL snippet'],
    ['curl-curl', 'cURL'],
    ['javascript', 'JavaScript'],
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
  assert.deepEqual(result.slice(0, 4).map((s) => [s.id, s.label]), [
    ['swift', 'Swift'], ['typescript', 'TypeScript SDK'], ['objective-c', 'Objective-C'], ['constructor', 'Weird'],
  ]);
  assert.equal(result[0].html, 'let a = "&lt;b&gt;"');
  assert.match(result[1].html, /<span class=k>const<\/span>/);
  assert.equal(result.length, 12);
});

test('a shell sample without curl is labelled Shell, and still stands for the shell language', () => {
  const op = {'x-codeSamples': [{lang: 'Shell', source: 'stripe customers create'}]};
  assert.deepEqual(tabs(op)[0], ['curl', 'Shell']);
  assert.equal(tabs(op).length, 8);
});

test('vendor source is untrusted text: escaped, never markup', () => {
  const payload = '</code></pre><img src=x onerror=alert(1)><script>alert(1)</script>';
  for (const lang of ['Shell', 'Python', 'Swift', undefined]) {
    const [first] = mergeSamples({'x-codeSamples': [{lang, label: lang ? undefined : 'Raw', source: payload}]}, GENERATED);
    assert.ok(!/<(?!\/?span\b)/.test(first.html), `${lang}: ${first.html}`);
    assert.ok(first.html.includes('&lt;script&gt;'), `${lang}: ${first.html}`);
  }
});

test('malformed entries are skipped; CRLF becomes LF', () => {
  const op = {
    'x-codeSamples': [null, 'curl', {lang: 'go'}, {lang: 'go', source: 42}, {lang: 'go', source: '   '}, {lang: 'ruby', source: 'puts 1\r\nputs 2\r\n'}],
  };
  const result = mergeSamples(op, GENERATED);
  assert.equal(result[0].id, 'ruby');
  assert.ok(!result[0].html.includes('\r'));
  assert.deepEqual(mergeSamples({'x-codeSamples': 'nonsense'}, GENERATED), GENERATED);
  assert.deepEqual(mergeSamples({}, GENERATED), GENERATED);
});

test('page data: an operation with vendor samples gets them first, ours after', () => {
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
  assert.deepEqual(page.samples.map((s) => s.label), ['cURL', 'JavaScript', 'Kotlin', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby']);
  assert.match(page.samples[0].html, /https:\/\/api\.example\.com\/things/);
});
