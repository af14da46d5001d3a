/**
 * The version switcher's page mapping: which page of another API version is "the same page".
 *
 * Build time (./plugin.ts) reduces each version's processed document to its page list
 * (`versionPages`); the switcher's menu (src/components/ApiVersionSwitcher) loads those lists
 * when it is first opened and calls `targetPath` for each version it offers:
 * - an operation page goes to the same operation in the other version: the same operationId, else
 *   the same method and path (webhooks: the same event);
 * - an operation the other version does not have goes to the category of its first tag there,
 *   else to that version's overview;
 * - a category index goes to the same category, else the overview; any other page (the overview,
 *   a page outside the reference) goes to the overview.
 *
 * Plain data and functions: the browser bundle imports this module (no Node APIs).
 */
import {categoryTarget, type VersionRoutes} from './notice';
import {apiPageRoute, categoryRoute} from '../../../openapi/model/routes';
import {operationAt} from '../../../openapi/model/methods';

/**
 * [slug, operationId ("" when none), "GET /path" or "webhook event", first tag's category slug
 * ("" when untagged), page title, operationId of its replacement when deprecated (`x-deprecated-by`, else "")]
 */
export type OperationEntry = [slug: string, operationId: string, endpoint: string, category: string, title: string, replacedBy: string];

/** A version's routes (base, overview, categories: ./notice.ts VersionRoutes) and its pages. */
export interface VersionPages extends VersionRoutes {
  id: string;
  label: string;
  /** info.version of its document ("2.0.0"). */
  release: string;
  operations: OperationEntry[];
}

/** Lower-case words joined by "-", as lodash's kebabCase (the category slugs of plugins/api-pages). */
export type KebabCase = (text: string) => string;

interface OperationRef {
  kind?: string;
  method: string;
  path: string;
  operationId?: string;
  slug?: string;
  title?: string;
  tags: string[];
}

/** `x-deprecated-by` of a deprecated operation of the document, else "". */
function replacedBy(doc: {paths?: unknown}, op: OperationRef): string {
  if (op.kind === 'webhook') return '';
  // The operation's own field, or its additionalOperations entry (OpenAPI 3.2).
  const raw = operationAt((doc.paths as Record<string, unknown> | undefined)?.[op.path], op.method) as
    {deprecated?: unknown; 'x-deprecated-by'?: unknown} | undefined;
  const by = raw?.deprecated ? raw['x-deprecated-by'] : undefined;
  return typeof by === 'string' ? by.trim() : '';
}

/** A version's page list from its processed document's operations (listOperations of the pipeline). */
export function versionPages(
  meta: {id: string; label: string; base: string},
  doc: {info?: {version?: unknown}; paths?: unknown},
  operations: readonly OperationRef[],
  overview: string,
  kebabCase: KebabCase,
): VersionPages {
  const categories: string[] = [];
  for (const op of operations) for (const tag of op.tags) if (!categories.includes(kebabCase(tag))) categories.push(kebabCase(tag));
  return {
    ...meta,
    release: typeof doc.info?.version === 'string' ? doc.info.version : '',
    overview,
    categories,
    operations: operations.map((op) => [
      op.slug ?? '',
      op.operationId ?? '',
      op.kind === 'webhook' ? `webhook ${op.path}` : `${op.method.toUpperCase()} ${op.path}`,
      op.tags[0] ? kebabCase(op.tags[0]) : '',
      op.title ?? op.operationId ?? op.path,
      replacedBy(doc, op),
    ]),
  };
}

/** The version whose docs a site path (without the base URL, e.g. "/v1/docs/api/x") belongs to; the first (current) otherwise. */
export {versionOfPath} from './version-of-path';

/** Where the switcher (and an older page's notice) takes a reader of a page in another version. */
export interface VersionTarget {
  /** Site path without the base URL. */
  to: string;
  /**
   * Set when the page is an operation the other version does not have: its title, and the title of
   * its replacement there (`x-deprecated-by` of the operation), to which `to` then leads.
   */
  missing?: {title: string; replacement?: string};
}

/**
 * Where the switcher takes a reader of `path` (in version `from`) in version `to`: the same
 * operation; else, for an operation `to` does not have, its replacement there (the operation
 * names it with `x-deprecated-by`), else its first tag's category, else the overview.
 */
export function versionTarget(path: string, from: VersionPages, to: VersionPages): VersionTarget {
  const overview = apiPageRoute(to.overview, to.base);
  const inFrom = path.replace(/\/+$/, '');
  if (!inFrom.startsWith(`${from.base}/`)) return {to: overview};
  const rest = inFrom.slice(from.base.length);
  const category = /^\/category\/api\/([^/]+)$/.exec(rest);
  if (category) return {to: categoryTarget(category[1]!, to)};
  const page = /^\/api\/([^/]+)$/.exec(rest);
  const op = page ? from.operations.find((o) => o[0] === page[1]) : undefined;
  if (!op) return {to: overview};
  const [, operationId, endpoint, tag, title = '', replaced = ''] = op;
  const same = (operationId && to.operations.find((o) => o[1] === operationId)) || to.operations.find((o) => o[2] === endpoint);
  if (same) return {to: apiPageRoute(same[0], to.base)};
  const replacement = replaced ? to.operations.find((o) => o[1] === replaced) : undefined;
  if (replacement) return {to: apiPageRoute(replacement[0], to.base), missing: {title, replacement: replacement[4]}};
  if (tag && to.categories.includes(tag)) return {to: categoryRoute(tag, to.base), missing: {title}};
  return {to: overview, missing: {title}};
}

/** The path of versionTarget. */
export function targetPath(path: string, from: VersionPages, to: VersionPages): string {
  return versionTarget(path, from, to).to;
}

/**
 * What a link to another version says about an operation that version does not have ("" when it
 * has it): removed (the other version is newer) or not yet there (older), and where the link goes.
 */
export function missingNote(target: VersionTarget, to: {label: string}, newer: boolean): string {
  const m = target.missing;
  if (!m) return '';
  const where = newer ? `was removed in ${to.label}` : `is not in ${to.label}`;
  if (m.replacement) return `${m.title} ${where}: use ${m.replacement} instead.`;
  return `${m.title} ${where}; this link opens ${targetName(target)} there.`;
}

/** What a link to another version opens: the replacement's title, "its category" or "the overview" ("" for the same page). */
export function targetName(target: VersionTarget): string {
  if (!target.missing) return '';
  return target.missing.replacement ?? (/\/category\/api\//.test(target.to) ? 'its category' : 'the overview');
}

/** What a category page needs of a version: its routes and, by page slug, each operation's endpoint. */
export interface VersionCategoryData extends VersionRoutes {
  id: string;
  label: string;
  /** [page slug, "GET /path" or "webhook event"]. */
  endpoints: [slug: string, endpoint: string][];
}
