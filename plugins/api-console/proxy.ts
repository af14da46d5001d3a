/**
 * The portal's optional CORS proxy (`npm run proxy`, proxy-cli.ts): a small Node HTTP server a
 * deployment can run beside the static files when its API does not answer CORS for the portal.
 * The request console sends `<proxy>/?url=<absolute target URL>` with the request's method,
 * headers and body; the proxy forwards it and hands the answer back with CORS headers for the
 * portal's origin. It is deliberately narrow:
 *
 * - only targets under an allowed base URL are forwarded: same scheme, host and port, and a path
 *   under the base path, also once the path is percent-decoded (no "..%2f" or "%252e%252e"
 *   climbing out of it); anything else is 403;
 * - the document's servers are a third party's text: a target under one of them is connected to
 *   only when every address its host resolves to is public (not loopback, private, link-local,
 *   metadata, multicast or reserved). The check is in the connection's own DNS look-up, so the
 *   address checked is the address connected to, on every connection (a DNS rebinding cannot
 *   pass), and IP literals are checked before connecting. The operator's own bases (the mock,
 *   PROXY_ALLOW) may be anywhere; `allowPrivateAddresses` (PROXY_ALLOW_PRIVATE=1) lifts the rule;
 * - cookies never pass: the request's Cookie header is dropped, so is every Set-Cookie of the
 *   answer (and the console's credentials are headers, not cookies);
 * - the request body must arrive within a time limit (408) and under a size cap (413); the answer
 *   body is capped (502) and the whole exchange has a time limit (504); redirects are not followed;
 * - each client IP may make `rateLimit.max` requests per `rateLimit.windowMs` (429 with
 *   Retry-After beyond that);
 * - only the portal's origins get CORS answers; a browser page of another origin is refused
 *   (403). Requests without an Origin (curl) are forwarded under the same rules;
 * - answers are served from the proxy's origin as data, never as a page: `X-Content-Type-Options:
 *   nosniff` and `Content-Security-Policy: sandbox; default-src 'none'` on every answer, and the
 *   upstream's headers that would act on the proxy's origin (HSTS, Alt-Svc, Clear-Site-Data, its
 *   own CSP…) are dropped.
 *
 * Errors of the proxy itself are JSON `{"error": {"code", "message"}}` with an
 * `X-Proxy-Error: <code>` header, so the console can tell them from the API's own answers; an
 * upstream's own `X-Proxy-Error` is dropped, so that header only ever comes from the proxy.
 * Nothing is logged about a request beyond the method, target origin and status.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import {request as httpsRequest} from 'node:https';
import {isIP, type LookupFunction} from 'node:net';
import {AddressRefused, checkedLookup, publicAddress, type Resolve} from '../../openapi/pipeline/net-policy';

export interface ProxyOptions {
  /**
   * Base URLs the operator allows (the mock, PROXY_ALLOW: absolute http(s) URLs; the path is a
   * prefix). Forwarded to whatever address their host has, loopback and private included.
   */
  allow: string[];
  /**
   * Base URLs from the API description (its servers, variables expanded: serverBases). Forwarded
   * only to public addresses, checked on every connection, unless `allowPrivateAddresses`.
   */
  documentServers?: string[];
  /** Let the document's servers reach loopback, private and link-local addresses too (PROXY_ALLOW_PRIVATE=1). */
  allowPrivateAddresses?: boolean;
  /** Page origins that get CORS answers (e.g. https://developers.rev.io). */
  origins: string[];
  /** Largest request body and largest answer body, in bytes. */
  maxBodyBytes: number;
  /** Time limit for the whole exchange with the API, in ms. */
  timeoutMs: number;
  /** Time limit for receiving the request body, in ms (default 10000). */
  bodyTimeoutMs?: number;
  /** Requests per client IP per window. */
  rateLimit: {max: number; windowMs: number};
  /** Take the client IP from the last X-Forwarded-For entry (behind one trusted reverse proxy). */
  trustForwardedFor?: boolean;
  /** One line per request (method, target origin, status); default: nothing. */
  log?: (line: string) => void;
  /** How a host name becomes addresses (default: the system resolver, dns.lookup). Tests inject one. */
  resolve?: Resolve;
  /** Which addresses the document's servers may be reached at (default: isPublicAddress). Tests narrow it. */
  addressAllowed?: (address: string) => boolean;
}

export type {Resolve};

