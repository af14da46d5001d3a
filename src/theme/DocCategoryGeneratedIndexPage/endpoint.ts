/**
 * The method and path a category card shows for the page it links to, read from what
 * plugins/api-versions writes for the category pages of every API version
 * (`@generated/portal-api-versions/default/category-pages.json`). The sidebar carried them
 * before, and every docs page loads the sidebar; this module loads with the category pages only.
 */
import type {VersionCategoryData} from '@site/plugins/api-versions/client/mapping';
import {sitePath} from '@site/openapi/model/routes';

export interface CardEndpoint {
  /** Lower-case HTTP method, or "webhook". */
  method: string;
  /** The path, or a webhook's event name. */
  path: string;
}

/**
 * The endpoint of the operation page at `href` (a link as the sidebar gives it, with the site's
 * base URL), or undefined when `href` is no operation page of any version.
 */
export function cardEndpoint(
  href: string,
  baseUrl: string,
  versions: readonly Pick<VersionCategoryData, 'base' | 'endpoints'>[],
): CardEndpoint | undefined {
  const path = sitePath(href, baseUrl);
  if (path === undefined) return undefined;
  for (const version of versions) {
    const prefix = `${version.base}/api/`;
    if (!path.startsWith(prefix)) continue;
    const entry = version.endpoints.find((op) => op[0] === path.slice(prefix.length));
    if (!entry) continue;
    const space = entry[1].indexOf(' ');
    return {method: entry[1].slice(0, space).toLowerCase(), path: entry[1].slice(space + 1)};
  }
  return undefined;
}
