/**
 * `npm run build`'s last step: `docusaurus build`, in one process or, for a large site, in two
 * (./phase.cjs): one bundles, the next renders the pages and runs postBuild. Arguments are passed
 * to `docusaurus build` as they are (`npm run build -- --out-dir x`).
 */
import {spawnSync} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {constants} from 'node:os';
import path from 'node:path';
import {countPages, splitDecision, SPLIT_ENV} from './decide';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const {PHASE_ENV, TOKEN_ENV} = require('./phase.cjs') as {PHASE_ENV: string; TOKEN_ENV: string};

const siteDir = process.cwd();
const docusaurus = require.resolve('@docusaurus/core/bin/docusaurus.mjs', {paths: [siteDir]});
const args = ['build', ...process.argv.slice(2)];

function run(extraArgs: string[], env: NodeJS.ProcessEnv): number {
  const result = spawnSync(process.execPath, [...extraArgs, docusaurus, ...args], {stdio: 'inherit', env});
  if (result.error) throw result.error;
  if (result.signal) return 128 + (constants.signals[result.signal] ?? 0);
  return result.status ?? 1;
}

function main(): number {
  let decision;
  try {
    decision = splitDecision(process.env[SPLIT_ENV], countPages(['docs', 'docs-versions'].map((d) => path.join(siteDir, d))));
  } catch (error) {
    console.error(`[split-build] ${(error as Error).message}`);
    return 1;
  }
  if (!decision.split) return run([], process.env);
  console.log(`[split-build] bundling and static generation in two processes: ${decision.reason}`);
  const preload = ['--require', path.join(__dirname, 'phase.cjs')];
  const token = randomUUID();
  const bundled = run(preload, {...process.env, [PHASE_ENV]: 'bundle', [TOKEN_ENV]: token});
  if (bundled !== 0) return bundled;
  return run(preload, {...process.env, [PHASE_ENV]: 'render', [TOKEN_ENV]: token});
}

process.exitCode = main();
