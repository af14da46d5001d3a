/**
 * How each sample language is compiled and run here: shared by the toolchain checks
 * (code-samples.toolchains.test.ts) and the run against the mock server
 * (plugins/api-console/samples-prism.test.ts). Compilers are called once for many files.
 */
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';

const run = promisify(execFile);

export const GUZZLE_AUTOLOAD = '/usr/share/php/GuzzleHttp/autoload.php';

/** A sample's source, named for messages. */
export interface Sample {
  name: string;
  lang: string;
  code: string;
}

/** Java: one class per file, renamed so one javac call compiles them all. */
export const javaClass = (i: number) => `Example${i}`;
export const javaWrap = (code: string, i: number) => {
  assert.ok(code.includes('public class Example {'), 'the Java sample declares public class Example');
  return code.replace('public class Example {', `public class ${javaClass(i)} {`);
};

/**
 * C#: Debian's compiler (mcs) speaks C# 7, the samples C# 9+ (top-level statements, using
 * declarations, .NET implicit usings). Each sample becomes the body of a static method, its
 * `using var x = ...;` declarations plain `var x = ...;`: everything else, the literals included,
 * is compiled as written.
 */
export function csWrap(code: string, i: number): string {
  const lines = code.split('\n');
  const usings = lines.filter((l) => /^using [\w.]+;$/.test(l));
  const body = lines.filter((l) => !/^using [\w.]+;$/.test(l)).map((l) => l.replace(/^using var /, 'var '));
  return [
    'using System;',
    'using System.IO;',
    'using System.Net.Http;',
    'using System.Threading.Tasks;',
    ...usings,
    '',
    `static class Sample${i} {`,
    '  public static async Task Run() {',
    ...body,
    '  }',
    '}',
    '',
  ].join('\n');
}
/**
 * Main: `samples.exe <i>` runs sample i; `samples.exe all` runs each in turn, printing `#SAMPLE <i> OK|FAIL <why>`.
 * It ends with Environment.Exit rather than by returning: Debian's Mono 6.8 sometimes hangs in its runtime
 * shutdown after an HttpClient request, with the sample's output printed (2 to 3 runs in 100 on this machine,
 * disposing the client or not; none in 500 with Environment.Exit).
 */
export const csMain = (count: number) =>
  [
    'static class Program {',
    '  static int Main(string[] args) {',
    '    var code = Run(args);',
    '    System.Console.Out.Flush();',
    '    System.Environment.Exit(code);',
    '    return code;',
    '  }',
    '  static int Run(string[] args) {',
    '    if (args[0] == "all") {',
    ...Array.from(
      {length: count},
      (_, i) =>
        `      try { Sample${i}.Run().GetAwaiter().GetResult(); System.Console.WriteLine("#SAMPLE ${i} OK"); } catch (System.Exception e) { System.Console.WriteLine("#SAMPLE ${i} FAIL " + e.GetBaseException().Message.Replace("\\n", " ")); }`,
    ),
    '      return 0;',
    '    }',
    '    switch (args[0]) {',
    ...Array.from({length: count}, (_, i) => `      case "${i}": Sample${i}.Run().GetAwaiter().GetResult(); return 0;`),
    '    }',
    '    return 2;',
    '  }',
    '}',
  ].join('\n');

export const MCS_ARGS = ['-langversion:7.2', '-nowarn:1998', '-r:System.Net.Http.dll'];

/** Go: one package per directory, all vetted with one go vet call. */
export function writeGo(dir: string, samples: Sample[]): [string, Sample][] {
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, 'go.mod'), 'module samples\n\ngo 1.19\n');
  return samples.map((s, i) => {
    mkdirSync(path.join(dir, `s${i}`));
    const file = path.join(dir, `s${i}`, 'main.go');
    writeFileSync(file, s.code);
    return [file, s];
  });
}
export const goEnv = () => ({
  ...process.env,
  GOFLAGS: '-mod=mod',
  GOPROXY: 'off',
  GO111MODULE: 'on',
  GOCACHE: process.env.GOCACHE ?? path.join(tmpdir(), 'code-samples-gocache'),
});

/**
 * Per language: the file extension, and how to compile all samples at once (files in order);
 * prepare returns how to run sample i (command and arguments).
 */
export interface Runner {
  ext: string;
  /** Compiles all samples at once (files in order); returns how to run sample i. */
  prepare(dir: string, codes: string[]): Promise<(i: number, cwd: string) => [string, string[]]>;
}

export const RUNNERS: Record<string, Runner> = {
  curl: {ext: '.sh', prepare: async (dir) => (i) => ['bash', [path.join(dir, `s${i}.sh`)]]},
  javascript: {ext: '.mjs', prepare: async (dir) => (i) => [process.execPath, [path.join(dir, `s${i}.mjs`)]]},
  python: {ext: '.py', prepare: async (dir) => (i) => ['python3', [path.join(dir, `s${i}.py`)]]},
  ruby: {ext: '.rb', prepare: async (dir) => (i) => ['ruby', [path.join(dir, `s${i}.rb`)]]},
  php: {ext: '.php', prepare: async (dir) => (i) => ['php', [path.join(dir, `s${i}.php`)]]},
  java: {
    ext: '.java',
    prepare: async (dir, codes) => {
      const files = codes.map((c, i) => {
        const f = path.join(dir, `${javaClass(i)}.java`);
        writeFileSync(f, javaWrap(c, i));
        return f;
      });
      await run('javac', ['-encoding', 'UTF-8', '-nowarn', '-d', path.join(dir, 'classes'), ...files]);
      return (i) => ['java', ['-Dfile.encoding=UTF-8', '-cp', path.join(dir, 'classes'), javaClass(i)]];
    },
  },
  csharp: {
    ext: '.cs',
    prepare: async (dir, codes) => {
      const files = codes.map((c, i) => {
        const f = path.join(dir, `w${i}.cs`);
        writeFileSync(f, csWrap(c, i));
        return f;
      });
      writeFileSync(path.join(dir, 'main.cs'), csMain(codes.length));
      const exe = path.join(dir, 'samples.exe');
      await run('mcs', [...MCS_ARGS, `-out:${exe}`, path.join(dir, 'main.cs'), ...files]);
      return (i) => ['mono', [exe, String(i)]];
    },
  },
  go: {
    ext: '.go',
    prepare: async (dir, codes) => {
      writeGo(
        path.join(dir, 'mod'),
        codes.map((code, i) => ({name: `s${i}`, lang: 'go', code})),
      );
      await run('go', ['build', '-o', path.join(dir, 'bin') + '/', './...'], {cwd: path.join(dir, 'mod'), env: goEnv()});
      return (i) => [path.join(dir, 'bin', `s${i}`), []];
    },
  },
};

/**
 * A directory a sample runs in: PHP's samples require vendor/autoload.php, which here loads
 * Debian's Guzzle. Returns the names the runner itself put there (not the sample's files).
 */
export function prepareCwd(lang: string, cwd: string): string[] {
  if (lang !== 'php') return [];
  mkdirSync(path.join(cwd, 'vendor'), {recursive: true});
  writeFileSync(path.join(cwd, 'vendor', 'autoload.php'), `<?php require '${GUZZLE_AUTOLOAD}';\n`);
  return ['vendor'];
}

/** The environment a sample runs with: no variables of this process beyond PATH, a home of its own. */
export const sampleEnv = (cwd: string, vars: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: cwd,
  LANG: 'C.UTF-8',
  GOCACHE: goEnv().GOCACHE,
  ...vars,
});
