/**
 * Words of API identifiers: HTTP paths, operationIds, parameter and field names. Shared by the
 * index builder (plugins/search/api-records.ts) and the search worker (./api-match.ts), so
 * the record and the query are cut the same way. Plain code, no DOM or Node APIs.
 *
 * - `identifierWords("createCustomer")` → ["create", "customer"]; `"customer_id"` → ["customer",
 *   "id"]; `"HTTPStatus2xx"` → ["http", "status", "2xx"]; lower case.
 * - `pathWords("/customers/{customer_id}/ledger")` → ["customers", "customer_id", "customer", "id",
 *   "ledger"]: each segment whole (braces dropped) and its identifier words.
 * - `compactIdentifier("create-Customer")` → "createcustomer": the identifier without case and
 *   separators (operationIds compared whole).
 * - `pathShape("/customers/{id}/ledger/")` → "/customers/{}/ledger": the path with parameter names
 *   left out, lower case, without a trailing slash (paths compared whole).
 */

import {isHttpMethod as isMethodKey} from '../../../openapi/model/methods';

/**
 * Whether a word of a query is an HTTP method, in any case ("GET", "post"): one of the eight
 * methods every version has, or a method of the document's operations (`methods`, lower case:
 * OpenAPI 3.2's `query` and additionalOperations methods such as `purge`). "query" is an everyday
 * word in an API's prose, so it is a method only where the document has QUERY operations.
 */
export function isHttpMethod(word: string, methods?: ReadonlySet<string>): boolean {
  const w = word.toLowerCase();
  return (w !== 'query' && isMethodKey(w)) || (methods?.has(w) ?? false);
}

/** Whether a word is a method only some documents have (`query`, an additionalOperations method). */
export function isRareMethod(word: string): boolean {
  const w = word.toLowerCase();
  return w === 'query' || !isMethodKey(w);
}

/** Split an identifier on separators and case changes; lower case; empty parts dropped. */
export function identifierWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]/)
    .filter(Boolean);
}

/** A path segment or identifier kept whole: lower case, braces and outer punctuation dropped. */
export function wholeWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

/** Words of an HTTP path: every segment whole and split. */
export function pathWords(path: string): string[] {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    const whole = wholeWord(segment);
    if (!whole) continue;
    out.push(whole);
    for (const w of identifierWords(whole)) if (w !== whole) out.push(w);
  }
  return out;
}

/** Identifier words plus the identifier whole (when it has several words). */
export function nameWords(name: string): string[] {
  const whole = wholeWord(name);
  const parts = identifierWords(name);
  return whole && !parts.includes(whole) ? [whole, ...parts] : parts;
}

export function compactIdentifier(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A path with parameter names left out, for comparing paths whole. */
export function pathShape(path: string): string {
  const shaped = path
    .trim()
    .toLowerCase()
    .replace(/[?#].*/, '')
    .replace(/\{[^}]*\}|:[a-z_][a-z0-9_]*/g, '{}')
    .replace(/\/+$/, '');
  return shaped.startsWith('/') ? shaped : `/${shaped}`;
}

/** Does the text look like an HTTP path ("/customers", "customers/{id}")? */
export function looksLikePath(text: string): boolean {
  return text.startsWith('/') || /^[\w.-]+\/[\w{}/.:-]*$/.test(text);
}
