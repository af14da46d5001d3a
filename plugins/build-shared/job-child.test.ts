import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import {getHeapStatistics} from 'node:v8';
import {runJobInChild, runTsxChild} from './job-child';

const script = path.join(__dirname, 'fixtures/echo-job.ts');

test('runJobInChild and runJobMain: the job goes in as JSON, the answer comes back as JSON', async () => {
  assert.deepEqual(await runJobInChild({name: 'echo', script, heapMb: 64}, {numbers: [1, 2, 39]}), {sum: 42});
});

test("a failing job is an error naming the step and the script, with the child's stack or message", async () => {
  await assert.rejects(runJobInChild({name: 'echo', script, heapMb: 64}, {numbers: [], fail: 'no pages'}), (error: Error) => {
    assert.match(error.message, /^echo \(plugins\/build-shared\/fixtures\/echo-job\.ts\) failed with exit code 1: Error: no pages\n\s+at /);
    return true;
  });
  process.env.ECHO_JOB_STACK = '0';
  try {
    await assert.rejects(runJobInChild({name: 'echo', script, heapMb: 64}, {numbers: [], fail: 'no pages'}), {
      message: 'echo (plugins/build-shared/fixtures/echo-job.ts) failed with exit code 1: no pages',
    });
  } finally {
    delete process.env.ECHO_JOB_STACK;
  }
});

test('runTsxChild: the heap cap is the one asked for; a child past its time budget is killed and reported, with what it wrote', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsx-child-'));
  try {
    const job = (value: unknown) => {
      const file = path.join(dir, `${Math.random()}.json`);
      writeFileSync(file, JSON.stringify(value));
      return file;
    };
    // V8's limit is the old space's cap plus a young generation of its own (48 MB on Node 20,
    // 192 MB on Node 24): two caps 96 MB apart give limits 96 MB apart.
    const limit = async (heapMb: number) => {
      const run = await runTsxChild(script, [job({numbers: [], heap: true})], {heapMb, timing: ['test', 'heap']});
      assert.equal(run.code, 0, run.stderr);
      return (JSON.parse(run.stdout) as {heapMb: number}).heapMb;
    };
    const [small, large] = [await limit(96), await limit(192)];
    assert.equal(large - small, 96, `heap limits ${small} and ${large} MB`);
    assert.ok(small >= 96 && small < getHeapStatistics().heap_size_limit / 2 ** 20, `heap limit ${small} MB: capped`);
    const started = Date.now();
    const slow = await runTsxChild(script, [job({numbers: [1], waitMs: 60_000})], {heapMb: 64, timing: ['test', 'slow'], timeoutMs: 1500});
    assert.equal(slow.timedOut, true);
    assert.equal(slow.code, null, 'killed, no exit code');
    assert.ok(Date.now() - started < 30_000, 'not waited for');
    const quick = await runTsxChild(script, [job({numbers: [2, 3], waitMs: 10})], {
      heapMb: 64,
      timing: ['test', 'quick'],
      timeoutMs: 30_000,
    });
    assert.deepEqual([quick.timedOut, quick.code, JSON.parse(quick.stdout)], [false, 0, {sum: 5}]);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