export const PROXY_DEFAULTS = {maxBodyBytes: 1 << 20, timeoutMs: 30000, bodyTimeoutMs: 10000, rateLimit: {max: 60, windowMs: 60000}};

/** An allowed base: origin and path prefix without a trailing slash; `checked`: its addresses must pass the address rule. */
interface Base {
  origin: string;
  path: string;
  checked: boolean;
}

/** Whether a URL is http or https (the only schemes the proxy speaks). */
const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** A URL's hostname without the brackets of an IPv6 literal. */
// prettier-ignore
// Stryker disable next-line Regex: a URL's hostname holds [ and ] only around an IPv6 literal, so the anchors cannot change what is removed
const unbracket = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Parses and checks the allowlist; throws naming the bad entry. */
export function parseAllowlist(allow: string[], checked = false): Base[] {
  return allow.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`proxy allowlist: "${entry}" is not an absolute URL`);
    }
    if (!isHttp(url)) throw new Error(`proxy allowlist: "${entry}" must be an http(s) URL`);
    if (url.username || url.password || url.search || url.hash)
      throw new Error(`proxy allowlist: "${entry}" may not carry credentials, a query or a fragment`);
    return {origin: url.origin, path: url.pathname.replace(/\/+$/, ''), checked};
  });
}

/**
 * Whether an address is a public unicast address (the pipeline's one address rule, shared with
 * the build's reference fetches: openapi/pipeline/net-policy.ts publicAddress).
 */
export const isPublicAddress = publicAddress;

/**
 * Why a host named in the document cannot be a proxy target whatever DNS says (an IP literal that
 * is not public, or "localhost" and its subdomains, which resolve to loopback by definition),
 * or undefined. Names are checked again, after resolution, on every connection.
 */
export function hostProblem(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(unbracket(host)))
    return isPublicAddress(host) ? undefined : `${hostname} is a loopback, private, link-local or reserved address`;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${hostname} is this machine (loopback)`;
  return undefined;
}

/**
 * The document's servers as proxy bases. Server variables expand to each of their enum values
 * (or their default); a relative server is left out (it is the portal's own origin), and so is
 * every expansion whose host fails hostProblem (reported to `warn`, naming the server's pointer).
 */
export function serverBases(
  doc: {servers?: {url?: unknown; variables?: Record<string, {default?: unknown; enum?: unknown[]}>}[]},
  warn: (message: string) => void = () => undefined,
): string[] {
  const out = new Set<string>();
  doc.servers?.forEach((s, i) => {
    if (typeof s?.url !== 'string') return;
    let urls = [s.url];
    for (const [name, v] of Object.entries(s.variables ?? {})) {
      const values = (Array.isArray(v?.enum) && v.enum.length ? v.enum : [v?.default]).filter((x) => x !== undefined).map(String);
      urls = urls.flatMap((u) => values.map((value) => u.split(`{${name}}`).join(value)));
    }
    for (const u of urls) {
      if (/[{}]/.test(u)) continue;
      let url: URL;
      try {
        url = new URL(u);
      } catch {
        continue; // relative: the portal's own origin, no proxy needed
      }
      if (!isHttp(url)) continue;
      const problem = hostProblem(url.hostname);
      if (problem)
        warn(
          `#/servers/${i}: ${JSON.stringify(u)} is left out of the proxy's allowlist: ${problem} (to forward to it anyway, the operator names it in PROXY_ALLOW)`,
        );
      else out.add(url.href.replace(/\/+$/, ''));
    }
  });
  return [...out];
}

/**
 * Why a path must not be forwarded although its text lies under the base: percent-decoded (as
 * often as it decodes, for double encoding), with "\\" read as "/" (as some servers do), it has
 * a "." or ".." segment (also "..;x", Tomcat's path parameter) or leaves the base path.
 */
export function decodedPathProblem(pathname: string, basePath: string): string | undefined {
  let decoded = pathname;
  for (let round = 0; ; round++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) break;
    if (round === 4) return 'it is percent-encoded more than four times over';
    decoded = next;
  }
  const segments = decoded.replace(/\\/g, '/').split('/');
  if (segments.some((seg) => /^\.{1,2}(;.*)?$/.test(seg)))
    return `it decodes to ${JSON.stringify(decoded)}, which has a "." or ".." segment`;
  const flat = segments.join('/');
  if (basePath && flat !== basePath && !flat.startsWith(`${basePath}/`))
    return `it decodes to ${JSON.stringify(decoded)}, outside ${basePath}`;
  return undefined;
}

