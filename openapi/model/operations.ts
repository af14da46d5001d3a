/**
 * The pages a document's operations get: the operation list in document order (operations, then
 * webhooks), each with its page title and slug, and the overview's slug. The page generator, the
 * search index, the changelog, the versions and the agent outputs read the document through it.
 * Node-free: pages and tools import it too.
 *
 * Slugs are the operationId's words (else the summary's) in lower case joined by "-"
 * (pageSlug); the pipeline decides each page's slug and title once and writes them into the
 * processed document (`x-portal-slug`, `x-portal-title`; openapi/pipeline/pages.ts), which this
 * list prefers.
 */
import deburr from 'lodash/deburr';
import {HTTP_METHODS, methodLabel, pathItemOperations, type HttpMethod} from './methods';

/**
 * Upper-case runs that are a word of their own even when a lower-case word follows at once
 * ("POSTsubscribe"): the HTTP methods (methods.ts), and QUERY (OpenAPI 3.2).
 */
const WORD_RUNS: ReadonlySet<string> = new Set([...HTTP_METHODS, 'query'].map((m) => m.toUpperCase()));

type CharClass = 'upper' | 'lower' | 'digit';
const classOf = (c: string): CharClass => (/\p{Lu}/u.test(c) ? 'upper' : /\p{N}/u.test(c) ? 'digit' : 'lower');

/**
 * The words of an identifier or a sentence as a reader splits them: at every character that is not
 * a letter or a digit, and inside camelCase at each new capital ("getInvoices": get, Invoices).
 * An upper-case run is one word ("getHTTPResponse": get, HTTP, Response), also when lower case
 * follows an HTTP method ("Action_POSTsubscribe": Action, POST, subscribe) or a plural "s"
 * ("listIDs": list, IDs). Digits belong to the word they follow or lead into ("createCoreV1Pod":
 * create, Core, V1, Pod; "v1beta1"; "base64Encode": base64, Encode). Accents are dropped and
 * apostrophes removed, as lodash's kebabCase does ("Über", "don't": Uber, dont).
 */
export function slugWords(text: string): string[] {
  const out: string[] = [];
  for (const chunk of deburr(text)
    .replace(/['\u2019]/g, '')
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...chunk];
    const classes = chars.map(classOf);
    let start = 0;
    for (let i = 1; i < chars.length; i++) {
      const prev = classes[i - 1];
      const cur = classes[i];
      let split = false;
      if (cur === 'upper' && prev !== 'upper')
        split = true; // getInvoices, v1Pod
      else if (cur === 'lower' && prev === 'upper' && i - 1 > start) {
        // An upper-case run meets lower case: "HTTPResponse" ends the run before its last capital.
        const run = chars.slice(start, i).join('');
        const plural = chars[i] === 's' && (i + 1 === chars.length || classes[i + 1] !== 'lower');
        if (WORD_RUNS.has(run) || plural) {
          if (!plural) {
            out.push(run);
            start = i;
          }
          continue;
        }
        out.push(chars.slice(start, i - 1).join(''));
        start = i - 1;
        continue;
      }
      if (split) {
        out.push(chars.slice(start, i).join(''));
        start = i;
      }
    }
    out.push(chars.slice(start).join(''));
  }
  return out.filter(Boolean);
}

/** Page slug of a text: its words (slugWords) in lower case, joined by "-". */
export function pageSlug(text: string): string {
  return slugWords(text)
    .map((w) => w.toLowerCase())
    .join('-');
}

/** Page slug of an operation: of its `operationId` when there is one, else of its `summary`. */
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
