/**
 * Pattern verdicts do not depend on the machine's load (the same document gives the same pages on
 * every machine): no wall-clock budget decides them. A GitHub build on a loaded machine once
 * dropped `^(?:top|bottom|after:\d+)$` and GitHub's base64 secret pattern, which a quiet machine
 * kept, because each check had 2 s of wall time and the process 30 s.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {checkPattern, PATTERN_CHECK_LIMIT, PATTERN_CHECK_MS} from './patterns';

test('a verdict does not read the clock: on a machine where each check seems to take a minute, real patterns are still checked', () => {
  const realNow = Date.now;
  let fake = realNow();
  // Every reading of the clock is a minute after the last: as if the machine were very busy.
  Date.now = () => (fake += 60_000);
  try {
    // Each needs recheck (a quantifier on a group, so not linear by its shape).
    assert.deepEqual(checkPattern('^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$'), {safe: true});
    assert.deepEqual(checkPattern('^(?:top|bottom|after:\\d+)$'), {safe: true});
    assert.deepEqual(checkPattern('^(?:first|last|after:\\d+)$'), {safe: true});
    assert.equal(checkPattern('^(a+)+$').safe, false);
  } finally {
    Date.now = realNow;
  }
});

test('the hang guard is far above a real check, and the number of checks, not their time, is limited', () => {
  // Real checks take well under a second on a busy machine (EC2's seven: 1.7 s together).
  assert.ok(PATTERN_CHECK_MS >= 10_000);
  // Distinct patterns that need recheck: after the limit, the rest are reported as not checked.
  let lastChecked: ReturnType<typeof checkPattern> | undefined;
  let i = 0;
  for (; i < PATTERN_CHECK_LIMIT + 10; i++) {
    const verdict = checkPattern(`^(?:x${i}|y)+$`);
    if (verdict.reason?.startsWith('was not checked')) break;
    lastChecked = verdict;
  }
  assert.deepEqual(lastChecked, {safe: true});
  // The four of the first test count too.
  assert.equal(i, PATTERN_CHECK_LIMIT - 4);
  assert.equal(
    checkPattern('^(?:z|w)+$').reason,
    `was not checked: the build checks at most ${PATTERN_CHECK_LIMIT} patterns, and that many were checked already`,
  );
  // A pattern checked before the limit keeps its verdict (cached).
  assert.deepEqual(checkPattern('^(?:top|bottom|after:\\d+)$'), {safe: true});
});