/**
 * Whether a target's text lies under a base: same origin, and its path the base path or below it
 * (an http(s) path starts with "/", so an empty base path takes the whole origin; a blob: URL, whose
 * origin is the inner URL's, has a path that does not start with "/" and is under no base).
 */
const textUnder = (target: URL, b: Base) =>
  target.origin === b.origin && (target.pathname === b.path || target.pathname.startsWith(`${b.path}/`));

/** The base a target URL lies under (same origin, path under the base path, decoded too), preferring the operator's, or undefined. */
export function matchBase(target: URL, bases: Base[]): Base | undefined {
  if (target.username || target.password) return undefined;
  const under = bases.filter((b) => textUnder(target, b));
  const fine = under.filter((b) => !decodedPathProblem(target.pathname, b.path));
  return fine.find((b) => !b.checked) ?? fine[0];
}

/** Whether a target URL lies under one of the bases. */
export function allowed(target: URL, bases: Base[]): boolean {
  return matchBase(target, bases) !== undefined;
}

/* Headers that describe one connection, or that must not cross the proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const DROP_REQUEST = new Set([
  ...HOP_BY_HOP,
  'host',
  'cookie',
  'cookie2',
  'origin',
  'referer',
  'content-length',
  'accept-encoding',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);
/*
 * Dropped from answers: the proxy's own concerns (X-Proxy-Error is the proxy's alone), cookies,
 * and headers that would act on the proxy's origin rather than describe the API's answer.
 */
const DROP_RESPONSE = new Set([
  ...HOP_BY_HOP,
  'set-cookie',
  'set-cookie2',
  'content-length',
  'x-proxy-error',
  'strict-transport-security',
  'alt-svc',
  'clear-site-data',
  'content-security-policy',
  'content-security-policy-report-only',
  'public-key-pins',
  'public-key-pins-report-only',
  'nel',
  'report-to',
  'reporting-endpoints',
  'service-worker-allowed',
  'x-content-type-options',
  'refresh',
]);

/** Every answer of the proxy is data for the console, never a page of the proxy's origin. */
const AS_DATA = {'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "sandbox; default-src 'none'"};

class ProxyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A fixed-window counter per client IP. */
export class RateLimiter {
  private windows = new Map<string, {start: number; count: number}>();
  constructor(
    private max: number,
    private windowMs: number,
    private now: () => number = Date.now,
  ) {}
  /** Seconds to wait, or 0 when the request may go. */
  take(client: string): number {
    const t = this.now();
    if (this.windows.size > 10000) for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
    let w = this.windows.get(client);
    if (!w || t - w.start >= this.windowMs) {
      w = {start: t, count: 0};
      this.windows.set(client, w);
    }
    if (w.count >= this.max) return Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000));
    w.count++;
    return 0;
  }
}

function clientIp(req: IncomingMessage, trust: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trust && typeof forwarded === 'string' && forwarded.trim()) return forwarded.split(',').pop()!.trim();
  // prettier-ignore
  // Stryker disable next-line StringLiteral: remoteAddress is unset only on a socket already closed, where no handler runs
  return req.socket.remoteAddress ?? 'unknown';
}

/** An over-long body is not read to its end: the connection closes after the answer. */
const CLOSE = {Connection: 'close'};

/**
 * Reads the request body: at most `max` bytes (413) within `timeoutMs` from the start of the
 * request (408): a client trickling its body does not hold the connection.
 */
function readBody(req: IncomingMessage, max: number, timeoutMs: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > max)
    return Promise.reject(
      new ProxyError(413, 'body_too_large', `The request body is ${declared} bytes; this proxy forwards at most ${max} bytes.`, CLOSE),
    );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: Error) => {
      clearTimeout(timer);
      if (error) {
        req.pause();
        reject(error);
      } else resolve(size ? Buffer.concat(chunks) : undefined);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max)
        done(new ProxyError(413, 'body_too_large', `The request body is larger than ${max} bytes, the most this proxy forwards.`, CLOSE));
      else chunks.push(chunk);
    };
    const onEnd = () => done();
    const timer = setTimeout(
      () => done(new ProxyError(408, 'body_timeout', `The request body did not arrive within ${timeoutMs} ms.`, CLOSE)),
      timeoutMs,
    );
    req.on('data', onData).on('end', onEnd).on('error', done);
  });
}

interface Answer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  data: Buffer;
}

