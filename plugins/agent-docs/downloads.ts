/**
 * The processed OpenAPI document in other forms, beside the JSON download (static/openapi/):
 * YAML, and a Postman Collection v2.1 made by openapi-to-postmanv2 in a child process with a time
 * budget (POSTMAN_TIMEOUT_MS, default 120 s). A conversion that fails or runs out of time is a
 * warning and leaves that file out; the overview page and llms.txt list only what exists.
 * Called by plugins/api-pages/generate.ts (gen:api), which generates the pages meanwhile and waits
 * for it before the overview page.
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {stringify} from 'yaml';
import {childTimingArgs} from '../build-shared/phase-timing';

export const YAML_FILE = 'openapi.yaml';
export const POSTMAN_FILE = 'postman-collection.json';

export interface DownloadResult {
  yaml: boolean;
  postman: {ok: true; requests: number; ms: number} | {ok: false; reason: string; ms: number};
}

function runChild(args: string[], timeoutMs: number): Promise<{code: number | null; stdout: string; stderr: string; timedOut: boolean}> {
  return new Promise((resolve) => {
    // One Node process with tsx's require hook (not tsx's CLI, which starts a second one); with the
    // benchmark's phase timings on, it records its own CPU time and peak RSS.
    const timing = childTimingArgs('gen:api', 'Postman collection (child process)');
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

export async function writeDownloads(
  processedSpec: string,
  dir: string,
  timeoutMs = Number(process.env.POSTMAN_TIMEOUT_MS ?? 120_000),
): Promise<DownloadResult> {
  const out = path.join(dir, POSTMAN_FILE);
  rmSync(out, {force: true});
  // The conversion starts first, in its own process: the YAML and the caller's page generation
  // (gen:api) run meanwhile on this one.
  const started = Date.now();
  const converting = runChild([path.join(__dirname, 'postman-child.ts'), processedSpec, out], timeoutMs);
  const doc = JSON.parse(readFileSync(processedSpec, 'utf8'));
  let yaml = false;
  try {
    writeFileSync(path.join(dir, YAML_FILE), stringify(doc, {aliasDuplicateObjects: false, lineWidth: 0}));
    yaml = true;
  } catch (error) {
    console.warn(`[downloads] YAML skipped: ${(error as Error).message}`);
  }
  const run = await converting;
  const ms = Date.now() - started;
  if (run.code === 0 && existsSync(out)) return {yaml, postman: {ok: true, requests: Number(run.stdout.trim().split('\n').pop()), ms}};
  rmSync(out, {force: true});
  const reason = run.timedOut ? `no result within ${timeoutMs} ms` : (run.stderr.trim().split('\n').pop() ?? `exit ${run.code}`);
  console.warn(`[downloads] Postman collection skipped: ${reason}`);
  return {yaml, postman: {ok: false, reason, ms}};
}
