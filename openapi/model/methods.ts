/**
 * The operations of a path item: the one list of the project (pipeline, pages, changelog, search,
 * versions, samples and the mock read it).
 *
 * An operation's method is a string:
 * - a fixed field of the path item, lower case as the document writes it: the eight of OpenAPI
 *   3.0/3.1 and `query` (OpenAPI 3.2), in the specification's order;
 * - a key of the path item's `additionalOperations` map (OpenAPI 3.2), as the document writes it
 *   (`PURGE`, `COPY`, `LINK`): the specification says the key is the method "with the same
 *   capitalization that is to be sent in the request".
 * Pages show it upper-cased (`methodLabel`), and requests send it upper-cased.
 *
 * An `additionalOperations` key that names a fixed method in any case (`get`, `POST`, `Query`: the
 * specification forbids them, the fixed field is the place) or that is not an HTTP method token
 * (RFC 9110 `token`) is not an operation: the lint reports it (openapi/pipeline/checks.ts) and no
 * page, sample or mock route is made for it.
 */

import type {Operation, PathItem} from './document';

/** The fixed method fields of a path item, in the specification's order (`query`: OpenAPI 3.2). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

/** A fixed method field of a path item. */
export type FixedMethod = (typeof HTTP_METHODS)[number];

/**
 * An operation's method: a FixedMethod (lower case) or an `additionalOperations` key as written.
 * A plain string on purpose: code that handles methods must handle any token.
 */
export type HttpMethod = string;

/** The path item's field that holds the operations of other methods (OpenAPI 3.2). */
export const ADDITIONAL_OPERATIONS = 'additionalOperations';

const FIXED: ReadonlySet<string> = new Set(HTTP_METHODS);

/** Whether a path item's key is a fixed method field (lower case, as the document writes it). */
export function isHttpMethod(key: string): key is FixedMethod {
  return FIXED.has(key);
}

/** RFC 9110 `token`: the characters a method name may have. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Whether `word` may be an HTTP method: a token (RFC 9110 section 5.6.2). */
export function isMethodToken(word: string): boolean {
  return TOKEN.test(word);
}

/**
 * Why an `additionalOperations` key is not an operation, or undefined when it is one: it names a
 * fixed method (in any case), or it is not an HTTP token.
 */
export function additionalMethodProblem(key: string): string | undefined {
  if (FIXED.has(key.toLowerCase())) {
    return `"${key}" is a fixed method of the path item; write the operation under its \`${key.toLowerCase()}\` field, not under \`${ADDITIONAL_OPERATIONS}\``;
  }
  if (!isMethodToken(key)) return `"${key}" is not an HTTP method name (letters, digits and !#$%&'*+-.^_\`|~ only)`;
  return undefined;
}

/** The method as a page shows it and a request sends it: upper case. */
export function methodLabel(method: string): string {
  return method.toUpperCase();
}

/** One operation of a path item. */
export interface PathItemOperation {
  method: HttpMethod;
  /** The operation object (not checked beyond being an object). */
  operation: Record<string, unknown>;
  /** Keys from the path item to the operation: `['get']` or `['additionalOperations', 'PURGE']`. */
  keys: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys from a path item to the operation of `method` (see PathItemOperation.keys). */
export function operationKeys(method: HttpMethod): string[] {
  return isHttpMethod(method) ? [method] : [ADDITIONAL_OPERATIONS, method];
}

/**
 * The operations of a path item, in document order: its fixed method fields and, at the place of
 * `additionalOperations` among them, that map's valid entries in their order. Entries that are not
 * objects are skipped.
 */
export function pathItemOperations(item: unknown): PathItemOperation[] {
  if (!isRecord(item)) return [];
  const out: PathItemOperation[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (isHttpMethod(key)) {
      if (isRecord(value)) out.push({method: key, operation: value, keys: [key]});
    } else if (key === ADDITIONAL_OPERATIONS && isRecord(value)) {
      for (const [method, op] of Object.entries(value)) {
        if (isRecord(op) && additionalMethodProblem(method) === undefined) {
          out.push({method, operation: op, keys: [ADDITIONAL_OPERATIONS, method]});
        }
      }
    }
  }
  return out;
}

/** The operation of `method` in a path item (fixed field or `additionalOperations` entry), if any. */
export function operationAt(item: PathItem | undefined, method: HttpMethod): Operation | undefined;
export function operationAt(item: unknown, method: HttpMethod): Record<string, unknown> | undefined;
export function operationAt(item: unknown, method: HttpMethod): Record<string, unknown> | undefined {
  if (!isRecord(item)) return undefined;
  if (isHttpMethod(method)) return isRecord(item[method]) ? item[method] : undefined;
  if (additionalMethodProblem(method) !== undefined) return undefined;
  const extra = item[ADDITIONAL_OPERATIONS];
  const op = isRecord(extra) && Object.prototype.hasOwnProperty.call(extra, method) ? extra[method] : undefined;
  return isRecord(op) ? op : undefined;
}
