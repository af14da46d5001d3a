import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {runJobInChild} from './job-child';

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
