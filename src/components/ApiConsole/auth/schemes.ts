/**
 * What the request console asks for and sends for each OpenAPI 3.x security scheme. Pure (no
 * React, no DOM): request.ts applies it, build-request.test.ts and schemes.test.ts run it under Node.
 *
 * - An operation's `security` is a list of alternatives (OR); each alternative is a set of schemes
 *   that must all be satisfied (AND). The console offers the alternatives as the document states
 *   them and asks for every scheme of the chosen one.
 * - Credential values are keyed "<scheme key>.<field>" ("basicAuth.username", "oauth.token").
 */
import type {SecuritySchemeData} from '../../../../plugins/api-pages/client/page-data-format';

export interface CredentialField {
  key: string;
  label: string;
  type: 'text' | 'password';
  /** Optional fields are not needed to send (an OAuth client secret with PKCE). */
  optional?: boolean;
}

/** What a scheme's credentials turn into in the request, or why they cannot be sent. */
export interface AppliedCredentials {
  headers: [string, string][];
  query: [string, string][];
  /** Credentials a browser page cannot send (a cookie): shown to the reader, never silently dropped. */
  notSent: {scheme: string; reason: string}[];
}

export const isBasic = (s: SecuritySchemeData) => s.type === 'http' && s.scheme?.toLowerCase() === 'basic';
export const isBearer = (s: SecuritySchemeData) => s.type === 'http' && s.scheme?.toLowerCase() === 'bearer';
/** Schemes whose credential is an access token obtained from an authorization server (or pasted). */
export const usesToken = (s: SecuritySchemeData) => s.type === 'oauth2' || s.type === 'openIdConnect';

/** A readable name of a scheme, e.g. "HTTP Basic", "API key (header X-Key)", "OAuth 2.0". */
export function schemeTitle(s: SecuritySchemeData): string {
  if (isBasic(s)) return 'HTTP Basic';
  if (isBearer(s)) return s.bearerFormat ? `Bearer token (${s.bearerFormat})` : 'Bearer token';
  if (s.type === 'http') return `HTTP ${s.scheme ?? ''}`.trim();
  if (s.type === 'apiKey') return `API key (${s.in ?? '?'} ${s.name ?? ''})`.replace(' )', ')');
  if (s.type === 'oauth2') return 'OAuth 2.0';
  if (s.type === 'openIdConnect') return 'OpenID Connect';
  if (s.type === 'mutualTLS') return 'Mutual TLS';
  return String(s.type);
}

/**
 * The label of an alternative: its schemes joined with "+" ("HTTP Basic + API key (header X)"),
 * a deprecated scheme (OpenAPI 3.2) marked so.
 */
export function alternativeTitle(alternative: SecuritySchemeData[]): string {
  return alternative.length
    ? alternative.map((s) => `${s.key}: ${schemeTitle(s)}${s.deprecated ? ' (deprecated)' : ''}`).join(' + ')
    : 'No authentication';
}

/**
 * The alternative the console starts with and the code samples use: the first one without a
 * deprecated scheme (OpenAPI 3.2 `deprecated`), else the first. A deprecated scheme still works
 * when the reader picks it; it is just not the one offered first.
 */
export function preferredAlternative(security: SecuritySchemeData[][]): number {
  const i = security.findIndex((alt) => !alt.some((s) => s.deprecated));
  return i === -1 ? 0 : i;
}

/** What the page, the console and the twin say about a deprecated scheme. */
export const DEPRECATED_SCHEME_NOTE = 'The API description marks this scheme deprecated: it still works, but prefer another.';

/** The credential inputs a scheme needs. */
export function credentialFields(s: SecuritySchemeData): CredentialField[] {
  if (isBasic(s)) {
    return [
      {key: `${s.key}.username`, label: 'Username', type: 'text'},
      {key: `${s.key}.password`, label: 'Password', type: 'password'},
    ];
  }
  if (s.type === 'apiKey') return [{key: `${s.key}.value`, label: s.name ?? s.key, type: 'password'}];
  if (isBearer(s)) return [{key: `${s.key}.token`, label: 'Bearer token', type: 'password'}];
  if (s.type === 'http') return [{key: `${s.key}.token`, label: `${s.scheme ?? 'HTTP'} credentials`, type: 'password'}];
  if (usesToken(s)) {
    return [
      {key: `${s.key}.clientId`, label: 'Client ID', type: 'text'},
      {key: `${s.key}.clientSecret`, label: 'Client secret', type: 'password', optional: true},
      {key: `${s.key}.token`, label: 'Access token', type: 'password'},
    ];
  }
  return []; // mutualTLS: the browser presents the client certificate itself
}

