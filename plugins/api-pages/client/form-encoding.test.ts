import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fieldPairs, formPairs, multipartParts} from './form-encoding';

test('fieldPairs: a list by style and explode (form repeats the name by default; delimited styles join)', () => {
  assert.deepEqual(fieldPairs('labels', ['a', 'b']), [
    ['labels', 'a'],
    ['labels', 'b'],
  ]);
  assert.deepEqual(fieldPairs('labels', ['a', 'b'], {explode: false}), [['labels', 'a,b']]);
  assert.deepEqual(fieldPairs('labels', ['a', 'b'], {style: 'spaceDelimited'}), [['labels', 'a b']]);
  assert.deepEqual(fieldPairs('labels', ['a', 'b'], {style: 'pipeDelimited'}), [['labels', 'a|b']]);
  assert.deepEqual(fieldPairs('n', [1, true, null]), [
    ['n', '1'],
    ['n', 'true'],
    ['n', ''],
  ]);
});

test('fieldPairs: an object as deepObject (nested, lists by index), form explode (its properties), form (name=k,v)', () => {
  const address = {city: 'Leeds', geo: {lat: 53.8}, tags: ['a', {b: 1}]};
  assert.deepEqual(fieldPairs('address', address, {style: 'deepObject', explode: true}), [
    ['address[city]', 'Leeds'],
    ['address[geo][lat]', '53.8'],
    ['address[tags][0]', 'a'],
    ['address[tags][1][b]', '1'],
  ]);
  assert.deepEqual(fieldPairs('address', {city: 'Leeds', zip: 'LS1'}), [
    ['city', 'Leeds'],
    ['zip', 'LS1'],
  ]);
  assert.deepEqual(fieldPairs('address', {city: 'Leeds', zip: 'LS1'}, {explode: false}), [['address', 'city,Leeds,zip,LS1']]);
  assert.deepEqual(fieldPairs('expand', ['a', 'b'], {style: 'deepObject'}), [
    ['expand[0]', 'a'],
    ['expand[1]', 'b'],
  ]);
});

test('fieldPairs: an application/json content type sends JSON text, unless a style is given (the style wins)', () => {
  assert.deepEqual(fieldPairs('meta', {a: [1]}, {contentType: 'application/json'}), [['meta', '{"a":[1]}']]);
  assert.deepEqual(fieldPairs('meta', {a: 1}, {contentType: 'application/json', style: 'deepObject'}), [['meta[a]', '1']]);
});

test('formPairs: each property by its own encoding, in order; own keys only', () => {
  const encoding = Object.create({kind: {style: 'deepObject'}});
  encoding.location = {style: 'deepObject', explode: true};
  assert.deepEqual(formPairs({kind: 'electric', labels: ['n', 'r'], location: {city: 'Leeds'}, skip: undefined}, encoding), [
    ['kind', 'electric'],
    ['labels', 'n'],
    ['labels', 'r'],
    ['location[city]', 'Leeds'],
  ]);
  assert.deepEqual(formPairs('text'), [['value', 'text']]);
  assert.deepEqual(formPairs(undefined), []);
});

test('multipartParts: files, typed parts, lists as repeated parts, objects as JSON, explicit styles as fields', () => {
  const parts = multipartParts(
    {title: 'T', file: 'ignored', tags: ['a', 'b'], meta: {issuer: 'x'}, rows: [{a: 1}], link: {create: true}},
    {file: {contentType: 'application/pdf'}, title: {contentType: 'text/markdown'}, link: {style: 'deepObject', explode: true}},
    [
      {name: 'file', file: 'file.pdf'},
      {name: 'photo', file: 'photo.bin'},
    ],
  );
  assert.deepEqual(parts, [
    {name: 'title', text: 'T', contentType: 'text/markdown'},
    {name: 'file', file: 'file.pdf', contentType: 'application/pdf'},
    {name: 'tags', text: 'a'},
    {name: 'tags', text: 'b'},
    {name: 'meta', text: '{"issuer":"x"}', contentType: 'application/json'},
    {name: 'rows', text: '[{"a":1}]', contentType: 'application/json'},
    {name: 'link[create]', text: 'true'},
    // A file field without an example value is still sent.
    {name: 'photo', file: 'photo.bin', contentType: 'application/octet-stream'},
  ]);
});
