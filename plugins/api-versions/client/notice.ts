/**
 * The notice at the top of every page of an older API version: which version the reader is in,
 * and a link to the same page in the latest one (where the version switcher would go:
 * ./mapping.ts versionTarget). Operation and overview pages carry it in their MDX (written by
 * gen:versions, ./generate.ts latestNotices), so only older pages load its component
 * (src/components/OlderVersionNotice); category pages make it from the page lists (./plugin.ts)
 * with olderCategoryNotice, which needs nothing of the mapping's code.
 */
import {apiPageRoute, categoryRoute} from '../../../openapi/model/routes';

/** What the routes of a version are made of (./mapping.ts VersionPages has them). */
export interface VersionRoutes {
  /** Docs route base without the site's base URL: "/docs", "/v1/docs". */
  base: string;
  /** Slug of the overview page (/<base>/api/<overview>). */
  overview: string;
  /** Category index slugs (/<base>/category/api/<slug>). */
  categories: readonly string[];
}

/** Where the category `slug` of one version leads in `to`: the same category when `to` has it, else its overview. */
export function categoryTarget(slug: string, to: VersionRoutes): string {
  return to.categories.includes(slug) ? categoryRoute(slug, to.base) : apiPageRoute(to.overview, to.base);
}

export interface OlderVersionNoticeProps {
  /** The older version's id and label ("v1"). */
  version: {id: string; label: string};
  /** The latest version's label ("v2"). */
  latest: string;
  /** The same page in the latest version: a site path without the base URL. */
  to: string;
  /** When the latest version removed the page's operation: a sentence saying so, naming its replacement. */
  note?: string;
  /** With the note: what the link opens (the replacement's title, "its category", "the overview"). */
  opens?: string;
}

/** The notice of the category page `slug` of `older`: the same category in `latest`, else its overview. */
export function olderCategoryNotice(
  slug: string,
  older: {id: string; label: string},
  latest: VersionRoutes & {label: string},
): OlderVersionNoticeProps {
  return {version: {id: older.id, label: older.label}, latest: latest.label, to: categoryTarget(slug, latest)};
}
