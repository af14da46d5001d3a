/**
 * The addresses of the API reference's pages, the one place that builds them: site paths without
 * the base URL. `base` is the docs route base of an API version: "/docs" for the current one,
 * "/<id>/docs" for an older one (plugins/api-versions). Node-free: pages import it.
 */

/** The current version's docs route base. */
export const CURRENT_DOCS_BASE = '/docs';

/** An operation's, webhook's or the overview's page: "/docs/api/<slug>". */
export function apiPageRoute(slug: string, base: string = CURRENT_DOCS_BASE): string {
  return `${base}/api/${slug}`;
}

/** A category's index page, by its slug (the kebab-case tag): "/docs/category/api/<slug>". */
export function categoryRoute(slug: string, base: string = CURRENT_DOCS_BASE): string {
  return `${base}${categoryIndexSlug(slug)}`;
}

/** A category index's address inside its docs instance (the sidebar's generated-index `slug`). */
export function categoryIndexSlug(slug: string): string {
  return `/category/api/${slug}`;
}

/** A link or location of the site as a site path (without the base URL or a trailing slash); undefined outside the site. */
export function sitePath(href: string, baseUrl: string): string | undefined {
  const base = baseUrl.replace(/\/+$/, '');
  return href.startsWith(`${base}/`) ? href.slice(base.length).replace(/\/+$/, '') : undefined;
}

/**
 * The anchor of a parameter on its operation's page ("parameter-query-page_size"): the reference
 * sets it on the parameter's entry and links from guides land on it.
 */
export function parameterAnchor(location: string, name: string): string {
  return `parameter-${location}-${name.replace(/[^A-Za-z0-9_.-]+/g, '-')}`;
}

/** The anchor of a callback's operation on the page of the operation that registers it ("callback-meterAlert-post"). */
export function callbackAnchor(name: string, method: string): string {
  return `callback-${name.replace(/[^A-Za-z0-9_.-]+/g, '-')}-${method.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-')}`;
}

/** The anchor of a response on its operation's page ("response-404"). */
export function responseAnchor(status: string): string {
  return `response-${status}`;
}
