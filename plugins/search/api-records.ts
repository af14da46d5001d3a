/**
 * API records of the search index: one per operation of the processed OpenAPI document (the one
 * the reference pages are generated from), with what a developer types to find it: method and
 * path, operationId, tags, parameter names, the property names of its request and response bodies
 * (first level, through a top-level array's items and allOf/oneOf/anyOf) and the non-JSON media
 * types of its responses ("pdf"). Taken from the document, never scraped from the pages.
 *
 * Each record becomes a document of the index's API entry (see src/components/Search/types.ts,
 * ApiRecordDocument) with the id of its page's title document, so a match is that page.
 */
import {listOperations} from '../../openapi/model/operations';
import {operationAt} from '../../openapi/model/methods';
import {followRefs, refOf} from '../../openapi/model/refs';
import {API_RECORDS_FORMAT, type ApiRecordEntry, type SearchDocument} from '../../src/components/Search/types';

type Json = Record<string, unknown>;

/** Names kept per operation (parameters first, then request and response fields). */
export const MAX_NAMES_PER_OPERATION = 60;

/** A schema, through its references; undefined when they lead nowhere, out of the document or round in a circle. */
function resolve(doc: Json, value: unknown): Json | undefined {
  const node = followRefs(doc, value);
  return node && typeof node === 'object' && refOf(node) === undefined ? (node as Json) : undefined;
}

/** Property names of a schema's first level (through allOf/oneOf/anyOf and a top-level array). */
export function schemaPropertyNames(doc: Json, schema: unknown, seen = new Set<unknown>()): string[] {
  const s = resolve(doc, schema);
  if (!s || seen.has(s)) return [];
  seen.add(s);
  const names: string[] = [];
  const props = s.properties;
  if (props && typeof props === 'object') names.push(...Object.keys(props));
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) for (const sub of list) names.push(...schemaPropertyNames(doc, sub, seen));
  }
  if (s.type === 'array' || s.items) names.push(...schemaPropertyNames(doc, s.items, seen));
  return names;
}

/** Words of media types other than JSON ("application/pdf" → "pdf"). */
function mediaWords(content: unknown): string[] {
  if (!content || typeof content !== 'object') return [];
  return Object.keys(content)
    .filter((type) => !/json|\*/.test(type))
    .map((type) => type.split('/')[1]?.split(/[;+]/)[0] ?? '')
    .filter(Boolean);
}

function bodyNames(doc: Json, content: unknown): string[] {
  if (!content || typeof content !== 'object') return [];
  const names: string[] = [];
  for (const media of Object.values(content as Json)) names.push(...schemaPropertyNames(doc, (media as Json | undefined)?.schema));
  return names;
}

export interface OperationSearchRecord {
  method: string;
  path: string;
  operationId?: string;
  summary: string;
  tags: string[];
  slug?: string;
  /** Parameter names, body property names, media type words; distinct, in that order. */
  names: string[];
}

export function operationRecords(document: unknown): OperationSearchRecord[] {
  const doc = (document ?? {}) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  return listOperations(doc).map((op) => {
    const item = resolve(doc, paths[op.path]) ?? {};
    const operation = (operationAt(item, op.method) ?? {}) as Json;
    const names: string[] = [];
    for (const list of [item.parameters, operation.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const p of list) {
        const name = resolve(doc, p)?.name;
        if (typeof name === 'string') names.push(name);
      }
    }
    const body = resolve(doc, operation.requestBody);
    names.push(...bodyNames(doc, body?.content), ...mediaWords(body?.content));
    const responses = (operation.responses ?? {}) as Json;
    for (const [status, response] of Object.entries(responses)) {
      if (!/^2/.test(status)) continue;
      const r = resolve(doc, response);
      names.push(...bodyNames(doc, r?.content), ...mediaWords(r?.content));
    }
    return {
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: op.summary ?? op.operationId ?? `${op.method.toUpperCase()} ${op.path}`,
      tags: op.tags,
      slug: op.slug,
      names: [...new Set(names)].slice(0, MAX_NAMES_PER_OPERATION),
    };
  });
}

/**
 * The index's API entry: a record per operation whose page is among the indexed pages (matched by
 * its URL ending in /docs/api/{slug}), with that page's title document id. Its page's URL is not
 * repeated, nor its summary when that is the page's title (the engine takes them from the page).
 */
export function apiRecordDocuments(
  records: readonly OperationSearchRecord[],
  titles: readonly SearchDocument[],
  version?: string,
): ApiRecordEntry[] {
  const byPath = new Map<string, SearchDocument>();
  for (const t of titles) {
    const m = /\/docs\/api\/([^/?#]+)\/?$/.exec(t.u);
    if (m) byPath.set(m[1]!, t);
  }
  const out: ApiRecordEntry[] = [];
  for (const r of records) {
    const page = r.slug ? byPath.get(r.slug) : undefined;
    if (!page) continue;
    const doc: ApiRecordEntry = {i: page.i, ...(r.summary !== page.t ? {t: r.summary} : {}), m: r.method.toUpperCase(), a: r.path};
    if (r.operationId) doc.o = r.operationId;
    if (r.tags.length) doc.g = r.tags;
    if (r.names.length) doc.k = r.names.join(' ');
    if (version) doc.v = version;
    out.push(doc);
  }
  return out;
}

export function apiEntry(documents: ApiRecordEntry[]): {documents: ApiRecordEntry[]; index: {format: typeof API_RECORDS_FORMAT}} {
  return {documents, index: {format: API_RECORDS_FORMAT}};
}
