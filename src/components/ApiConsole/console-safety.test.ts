/**
 * The console's pure safety rules: credentials in parameters (share links, duplicate headers,
 * redirects: issue 22 rows 12 and 5), where relative OAuth URLs resolve (row 10), the file name
 * a download is saved under, and the curl preview (no typed secret, no raw control character).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {OperationPage, SecuritySchemeData} from '../../../plugins/api-pages/client/page-data-format';
import {readShareFragment, shareFragment} from './share';
import {buildRequest} from './request';
import {isCredentialParameter} from './auth/schemes';
import {oauthBase, schemeFlows} from './auth/oauth';
import {dispositionName, downloadName, MAX_NAME, safeFileName} from './download';
import {curlPreview} from './preview';
import {hasControlCharacters} from '../CopyButton/copyable-text';
import {shellQuote} from '../CopyButton/shell-quote';

const headerKey: SecuritySchemeData = {key: 'apiKey', type: 'apiKey', in: 'header', name: 'X-API-Key'};
const queryKey: SecuritySchemeData = {key: 'queryKey', type: 'apiKey', in: 'query', name: 'api_key'};
const basic: SecuritySchemeData = {key: 'basicAuth', type: 'http', scheme: 'basic'};

const op: OperationPage = {
  method: 'get',
  path: '/widgets',
  summary: 'List widgets',
  servers: [{url: 'https://api.x/v1'}],
  security: [[headerKey], [queryKey], [basic]],
  parameters: [
    {name: 'x-api-key', in: 'header', required: false},
    {name: 'Authorization', in: 'header', required: false},
    {name: 'api_key', in: 'query', required: false},
    {name: 'session', in: 'cookie', required: false},
    {name: 'limit', in: 'query', required: false},
  ],
  responses: [{status: '200', headers: [], content: [{mediaType: 'application/json'}]}],
  schemas: {},
  samples: [],
};

const decode = (hash: string) => JSON.parse(Buffer.from(hash.slice('#try='.length), 'base64url').toString('utf8'));

test('credential parameters: Authorization, and an API key name in its place (header names without case)', () => {
  const is = (name: string, where: string) => isCredentialParameter({name, in: where}, op.security);
  assert.equal(is('x-api-key', 'header'), true);
  assert.equal(is('X-API-KEY', 'header'), true);
  assert.equal(is('authorization', 'header'), true);
  assert.equal(is('Proxy-Authorization', 'header'), true);
  assert.equal(is('api_key', 'query'), true);
  assert.equal(is('API_KEY', 'query'), false, 'query names keep their case');
  assert.equal(is('x-api-key', 'query'), false, 'the key is a header, not a query parameter');
  assert.equal(is('limit', 'query'), false);
});

test('Copy link never carries a credential typed into a parameter field', () => {
  const hash = shareFragment(op, {
    server: 'https://api.x/v1',
    params: {'header:x-api-key': 'TYPED-KEY', 'header:Authorization': 'Bearer TYPED-TOKEN', 'query:api_key': 'TYPED-Q', 'query:limit': '5'},
  });
  const text = JSON.stringify(decode(hash));
  for (const secret of ['TYPED-KEY', 'TYPED-TOKEN', 'TYPED-Q']) assert.ok(!text.includes(secret), `${secret} not in the link`);
  assert.deepEqual(decode(hash).params, {'query:limit': '5'});
});

test('a link that sets credential parameters has those values dropped when read', () => {
  const crafted = `#try=${Buffer.from(
    JSON.stringify({
      op: 'GET /widgets',
      server: 'https://api.x/v1',
      params: {
        'header:x-api-key': 'FROM-LINK',
        'header:Authorization': 'Bearer FROM-LINK',
        'query:api_key': 'FROM-LINK',
        'query:limit': '5',
      },
    }),
  ).toString('base64url')}`;
  assert.deepEqual(readShareFragment(crafted, op), {
    request: {op: 'GET /widgets', server: 'https://api.x/v1', params: {'query:limit': '5'}},
  });
});

test('one credential header: a parameter of the same name in another case is replaced, never joined ("FROM-LINK, READER-KEY")', () => {
  const built = buildRequest(
    op,
    'https://api.x/v1',
    {'header:x-api-key': 'FROM-LINK'},
    {'apiKey.value': 'READER-KEY'},
    undefined,
    'https://p.example/',
    0,
  );
  const keys = Object.entries(built.init.headers).filter(([k]) => k.toLowerCase() === 'x-api-key');
  assert.deepEqual(keys, [['X-API-Key', 'READER-KEY']]);
  const q = buildRequest(
    op,
    'https://api.x/v1',
    {'query:api_key': 'FROM-LINK', 'query:limit': '5'},
    {'queryKey.value': 'READER'},
    undefined,
    'https://p.example/',
    1,
  );
  assert.equal(q.url, 'https://api.x/v1/widgets?limit=5&api_key=READER');
});

test('a request carrying any credential is sent with redirect: manual; one without follows redirects', () => {
  const page = 'https://p.example/';
  const scheme = buildRequest(op, 'https://api.x/v1', {}, {'apiKey.value': 'K'}, undefined, page, 0);
  assert.equal(scheme.init.redirect, 'manual');
  const inQuery = buildRequest(op, 'https://api.x/v1', {}, {'queryKey.value': 'K'}, undefined, page, 1);
  assert.equal(inQuery.init.redirect, 'manual');
  const basicOnly = buildRequest(op, 'https://api.x/v1', {}, {'basicAuth.username': 'u', 'basicAuth.password': 'p'}, undefined, page, 2);
  assert.equal(basicOnly.init.redirect, 'manual');
  // Typed into a parameter that is a credential, with no scheme filled in.
  const viaParam = buildRequest(op, 'https://api.x/v1', {'header:Authorization': 'Bearer T'}, {}, undefined, page, 2);
  assert.equal(viaParam.init.redirect, 'manual');
  const plain = buildRequest(op, 'https://api.x/v1', {'query:limit': '5'}, {}, undefined, page, 2);
  assert.equal(plain.init.redirect, undefined);
  assert.equal(plain.credentialed, undefined);
});

test("OAuth URLs resolve against a listed server, never a share link's unlisted one", () => {
  const listed = ['https://api.good.example/v1', 'https://sandbox.good.example/v1'];
  const page = 'https://portal.example/docs/api/x';
  assert.equal(oauthBase('https://sandbox.good.example/v1/', listed, page), 'https://sandbox.good.example/v1');
  assert.equal(oauthBase('https://evil.example/v1', listed, page), 'https://api.good.example/v1');
  assert.equal(oauthBase('https://evil.example/v1', ['/v1'], page), 'https://portal.example/v1');
  assert.equal(oauthBase('https://evil.example/v1', [], page), 'https://portal.example/');
  const scheme: SecuritySchemeData = {
    key: 'o',
    type: 'oauth2',
    flows: {authorizationCode: {authorizationUrl: '/oauth/authorize', tokenUrl: 'oauth/token', scopes: {}}},
  };
  const [flow] = schemeFlows(scheme, oauthBase('https://evil.example/v1', listed, page));
  assert.equal(flow.authorizationUrl, 'https://api.good.example/oauth/authorize');
  assert.equal(new URL(flow.tokenUrl).origin, 'https://api.good.example');
});

test("download names: Content-Disposition, decoded and made safe; the portal's name otherwise", () => {
  assert.equal(downloadName('attachment; filename="INV-2025-004211.pdf"', 'downloadInvoice.pdf'), 'INV-2025-004211.pdf');
  assert.equal(downloadName(`attachment; filename="x.pdf"; filename*=UTF-8''Rechnung%20%C3%BC.pdf`, 'f.pdf'), 'Rechnung ü.pdf');
  assert.equal(downloadName('attachment; filename=plain.pdf', 'f.pdf'), 'plain.pdf');
  assert.equal(downloadName('attachment; filename="../../.bashrc"', 'f.pdf'), 'bashrc');
  assert.equal(downloadName('attachment; filename="..\\\\..\\\\evil.exe"', 'f.pdf'), 'evil.exe');
  assert.equal(downloadName('attachment; filename="/etc/passwd"', 'f.pdf'), 'passwd');
  assert.equal(downloadName('attachment; filename="a\u0007b\u202ecod.pdf"', 'f.pdf'), 'abcod.pdf');
  assert.equal(downloadName('attachment; filename="..."', 'f.pdf'), 'f.pdf');
  assert.equal(downloadName('attachment; filename="CON.txt"', 'f.pdf'), 'f.pdf');
  assert.equal(downloadName('attachment; filename="a:b?.pdf "', 'f.pdf'), 'ab.pdf');
  assert.equal(downloadName(null, 'downloadInvoice.pdf'), 'downloadInvoice.pdf');
  assert.equal(downloadName('inline', 'f.pdf'), 'f.pdf');
  const long = safeFileName(`${'x'.repeat(300)}.pdf`)!;
  assert.equal(long.length, MAX_NAME);
  assert.ok(long.endsWith('.pdf'));
  assert.equal(dispositionName('attachment; filename="say \\"hi\\".txt"'), 'say "hi".txt');
});

test('the curl preview: the request as it would be sent, credentials as placeholders, never the typed values', () => {
  const typed = new Set(['apiKey.value']);
  const preview = curlPreview(
    op,
    'https://api.x/v1',
    {'query:limit': '5', 'header:Authorization': 'Bearer TYPED-TOKEN'},
    undefined,
    'https://p.example/',
    0,
    (k) => typed.has(k),
  );
  assert.ok('curl' in preview);
  assert.equal(
    preview.curl,
    [
      "curl -i -X GET 'https://api.x/v1/widgets?limit=5'",
      "-H 'X-API-Key: <X-API-Key>'",
      "-H 'Authorization: <Authorization>'",
      "-H 'Accept: application/json'",
    ].join(' \\\n  '),
  );
  const basicPreview = curlPreview(op, 'https://api.x/v1', {}, undefined, 'https://p.example/', 2, (k) => k === 'basicAuth.password');
  assert.match((basicPreview as {curl: string}).curl, /--user '<username>:<password>'/);
  const query = curlPreview(op, 'https://api.x/v1', {'query:limit': '1'}, undefined, 'https://p.example/', 1, () => true);
  assert.match((query as {curl: string}).curl, /\?limit=1&api_key=<api_key>'/);
  assert.deepEqual(
    curlPreview(op, '', {}, undefined, 'https://p.example/', 0, () => false),
    {error: 'Choose a server or enter a server URL.'},
  );
});

test("the preview quotes with the samples' shellQuote: a control character in the body reaches no terminal raw", () => {
  const withBody: OperationPage = {
    ...op,
    method: 'post',
    requestBody: {required: true, content: [{mediaType: 'application/json'}]},
  } as OperationPage;
  const body = '{"note":"a\u0015b\u001b[201~c"}';
  const preview = curlPreview(withBody, 'https://api.x/v1', {}, body, 'https://p.example/', 0, () => false);
  assert.ok('curl' in preview, JSON.stringify(preview));
  assert.equal(hasControlCharacters(preview.curl), false, preview.curl);
  assert.ok(preview.curl.includes(`--data-binary ${shellQuote(body)}`), preview.curl);
  assert.ok(preview.curl.includes('$\'{"note":"a\\x15b\\x1B[201~c"}\''), preview.curl);
});

test('the token request (client credentials, code) does not follow a redirect either', async () => {
  const {requestToken} = await import('./auth/oauth');
  const asked: RequestInit[] = [];
  const redirected = (async (_url: string, init: RequestInit) => {
    asked.push(init);
    return {type: 'opaqueredirect', ok: false, status: 0, json: async () => ({})} as unknown as Response;
  }) as unknown as typeof fetch;
  await assert.rejects(
    requestToken('https://id.x/token', {grant_type: 'client_credentials'}, {id: 'c', secret: 's'}, redirected),
    /answered with a redirect, which the console does not follow/,
  );
  assert.equal(asked[0].redirect, 'manual');
});
