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
import type {OAuthFlowData, SecuritySchemeData} from '../../../../plugins/api-pages/client/page-data-format';
import {base64Utf8} from './schemes';

export type FlowName = 'authorizationCode' | 'clientCredentials';

/** A flow the console can run, with absolute endpoints. */
export interface RunnableFlow {
  name: FlowName;
  authorizationUrl?: string;
  tokenUrl: string;
  /** Offered scopes: name -> description. */
  scopes: Record<string, string>;
}

export class OAuthError extends Error {}

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

/** The flows of an oauth2 scheme the console runs (authorization code, client credentials). */
export function schemeFlows(s: SecuritySchemeData, server: string): RunnableFlow[] {
  const out: RunnableFlow[] = [];
  const add = (name: FlowName, f: OAuthFlowData | undefined) => {
    if (!f?.tokenUrl || (name === 'authorizationCode' && !f.authorizationUrl)) return;
    out.push({
      name,
      tokenUrl: absoluteUrl(f.tokenUrl, server, 'token URL'),
      ...(f.authorizationUrl ? {authorizationUrl: absoluteUrl(f.authorizationUrl, server, 'authorization URL')} : {}),
      scopes: f.scopes ?? {},
    });
  };
  add('authorizationCode', s.flows?.authorizationCode);
  add('clientCredentials', s.flows?.clientCredentials);
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
  scopes: string[];
  grantTypes: string[];
}

/** OpenID Connect discovery: GET the document's openIdConnectUrl (no credentials), read its endpoints. */
export async function discover(openIdConnectUrl: string, fetchImpl: typeof fetch): Promise<Discovery> {
  let response: Response;
  try {
    response = await fetchImpl(openIdConnectUrl, {headers: {Accept: 'application/json'}, credentials: 'omit'});
  } catch (e) {
    throw new OAuthError(`The OpenID Connect discovery document ${openIdConnectUrl} could not be fetched (${(e as Error).message}).`);
  }
  if (!response.ok) throw new OAuthError(`The OpenID Connect discovery document ${openIdConnectUrl} answered ${response.status}.`);
  let meta: Record<string, unknown>;
  try {
    meta = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new OAuthError(`The OpenID Connect discovery document ${openIdConnectUrl} is not JSON.`);
  }
  const url = (key: string) =>
    typeof meta[key] === 'string' ? absoluteUrl(meta[key] as string, openIdConnectUrl, `discovery field "${key}"`) : undefined;
  const list = (key: string) =>
    Array.isArray(meta[key]) ? (meta[key] as unknown[]).filter((v): v is string => typeof v === 'string') : [];
  return {
    issuer: typeof meta.issuer === 'string' ? meta.issuer : undefined,
    authorizationUrl: url('authorization_endpoint'),
    tokenUrl: url('token_endpoint'),
    scopes: list('scopes_supported'),
    // OpenID Connect Discovery: absent means authorization_code and implicit.
    grantTypes: meta.grant_types_supported ? list('grant_types_supported') : ['authorization_code', 'implicit'],
  };
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

/**
 * A token request: POST to the token URL with a form body. A client secret goes in HTTP Basic
 * (client_secret_basic); without one, client_id goes in the form (a public client).
 */
export async function requestToken(
  tokenUrl: string,
  form: Record<string, string>,
  client: {id: string; secret?: string},
  fetchImpl: typeof fetch,
): Promise<TokenAnswer> {
  const headers: Record<string, string> = {'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json'};
  const body = new URLSearchParams(form);
  if (client.secret) headers.Authorization = `Basic ${base64Utf8(`${formEncode(client.id)}:${formEncode(client.secret)}`)}`;
  else body.set('client_id', client.id);
  let response: Response;
  try {
    // The request carries the client's credentials (and the code): a redirect is not followed with them.
    response = await fetchImpl(tokenUrl, {
      method: 'POST',
      headers,
      body: body.toString(),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
    });
  } catch (e) {
    throw new OAuthError(
      `The token URL ${tokenUrl} could not be reached (${(e as Error).message}); it must be reachable from this browser and allow this site (CORS).`,
    );
  }
  if (response.type === 'opaqueredirect') {
    throw new OAuthError(
      `The token URL ${tokenUrl} answered with a redirect, which the console does not follow with your client credentials; use the token URL the provider documents.`,
    );
  }
  let answer: Record<string, unknown> = {};
  try {
    answer = (await response.json()) as Record<string, unknown>;
  } catch {
    // handled below
  }
  if (!response.ok || typeof answer.access_token !== 'string') {
    const why =
      typeof answer.error === 'string'
        ? `${answer.error}${typeof answer.error_description === 'string' ? ` (${answer.error_description})` : ''}`
        : `status ${response.status}`;
    throw new OAuthError(`The token request to ${tokenUrl} failed: ${why}.`);
  }
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
