/**
 * preview.ts curlPreview: the exact command the console prints before sending, for each scheme
 * kind (a placeholder where the reader typed a credential, exactly where Send puts it), the
 * query string, replaced headers, the body, and the refusals (Send's own messages).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {OperationPage, SecuritySchemeData} from '../../../plugins/api-pages/client/page-data-format';
import {curlPreview} from './preview';

const basic: SecuritySchemeData = {key: 'basicAuth', type: 'http', scheme: 'basic'};
const bearer: SecuritySchemeData = {key: 'jwt', type: 'http', scheme: 'bearer'};
const digest: SecuritySchemeData = {key: 'dig', type: 'http', scheme: 'digest'};
const headerKey: SecuritySchemeData = {key: 'hk', type: 'apiKey', in: 'header', name: 'X-API-Key'};
const queryKey: SecuritySchemeData = {key: 'qk', type: 'apiKey', in: 'query', name: 'api key'};
const cookieKey: SecuritySchemeData = {key: 'ck', type: 'apiKey', in: 'cookie', name: 'SID'};
const oauth: SecuritySchemeData = {key: 'oauth', type: 'oauth2'};

const PAGE = 'https://portal.example/docs/api/x';
const SERVER = 'https://api.x/v1';
const JOIN = ' \\\n  ';

function op(over: Partial<OperationPage> = {}): OperationPage {
  return {
    method: 'get',
    path: '/things/{id}',
    summary: 'Get thing',
    servers: [{url: SERVER}],
    security: [],
    parameters: [
      {name: 'id', in: 'path', required: true},
      {name: 'limit', in: 'query', required: false},
      {name: 'x-api-key', in: 'header', required: false},
    ],
    responses: [{status: '200', headers: [], content: [{mediaType: 'application/json'}]}],
    schemas: {},
    samples: [],
    ...over,
  };
}

/** The preview's lines (or its error), with every credential field of `filled` filled in. */
function preview(o: OperationPage, params: Record<string, string>, filled: string[] = [], alternative = 0, body?: string) {
  const r = curlPreview(o, SERVER, params, body, PAGE, alternative, (k) => filled.includes(k));
  return 'curl' in r ? r.curl.split(JOIN) : r;
}

