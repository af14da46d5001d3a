/**
 * Whether `npm run build` bundles and renders in two processes (./cli.ts): for a large site, or as
 * PORTAL_SPLIT_BUILD says.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';

export const SPLIT_ENV = 'PORTAL_SPLIT_BUILD';

/**
 * From this many Markdown pages on (the API reference's operation pages are most of them), the
 * build runs in two processes. Below it, one process stays under 3 GB (GitHub Enterprise Cloud's
 * 1,765 pages: 2.56 GB), and the second start (loading the config and the site again: about 9 s of
 * wall time at 1,500 pages) is not worth it; Autotask's 3,358 pages reached 3.96 GB.
 */
export const SPLIT_MIN_PAGES = 2000;

export interface SplitDecision {
  split: boolean;
  /** Why, for the build log. */
  reason: string;
}

/** `PORTAL_SPLIT_BUILD`: 1 (always), 0 (never), or unset / `auto` (by page count). */
export function splitDecision(setting: string | undefined, pages: number): SplitDecision {
  const value = (setting ?? '').trim().toLowerCase();
  if (value === '1' || value === 'true') return {split: true, reason: `${SPLIT_ENV}=${setting}`};
  if (value === '0' || value === 'false') return {split: false, reason: `${SPLIT_ENV}=${setting}`};
  if (value !== '' && value !== 'auto') {
    throw new Error(
      `${SPLIT_ENV}=${JSON.stringify(setting)} is not a setting: use 1 (two processes), 0 (one) or auto (two from ${SPLIT_MIN_PAGES} pages on)`,
    );
  }
  return pages >= SPLIT_MIN_PAGES
    ? {split: true, reason: `${pages} pages (two processes from ${SPLIT_MIN_PAGES} on)`}
    : {split: false, reason: `${pages} pages (two processes from ${SPLIT_MIN_PAGES} on)`};
}

/** Markdown and MDX files under the given folders (those that do not exist count none). */
export function countPages(dirs: readonly string[]): number {
  let n = 0;
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, {withFileTypes: true});
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (/\.mdx?$/.test(e.name)) n++;
    }
  };
  dirs.forEach(walk);
  return n;
}
