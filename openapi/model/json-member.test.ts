/** json-member.ts: one member of a JSON text without parsing the rest. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {jsonMember, JsonScanError} from './json-member';

test('finds nested members after values of every kind, strings with escapes included', () => {
  const doc = {
    openapi: '3.0.0',
    'x-odd "key"': 'a \\" quote\\\\',
    paths: {'/a': {get: {summary: 'has } and ] and "quotes"', tags: ['x', {y: [1, 2, {z: null}]}]}}},
    n: -1.5e3,
    t: true,
    info: {title: 'T', version: '2.3.4', contact: {}},
  };
  for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2), `\uFEFF  ${JSON.stringify(doc, null, '\t')}\n`]) {
    assert.equal(jsonMember(text, ['info', 'version']), '2.3.4');
    assert.deepEqual(jsonMember(text, ['paths', '/a', 'get', 'tags']), doc.paths['/a'].get.tags);
    assert.equal(jsonMember(text, ['n']), -1500);
    assert.equal(jsonMember(text, ['t']), true);
    assert.equal(jsonMember(text, ['x-odd "key"']), doc['x-odd "key"']);
    assert.equal(jsonMember(text, ['info', 'missing']), undefined);
    assert.equal(jsonMember(text, ['openapi', 'version']), undefined);
  }
  assert.equal(jsonMember('{}', ['info']), undefined);
  assert.equal(jsonMember('[1]', ['info']), undefined);
});

test('reads nothing after the member: a document cut short or broken after it still answers', () => {
  // What portal.config.ts needs of a 73 MB document: the text after `info` is never scanned.
  const text = `{"openapi":"3.0.3","info":{"version":"1.1.4","title":"GitHub"},"paths":{"/x": {"get": BROKEN`;
  assert.throws(() => JSON.parse(text));
  assert.equal(jsonMember(text, ['info', 'version']), '1.1.4');
});

test('malformed text before the member is an error', () => {
  assert.throws(() => jsonMember('{"a" 1, "info": {}}', ['info']), JsonScanError);
  assert.throws(() => jsonMember('{"a": "open', ['info']), /unterminated string/);
  assert.throws(() => jsonMember('{"a": [1, 2', ['info']), /unterminated array/);
  assert.throws(() => jsonMember('{"a": 1 "info": {}}', ['info']), /"," or "}" expected/);
});
