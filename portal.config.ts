/**
 * The portal's own settings: one small typed module, read by docusaurus.config.ts, the OpenAPI
 * pipeline and the API page generator. Every value can be overridden with an environment variable
 * so the same source builds a portal for another brand, another API host or another OpenAPI document.
 */
import path from 'node:path';

export interface PortalConfig {
  /** Brand name shown in the tagline ("API Documentation for {brand}"). */
  brand: string;
  /** Base address of the platform API, used as the OpenAPI `servers` entry and by the request console. */
  apiBaseUrl: string;
  /** OpenAPI source the pipeline reads (YAML or JSON; relative paths resolve from the project root). */
  specSource: string;
  /** Where the pipeline writes the processed, bundled JSON document that the site is generated from. */
  processedSpec: string;
  /** Public URL of the site (used for feeds and canonical links). */
  siteUrl: string;
  /** Base path the site is served under. */
  baseUrl: string;
  /** True when the site is built from our own API description (OPENAPI_SOURCE not pointed elsewhere). */
  ownDocument: boolean;
  /**
   * Image sources of the Content-Security-Policy (PORTAL_IMG_SRC, space-separated); undefined means
   * the default: the site itself, data: URLs and the API's server origins.
   */
  imgSrc?: string[];
  /** Extra connect sources for the request console (PORTAL_CONNECT_SRC, space-separated). */
  connectSrc?: string[];
  /**
   * The mock server the request console offers first as "Mock server": PORTAL_MOCK_URL (a hosted
   * Prism), or with PORTAL_MOCK=1 the local one `npm start` runs beside the dev server
   * (http://127.0.0.1:MOCK_PORT, default 4010). Undefined: no mock is offered.
   */
  mockUrl?: string;
  /** The portal's CORS proxy (PORTAL_PROXY_URL, `npm run proxy`); undefined: requests go direct. */
  proxyUrl?: string;
}

export const projectRoot = __dirname;

function fromEnv(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

/** A space-separated list of CSP sources from the environment; undefined when unset. */
function sourceList(name: string): string[] | undefined {
  const value = process.env[name]?.trim();
  if (!value) return undefined;
  const sources = value.split(/\s+/);
  for (const s of sources) {
    if (/[;,'"]/.test(s) && !/^'(self|none)'$/.test(s)) {
      throw new Error(`portal.config.ts: ${name} must list CSP sources separated by spaces, got "${s}"`);
    }
  }
  return sources;
}

/** An absolute http(s) URL from the environment, without a trailing slash; undefined when unset. */
function urlFromEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`portal.config.ts: ${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new Error(`portal.config.ts: ${name} must be an http(s) URL without credentials, query or fragment, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** PORTAL_MOCK_URL, else the local mock of PORTAL_MOCK=1 (MOCK_PORT, default 4010). */
function mockUrlFromEnv(): string | undefined {
  const hosted = urlFromEnv('PORTAL_MOCK_URL');
  if (hosted) return hosted;
  if (process.env.PORTAL_MOCK?.trim() !== '1') return undefined;
  const port = process.env.MOCK_PORT?.trim() || '4010';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new Error(`portal.config.ts: MOCK_PORT must be a port number, got "${port}"`);
  return `http://127.0.0.1:${port}`;
}

function resolvePath(p: string): string {
  return path.isAbsolute(p) ? p : path.join(projectRoot, p);
}

export function loadPortalConfig(): PortalConfig {
  const apiBaseUrl = fromEnv('API_BASE_URL', 'https://api.rev.io/v1');
  try {
    new URL(apiBaseUrl);
  } catch {
    throw new Error(`portal.config.ts: API_BASE_URL must be an absolute URL, got "${apiBaseUrl}"`);
  }
  const baseUrl = fromEnv('PORTAL_BASE_URL', '/');
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    throw new Error(`portal.config.ts: PORTAL_BASE_URL must start and end with "/", got "${baseUrl}"`);
  }
  const defaultSource = resolvePath('openapi/source/openapi.yaml');
  const specSource = resolvePath(fromEnv('OPENAPI_SOURCE', defaultSource));
  return {
    brand: fromEnv('PORTAL_BRAND', 'Rev.io'),
    apiBaseUrl,
    specSource,
    processedSpec: resolvePath(fromEnv('OPENAPI_PROCESSED', 'openapi/processed/openapi.json')),
    siteUrl: fromEnv('PORTAL_URL', 'https://developers.rev.io'),
    baseUrl,
    ownDocument: specSource === defaultSource,
    imgSrc: sourceList('PORTAL_IMG_SRC'),
    connectSrc: sourceList('PORTAL_CONNECT_SRC'),
    mockUrl: mockUrlFromEnv(),
    proxyUrl: urlFromEnv('PORTAL_PROXY_URL'),
  };
}

export const portalConfig: PortalConfig = loadPortalConfig();
