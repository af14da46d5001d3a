/**
 * Page decisions, made once per document by the pipeline and written into the processed document:
 *
 * - every operation (under `paths`) and every webhook gets `x-portal-title` (its page title) and
 *   `x-portal-slug` (its page address, /docs/api/<slug>); `listOperations()` returns them and
 *   everything downstream (gen:api, site links, tests) uses them;
 * - `info['x-portal-slug']` is the overview page's slug;
 * - tags whose category slugs are equal (e.g. `Normal` and `normal`) become one category, spelled
 *   as first seen; a tag `parent` or `x-tagGroups` entry the navigation cannot follow (unknown
 *   parent, cycle: openapi/model/tags.ts) is reported;
 * - essentials the page generator needs and a foreign document may lack (`info.title`, `paths`)
 *   are filled in.
 *
 * Titles: summary, else operationId, else "METHOD /path" (a webhook: its event name).
 * Slugs: pageSlug (openapi/model/operations.ts: the words as a reader splits them, kebab-cased) of
 * operationId, else summary, else "METHOD /path", capped at MAX_SLUG_LENGTH characters with a stable
 * hash suffix when cut, made unique with -2, -3… in document order, never the overview's slug.
 * Every workaround is reported as a warning with the JSON pointer of the operation.
 */
import {createHash} from 'node:crypto';
import type {SpecProblem} from './errors';
import {overviewSlug, pageSlug} from '../model/operations';
import {categorySlug, readTags} from '../model/tags';
import {pathItemOperations} from '../model/methods';
import {localRefTokens, pointerOf} from '../model/pointer';
import {nodeAt} from '../model/refs';
import {apiPageRoute} from '../model/routes';
import {isObject} from '../model/document';

export const MAX_SLUG_LENGTH = 80;

/** Rule ids of the warnings this pass reports (foreign documents; our own lints clean of them). */
export const PAGE_RULES = {
  noTitle: 'no-operation-title',
  duplicateSlug: 'duplicate-page-slug',
  longSlug: 'long-page-slug',
  tagCase: 'duplicate-tag-slug',
  missingInfo: 'missing-info',
  missingPaths: 'missing-paths',
  emptySlug: 'empty-page-slug',
  undefinedScheme: 'undefined-security-scheme',
  tagHierarchy: 'tag-hierarchy',
} as const;

type Obj = Record<string, unknown>;

/** Short stable hash (8 decimal digits: pageSlug leaves "-12345678" as it is). */
function shortHash(text: string): string {
  const n = createHash('sha1').update(text).digest().readUInt32BE(0) % 100_000_000;
  return String(n).padStart(8, '0');
}

/** Caps a slug at `max` characters: cut at a word boundary when possible, plus a hash of the whole. */
export function capSlug(slug: string, max = MAX_SLUG_LENGTH): string {
  if (slug.length <= max) return slug;
  const suffix = `-${shortHash(slug)}`;
  let head = slug.slice(0, max - suffix.length);
  const lastDash = head.lastIndexOf('-');
  if (lastDash > head.length / 2) head = head.slice(0, lastDash);
  return `${head.replace(/-+$/, '')}${suffix}`;
}

