/**
 * The changelog's data: what plugins/changelog computes from openapi/releases at gen:api time and
 * src/components/ApiChangelog renders (plus the feed and the operation pages' marks).
 */

/** How a change affects a client of the API. */
export type ChangeKind = 'breaking' | 'non-breaking' | 'documentation';

export interface Change {
  kind: ChangeKind;
  /** Something was deprecated (a non-breaking change). */
  deprecation?: boolean;
  /** One sentence; `code` in backticks. */
  text: string;
  /** JSON pointer of the change in the newer release (the older one for removals). */
  pointer: string;
  /** Something was removed: the pointer is in the older release. */
  removed?: boolean;
  /** api-smart-diff's own classification, kept for reference when ours differs. */
  library: string;
}

export interface OperationChanges {
  method: string;
  path: string;
  /** The operation's title (summary) in the newer release, or the older one when removed. */
  title: string;
  /** Page address of the operation in the current document (`/docs/api/<slug>`); absent when it no longer exists. */
  href?: string;
  status: 'added' | 'removed' | 'changed';
  /** Breaking first, then non-breaking, then documentation-only. */
  changes: Change[];
}

export interface ReleaseChanges {
  version: string;
  /** The release before it; absent for the first release. */
  previous?: string;
  /** `info['x-release-date']` of the release (YYYY-MM-DD), when given. */
  date?: string;
  /** Anchor of the release's section on the changelog page. */
  anchor: string;
  counts: Record<ChangeKind, number> & {deprecations: number};
  /** Operations with breaking changes first, then in document order. */
  operations: OperationChanges[];
  /** Changes not tied to one operation (servers, security schemes, tags, the overview). */
  general: Change[];
  /**
   * The guide for moving to this release's major version from the one before, on the first
   * release of a major when docs/guides has it: its route (`/docs/guides/migrating-v1-to-v2`) and
   * the link's words ("Migrating from v1 to v2").
   */
  migrationGuide?: {href: string; title: string};
}

/** The mark an operation page shows for the latest recent release that added or changed it. */
export interface ReleaseMark {
  kind: 'new' | 'changed';
  version: string;
  /** The release's section of the changelog page. */
  href: string;
}

export interface Changelog {
  /** Newest first. */
  releases: ReleaseChanges[];
  /** Site path of the page, e.g. /docs/api/changelog. */
  route: string;
  /** Site path of the RSS feed. */
  feed: string;
}
