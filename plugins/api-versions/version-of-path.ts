/**
 * The parts of the version mapping (./mapping.ts, loaded with the switcher's menu) that a page's
 * first load needs: which version a path is in (the switcher's button, the category pages'
 * older-version notice) and where a category leads in another version.
 */
import {apiPageRoute, categoryRoute} from '../../openapi/model/routes';

/** What the routes of a version are made of (./mapping.ts VersionPages has them). */
export interface VersionRoutes {
  /** Docs route base without the site's base URL: "/docs", "/v1/docs". */
  base: string;
  /** Slug of the overview page (/<base>/api/<overview>). */
  overview: string;
  /** Category index slugs (/<base>/category/api/<slug>). */
  categories: readonly string[];
}

/** The version whose docs a site path belongs to (the first, current one when none else). */
export function versionOfPath<V extends {base: string}>(versions: readonly V[], path: string): V | undefined {
  return versions.find((v, i) => i > 0 && (path === v.base || path.startsWith(`${v.base}/`))) ?? versions[0];
}

/** Where the category `slug` of one version leads in `to`: the same category when `to` has it, else its overview. */
export function categoryTarget(slug: string, to: VersionRoutes): string {
  return to.categories.includes(slug) ? categoryRoute(slug, to.base) : apiPageRoute(to.overview, to.base);
}
