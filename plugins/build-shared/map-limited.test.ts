import assert from 'node:assert/strict';
import {test} from 'node:test';
import {mapLimited} from './map-limited';

test('mapLimited keeps order and never runs more than the limit at once', async () => {
  let running = 0;
  let most = 0;
  const out = await mapLimited([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
    most = Math.max(most, ++running);
    await new Promise((r) => setTimeout(r, n * 3));
    running--;
    return n * 10;
  });
  assert.deepEqual(out, [50, 10, 40, 20, 30, 0, 60]);
  assert.equal(most, 3);
});
