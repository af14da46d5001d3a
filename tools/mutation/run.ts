/**
 * npm run test:mutation [-- --only=a,b] [--force] [--concurrency=N] [--summary]
 *
 * Mutation testing with StrykerJS on the modules listed in modules.ts: each module is mutated alone
 * and its own tests (node:test through tsx, Stryker's tap runner) run against every mutant.
 * Results go to tools/mutation/scores/<module>.json, and SCORES.md is rewritten from all of them.
 *
 *   --only=a,b       run these modules only (names from modules.ts)
 *   --force          forget the incremental results and test every mutant again
 *   --concurrency=N  test processes per run (default: the machine's cores, at least 1)
 *   --summary        rewrite SCORES.md from the score files, run nothing
 *
 * A mutant that no test can tell from the original (an equivalent mutant) is marked where it lives
 * with a comment `// Stryker disable next-line <Mutator>: <why it is equivalent>`; the reason is
 * listed in SCORES.md beside the module, so every survivor that remains is either listed or argued.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import type {LogLevel} from '@stryker-mutator/api/core';
import {GOAL, MODULES, type MutationModule} from './modules';

const root = path.resolve(__dirname, '../..');
const scoresDir = path.join(__dirname, 'scores');
const scratch = path.join(root, '.tmp/mutation');

interface Mutant {
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  original: string;
  reason?: string;
}

export interface ModuleScore {
  name: string;
  guards: string;
  score: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
  ignored: number;
  commit: string;
  date: string;
  seconds: number;
  survivors: Mutant[];
  equivalent: Mutant[];
}

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return undefined;
  return hit.includes('=') ? hit.slice(hit.indexOf('=') + 1) : '';
}

function lineOf(source: string, line: number): string {
  return (source.split('\n')[line - 1] ?? '').trim();
}

async function runModule(mod: MutationModule, concurrency: number, force: boolean): Promise<ModuleScore> {
  for (const f of [...mod.mutate, ...mod.tests]) {
    if (!fs.existsSync(path.join(root, f)))
      throw new Error(`tools/mutation/modules.ts: module "${mod.name}" names ${f}, which does not exist`);
  }
  const started = Date.now();
  // Stryker is an ES module; this script runs as CommonJS under tsx.
  const {Stryker} = await import('@stryker-mutator/core');
  const stryker = new Stryker({
    testRunner: 'tap',
    plugins: ['@stryker-mutator/tap-runner'],
    tap: {testFiles: mod.tests, nodeArgs: ['--import', 'tsx'], forceBail: true},
    mutate: mod.mutate,
    coverageAnalysis: 'perTest',
    concurrency,
    incremental: true,
    incrementalFile: path.join('.tmp/mutation', `${mod.name}.incremental.json`),
    force,
    reporters: ['progress-append-only', 'html'],
    htmlReporter: {fileName: path.join('.tmp/mutation', `${mod.name}.html`)},
    tempDirName: '.tmp/stryker-tmp',
    cleanTempDir: 'always',
    // What the sandbox does not need: build output and scratch.
    ignorePatterns: ['/build', '/.docusaurus', '/bench-results', '/.tmp', '/docs-versions', '/static/v[0-9]*'],
    timeoutMS: 10000,
    // The first (unmutated) run of a module whose tests spawn processes (spec:check-breaking) took
    // over Stryker's default 5 minutes on a machine shared by several runs.
    dryRunTimeoutMinutes: 30,
    logLevel: 'warn' as LogLevel,
  });
  const results = await stryker.runMutationTest();
  const count = (s: string) => results.filter((r) => r.status === s).length;
  const sources = new Map<string, string>();
  const describe = (r: (typeof results)[number]): Mutant => {
    const file = path.relative(root, path.resolve(root, r.fileName));
    if (!sources.has(file)) sources.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
    const line = r.location.start.line;
    return {
      file,
      line,
      mutator: r.mutatorName,
      replacement: (r.replacement ?? '').slice(0, 160),
      original: lineOf(sources.get(file)!, line).slice(0, 160),
      ...(r.statusReason ? {reason: r.statusReason} : {}),
    };
  };
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const valid = killed + timeout + survived + noCoverage;
  const byPlace = (a: Mutant, b: Mutant) => a.file.localeCompare(b.file) || a.line - b.line;
  return {
    name: mod.name,
    guards: mod.guards,
    score: valid ? Math.round(((killed + timeout) / valid) * 1000) / 10 : 100,
    killed,
    timeout,
    survived,
    noCoverage,
    errors: count('CompileError') + count('RuntimeError'),
    ignored: count('Ignored'),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).trim(),
    date: new Date().toISOString().slice(0, 10),
    seconds: Math.round((Date.now() - started) / 1000),
    survivors: results
      .filter((r) => r.status === 'Survived' || r.status === 'NoCoverage')
      .map(describe)
      .sort(byPlace),
    equivalent: results
      .filter((r) => r.status === 'Ignored')
      .map(describe)
      .sort(byPlace),
  };
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/`/g, "'");
}

function code(text: string): string {
  return text.replace(/`/g, "'");
}

export function summary(scores: ModuleScore[]): string {
  const out: string[] = [
    '# Mutation scores',
    '',
    'Written by `npm run test:mutation` (tools/mutation/run.ts) from tools/mutation/scores/*.json; do not edit by hand.',
    `Goal: at least ${GOAL} % of mutants killed in every module, by the tests beside the code (tools/mutation/modules.ts).`,
    'Score = (killed + timed out) / (killed + timed out + survived + not covered); mutants marked equivalent in the',
    'source (a `Stryker disable` comment with its reason) are left out and listed below.',
    '',
    '| module | guards | score | killed | timeout | survived | no coverage | equivalent | run |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of scores) {
    const mark = s.score >= GOAL ? '' : ' (below goal)';
    out.push(
      `| ${s.name} | ${cell(s.guards)} | **${s.score} %**${mark} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.ignored} | ${s.date} at ${s.commit}, ${s.seconds} s |`,
    );
  }
  for (const m of MODULES.filter((mod) => !scores.some((s) => s.name === mod.name))) {
    out.push(`| ${m.name} | ${cell(m.guards)} | **not measured** (no finished run) | | | | | | |`);
  }
  for (const s of scores) {
    if (!s.survivors.length && !s.equivalent.length) continue;
    out.push('', `## ${s.name}`);
    if (s.survivors.length) {
      out.push('', 'Survivors (no test tells them from the original):', '');
      for (const m of s.survivors) out.push(`- ${m.file}:${m.line} ${m.mutator}: \`${code(m.original)}\` → \`${code(m.replacement)}\``);
    }
    if (s.equivalent.length) {
      out.push('', 'Marked equivalent, with the reason given in the source:', '');
      for (const m of s.equivalent) out.push(`- ${m.file}:${m.line} ${m.mutator}: ${m.reason ?? '(no reason given)'}`);
    }
  }
  return out.join('\n') + '\n';
}

function readScores(): ModuleScore[] {
  if (!fs.existsSync(scoresDir)) return [];
  const order = new Map(MODULES.map((m, i) => [m.name, i]));
  return fs
    .readdirSync(scoresDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(scoresDir, f), 'utf8')) as ModuleScore)
    .filter((s) => order.has(s.name))
    .sort((a, b) => order.get(a.name)! - order.get(b.name)!);
}

async function main(): Promise<void> {
  if (arg('summary') === undefined) {
    const only = arg('only')?.split(',').filter(Boolean);
    const unknown = only?.filter((n) => !MODULES.some((m) => m.name === n)) ?? [];
    if (unknown.length) {
      console.error(`--only: no module named ${unknown.join(', ')}; modules: ${MODULES.map((m) => m.name).join(', ')}`);
      process.exit(2);
    }
    const concurrency = Number(arg('concurrency') ?? Math.max(1, os.availableParallelism()));
    const force = arg('force') !== undefined;
    fs.mkdirSync(scoresDir, {recursive: true});
    fs.mkdirSync(scratch, {recursive: true});
    for (const mod of MODULES.filter((m) => !only || only.includes(m.name))) {
      console.log(`\n== ${mod.name}: mutating ${mod.mutate.join(', ')}`);
      const score = await runModule(mod, concurrency, force);
      fs.writeFileSync(path.join(scoresDir, `${mod.name}.json`), JSON.stringify(score, null, 2) + '\n');
      console.log(
        `== ${mod.name}: ${score.score} % (${score.killed + score.timeout} killed, ${score.survived} survived, ${score.noCoverage} not covered, ${score.ignored} equivalent) in ${score.seconds} s`,
      );
    }
  }
  const scores = readScores();
  fs.writeFileSync(path.join(__dirname, 'SCORES.md'), summary(scores));
  const below = scores.filter((s) => s.score < GOAL);
  const unmeasured = MODULES.filter((m) => !scores.some((s) => s.name === m.name)).map((m) => m.name);
  console.log(
    `\nSCORES.md: ${scores.length} of ${MODULES.length} modules measured, ${below.length ? `below ${GOAL} %: ${below.map((s) => `${s.name} ${s.score} %`).join(', ')}` : `all measured at or above ${GOAL} %`}${unmeasured.length ? `; not measured: ${unmeasured.join(', ')}` : ''}`,
  );
  if (below.length || unmeasured.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
