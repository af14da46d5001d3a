/**
 * The code samples checked by the real toolchains: every sample of every operation of the
 * processed document, and of the hostile requests (code-samples.fixtures.ts), must parse or
 * compile (bash -n, node --check, Python's compile, javac, mcs, php -l, Ruby's compiler, gofmt and
 * go vet); then samples of hostile requests are run against a local HTTP server (and curl's with a
 * fake curl that records its arguments), and what reaches the server must be exactly the request.
 *
 * A missing toolchain fails the test (tools/test.sh installs them: ensure_sample_toolchains).
 * Compilers are called once for many files.
 */
import {after, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile, spawnSync} from 'node:child_process';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync} from 'node:fs';
import {tmpdir, cpus} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {buildProcessedSpec} from '../../openapi/pipeline/build';
import {listOperations} from '../../openapi/model/operations';
import {loadPortalConfig} from '../../portal.config';
import {cookieText, headerText, renderSampleSources, responseFile, type SampleRequest} from './code-samples';
import {CANARY_VALUE, hostileRequests, PAYLOADS, SAMPLE_ENV} from './code-samples.fixtures';
import {PageDataBuilder, sampleRequest} from './page-data';
import {
  csWrap,
  GUZZLE_AUTOLOAD,
  goEnv,
  javaClass,
  javaWrap,
  MCS_ARGS,
  prepareCwd,
  RUNNERS,
  sampleEnv,
  writeGo,
  type Sample,
} from './sample-runners';

const portalConfig = loadPortalConfig();

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'code-samples-'));
after(() => rmSync(work, {recursive: true, force: true}));

/* ------------------------------------------------------------------ toolchains */

function requireTool(cmd: string, args: string[], what: string, input?: string): void {
  const r = spawnSync(cmd, args, {encoding: 'utf8', input});
  if (r.error || r.status !== 0) {
    assert.fail(
      `${what} is needed to check the code samples but "${[cmd, ...args].join(' ')}" failed ` +
        `(${r.error?.message ?? r.stderr.trim()}). Run "bash tools/test.sh unit" as root (ensure_sample_toolchains installs it) ` +
        'or install it: apt-get install php-cli php-guzzlehttp-guzzle ruby golang-go mono-mcs libmono-system-net-http4.0-cil openjdk-17-jdk-headless curl',
    );
  }
}

test('toolchains for every sample language are installed', () => {
  requireTool('bash', ['--version'], 'bash');
  requireTool('curl', ['--version'], 'curl');
  requireTool('python3', ['-c', 'import requests'], 'Python 3 with requests');
  requireTool('javac', ['-version'], 'javac (JDK 17+)');
  requireTool('java', ['-version'], 'java (JDK 17+)');
  requireTool('gofmt', ['-l'], 'gofmt', 'package main\n');
  requireTool('go', ['version'], 'Go');
  requireTool('mcs', ['--version'], 'the Mono C# compiler (mcs)');
  requireTool('mono', ['--version'], 'Mono');
  requireTool('php', ['-r', `require '${GUZZLE_AUTOLOAD}'; new GuzzleHttp\\Client();`], 'PHP with Guzzle');
  requireTool('ruby', ['-e', "require 'net/http'"], 'Ruby');
});

/* ------------------------------------------------------------------ the requests */

function documentRequests(document?: unknown): {name: string; req: SampleRequest}[] {
  const file = portalConfig.processedSpec;
  if (!document) assert.ok(existsSync(file), `${file} is missing: run "npm run spec" first`);
  const builder = new PageDataBuilder((document ?? JSON.parse(readFileSync(file, 'utf8'))) as never);
  const ops = listOperations(builder.doc);
  assert.ok(ops.length > 0, 'the processed document has operations');
  // The same path as gen:api: page data, then the request its samples are made from.
  return ops.map((op) => ({name: `${op.method.toUpperCase()} ${op.path}`, req: sampleRequest(builder.operation(op.method, op.path))}));
}

function samplesOf(requests: {name: string; req: SampleRequest}[]): Sample[] {
  return requests.flatMap(({name, req}) => renderSampleSources(req).map((s) => ({name, lang: s.id, code: s.code})));
}

/* ------------------------------------------------------------------ syntax checks */

