/**
 * OAuth 2.0 for the request console: authorization code with PKCE (S256, RFC 7636), client
 * credentials, and OpenID Connect discovery. No React here; `fetch` and `crypto` come from the
 * caller (the browser's, or Node's in oauth.test.ts).
 *
 * Where things go:
 * - the authorization request is a navigation of a pop-up to the authorization URL (no secret in
 *   it: client_id, redirect_uri, scopes, state and the code *challenge*);
 * - the token request goes to the token URL only (the document's, or the one its OpenID Connect
 *   discovery document names), as a POST form: never credentials in a URL;
 * - the redirect page (static/oauth2-redirect/) hands the query back to the opener and wipes it
 *   from its own address; the console checks `state` before it uses the code.
 */
import type {SecuritySchemeData} from '../../../../plugins/api-pages/client/page-data-format';
import {base64Utf8} from './schemes';

export type FlowName = 'authorizationCode' | 'clientCredentials' | 'deviceAuthorization';

/** A flow the console can run, with absolute endpoints. */
export interface RunnableFlow {
  name: FlowName;
  authorizationUrl?: string;
  /** deviceAuthorization (RFC 8628): where the device code is requested. */
  deviceAuthorizationUrl?: string;
  tokenUrl: string;
  /** Offered scopes: name -> description. */
  scopes: Record<string, string>;
}

export class OAuthError extends Error {
  /** The OAuth error code of a token endpoint's error answer ("authorization_pending", "slow_down"…). */
  readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    if (code) this.code = code;
  }
}

