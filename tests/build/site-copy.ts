/**
 * Build-level tests work on a throw-away copy of the project (sources only, node_modules linked),
 * so they never touch the checkout's own build/, .docusaurus/ or generated pages.
 */
import {spawnSync, type SpawnSyncReturns} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', 'build', '.docusaurus', '.tmp', '.git', 'bench-results']);
const SKIP_PATHS = new Set(['docs/api', 'openapi/processed', 'static/openapi', 'plugins/guides/generated']);

/** A fresh copy of the project in a temp folder; `dispose()` removes it. */
export function copyProject(label: string): {dir: string; dispose(): void} {
  const dir = mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`));
  cpSync(PROJECT_ROOT, dir, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(PROJECT_ROOT, src);
      return !SKIP.has(rel.split(path.sep)[0]) && !SKIP_PATHS.has(rel.split(path.sep).join('/'));
    },
  });
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return {dir, dispose: () => rmSync(dir, {recursive: true, force: true})};
}

/** Runs `npm run build` in a copy with extra environment variables; output captured. */
export function buildCopy(dir: string, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync('npm', ['run', 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: {...process.env, ...env, CI: 'true'},
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60 * 1000,
  });
}
