/**
 * plugins/split-build: a large site bundles in one process and renders in the next. Our own site is
 * built both ways in one copy (PORTAL_SPLIT_BUILD=0, then 1): the two outputs must be the same
 * files (tools/compare-builds.ts), and the second build must really have run in two processes.
 * Then the rendering half alone, with no bundle of its run, must stop with a message saying so.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync, type SpawnSyncReturns} from 'node:child_process';
import {existsSync, renameSync} from 'node:fs';
import path from 'node:path';
import {compareBuilds} from '../../tools/compare-builds';
import {buildCopy, copyProject} from './site-copy';

const copy = copyProject('split-build');
let single: SpawnSyncReturns<string>;
let split: SpawnSyncReturns<string>;
before(() => {
  single = buildCopy(copy.dir, {PORTAL_SPLIT_BUILD: '0'});
  if (single.status === 0) renameSync(path.join(copy.dir, 'build'), path.join(copy.dir, 'build-single'));
  split = buildCopy(copy.dir, {PORTAL_SPLIT_BUILD: '1'});
});
after(() => copy.dispose());

const out = (r: SpawnSyncReturns<string>) => r.stdout + r.stderr;

test('both builds succeed; the one-process build does not split', () => {
  assert.equal(single.status, 0, out(single).slice(-3000));
  assert.equal(split.status, 0, out(split).slice(-3000));
  assert.doesNotMatch(out(single), /\[split-build\]/);
});

test('the split build bundles in one process and renders in a second one', () => {
  const log = out(split);
  assert.match(log, /\[split-build\] bundling and static generation in two processes: PORTAL_SPLIT_BUILD=1/);
  assert.equal(log.match(/\[split-build\] bundled: static generation continues in a new process/g)?.length, 1);
  // Docusaurus starts twice; the search index, the twins and the CSP pass run once, in the second.
  assert.equal(log.match(/Creating an optimized production build/g)?.length, 2);
  assert.equal(log.match(/\[csp\] \d+ pages/g)?.length, 1);
  assert.ok(log.indexOf('[split-build] bundled') < log.indexOf('[csp]'), 'postBuild ran after the bundling process ended');
  // The server bundle is removed after static generation, as in one process.
  assert.equal(existsSync(path.join(copy.dir, 'build/__server')), false);
});

test('the two builds give the same site, file for file', () => {
  const result = compareBuilds(path.join(copy.dir, 'build-single'), path.join(copy.dir, 'build'));
  assert.deepEqual(result.only, []);
  assert.deepEqual(result.differ, []);
  assert.ok(result.same > 100, `${result.same} files compared`);
});

test('the rendering half without its bundling half stops and says why', () => {
  const docusaurus = require.resolve('@docusaurus/core/bin/docusaurus.mjs', {paths: [copy.dir]});
  const r = spawnSync(process.execPath, ['--require', path.join(copy.dir, 'plugins/split-build/phase.cjs'), docusaurus, 'build'], {
    cwd: copy.dir,
    encoding: 'utf8',
    env: {...process.env, CI: 'true', PORTAL_BUILD_PHASE: 'render', PORTAL_BUILD_TOKEN: 'no-such-run', SKIP_HTML_MINIFICATION: 'true'},
    maxBuffer: 64 * 1024 * 1024,
    timeout: 10 * 60 * 1000,
  });
  assert.notEqual(r.status, 0);
  assert.match(out(r), /\[split-build\] the server bundle .*server\.bundle\.js is missing: the bundling process did not finish/);
});
