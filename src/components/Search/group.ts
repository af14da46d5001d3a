/**
 * One row per page: the search results of a query (page titles, headings, body text; best first)
 * become page groups, each shown as the page's own row with the sections that matched under it
 * (the tree connectors of the specification: isInterOfTree / isLastOfTree).
 *
 * - A page's row leads with the page: its title result when the title matched, else its best
 *   section, which then stands for the page (shown with the page's title, the section and its
 *   text as the second line, and opening at that section).
 * - A heading and the body text of the same section are one row (the heading, with the text as
 *   its snippet); the page's own text (before its first heading, its description) is the snippet
 *   of the page's row when the title matched.
 * - At most `maxSections` sections under a page, at most `maxRows` rows in all (the page rows and
 *   their sections, as many as the search modal shows: specification section 9, 5 results).
 *
 * Pages are told apart by their URL (the page's address without the hash), which every document
 * of an index has, ours and external ones alike. Linear in the number of results.
 */
import {DocType, type SearchDocument} from './types';

/** What grouping reads of a result: its kind and its document. */
export interface Groupable {
  type: number;
  document: SearchDocument;
}

/** A section of a page: a heading or body text, with the body text of the same section merged in. */
export interface GroupedSection<T> {
  /** The section's anchor ("#x"; "" for the page's own text). */
  key: string;
  result: T;
  /** The section's body text when `result` is its heading. */
  text?: T;
}

export interface PageGroup<T> {
  /** The page's URL. */
  key: string;
  /** The page title result, when the title matched. */
  title?: T;
  /** The page's own text (intro, description), shown under the title. */
  titleText?: T;
  sections: GroupedSection<T>[];
}

/** A row as shown: a page (`head`) or one of its sections below it. */
export interface GroupedRow<T> {
  result: T;
  /** Body text shown as the row's snippet (a heading's section text, or the page's own text). */
  text?: T;
  /** The page's row (first of its group). */
  head: boolean;
  /** A page's row that stands for the page through one of its sections (the title did not match). */
  promoted: boolean;
  isInterOfTree: boolean;
  isLastOfTree: boolean;
}

/** Sections shown under a page at most. */
export const MAX_SECTIONS_PER_PAGE = 3;

const isHeading = (r: Groupable) => r.type === DocType.Heading;
const sectionKey = (r: Groupable) => r.document.h ?? '';
/** Rows a group takes: the page row (its title, or its first section standing for it) and the other sections. */
const rowsOf = (g: PageGroup<unknown>) => (g.title ? 1 : 0) + g.sections.length;
/** Sections under a group's page row (a group without its title has at least the section that stands for it). */
const childrenOf = (g: PageGroup<unknown>) => (g.title ? g.sections.length : g.sections.length - 1);

/** Put `r` into a section with the same anchor: a heading leads, body text becomes its snippet. */
function mergeInto<T extends Groupable>(section: GroupedSection<T>, r: T): void {
  if (isHeading(section.result) && !isHeading(r)) section.text ??= r;
  else if (!isHeading(section.result) && isHeading(r)) {
    section.text ??= section.result;
    section.result = r;
  }
  // Otherwise the same kind twice (a description and the intro text): the first is kept.
}

/** The group with its title result: the page's own text moves under the title, sections beyond the cap go. */
function withTitle<T extends Groupable>(g: PageGroup<T>, title: T, maxSections: number): PageGroup<T> {
  const own = g.sections.find((s) => s.key === '' && !isHeading(s.result));
  const sections = g.sections.filter((s) => s !== own).slice(0, maxSections);
  return {key: g.key, title, ...(own ? {titleText: own.result} : {}), sections};
}

/**
 * Results in rank order → page groups in the order of each page's best result, within `maxRows`
 * rows and `maxSections` sections per page. Results past the limits are left out.
 */
export function groupByPage<T extends Groupable>(
  ranked: readonly T[],
  maxRows: number,
  maxSections = MAX_SECTIONS_PER_PAGE,
): PageGroup<T>[] {
  const groups: PageGroup<T>[] = [];
  const byPage = new Map<string, number>();
  let rows = 0;
  for (const r of ranked) {
    const pageKey = r.document.u;
    const at = byPage.get(pageKey) ?? -1;
    const g = groups[at];
    if (!g) {
      if (rows >= maxRows) continue;
      byPage.set(pageKey, groups.length);
      groups.push(
        r.type === DocType.Title ? {key: pageKey, title: r, sections: []} : {key: pageKey, sections: [{key: sectionKey(r), result: r}]},
      );
      rows += 1;
      continue;
    }
    if (r.type === DocType.Title) {
      if (g.title) continue;
      // The title leads its page (the section that stood for the page goes under it).
      const next = withTitle(g, r, maxSections);
      // Ends at the latest with no section left: the title alone takes no more rows than g (>= 1).
      while (rows - rowsOf(g) + rowsOf(next) > maxRows) next.sections.pop();
      rows += rowsOf(next) - rowsOf(g);
      groups[at] = next;
      continue;
    }
    const key = sectionKey(r);
    if (key === '' && g.title && !isHeading(r)) {
      g.titleText ??= r;
      continue;
    }
    const same = g.sections.find((s) => s.key === key);
    if (same) {
      mergeInto(same, r);
      continue;
    }
    if (rows >= maxRows || childrenOf(g) >= maxSections) continue;
    g.sections.push({key, result: r});
    rows += 1;
  }
  return groups;
}

/** The rows of the groups, in order, with the tree flags of the sections under each page. */
export function rowsOfGroups<T>(groups: readonly PageGroup<T>[]): GroupedRow<T>[] {
  const rows: GroupedRow<T>[] = [];
  for (const g of groups) {
    const [first, ...rest] = g.sections;
    const head = g.title
      ? {result: g.title, text: g.titleText, promoted: false}
      : {result: first!.result, text: first!.text, promoted: true};
    const children = g.title ? g.sections : rest;
    rows.push({...head, head: true, isInterOfTree: false, isLastOfTree: false});
    children.forEach((s, k) => {
      const last = k === children.length - 1;
      rows.push({result: s.result, text: s.text, head: false, promoted: false, isInterOfTree: !last, isLastOfTree: last});
    });
  }
  return rows;
}
