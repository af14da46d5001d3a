/** share.ts and auth/oauth.ts, the pure parts: link round trip and refusals, PKCE, state check. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createHash, webcrypto} from 'node:crypto';
import type {OperationPage} from '../../../plugins/api-pages/client/page-data-format';
import {readShareFragment, shareFragment} from './share';
import {authorizationRequestUrl, codeFromRedirect, pkceChallenge, randomToken} from './auth/oauth';

const op: OperationPage = {
  method: 'get',
  path: '/w/{id}',
  summary: 'w',
  servers: [{url: 'https://api.x/v1'}],
  security: [[{key: 'k', type: 'apiKey', in: 'query', name: 'api_key'}], []],
  parameters: [
    {name: 'id', in: 'path', required: true},
    {name: 'api_key', in: 'query', required: false},
  ],
  responses: [],
  schemas: {},
  samples: [],
};

test('share link round trip keeps operation state and drops credential-carrying parameters', () => {
  const hash = shareFragment(op, {
    server: 'https://api.x/v1',
    params: {'path:id': 'ü 1', 'query:api_key': 'SECRET', 'query:other': 'x'},
    alt: 1,
  });
  assert.ok(!Buffer.from(hash.slice(5), 'base64url').toString().includes('SECRET'));
  assert.deepEqual(readShareFragment(hash, op), {
    request: {op: 'GET /w/{id}', server: 'https://api.x/v1', params: {'path:id': 'ü 1'}, alt: 1},
  });
});

test('share links for another operation or damaged ones are refused with a message', () => {
  const other = shareFragment({...op, path: '/z'}, {server: 's', params: {}});
  assert.deepEqual(readShareFragment(other, op), {
    error: 'The shared request link is for GET /z, not GET /w/{id}; the console starts empty.',
  });
  assert.match((readShareFragment('#try=%%%', op) as {error: string}).error, /damaged/);
  assert.equal(readShareFragment('#section', op), null);
});

test('PKCE: S256 challenge of the verifier; the authorization URL carries no secret', async () => {
  const verifier = randomToken(webcrypto as unknown as Crypto, 48);
  assert.match(verifier, /^[A-Za-z0-9_-]{64}$/);
  const challenge = await pkceChallenge(verifier, webcrypto as unknown as Crypto);
  assert.equal(challenge, createHash('sha256').update(verifier).digest('base64url'));
  const url = new URL(
    authorizationRequestUrl({
      authorizationUrl: 'https://id.x/auth?x=1',
      clientId: 'c',
      redirectUri: 'https://p/oauth2-redirect/',
      scopes: ['a', 'b'],
      state: 's',
      challenge,
    }),
  );
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(url.searchParams.get('scope'), 'a b');
  assert.equal(url.searchParams.get('x'), '1');
  assert.ok(!url.href.includes(verifier));
});

test('the redirect answer is used only with the state this console sent', () => {
  assert.equal(codeFromRedirect('?code=abc&state=s1', 's1'), 'abc');
  assert.throws(() => codeFromRedirect('?code=abc&state=s2', 's1'), /does not carry the state/);
  assert.throws(() => codeFromRedirect('?code=abc', 's1'), /does not carry the state/);
  assert.throws(() => codeFromRedirect('?error=access_denied&error_description=No&state=s1', 's1'), /refused: access_denied \(No\)/);
});
