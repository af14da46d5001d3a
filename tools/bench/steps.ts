/**
 * A build's steps, each with wall time, CPU time and the peak RSS of its largest process.
 *
 * Three sources, joined on the clock (epoch milliseconds):
 * - the phase records the build writes when PORTAL_BUILD_TIMINGS names a file
 *   (plugins/build-shared/phase-timing.ts): the spec pipeline and gen:api with their parts, and the
 *   postBuild children (search index, Markdown twins) and the CSP pass;
 * - Docusaurus's own step log (`DOCUSAURUS_PERF_LOGGER=true`: "[PERF] Build > en > SSG - 12.3
 *   seconds!"), printed when a step ends: its start is the time the line arrived minus its duration;
 * - the process-tree timeline of proc-tree.ts: every 200 ms, the CPU time the tree has used so far
 *   and its largest process's RSS. A step's CPU time is the tree's CPU over the step's interval
 *   (every process and thread of the build, so a step that runs beside another includes it), its
 *   peak the largest process's RSS sampled within it.
 * A part timed inside one process (a gen:api phase) carries that process's own CPU time instead,
 * summed over its calls; a part that is a whole child process (search index, Markdown twins,
 * Postman conversion) carries its own CPU time and peak RSS.
 */
import {parseRecords, type PhaseRecord} from '../../plugins/build-shared/phase-timing';

export interface TimelineSample {
  /** Epoch ms. */
  t: number;
  /** CPU time (user + system) the process tree has used since it started, ms. */
  cpuMs: number;
  /** RSS of the largest process of the tree at this sample (bytes), and its command. */
  largestRss: number;
  largestCommand: string;
}

export interface PerfLine {
  /** When the line arrived (epoch ms). */
  t: number;
  label: string;
  durationMs: number;
}

export interface StepTiming {
  name: string;
  /** 0: a step of the build (spec, gen:api, bundling, ...); 1: a part of the step above it. */
  depth: 0 | 1;
  wallMs: number;
  cpuMs: number;
  /** Where the CPU time comes from: the process tree over the interval, or the one process's own counters. */
  cpuFrom: 'tree' | 'process';
  /** Peak RSS of the largest process (bytes), NaN if unknown. */
  peakRss: number;
  peakProcess?: string;
  /** A part timed over many calls (one per page): how many. */
  calls?: number;
  /** The part shares its process with other work running meanwhile: its CPU time includes that work. */
  concurrent?: boolean;
}

const PERF = /^\[PERF\](?:\[KO\])?\s+(.+?) - ([\d.]+) (ms|seconds!?)(?: - |$)/;

/** A Docusaurus "[PERF] label - 12.34 seconds! - (…)" line, or null. */
export function parsePerfLine(line: string, t: number): PerfLine | null {
  const m = PERF.exec(line.trim());
  if (!m) return null;
  const n = Number(m[2]);
  return {t, label: m[1], durationMs: m[3] === 'ms' ? n : n * 1000};
}

/** The tree's cumulative CPU time at `t`, interpolated between the samples around it. */
export function cpuAt(timeline: readonly TimelineSample[], t: number): number {
  if (timeline.length === 0) return NaN;
  if (t <= timeline[0].t) return timeline[0].cpuMs;
  const last = timeline[timeline.length - 1];
  if (t >= last.t) return last.cpuMs;
  let lo = 0;
  let hi = timeline.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (timeline[mid].t <= t) lo = mid;
    else hi = mid;
  }
  const a = timeline[lo];
  const b = timeline[hi];
  return b.t === a.t ? b.cpuMs : a.cpuMs + ((b.cpuMs - a.cpuMs) * (t - a.t)) / (b.t - a.t);
}

/** The largest process's peak RSS sampled in [start, end] (the nearest sample if none falls inside). */
export function peakIn(timeline: readonly TimelineSample[], start: number, end: number): {rss: number; command?: string} {
  let best: TimelineSample | undefined;
  for (const s of timeline) if (s.t >= start && s.t <= end && (!best || s.largestRss > best.largestRss)) best = s;
  if (!best && timeline.length) {
    const mid = (start + end) / 2;
    best = timeline.reduce((a, b) => (Math.abs(b.t - mid) < Math.abs(a.t - mid) ? b : a));
  }
  return best ? {rss: best.largestRss, command: best.largestCommand} : {rss: NaN};
}

