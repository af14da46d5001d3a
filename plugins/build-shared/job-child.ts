/**
 * Runs a build step in a child Node process from postBuild (the search index,
 * plugins/search/child.ts; the Markdown twins, plugins/agent-docs/child.ts; the CSP pass,
 * plugins/csp): the job goes to the script as a JSON file, the script answers on stdout with JSON;
 * a failure is an error with the script's stderr. The script's side is runJobMain.
 * Dependency-free, so that any plugin can use it.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {childTimingArgs} from './phase-timing';

export interface JobChild {
  /** What the step is called in an error ("search index"). */
  name: string;
  /** The TypeScript script, run with tsx: `<script> <job.json>`. */
  script: string;
  /** Heap cap of the child, in MB. */
  heapMb: number;
}

/** How a child run by runTsxChild ended, with all it wrote. */
export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Killed when its time budget ran out. */
  timedOut: boolean;
}

/**
 * Runs `<script> <args...>` in one Node process with tsx's require hook (not tsx's CLI, which
 * starts a second one), its heap capped at `heapMb`. With the benchmark's phase timings on, the
 * child records its own CPU time and peak RSS under `timing` (the build step and the phase's
 * name). With `timeoutMs`, a child still running then is killed and reported `timedOut`.
 */
export function runTsxChild(
  script: string,
  args: string[],
  options: {heapMb: number; timing: [step: string, phase: string]; timeoutMs?: number},
): Promise<ChildRun> {
  const timing = childTimingArgs(...options.timing);
  const argv = [`--max-old-space-size=${options.heapMb}`, '--require', require.resolve('tsx/cjs'), ...timing.execArgv, script, ...args];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, argv, {stdio: ['ignore', 'pipe', 'pipe'], env: timing.env});
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            proc.kill('SIGKILL');
          }, options.timeoutMs);
    proc.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr, timedOut});
    });
  });
}

export async function runJobInChild<T>(child: JobChild, job: unknown): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-job-'));
  const jobFile = path.join(dir, 'job.json');
  writeFileSync(jobFile, JSON.stringify(job));
  try {
    const run = await runTsxChild(child.script, [jobFile], {heapMb: child.heapMb, timing: ['postBuild', child.name]});
    const where = path.relative(process.cwd(), child.script) || child.script;
    if (run.code !== 0) throw new Error(`${child.name} (${where}) failed with exit code ${run.code}: ${run.stderr.trim()}`);
    return JSON.parse(run.stdout) as T;
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/**
 * The child's side (`tsx <script> <job.json>`): reads the job file, runs `work` on it and writes its
 * answer to stdout as JSON; an error goes to stderr (its stack, or with `stack: false` its message
 * only) with exit code 1, which runJobInChild reports with the step's name.
 */
export function runJobMain<Job, Answer>(script: string, work: (job: Job) => Promise<Answer>, options: {stack?: boolean} = {}): void {
  (async () => {
    const file = process.argv[2];
    if (!file) throw new Error(`usage: tsx ${script} <job.json>`);
    const job = JSON.parse(readFileSync(file, 'utf8')) as Job;
    process.stdout.write(JSON.stringify(await work(job)));
  })().catch((error: unknown) => {
    const text = error instanceof Error ? (options.stack === false ? error.message : (error.stack ?? error.message)) : String(error);
    process.stderr.write(`${text}\n`);
    process.exit(1);
  });
}
