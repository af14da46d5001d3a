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

export async function runJobInChild<T>(child: JobChild, job: unknown): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-job-'));
  const jobFile = path.join(dir, 'job.json');
  writeFileSync(jobFile, JSON.stringify(job));
  try {
    // With the benchmark's phase timings on, the child records its own CPU time and peak RSS.
    const timing = childTimingArgs('postBuild', child.name);
    const args = [
      `--max-old-space-size=${child.heapMb}`,
      '--require',
      require.resolve('tsx/cjs'),
      ...timing.execArgv,
      child.script,
      jobFile,
    ];
    const proc = spawn(process.execPath, args, {stdio: ['ignore', 'pipe', 'pipe'], env: timing.env});
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      proc.on('error', reject);
      proc.on('close', resolve);
    });
    const where = path.relative(process.cwd(), child.script) || child.script;
    if (code !== 0) throw new Error(`${child.name} (${where}) failed with exit code ${code}: ${stderr.trim()}`);
    return JSON.parse(stdout) as T;
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
