/**
 * share.ts rule by rule: what a "Copy link" fragment carries (never a credential, never an
 * undeclared or empty parameter) and what reading one accepts (every field checked, every refusal
 * with its message).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {OperationPage} from '../../../plugins/api-pages/client/page-data-format';
import {readShareFragment, SHARE_PREFIX, shareFragment, type SharedRequest} from './share';

const op: OperationPage = {
  method: 'post',
  path: '/w/{id}',
  summary: 'w',
  servers: [{url: 'https://api.x/v1'}],
  security: [
    [{key: 'h', type: 'apiKey', in: 'header', name: 'X-Key'}],
    [{key: 'c', type: 'apiKey', in: 'cookie', name: 'sid'}],
    [{key: 'b', type: 'http', scheme: 'bearer'}],
  ],
  parameters: [
    {name: 'id', in: 'path', required: true},
    {name: 'q', in: 'query', required: false},
    {name: 'x-key', in: 'header', required: false},
    {name: 'Authorization', in: 'header', required: false},
    {name: 'Proxy-Authorization', in: 'header', required: false},
    {name: 'sid', in: 'cookie', required: false},
    {name: 'theme', in: 'cookie', required: false},
  ],
  responses: [],
  schemas: {},
  samples: [],
};

const decode = (hash: string) => JSON.parse(Buffer.from(hash.slice(SHARE_PREFIX.length), 'base64url').toString('utf8'));
const encode = (value: unknown) => SHARE_PREFIX + Buffer.from(JSON.stringify(value)).toString('base64url');
const DAMAGED = 'The shared request link is damaged (its "#try=" part is not readable); the console starts empty.';
const BAD_FIELDS =
  'The shared request link is damaged (fields "op", "server" or "params" missing or of the wrong type); the console starts empty.';

test('the fragment: "#try=" and unpadded base64url of exactly {op, server, params[, body][, alt]}', () => {
  const hash = shareFragment(op, {server: 'https://api.x/v1', params: {'path:id': '7'}});
  assert.ok(hash.startsWith('#try='));
  assert.equal(SHARE_PREFIX, '#try=');
  assert.match(hash.slice(5), /^[A-Za-z0-9_-]*$/, 'no "+", "/" or "=" in the fragment');
  assert.deepEqual(decode(hash), {op: 'POST /w/{id}', server: 'https://api.x/v1', params: {'path:id': '7'}});
  // Text whose standard base64 has "+", "/" and padding.
  const tricky = shareFragment(op, {server: 's', params: {'query:q': '>>>???~~~ü'}, body: '?>'});
  assert.match(tricky.slice(5), /^[A-Za-z0-9_-]*$/);
  assert.ok(/[-_]/.test(tricky), 'the URL-safe letters are used');
  assert.deepEqual(readShareFragment(tricky, op), {
    request: {op: 'POST /w/{id}', server: 's', params: {'query:q': '>>>???~~~ü'}, body: '?>'},
  });
  for (let n = 1; n <= 3; n++) {
    // Three lengths: the standard base64 of one of them ends in "=", of another in "==".
    const hash = shareFragment(op, {server: 's'.repeat(n), params: {}});
    assert.match(hash.slice(5), /^[A-Za-z0-9_-]*$/, `no padding (${n})`);
    assert.equal((readShareFragment(hash, op) as {request: SharedRequest}).request.server, 's'.repeat(n));
  }
});

test('what a link never carries: credential parameters (Authorization, Proxy-Authorization, API keys in header or cookie, any case), undeclared ones, empty ones', () => {
  const hash = shareFragment(op, {
    server: 's',
    params: {
      'path:id': '1',
      'query:q': '',
      'header:x-key': 'K1',
      'header:X-Key': 'K2',
      'header:Authorization': 'Bearer T',
      'header:Proxy-Authorization': 'Basic P',
      'cookie:sid': 'S',
      'cookie:theme': 'dark',
      'query:extra': 'E',
      'header:id': 'H',
    },
  });
  assert.deepEqual(decode(hash).params, {'path:id': '1', 'cookie:theme': 'dark'});
  for (const secret of ['K1', 'K2', 'Bearer T', 'Basic P', '"S"', '"E"', '"H"'])
    assert.ok(!JSON.stringify(decode(hash)).includes(secret), secret);
});

test('the body is carried when it has non-blank text, as written; the chosen security alternative when it is not the first', () => {
  const body = (b: string | undefined) => decode(shareFragment(op, {server: 's', params: {}, body: b})).body;
  assert.equal(body(undefined), undefined);
  assert.equal(body(''), undefined);
  assert.equal(body(' \n\t'), undefined);
  assert.equal(body(' {"a": 1}\n'), ' {"a": 1}\n');
  const alt = (a: number | undefined) => decode(shareFragment(op, {server: 's', params: {}, alt: a})).alt;
  assert.equal(alt(undefined), undefined);
  assert.equal(alt(0), undefined, 'the first alternative is the default');
  assert.equal(alt(2), 2);
});

test('reading: only a "#try=" fragment is a share link', () => {
  for (const hash of ['', '#', '#try', '#tr=x', '#TRY=e30', 'x#try=e30', '#section']) assert.equal(readShareFragment(hash, op), null, hash);
});

test('reading: unreadable text is "damaged": not base64, not UTF-8, not JSON', () => {
  assert.deepEqual(readShareFragment('#try=%%%', op), {error: DAMAGED});
  assert.deepEqual(readShareFragment('#try=', op), {error: DAMAGED}, 'empty');
  assert.deepEqual(
    readShareFragment(SHARE_PREFIX + Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url'), op),
    {error: DAMAGED},
    'invalid UTF-8',
  );
  assert.deepEqual(readShareFragment(SHARE_PREFIX + Buffer.from('{"op":').toString('base64url'), op), {error: DAMAGED}, 'cut JSON');
  // Valid JSON around a byte that is not UTF-8: not read with a replacement character.
  const inside = Buffer.concat([Buffer.from('{"op":"POST /w/{id}","server":"s'), Buffer.from([0xff]), Buffer.from('"}')]);
  assert.deepEqual(readShareFragment(SHARE_PREFIX + inside.toString('base64url'), op), {error: DAMAGED}, 'invalid UTF-8 inside a string');
});

test('reading: op and server must be strings, params an object when present; anything else is refused naming those fields', () => {
  const good = {op: 'POST /w/{id}', server: 's', params: {}};
  for (const value of [
    null,
    1,
    'text',
    [],
    {...good, op: undefined},
    {...good, op: 1},
    {...good, server: undefined},
    {...good, server: null},
    {...good, params: 'x'},
    {...good, params: 1},
  ]) {
    assert.deepEqual(readShareFragment(encode(value), op), {error: BAD_FIELDS}, JSON.stringify(value));
  }
  assert.deepEqual(
    readShareFragment(encode({op: 'POST /w/{id}', server: 's'}), op),
    {request: {op: 'POST /w/{id}', server: 's', params: {}}},
    'params may be left out',
  );
  assert.deepEqual(readShareFragment(encode({op: 'POST /w/{id}', server: 's', params: null}), op), {
    request: {op: 'POST /w/{id}', server: 's', params: {}},
  });
});

test('reading: a link for another operation (method and path, the method in capitals) is refused naming both', () => {
  assert.deepEqual(readShareFragment(encode({op: 'GET /w/{id}', server: 's'}), op), {
    error: 'The shared request link is for GET /w/{id}, not POST /w/{id}; the console starts empty.',
  });
  assert.deepEqual(readShareFragment(encode({op: 'post /w/{id}', server: 's'}), op), {
    error: 'The shared request link is for post /w/{id}, not POST /w/{id}; the console starts empty.',
  });
});

test("reading: a link's credential, undeclared and non-string parameter values are dropped; the rest kept as written (also empty ones)", () => {
  const read = readShareFragment(
    encode({
      op: 'POST /w/{id}',
      server: 'https://evil.example',
      params: {
        'path:id': '',
        'query:q': 'a b',
        'header:X-KEY': 'K',
        'header:x-key': 'K',
        'header:authorization': 'T',
        'header:Proxy-Authorization': 'P',
        'cookie:sid': 'S',
        'cookie:theme': 5,
        'query:extra': 'E',
      },
    }),
    op,
  );
  assert.deepEqual(read, {request: {op: 'POST /w/{id}', server: 'https://evil.example', params: {'path:id': '', 'query:q': 'a b'}}});
});

test("reading: the body only when it is text; alt only when it is an integer index of one of the operation's security alternatives", () => {
  const read = (extra: object) => readShareFragment(encode({op: 'POST /w/{id}', server: 's', ...extra}), op) as {request: SharedRequest};
  assert.equal(read({body: ''}).request.body, '');
  assert.equal(read({body: '{"a":1}'}).request.body, '{"a":1}');
  assert.ok(!('body' in read({body: {a: 1}}).request));
  assert.ok(!('body' in read({body: 1}).request));
  for (const alt of [0, 1, 2]) assert.equal(read({alt}).request.alt, alt, String(alt));
  for (const alt of [3, -1, 0.5, 1.5, '1', null, true]) assert.ok(!('alt' in read({alt}).request), JSON.stringify(alt));
  const none = readShareFragment(encode({op: 'POST /w/{id}', server: 's', alt: 0}), {...op, security: []}) as {request: SharedRequest};
  assert.ok(!('alt' in none.request), 'no alternative to choose');
});