/** The Content-Length of an answer to HEAD as the API declared it (digits only), else undefined. */
function headLength(method: string | undefined, answer: Answer): string | undefined {
  const declared = answer.headers['content-length'];
  return method === 'HEAD' && typeof declared === 'string' && /^\d+$/.test(declared) ? declared : undefined;
}

/**
 * One exchange with the API over a fresh connection (no pooling: every request resolves and
 * checks its host again), never following a redirect; the answer body is capped at `max` bytes
 * and the whole exchange at `timeoutMs`.
 */
function forward(
  target: URL,
  init: {method: string; headers: Record<string, string>; body?: Buffer; lookup?: LookupFunction; max: number; timeoutMs: number},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    // The body's length is declared: without it Node frames a DELETE's (or OPTIONS') body not at all.
    const headers = init.body ? {...init.headers, 'content-length': String(init.body.length)} : init.headers;
    const request = send(
      target,
      {method: init.method, headers, agent: false, ...(init.lookup ? {lookup: init.lookup} : {})},
      (response) => {
        const declared = Number(response.headers['content-length'] ?? NaN);
        const tooLarge = (what: string) =>
          new ProxyError(502, 'response_too_large', `The API's answer is ${what}; this proxy passes at most ${init.max} bytes.`);
        // An answer to HEAD declares the length of a body it does not carry: nothing to refuse.
        if (declared > init.max && init.method !== 'HEAD') return fail(tooLarge(`${declared} bytes`));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > init.max) fail(tooLarge(`larger than ${init.max} bytes`));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          // A client's response always has its status code and message.
          resolve({
            status: response.statusCode!,
            statusText: response.statusMessage!,
            headers: response.headers,
            data: Buffer.concat(chunks),
          });
        });
        response.on('error', (e) => fail(e));
      },
    );
    const fail = (e: Error) => {
      clearTimeout(timer);
      request.destroy();
      reject(e);
    };
    const timer = setTimeout(
      () => fail(new ProxyError(504, 'timeout', `The API did not answer within ${init.timeoutMs} ms.`)),
      init.timeoutMs,
    );
    request.on('error', (e) => fail(e));
    request.end(init.body);
  });
}

function corsHeaders(origin: string | undefined, options: ProxyOptions): Record<string, string> {
  if (!origin || !options.origins.includes(origin)) return {};
  return {'Access-Control-Allow-Origin': origin, Vary: 'Origin'};
}

function sendError(res: ServerResponse, e: ProxyError, cors: Record<string, string>): void {
  const body = JSON.stringify({error: {code: e.code, message: e.message}});
  res.writeHead(e.status, {
    ...cors,
    ...e.headers,
    ...AS_DATA,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Proxy-Error': e.code,
    ...(cors['Access-Control-Allow-Origin'] ? {'Access-Control-Expose-Headers': 'X-Proxy-Error, Retry-After'} : {}),
  });
  res.end(body);
}

