import {test} from 'node:test';
import assert from 'node:assert/strict';
import {MOCK_SERVER_LABEL, proxyApplies, proxyErrorMessage, serverOptions, throughProxy, tryItConfig, TRY_IT_FAILURE} from './try-it';

test('tryItConfig reads customFields.tryIt; null, missing or non-http values mean "not configured"', () => {
  assert.deepEqual(tryItConfig({tryIt: {mockUrl: 'http://127.0.0.1:4010/', proxyUrl: 'https://proxy.example.com/cors'}}), {
    mockUrl: 'http://127.0.0.1:4010',
    proxyUrl: 'https://proxy.example.com/cors',
  });
  assert.deepEqual(tryItConfig({tryIt: {mockUrl: null, proxyUrl: null}}), {mockUrl: undefined, proxyUrl: undefined});
  assert.deepEqual(tryItConfig({tryIt: {mockUrl: 'javascript:alert(1)'}}), {mockUrl: undefined, proxyUrl: undefined});
  assert.deepEqual(tryItConfig(undefined), {mockUrl: undefined, proxyUrl: undefined});
});

test('the mock server comes first, labelled "Mock server"; without one the list is unchanged', () => {
  const servers = ['https://api.rev.io/v1'];
  assert.deepEqual(serverOptions(servers, {mockUrl: 'http://127.0.0.1:4010'}), [
    {value: 'http://127.0.0.1:4010', label: `${MOCK_SERVER_LABEL} (http://127.0.0.1:4010)`},
    {value: 'https://api.rev.io/v1', label: 'https://api.rev.io/v1'},
  ]);
  assert.deepEqual(serverOptions(servers, {}), [{value: 'https://api.rev.io/v1', label: 'https://api.rev.io/v1'}]);
  assert.equal(serverOptions(['http://127.0.0.1:4010', ...servers], {mockUrl: 'http://127.0.0.1:4010'}).length, 2, 'listed once');
});

test("the proxy carries requests to the document's servers only, never to the mock or a custom URL", () => {
  const cfg = {mockUrl: 'http://127.0.0.1:4010', proxyUrl: 'https://proxy.example.com'};
  const doc = ['https://api.rev.io/v1'];
  assert.equal(proxyApplies('https://api.rev.io/v1', doc, cfg), true);
  assert.equal(proxyApplies('https://api.rev.io/v1/', doc, cfg), true);
  assert.equal(proxyApplies('http://127.0.0.1:4010', doc, cfg), false);
  assert.equal(proxyApplies('https://sandbox.example.com/v1', doc, cfg), false);
  assert.equal(proxyApplies('https://api.rev.io/v1', doc, {mockUrl: cfg.mockUrl}), false, 'no proxy configured');
});

test('throughProxy puts the whole target URL, query included, in the url parameter', () => {
  assert.equal(
    throughProxy('https://api.rev.io/v1/contacts?email=a%40b.c&role=billing', 'https://proxy.example.com/cors'),
    'https://proxy.example.com/cors/?url=https%3A%2F%2Fapi.rev.io%2Fv1%2Fcontacts%3Femail%3Da%2540b.c%26role%3Dbilling',
  );
  const back = new URL(throughProxy('https://api.rev.io/v1/x?a=1&b=2', 'http://127.0.0.1:8787')).searchParams.get('url');
  assert.equal(back, 'https://api.rev.io/v1/x?a=1&b=2');
});

test('the CORS and network messages say what to do, naming only the ways this portal offers', () => {
  const bare = TRY_IT_FAILURE.cors('https://developers.rev.io');
  assert.match(bare, /blocked the response.*CORS.*allow the origin https:\/\/developers\.rev\.io/);
  assert.match(bare, /To try it now: send the request with curl or another code sample/);
  assert.doesNotMatch(bare, /Mock server|proxy/);
  const full = TRY_IT_FAILURE.cors('https://developers.rev.io', {mockUrl: 'http://m', proxyUrl: 'https://p.example'}, true);
  assert.match(
    full,
    /choose "Mock server" to try the operation against its documented examples, tick "Send through the portal's proxy" or send the request with curl/,
  );
  const network = TRY_IT_FAILURE.network('https://api.rev.io/v1/contacts', {mockUrl: 'http://m'}, true);
  assert.match(network, /^The server could not be reached \(https:\/\/api\.rev\.io\/v1\/contacts\)\./);
  assert.match(
    network,
    /To try it now: choose "Mock server" to try the operation against its documented examples\.$/,
    'only the mock helps when nothing answers',
  );
  assert.equal(
    TRY_IT_FAILURE.network('https://x/v1/a'),
    'The server could not be reached (https://x/v1/a). Check the server URL, that the server is running and reachable from your network, and try again.',
  );
  assert.notEqual(TRY_IT_FAILURE.cors('o'), TRY_IT_FAILURE.network('o'));
});

test("the proxy's own refusals are shown with its message", () => {
  assert.equal(
    proxyErrorMessage('{"error":{"code":"rate_limited","message":"Too many requests: wait 12 s."}}', 'rate_limited'),
    'Too many requests: wait 12 s.',
  );
  assert.equal(proxyErrorMessage('<html>', 'x'), 'it answered "x".');
  assert.equal(
    TRY_IT_FAILURE.proxyRefused('https://p.example/cors', 'nope'),
    "The portal's proxy (https://p.example) did not forward the request: nope",
  );
});

test('OpenAPI 3.2 servers[].name labels a server in the picker (name and URL); unnamed servers show their URL', () => {
  const names = new Map([['https://api.meters.test/v1', 'Production']]);
  assert.deepEqual(
    serverOptions(['https://api.meters.test/v1', 'https://sandbox.meters.test/v1'], {mockUrl: 'http://127.0.0.1:4010'}, names),
    [
      {value: 'http://127.0.0.1:4010', label: `${MOCK_SERVER_LABEL} (http://127.0.0.1:4010)`},
      {value: 'https://api.meters.test/v1', label: 'Production (https://api.meters.test/v1)'},
      {value: 'https://sandbox.meters.test/v1', label: 'https://sandbox.meters.test/v1'},
    ],
  );
});
