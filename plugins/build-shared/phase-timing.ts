/**
 * Phase timing records for the benchmark (tools/bench/steps.ts reads them).
 *
 * When the environment variable PORTAL_BUILD_TIMINGS names a file, every timed phase of a build
 * step appends one JSON line to it: the step ("spec", "gen:api", "postBuild"), the phase, the
 * process, when it started and ended, its wall time, the CPU time (user + system) of this process
 * over it and the process's peak RSS so far. Nothing is printed, and without the variable nothing
 * is measured: `time()` is then a plain call.
 *
 * A phase timed many times (once per page) is summed into one record, written by `flush()`; its
 * start and end are those of the first and the last call. Phases may nest: a nested phase's time is
 * also in its parent's. `concurrent: true` marks a phase that shares its process with other work
 * running at the same time (a worker thread, other postBuild hooks): its CPU time includes theirs.
 *
 * Dependency-free, so that any plugin and the pipeline can use it.
 */
import {appendFileSync, readFileSync} from 'node:fs';
import path from 'node:path';

export const TIMINGS_ENV = 'PORTAL_BUILD_TIMINGS';
/** Set by runJobInChild for its child: the record the child writes when it exits is named so. */
export const CHILD_PHASE_ENV = 'PORTAL_BUILD_TIMINGS_PHASE';

export interface PhaseRecord {
  step: string;
  phase: string;
  pid: number;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  /** Summed wall time of the phase's calls (end - start for a single call). */
  wallMs: number;
  /** Summed CPU time (user + system) of this process over the phase's calls. */
  cpuMs: number;
  /** Peak RSS of the process when the record was written (bytes). */
  maxRss: number;
  /** How many calls were summed. */
  calls: number;
  concurrent?: boolean;
  /** The record covers a whole child process (phase-timing-child.ts): maxRss is that process's own peak. */
  wholeProcess?: boolean;
}

interface Sum {
  start: number;
  end: number;
  wallMs: number;
  cpuMicros: number;
  calls: number;
  concurrent: boolean;
}

const cpuMicros = (): number => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/**
 * Peak RSS of this process so far, in bytes: VmHWM of /proc/self/status where there is one. Not
 * getrusage's maxRSS: Linux carries that over fork and exec, so a child spawned by the Docusaurus
 * process would report the parent's peak as its own.
 */
export function maxRssBytes(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

export function appendRecord(file: string, record: PhaseRecord): void {
  // One short line per append (O_APPEND): records of parallel processes do not interleave.
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export class PhaseClock {
  private readonly sums = new Map<string, Sum>();

  constructor(
    readonly step: string,
    private readonly file: string | undefined = process.env[TIMINGS_ENV] || undefined,
  ) {}

  get enabled(): boolean {
    return this.file !== undefined;
  }

  private add(phase: string, start: number, wallMs: number, cpu: number, concurrent: boolean): void {
    const s = this.sums.get(phase);
    if (s) {
      s.end = start + wallMs;
      s.wallMs += wallMs;
      s.cpuMicros += cpu;
      s.calls++;
      s.concurrent ||= concurrent;
    } else this.sums.set(phase, {start, end: start + wallMs, wallMs, cpuMicros: cpu, calls: 1, concurrent});
  }

  /** Runs `fn` and adds its time to `phase` (summed over calls until flush()). */
  time<T>(phase: string, fn: () => T, options: {concurrent?: boolean} = {}): T {
    if (!this.file) return fn();
    const start = Date.now();
    const t0 = performance.now();
    const c0 = cpuMicros();
    try {
      return fn();
    } finally {
      this.add(phase, start, performance.now() - t0, cpuMicros() - c0, options.concurrent ?? false);
    }
  }

  /**
   * Runs the async `fn` and writes its record as soon as it settles, or, with `sum` (a phase timed
   * once per page), adds it to the phase's sum like time().
   */
  async timeAsync<T>(phase: string, fn: () => Promise<T>, options: {concurrent?: boolean; sum?: boolean} = {}): Promise<T> {
    if (!this.file) return fn();
    const start = Date.now();
    const t0 = performance.now();
    const c0 = cpuMicros();
    try {
      return await fn();
    } finally {
      if (options.sum) this.add(phase, start, performance.now() - t0, cpuMicros() - c0, options.concurrent ?? false);
      else
        this.write(phase, {
          start,
          end: Date.now(),
          wallMs: performance.now() - t0,
          cpuMicros: cpuMicros() - c0,
          calls: 1,
          concurrent: options.concurrent ?? false,
        });
    }
  }

  private write(phase: string, s: Sum): void {
    const record: PhaseRecord = {
      step: this.step,
      phase,
      pid: process.pid,
      start: s.start,
      end: s.end,
      wallMs: Math.round(s.wallMs),
      cpuMs: Math.round(s.cpuMicros / 1000),
      maxRss: maxRssBytes(),
      calls: s.calls,
      ...(s.concurrent ? {concurrent: true} : {}),
    };
    appendRecord(this.file!, record);
  }

  /** Writes the summed phases (in the order they were first timed) and forgets them. */
  flush(): void {
    if (!this.file) return;
    for (const [phase, s] of this.sums) this.write(phase, s);
    this.sums.clear();
  }
}

/**
 * What a Node child process of a build step (started with `--require tsx/cjs`) needs to record its
 * whole life as `phase` of `step` (./phase-timing-child.ts): nothing when timings are off.
 */
export function childTimingArgs(
  step: string,
  phase: string,
  env: NodeJS.ProcessEnv = process.env,
): {execArgv: string[]; env: NodeJS.ProcessEnv} {
  if (!env[TIMINGS_ENV]) return {execArgv: [], env};
  return {execArgv: ['--require', path.join(__dirname, 'phase-timing-child.ts')], env: {...env, [CHILD_PHASE_ENV]: `${step}\t${phase}`}};
}

/** Reads a timings file: one record per line; lines that are not records are skipped. */
export function parseRecords(text: string): PhaseRecord[] {
  const out: PhaseRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as PhaseRecord;
      if (typeof r.step === 'string' && typeof r.phase === 'string' && Number.isFinite(r.start) && Number.isFinite(r.wallMs)) out.push(r);
    } catch {
      // a line cut short by a killed process
    }
  }
  return out;
}
