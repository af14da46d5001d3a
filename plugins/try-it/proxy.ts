/**
 * The portal's optional CORS proxy (`npm run proxy`, proxy-cli.ts): a small Node HTTP server a
 * deployment can run beside the static files when its API does not answer CORS for the portal.
 * The request console sends `<proxy>/?url=<absolute target URL>` with the request's method,
 * headers and body; the proxy forwards it and hands the answer back with CORS headers for the
 * portal's origin. It is deliberately narrow:
 *
 * - only targets under an allowed base URL (the document's servers and the mock) are forwarded:
 *   same scheme, host and port, and a path under the base path; anything else is 403;
 * - cookies never pass: the request's Cookie header is dropped, so is every Set-Cookie of the
 *   answer (and the console's credentials are headers, not cookies);
 * - the request body and the answer body are capped (413 and 502 beyond the cap) and the whole
 *   exchange has a time limit (504);
 * - each client IP may make `rateLimit.max` requests per `rateLimit.windowMs` (429 with
 *   Retry-After beyond that);
 * - only the portal's origins get CORS answers; a browser page of another origin is refused
 *   (403). Requests without an Origin (curl) are forwarded under the same rules.
 *
 * Errors of the proxy itself are JSON `{"error": {"code", "message"}}` with an
 * `X-Proxy-Error: <code>` header, so the console can tell them from the API's own answers.
 * Nothing is logged about a request beyond the method, target origin and status.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';

export interface ProxyOptions {
  /** Base URLs requests may go to (absolute http(s) URLs; the path is a prefix). */
  allow: string[];
  /** Page origins that get CORS answers (e.g. https://developers.rev.io). */
  origins: string[];
  /** Largest request body and largest answer body, in bytes. */
  maxBodyBytes: number;
  /** Time limit for the whole exchange with the API, in ms. */
  timeoutMs: number;
  /** Requests per client IP per window. */
  rateLimit: {max: number; windowMs: number};
  /** Take the client IP from the last X-Forwarded-For entry (behind one trusted reverse proxy). */
  trustForwardedFor?: boolean;
  /** One line per request (method, target origin, status); default: nothing. */
  log?: (line: string) => void;
}

export const PROXY_DEFAULTS = {maxBodyBytes: 1 << 20, timeoutMs: 30000, rateLimit: {max: 60, windowMs: 60000}};

/** An allowed base: origin and path prefix without a trailing slash. */
interface Base {
  origin: string;
  path: string;
}

/** Parses and checks the allowlist; throws naming the bad entry. */
export function parseAllowlist(allow: string[]): Base[] {
  return allow.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`proxy allowlist: "${entry}" is not an absolute URL`);
    }
    if (!/^https?:$/.test(url.protocol)) throw new Error(`proxy allowlist: "${entry}" must be an http(s) URL`);
    if (url.username || url.password || url.search || url.hash) throw new Error(`proxy allowlist: "${entry}" may not carry credentials, a query or a fragment`);
    return {origin: url.origin, path: url.pathname.replace(/\/+$/, '')};
  });
}

/**
 * The document's servers as proxy bases. Server variables expand to each of their enum values
 * (or their default); a relative server is left out (it is the portal's own origin).
 */
export function serverBases(doc: {servers?: {url?: unknown; variables?: Record<string, {default?: unknown; enum?: unknown[]}>}[]}): string[] {
  const out = new Set<string>();
  for (const s of doc.servers ?? []) {
    if (typeof s?.url !== 'string') continue;
    let urls = [s.url];
    for (const [name, v] of Object.entries(s.variables ?? {})) {
      const values = (Array.isArray(v?.enum) && v.enum.length ? v.enum : [v?.default]).filter((x) => x !== undefined).map(String);
      urls = urls.flatMap((u) => values.map((value) => u.split(`{${name}}`).join(value)));
    }
    for (const u of urls) {
      if (/[{}]/.test(u)) continue;
      try {
        const url = new URL(u);
        if (/^https?:$/.test(url.protocol)) out.add(url.href.replace(/\/+$/, ''));
      } catch {
        // relative: the portal's own origin, no proxy needed
      }
    }
  }
  return [...out];
}

/** Whether a target URL lies under one of the bases (same origin, path under the base path). */
export function allowed(target: URL, bases: Base[]): boolean {
  if (target.username || target.password) return false;
  return bases.some((b) => target.origin === b.origin && (b.path === '' || target.pathname === b.path || target.pathname.startsWith(`${b.path}/`)));
}

/* Headers that describe one connection, or that must not cross the proxy. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const DROP_REQUEST = new Set([...HOP_BY_HOP, 'host', 'cookie', 'cookie2', 'origin', 'referer', 'content-length', 'accept-encoding', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip']);
const DROP_RESPONSE = new Set([...HOP_BY_HOP, 'set-cookie', 'set-cookie2', 'content-length', 'content-encoding']);

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
  return req.socket.remoteAddress ?? 'unknown';
}

/** An over-long body is not read to its end: the connection closes after the answer. */
const CLOSE = {Connection: 'close'};

