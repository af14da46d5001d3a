/**
 * The portal's own settings: one small typed module, read by docusaurus.config.ts, the OpenAPI
 * pipeline and the API page generator. Every value can be overridden with an environment variable
 * so the same source builds a portal for another brand, another API host or another OpenAPI document.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {operatorSourceProblem, policySource} from './plugins/csp/policy';
import {jsonMember} from './openapi/model/json-member';

export interface PortalConfig {
  /** Brand name shown in the tagline ("API Documentation for {brand}"). */
  brand: string;
  /**
   * Base address of the platform API for the current version, used as the OpenAPI `servers` entry
   * and by the request console: API_BASE_URL with the version's major as its last segment when it
   * ends with one (versionBaseUrl); older versions get theirs the same way.
   */
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
  /** The version the pages under /docs document (the OpenAPI source), e.g. "v2". */
  currentVersion: CurrentApiVersion;
  /**
   * Older versions documented beside the current one, each under its own prefix
   * (`/<id>/docs/api/...`); empty: one version, no switcher. PORTAL_API_VERSIONS overrides.
   */
  olderVersions: ApiVersion[];
}

export interface CurrentApiVersion {
  /** Short name shown in the version switcher ("v2"). */
  id: string;
  label: string;
  /** Route base of its docs: "/docs". */
  routeBasePath: string;
}

export interface ApiVersion extends CurrentApiVersion {
  /** The released description this version is built from (openapi/releases/<semver>.json). */
  source: string;
  /** Where the pipeline writes its processed document. */
  processedSpec: string;
  /** Folder of its generated docs (its pages in `api/`, its sidebar in `sidebars.json`). */
  docsDir: string;
  /** Id of its instance of plugin-content-docs. */
  pluginId: string;
}

export const projectRoot = __dirname;

