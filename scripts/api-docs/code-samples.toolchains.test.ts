/**
 * The code samples checked by the real toolchains: every sample of every operation of the
 * processed document, and of the hostile requests (code-samples.fixtures.ts), must parse or
 * compile (bash -n, node --check, Python's compile, javac, mcs, php -l, Ruby's compiler, gofmt and
 * go vet); then samples of hostile requests are run against a local HTTP server (and curl's with a
 * fake curl that records its arguments), and what reaches the server must be exactly the request.
 *
 * A missing toolchain fails the test (scripts/test.sh installs them: ensure_sample_toolchains).
 * Compilers are called once for many files.
 */
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFile, spawnSync} from 'node:child_process';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync} from 'node:fs';
import {tmpdir, cpus} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {listOperations} from '../../openapi/pipeline/checks';
import {portalConfig} from '../../portal.config';
import {renderSampleSources, type SampleRequest} from './code-samples';
import {CANARY_VALUE, hostileRequests, PAYLOADS, SAMPLE_ENV} from './code-samples.fixtures';
import {PageDataBuilder, sampleRequest} from './page-data';

const run = promisify(execFile);
const GUZZLE_AUTOLOAD = '/usr/share/php/GuzzleHttp/autoload.php';
const work = mkdtempSync(path.join(tmpdir(), 'code-samples-'));
after(() => rmSync(work, {recursive: true, force: true}));

/* ------------------------------------------------------------------ toolchains */

function requireTool(cmd: string, args: string[], what: string, input?: string): void {
  const r = spawnSync(cmd, args, {encoding: 'utf8', input});
  if (r.error || r.status !== 0) {
    assert.fail(`${what} is needed to check the code samples but "${[cmd, ...args].join(' ')}" failed ` +
      `(${r.error?.message ?? r.stderr.trim()}). Run "bash scripts/test.sh unit" as root (ensure_sample_toolchains installs it) ` +
      'or install it: apt-get install php-cli php-guzzlehttp-guzzle ruby golang-go mono-mcs libmono-system-net-http4.0-cil openjdk-17-jdk-headless curl');
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

function documentRequests(): {name: string; req: SampleRequest}[] {
  const file = portalConfig.processedSpec;
  assert.ok(existsSync(file), `${file} is missing: run "npm run spec" first`);
  const builder = new PageDataBuilder(JSON.parse(readFileSync(file, 'utf8')));
  const ops = listOperations(builder.doc);
  assert.ok(ops.length > 0, 'the processed document has operations');
  // The same path as gen:api: page data, then the request its samples are made from.
  return ops.map((op) => ({name: `${op.method.toUpperCase()} ${op.path}`, req: sampleRequest(builder.operation(op.method, op.path))}));
}

interface Sample {
  name: string;
  lang: string;
  code: string;
}

function samplesOf(requests: {name: string; req: SampleRequest}[]): Sample[] {
  return requests.flatMap(({name, req}) => renderSampleSources(req).map((s) => ({name, lang: s.id, code: s.code})));
}

/* ------------------------------------------------------------------ syntax checks */

/** Writes each sample to dir/<i><ext> and returns [file, sample] pairs. */
function writeAll(dir: string, samples: Sample[], ext: string, wrap: (code: string, i: number) => string = (c) => c, name = (i: number) => `s${i}`): [string, Sample][] {
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
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, async () => {
    while (next < items.length) {
      const f = await fn(items[next++]);
      if (f) failures.push(f);
    }
  }));
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

const describe = (file: string, s: Sample) => `${s.lang} sample of ${s.name} (${file})`;
const parallel = Math.max(2, cpus().length);

/** Java: one class per file, renamed so one javac call compiles them all. */
const javaClass = (i: number) => `Example${i}`;
const javaWrap = (code: string, i: number) => {
  assert.ok(code.includes('public class Example {'), 'the Java sample declares public class Example');
  return code.replace('public class Example {', `public class ${javaClass(i)} {`);
};

/**
 * C#: Debian's compiler (mcs) speaks C# 7, the samples C# 9+ (top-level statements, using
 * declarations, .NET implicit usings). Each sample becomes the body of a static method, its
 * `using var x = ...;` declarations plain `var x = ...;`: everything else, the literals included,
 * is compiled as written.
 */
function csWrap(code: string, i: number): string {
  const lines = code.split('\n');
  const usings = lines.filter((l) => /^using [\w.]+;$/.test(l));
  const body = lines.filter((l) => !/^using [\w.]+;$/.test(l)).map((l) => l.replace(/^using var /, 'var '));
  return [
    'using System;', 'using System.IO;', 'using System.Net.Http;', 'using System.Threading.Tasks;', ...usings, '',
    `static class Sample${i} {`, '  public static async Task Run() {', ...body, '  }', '}', '',
  ].join('\n');
}
const csMain = (count: number) => [
  'using System.Threading.Tasks;',
  'static class Program {',
  '  static async Task<int> Main(string[] args) {',
  '    switch (args[0]) {',
  ...Array.from({length: count}, (_, i) => `      case "${i}": await Sample${i}.Run(); return 0;`),
  '    }',
  '    return 2;',
  '  }',
  '}',
].join('\n');

const MCS_ARGS = ['-langversion:7.2', '-nowarn:1998', '-r:System.Net.Http.dll'];

/** Go: one package per directory, all vetted with one go vet call. */
function writeGo(dir: string, samples: Sample[]): [string, Sample][] {
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, 'go.mod'), 'module samples\n\ngo 1.19\n');
  return samples.map((s, i) => {
    mkdirSync(path.join(dir, `s${i}`));
    const file = path.join(dir, `s${i}`, 'main.go');
    writeFileSync(file, s.code);
    return [file, s];
  });
}
const goEnv = () => ({...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GO111MODULE: 'on', GOCACHE: process.env.GOCACHE ?? path.join(tmpdir(), 'code-samples-gocache')});

