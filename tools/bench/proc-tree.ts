/**
 * Run a command and measure its wall time and the peak memory of its whole process tree.
 *
 * - Every `intervalMs` (default 200 ms) the sampler walks /proc, finds all descendants of the
 *   child and sums their RSS (/proc/PID/statm) and PSS (/proc/PID/smaps_rollup; shared pages
 *   counted once). The peaks of those sums are the tree's peak memory. Sampling can miss a
 *   spike shorter than the interval.
 * - It also keeps the largest single-process high-water mark (VmHWM), which is what
 *   GNU time's "Maximum resident set size" reports; when /usr/bin/time exists the command runs
 *   under `time -v` as well and its figure is kept for comparison.
 */
import {execFileSync, spawn} from 'node:child_process';
import {createWriteStream, existsSync, promises as fs, readdirSync, readFileSync} from 'node:fs';
import type {TimelineSample} from './steps';

const PAGE = 4096;

export interface TreeSample {
  t: number;
  rss: number;
  pss: number;
  processes: number;
}

export interface MeasuredRun {
  command: string[];
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  wallMs: number;
  /** Peak over samples of the summed RSS of the process tree (bytes). */
  peakTreeRss: number;
  /** Peak over samples of the summed PSS of the process tree (bytes), NaN if unavailable. */
  peakTreePss: number;
  /** Largest VmHWM of any single process in the tree (bytes). */
  peakSingleProcessHwm: number;
  /** Command line of that process (shortened). */
  peakSingleProcess: string;
  /** GNU time -v "Maximum resident set size" (bytes), NaN if not run under time. */
  gnuTimeMaxRss: number;
  /** CPU time (user + system) of the whole tree from GNU time, ms; NaN if not run under time. */
  cpuMs: number;
  /** The processes at the RSS peak, largest first: [command, rss bytes]. */
  atPeak: [string, number][];
  samples: number;
  /** Last lines (up to 150) of stdout+stderr. */
  tail: string;
  logFile: string;
  /** Every sample: the tree's CPU time so far and its largest process (tools/bench/steps.ts reads it). */
  timeline: TimelineSample[];
  /** Output lines matching RunOptions.mark, with the time each arrived (epoch ms). */
  marked: {t: number; line: string}[];
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  intervalMs?: number;
  timeoutMs?: number;
  /** Echo output lines matching this to the console (progress). */
  echo?: RegExp;
  /** Keep output lines matching this, with the time each arrived (MeasuredRun.marked). */
  mark?: RegExp;
}

/** Clock ticks per second of /proc/PID/stat's CPU times. */
let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * CPU ticks a process and its reaped children have used: utime + stime + cutime + cstime of
 * /proc/PID/stat (`fields`: the fields after the command's closing parenthesis). Summed over the
 * live processes of a tree this counts every process once, finished ones through their parent.
 */
export function cpuTicksOf(fields: readonly string[]): number {
  // After ")": state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  return [11, 12, 13, 14].reduce((n, i) => n + (Number(fields[i]) || 0), 0);
}

/** Parent pid of every process in /proc; with `ticks`, each one's CPU ticks (cpuTicksOf) too. */
function processTable(ticks?: Map<number, number>): Map<number, number> {
  const table = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // comm may contain spaces and parentheses: fields after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), Number(rest[1]));
      ticks?.set(Number(name), cpuTicksOf(rest));
    } catch {
      // exited meanwhile
    }
  }
  return table;
}

export function descendants(root: number, table: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of table) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid)!.push(pid);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    if (!table.has(pid)) continue;
    out.push(pid);
    for (const c of children.get(pid) ?? []) stack.push(c);
  }
  return out;
}

function readRss(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE;
  } catch {
    return 0;
  }
}

function readPss(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

function readHwm(pid: number): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function commandOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return shortCommand(args);
  } catch {
    return String(pid);
  }
}

