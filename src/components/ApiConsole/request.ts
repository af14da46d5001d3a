/**
 * The request console's pure part: which servers it offers, how a request is built from what the
 * reader typed, and which requests it refuses to send. No React and no DOM here (it runs under
 * Node in build-request.test.ts); the component (index.tsx) only wires it to the form and fetch.
 *
 * Safety rules (each one has a row in build-request.test.ts):
 * - The URL is the chosen server + the operation's path, joined as strings; path parameter
 *   values are percent-encoded with encodeURIComponent and may not be "/"-carrying values or dot
 *   segments, so a value can never add segments, climb out of the server's base path, or turn
 *   the URL into a protocol-relative one. The joined URL is then parsed and must still have the
 *   server's origin and start with the server's path, or the request is refused.
 * - Header names and values the browser would reject (line breaks, characters above U+00FF) are
 *   refused here with a message naming the header, before anything is sent.
 * - Credentials are handed in already scoped (the component keeps them per server origin).
 * - A header is sent once: names are compared without case, and a scheme's credential replaces a
 *   parameter of the same name (never "X-API-Key: FROM-LINK, READER-KEY"); likewise in the query.
 * - A request carrying a credential is sent with `redirect: 'manual'`: the browser does not follow
 *   a redirect with it (a 307 to another origin would resend an API key there); the console says so.
 */
import type {OperationPage, ParameterData, SchemaNode, ServerData} from '../../../plugins/api-pages/client/page-data-format';
import {applyCredentials, CredentialError, isCredentialParameter, type AppliedCredentials} from './auth/schemes';
import {TRY_IT_FAILURE} from './try-it';
import {followRef} from '../SchemaView/model';
import {querystringText, type PreparedBody} from './body';
import {encodeReserved} from '@site/plugins/api-pages/client/form-encoding';

/** A request the console will not send, with the message it shows. Nothing was sent. */
export class RequestRefused extends Error {
  constructor(
    readonly kind: 'server' | 'path' | 'header' | 'credentials' | 'query',
    message: string,
  ) {
    super(message);
    this.name = 'RequestRefused';
  }
}

export interface BuiltRequest {
  url: string;
  /** `redirect: 'manual'` when the request carries a credential: a redirect is reported, not followed. */
  init: {method: string; headers: Record<string, string>; body?: string | Blob; redirect?: 'manual'};
  /** Whether it carries a credential (a scheme's, or a parameter that is one). */
  credentialed?: boolean;
  /** Credentials of the chosen alternative the browser cannot send (cookie API keys), with why. */
  notSent?: {scheme: string; reason: string}[];
}

/** A server base: its origin and its path without a trailing slash ("" for the root). */
export interface ServerBase {
  origin: string;
  path: string;
}

/**
 * The chosen server as an absolute base. Relative servers ("/v1", "/") resolve against the page.
 * Throws RequestRefused('server') for anything that is not a plain http(s) base URL.
 */