async function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > max) throw new ProxyError(413, 'body_too_large', `The request body is ${declared} bytes; this proxy forwards at most ${max} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new ProxyError(413, 'body_too_large', `The request body is larger than ${max} bytes, the most this proxy forwards.`, CLOSE);
    chunks.push(chunk);
  }
  return size ? Buffer.concat(chunks) : undefined;
}

/** Reads an answer body up to `max` bytes; beyond it, cancels and throws. */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProxyError(502, 'response_too_large', `The API's answer is ${declared} bytes; this proxy passes at most ${max} bytes.`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > max) {
        await response.body.cancel().catch(() => undefined);
        throw new ProxyError(502, 'response_too_large', `The API's answer is larger than ${max} bytes, the most this proxy passes.`);
      }
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
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
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Proxy-Error': e.code,
    ...(cors['Access-Control-Allow-Origin'] ? {'Access-Control-Expose-Headers': 'X-Proxy-Error, Retry-After'} : {}),
  });
  res.end(body);
}

export function createProxy(options: ProxyOptions): Server {
  const bases = parseAllowlist(options.allow);
  for (const o of options.origins) {
    if (new URL(o).origin !== o) throw new Error(`proxy: "${o}" is not an origin (scheme://host[:port], no path)`);
  }
  const limiter = new RateLimiter(options.rateLimit.max, options.rateLimit.windowMs);
  const log = options.log ?? (() => undefined);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors = corsHeaders(origin, options);
    try {
      if (origin !== undefined && !cors['Access-Control-Allow-Origin']) {
        throw new ProxyError(403, 'origin_not_allowed', `This proxy serves the portal only; the page origin ${origin} is not one of its origins.`);
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
      if (wait) throw new ProxyError(429, 'rate_limited', `Too many requests through this proxy from your address: wait ${wait} s.`, {'Retry-After': String(wait)});

      const self = new URL(req.url ?? '/', 'http://proxy.invalid');
      const raw = self.searchParams.get('url');
      if (!raw) throw new ProxyError(400, 'missing_url', 'Send the request to this proxy as ?url=<absolute URL of the API request>.');
      let target: URL;
      try {
        target = new URL(raw);
      } catch {
        throw new ProxyError(400, 'invalid_url', `"${raw}" is not an absolute URL.`);
      }
      if (!/^https?:$/.test(target.protocol) || !allowed(target, bases)) {
        throw new ProxyError(403, 'target_not_allowed', `This proxy only forwards to the API's servers (${bases.map((b) => b.origin + b.path).join(', ')}); ${target.origin}${target.pathname} is not one of them.`);
      }

      const body = await readBody(req, options.maxBodyBytes);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        const lower = name.toLowerCase();
        if (value === undefined || DROP_REQUEST.has(lower) || lower.startsWith('sec-') || lower.startsWith('access-control-')) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const signal = AbortSignal.timeout(options.timeoutMs);
      let answer: Response;
      let data: Buffer;
      try {
        answer = await fetch(target, {method: req.method, headers, body: body && req.method !== 'GET' && req.method !== 'HEAD' ? new Uint8Array(body) : undefined, redirect: 'manual', signal});
        data = await readCapped(answer, options.maxBodyBytes);
      } catch (e) {
        if (e instanceof ProxyError) throw e;
        if (signal.aborted) throw new ProxyError(504, 'timeout', `The API did not answer within ${options.timeoutMs} ms.`);
        throw new ProxyError(502, 'unreachable', `The API at ${target.origin} could not be reached (${(e as Error & {cause?: Error}).cause?.message ?? (e as Error).message}).`);
      }
      const out: Record<string, string | string[]> = {};
      const names: string[] = [];
      answer.headers.forEach((value, name) => {
        if (DROP_RESPONSE.has(name) || name.startsWith('access-control-')) return;
        out[name] = value;
        names.push(name);
      });
      res.writeHead(answer.status, answer.statusText, {
        ...out,
        ...cors,
        ...(cors['Access-Control-Allow-Origin'] && names.length ? {'Access-Control-Expose-Headers': names.join(', ')} : {}),
        'Content-Length': String(data.length),
      });
      res.end(req.method === 'HEAD' ? undefined : data);
      log(`${req.method} ${target.origin} ${answer.status}`);
    } catch (e) {
      const error = e instanceof ProxyError ? e : new ProxyError(500, 'proxy_failure', `The proxy failed: ${(e as Error).message}`);
      if (!res.headersSent) sendError(res, error, cors);
      else res.destroy();
      log(`${req.method} - ${error.status} ${error.code}`);
    }
  };

  return createServer((req, res) => void handle(req, res));
}