describe('curlPreview: each scheme kind, as Send applies it, with placeholders', () => {
  const security = [[basic], [bearer], [digest], [headerKey], [queryKey], [cookieKey], [oauth], [headerKey, queryKey]];
  const o = op({security});
  const url = "curl -i -X GET 'https://api.x/v1/things/7'";
  const accept = "-H 'Accept: application/json'";

  test('HTTP Basic: curl --user with placeholders (either field filled)', () => {
    assert.deepEqual(preview(o, {'path:id': '7'}, ['basicAuth.username', 'basicAuth.password'], 0), [
      url,
      "--user '<username>:<password>'",
      accept,
    ]);
    assert.deepEqual(preview(o, {'path:id': '7'}, ['basicAuth.password'], 0), [url, "--user '<username>:<password>'", accept]);
  });
  test('bearer and OAuth: "Authorization: Bearer <token>"; another HTTP scheme its own name', () => {
    assert.deepEqual(preview(o, {'path:id': '7'}, ['jwt.token'], 1), [url, "-H 'Authorization: Bearer <token>'", accept]);
    assert.deepEqual(preview(o, {'path:id': '7'}, ['dig.token'], 2), [url, "-H 'Authorization: Digest <credentials>'", accept]);
    assert.deepEqual(preview(o, {'path:id': '7'}, ['oauth.token'], 6), [url, "-H 'Authorization: Bearer <token>'", accept]);
  });
  test('OAuth with only a client id typed: no token, so no Authorization (Send sends none)', () => {
    assert.deepEqual(preview(o, {'path:id': '7'}, ['oauth.clientId', 'oauth.clientSecret'], 6), [url, accept]);
  });
  test('API keys: a header named like the scheme, a query key (readable, its name encoded), a cookie not sent', () => {
    assert.deepEqual(preview(o, {'path:id': '7'}, ['hk.value'], 3), [url, "-H 'X-API-Key: <X-API-Key>'", accept]);
    assert.deepEqual(preview(o, {'path:id': '7'}, ['qk.value'], 4), [
      "curl -i -X GET 'https://api.x/v1/things/7?api%20key=<api key>'",
      accept,
    ]);
    assert.deepEqual(preview(o, {'path:id': '7', 'query:limit': '5'}, ['qk.value'], 4), [
      "curl -i -X GET 'https://api.x/v1/things/7?limit=5&api%20key=<api key>'",
      accept,
    ]);
    assert.deepEqual(
      preview(o, {'path:id': '7'}, ['ck.value'], 5),
      [url, accept],
      'the browser cannot send a cookie: neither does the preview',
    );
  });
  test("nothing typed: no credential in the preview; another alternative's fields do not count", () => {
    assert.deepEqual(preview(o, {'path:id': '7'}, [], 3), [url, accept]);
    assert.deepEqual(preview(o, {'path:id': '7'}, ['jwt.token'], 3), [url, accept]);
  });
  test('two schemes ANDed: both, in order', () => {
    assert.deepEqual(preview(o, {'path:id': '7'}, ['hk.value', 'qk.value'], 7), [
      "curl -i -X GET 'https://api.x/v1/things/7?api%20key=<api key>'",
      "-H 'X-API-Key: <X-API-Key>'",
      accept,
    ]);
  });
  test('two query keys: "?" before the first, "&" before the next; "&" after a query the request already has', () => {
    const second: SecuritySchemeData = {key: 'q2', type: 'apiKey', in: 'query', name: 'sig'};
    const two = op({security: [[queryKey, second]]});
    assert.deepEqual(preview(two, {'path:id': '7'}, ['qk.value', 'q2.value']), [
      "curl -i -X GET 'https://api.x/v1/things/7?api%20key=<api key>&sig=<sig>'",
      accept,
    ]);
    assert.deepEqual(preview(two, {'path:id': '7', 'query:limit': '1'}, ['qk.value', 'q2.value']), [
      "curl -i -X GET 'https://api.x/v1/things/7?limit=1&api%20key=<api key>&sig=<sig>'",
      accept,
    ]);
  });
  test("two schemes that both need Authorization: Send's refusal, not a command", () => {
    const both = op({security: [[basic, bearer]]});
    assert.deepEqual(preview(both, {'path:id': '7'}, ['basicAuth.username', 'jwt.token']), {
      error: 'The schemes "basicAuth" and "jwt" each need the Authorization header, which a request carries once; nothing was sent.',
    });
    assert.deepEqual(preview(both, {'path:id': '7'}, ['basicAuth.username']), [url, "--user '<username>:<password>'", accept]);
  });
});

describe('curlPreview: the request itself', () => {
  test("a scheme's header replaces a header parameter of the same name (any case), which is masked anyway", () => {
    const o = op({security: [[headerKey]]});
    assert.deepEqual(preview(o, {'path:id': '7', 'header:x-api-key': 'TYPED'}, ['hk.value']), [
      "curl -i -X GET 'https://api.x/v1/things/7'",
      "-H 'X-API-Key: <X-API-Key>'",
      "-H 'Accept: application/json'",
    ]);
    assert.deepEqual(preview(o, {'path:id': '7', 'header:x-api-key': 'TYPED'}, []), [
      "curl -i -X GET 'https://api.x/v1/things/7'",
      "-H 'x-api-key: <x-api-key>'",
      "-H 'Accept: application/json'",
    ]);
  });
  test('a body: its media type and the body as typed (shell-quoted); a blank body is none', () => {
    const post = op({
      method: 'post',
      path: '/things',
      parameters: [],
      requestBody: {required: true, content: [{mediaType: 'application/json'}]},
    });
    assert.deepEqual(preview(post, {}, [], 0, '{"name":"it\'s"}'), [
      "curl -i -X POST 'https://api.x/v1/things'",
      "-H 'Accept: application/json'",
      "-H 'Content-Type: application/json'",
      `--data-binary '{"name":"it'\\''s"}'`,
    ]);
    assert.deepEqual(preview(post, {}, [], 0, '  '), ["curl -i -X POST 'https://api.x/v1/things'", "-H 'Accept: application/json'"]);
  });
  test('what Send would refuse is shown as its message', () => {
    assert.deepEqual(preview(op(), {}), {error: 'Fill in the path parameter "id"; nothing was sent.'});
    assert.match((preview(op(), {'path:id': '../x'}) as {error: string}).error, /^Refused: the path parameter "id"/);
  });
  test('an operation without responses or security: the bare command on one line', () => {
    assert.deepEqual(
      curlPreview(op({responses: []}), SERVER, {'path:id': '1'}, undefined, PAGE, 0, () => true),
      {curl: "curl -i -X GET 'https://api.x/v1/things/1'"},
    );
  });
});
