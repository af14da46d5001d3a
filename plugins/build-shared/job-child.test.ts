import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
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
    const heap = await runTsxChild(script, [job({numbers: [], heap: true})], {heapMb: 96, timing: ['test', 'heap']});
    assert.equal(heap.code, 0, heap.stderr);
    // V8 adds its young generation to the old space's cap.
    const {heapMb} = JSON.parse(heap.stdout) as {heapMb: number};
    assert.ok(heapMb >= 96 && heapMb < 160, `heap limit ${heapMb} MB`);
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