/** A slug with a numeric suffix (-2, -3…), still within the length cap. */
function numbered(slug: string, n: number): string {
  const suffix = `-${n}`;
  // Slugs are kebab case (no two dashes in a row): the cut leaves at most one at its end.
  return `${slug.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-$/, '')}${suffix}`;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export interface PageEntry {
  kind: 'operation' | 'webhook';
  method: string;
  /** The path (operations) or the event name (webhooks). */
  path: string;
  pointer: string;
  op: Obj;
}

/** Operations under `paths`, then webhooks (`webhooks`, else `x-webhooks`), in document order. */
export function pageEntries(doc: unknown): PageEntry[] {
  const out: PageEntry[] = [];
  const d = isObject(doc) ? doc : {};
  const groups: [PageEntry['kind'], string, unknown][] = [['operation', 'paths', d.paths]];
  if (isObject(d.webhooks)) groups.push(['webhook', 'webhooks', d.webhooks]);
  else groups.push(['webhook', 'x-webhooks', d['x-webhooks']]);
  for (const [kind, key, items] of groups) {
    if (!isObject(items)) continue;
    for (const [p, item] of Object.entries(items)) {
      if (!isObject(item)) continue;
      // Only methods are operations (fixed fields and additionalOperations): path-level x-* keys,
      // parameters, servers… are not.
      for (const {method, operation: op, keys} of pathItemOperations(item)) {
        out.push({kind, method, path: p, pointer: pointerOf([key, p, ...keys]), op});
      }
    }
  }
  return out;
}

export interface PagesOptions {
  /** File the pointers refer to (shown in warnings). */
  file: string;
}

/**
 * Decides titles and slugs (see the file comment), writes them into `doc` and returns the
 * warnings for what it had to work around.
 */
export function assignPages(doc: Obj, options: PagesOptions): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const warn = (rule: string, pointer: string, message: string) =>
    problems.push({file: options.file, pointer, message, rule, severity: 'warn'});

  if (!isObject(doc.info)) {
    warn(PAGE_RULES.missingInfo, '#', 'the document has no info object; the overview page is titled "API reference".');
    doc.info = {};
  }
  const info = doc.info as Obj;
  if (!text(info.title)) {
    warn(PAGE_RULES.missingInfo, '#/info', 'info.title is missing; the overview page is titled "API reference".');
    info.title = 'API reference';
  }
  if (info.version === undefined) info.version = '';
  if (!isObject(doc.paths)) {
    if (doc.paths !== undefined) warn(PAGE_RULES.missingPaths, '#/paths', 'paths is not an object; it is ignored.');
    doc.paths = {};
  }

  const overview = overviewSlug(String(info.title)) || 'overview';
  info['x-portal-slug'] = overview;
  const used = new Map<string, string>([[overview, 'the overview page (from info.title)']]);

  // Tags: one category per category slug, spelled as first seen (declared tags first).
  const canonical = new Map<string, string>();
  const reportedTags = new Set<string>();
  if (Array.isArray(doc.tags)) {
    doc.tags = doc.tags.filter((tag: unknown, i: number) => {
      if (!isObject(tag) || typeof tag.name !== 'string') return true; // not a tag the pages use: left to the linter
      const key = categorySlug(tag.name) || tag.name;
      const first = canonical.get(key);
      if (first === undefined) {
        canonical.set(key, tag.name);
        return true;
      }
      reportedTags.add(tag.name);
      warn(
        PAGE_RULES.tagCase,
        `#/tags/${i}`,
        `tag ${JSON.stringify(tag.name)} has the same category address as ${JSON.stringify(first)}; both are one category, "${first}".`,
      );
      return false;
    });
  }

  // Security requirements naming a scheme the document does not define: the name is dropped.
  const schemes =
    isObject(doc.components) && isObject((doc.components as Obj).securitySchemes) ? ((doc.components as Obj).securitySchemes as Obj) : {};
  const cleanSecurity = (holder: Obj, pointer: string) => {
    if (!Array.isArray(holder.security)) return;
    const kept: unknown[] = [];
    holder.security.forEach((req: unknown, i: number) => {
      if (!isObject(req)) return;
      const names = Object.keys(req);
      const unknown = names.filter((n) => !Object.prototype.hasOwnProperty.call(schemes, n));
      for (const n of unknown) {
        warn(
          PAGE_RULES.undefinedScheme,
          `${pointer}/security/${i}`,
          `security scheme ${JSON.stringify(n)} is not defined in components.securitySchemes; it is left out.`,
        );
        delete req[n];
      }
      if (names.length === 0 || Object.keys(req).length > 0) kept.push(req);
    });
    holder.security = kept;
  };
  cleanSecurity(doc, '#');

  for (const entry of pageEntries(doc)) {
    const {op, method, path, pointer} = entry;
    cleanSecurity(op, pointer);
    const where =
      entry.kind === 'webhook' ? `webhook ${JSON.stringify(path)} (${method.toUpperCase()})` : `${method.toUpperCase()} ${path}`;
    const fallback = entry.kind === 'webhook' ? path : `${method.toUpperCase()} ${path}`;

    if (Array.isArray(op.tags)) {
      const tags: string[] = [];
      for (const t of op.tags) {
        if (typeof t !== 'string') continue;
        const key = categorySlug(t) || t;
        const first = canonical.get(key);
        if (first === undefined) canonical.set(key, t);
        else if (first !== t && !reportedTags.has(t)) {
          reportedTags.add(t);
          warn(
            PAGE_RULES.tagCase,
            `${pointer}/tags`,
            `tag ${JSON.stringify(t)} has the same category address as ${JSON.stringify(first)}; both are one category, "${first}".`,
          );
        }
        const name = first ?? t;
        if (!tags.includes(name)) tags.push(name);
      }
      op.tags = tags;
    }

    const summary = text(op.summary);
    const operationId = text(op.operationId);
    if (!summary && !operationId && entry.kind === 'operation') {
      warn(PAGE_RULES.noTitle, pointer, `${where} has neither a summary nor an operationId; its page is titled "${fallback}".`);
    }
    const title = (summary ?? operationId ?? fallback).trim();

    let slug = pageSlug(operationId ?? summary ?? fallback);
    if (!slug) {
      slug = pageSlug(fallback) || 'operation';
      warn(
        PAGE_RULES.emptySlug,
        pointer,
        `${where}: ${operationId ? 'operationId' : 'summary'} gives no page address (no letters or digits); the page is ${apiPageRoute(slug)}.`,
      );
    }
    if (slug.length > MAX_SLUG_LENGTH) {
      const capped = capSlug(slug);
      warn(PAGE_RULES.longSlug, pointer, `${where}: its page address would be ${slug.length} characters; shortened to "${capped}".`);
      slug = capped;
    }
    const first = used.get(slug);
    if (first !== undefined) {
      let n = 2;
      while (used.has(numbered(slug, n))) n++;
      const unique = numbered(slug, n);
      warn(PAGE_RULES.duplicateSlug, pointer, `${where}: page address "${slug}" is already used by ${first}; this page is "${unique}".`);
      slug = unique;
    }
    used.set(slug, where);
    op['x-portal-slug'] = slug;
    op['x-portal-title'] = title;
  }
  // Tag parents (3.2) and x-tagGroups the navigation cannot follow (openapi/model/tags.ts).
  const usedTags = pageEntries(doc).flatMap((e) => (Array.isArray(e.op.tags) ? (e.op.tags as string[]) : []));
  for (const p of readTags(doc, usedTags).problems) warn(PAGE_RULES.tagHierarchy, p.pointer, p.message);
  return problems;
}

