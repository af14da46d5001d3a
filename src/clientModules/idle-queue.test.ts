import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createIdleQueue, type IdleDeadline} from './idle-queue';

/** A fake idle scheduler and clock: each item of work advances the clock by `cost` ms. */
function harness(cost: number, idleMs: number) {
  let clock = 0;
  const pending: ((d: IdleDeadline) => void)[] = [];
  const served: number[][] = [];
  let current: number[] = [];
  const push = createIdleQueue<number>({
    whenIdle: (serve) => pending.push(serve),
    now: () => clock,
    sliceMs: 8,
    work: (item) => {
      current.push(item);
      clock += cost;
    },
  });
  const runIdle = () => {
    const serve = pending.shift();
    assert.ok(serve, 'an idle callback is scheduled');
    const end = clock + idleMs;
    current = [];
    serve({timeRemaining: () => Math.max(0, end - clock)});
    served.push(current);
  };
  return {push, runIdle, served, pending};
}

test('a 50 ms idle period is used for 8 ms of work at most, and the rest waits for the next callback', () => {
  const h = harness(3, 50);
  for (let i = 0; i < 10; i++) h.push(i);
  assert.equal(h.pending.length, 1, 'one callback scheduled for ten items');
  h.runIdle();
  // 3 ms per item: after 3 items 9 ms have passed (>= 8), so the slice ends there.
  assert.deepEqual(h.served[0], [0, 1, 2]);
  assert.equal(h.pending.length, 1, 'the rest is scheduled again');
  h.runIdle();
  h.runIdle();
  h.runIdle();
  assert.deepEqual(h.served.flat(), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'every item served once, in order');
  assert.equal(h.pending.length, 0, 'nothing scheduled once the queue is empty');
});

test('a callback with no idle time left (run by its timeout) still serves one item', () => {
  const h = harness(1, 0);
  h.push(1);
  h.push(2);
  h.runIdle();
  assert.deepEqual(h.served[0], [1]);
  h.runIdle();
  assert.deepEqual(h.served[1], [2]);
});

test('a short idle period ends the slice before the budget does', () => {
  const h = harness(1, 2);
  for (let i = 0; i < 5; i++) h.push(i);
  h.runIdle();
  // timeRemaining: 2 → 1 after the first item, which is not > 1.
  assert.deepEqual(h.served[0], [0]);
});

test('items pushed while a callback is pending share it', () => {
  const h = harness(1, 50);
  h.push(1);
  h.push(2);
  h.push(3);
  assert.equal(h.pending.length, 1);
  h.runIdle();
  assert.deepEqual(h.served[0], [1, 2, 3]);
});

test('an item can split into steps that run next, before the rest of the queue, each counted against the slice', () => {
  let clock = 0;
  const pending: ((d: IdleDeadline) => void)[] = [];
  const done: string[] = [];
  const push = createIdleQueue<string>({
    whenIdle: (serve) => pending.push(serve),
    now: () => clock,
    sliceMs: 8,
    work: (item) => {
      clock += 3;
      done.push(item);
      if (!item.includes('/')) return [`${item}/a`, `${item}/b`, `${item}/c`];
    },
  });
  push('page1');
  push('page2');
  const idle = () => pending.shift()!({timeRemaining: () => 50});
  idle();
  assert.deepEqual(done, ['page1', 'page1/a', 'page1/b'], '9 ms: the slice ends after three steps');
  idle();
  assert.deepEqual(done.slice(3), ['page1/c', 'page2', 'page2/a']);
  idle();
  assert.deepEqual(done.slice(6), ['page2/b', 'page2/c']);
  assert.equal(pending.length, 0);
});