export function serverBase(server: string, page: string): ServerBase {
  const text = server.trim();
  if (!text) throw new RequestRefused('server', 'Choose a server or enter a server URL.');
  let url: URL;
  try {
    url = new URL(text, page);
  } catch {
    throw new RequestRefused(
      'server',
      `The server URL "${text}" is not a valid URL. Enter an address such as https://sandbox.example.com/v1.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RequestRefused('server', `The server URL must start with https:// or http:// (got "${text}").`);
  }
  if (url.username || url.password) {
    throw new RequestRefused(
      'server',
      'The server URL may not contain a user name or password; enter credentials in the Authentication fields.',
    );
  }
  // (The URL has a query or fragment only if the text has "?" or "#", and an empty one only shows there.)
  if (/[?#]/.test(text)) {
    throw new RequestRefused('server', `The server URL may not contain "?" or "#" (got "${text}").`);
  }
  return {origin: url.origin, path: url.pathname.replace(/\/+$/, '')};
}

/** The origin requests to this server go to, or null while the server is not a valid base. */
export function serverOrigin(server: string, page: string): string | null {
  try {
    return serverBase(server, page).origin;
  } catch {
    return null;
  }
}

/**
 * The servers the console offers: the page's own (its document's, or its API version's), and the
 * portal's configured default (customFields.apiBaseUrl) only when the page lists none (the page
 * data then carries the stand-in "/"). The default is the current version's address, so adding it
 * beside a page's servers would offer an older version's page the newer version's API.
 */
export function serverChoices(servers: ServerData[], configured: string): string[] {
  const standIn = servers.length === 1 && servers[0].url === '/' && !servers[0].description;
  const listed = standIn ? [] : [...new Set(servers.map((s) => s.url))];
  if (configured && listed.length === 0) listed.push(configured);
  return listed;
}

// Scheme by scheme rules live in auth/schemes.ts; re-exported for the component and the tests.
export {base64Utf8, credentialFields} from './auth/schemes';

/** A parameter's schema, its component reference followed. */
export function schemaOf(p: ParameterData, schemas: Record<string, SchemaNode>): SchemaNode | undefined {
  return followRef(p.schema, schemas);
}

/** Whether a parameter takes a list (typed comma-separated; sent as repeated query keys, or as one comma-separated value with `explode: false`). */
export function isList(p: ParameterData, schemas: Record<string, SchemaNode>): boolean {
  const t = schemaOf(p, schemas)?.type;
  return t === 'array' || (Array.isArray(t) && t.includes('array'));
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkHeader(name: string, value: string): void {
  if (!TOKEN.test(name)) throw new RequestRefused('header', `The header name "${name}" is not a valid HTTP header name; nothing was sent.`);
  if (/[\r\n\0]/.test(value)) {
    throw new RequestRefused(
      'header',
      `The value of the header "${name}" contains a line break or NUL character, which HTTP headers cannot carry; remove it. Nothing was sent.`,
    );
  }
  // eslint-disable-next-line no-control-regex
  const wide = value.match(/[^\u0000-\u00ff]/u);
  if (wide) {
    throw new RequestRefused(
      'header',
      `The value of the header "${name}" contains "${wide[0]}", which HTTP headers cannot carry (only Latin-1 characters); nothing was sent.`,
    );
  }
}

/** One query field; a parameter with `allowReserved` sends RFC 3986's reserved characters as they are (encodeReserved). */
const encodeQuery = (name: string, value: string, allowReserved?: boolean) =>
  `${encodeURIComponent(name)}=${allowReserved ? encodeReserved(value) : encodeURIComponent(value)}`;

/**
 * The request the console sends for these inputs, or RequestRefused.
 * - `params` is keyed "in:name" (e.g. "path:contact_id"); empty optional values are left out.
 * - `credentials` is keyed by credentialFields() keys, already scoped to this server's origin.
 * - `body` is sent, with the request body's media type as Content-Type, only when not blank; a
 *   PreparedBody (form, multipart, a file: ./body.ts) is sent with its own Content-Type.
 * - An `in: querystring` parameter's value is its object as JSON text; it is serialised as its
 *   media type says and makes up the query, before any credential's query parameter.
 * - `page` is the address relative servers resolve against (the browser's location).
 * - `alternative` is the index of the security alternative the reader chose (operation.security).
 */
export function buildRequest(
  operation: OperationPage,
  server: string,
  params: Record<string, string>,
  credentials: Record<string, string>,
  body: string | PreparedBody | undefined,
  page: string = typeof window === 'undefined' ? 'http://localhost/' : window.location.href,
  alternative = 0,
): BuiltRequest {
  const base = serverBase(server, page);
  const headers: Record<string, string> = {};
  /** Sets a header, replacing one of the same name in another case (HTTP names ignore case). */
  const setHeader = (name: string, value: string) => {
    for (const k of Object.keys(headers)) if (k.toLowerCase() === name.toLowerCase()) delete headers[k];
    headers[name] = value;
  };
  /** Query fields: name, value and whether the parameter allows reserved characters. */
  const query: [string, string, boolean?][] = [];
  /** The whole query string from an `in: querystring` parameter (OpenAPI 3.2), without "?". */
  let querystring = '';
  let credentialed = false;
  let path = operation.path.startsWith('/') ? operation.path : `/${operation.path}`;

  for (const p of operation.parameters) {
    const value = params[`${p.in}:${p.name}`] ?? '';
    if (p.in === 'path') {
      if (value === '') throw new RequestRefused('path', `Fill in the path parameter "${p.name}"; nothing was sent.`);
      if (/[/\\]/.test(value) || value === '.' || value === '..') {
        throw new RequestRefused(
          'path',
          `Refused: the path parameter "${p.name}" (${JSON.stringify(value)}) would change the request path: a path parameter is one path segment, without "/" or "\\" and not "." or "..". Nothing was sent.`,
        );
      }
      path = path.split(`{${p.name}}`).join(encodeURIComponent(value));
    } else if (value === '') {
      continue;
    } else if (p.in === 'query') {
      const values = isList(p, operation.schemas) ? value.split(',').filter((v) => v !== '') : [value];
      // A list is the key once per item (form, explode: the default), or once, comma-separated (explode: false).
      if (p.explode === false) {
        if (values.length) query.push([p.name, values.join(','), p.allowReserved]);
      } else for (const v of values) query.push([p.name, v, p.allowReserved]);
    } else if (p.in === 'querystring') {
      let object: unknown;
      try {
        object = JSON.parse(value);
      } catch (e) {
        throw new RequestRefused('query', `The query object "${p.name}" is not valid JSON (${(e as Error).message}); nothing was sent.`);
      }
      if (!object || typeof object !== 'object' || Array.isArray(object))
        throw new RequestRefused('query', `The query object "${p.name}" must be a JSON object such as {"limit": 10}; nothing was sent.`);
      querystring = querystringText(object as Record<string, unknown>, p.mediaType);
    } else if (p.in === 'header') {
      setHeader(p.name, value);
    }
    if (p.in !== 'path' && p.in !== 'cookie' && isCredentialParameter(p, operation.security)) credentialed = true;
    // Cookie parameters: a page cannot set the Cookie header of a cross-site request.
  }

  let applied: AppliedCredentials;
  try {
    applied = applyCredentials(operation.security[alternative] ?? [], credentials);
  } catch (e) {
    if (e instanceof CredentialError) throw new RequestRefused('credentials', e.message);
    throw e;
  }
  for (const [name, value] of applied.headers) setHeader(name, value);
  for (const [name, value] of applied.query) {
    for (let i = query.length - 1; i >= 0; i--) if (query[i][0] === name) query.splice(i, 1);
    query.push([name, value]);
  }
  if (applied.headers.length || applied.query.length) credentialed = true;

  const success = operation.responses.find((r) => /^2/.test(r.status) && r.content.length);
  if (success) setHeader('Accept', success.content[0].mediaType);
  const media = operation.requestBody?.content[0]?.mediaType;
  const prepared = typeof body === 'object' ? body : undefined;
  const sendBody =
    media !== undefined &&
    (prepared ? typeof prepared.data !== 'string' || prepared.data !== '' : typeof body === 'string' && body.trim() !== '');
  if (sendBody) setHeader('Content-Type', prepared ? prepared.contentType : media);
  for (const [name, value] of Object.entries(headers)) checkHeader(name, value);

  // Server + path by string, then parsed and checked: same origin, under the server's path.
  const joined = `${base.origin}${base.path}${path}`;
  // Never throws: the server's origin parsed, and what follows it starts with "/".
  const url = new URL(joined);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.path}/`) || url.search || url.hash) {
    throw new RequestRefused(
      'path',
      `Refused: the request would go to ${url.href}, outside the server ${base.origin}${base.path}/; nothing was sent.`,
    );
  }
  const init: BuiltRequest['init'] = {method: operation.method.toUpperCase(), headers};
  if (sendBody) init.body = prepared ? prepared.data : (body as string);
  if (credentialed) init.redirect = 'manual';
  const search = [querystring, ...query.map(([name, value, reserved]) => encodeQuery(name, value, reserved))].filter(Boolean).join('&');
  const built: BuiltRequest = {url: url.href + (search ? `?${search}` : ''), init};
  if (credentialed) built.credentialed = true;
  if (applied.notSent.length) built.notSent = applied.notSent;
  return built;
}

/** Why a fetch that rejected with a TypeError failed, and what to do about it (try-it.ts words the first two). */
export const FAILURE = {
  cors: TRY_IT_FAILURE.cors,
  network: TRY_IT_FAILURE.network,
  invalidRequest: (message: string) =>
    `The browser refused to build this request (${message}). Check the header and parameter values for characters HTTP does not allow; nothing was sent.`,
  timeout: 'The request was cancelled or took longer than 30 seconds.',
  /** A credentialed request answered with a redirect (fetch's "opaqueredirect"): not followed. */
  redirect: (url: string) =>
    `The server answered ${url} with a redirect, which the console did not follow: the request carries credentials, and following it could send them to another site. Browsers do not show a page the redirect's status or address (Location); run the request preview with curl -i to see them.`,
};

/**
 * After fetch rejected with a TypeError: probe the same address with a no-cors request without
 * credentials or headers. An opaque answer means the server is reachable and the failure was
 * CORS; a rejection means the network (or the server) is unreachable.
 */
export async function diagnoseFailure(url: string, probe: (url: string) => Promise<unknown>): Promise<'cors' | 'network'> {
  try {
    await probe(url.split(/[?#]/)[0]);
    return 'cors';
  } catch {
    return 'network';
  }
}