const base64Url = (bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** A random URL-safe string from `bytes` random bytes (32 bytes -> 43 characters). */
export function randomToken(cryptoImpl: Crypto, bytes = 32): string {
  return base64Url(cryptoImpl.getRandomValues(new Uint8Array(bytes)));
}

/** The S256 code challenge of a PKCE code verifier: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string, cryptoImpl: Crypto): Promise<string> {
  const digest = await cryptoImpl.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** An absolute http(s) URL, resolved against `base` (OpenAPI: relative to the server URL). */
export function absoluteUrl(url: string, base: string, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new OAuthError(`The ${what} "${url}" is not a valid URL.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new OAuthError(`The ${what} "${url}" is not an http(s) URL.`);
  return parsed.href;
}

/**
 * The base relative OAuth 2.0 / OpenID Connect URLs (authorizationUrl, tokenUrl, openIdConnectUrl)
 * resolve against: the chosen server when it is one the API description lists (`listed`), else
 * the first listed one. Never a server only a share link (or the reader) named: a `#try=` link to
 * an unlisted server must not move the sign-in pop-up or the token request there.
 */
export function oauthBase(chosen: string, listed: string[], page: string): string {
  const norm = (s: string) => {
    try {
      return new URL(s.trim(), page).href.replace(/\/+$/, '');
    } catch {
      return null;
    }
  };
  const servers = listed.map(norm).filter((s): s is string => s !== null);
  const picked = norm(chosen);
  if (picked !== null && servers.includes(picked)) return picked;
  return servers[0] ?? new URL('/', page).href;
}

/** The endpoint each flow needs besides the token URL (client credentials needs none). */
const FLOW_ENDPOINT = {
  authorizationCode: 'authorizationUrl',
  deviceAuthorization: 'deviceAuthorizationUrl',
  clientCredentials: null,
} as const;
const ENDPOINT_NAME = {authorizationUrl: 'authorization URL', deviceAuthorizationUrl: 'device authorization URL'} as const;

/**
 * The flows of an oauth2 scheme the console runs (authorization code, client credentials, device
 * authorization), endpoints absolute. `metadata` (the scheme's oauth2MetadataUrl, read with
 * `discover`) gives the endpoints where it names them: the server's own word over the copy in the
 * API description.
 */
export function schemeFlows(s: SecuritySchemeData, server: string, metadata?: Discovery): RunnableFlow[] {
  const out: RunnableFlow[] = [];
  for (const name of ['authorizationCode', 'clientCredentials', 'deviceAuthorization'] as const) {
    const f = s.flows?.[name];
    if (!f) continue;
    const endpoint = FLOW_ENDPOINT[name];
    const tokenUrl = metadata?.tokenUrl ?? f.tokenUrl;
    const other = endpoint ? (metadata?.[endpoint] ?? f[endpoint]) : undefined;
    if (!tokenUrl || (endpoint && !other)) continue;
    out.push({
      name,
      tokenUrl: absoluteUrl(tokenUrl, server, 'token URL'),
      ...(endpoint && other ? {[endpoint]: absoluteUrl(other, server, ENDPOINT_NAME[endpoint])} : {}),
      scopes: f.scopes ?? {},
    });
  }
  return out;
}

/** Flows the document declares that a browser console does not run, with why (shown, not hidden). */
export function unsupportedFlows(s: SecuritySchemeData): string[] {
  const notes: string[] = [];
  if (s.flows?.implicit)
    notes.push('The implicit flow is not offered: it is deprecated (OAuth 2.0 Security BCP); use the authorization code flow with PKCE.');
  if (s.flows?.password)
    notes.push(
      'The password flow is not offered: a documentation page should not collect your password; get a token elsewhere and paste it.',
    );
  return notes;
}

export interface Discovery {
  issuer?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  /** RFC 8628 §4: device_authorization_endpoint. */
  deviceAuthorizationUrl?: string;
  scopes: string[];
  grantTypes: string[];
}

/** The two documents `discover` reads, by the name a message gives them. */
export const OIDC_DISCOVERY = 'OpenID Connect discovery document';
export const AUTH_SERVER_METADATA = 'authorization server metadata';

/**
 * Reads an authorization server's settings: OpenID Connect discovery (the openIdConnectUrl) or
 * OAuth 2.0 authorization server metadata (RFC 8414, OpenAPI 3.2's oauth2MetadataUrl), which
 * share their field names. A GET without credentials. Each failure (unreachable, an error status,
 * not JSON, no token endpoint) is an OAuthError naming the document and the field.
 */
export async function discover(metadataUrl: string, fetchImpl: typeof fetch, what: string = OIDC_DISCOVERY): Promise<Discovery> {
  let response: Response;
  try {
    response = await fetchImpl(metadataUrl, {headers: {Accept: 'application/json'}, credentials: 'omit'});
  } catch (e) {
    throw new OAuthError(`The ${what} ${metadataUrl} could not be fetched (${(e as Error).message}).`);
  }
  if (!response.ok) throw new OAuthError(`The ${what} ${metadataUrl} answered ${response.status}.`);
  let meta: Record<string, unknown>;
  try {
    meta = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new OAuthError(`The ${what} ${metadataUrl} is not JSON.`);
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) throw new OAuthError(`The ${what} ${metadataUrl} is not a JSON object.`);
  // The server must name itself as the issuer the well-known address was made from (OpenID Connect
  // Discovery §4.3, RFC 8414 §3.3): otherwise another server may be answering for it (a mix-up),
  // and its endpoints are not used. An address without a well-known part says no issuer to compare.
  const expected = expectedIssuer(metadataUrl);
  const issuer = typeof meta.issuer === 'string' ? meta.issuer : undefined;
  if (expected !== undefined && (issuer === undefined || withoutTrailingSlash(issuer) !== withoutTrailingSlash(expected))) {
    const named = issuer === undefined ? 'names no "issuer"' : `names the issuer ${JSON.stringify(issuer)}`;
    const rule = what === OIDC_DISCOVERY ? 'OpenID Connect Discovery §4.3' : 'RFC 8414 §3.3';
    throw new OAuthError(
      `The ${what} ${metadataUrl} ${named}, not ${JSON.stringify(expected)}, the issuer its address was made from: it is not used (${rule}).`,
    );
  }
  const label = what === OIDC_DISCOVERY ? 'discovery' : 'metadata';
  const url = (key: string) =>
    typeof meta[key] === 'string' ? absoluteUrl(meta[key] as string, metadataUrl, `${label} field "${key}"`) : undefined;
  const list = (key: string) =>
    Array.isArray(meta[key]) ? (meta[key] as unknown[]).filter((v): v is string => typeof v === 'string') : [];
  const device = url('device_authorization_endpoint');
  return {
    issuer,
    authorizationUrl: url('authorization_endpoint'),
    tokenUrl: url('token_endpoint'),
    ...(device ? {deviceAuthorizationUrl: device} : {}),
    scopes: list('scopes_supported'),
    // OpenID Connect Discovery and RFC 8414 §2: absent means authorization_code and implicit.
    grantTypes: meta.grant_types_supported ? list('grant_types_supported') : ['authorization_code', 'implicit'],
  };
}

const WELL_KNOWN = ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'];

const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '');

/**
 * The issuer a metadata address was made from, or undefined when it has no well-known part: RFC
 * 8414 inserts the well-known path between host and path (`https://a.x/.well-known/oauth-authorization-server/t1`
 * for `https://a.x/t1`), OpenID Connect Discovery appends it (`https://a.x/t1/.well-known/openid-configuration`).
 */
export function expectedIssuer(metadataUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(metadataUrl);
  } catch {
    return undefined;
  }
  const path = url.pathname;
  for (const known of WELL_KNOWN) {
    if (path === known || path.startsWith(`${known}/`)) return url.origin + path.slice(known.length);
    if (path.endsWith(known)) return url.origin + path.slice(0, -known.length);
  }
  return undefined;
}

/** The metadata field of each endpoint a flow uses. */
const METADATA_FIELD = {
  tokenUrl: 'token_endpoint',
  authorizationUrl: 'authorization_endpoint',
  deviceAuthorizationUrl: 'device_authorization_endpoint',
} as const;

/**
 * What an oauth2 scheme's metadata (oauth2MetadataUrl) does not say that its declared flows need:
 * one message per missing field, naming the document, the field and what the console does
 * instead (the API description's URL, or nothing when the description has none either).
 */
export function metadataGaps(s: SecuritySchemeData, d: Discovery, metadataUrl: string): string[] {
  const out: string[] = [];
  const flows = s.flows ?? {};
  const declared = (['authorizationCode', 'clientCredentials', 'deviceAuthorization'] as const).filter((n) => flows[n]);
  const needs = new Set<keyof typeof METADATA_FIELD>();
  for (const name of declared) {
    needs.add('tokenUrl');
    const endpoint = FLOW_ENDPOINT[name];
    if (endpoint) needs.add(endpoint);
  }
  for (const key of needs) {
    if (d[key]) continue;
    const fallback = declared.some((n) => flows[n]?.[key]);
    out.push(
      `The ${AUTH_SERVER_METADATA} ${metadataUrl} names no "${METADATA_FIELD[key]}"; ${
        fallback ? 'the console uses the URL the API description gives.' : 'the flows that need it are not offered.'
      }`,
    );
  }
  return out;
}

/** The flows an OpenID Connect provider offers the console, from its discovery document. */
export function discoveredFlows(d: Discovery, requiredScopes: string[] = []): RunnableFlow[] {
  const scopes: Record<string, string> = {};
  for (const s of new Set(['openid', ...d.scopes, ...requiredScopes])) scopes[s] = '';
  const out: RunnableFlow[] = [];
  if (d.tokenUrl && d.authorizationUrl && d.grantTypes.includes('authorization_code')) {
    out.push({name: 'authorizationCode', authorizationUrl: d.authorizationUrl, tokenUrl: d.tokenUrl, scopes});
  }
  if (d.tokenUrl && d.grantTypes.includes('client_credentials')) out.push({name: 'clientCredentials', tokenUrl: d.tokenUrl, scopes});
  if (d.tokenUrl && d.deviceAuthorizationUrl && d.grantTypes.includes(DEVICE_CODE_GRANT))
    out.push({name: 'deviceAuthorization', deviceAuthorizationUrl: d.deviceAuthorizationUrl, tokenUrl: d.tokenUrl, scopes});
  return out;
}

/** The authorization request's URL (authorization code with PKCE, S256). */
export function authorizationRequestUrl(o: {
  authorizationUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  challenge: string;
}): string {
  const url = new URL(o.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', o.clientId);
  url.searchParams.set('redirect_uri', o.redirectUri);
  if (o.scopes.length) url.searchParams.set('scope', o.scopes.join(' '));
  url.searchParams.set('state', o.state);
  url.searchParams.set('code_challenge', o.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

/**
 * What the redirect page handed back, checked: the state must be the one this console sent;
 * an error answer becomes its message. Returns the authorization code.
 */
export function codeFromRedirect(query: string, expectedState: string): string {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const state = params.get('state');
  if (state !== expectedState) {
    throw new OAuthError(
      'Refused: the authorization answer does not carry the state this console sent (a forged or stale answer); the code was not used. Authorize again.',
    );
  }
  const error = params.get('error');
  if (error)
    throw new OAuthError(
      `The authorization server refused: ${error}${params.get('error_description') ? ` (${params.get('error_description')})` : ''}.`,
    );
  const code = params.get('code');
  if (!code) throw new OAuthError('The authorization answer has no code.');
  return code;
}

export interface TokenAnswer {
  accessToken: string;
  expiresIn?: number;
  scope?: string;
}

/** RFC 6749 §2.3.1: client id and secret are form-encoded before they go into HTTP Basic. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** RFC 8628 §3.4: the grant type of the device flow's token request. */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * POSTs a form to an authorization server endpoint as a client: a client secret goes in HTTP
 * Basic (client_secret_basic); without one, client_id goes in the form (a public client). No
 * cookies, no cache, and no redirect followed with the client's credentials. Returns the status
 * and the JSON answer (an empty object when the body is not a JSON object); an error answer
 * (`error`) or an error status is an OAuthError carrying the OAuth error code. `endpoint` names
 * the URL in messages ("token URL"), `request` the request ("token request").
 */
export async function postToEndpoint(
  url: string,
  form: Record<string, string>,
  client: {id: string; secret?: string},
  fetchImpl: typeof fetch,
  names: {endpoint: string; request: string},
  signal?: AbortSignal,
): Promise<{status: number; answer: Record<string, unknown>}> {
  const what = names.endpoint;
  const headers: Record<string, string> = {'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json'};
  const body = new URLSearchParams(form);
  if (client.secret) headers.Authorization = `Basic ${base64Utf8(`${formEncode(client.id)}:${formEncode(client.secret)}`)}`;
  else body.set('client_id', client.id);
  let response: Response;
  try {
    // The request carries the client's credentials (and the code): a redirect is not followed with them.
    response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body: body.toString(),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      ...(signal ? {signal} : {}),
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new OAuthError(
      `The ${what} ${url} could not be reached (${(e as Error).message}); it must be reachable from this browser and allow this site (CORS).`,
    );
  }
  if (response.type === 'opaqueredirect') {
    throw new OAuthError(
      `The ${what} ${url} answered with a redirect, which the console does not follow with your client credentials; use the ${what} the provider documents.`,
    );
  }
  let answer: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>;
  } catch {
    // handled below
  }
  if (!response.ok || typeof answer.error === 'string') {
    const code = typeof answer.error === 'string' ? answer.error : undefined;
    const why = code
      ? `${code}${typeof answer.error_description === 'string' ? ` (${answer.error_description})` : ''}`
      : `status ${response.status}`;
    throw new OAuthError(`The ${names.request} to ${url} failed: ${why}.`, code);
  }
  return {status: response.status, answer};
}

const TOKEN_REQUEST = {endpoint: 'token URL', request: 'token request'};

/** A token request (POST to the token URL, postToEndpoint); the answer must carry an access token. */
export async function requestToken(
  tokenUrl: string,
  form: Record<string, string>,
  client: {id: string; secret?: string},
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<TokenAnswer> {
  const {status, answer} = await postToEndpoint(tokenUrl, form, client, fetchImpl, TOKEN_REQUEST, signal);
  if (typeof answer.access_token !== 'string') throw new OAuthError(`The token request to ${tokenUrl} failed: status ${status}.`);
  return {
    accessToken: answer.access_token,
    ...(typeof answer.expires_in === 'number' ? {expiresIn: answer.expires_in} : {}),
    ...(typeof answer.scope === 'string' ? {scope: answer.scope} : {}),
  };
}

/** The redirect page inside the portal the authorization server sends the reader back to. */
export const redirectUri = (origin: string, baseUrl: string) => `${origin}${baseUrl.replace(/\/?$/, '/')}oauth2-redirect/`;

/** The message the page static/oauth2-redirect/index.html posts (its inline script) to the console. */
export const REDIRECT_MESSAGE = 'portal-oauth2-redirect';
export const REDIRECT_CHANNEL = 'portal-oauth2';
