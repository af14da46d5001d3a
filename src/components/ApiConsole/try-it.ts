/**
 * "Try it" around the request console's own request building (request.ts): the mock server it
 * offers first, the portal's CORS proxy it can send through, and what it tells the reader when
 * the browser cannot complete a request. Pure functions (unit-tested in try-it.test.ts); the
 * values come from the build (customFields.tryIt: PORTAL_MOCK_URL / PORTAL_MOCK, PORTAL_PROXY_URL).
 */

export const MOCK_SERVER_LABEL = 'Mock server';

export interface TryItConfig {
  /** The Prism mock's base URL, offered first as "Mock server". */
  mockUrl?: string;
  /** The portal's CORS proxy (`npm run proxy`); requests to the document's servers go through it. */
  proxyUrl?: string;
}

/** customFields.tryIt as the build wrote it; anything malformed reads as "not configured". */
export function tryItConfig(customFields: Record<string, unknown> | undefined): TryItConfig {
  const raw = customFields?.tryIt as Record<string, unknown> | undefined;
  const url = (v: unknown) => (typeof v === 'string' && /^https?:\/\//.test(v) ? v.replace(/\/+$/, '') : undefined);
  return {mockUrl: url(raw?.mockUrl), proxyUrl: url(raw?.proxyUrl)};
}

export interface ServerOption {
  value: string;
  label: string;
}

/**
 * The server list: the mock first (when configured), then the console's other servers, each
 * labelled by its name (OpenAPI 3.2 `servers[].name`) and URL when it has a name.
 */
export function serverOptions(servers: string[], config: TryItConfig, names: ReadonlyMap<string, string> = new Map()): ServerOption[] {
  const label = (s: string) => (names.get(s) ? `${names.get(s)} (${s})` : s);
  const rest = servers.filter((s) => s !== config.mockUrl).map((s) => ({value: s, label: label(s)}));
  return config.mockUrl ? [{value: config.mockUrl, label: `${MOCK_SERVER_LABEL} (${config.mockUrl})`}, ...rest] : rest;
}

/** Whether the proxy can carry requests to this server: it forwards to the document's servers only. */
export function proxyApplies(server: string, documentServers: string[], config: TryItConfig): boolean {
  if (!config.proxyUrl || server === config.mockUrl) return false;
  const norm = (s: string) => s.trim().replace(/\/+$/, '');
  return documentServers.some((d) => norm(d) === norm(server));
}

/** The address a request to `url` is sent to through the proxy: `<proxy>/?url=<url>`. */
export function throughProxy(url: string, proxyUrl: string): string {
  const proxy = new URL(proxyUrl.endsWith('/') ? proxyUrl : `${proxyUrl}/`);
  proxy.searchParams.set('url', url);
  return proxy.href;
}

/**
 * What the reader can do now. After a CORS block: the mock, the proxy, or a code sample (outside
 * the browser CORS does not apply). After a network failure only the mock helps.
 */
function remedies(config: TryItConfig, proxyAvailable: boolean, samples: boolean): string {
  const ways: string[] = [];
  if (config.mockUrl) ways.push(`choose "${MOCK_SERVER_LABEL}" to try the operation against its documented examples`);
  if (proxyAvailable) ways.push(`tick "Send through the portal's proxy"`);
  if (samples) ways.push('send the request with curl or another code sample (they run outside the browser, where CORS does not apply)');
  if (!ways.length) return '';
  const list = ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(', ')} or ${ways[ways.length - 1]}`;
  return ` To try it now: ${list}.`;
}

export const TRY_IT_FAILURE = {
  /** Reachable, but the answer is not readable from this page (no CORS for the portal). */
  cors: (origin: string, config: TryItConfig = {}, proxyAvailable = false) =>
    `The server answered, but the browser blocked the response: the API does not allow requests from this site (CORS). The API must allow the origin ${origin}.${remedies(config, proxyAvailable, true)}`,
  /** Not reachable at all. */
  network: (url: string, config: TryItConfig = {}, proxyAvailable = false) =>
    `The server could not be reached (${url}). Check the server URL, that the server is running and reachable from your network, and try again.${remedies(config, false, false)}`,
  /** The proxy itself could not be reached, or did not answer this page. */
  proxyUnreachable: (proxyUrl: string) =>
    `The portal's proxy (${new URL(proxyUrl).origin}) could not be reached or did not allow this site, so the request was not forwarded. Untick "Send through the portal's proxy" to send it directly, or send it with curl (see the code samples).`,
  /** The proxy answered with its own refusal (X-Proxy-Error). */
  proxyRefused: (proxyUrl: string, message: string) =>
    `The portal's proxy (${new URL(proxyUrl).origin}) did not forward the request: ${message}`,
};

/** The proxy's own error message from its JSON answer, or a generic one. */
export function proxyErrorMessage(body: string, code: string): string {
  try {
    const message = (JSON.parse(body) as {error?: {message?: unknown}}).error?.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not the proxy's JSON: fall through
  }
  return `it answered "${code}".`;
}
