/**
 * auth/schemes.ts and auth/oauth.ts, scheme by scheme: what the console asks for, what each
 * credential becomes in the request (exact headers and query), the names a reader sees, and the
 * OAuth 2.0 flows (PKCE values, discovery, the token request and its answer, the state check).
 * fetch and crypto are stand-ins or Node's own; nothing here goes over the network.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {webcrypto} from 'node:crypto';
import type {SecuritySchemeData} from '../../../../plugins/api-pages/client/page-data-format';
import {
  alternativeTitle,
  preferredAlternative,
  applyCredentials,
  base64Utf8,
  cookieNote,
  CredentialError,
  credentialFields,
  isCredentialParameter,
  queryNote,
  schemeTitle,
  usesToken,
} from './schemes';
import {
  absoluteUrl,
  authorizationRequestUrl,
  codeFromRedirect,
  discover,
  discoveredFlows,
  expectedIssuer,
  OIDC_DISCOVERY,
  AUTH_SERVER_METADATA,
  metadataGaps,
  OAuthError,
  oauthBase,
  pkceChallenge,
  randomToken,
  redirectUri,
  REDIRECT_CHANNEL,
  REDIRECT_MESSAGE,
  requestToken,
  schemeFlows,
  unsupportedFlows,
} from './oauth';
import {fakeFetch, json} from './fake-fetch';

const crypto = webcrypto as unknown as Crypto;
const basic: SecuritySchemeData = {key: 'basicAuth', type: 'http', scheme: 'basic'};
const bearer: SecuritySchemeData = {key: 'jwt', type: 'http', scheme: 'bearer', bearerFormat: 'JWT'};
const headerKey: SecuritySchemeData = {key: 'hk', type: 'apiKey', in: 'header', name: 'X-Key'};
const queryKey: SecuritySchemeData = {key: 'qk', type: 'apiKey', in: 'query', name: 'api_key'};
const cookieKey: SecuritySchemeData = {key: 'ck', type: 'apiKey', in: 'cookie', name: 'SID'};
const oauth: SecuritySchemeData = {key: 'oauth', type: 'oauth2'};
const oidc: SecuritySchemeData = {key: 'oidc', type: 'openIdConnect', openIdConnectUrl: 'https://id.x/.well-known/openid-configuration'};
const mtls: SecuritySchemeData = {key: 'mtls', type: 'mutualTLS'};

describe('schemes: names a reader sees', () => {
  test('schemeTitle, each kind', () => {
    const cases: [SecuritySchemeData, string][] = [
      [basic, 'HTTP Basic'],
      [{key: 'b', type: 'http', scheme: 'BASIC'}, 'HTTP Basic'],
      [bearer, 'Bearer token (JWT)'],
      [{key: 'b', type: 'http', scheme: 'Bearer'}, 'Bearer token'],
      [{key: 'd', type: 'http', scheme: 'digest'}, 'HTTP digest'],
      [{key: 'h', type: 'http'}, 'HTTP'],
      [headerKey, 'API key (header X-Key)'],
      [queryKey, 'API key (query api_key)'],
      [cookieKey, 'API key (cookie SID)'],
      [{key: 'k', type: 'apiKey', in: 'header'}, 'API key (header)'],
      [{key: 'k', type: 'apiKey'}, 'API key (?)'],
      [oauth, 'OAuth 2.0'],
      [oidc, 'OpenID Connect'],
      [mtls, 'Mutual TLS'],
      [{key: 'x', type: 'custom' as SecuritySchemeData['type']}, 'custom'],
    ];
    for (const [s, title] of cases) assert.equal(schemeTitle(s), title, JSON.stringify(s));
  });

  test('alternativeTitle: each scheme with its key, joined with " + "; an empty alternative is "No authentication"', () => {
    assert.equal(alternativeTitle([basic, headerKey]), 'basicAuth: HTTP Basic + hk: API key (header X-Key)');
    assert.equal(alternativeTitle([oauth]), 'oauth: OAuth 2.0');
    assert.equal(alternativeTitle([]), 'No authentication');
  });

  test('the notes on cookie and query API keys', () => {
    assert.equal(
      cookieNote('SID'),
      'This API key goes in the cookie "SID". Browsers do not let a web page set the Cookie header, so the console sends the request without it; the code samples on this page send it (curl --cookie "SID=…").',
    );
    assert.equal(
      queryNote('api_key'),
      'The API description puts this key in the URL\'s query string ("api_key"): it is part of the request address, where servers, proxies and browser history may record it.',
    );
  });
});

describe('schemes: deprecated schemes (OpenAPI 3.2)', () => {
  const old: SecuritySchemeData = {...headerKey, key: 'old', deprecated: true};
  test('preferredAlternative: the first alternative without a deprecated scheme, else the first', () => {
    assert.equal(preferredAlternative([[old], [bearer]]), 1);
    assert.equal(preferredAlternative([[basic, old], [old, bearer], [oauth]]), 2, 'one deprecated scheme taints its whole alternative');
    assert.equal(preferredAlternative([[old], [{...bearer, deprecated: true}]]), 0, 'all deprecated: the first');
    assert.equal(preferredAlternative([[bearer], [old]]), 0);
    assert.equal(preferredAlternative([]), 0);
    assert.equal(preferredAlternative([[], [old]]), 0, 'no authentication is not deprecated');
  });
  test('alternativeTitle marks a deprecated scheme', () => {
    assert.equal(alternativeTitle([basic, old]), 'basicAuth: HTTP Basic + old: API key (header X-Key) (deprecated)');
  });
});

describe('schemes: the credential fields each kind asks for', () => {
  test('basic: user name (text) and password', () => {
    assert.deepEqual(credentialFields(basic), [
      {key: 'basicAuth.username', label: 'Username', type: 'text'},
      {key: 'basicAuth.password', label: 'Password', type: 'password'},
    ]);
  });
  test('apiKey: one secret labelled with its name (else its key), wherever it goes', () => {
    assert.deepEqual(credentialFields(headerKey), [{key: 'hk.value', label: 'X-Key', type: 'password'}]);
    assert.deepEqual(credentialFields(cookieKey), [{key: 'ck.value', label: 'SID', type: 'password'}]);
    assert.deepEqual(credentialFields({key: 'k', type: 'apiKey', in: 'query'}), [{key: 'k.value', label: 'k', type: 'password'}]);
  });
  test('bearer: a token; another HTTP scheme: its credentials', () => {
    assert.deepEqual(credentialFields(bearer), [{key: 'jwt.token', label: 'Bearer token', type: 'password'}]);
    assert.deepEqual(credentialFields({key: 'd', type: 'http', scheme: 'Digest'}), [
      {key: 'd.token', label: 'Digest credentials', type: 'password'},
    ]);
    assert.deepEqual(credentialFields({key: 'h', type: 'http'}), [{key: 'h.token', label: 'HTTP credentials', type: 'password'}]);
  });
  test('OAuth 2.0 and OpenID Connect: client id, optional secret, access token', () => {
    for (const s of [oauth, oidc]) {
      assert.deepEqual(credentialFields(s), [
        {key: `${s.key}.clientId`, label: 'Client ID', type: 'text'},
        {key: `${s.key}.clientSecret`, label: 'Client secret', type: 'password', optional: true},
        {key: `${s.key}.token`, label: 'Access token', type: 'password'},
      ]);
      assert.equal(usesToken(s), true);
    }
    assert.equal(usesToken(bearer), false);
    assert.equal(usesToken(headerKey), false);
  });
  test('mutual TLS: nothing (the browser presents the certificate)', () => {
    assert.deepEqual(credentialFields(mtls), []);
  });
});

describe('schemes: applyCredentials, exactly what each kind adds', () => {
  const apply = (alt: SecuritySchemeData[], creds: Record<string, string>) => applyCredentials(alt, creds);
  const none = {headers: [], query: [], notSent: []};

  test('basic: "Basic " + base64 of UTF-8 "user:password"; the scheme name in any case', () => {
    assert.deepEqual(apply([basic], {'basicAuth.username': 'Aladdin', 'basicAuth.password': 'open sesame'}), {
      headers: [['Authorization', 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==']],
      query: [],
      notSent: [],
    });
    assert.deepEqual(apply([{...basic, scheme: 'Basic'}], {'basicAuth.username': 'u'}).headers, [['Authorization', 'Basic dTo=']]);
    assert.deepEqual(apply([basic], {}), none, 'nothing typed, nothing sent');
    assert.throws(
      () => apply([basic], {'basicAuth.username': 'a:b'}),
      (e: unknown) => e instanceof CredentialError && /cannot contain ":" \(scheme "basicAuth"\)/.test(e.message),
    );
    assert.doesNotThrow(() => apply([basic], {'basicAuth.password': 'a:b'}), 'a password may hold ":"');
  });

  test('bearer: "Bearer <token>" whatever the case of the scheme name; other HTTP schemes capitalised', () => {
    assert.deepEqual(apply([bearer], {'jwt.token': 't0k'}).headers, [['Authorization', 'Bearer t0k']]);
    assert.deepEqual(apply([{key: 'b', type: 'http', scheme: 'BEARER'}], {'b.token': 't'}).headers, [['Authorization', 'Bearer t']]);
    assert.deepEqual(apply([{key: 'd', type: 'http', scheme: 'digest'}], {'d.token': 'username="a"'}).headers, [
      ['Authorization', 'Digest username="a"'],
    ]);
    assert.deepEqual(
      apply([{key: 'h', type: 'http'}], {'h.token': 't'}).headers,
      [['Authorization', 'Bearer t']],
      'no scheme named: a bearer token',
    );
    assert.deepEqual(apply([bearer], {'jwt.token': ''}), none);
  });

  test('apiKey: a header, a query parameter, or a cookie the browser cannot send (reported)', () => {
    assert.deepEqual(apply([headerKey], {'hk.value': 'k1'}), {headers: [['X-Key', 'k1']], query: [], notSent: []});
    assert.deepEqual(apply([queryKey], {'qk.value': 'k2'}), {headers: [], query: [['api_key', 'k2']], notSent: []});
    assert.deepEqual(apply([cookieKey], {'ck.value': 'k3'}), {
      headers: [],
      query: [],
      notSent: [{scheme: 'ck', reason: cookieNote('SID')}],
    });
    assert.deepEqual(apply([headerKey, queryKey, cookieKey], {}), none, 'empty keys add nothing, not even a note');
    assert.deepEqual(apply([{key: 'k', type: 'apiKey', in: 'header'}], {'k.value': 'v'}), none, 'no name: nowhere to put it');
  });

  test('OAuth 2.0 and OpenID Connect: the access token as a bearer token; client id and secret never sent', () => {
    assert.deepEqual(apply([oauth], {'oauth.token': 'at', 'oauth.clientId': 'c', 'oauth.clientSecret': 's'}), {
      headers: [['Authorization', 'Bearer at']],
      query: [],
      notSent: [],
    });
    assert.deepEqual(apply([oidc], {'oidc.token': 'it'}).headers, [['Authorization', 'Bearer it']]);
    assert.deepEqual(apply([oauth], {'oauth.clientId': 'c'}), none);
    assert.deepEqual(apply([mtls], {'mtls.token': 'x'}), none);
  });

  test('every scheme of an alternative (AND), in order; two Authorization headers are refused, naming the schemes', () => {
    assert.deepEqual(apply([headerKey, queryKey, oauth], {'hk.value': 'h', 'qk.value': 'q', 'oauth.token': 't'}), {
      headers: [
        ['X-Key', 'h'],
        ['Authorization', 'Bearer t'],
      ],
      query: [['api_key', 'q']],
      notSent: [],
    });
    const authKey: SecuritySchemeData = {key: 'ak', type: 'apiKey', in: 'header', name: 'authorization'};
    assert.throws(
      () => apply([basic, authKey, headerKey], {'basicAuth.username': 'u', 'ak.value': 'v'}),
      (e: unknown) =>
        e instanceof CredentialError &&
        e.message ===
          'The schemes "basicAuth" and "ak" and "hk" each need the Authorization header, which a request carries once; nothing was sent.',
    );
    assert.deepEqual(apply([basic, bearer], {'basicAuth.username': 'u'}).headers, [['Authorization', 'Basic dTo=']], 'one filled in: fine');
  });

  test('base64Utf8: the UTF-8 bytes, not Latin-1', () => {
    assert.equal(base64Utf8('€'), '4oKs');
    assert.equal(base64Utf8(''), '');
  });

  test('isCredentialParameter: cookie parameters named like a cookie key; a key without a name matches nothing', () => {
    const security = [[cookieKey], [{key: 'nameless', type: 'apiKey', in: 'query'} as SecuritySchemeData]];
    assert.equal(isCredentialParameter({in: 'cookie', name: 'SID'}, security), true);
    assert.equal(isCredentialParameter({in: 'cookie', name: 'sid'}, security), false, 'cookie names keep their case');
    assert.equal(isCredentialParameter({in: 'header', name: 'SID'}, security), false);
    assert.equal(isCredentialParameter({in: 'query', name: 'undefined'}, security), false);
    assert.equal(isCredentialParameter({in: 'query', name: 'authorization'}, []), false, 'Authorization is a credential as a header only');
    assert.equal(isCredentialParameter({in: 'header', name: 'PROXY-AUTHORIZATION'}, []), true);
    assert.equal(
      isCredentialParameter({in: 'header', name: 'X-Key'}, [[{...headerKey, type: 'http'}]]),
      false,
      'only apiKey schemes name parameters',
    );
  });
});

describe('oauth: PKCE and the authorization request', () => {
  test('randomToken: base64url of the random bytes, without padding', () => {
    const fixed = (bytes: number[]) => ({getRandomValues: (a: Uint8Array) => (a.set(bytes.slice(0, a.length)), a)}) as unknown as Crypto;
    assert.equal(randomToken(fixed([0xfb, 0xff, 0xfe]), 3), '-__-', '"+" and "/" become "-" and "_"');
    assert.equal(randomToken(fixed([0xff]), 1), '_w', 'padding dropped');
    assert.equal(randomToken(fixed([0xfb, 0xef, 0xbe, 0xfb, 0xef, 0xbe]), 6), '--------', 'every "+", not only the first');
    assert.equal(randomToken(fixed([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 6), '________', 'every "/"');
    assert.match(randomToken(crypto), /^[A-Za-z0-9_-]{43}$/, '32 bytes by default: 43 characters');
    assert.notEqual(randomToken(crypto), randomToken(crypto));
  });

  test('pkceChallenge: RFC 7636 appendix B', async () => {
    assert.equal(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', crypto), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  test("authorizationRequestUrl: every parameter, scope only when some are asked for, the URL's own query kept", () => {
    const url = authorizationRequestUrl({
      authorizationUrl: 'https://id.x/auth?audience=api',
      clientId: 'portal app',
      redirectUri: 'https://p.x/oauth2-redirect/',
      scopes: ['read', 'write'],
      state: 'st',
      challenge: 'ch',
    });
    assert.equal(
      url,
      'https://id.x/auth?audience=api&response_type=code&client_id=portal+app&redirect_uri=https%3A%2F%2Fp.x%2Foauth2-redirect%2F&scope=read+write&state=st&code_challenge=ch&code_challenge_method=S256',
    );
    const noScope = new URL(
      authorizationRequestUrl({
        authorizationUrl: 'https://id.x/auth',
        clientId: 'c',
        redirectUri: 'https://p.x/r/',
        scopes: [],
        state: 's',
        challenge: 'c',
      }),
    );
    assert.equal(noScope.searchParams.has('scope'), false);
  });

  test('codeFromRedirect: the state first, then an error answer, then the code', () => {
    assert.equal(codeFromRedirect('code=c1&state=s', 's'), 'c1', 'without the leading "?"');
    assert.equal(codeFromRedirect('?state=s&code=c%2B2', 's'), 'c+2');
    assert.throws(() => codeFromRedirect('?error=access_denied&state=other', 's'), /does not carry the state this console sent/);
    assert.throws(
      () => codeFromRedirect('?error=access_denied&state=s', 's'),
      (e: unknown) => e instanceof OAuthError && e.message === 'The authorization server refused: access_denied.',
    );
    assert.throws(
      () => codeFromRedirect('?error=invalid_scope&error_description=Unknown+scope&state=s', 's'),
      (e: unknown) => e instanceof OAuthError && e.message === 'The authorization server refused: invalid_scope (Unknown scope).',
    );
    assert.throws(
      () => codeFromRedirect('?state=s', 's'),
      (e: unknown) => e instanceof OAuthError && e.message === 'The authorization answer has no code.',
    );
    assert.throws(() => codeFromRedirect('?state=s&code=', 's'), /has no code/);
    assert.throws(() => codeFromRedirect('?code=c&state=S', 's'), /does not carry the state/, 'compared exactly (case)');
  });

  test("redirectUri and the redirect page's message names", () => {
    assert.equal(redirectUri('https://p.x', '/'), 'https://p.x/oauth2-redirect/');
    assert.equal(redirectUri('https://p.x', '/portal'), 'https://p.x/portal/oauth2-redirect/');
    assert.equal(redirectUri('https://p.x', '/portal/'), 'https://p.x/portal/oauth2-redirect/');
    assert.equal(REDIRECT_MESSAGE, 'portal-oauth2-redirect');
    assert.equal(REDIRECT_CHANNEL, 'portal-oauth2');
  });
});

describe('oauth: where the endpoints are', () => {
  test('absoluteUrl: resolved against the base; invalid or non-http(s) refused naming the field', () => {
    assert.equal(absoluteUrl('/oauth/token', 'https://api.x/v1', 'token URL'), 'https://api.x/oauth/token');
    assert.equal(absoluteUrl('token', 'https://api.x/v1/', 'token URL'), 'https://api.x/v1/token');
    assert.equal(absoluteUrl('http://id.x/t', 'https://api.x/', 'token URL'), 'http://id.x/t');
    assert.throws(
      () => absoluteUrl('https://[::1', 'https://api.x/', 'token URL'),
      (e: unknown) => e instanceof OAuthError && e.message === 'The token URL "https://[::1" is not a valid URL.',
    );
    assert.throws(
      () => absoluteUrl('javascript:alert(1)', 'https://api.x/', 'authorization URL'),
      (e: unknown) => e instanceof OAuthError && e.message === 'The authorization URL "javascript:alert(1)" is not an http(s) URL.',
    );
  });

  test("oauthBase: a listed server chosen (spaces and trailing slashes ignored), else the first listed usable one, else the page's origin", () => {
    const page = 'https://portal.x/docs/api/y';
    assert.equal(oauthBase(' https://b.x/v1// ', ['https://a.x/v1', 'https://b.x/v1/'], page), 'https://b.x/v1');
    assert.equal(
      oauthBase('https://b.x/v1', ['http://[bad', 'https://a.x/v1'], page),
      'https://a.x/v1',
      'an unusable listed entry is skipped',
    );
    assert.equal(oauthBase('http://[bad', ['https://a.x/v1'], page), 'https://a.x/v1');
    assert.equal(oauthBase('https://a.x', [], page), 'https://portal.x/');
  });

  test('schemeFlows: authorization code (needs both URLs) and client credentials (needs a token URL), endpoints absolute', () => {
    const s: SecuritySchemeData = {
      key: 'o',
      type: 'oauth2',
      flows: {
        authorizationCode: {authorizationUrl: '/authorize', tokenUrl: '/token', scopes: {read: 'Read.'}},
        clientCredentials: {tokenUrl: 'https://id.x/token', scopes: {}},
        implicit: {authorizationUrl: '/authorize', scopes: {}},
        password: {tokenUrl: '/token', scopes: {}},
      },
    };
    assert.deepEqual(schemeFlows(s, 'https://api.x/v1'), [
      {name: 'authorizationCode', tokenUrl: 'https://api.x/token', authorizationUrl: 'https://api.x/authorize', scopes: {read: 'Read.'}},
      {name: 'clientCredentials', tokenUrl: 'https://id.x/token', scopes: {}},
    ]);
    const partial: SecuritySchemeData = {
      key: 'o',
      type: 'oauth2',
      flows: {authorizationCode: {tokenUrl: '/token', scopes: {}}, clientCredentials: {authorizationUrl: '/a', scopes: {}}},
    };
    assert.deepEqual(
      schemeFlows(partial, 'https://api.x/'),
      [],
      'a code flow without an authorization URL, a client flow without a token URL: nothing runnable',
    );
    const noScopes = {key: 'o', type: 'oauth2', flows: {clientCredentials: {tokenUrl: '/t'}}} as unknown as SecuritySchemeData;
    assert.deepEqual(schemeFlows(noScopes, 'https://api.x/'), [{name: 'clientCredentials', tokenUrl: 'https://api.x/t', scopes: {}}]);
    assert.deepEqual(schemeFlows({key: 'o', type: 'oauth2'}, 'https://api.x/'), []);
  });

  test('schemeFlows: the device flow (OpenAPI 3.2) needs its device authorization URL and a token URL', () => {
    const s: SecuritySchemeData = {
      key: 'o',
      type: 'oauth2',
      flows: {deviceAuthorization: {deviceAuthorizationUrl: '/device_authorization', tokenUrl: '/token', scopes: {r: 'Read.'}}},
    };
    assert.deepEqual(schemeFlows(s, 'https://api.x/v1'), [
      {
        name: 'deviceAuthorization',
        tokenUrl: 'https://api.x/token',
        deviceAuthorizationUrl: 'https://api.x/device_authorization',
        scopes: {r: 'Read.'},
      },
    ]);
    const noDeviceUrl: SecuritySchemeData = {key: 'o', type: 'oauth2', flows: {deviceAuthorization: {tokenUrl: '/token', scopes: {}}}};
    assert.deepEqual(schemeFlows(noDeviceUrl, 'https://api.x/'), []);
    assert.throws(
      () =>
        schemeFlows(
          {key: 'o', type: 'oauth2', flows: {deviceAuthorization: {deviceAuthorizationUrl: 'javascript:x', tokenUrl: '/t', scopes: {}}}},
          'https://api.x/',
        ),
      /The device authorization URL "javascript:x" is not an http\(s\) URL\./,
    );
  });

  test("schemeFlows with oauth2MetadataUrl's metadata: the server's endpoints first, the description's where it names none", () => {
    const s: SecuritySchemeData = {
      key: 'o',
      type: 'oauth2',
      oauth2MetadataUrl: 'https://auth.x/.well-known/oauth-authorization-server',
      flows: {
        authorizationCode: {authorizationUrl: 'https://old.x/authorize', tokenUrl: 'https://old.x/token', scopes: {}},
        deviceAuthorization: {deviceAuthorizationUrl: 'https://old.x/device', tokenUrl: 'https://old.x/token', scopes: {r: ''}},
      },
    };
    const meta = {tokenUrl: 'https://auth.x/token', deviceAuthorizationUrl: 'https://auth.x/device', scopes: [], grantTypes: []};
    assert.deepEqual(schemeFlows(s, 'https://api.x/', meta), [
      {name: 'authorizationCode', tokenUrl: 'https://auth.x/token', authorizationUrl: 'https://old.x/authorize', scopes: {}},
      {name: 'deviceAuthorization', tokenUrl: 'https://auth.x/token', deviceAuthorizationUrl: 'https://auth.x/device', scopes: {r: ''}},
    ]);
    assert.deepEqual(metadataGaps(s, meta, s.oauth2MetadataUrl!), [
      'The authorization server metadata https://auth.x/.well-known/oauth-authorization-server names no "authorization_endpoint"; the console uses the URL the API description gives.',
    ]);
    const bare: SecuritySchemeData = {key: 'o', type: 'oauth2', flows: {deviceAuthorization: {tokenUrl: '/t', scopes: {}}}};
    assert.deepEqual(metadataGaps(bare, {scopes: [], grantTypes: []}, 'https://auth.x/m'), [
      'The authorization server metadata https://auth.x/m names no "token_endpoint"; the console uses the URL the API description gives.',
      'The authorization server metadata https://auth.x/m names no "device_authorization_endpoint"; the flows that need it are not offered.',
    ]);
    assert.deepEqual(metadataGaps(s, {...meta, authorizationUrl: 'https://auth.x/a'}, 'u'), [], 'nothing missing: nothing said');
  });

  test('unsupportedFlows: implicit and password are named with why, not hidden', () => {
    assert.deepEqual(
      unsupportedFlows({
        key: 'o',
        type: 'oauth2',
        flows: {implicit: {authorizationUrl: '/a', scopes: {}}, password: {tokenUrl: '/t', scopes: {}}},
      }),
      [
        'The implicit flow is not offered: it is deprecated (OAuth 2.0 Security BCP); use the authorization code flow with PKCE.',
        'The password flow is not offered: a documentation page should not collect your password; get a token elsewhere and paste it.',
      ],
    );
    assert.deepEqual(unsupportedFlows({key: 'o', type: 'oauth2', flows: {password: {tokenUrl: '/t', scopes: {}}}}).length, 1);
    assert.deepEqual(unsupportedFlows({key: 'o', type: 'oauth2'}), []);
  });
});

/** A fetch stand-in: records the calls, answers with `answer`. */
describe('oauth: OpenID Connect discovery', () => {
  const URL_ = 'https://id.x/.well-known/openid-configuration';

  test('discover: a GET without credentials; endpoints resolved against the document; lists filtered to strings', async () => {
    const f = fakeFetch(() =>
      json(200, {
        issuer: 'https://id.x',
        authorization_endpoint: '/authorize',
        token_endpoint: 'https://id.x/token',
        scopes_supported: ['openid', 'profile', 7],
        grant_types_supported: ['client_credentials', null],
      }),
    );
    assert.deepEqual(await discover(URL_, f.impl), {
      issuer: 'https://id.x',
      authorizationUrl: 'https://id.x/authorize',
      tokenUrl: 'https://id.x/token',
      scopes: ['openid', 'profile'],
      grantTypes: ['client_credentials'],
    });
    assert.deepEqual(f.calls, [{url: URL_, init: {headers: {Accept: 'application/json'}, credentials: 'omit'}}]);
  });

  test('discover: absent grant types mean authorization code and implicit; missing or odd fields are left out', async () => {
    const f = fakeFetch(() => json(200, {issuer: 'https://id.x/', token_endpoint: 3, scopes_supported: 'openid'}));
    assert.deepEqual(await discover(URL_, f.impl), {
      issuer: 'https://id.x/',
      authorizationUrl: undefined,
      tokenUrl: undefined,
      scopes: [],
      grantTypes: ['authorization_code', 'implicit'],
    });
  });

  test('discover: a server that names another issuer than its address was made from is not used', async () => {
    const cases: [string, unknown, string, string?][] = [
      [
        URL_,
        'https://evil.x',
        OIDC_DISCOVERY,
        `The OpenID Connect discovery document ${URL_} names the issuer "https://evil.x", not "https://id.x", the issuer its address was made from: it is not used (OpenID Connect Discovery §4.3).`,
      ],
      [
        URL_,
        undefined,
        OIDC_DISCOVERY,
        `The OpenID Connect discovery document ${URL_} names no "issuer", not "https://id.x", the issuer its address was made from: it is not used (OpenID Connect Discovery §4.3).`,
      ],
      [
        URL_,
        42,
        OIDC_DISCOVERY,
        `The OpenID Connect discovery document ${URL_} names no "issuer", not "https://id.x", the issuer its address was made from: it is not used (OpenID Connect Discovery §4.3).`,
      ],
      [
        'https://auth.x/.well-known/oauth-authorization-server/tenant1',
        'https://auth.x/tenant2',
        AUTH_SERVER_METADATA,
        'The authorization server metadata https://auth.x/.well-known/oauth-authorization-server/tenant1 names the issuer "https://auth.x/tenant2", not "https://auth.x/tenant1", the issuer its address was made from: it is not used (RFC 8414 §3.3).',
      ],
    ];
    for (const [address, issuer, what, message] of cases) {
      const f = fakeFetch(() => json(200, {issuer, token_endpoint: 'https://auth.x/token'}));
      await assert.rejects(discover(address, f.impl, what), (e: unknown) => e instanceof OAuthError && e.message === message);
    }
    // Both well-known forms, a trailing slash aside; an address without a well-known part is not compared.
    for (const [address, issuer] of [
      ['https://auth.x/.well-known/oauth-authorization-server/tenant1', 'https://auth.x/tenant1'],
      ['https://auth.x/tenant1/.well-known/openid-configuration', 'https://auth.x/tenant1/'],
      ['https://auth.x/oauth/metadata.json', 'https://somewhere.else'],
    ]) {
      const f = fakeFetch(() => json(200, {issuer, token_endpoint: 'https://auth.x/token'}));
      assert.equal((await discover(address, f.impl, AUTH_SERVER_METADATA)).issuer, issuer, address);
    }
    assert.equal(expectedIssuer('https://auth.x/.well-known/oauth-authorization-server'), 'https://auth.x');
    assert.equal(expectedIssuer('not a url'), undefined);
  });

  test('discover, RFC 8414 metadata: the device endpoint read; messages name the metadata document and field', async () => {
    const M = 'https://auth.x/.well-known/oauth-authorization-server';
    const f = fakeFetch(() =>
      json(200, {issuer: 'https://auth.x', token_endpoint: '/token', device_authorization_endpoint: '/device_authorization'}),
    );
    assert.deepEqual(await discover(M, f.impl, AUTH_SERVER_METADATA), {
      issuer: 'https://auth.x',
      authorizationUrl: undefined,
      tokenUrl: 'https://auth.x/token',
      deviceAuthorizationUrl: 'https://auth.x/device_authorization',
      scopes: [],
      grantTypes: ['authorization_code', 'implicit'],
    });
    const failures: [Partial<Response> | Error, string][] = [
      [new TypeError('Failed to fetch'), `The authorization server metadata ${M} could not be fetched (Failed to fetch).`],
      [json(404, {}), `The authorization server metadata ${M} answered 404.`],
      [{ok: true, status: 200, json: () => Promise.reject(new SyntaxError('x'))}, `The authorization server metadata ${M} is not JSON.`],
      [json(200, ['token_endpoint']), `The authorization server metadata ${M} is not a JSON object.`],
      [
        json(200, {issuer: 'https://auth.x', token_endpoint: 'ftp://x/t'}),
        'The metadata field "token_endpoint" "ftp://x/t" is not an http(s) URL.',
      ],
    ];
    for (const [answer, message] of failures) {
      const bad = fakeFetch(() => (answer instanceof Error ? Promise.reject(answer) : answer));
      await assert.rejects(discover(M, bad.impl, AUTH_SERVER_METADATA), (e: unknown) => e instanceof OAuthError && e.message === message);
    }
  });

  test('discoveredFlows: a provider that names a device endpoint and the device grant offers the device flow', () => {
    const d = {
      tokenUrl: 'https://id.x/t',
      deviceAuthorizationUrl: 'https://id.x/d',
      scopes: [],
      grantTypes: ['urn:ietf:params:oauth:grant-type:device_code'],
    };
    assert.deepEqual(discoveredFlows(d), [
      {name: 'deviceAuthorization', deviceAuthorizationUrl: 'https://id.x/d', tokenUrl: 'https://id.x/t', scopes: {openid: ''}},
    ]);
    assert.deepEqual(discoveredFlows({...d, grantTypes: ['authorization_code']}), [], 'the grant not listed: not offered');
  });

  test('discover: each failure says which document and why', async () => {
    const down = fakeFetch(() => Promise.reject(new Error('offline')));
    await assert.rejects(
      discover(URL_, down.impl),
      (e: unknown) =>
        e instanceof OAuthError && e.message === `The OpenID Connect discovery document ${URL_} could not be fetched (offline).`,
    );
    await assert.rejects(
      discover(URL_, fakeFetch(() => json(404, {})).impl),
      (e: unknown) => e instanceof OAuthError && e.message === `The OpenID Connect discovery document ${URL_} answered 404.`,
    );
    const notJson = fakeFetch(() => ({ok: true, status: 200, json: () => Promise.reject(new SyntaxError('x'))}));
    await assert.rejects(
      discover(URL_, notJson.impl),
      (e: unknown) => e instanceof OAuthError && e.message === `The OpenID Connect discovery document ${URL_} is not JSON.`,
    );
    const badEndpoint = fakeFetch(() => json(200, {issuer: 'https://id.x', token_endpoint: 'ftp://id.x/token'}));
    await assert.rejects(
      discover(URL_, badEndpoint.impl),
      (e: unknown) =>
        e instanceof OAuthError && e.message === 'The discovery field "token_endpoint" "ftp://id.x/token" is not an http(s) URL.',
    );
  });

  test('discoveredFlows: "openid" first, then the provider\'s and the required scopes, each once; flows by grant type', () => {
    const d = {
      authorizationUrl: 'https://id.x/a',
      tokenUrl: 'https://id.x/t',
      scopes: ['profile', 'openid'],
      grantTypes: ['authorization_code', 'client_credentials'],
    };
    const scopes = {openid: '', profile: '', 'billing:read': ''};
    assert.deepEqual(discoveredFlows(d, ['billing:read', 'profile']), [
      {name: 'authorizationCode', authorizationUrl: 'https://id.x/a', tokenUrl: 'https://id.x/t', scopes},
      {name: 'clientCredentials', tokenUrl: 'https://id.x/t', scopes},
    ]);
    assert.deepEqual(Object.keys(discoveredFlows(d)[0]!.scopes), ['openid', 'profile']);
    assert.deepEqual(
      discoveredFlows({...d, grantTypes: ['authorization_code']}).map((f) => f.name),
      ['authorizationCode'],
    );
    assert.deepEqual(
      discoveredFlows({...d, grantTypes: ['client_credentials']}).map((f) => f.name),
      ['clientCredentials'],
    );
    assert.deepEqual(
      discoveredFlows({...d, authorizationUrl: undefined}).map((f) => f.name),
      ['clientCredentials'],
      'a code flow needs the authorization endpoint',
    );
    assert.deepEqual(discoveredFlows({...d, tokenUrl: undefined}), [], 'no token endpoint: nothing runs');
    assert.deepEqual(discoveredFlows({...d, grantTypes: ['implicit']}), []);
  });
});

