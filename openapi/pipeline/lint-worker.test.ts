/**
 * The lint on a worker thread (lint-worker.ts) is the lint: the same outcome as lintSource on
 * this thread, the same failures, and buildProcessedSpec gives the same result and the same
 * report whichever thread lints (a refused document: the lint's report, not the bundler's).
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, it} from 'node:test';
import {buildProcessedSpec, OUR_SOURCE, type BuildResult} from './build';
import {SpecError} from './errors';
import {lintSource} from './lint';
import {lintInWorker} from './lint-worker';
import {fixture, PROJECT_ROOT} from './test-helpers';

const CASES = [
  {name: 'a foreign document with findings', file: fixture('real-world-slips.json'), strict: false},
  {name: 'a foreign document with fatal problems', file: fixture('bad-ref/openapi.yaml'), strict: false},
  {name: 'a document with structural slips, strict', file: fixture('schema-error.yaml'), strict: true},
  {name: 'our own document, strict', file: OUR_SOURCE, strict: true},
];

describe('lint on the worker thread', () => {
  it('gives lintSource’s outcome, problem for problem, for several lints at once', async () => {
    const onWorker = await Promise.all(CASES.map((c) => lintInWorker(c.file, c.strict)));
    for (const [i, c] of CASES.entries()) {
      const here = await lintSource(c.file, c.strict);
      assert.deepEqual(onWorker[i], here, c.name);
    }
    assert.ok(
      onWorker[0]!.findings.length > 0 && onWorker[1]!.fatal.length > 0 && onWorker[2]!.fatal.length > 0,
      'the cases have findings to compare',
    );
    assert.deepEqual(onWorker[3], {fatal: [], findings: []}, 'our document lints clean');
  });

  it('passes a lint failure back with its message', async () => {
    for (const file of [path.join(PROJECT_ROOT, 'no-such-openapi.yaml'), PROJECT_ROOT]) {
      const here = await lintSource(file, false).then(
        () => assert.fail('lintSource should fail'),
        (err: Error) => err.message,
      );
      await assert.rejects(lintInWorker(file, false), (err: Error) => err.message === here);
    }
  });

  it('does not keep the process alive once its lints are done', () => {
    const script = `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'lint-worker.ts'))}).lintInWorker(${JSON.stringify(fixture('style-only.yaml'))}, false).then((o) => console.log('findings', o.findings.length));`;
    const run = spawnSync(process.execPath, ['-e', script], {cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 120_000});
    assert.equal(run.signal, null, 'the process ended by itself');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^findings [1-9]\d*$/m);
  });
});

/** The result of buildProcessedSpec, or the SpecError message it threw. */
async function outcome(source: string, strict: boolean, lintOnWorker: boolean): Promise<BuildResult | string> {
  try {
    const result = await buildProcessedSpec({source, strict, lintOnWorker});
    // `files` comes in the order Redocly's reads finish (it varies from run to run already): a set.
    return {...result, stats: {...result.stats, durationMs: 0}, files: [...result.files].sort()};
  } catch (err) {
    assert.ok(err instanceof SpecError, String(err));
    return err.message;
  }
}

describe('buildProcessedSpec with the lint on a worker', () => {
  for (const c of [...CASES, {name: 'a Swagger 2.0 document (linted after conversion)', file: fixture('swagger2.yaml'), strict: false}]) {
    it(`same result or report as linting first: ${c.name}`, async () => {
      const [worker, first] = [await outcome(c.file, c.strict, true), await outcome(c.file, c.strict, false)];
      assert.deepEqual(worker, first);
    });
  }

  it('a document the lint refuses and the bundler cannot bundle gets the lint’s report', async () => {
    const report = await outcome(fixture('bad-ref/openapi.yaml'), false, true);
    assert.equal(typeof report, 'string');
    assert.match(report as string, /^OpenAPI document .*bad-ref\/openapi\.yaml: 2 errors \(the document is not valid OpenAPI/);
  });
});
