/**
 * Search is scoped to the API version being read (plugins/api-versions): the pages of an older
 * version (/<id>/docs/...) have their own index, /<id>/docs/search-index.json (that version's
 * reference plus the pages outside the reference); every other page searches the root index.
 */

/** The site's API versions (customFields.apiVersions): the current one first; empty with one version. */
export interface ApiVersionInfo {
  id: string;
  label: string;
  /** Docs route base without the base URL: "/docs", "/v1/docs". */
  base: string;
}

export interface SearchScope {
  /** The older version searched; null for the current one. */
  version: ApiVersionInfo | null;
  /** Folder of its index under the base URL: "" or "v1/docs/". */
  indexDir: string;
}

const CURRENT: SearchScope = {version: null, indexDir: ''};

function scopeOf(version: ApiVersionInfo | undefined): SearchScope {
  return version ? {version, indexDir: `${version.base.replace(/^\/+|\/+$/g, '')}/`} : CURRENT;
}

/** The scope of the page at `pathname` (with the base URL). */
export function scopeOfPath(versions: readonly ApiVersionInfo[] | undefined, pathname: string, baseUrl: string): SearchScope {
  const base = baseUrl.replace(/\/$/, '');
  const path = pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
  return scopeOf(versions?.find((v, i) => i > 0 && (path === v.base || path.startsWith(`${v.base}/`))));
}

/** The scope named by the search page's `?version=` (an older version's id; anything else: the current one). */
export function scopeOfId(versions: readonly ApiVersionInfo[] | undefined, id: string | null): SearchScope {
  return scopeOf(id ? versions?.find((v, i) => i > 0 && v.id === id) : undefined);
}
