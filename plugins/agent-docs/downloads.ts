/**
 * The processed OpenAPI document in other forms, beside the JSON download (static/openapi/):
 * YAML (./yaml-child.ts), and a Postman Collection v2.1 made by openapi-to-postmanv2
 * (./postman-child.ts), each in a child process with a time budget (POSTMAN_TIMEOUT_MS, default
 * 120 s). A conversion that fails or runs out of time is a warning and leaves that file out; the
 * overview page and llms.txt list only what exists.
 * Called by plugins/api-pages/generate.ts (gen:api), which generates the pages meanwhile and waits
 * for it before the overview page.
 */
import {spawn} from 'node:child_process';
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';
import {childTimingArgs} from '../build-shared/phase-timing';

export const YAML_FILE = 'openapi.yaml';
export const POSTMAN_FILE = 'postman-collection.json';

export interface DownloadResult {
  yaml: boolean;
  postman: {ok: true; requests: number; ms: number} | {ok: false; reason: string; ms: number};
}

function runChild(
  phase: string,
  args: string[],
  timeoutMs: number,
): Promise<{code: number | null; stdout: string; stderr: string; timedOut: boolean}> {
  return new Promise((resolve) => {
    // One Node process with tsx's require hook (not tsx's CLI, which starts a second one); with the
    // benchmark's phase timings on, it records its own CPU time and peak RSS.
    const timing = childTimingArgs('gen:api', phase);
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=2048', '--require', require.resolve('tsx/cjs'), ...timing.execArgv, ...args],
      {stdio: ['ignore', 'pipe', 'pipe'], env: timing.env},
    );
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr, timedOut});
    });
  });
}

/** The last line a failed child wrote, or how it ended. */
function failure(run: {code: number | null; stderr: string; timedOut: boolean}, timeoutMs: number): string {
  if (run.timedOut) return `no result within ${timeoutMs} ms`;
  // An uncaught error ends with Node's version line: the message is the last line before it.
  const lines = run.stderr.split('\n').filter((l) => l.trim() && !/^Node\.js v\d/.test(l.trim()));
  return lines.pop()?.trim() ?? `exit ${run.code}`;
}

export async function writeDownloads(
  processedSpec: string,
  dir: string,
  timeoutMs = Number(process.env.POSTMAN_TIMEOUT_MS ?? 120_000),
): Promise<DownloadResult> {
  const out = path.join(dir, POSTMAN_FILE);
  const yamlOut = path.join(dir, YAML_FILE);
  rmSync(out, {force: true});
  rmSync(yamlOut, {force: true});
  // Both are written by child processes: the caller's page generation (gen:api) runs meanwhile on
  // this one. Parsing and serialising a large document here (GitHub's dereferenced one: 73 MB of
  // JSON, about 6 s of YAML) held the pages back by as long.
  const started = Date.now();
  const [converting, serialising] = [
    runChild('Postman collection (child process)', [path.join(__dirname, 'postman-child.ts'), processedSpec, out], timeoutMs),
    runChild('YAML (child process)', [path.join(__dirname, 'yaml-child.ts'), processedSpec, yamlOut], timeoutMs),
  ];
  const yamlRun = await serialising;
  const yaml = yamlRun.code === 0 && existsSync(yamlOut);
  if (!yaml) {
    rmSync(yamlOut, {force: true});
    console.warn(`[downloads] YAML skipped: ${failure(yamlRun, timeoutMs)}`);
  }
  const run = await converting;
  const ms = Date.now() - started;
  if (run.code === 0 && existsSync(out)) return {yaml, postman: {ok: true, requests: Number(run.stdout.trim().split('\n').pop()), ms}};
  rmSync(out, {force: true});
  const reason = failure(run, timeoutMs);
  console.warn(`[downloads] Postman collection skipped: ${reason}`);
  return {yaml, postman: {ok: false, reason, ms}};
}