function overTree(name: string, depth: 0 | 1, start: number, end: number, timeline: readonly TimelineSample[]): StepTiming {
  const peak = peakIn(timeline, start, end);
  return {
    name,
    depth,
    wallMs: end - start,
    cpuMs: Math.max(0, cpuAt(timeline, end) - cpuAt(timeline, start)),
    cpuFrom: 'tree',
    peakRss: peak.rss,
    peakProcess: peak.command,
  };
}

function ownPart(r: PhaseRecord): StepTiming {
  return {
    name: r.phase,
    depth: 1,
    wallMs: r.wallMs,
    cpuMs: r.cpuMs,
    cpuFrom: 'process',
    // A part inside a process shares its peak with the rest of it: only a child process's own is shown.
    peakRss: r.wholeProcess ? r.maxRss : NaN,
    ...(r.calls > 1 ? {calls: r.calls} : {}),
    ...(r.concurrent ? {concurrent: true} : {}),
  };
}

/** Docusaurus's steps: the direct children of "Build > <locale>" ("Load site", "SSG", ...). */
function docusaurusSteps(perf: readonly PerfLine[]): {name: string; start: number; end: number}[] {
  const out: {name: string; start: number; end: number}[] = [];
  for (const p of perf) {
    const m = /^Build > [^>]+ > ([^>]+)$/.exec(p.label);
    if (!m) continue;
    const name = m[1].trim();
    out.push({name: name === 'postBuild()' ? 'postBuild' : name, start: p.t - p.durationMs, end: p.t});
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The ordered steps of a build and their parts. `run` is the whole build's interval and CPU time. */
export function buildSteps(input: {
  records: readonly PhaseRecord[];
  perf: readonly PerfLine[];
  timeline: readonly TimelineSample[];
  run: {start: number; end: number; cpuMs: number};
}): StepTiming[] {
  const {records, perf, timeline, run} = input;
  const steps: StepTiming[] = [];
  for (const step of ['spec', 'gen:api']) {
    const total = records.find((r) => r.step === step && r.phase === 'total');
    if (!total) continue;
    steps.push({
      ...overTree(step, 0, total.start, total.end, timeline),
      peakRss: Math.max(total.maxRss, peakIn(timeline, total.start, total.end).rss || 0),
    });
    for (const r of records) if (r.step === step && r.phase !== 'total') steps.push(ownPart(r));
  }
  // A large site is built in two processes (plugins/split-build): the second loads the site again
  // and makes the bundler configs again, but skips the bundling (a step of 0 s, left out).
  const seen = new Set<string>();
  for (const d of docusaurusSteps(perf)) {
    const again = seen.has(d.name);
    seen.add(d.name);
    if (again && d.name.startsWith('Bundling with')) continue;
    const name = d.name === 'Load site' ? 'Docusaurus: load site (plugins, MDX routes)' : d.name;
    steps.push(overTree(again ? `${name} (second process)` : name, 0, d.start, d.end, timeline));
    if (d.name === 'postBuild') for (const r of records) if (r.step === 'postBuild') steps.push(ownPart(r));
  }
  const top = steps.filter((s) => s.depth === 0);
  if (top.length) {
    const wall = run.end - run.start - top.reduce((n, s) => n + s.wallMs, 0);
    const cpu = run.cpuMs - top.reduce((n, s) => n + s.cpuMs, 0);
    steps.push({
      name: 'the rest (npm, tsx, gen:versions, Docusaurus start-up)',
      depth: 0,
      wallMs: Math.max(0, wall),
      cpuMs: Number.isFinite(cpu) ? Math.max(0, cpu) : NaN,
      cpuFrom: 'tree',
      peakRss: NaN,
    });
  }
  return steps;
}

export {parseRecords};