/** The messages of a batch compiler, grouped back to the samples whose files they name. */
function blame(output: string, files: [string, Sample][]): string[] {
  const hits = files.filter(([f]) => output.includes(path.basename(path.dirname(f)) + '/' + path.basename(f)) || output.includes(f));
  return [(hits.length ? hits.map(([f, s]) => describe(f, s)).join('\n') : 'unknown samples'), output.slice(0, 4000)];
}

async function syntaxCheck(samples: Sample[], dir: string): Promise<void> {
  const by = (lang: string) => samples.filter((s) => s.lang === lang);
  const failures: string[] = [];

  const checks: Promise<void>[] = [];
  checks.push((async () => {
    const files = writeAll(path.join(dir, 'curl'), by('curl'), '.sh');
    failures.push(...await each(files, parallel, async ([f, s]) => {
      const r = await check('bash', ['-n', f]);
      return r && `${describe(f, s)}: ${r}`;
    }));
  })());
  checks.push((async () => {
    const files = writeAll(path.join(dir, 'js'), by('javascript'), '.mjs');
    failures.push(...await each(files, parallel, async ([f, s]) => {
      const r = await check(process.execPath, ['--check', f]);
      return r && `${describe(f, s)}: ${r}`;
    }));
  })());
  checks.push((async () => {
    const files = writeAll(path.join(dir, 'py'), by('python'), '.py');
    const script = [
      'import ast, sys', 'bad = False', 'for f in sys.argv[1:]:', '    src = open(f, encoding="utf-8").read()', '    try:',
      '        ast.parse(src, f)', '        compile(src, f, "exec")', '    except (SyntaxError, ValueError) as e:', '        print(f, e)', '        bad = True',
      'sys.exit(1 if bad else 0)',
    ].join('\n');
    const r = await check('python3', ['-c', script, ...files.map(([f]) => f)]);
    if (r) failures.push(...blame(r, files));
  })());
  checks.push((async () => {
    const files = writeAll(path.join(dir, 'java'), by('java'), '.java', javaWrap, javaClass);
    const r = await check('javac', ['-encoding', 'UTF-8', '-nowarn', '-d', path.join(dir, 'java-classes'), ...files.map(([f]) => f)]);
    if (r) failures.push(...blame(r, files));
  })());
  checks.push((async () => {
    const files = writeAll(path.join(dir, 'cs'), by('csharp'), '.cs', csWrap);
    const r = await check('mcs', [...MCS_ARGS, '-target:library', `-out:${path.join(dir, 'cs.dll')}`, ...files.map(([f]) => f)]);
    if (r) failures.push(...blame(r, files));
  })());
  checks.push((async () => {
    const files = writeAll(path.join(dir, 'php'), by('php'), '.php');
    failures.push(...await each(files, parallel, async ([f, s]) => {
      const r = await check('php', ['-l', f]);
      return r && `${describe(f, s)}: ${r}`;
    }));
  })());
  checks.push((async () => {
    const files = writeAll(path.join(dir, 'rb'), by('ruby'), '.rb');
    const script = 'bad = false; ARGV.each { |f| begin; RubyVM::InstructionSequence.compile_file(f); rescue SyntaxError => e; puts "#{f}: #{e.message}"; bad = true; end }; exit(bad ? 1 : 0)';
    const r = await check('ruby', ['-W0', '-e', script, ...files.map(([f]) => f)]);
    if (r) failures.push(...blame(r, files));
  })());
  checks.push((async () => {
    const goDir = path.join(dir, 'go');
    const files = writeGo(goDir, by('go'));
    const fmt = await check('gofmt', ['-e', '-l', goDir]);
    if (fmt) failures.push(...blame(fmt, files));
    const vet = await check('go', ['vet', './...'], {cwd: goDir, env: goEnv()});
    if (vet) failures.push(...blame(vet, files));
  })());
  await Promise.all(checks);
  if (failures.length) assert.fail(`samples that do not parse or compile:\n${failures.join('\n\n')}`);
}

test('every sample of every operation of the processed document parses or compiles', async () => {
  const samples = samplesOf(documentRequests());
  assert.equal(new Set(samples.map((s) => s.lang)).size, 8, 'all eight languages');
  await syntaxCheck(samples, path.join(work, 'document'));
});

test('every sample of the hostile requests parses or compiles', async () => {
  const samples = samplesOf(hostileRequests());
  await syntaxCheck(samples, path.join(work, 'hostile'));
});