/** UTF-8 bytes, base64-encoded (HTTP Basic credentials, RFC 7617 with charset UTF-8). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Thrown for credentials that cannot be sent as typed; the message names the scheme. */
export class CredentialError extends Error {}

/** Capitalised HTTP auth-scheme name for the Authorization header ("bearer" -> "Bearer"). */
const authScheme = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The headers and query parameters an alternative's credentials add to a request. Empty fields add
 * nothing (the server then answers 401, which the reader sees). Cookie API keys are listed in
 * `notSent`: a page's fetch() cannot set the Cookie header (a forbidden header name).
 */
export function applyCredentials(alternative: SecuritySchemeData[], credentials: Record<string, string>): AppliedCredentials {
  const out: AppliedCredentials = {headers: [], query: [], notSent: []};
  for (const s of alternative) {
    const value = (field: string) => credentials[`${s.key}.${field}`] ?? '';
    if (isBasic(s)) {
      const user = value('username');
      const pass = value('password');
      if (user.includes(':'))
        throw new CredentialError(`An HTTP Basic user name cannot contain ":" (scheme "${s.key}"); nothing was sent.`);
      if (user || pass) out.headers.push(['Authorization', `Basic ${base64Utf8(`${user}:${pass}`)}`]);
    } else if (s.type === 'apiKey') {
      const v = value('value');
      if (!v || !s.name) continue;
      if (s.in === 'header') out.headers.push([s.name, v]);
      else if (s.in === 'query') out.query.push([s.name, v]);
      else if (s.in === 'cookie') out.notSent.push({scheme: s.key, reason: cookieNote(s.name)});
    } else if (s.type === 'http') {
      const v = value('token');
      if (v) out.headers.push(['Authorization', `${isBearer(s) ? 'Bearer' : authScheme(s.scheme ?? 'Bearer')} ${v}`]);
    } else if (usesToken(s)) {
      const v = value('token');
      if (v) out.headers.push(['Authorization', `Bearer ${v}`]);
    }
  }
  const authorization = out.headers.filter(([name]) => name.toLowerCase() === 'authorization');
  if (authorization.length > 1) {
    throw new CredentialError(
      `The schemes ${alternative.map((s) => `"${s.key}"`).join(' and ')} each need the Authorization header, which a request carries once; nothing was sent.`,
    );
  }
  return out;
}

/** What the console says about an API key that belongs in a cookie. */
export const cookieNote = (name: string) =>
  `This API key goes in the cookie "${name}". Browsers do not let a web page set the Cookie header, so the console sends the request without it; the code samples on this page send it (curl --cookie "${name}=…").`;

/** What the console says about an API key that belongs in the query string. */
export const queryNote = (name: string) =>
  `The API description puts this key in the URL's query string ("${name}"): it is part of the request address, where servers, proxies and browser history may record it.`;

/** Headers that carry credentials whatever the document says. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);

/**
 * Whether a parameter carries a credential: a header named Authorization (or Proxy-Authorization),
 * or a header, query or cookie parameter named like an API key scheme of the operation in that
 * place (header names compared without case, as HTTP does). Its value is treated like a typed
 * credential: never put in a share link, never taken from one, never sent after a redirect.
 */
export function isCredentialParameter(p: {in: string; name: string}, security: SecuritySchemeData[][]): boolean {
  const header = p.in === 'header';
  const same = (a: string, b: string) => (header ? a.toLowerCase() === b.toLowerCase() : a === b);
  if (header && CREDENTIAL_HEADERS.has(p.name.toLowerCase())) return true;
  return security.some((alt) =>
    alt.some((s) => s.type === 'apiKey' && s.in === p.in && typeof s.name === 'string' && same(s.name, p.name)),
  );
}

/** A flow's name as the page, the twin and the overview write it. */
const FLOW_NAMES = {
  authorizationCode: 'authorization code',
  clientCredentials: 'client credentials',
  deviceAuthorization: 'device authorization',
  implicit: 'implicit',
  password: 'password',
} as const;

/** The OAuth 2.0 flows a scheme declares, by readable name, in the document's order. */
export function flowNames(s: SecuritySchemeData): string[] {
  return Object.keys(s.flows ?? {})
    .filter((k): k is keyof typeof FLOW_NAMES => k in FLOW_NAMES)
    .map((k) => FLOW_NAMES[k]);
}