function fromEnv(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

/**
 * A space-separated list of CSP sources from the environment (PORTAL_IMG_SRC, PORTAL_CONNECT_SRC);
 * undefined when unset. Each goes through the CSP plugin's check (plugins/csp/policy.ts), so none
 * can end a directive (";"), start another policy (",") or become an nginx variable ("$").
 */
function sourceList(name: string): string[] | undefined {
  const value = process.env[name]?.trim();
  if (!value) return undefined;
  const sources = value.split(/\s+/);
  for (const s of sources) {
    const problem = operatorSourceProblem(s);
    if (problem) throw new Error(`portal.config.ts: ${name}: ${problem}`);
  }
  return sources;
}

/**
 * An absolute http(s) URL from the environment, without a trailing slash; undefined when unset.
 * Its origin joins the Content-Security-Policy, so its host must be one policySource accepts.
 */
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
  const source = policySource(value);
  if ('refused' in source)
    throw new Error(`portal.config.ts: ${name} "${value}" cannot join the Content-Security-Policy: ${source.refused}`);
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

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/;
/** Version ids that would clash with the site's own top-level routes. */
const RESERVED_IDS = new Set(['docs', 'blog', 'search', 'api', 'openapi', 'assets', 'img', 'markdown-page', '404']);

/** `info.version` of the OpenAPI source's root file (YAML or JSON), or undefined. */
function sourceVersion(specSource: string): string | undefined {
  if (!existsSync(specSource)) return undefined;
  const text = readFileSync(specSource, 'utf8');
  // The root file's `info.version`, without parsing the whole document (every build process loads
  // this file): the JSON member, read up to it (openapi/model/json-member.ts), or the first
  // indented `version:` under `info:` (YAML).
  if (/^[\s\uFEFF]*\{/.test(text.slice(0, 256))) {
    try {
      const version = jsonMember(text, ['info', 'version']);
      if (typeof version === 'string') return version;
    } catch {
      // Not JSON after all (a YAML flow mapping, or malformed): read as YAML below.
    }
  }
  const yaml = /^info:\s*\n(?:[ \t]+.*\n|\s*\n)*?[ \t]+version:\s*['"]?([^'"\s#]+)/m.exec(text);
  return yaml?.[1];
}

function olderVersion(id: string, source: string, label = id): ApiVersion {
  return {
    id,
    label,
    routeBasePath: `/${id}/docs`,
    source,
    processedSpec: resolvePath(`openapi/processed/versions/${id}.json`),
    docsDir: resolvePath(`docs-versions/${id}`),
    // Plugin ids allow letters, digits, "_" and "-" only.
    pluginId: `api-${id.replace(/[^a-zA-Z0-9_-]/g, '_')}`,
  };
}

/**
 * PORTAL_API_VERSIONS: "none", or space/comma-separated `id=file` entries ("v1=openapi/releases/1.2.0.json").
 * Default for our own document: one version per major release older than the source's major
 * (openapi/releases/<semver>.json, the latest release of each).
 */
function loadVersions(current: CurrentApiVersion, currentMajor: number | undefined, ownDocument: boolean): ApiVersion[] {
  const setting = process.env.PORTAL_API_VERSIONS?.trim();
  let versions: ApiVersion[];
  if (setting) {
    if (setting === 'none') return [];
    versions = setting.split(/[\s,]+/).map((entry) => {
      const m = /^([^=]+)=(.+)$/.exec(entry);
      if (!m)
        throw new Error(
          `portal.config.ts: PORTAL_API_VERSIONS entries are "id=file" (e.g. "v1=openapi/releases/1.2.0.json"), got "${entry}"`,
        );
      const file = resolvePath(m[2]!);
      if (!existsSync(file)) throw new Error(`portal.config.ts: PORTAL_API_VERSIONS: "${m[1]}" points at ${file}, which does not exist`);
      return olderVersion(m[1]!, file);
    });
  } else {
    const dir = resolvePath('openapi/releases');
    if (!ownDocument || currentMajor === undefined || !existsSync(dir)) return [];
    const latest = new Map<number, {version: number[]; file: string}>();
    for (const name of readdirSync(dir)) {
      const m = SEMVER.exec(name.replace(/\.json$/, ''));
      if (!m || !name.endsWith('.json') || name.includes('-')) continue;
      const version = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (version[0]! >= currentMajor) continue;
      const best = latest.get(version[0]!);
      if (!best || version[1]! > best.version[1]! || (version[1] === best.version[1] && version[2]! > best.version[2]!)) {
        latest.set(version[0]!, {version, file: path.join(dir, name)});
      }
    }
    versions = [...latest.entries()].sort((a, b) => b[0] - a[0]).map(([major, {file}]) => olderVersion(`v${major}`, file));
  }
  const seen = new Set([current.id]);
  for (const v of versions) {
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(v.id) || RESERVED_IDS.has(v.id.toLowerCase())) {
      throw new Error(
        `portal.config.ts: PORTAL_API_VERSIONS: version id "${v.id}" must be a path segment (letters, digits, ".", "_", "-") other than ${[...RESERVED_IDS].join(', ')}`,
      );
    }
    if (seen.has(v.id))
      throw new Error(
        `portal.config.ts: API version id "${v.id}" is used twice (the current version is "${current.id}"; PORTAL_CURRENT_VERSION renames it)`,
      );
    seen.add(v.id);
    if (versions.some((w) => w.id !== v.id && w.pluginId === v.pluginId))
      throw new Error(
        `portal.config.ts: API version ids "${versions
          .filter((w) => w.pluginId === v.pluginId)
          .map((w) => w.id)
          .join('" and "')}" are too alike (use letters, digits and "-")`,
      );
  }
  return versions;
}

/**
 * The API base address of one documented version: when the configured address ends with a major
 * version ("/v2") and the version is named like one ("v1"), the segment follows the version
 * ("https://api.rev.io/v2" -> "https://api.rev.io/v1" for v1), so each version's pages, samples,
 * downloads and console use its own server. Any other address or name: the address as configured.
 */
export function versionBaseUrl(apiBaseUrl: string, id: string): string {
  const url = apiBaseUrl.replace(/\/+$/, '');
  return /^v\d+$/.test(id) && /\/v\d+$/.test(url) ? url.replace(/\/v\d+$/, `/${id}`) : url;
}

export function loadPortalConfig(): PortalConfig {
  const configuredBaseUrl = fromEnv('API_BASE_URL', 'https://api.rev.io/v2');
  try {
    new URL(configuredBaseUrl);
  } catch {
    throw new Error(`portal.config.ts: API_BASE_URL must be an absolute URL, got "${configuredBaseUrl}"`);
  }
  const baseUrl = fromEnv('PORTAL_BASE_URL', '/');
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    throw new Error(`portal.config.ts: PORTAL_BASE_URL must start and end with "/", got "${baseUrl}"`);
  }
  const defaultSource = resolvePath('openapi/source/openapi.yaml');
  const specSource = resolvePath(fromEnv('OPENAPI_SOURCE', defaultSource));
  const ownDocument = specSource === defaultSource;
  const major = SEMVER.exec(sourceVersion(specSource) ?? '')?.[1];
  const currentId = fromEnv('PORTAL_CURRENT_VERSION', major === undefined ? 'current' : `v${major}`);
  const currentVersion: CurrentApiVersion = {id: currentId, label: currentId, routeBasePath: '/docs'};
  const olderVersions = loadVersions(currentVersion, major === undefined ? undefined : Number(major), ownDocument);
  // Our document, or any documented with older versions beside it, is served per major version
  // (its URL's last segment); a single foreign document keeps API_BASE_URL as given.
  const apiBaseUrl = ownDocument || olderVersions.length ? versionBaseUrl(configuredBaseUrl, currentId) : configuredBaseUrl;
  return {
    brand: fromEnv('PORTAL_BRAND', 'Rev.io'),
    apiBaseUrl,
    specSource,
    processedSpec: resolvePath(fromEnv('OPENAPI_PROCESSED', 'openapi/processed/openapi.json')),
    siteUrl: fromEnv('PORTAL_URL', 'https://developers.rev.io'),
    baseUrl,
    ownDocument,
    imgSrc: sourceList('PORTAL_IMG_SRC'),
    connectSrc: sourceList('PORTAL_CONNECT_SRC'),
    mockUrl: mockUrlFromEnv(),
    proxyUrl: urlFromEnv('PORTAL_PROXY_URL'),
    currentVersion,
    olderVersions,
  };
}
