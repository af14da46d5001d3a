/**
 * The pages a document's operations get: the operation list in document order (operations, then
 * webhooks), each with its page title and slug, and the overview's slug. The page generator, the
 * search index, the changelog, the versions and the agent outputs read the document through it.
 * Node-free: pages and tools import it too.
 *
 * Slugs follow docusaurus-plugin-openapi-docs (lodash kebabCase of the operationId, else of the
 * summary); the pipeline decides each page's slug and title once and writes them into the
 * processed document (`x-portal-slug`, `x-portal-title`; openapi/pipeline/pages.ts), which this
 * list prefers.
 */
import kebabCase from 'lodash/kebabCase';
import {methodLabel, pathItemOperations, type HttpMethod} from './methods';

/** lodash kebabCase, as the page generator (docusaurus-plugin-openapi-docs) applies it. */
export function pageSlug(text: string): string {
  return kebabCase(text);
}

/**
 * Page slug of an operation as docusaurus-plugin-openapi-docs computes it: the kebab-cased
 * `operationId` when there is one, else the kebab-cased `summary`.
 */
export function operationSlug(op: {operationId?: unknown; summary?: unknown}): string {
  if (typeof op.operationId === 'string' && op.operationId !== '') return pageSlug(op.operationId);
  return typeof op.summary === 'string' ? pageSlug(op.summary) : '';
}

/** Slug of the overview page, as the plugin computes it from `info.title`. */
export function overviewSlug(title: string): string {
  return pageSlug(title.replace(' ', '-').toLowerCase());
}

export interface OperationRef {
  /** 'webhook' only with `{webhooks: true}`: then `path` is the event name. */
  kind: 'operation' | 'webhook';
  /** Lower case for a fixed field (`get`, `query`), an `additionalOperations` key as written (`PURGE`). */
  method: HttpMethod;
  path: string;
  operationId?: string;
  summary?: string;
  /** Page title: `x-portal-title` of the processed document, else summary ?? operationId ?? "METHOD /path". */
  title: string;
  tags: string[];
  /**
   * Page slug: `x-portal-slug` of the processed document (decided once by the pipeline, see
   * pages.ts), else computed as the plugin would (operationSlug); undefined when neither gives one.
   */
  slug?: string;
}

/** Slug of the overview page: the processed document's `info['x-portal-slug']`, else from info.title. */
export function documentOverviewSlug(doc: unknown): string {
  const info = (doc as {info?: Record<string, unknown>} | undefined)?.info;
  if (info && typeof info['x-portal-slug'] === 'string') return info['x-portal-slug'];
  return overviewSlug(String(info?.title ?? ''));
}

/**
 * Pages of a (bundled) document in document order: its operations under `paths` and, with
 * `{webhooks: true}`, then its webhooks (`webhooks`, else `x-webhooks`). The operations of a path
 * item are its fixed method fields and its `additionalOperations` (methods.ts pathItemOperations);
 * path-item `$ref`s are not followed.
 */
export function listOperations(doc: unknown, options: {webhooks?: boolean} = {}): OperationRef[] {
  const out: OperationRef[] = [];
  const d = (doc ?? {}) as Record<string, unknown>;
  const groups: [OperationRef['kind'], unknown][] = [['operation', d.paths]];
  if (options.webhooks) groups.push(['webhook', d.webhooks ?? d['x-webhooks']]);
  for (const [kind, items] of groups) {
    if (!items || typeof items !== 'object') continue;
    for (const [p, item] of Object.entries(items as Record<string, Record<string, unknown>>)) {
      if (!item || typeof item !== 'object') continue;
      // Document order of the path item's keys: fixed methods and additionalOperations (methods.ts).
      for (const {method, operation: op} of pathItemOperations(item)) {
        const operationId = typeof op.operationId === 'string' ? op.operationId : undefined;
        const summary = typeof op.summary === 'string' ? op.summary : undefined;
        const fallback = kind === 'webhook' ? p : `${methodLabel(method)} ${p}`;
        out.push({
          kind,
          method,
          path: p,
          operationId,
          summary,
          title: typeof op['x-portal-title'] === 'string' ? op['x-portal-title'] : summary || operationId || fallback,
          tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
          slug: typeof op['x-portal-slug'] === 'string' ? op['x-portal-slug'] : operationSlug(op) || undefined,
        });
      }
    }
  }
  return out;
}