/** "node /x/node_modules/.bin/docusaurus build --out-dir y" -> "docusaurus build --out-dir y" (max 80 chars). */
export function shortCommand(args: string[]): string {
  // A process that set its title (npm does) has one argv string with spaces.
  if (args.length === 1 && args[0].includes(' ')) args = args[0].split(/\s+/);
  const parts = args.map((a) => (a.includes('/') && !a.startsWith('-') ? a.split('/').pop()! : a));
  // Drop an interpreter in front of a script name, and Node's options (tsx's preloads among them).
  for (;;) {
    if (parts.length > 1 && /^(node|sh|bash|tsx|npm-cli\.js|cli\.mjs)$/.test(parts[0])) parts.shift();
    else if (parts.length > 2 && /^(--require|-r|--import|--loader)$/.test(parts[0])) parts.splice(0, 2);
    else if (parts.length > 1 && /^--[\w-]+(=\S*)?$/.test(parts[0]) && args[0] !== undefined && /(^|\/)node$/.test(args[0])) parts.shift();
    else break;
  }
  const s = parts.join(' ');
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Parse GNU time -v output: max RSS in bytes (NaN if absent). */
export function parseGnuTime(text: string): number {
  const m = /Maximum resident set size \(kbytes\):\s*(\d+)/.exec(text);
  return m ? Number(m[1]) * 1024 : NaN;
}

/** Parse GNU time -v output: user + system CPU time of the command and its children, ms (NaN if absent). */
export function parseGnuTimeCpu(text: string): number {
  const u = /User time \(seconds\):\s*([\d.]+)/.exec(text);
  const s = /System time \(seconds\):\s*([\d.]+)/.exec(text);
  return u && s ? Math.round((Number(u[1]) + Number(s[1])) * 1000) : NaN;
}

/** Process groups of measured commands still running (stopped on Ctrl-C by the runner). */
export const runningGroups = new Set<number>();

export function stopRunningGroups(): void {
  for (const pgid of runningGroups) {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

export async function runMeasured(command: string[], options: RunOptions): Promise<MeasuredRun> {
  const interval = options.intervalMs ?? 200;
  const timeFile = `${options.logFile}.time`;
  const useTime = existsSync('/usr/bin/time');
  const argv = useTime ? ['/usr/bin/time', '-v', '-o', timeFile, ...command] : command;
  const log = createWriteStream(options.logFile);
  const started = Date.now();
  const child = spawn(argv[0], argv.slice(1), {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so a timeout can stop the whole tree
  });
  if (child.pid !== undefined) runningGroups.add(child.pid);
  let tail = '';
  const marked: {t: number; line: string}[] = [];
  const partial = {stdout: '', stderr: ''};
  const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    log.write(chunk);
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-30000);
    // Whole lines only (a chunk may end mid-line), per stream.
    const lines = (partial[stream] + text).split('\n');
    partial[stream] = lines.pop()!;
    const now = Date.now();
    for (const line of lines) {
      if (options.echo?.test(line)) console.log(`    | ${line.trim().slice(0, 160)}`);
      if (options.mark?.test(line)) marked.push({t: now, line});
    }
  };
  child.stdout!.on('data', onData('stdout'));
  child.stderr!.on('data', onData('stderr'));

  let peakRss = 0;
  let peakPss = NaN;
  let peakHwm = 0;
  let peakHwmCmd = '';
  let atPeak: [string, number][] = [];
  let samples = 0;
  const hwmByPid = new Map<number, number>();
  const timeline: TimelineSample[] = [];
  const commands = new Map<number, string>();
  const msPerTick = 1000 / ticksPerSecond();
  const sample = () => {
    if (child.pid === undefined) return;
    const ticks = new Map<number, number>();
    const pids = descendants(child.pid, processTable(ticks));
    let rss = 0;
    let pss = 0;
    let cpuTicks = 0;
    let largest: [number, number] = [0, 0];
    const per: [number, number][] = [];
    for (const pid of pids) {
      const r = readRss(pid);
      rss += r;
      per.push([pid, r]);
      cpuTicks += ticks.get(pid) ?? 0;
      if (r > largest[1]) largest = [pid, r];
      const p = readPss(pid);
      pss += Number.isFinite(p) ? p : r;
      const h = readHwm(pid);
      if (h > (hwmByPid.get(pid) ?? 0)) {
        hwmByPid.set(pid, h);
        if (h > peakHwm) {
          peakHwm = h;
          peakHwmCmd = commandOf(pid);
        }
      }
    }
    samples++;
    if (largest[0] && !commands.has(largest[0])) commands.set(largest[0], commandOf(largest[0]));
    timeline.push({
      t: Date.now(),
      cpuMs: Math.round(cpuTicks * msPerTick),
      largestRss: largest[1],
      largestCommand: commands.get(largest[0]) ?? '',
    });
    if (rss > peakRss) {
      peakRss = rss;
      atPeak = per
        .filter(([, r]) => r > 20 * 1024 * 1024)
        .sort((a, b) => b[1] - a[1])
        .map(([pid, r]) => [commandOf(pid), r]);
    }
    if (!(pss <= peakPss)) peakPss = pss;
  };
  const timer = setInterval(sample, interval);
  let timedOut = false;
  const killer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid!, 'SIGTERM');
          setTimeout(() => {
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {
              // gone
            }
          }, 5000).unref();
        } catch {
          // gone
        }
      }, options.timeoutMs)
    : undefined;

  const [exitCode, signal] = await new Promise<[number | null, string | null]>((resolve) => {
    child.on('exit', (code, sig) => resolve([code, sig]));
    child.on('error', () => resolve([null, 'spawn-error']));
  });
  const wallMs = Date.now() - started;
  if (child.pid !== undefined) runningGroups.delete(child.pid);
  clearInterval(timer);
  if (killer) clearTimeout(killer);
  await new Promise<void>((r) => log.end(() => r()));
  let gnuTimeMaxRss = NaN;
  let cpuMs = NaN;
  if (useTime) {
    try {
      const text = await fs.readFile(timeFile, 'utf8');
      gnuTimeMaxRss = parseGnuTime(text);
      cpuMs = parseGnuTimeCpu(text);
    } catch {
      // time did not write (killed)
    }
  }
  return {
    command,
    exitCode: useTime && exitCode === null ? null : exitCode,
    signal,
    timedOut,
    wallMs,
    peakTreeRss: peakRss,
    peakTreePss: peakPss,
    peakSingleProcessHwm: peakHwm,
    peakSingleProcess: peakHwmCmd,
    gnuTimeMaxRss,
    cpuMs,
    atPeak,
    samples,
    tail: tail.split('\n').slice(-150).join('\n'),
    logFile: options.logFile,
    timeline,
    marked,
  };
}

