/**
 * `npm run proxy`: the portal's CORS proxy (proxy.ts), configured from the environment (see the
 * plugins/api-console/README.md). The allowlist is the processed document's servers (reached at
 * public addresses only, unless PROXY_ALLOW_PRIVATE=1), and the operator's own bases, the mock
 * (PORTAL_MOCK_URL) and PROXY_ALLOW (reached wherever they are); the CORS origins are the
 * portal's (PORTAL_URL's origin, the dev server) and PROXY_ORIGINS.
 */
import {existsSync, readFileSync} from 'node:fs';
import {loadPortalConfig} from '../../portal.config';
import {createProxy, PROXY_DEFAULTS, serverBases, type ProxyOptions} from './proxy';

function intFromEnv(name: string, fallback: number, min: number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${text}"`);
  return n;
}

const words = (name: string) => (process.env[name]?.trim() ? process.env[name]!.trim().split(/\s+/) : []);

/** The proxy's options from the environment; throws naming the variable or file at fault. */
export function proxyOptionsFromEnv(warn: (message: string) => void = () => undefined): ProxyOptions & {port: number; host: string} {
  const portalConfig = loadPortalConfig();
  const spec = portalConfig.processedSpec;
  if (!existsSync(spec)) throw new Error(`${spec} is missing: run "npm run spec" first (the allowlist is the document's servers).`);
  let doc: Parameters<typeof serverBases>[0];
  try {
    doc = JSON.parse(readFileSync(spec, 'utf8'));
  } catch (e) {
    throw new Error(`${spec}: not valid JSON (${(e as Error).message})`);
  }
  const documentServers = serverBases(doc, (message) => warn(`${spec}${message}`));
  const allow = [...new Set([...(portalConfig.mockUrl ? [portalConfig.mockUrl] : []), ...words('PROXY_ALLOW')])];
  if (!allow.length && !documentServers.length)
    throw new Error(
      `${spec} lists no absolute http(s) server the proxy may reach and PROXY_ALLOW is empty: there is nothing to forward to.`,
    );
  const origins = [
    ...new Set([new URL(portalConfig.siteUrl).origin, 'http://127.0.0.1:3000', 'http://localhost:3000', ...words('PROXY_ORIGINS')]),
  ];
  const flag = process.env.PROXY_ALLOW_PRIVATE?.trim();
  if (flag && flag !== '1' && flag !== '0')
    throw new Error(`PROXY_ALLOW_PRIVATE must be 1 (let the document's servers reach private addresses) or 0, got "${flag}"`);
  return {
    port: intFromEnv('PROXY_PORT', 8787, 0),
    host: process.env.PROXY_HOST?.trim() || '127.0.0.1',
    allow,
    documentServers,
    allowPrivateAddresses: flag === '1',
    origins,
    maxBodyBytes: intFromEnv('PROXY_MAX_BODY_BYTES', PROXY_DEFAULTS.maxBodyBytes, 1),
    timeoutMs: intFromEnv('PROXY_TIMEOUT_MS', PROXY_DEFAULTS.timeoutMs, 1),
    bodyTimeoutMs: intFromEnv('PROXY_BODY_TIMEOUT_MS', PROXY_DEFAULTS.bodyTimeoutMs, 1),
    rateLimit: {
      max: intFromEnv('PROXY_RATE_LIMIT', PROXY_DEFAULTS.rateLimit.max, 1),
      windowMs: intFromEnv('PROXY_RATE_WINDOW_MS', PROXY_DEFAULTS.rateLimit.windowMs, 1),
    },
    trustForwardedFor: process.env.PROXY_TRUST_FORWARDED_FOR?.trim() === '1',
    log: (line) => console.log(`proxy: ${line}`),
  };
}

if (require.main === module) {
  try {
    const options = proxyOptionsFromEnv((message) => console.warn(`proxy: warning: ${message}`));
    const server = createProxy(options);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      const port = address && typeof address === 'object' ? address.port : options.port;
      console.log(`proxy: listening on http://${options.host}:${port}`);
      console.log(`proxy: forwards to ${[...options.allow, ...(options.documentServers ?? [])].join(', ')}`);
      console.log(
        options.allowPrivateAddresses
          ? "proxy: PROXY_ALLOW_PRIVATE=1: the document's servers may resolve to loopback, private and link-local addresses"
          : "proxy: the document's servers are reached at public addresses only (checked on every connection)",
      );
      console.log(
        `proxy: CORS for ${options.origins.join(', ')}; body cap ${options.maxBodyBytes} B (${options.bodyTimeoutMs} ms to arrive), time cap ${options.timeoutMs} ms, ${options.rateLimit.max} requests per ${options.rateLimit.windowMs} ms per client`,
      );
    });
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (e) {
    console.error(`proxy: ${(e as Error).message}`);
    process.exit(1);
  }
}
