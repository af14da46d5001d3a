/**
 * The processed OpenAPI document in other forms, beside the JSON download (static/openapi/):
 * YAML (./yaml-child.ts), and a Postman Collection v2.1 made by openapi-to-postmanv2
 * (./postman-child.ts), each in a child process with a time budget (POSTMAN_TIMEOUT_MS, default
 * 120 s). A conversion that fails or runs out of time is a warning and leaves that file out; the
 * overview page and llms.txt list only what exists.
 * Called by plugins/api-pages/generate.ts (gen:api), which generates the pages meanwhile and waits
 * for it before the overview page.
 */
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';
import {runTsxChild, type ChildRun} from '../build-shared/job-child';

export const YAML_FILE = 'openapi.yaml';
export const POSTMAN_FILE = 'postman-collection.json';

export interface DownloadResult {
  yaml: boolean;
  postman: {ok: true; requests: number; ms: number} | {ok: false; reason: string; ms: number};
}

/** The last line a failed child wrote, or how it ended. */
function failure(run: ChildRun, timeoutMs: number): string {
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
  const child = {heapMb: 2048, timeoutMs};
  const [converting, serialising] = [
    runTsxChild(path.join(__dirname, 'postman-child.ts'), [processedSpec, out], {
      ...child,
      timing: ['gen:api', 'Postman collection (child process)'],
    }),
    runTsxChild(path.join(__dirname, 'yaml-child.ts'), [processedSpec, yamlOut], {...child, timing: ['gen:api', 'YAML (child process)']}),
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