/** The most telling line of a failed build's output. */
export function errorLine(tail: string): string {
  const lines = tail
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const cut = (x: string) => (x.length > 300 ? `${x.slice(0, 297)}...` : x);
  const oom = lines.find((l) => /heap out of memory|Allocation failed/i.test(l));
  if (oom) return cut(oom);
  if (lines.some((l) => /found broken (links|anchors)/i.test(l))) {
    const pairs: string[] = [];
    let from = '';
    for (const l of lines) {
      const src = /Broken (?:link|anchor) on source page path = (.+?):?$/.exec(l);
      if (src) from = src[1];
      const to = /^-> linking to (.+)$/.exec(l);
      if (to) pairs.push(`${from} -> ${to[1]}`);
    }
    return cut(`Docusaurus found ${pairs.length} broken links, e.g. ${pairs.slice(0, 3).join(', ')}`);
  }
  const pick =
    lines.find((l) => /^spec:|^\[gen:api\]/.test(l) && !/ -> .*operations/.test(l)) ??
    lines.find((l) => /^\[ERROR\]/.test(l)) ??
    lines.find((l) => /^Error:/.test(l)) ??
    lines.find((l) => /error/i.test(l) && !/^at /.test(l)) ??
    lines[lines.length - 1] ??
    '';
  return cut(pick);
}