/** "[spec] warning <rule> (4×): #/a, #/b, #/c, …": one line per rule, the first few pointers. */
export function summariseWarnings(problems: SpecProblem[], shown = 3): string[] {
  const byRule = new Map<string, SpecProblem[]>();
  for (const p of problems) {
    const list = byRule.get(p.rule) ?? [];
    list.push(p);
    byRule.set(p.rule, list);
  }
  return [...byRule].map(([rule, list]) => {
    const where = list.slice(0, shown).map((p) => p.pointer ?? (p.line !== undefined ? `${p.line}:${p.col ?? 1}` : '#'));
    const more = list.length > shown ? ', …' : '';
    const severity = list.some((p) => p.severity === 'error') ? 'error' : 'warning';
    return `[spec] ${severity} ${rule} (${list.length}×): ${where.join(', ')}${more}`;
  });
}

function resolvesLocally(doc: unknown, ref: string): boolean {
  if (!ref.startsWith('#')) return false;
  const keys = localRefTokens(ref);
  // "#name" is a plain-name fragment (a 3.1 `$anchor`), not a pointer: left as written.
  if (!keys) return true;
  return nodeAt(doc, keys) !== undefined;
}

/**
 * Replaces every `$ref` of the bundled document that does not resolve inside it by an empty schema
 * that says so (the linter has already reported it, with the source pointer). Returns how many.
 */
export function replaceUnresolvedRefs(doc: Obj): number {
  let count = 0;
  const fix = (value: unknown): unknown => {
    // Only objects have a `$ref` (a JSON array has no such key).
    const ref = (value as Obj | null | undefined)?.$ref;
    if (typeof ref === 'string') {
      if (!resolvesLocally(doc, ref)) {
        count++;
        return {description: `(unresolved reference ${ref})`, 'x-portal-unresolved': ref};
      }
    }
    walk(value);
    return value;
  };
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const obj = node as Obj; // an array too: its keys are its indices
    for (const key of Object.keys(obj)) obj[key] = fix(obj[key]);
  };
  walk(doc);
  return count;
}
