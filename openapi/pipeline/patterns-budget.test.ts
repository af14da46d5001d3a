/**
 * The pattern checks of one process share a CPU-time budget (its own process: the budget is
 * module state). CPU time, not wall time, so a busy machine does not spend it faster; without it a
 * document whose patterns recheck cannot settle (@readme/oas-examples' readme.json) spent 3.5 min
 * on them.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {checkPattern, PATTERN_CPU_BUDGET_MS} from './patterns';

test('the checks of one process share a CPU-time budget: after it, patterns are reported as not checked', () => {
  const realUsage = process.cpuUsage;
  let micros = 0;
  // Every reading of the CPU clock is 20 s after the last: two checks spend the budget.
  process.cpuUsage = (() => ({user: (micros += 20_000_000), system: 0})) as typeof process.cpuUsage;
  try {
    assert.deepEqual(checkPattern('^(?:cpu1|a)+$'), {safe: true});
    assert.deepEqual(checkPattern('^(?:cpu2|a)+$'), {safe: true});
    assert.equal(
      checkPattern('^(?:cpu3|a)+$').reason,
      `was not checked: the ${PATTERN_CPU_BUDGET_MS / 1000} s of CPU time for checking the document's patterns were spent`,
    );
  } finally {
    process.cpuUsage = realUsage;
  }
});