export function createProxy(options: ProxyOptions): Server {
  const bases = [...parseAllowlist(options.allow), ...parseAllowlist(options.documentServers ?? [], !options.allowPrivateAddresses)];
  for (const o of options.origins) {
    if (new URL(o).origin !== o) throw new Error(`proxy: "${o}" is not an origin (scheme://host[:port], no path)`);
  }
  const limiter = new RateLimiter(options.rateLimit.max, options.rateLimit.windowMs);
  const log = options.log ?? (() => undefined);
  const addressOk = options.addressAllowed ?? isPublicAddress;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? PROXY_DEFAULTS.bodyTimeoutMs;
  const checked = checkedLookup(options.resolve, addressOk);
  // Unchecked targets (the operator's bases) use the injected resolver too when there is one.
  const unchecked = options.resolve ? checkedLookup(options.resolve, () => true) : undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = req.headers.origin;
    const cors = corsHeaders(origin, options);
    try {
      if (origin !== undefined && !cors['Access-Control-Allow-Origin']) {
        throw new ProxyError(
          403,
          'origin_not_allowed',
          `This proxy serves the portal only; the page origin ${origin} is not one of its origins.`,
        );
      }
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        const asked = String(req.headers['access-control-request-headers'] ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter((h) => h && !DROP_REQUEST.has(h));
        res.writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
          ...(asked.length ? {'Access-Control-Allow-Headers': asked.join(', ')} : {}),
          'Access-Control-Max-Age': '600',
          'Content-Length': '0',
        });
        res.end();
        return;
      }
      const wait = limiter.take(clientIp(req, Boolean(options.trustForwardedFor)));
      if (wait)
        throw new ProxyError(429, 'rate_limited', `Too many requests through this proxy from your address: wait ${wait} s.`, {
          'Retry-After': String(wait),
        });

      const self = new URL(req.url!, 'http://proxy.invalid'); // a server's request always has its url
      const raw = self.searchParams.get('url');
      if (!raw) throw new ProxyError(400, 'missing_url', 'Send the request to this proxy as ?url=<absolute URL of the API request>.');
      let target: URL;
      try {
        target = new URL(raw);
      } catch {
        throw new ProxyError(400, 'invalid_url', `"${raw}" is not an absolute URL.`);
      }
      // Other schemes have no base (see textUnder).
      const base = matchBase(target, bases);
      if (!base) {
        const under = bases.find((b) => textUnder(target, b));
        const why = under ? decodedPathProblem(target.pathname, under.path) : undefined;
        throw new ProxyError(
          403,
          'target_not_allowed',
          `This proxy only forwards to the API's servers (${bases.map((b) => b.origin + b.path).join(', ')}); ${target.origin}${target.pathname} is not one of them${why ? ` (${why})` : ''}.`,
        );
      }
      // An IP literal is connected to without a look-up: check it here.
      const literal = unbracket(target.hostname);
      if (base.checked && isIP(literal) && !addressOk(literal)) {
        throw new ProxyError(
          403,
          'address_not_allowed',
          `This proxy does not forward the API description's servers to ${target.hostname}, a loopback, private, link-local or reserved address.`,
        );
      }

      const body = await readBody(req, options.maxBodyBytes, bodyTimeoutMs);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        const lower = name.toLowerCase();
        // prettier-ignore
        // Stryker disable next-line ConditionalExpression: Node's parsed request headers hold no undefined value (the check narrows the type)
        if (value === undefined || DROP_REQUEST.has(lower) || lower.startsWith('sec-') || lower.startsWith('access-control-')) continue;
        headers[lower] = Array.isArray(value) ? value.join(', ') : value;
      }
      let answer: Answer;
      try {
        answer = await forward(target, {
          method: req.method!, // a server's request always has its method
          headers,
          body: req.method !== 'GET' && req.method !== 'HEAD' ? body : undefined,
          lookup: base.checked ? checked : unchecked,
          max: options.maxBodyBytes,
          timeoutMs: options.timeoutMs,
        });
      } catch (e) {
        if (e instanceof ProxyError) throw e;
        if (e instanceof AddressRefused)
          throw new ProxyError(
            403,
            'address_not_allowed',
            `This proxy does not forward the API description's servers to ${e.address}: ${e.message}.`,
          );
        throw new ProxyError(502, 'unreachable', `The API at ${target.origin} could not be reached (${(e as Error).message}).`);
      }
      const out: Record<string, string | string[]> = {};
      const names: string[] = [];
      for (const [name, value] of Object.entries(answer.headers)) {
        // prettier-ignore
        // Stryker disable next-line ConditionalExpression: Node's parsed answer headers hold no undefined value (the check narrows the type)
        if (value === undefined || DROP_RESPONSE.has(name) || name.startsWith('access-control-')) continue;
        out[name] = value;
        names.push(name);
      }
      res.writeHead(answer.status, answer.statusText, {
        ...out,
        ...cors,
        ...AS_DATA,
        ...(cors['Access-Control-Allow-Origin'] && names.length ? {'Access-Control-Expose-Headers': names.join(', ')} : {}),
        // The length of what is passed on; an answer to HEAD passes the API's (the body it would have).
        'Content-Length': headLength(req.method, answer) ?? String(answer.data.length),
      });
      res.end(answer.data); // Node sends no body in an answer to HEAD
      log(`${req.method} ${target.origin} ${answer.status}`);
    } catch (e) {
      const error = e instanceof ProxyError ? e : new ProxyError(500, 'proxy_failure', `The proxy failed: ${(e as Error).message}`);
      // A refused body is not read to its end: its answer says Connection: close, and Node closes the
      // connection once that answer is out (proxy-edges.test.ts checks it does).
      if (!res.headersSent) sendError(res, error, cors);
      else res.destroy();
      log(`${req.method} - ${error.status} ${error.code}`);
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  // Node's own limits as a backstop for the body's (its check runs every few seconds).
  server.headersTimeout = Math.max(1000, bodyTimeoutMs);
  server.requestTimeout = Math.max(1000, bodyTimeoutMs) * 2;
  return server;
}
