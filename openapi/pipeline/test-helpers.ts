/** Shared helpers for the pipeline tests (not a test file itself). */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');
export const FIXTURES = path.join(__dirname, 'fixtures');
export const OAS_EXAMPLES = path.join(PROJECT_ROOT, 'node_modules', '@readme', 'oas-examples');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/** Path of `file` as the pipeline prints it (relative to the working directory). */
export function shown(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

const tempDirs: string[] = [];
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, {recursive: true, force: true});
});

/** A path in a fresh temporary directory (removed when the test process exits). */
export function tempOutput(name = 'openapi.json'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-test-'));
  tempDirs.push(dir);
  return path.join(dir, name);
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npx tsx openapi/pipeline/cli.ts` the way `npm run spec` does, with a controlled environment. */
export function runCli(env: Record<string, string | undefined>): CliRun {
  const childEnv: NodeJS.ProcessEnv = {...process.env};
  for (const name of [
    'OPENAPI_SOURCE',
    'OPENAPI_PROCESSED',
    'API_BASE_URL',
    'OPENAPI_LINT_DETAILS',
    'DEBUG',
    'OPENAPI_REF_ROOT',
    'OPENAPI_REF_HOSTS',
  ])
    delete childEnv[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  const run = spawnSync('npx', ['tsx', 'openapi/pipeline/cli.ts'], {cwd: PROJECT_ROOT, env: childEnv, encoding: 'utf8'});
  const noise = /^npm warn /; // npm's own configuration warnings are not ours
  const clean = (text: string) =>
    text
      .split('\n')
      .filter((l) => !noise.test(l))
      .join('\n');
  return {status: run.status, stdout: clean(run.stdout ?? ''), stderr: clean(run.stderr ?? '')};
}
