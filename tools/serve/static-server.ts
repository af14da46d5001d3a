/**
 * A small static file server that behaves like a CDN in front of the built site: gzip for text
 * assets, clean URLs (/a -> a/index.html or a.html), permanent redirects from "x.html" and
 * "x/index.html" to the clean path, long cache headers for hashed assets, and the site's 404.html
 * with status 404 for anything else. Used by the browser tests, the benchmark and `npm run serve`.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {existsSync, readFileSync, promises as fs} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {AddressInfo} from 'node:net';
import {parseHeadersFile} from '../../plugins/csp/policy';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg', '.md', '.yaml']);

export interface StaticServerOptions {
  /** Folder to serve (the build output). */
  root: string;
  /** Port; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Compress text responses with gzip when the client accepts it (default true). */
  gzip?: boolean;
  /** Path prefix the site is mounted under (default "/"). */
  basePath?: string;
  /**
   * Behave like a plain static host (files as they are): no redirects from ".html" and
   * "/index.html" paths; the client has to normalise them itself.
   */
  plain?: boolean;
}

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isFile();
  } catch {
    return false;
  }
}

/** Map a request path to a file below root, or null. Never escapes root. */
export async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const target = path.normalize(path.join(root, decoded));
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  const candidates = decoded.endsWith('/')
    ? [path.join(target, 'index.html')]
    : [target, `${target}.html`, path.join(target, 'index.html')];
  for (const c of candidates) if (await isFile(c)) return c;
  return null;
}

// Compressed bodies are kept in memory: the build output does not change while it is served.
const gzipCache = new Map<string, Promise<Buffer>>();
function gzipped(file: string): Promise<Buffer> {
  let body = gzipCache.get(file);
  if (!body) {
    body = fs.readFile(file).then((raw) => zlib.gzipSync(raw, {level: 9}));
    body.catch(() => gzipCache.delete(file)); // a failed read is not remembered
    gzipCache.set(file, body);
  }
  return body;
}

async function send(req: IncomingMessage, res: ServerResponse, file: string, status: number, gzip: boolean, extra: Record<string, string>) {
  const ext = path.extname(file).toLowerCase();
  const headers: Record<string, string> = {
    ...extra,
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control':
      /\.[0-9a-f]{8}\.(js|css)$/.test(file) || file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
    Vary: 'Accept-Encoding',
  };
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (gzip && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(accepts)) {
    const body = await gzipped(file);
    headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  } else {
    // Open before answering, so that a file that cannot be read gets a 500, not a broken 200.
    const handle = await fs.open(file, 'r');
    if (req.method === 'HEAD') {
      await handle.close();
      res.writeHead(status, headers);
      return void res.end();
    }
    res.writeHead(status, headers);
    const stream = handle.createReadStream();
    await new Promise<void>((resolve) => {
      // A read error once the headers are out can only cut the response short.
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  }
}

const SELF = 'http://self.invalid';

/**
 * Where "/x.html" or "/x/index.html" redirects to: the clean path, on this host BY CONSTRUCTION.
 * A path such as "/.//evil.example/x.html" (the URL parser drops the dot segment:
 * "//evil.example/…") would otherwise give "Location: //evil.example/x", a redirect to another
 * host; so leading slashes and backslashes are collapsed to one "/", the result is parsed against
 * a stand-in origin, and anything that would not stay on it (nothing can) is not redirected.
 */
export function cleanLocation(basePath: string, sitePath: string, search: string): string | null {
  const clean = sitePath.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/';
  if (clean === sitePath || sitePath === '/404.html') return null;
  const collapse = (p: string) => '/' + p.replace(/^[/\\]+/, '');
  const target = new URL(collapse(basePath.replace(/\/$/, '') + clean) + search, SELF);
  // Parsing may resolve dot segments into a new leading "//": collapse what it gives, then check.
  const location = collapse(target.pathname) + target.search;
  return new URL(location, SELF).origin === SELF ? location : null;
}

/** Headers every answer carries besides nosniff: the `/*` rules of the build's `_headers` file. */
function hostingHeaders(root: string): Record<string, string> {
  const file = path.join(root, '_headers');
  const rules = existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8')) : [];
  return Object.fromEntries([['X-Content-Type-Options', 'nosniff'], ['Referrer-Policy', 'strict-origin-when-cross-origin'], ...rules]);
}

export function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const root = path.resolve(options.root);
  const gzip = options.gzip ?? true;
  const basePath = options.basePath ?? '/';
  // A plain host sends no headers of its own: the pages' <meta> policy is all there is.
  const security = options.plain ? {} : hostingHeaders(root);
  const server = createServer(async (req, res) => {
    for (const [k, v] of Object.entries(security)) res.setHeader(k, v);
    try {
      // The request target as a path on this host: "//evil.example/x" is a path, not a host.
      const requested = req.url ?? '/';
      const url = new URL(`${SELF}${requested.startsWith('/') ? '' : '/'}${requested}`);
      if (!url.pathname.startsWith(basePath)) {
        res.writeHead(404, {'Content-Type': 'text/plain'});
        return void res.end('Not found');
      }
      const sitePath = '/' + url.pathname.slice(basePath.length);
      // Normalise /x.html and /x/index.html to the clean route, as the site's router does.
      const location = options.plain ? null : cleanLocation(basePath, sitePath, url.search);
      if (location) {
        res.writeHead(301, {Location: location});
        return void res.end();
      }
      const file = await resolveFile(root, sitePath);
      if (file) return await send(req, res, file, 200, gzip, security);
      const notFound = path.join(root, '404.html');
      if (await isFile(notFound)) return await send(req, res, notFound, 404, gzip, security);
      res.writeHead(404, {'Content-Type': 'text/plain'});
      res.end('Not found');
    } catch {
      // Details stay in the server: the answer only says it failed.
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, {'Content-Type': 'text/plain'});
      res.end('Internal server error');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${options.host ?? '127.0.0.1'}:${port}${basePath}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

if (require.main === module) {
  const root = process.argv[2] ?? 'build';
  const port = Number(process.env.PORT ?? 3000);
  startStaticServer({root, port}).then(({url}) => console.log(`Serving ${root} at ${url} (gzip on)`));
}
