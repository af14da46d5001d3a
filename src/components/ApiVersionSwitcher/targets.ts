/**
 * Loaded when the version switcher is first opened: every version's page list (written at build
 * time by plugins/api-versions/plugin.ts) and where each version's link goes from the current page.
 */
import pages from '@generated/portal-api-versions/default/pages.json';
import {targetPath, versionOfPath, type VersionPages} from '@site/plugins/api-versions/mapping';

export interface VersionTarget {
  id: string;
  label: string;
  release: string;
  /** Site path without the base URL. */
  to: string;
  active: boolean;
}

/** The link of each version for the page at `path` (without the base URL). */
export function versionTargets(path: string): VersionTarget[] {
  const versions = pages as VersionPages[];
  const from = versionOfPath(versions, path)!;
  return versions.map((v) => ({id: v.id, label: v.label, release: v.release, to: v === from ? path : targetPath(path, from, v), active: v === from}));
}