describe('oauth: the token request and its answer', () => {
  const TOKEN = 'https://id.x/token';

  test('a confidential client: id and secret form-encoded into HTTP Basic, a form POST, no redirect, no cookies, no cache', async () => {
    const f = fakeFetch(() => json(200, {access_token: 'at', token_type: 'Bearer', expires_in: 3600, scope: 'read write'}));
    const answer = await requestToken(
      TOKEN,
      {grant_type: 'client_credentials', scope: 'read write'},
      {id: 'my app', secret: 'p@ss:w/rd+'},
      f.impl,
    );
    assert.deepEqual(answer, {accessToken: 'at', expiresIn: 3600, scope: 'read write'});
    assert.equal(f.calls.length, 1);
    const {url, init} = f.calls[0]!;
    assert.equal(url, TOKEN);
    assert.deepEqual(init, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        // base64 of "my+app:p%40ss%3Aw%2Frd%2B" (RFC 6749 §2.3.1: form-encoded, then Basic)
        Authorization: `Basic ${Buffer.from('my+app:p%40ss%3Aw%2Frd%2B').toString('base64')}`,
      },
      body: 'grant_type=client_credentials&scope=read+write',
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
    });
  });

  test('a public client (PKCE, no secret): client_id in the form, no Authorization', async () => {
    const f = fakeFetch(() => json(200, {access_token: 'at'}));
    const answer = await requestToken(
      TOKEN,
      {grant_type: 'authorization_code', code: 'c', code_verifier: 'v', redirect_uri: 'https://p.x/r/'},
      {id: 'pub', secret: ''},
      f.impl,
    );
    assert.deepEqual(answer, {accessToken: 'at'}, 'no expiry or scope given: none reported');
    const init = f.calls[0]!.init;
    assert.equal((init.headers as Record<string, string>).Authorization, undefined);
    assert.equal(init.body, 'grant_type=authorization_code&code=c&code_verifier=v&redirect_uri=https%3A%2F%2Fp.x%2Fr%2F&client_id=pub');
  });

  test('token expiry and scope are taken only when the answer types them right', async () => {
    const f = fakeFetch(() => json(200, {access_token: 'at', expires_in: '3600', scope: ['read']}));
    assert.deepEqual(await requestToken(TOKEN, {}, {id: 'c'}, f.impl), {accessToken: 'at'});
    const zero = fakeFetch(() => json(200, {access_token: 'at', expires_in: 0, scope: ''}));
    assert.deepEqual(await requestToken(TOKEN, {}, {id: 'c'}, zero.impl), {accessToken: 'at', expiresIn: 0, scope: ''});
  });

  test('failures: unreachable, a redirect, an error answer, no token; each names the token URL', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await assert.rejects(
      requestToken(TOKEN, {}, {id: 'c'}, down.impl),
      (e: unknown) =>
        e instanceof OAuthError &&
        e.message ===
          `The token URL ${TOKEN} could not be reached (Failed to fetch); it must be reachable from this browser and allow this site (CORS).`,
    );
    const redirect = fakeFetch(() => ({type: 'opaqueredirect', ok: false, status: 0, json: async () => ({access_token: 'stolen'})}));
    await assert.rejects(
      requestToken(TOKEN, {}, {id: 'c'}, redirect.impl),
      (e: unknown) =>
        e instanceof OAuthError &&
        e.message ===
          `The token URL ${TOKEN} answered with a redirect, which the console does not follow with your client credentials; use the token URL the provider documents.`,
    );
    const denied = fakeFetch(() => json(400, {error: 'invalid_grant', error_description: 'Code expired'}));
    await assert.rejects(
      requestToken(TOKEN, {}, {id: 'c'}, denied.impl),
      (e: unknown) => e instanceof OAuthError && e.message === `The token request to ${TOKEN} failed: invalid_grant (Code expired).`,
    );
    const bare = fakeFetch(() => json(401, {error: 'invalid_client', error_description: 42}));
    await assert.rejects(
      requestToken(TOKEN, {}, {id: 'c'}, bare.impl),
      (e: unknown) => e instanceof OAuthError && e.message === `The token request to ${TOKEN} failed: invalid_client.`,
    );
    const html = fakeFetch(() => ({
      ok: false,
      status: 502,
      type: 'cors',
      json: () => Promise.reject(new SyntaxError('Unexpected token <')),
    }));
    await assert.rejects(
      requestToken(TOKEN, {}, {id: 'c'}, html.impl),
      (e: unknown) => e instanceof OAuthError && e.message === `The token request to ${TOKEN} failed: status 502.`,
    );
    const okNoToken = fakeFetch(() => json(200, {token_type: 'Bearer'}));
    await assert.rejects(
      requestToken(TOKEN, {}, {id: 'c'}, okNoToken.impl),
      (e: unknown) => e instanceof OAuthError && e.message === `The token request to ${TOKEN} failed: status 200.`,
    );
    const errorWithToken = fakeFetch(() => json(500, {access_token: 'at', error: 5}));
    await assert.rejects(
      requestToken(TOKEN, {}, {id: 'c'}, errorWithToken.impl),
      (e: unknown) => e instanceof OAuthError && e.message === `The token request to ${TOKEN} failed: status 500.`,
      'an error status is a failure even with a token',
    );
  });
});
