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
  };
}

export const portalConfig: PortalConfig = loadPortalConfig();