/** Writes each sample to dir/<i><ext> and returns [file, sample] pairs. */
function writeAll(
  dir: string,
  samples: Sample[],
  ext: string,
  wrap: (code: string, i: number) => string = (c) => c,
  name = (i: number) => `s${i}`,
): [string, Sample][] {
  mkdirSync(dir, {recursive: true});
  return samples.map((s, i) => {
    const file = path.join(dir, `${name(i)}${ext}`);
    writeFileSync(file, wrap(s.code, i));
    return [file, s];
  });
}

/** Runs up to `limit` checks at once; returns the failures. */
async function each<T>(items: T[], limit: number, fn: (item: T) => Promise<string | undefined>): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({length: Math.min(limit, items.length)}, async () => {
      while (next < items.length) {
        const f = await fn(items[next++]);
        if (f) failures.push(f);
      }
    }),
  );
  return failures;
}

async function check(cmd: string, args: string[], opts: {cwd?: string; env?: NodeJS.ProcessEnv} = {}): Promise<string | undefined> {
  try {
    await run(cmd, args, {maxBuffer: 64 << 20, ...opts});
    return undefined;
  } catch (error) {
    const e = error as {stdout?: string; stderr?: string; message: string};
    return `${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || e.message;
  }
}

const where = (file: string, s: Sample) => `${s.lang} sample of ${s.name} (${file})`;
const parallel = Math.max(2, cpus().length);

/** The messages of a batch compiler, grouped back to the samples whose files they name. */
function blame(output: string, files: [string, Sample][]): string[] {
  const hits = files.filter(([f]) => output.includes(path.basename(path.dirname(f)) + '/' + path.basename(f)) || output.includes(f));
  return [hits.length ? hits.map(([f, s]) => where(f, s)).join('\n') : 'unknown samples', output.slice(0, 4000)];
}

async function syntaxCheck(samples: Sample[], dir: string): Promise<void> {
  const by = (lang: string) => samples.filter((s) => s.lang === lang);
  const failures: string[] = [];

  const checks: Promise<void>[] = [];
  checks.push(
    (async () => {
      const files = writeAll(path.join(dir, 'curl'), by('curl'), '.sh');
      failures.push(
        ...(await each(files, parallel, async ([f, s]) => {
          const r = await check('bash', ['-n', f]);
          return r && `${where(f, s)}: ${r}`;
        })),
      );
    })(),
  );
  checks.push(
    (async () => {
      const files = writeAll(path.join(dir, 'js'), by('javascript'), '.mjs');
      failures.push(
        ...(await each(files, parallel, async ([f, s]) => {
          const r = await check(process.execPath, ['--check', f]);
          return r && `${where(f, s)}: ${r}`;
        })),
      );
    })(),
  );
  checks.push(
    (async () => {
      const files = writeAll(path.join(dir, 'py'), by('python'), '.py');
      const script = [
        'import ast, sys',
        'bad = False',
        'for f in sys.argv[1:]:',
        '    src = open(f, encoding="utf-8").read()',
        '    try:',
        '        ast.parse(src, f)',
        '        compile(src, f, "exec")',
        '    except (SyntaxError, ValueError) as e:',
        '        print(f, e)',
        '        bad = True',
        'sys.exit(1 if bad else 0)',
      ].join('\n');
      const r = await check('python3', ['-c', script, ...files.map(([f]) => f)]);
      if (r) failures.push(...blame(r, files));
    })(),
  );
  checks.push(
    (async () => {
      const files = writeAll(path.join(dir, 'java'), by('java'), '.java', javaWrap, javaClass);
      const r = await check('javac', ['-encoding', 'UTF-8', '-nowarn', '-d', path.join(dir, 'java-classes'), ...files.map(([f]) => f)]);
      if (r) failures.push(...blame(r, files));
    })(),
  );
  checks.push(
    (async () => {
      const files = writeAll(path.join(dir, 'cs'), by('csharp'), '.cs', csWrap);
      const r = await check('mcs', [...MCS_ARGS, '-target:library', `-out:${path.join(dir, 'cs.dll')}`, ...files.map(([f]) => f)]);
      if (r) failures.push(...blame(r, files));
    })(),
  );
  checks.push(
    (async () => {
      const files = writeAll(path.join(dir, 'php'), by('php'), '.php');
      failures.push(
        ...(await each(files, parallel, async ([f, s]) => {
          const r = await check('php', ['-l', f]);
          return r && `${where(f, s)}: ${r}`;
        })),
      );
    })(),
  );
  checks.push(
    (async () => {
      const files = writeAll(path.join(dir, 'rb'), by('ruby'), '.rb');
      const script =
        'bad = false; ARGV.each { |f| begin; RubyVM::InstructionSequence.compile_file(f); rescue SyntaxError => e; puts "#{f}: #{e.message}"; bad = true; end }; exit(bad ? 1 : 0)';
      const r = await check('ruby', ['-W0', '-e', script, ...files.map(([f]) => f)]);
      if (r) failures.push(...blame(r, files));
    })(),
  );
  checks.push(
    (async () => {
      const goDir = path.join(dir, 'go');
      const files = writeGo(goDir, by('go'));
      const fmt = await check('gofmt', ['-e', '-l', goDir]);
      if (fmt) failures.push(...blame(fmt, files));
      const vet = await check('go', ['vet', './...'], {cwd: goDir, env: goEnv()});
      if (vet) failures.push(...blame(vet, files));
    })(),
  );
  await Promise.all(checks);
  if (failures.length) assert.fail(`samples that do not parse or compile:\n${failures.join('\n\n')}`);
}

test('every sample of every operation of the processed document parses or compiles', async () => {
  const samples = samplesOf(documentRequests());
  assert.equal(new Set(samples.map((s) => s.lang)).size, 8, 'all eight languages');
  await syntaxCheck(samples, path.join(work, 'document'));
});

test('every sample of the hostile samples document (tests/hostile/samples: no credentials, binary answers, control characters) parses or compiles', async () => {
  const {document} = await buildProcessedSpec({
    source: path.join(__dirname, '../../tests/hostile/samples/hostile-samples.yaml'),
    strict: false,
  });
  const samples = samplesOf(documentRequests(document));
  assert.equal(new Set(samples.map((s) => s.lang)).size, 8, 'all eight languages');
  await syntaxCheck(samples, path.join(work, 'hostile-document'));
});

test('every sample of the hostile requests parses or compiles', async () => {
  const samples = samplesOf(hostileRequests());
  await syntaxCheck(samples, path.join(work, 'hostile'));
});

/* ------------------------------------------------------------------ curl with a fake curl */

/** The Cookie header the request must carry (env values as set), or undefined. */
function expectedCookie(req: SampleRequest): string | undefined {
  const pairs = [...(req.cookies ?? []), ...(req.auth.cookies ?? []).map((k): [string, string] => [k.name, SAMPLE_ENV[k.envVar]])];
  return pairs.length
    ? pairs.map(([k, v], i) => `${cookieText(k)}=${i < (req.cookies ?? []).length ? cookieText(v) : v}`).join('; ')
    : undefined;
}

/** The arguments the curl sample must pass, worked out from the request (env values as set). */
function expectedCurlArgv(req: SampleRequest): string[] {
  const query = [
    new URLSearchParams(req.query).toString(),
    ...req.auth.query.map((k) => `${new URLSearchParams([[k.name, '']])}${SAMPLE_ENV[k.envVar]}`),
  ].filter(Boolean);
  const url = req.url + (query.length ? `?${query.join('&')}` : '');
  const argv = ['--request', req.method.toUpperCase(), '--url', url];
  if (/[[\]{}]/.test(url)) argv.push('--globoff');
  if (req.auth.basic) argv.push('--user', `${SAMPLE_ENV[req.auth.basic.userVar]}:${SAMPLE_ENV[req.auth.basic.passwordVar]}`);
  if (req.auth.bearer) argv.push('--header', `Authorization: Bearer ${SAMPLE_ENV[req.auth.bearer.tokenVar]}`);
  for (const k of req.auth.headers) argv.push('--header', `${headerText(k.name)}: ${SAMPLE_ENV[k.envVar]}`);
  const cookie = expectedCookie(req);
  if (cookie) argv.push('--cookie', cookie);
  const headers: [string, string][] = [
    ...(req.accept ? [['Accept', req.accept] as [string, string]] : []),
    ...(req.body ? [['Content-Type', req.body.mediaType] as [string, string]] : []),
    ...req.headers,
  ];
  for (const [k, v] of headers.map(([k, v]) => [headerText(k), headerText(v)]).filter(([k]) => k))
    argv.push('--header', v === '' ? `${k};` : `${k}: ${v}`);
  if (req.body) {
    const {value, mediaType} = req.body;
    argv.push('--data-raw', typeof value === 'string' && !/[/+]json\b/.test(mediaType) ? value : JSON.stringify(value, null, 2));
  }
  const file = responseFile(req);
  if (file) argv.push('--output', file);
  return argv;
}

test('curl samples of the hostile requests pass each value as one argument, exactly, and run nothing', async () => {
  const dir = path.join(work, 'fake-curl');
  const bin = path.join(dir, 'bin');
  mkdirSync(bin, {recursive: true});
  writeFileSync(path.join(bin, 'curl'), '#!/bin/bash\nfor a in "$@"; do printf \'%s\\0\' "$a"; done > "$CURL_ARGV"\n');
  chmodSync(path.join(bin, 'curl'), 0o755);
  const cases = hostileRequests();
  let ran = 0;
  const failures = await each(cases, parallel, async ({name, req}) => {
    const sample = renderSampleSources(req).find((s) => s.id === 'curl');
    const hasNul = JSON.stringify(req).includes('\\u0000');
    if (hasNul) return sample ? `${name}: a curl sample was written for text with a NUL character` : undefined;
    if (!sample) return `${name}: no curl sample`;
    const cwd = mkdtempSync(path.join(dir, 'run-'));
    const script = path.join(cwd, 'sample.sh');
    writeFileSync(script, sample.code);
    const argvFile = path.join(dir, `${path.basename(cwd)}.argv`);
    const r = await check('bash', [script], {
      cwd,
      env: {PATH: `${bin}:${process.env.PATH}`, HOME: cwd, CURL_ARGV: argvFile, ...SAMPLE_ENV},
    });
    if (r) return `${name}: bash failed: ${r}`;
    ran++;
    const argv = readFileSync(argvFile, 'utf8').split('\0').slice(0, -1);
    const files = readdirSync(cwd);
    if (files.length !== 1) return `${name}: the sample created files: ${files.join(', ')}`;
    if (argv.join('\n').includes(CANARY_VALUE)) return `${name}: an environment variable named in the document was expanded`;
    try {
      assert.deepEqual(argv, expectedCurlArgv(req));
    } catch (error) {
      return `${name}: ${(error as Error).message}\n${sample.code}`;
    }
    return undefined;
  });
  if (failures.length) assert.fail(failures.join('\n\n'));
  assert.ok(ran >= PAYLOADS.length * 2, `ran ${ran} curl samples`);
});

/* ------------------------------------------------------------------ samples run against a local server */

interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

const FILE_BYTES = Buffer.from([0, 1, 2, 0xfe, 0xff, 0x0a, 0x0d]);

async function startServer(): Promise<{server: Server; base: string; received: Received[]}> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body: Buffer.concat(chunks)});
      if (req.headers.accept === 'application/octet-stream') {
        res.writeHead(200, {'Content-Type': 'application/octet-stream'}).end(FILE_BYTES);
      } else {
        res.writeHead(200, {'Content-Type': 'application/json'}).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return {server, base: `http://127.0.0.1:${address.port}`, received};
}

/** Token characters only: what may stand in a header name (not ending in "-": Ruby's Net::HTTP drops it). */
const headerName = (p: string, i: number) =>
  [`X-P${i}`, p.replace(/[^!#$%&'*+\-.^_`|~A-Za-z0-9]/g, '').replace(/-+$/, '')].filter(Boolean).join('-');
/** Printable ASCII, trimmed: what every client accepts in a header value. */
const headerValue = (p: string) => p.replace(/[^\x20-\x7e]/g, '').trim() || 'x';
/** A path segment every client sends as written: RFC 3986 pchar, the rest percent-encoded. */
const pathSegment = (p: string) => [...p].map((c) => (/[A-Za-z0-9\-._~!$&'()*+,;=:@]/.test(c) ? c : encodeURIComponent(c))).join('');

const noNul = PAYLOADS.filter((p) => !p.includes('\0'));

/** A header example that, pasted raw into a terminal, would erase the line and end bracketed paste. */
const PASTE_ATTACK = '\u0015\u001b[201~; touch PWNED; \u007f\u0085end';

test('header text: the control characters HTTP forbids are dropped, a tab and other text stay', () => {
  assert.equal(headerText(PASTE_ATTACK), '[201~; touch PWNED; end');
  assert.equal(headerText('a\tb \u202E c'), 'a\tb \u202E c');
});

/** Requests that are valid HTTP, with the payloads wherever HTTP lets them stand. */
function wireRequests(base: string): {name: string; req: SampleRequest; nulBody?: boolean}[] {
  const url = `${base}/v1/${PAYLOADS.map(pathSegment).join('/')}`;
  const headers = PAYLOADS.map((p, i): [string, string] => [headerName(p, i), headerValue(p)]);
  const keyName = "X-Key-$HOME'`id`";
  return [
    {
      name: 'JSON body, bearer token, every payload in path, query, headers and body',
      req: {
        method: 'post',
        url,
        query: [...PAYLOADS.map((p): [string, string] => [p, p]), ['same', '1'], ['same', '2']],
        // HTTP allows a tab inside a field value: it arrives. It forbids the other control
        // characters: no sample sends them (headerText), every sample sends the rest.
        headers: [...headers, ['X-Tab', 'a\tb'], ['X-Paste', PASTE_ATTACK]],
        cookies: PAYLOADS.map((p, i): [string, string] => [`c${i}${p}`, p]),
        auth: {
          bearer: {tokenVar: 'API_TOKEN'},
          headers: [{name: keyName, envVar: 'HEADER_KEY'}],
          query: [
            {name: "$(touch PWNED)'", envVar: 'QUERY_KEY'},
            {name: 'key2', envVar: 'QUERY_KEY_2'},
          ],
          cookies: [{name: "sid$(touch PWNED)'", envVar: 'COOKIE_KEY'}],
        },
        body: {
          mediaType: 'application/json',
          value: {
            ...Object.fromEntries(PAYLOADS.map((p) => [p, p])),
            list: PAYLOADS,
            nested: Object.fromEntries([['__proto__', '$(touch PWNED)']]),
          },
        },
        accept: 'application/json',
      },
    },
    {
      name: 'text body with heredoc terminators, basic auth, response saved to a file',
      req: {
        method: 'put',
        url: `${url}/file`,
        query: noNul.slice(0, 6).map((p): [string, string] => ['q', p]),
        headers,
        auth: {
          basic: {userVar: 'API_USERNAME', passwordVar: 'API_PASSWORD'},
          headers: [],
          query: [],
          cookies: [{name: 'session', envVar: 'COOKIE_KEY'}],
        },
        body: {mediaType: 'text/plain; charset=utf-8', value: noNul.join('\n')},
        accept: 'application/octet-stream',
        // The document's text never names the file (responseFile): here a file called
        // "report-touch-pwned-….bin" is expected, whatever the operationId holds.
        download: {name: `report '$(touch PWNED)' \`touch PWNED\` "$HOME" #{x} ${'${x}'} 😀 ../..\\..\\.bashrc`},
      },
    },
    {
      name: 'text body with a NUL character (curl cannot carry it)',
      nulBody: true,
      req: {
        method: 'patch',
        url: `${base}/v1/nul`,
        query: [],
        headers: [],
        auth: {headers: [], query: [{name: 'k', envVar: 'QUERY_KEY'}]},
        body: {mediaType: 'text/plain', value: 'a\0b\nBODY\n\0'},
      },
    },
  ];
}

/** Header values as a server sees them, by lower-case name. */
function headerMap(raw: string[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (let i = 0; i < raw.length; i += 2) m.set(raw[i].toLowerCase(), [...(m.get(raw[i].toLowerCase()) ?? []), raw[i + 1]]);
  return m;
}

function assertReceived(lang: string, req: SampleRequest, got: Received, base: string): void {
  assert.equal(got.method, req.method.toUpperCase(), 'method');
  const [rawPath, rawQuery = ''] = got.url.split(/\?(.*)/s);
  // Mono's System.Uri removes bidirectional formatting characters (U+200E, U+200F, U+202A-U+202E)
  // from URLs, escaped or not: the sample has them, the client drops them.
  const bidi = (s: string) => (lang === 'csharp' ? s.replace(/%E2%80%(8E|8F|A[A-E])/g, '') : s);
  const bidiText = (s: string) => (lang === 'csharp' ? s.replace(/[\u200E\u200F\u202A-\u202E]/g, '') : s);
  assert.equal(rawPath, bidi(req.url.slice(base.length)), 'path, byte for byte');
  let expectedQuery: [string, string][] = [
    ...req.query,
    ...req.auth.query.map((q): [string, string] => [q.name, SAMPLE_ENV[q.envVar]]),
  ].map(([k, v]): [string, string] => [bidiText(k), bidiText(v)]);
  let query = [...new URLSearchParams(rawQuery)];
  if (lang === 'go') {
    // url.Values.Encode sorts by name (the values of a name keep their order).
    const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    expectedQuery = [...expectedQuery].sort(byName);
    query = [...query].sort(byName);
  }
  assert.deepEqual(query, expectedQuery, 'query parameters (decoded)');
  const headers = headerMap(got.rawHeaders);
  const expected: [string, string][] = [
    ...(req.accept ? [['Accept', req.accept] as [string, string]] : []),
    ...(req.body ? [['Content-Type', req.body.mediaType] as [string, string]] : []),
    ...req.headers,
  ].map(([k, v]): [string, string] => [k, headerText(v)]);
  for (const k of req.auth.headers) expected.push([k.name, SAMPLE_ENV[k.envVar]]);
  if (req.auth.bearer) expected.push(['Authorization', `Bearer ${SAMPLE_ENV[req.auth.bearer.tokenVar]}`]);
  if (req.auth.basic)
    expected.push([
      'Authorization',
      `Basic ${Buffer.from(`${SAMPLE_ENV[req.auth.basic.userVar]}:${SAMPLE_ENV[req.auth.basic.passwordVar]}`).toString('base64')}`,
    ]);
  for (const [k, v] of expected) assert.deepEqual(headers.get(k.toLowerCase()), [v], `header ${k}`);
  const cookie = expectedCookie(req);
  assert.deepEqual(headers.get('cookie'), cookie === undefined ? undefined : [cookie], 'Cookie header');
  if (req.body) {
    const {value, mediaType} = req.body;
    if (typeof value === 'string' && !/[/+]json\b/.test(mediaType)) {
      assert.ok(got.body.equals(Buffer.from(value)), `body, byte for byte: got ${JSON.stringify(got.body.toString())}`);
    } else if (lang === 'javascript' || lang === 'python') {
      // These serialise the value themselves (JSON.stringify, json.dumps): the same JSON, other spacing.
      assert.deepEqual(JSON.parse(got.body.toString()), value, 'JSON body');
    } else {
      assert.equal(got.body.toString(), JSON.stringify(value, null, 2), 'JSON body, byte for byte');
    }
  } else {
    assert.equal(got.body.length, 0, 'no body');
  }
  const all = `${got.url}\n${got.rawHeaders.join('\n')}\n${got.body.toString()}`;
  assert.ok(!all.includes(CANARY_VALUE), 'no environment variable named in the document was expanded');
}

describe('samples run against a local HTTP server', {concurrency: true}, () => {
  for (const lang of Object.keys(RUNNERS)) {
    test(`${lang} samples send exactly the request to a local server, and run nothing from the document`, async () => {
      const {server, base, received} = await startServer();
      try {
        const dir = path.join(work, `run-${lang}`);
        mkdirSync(dir, {recursive: true});
        const cases = wireRequests(base).map((c) => ({...c, code: renderSampleSources(c.req).find((s) => s.id === lang)?.code}));
        for (const c of cases) {
          if (lang === 'curl' && c.nulBody) assert.equal(c.code, undefined, 'no curl sample for a body with a NUL character');
          else assert.ok(c.code, `${lang} sample of ${c.name}`);
        }
        const runnable = cases.filter((c): c is typeof c & {code: string} => c.code !== undefined);
        runnable.forEach((c, i) => writeFileSync(path.join(dir, `s${i}${RUNNERS[lang].ext}`), c.code));
        const command = await RUNNERS[lang].prepare(
          dir,
          runnable.map((c) => c.code),
        );
        for (const [i, c] of runnable.entries()) {
          const cwd = mkdtempSync(path.join(dir, 'cwd-'));
          const own = prepareCwd(lang, cwd);
          const before = received.length;
          const [cmd, args] = command(i, cwd);
          const failed = await check(cmd, args, {cwd, env: sampleEnv(cwd, SAMPLE_ENV)});
          assert.equal(failed, undefined, `${lang} sample of ${c.name} failed:\n${failed}\n${c.code}`);
          assert.equal(received.length - before, 1, `${lang} sample of ${c.name} made one request`);
          try {
            assertReceived(lang, c.req, received[before], base);
          } catch (error) {
            (error as Error).message = `${lang} sample of ${c.name}: ${(error as Error).message}\n--- sample:\n${c.code}`;
            throw error;
          }
          const files = readdirSync(cwd).filter((f) => !own.includes(f));
          const file = responseFile(c.req);
          assert.deepEqual(files, file ? [file] : [], `${lang} sample of ${c.name}: files in its directory (no PWNED)`);
          if (file) {
            assert.match(file, /^[a-z0-9-]+\.bin$/, "a file name of the portal's: [a-z0-9-] and the extension of application/octet-stream");
            assert.ok(readFileSync(path.join(cwd, file)).equals(FILE_BYTES), 'the response saved as the file');
          }
        }
      } finally {
        server.close();
      }
    });
  }
});
