import assert from 'node:assert/strict';
import {test} from 'node:test';
import {reasonPhrase} from './status';

test('reasonPhrase: the phrase of a known code; nothing for ranges, default, unknown codes or inherited names', () => {
  assert.equal(reasonPhrase('404'), 'Not Found');
  assert.equal(reasonPhrase('413'), 'Payload Too Large');
  assert.equal(reasonPhrase('406'), 'Not Acceptable');
  for (const other of ['4XX', 'default', '418', 'constructor', '__proto__', '']) assert.equal(reasonPhrase(other), undefined, other);
});
