/**
 * Matching a query against the API records of the index (one per operation: method, path,
 * operationId, summary, tags, parameter and body field names; see ./types.ts ApiRecordDocument).
 * lunr answers prose; this decides which operations go before it. Each matching operation gets a
 * tier:
 *
 * - 0 (exact): the query is the operation's "METHOD /path", its path alone (parameter names may
 *   differ: "/customers/{id}" is "/customers/{customer_id}"), or its operationId (case and
 *   separators ignored: "createCustomer", "create_customer", "create customer");
 * - 1 (summary): every word of the query is a word of its summary (exact or same stem; English
 *   stop words may be missing; the last word may be unfinished, as a prefix);
 * - 2 (structure): every word is in its summary, the literal segments of its path, its operationId
 *   or its tags;
 * - 3 (names): every word is one of those or of its parameter and body field names.
 *
 * A leading HTTP method ("GET customers", "post /customers") keeps operations of that method only.
 * A query that is only a method ("patch") or only stop words matches no operation: it is prose.
 * Within a tier: more of the query's stop words and method in the summary first (they are left out
 * of the required words: "get invoices" prefers "Get invoices for a customer" to "Download
 * invoice"), then lunr's order, then shorter summaries.
 */
import lunr from 'lunr';
import {compactIdentifier, identifierWords, isHttpMethod, looksLikePath, nameWords, pathShape, pathWords} from './api-terms';
import {isStopWord} from './query';
import type {ApiRecordDocument} from './types';

export type ApiTier = 0 | 1 | 2 | 3;

export interface ApiMatch {
  /** The record's document id (= its page's title document). */
  id: number;
  tier: ApiTier;
  /** Kind of exact match within tier 0: 0 method + path, 1 path, 2 operationId. */
  exactKind: number;
  /** Words in the summary (fewer: closer match). */
  length: number;
  /** The query's stop words and method found in the summary ("get invoices" → Get invoices for a customer). */
  exactWords: number;
  order: number;
}

interface WordSet {
  exact: Set<string>;
  stems: Set<string>;
}

interface LoadedRecord {
  doc: ApiRecordDocument;
  order: number;
  method: string;
  shape: string;
  operationId: string;
  summaryLength: number;
  summary: WordSet;
  structure: WordSet;
  names: WordSet;
  /** Every word, for prefix matching of an unfinished last word. */
  all: string[];
}

export interface ApiRecords {
  records: LoadedRecord[];
  byId: Map<number, ApiRecordDocument>;
  /** Every word of the records with how many records have it (typo vocabulary). */
  words: Map<string, number>;
}

const stemCache = new Map<string, string>();
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = (lunr.stemmer as unknown as (t: lunr.Token) => lunr.Token)(new lunr.Token(word, {})).toString();
    if (stemCache.size < 20_000) stemCache.set(word, s);
  }
  return s;
}

function wordSet(words: Iterable<string>): WordSet {
  const exact = new Set(words);
  return {exact, stems: new Set([...exact].map(stem))};
}

/** Plain-text words (summaries, tags): lower case, split on anything but letters and digits. */
export function textWords(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

export function loadApiRecords(documents: readonly ApiRecordDocument[]): ApiRecords {
  const records: LoadedRecord[] = [];
  const byId = new Map<number, ApiRecordDocument>();
  const words = new Map<string, number>();
  documents.forEach((doc, order) => {
    if (typeof doc.m !== 'string' || typeof doc.a !== 'string') return;
    byId.set(doc.i, doc);
    const summaryWords = textWords(doc.t);
    const literalSegments = doc.a.split('/').filter((s) => s && !s.includes('{') && !s.startsWith(':'));
    const structure = [
      ...summaryWords,
      ...literalSegments.flatMap(pathWords),
      ...(doc.o ? [...nameWords(doc.o), compactIdentifier(doc.o)] : []),
      ...(doc.g ?? []).flatMap((t) => [...textWords(t), compactIdentifier(t)]),
    ];
    const names = [...structure, ...(doc.k ? doc.k.split(' ').flatMap(nameWords) : [])];
    const all = [...new Set([...names, ...pathWords(doc.a)])];
    for (const w of all) words.set(w, (words.get(w) ?? 0) + 1);
    records.push({
      doc,
      order,
      method: doc.m.toLowerCase(),
      shape: pathShape(doc.a),
      operationId: doc.o ? compactIdentifier(doc.o) : '',
      summaryLength: summaryWords.length,
      summary: wordSet(summaryWords),
      structure: wordSet(structure),
      names: wordSet(names),
      all,
    });
  });
  return {records, byId, words};
}

export interface ApiQuery {
  method: string | null;
  /** pathShape of the query when it is a single path (after the method). */
  shape: string | null;
  /** compactIdentifier of the whole query (after the method is kept too: "get customer"). */
  compact: string;
  compactWithoutMethod: string;
  /** Words every match needs (stop words left out). */
  required: string[];
  /** Stop words of the query (count for exactness when present). */
  optional: string[];
  /** The last word may be unfinished (no trailing space). */
  lastIsPrefix: boolean;
  /** Words to mark and to send as _highlight. */
  tokens: string[];
  /** Some word is written as an identifier (snake_case, camelCase): a field or parameter name. */
  isName: boolean;
}

export function parseApiQuery(query: string): ApiQuery {
  const parts = query.trim().split(/\s+/).filter(Boolean);
  let method: string | null = null;
  if (parts.length > 1 && isHttpMethod(parts[0]!)) method = parts.shift()!.toLowerCase();
  const shape = parts.length === 1 && looksLikePath(parts[0]!) ? pathShape(parts[0]!) : null;
  const words: string[] = [];
  for (const part of parts) words.push(...(looksLikePath(part) ? pathWords(part) : nameWords(part)));
  const unique = [...new Set(words)];
  const required = unique.filter((w) => !isStopWord(w));
  const optional = unique.filter((w) => isStopWord(w));
  const lastPart = parts[parts.length - 1] ?? '';
  return {
    method,
    shape,
    compact: compactIdentifier(query),
    compactWithoutMethod: compactIdentifier(parts.join('')),
    required,
    optional,
    lastIsPrefix: !/\s$/.test(query) && /^[a-z0-9]+$/i.test(lastPart) && identifierWords(lastPart).length === 1,
    tokens: [...(method ? [method] : []), ...unique],
    isName: parts.some((p) => !looksLikePath(p) && /[a-z0-9]_[a-z0-9]|[a-z][A-Z]/.test(p)),
  };
}

function has(set: WordSet, word: string): 0 | 1 | 2 {
  if (set.exact.has(word)) return 2;
  if (set.stems.has(stem(word))) return 1;
  return 0;
}

/** Every required word in `set` (the last one possibly as a prefix of a record word): how many stop words and method the summary has too, or -1. */
function allIn(set: WordSet, record: LoadedRecord, q: ApiQuery): number {
  let exact = 0;
  for (let k = 0; k < q.required.length; k++) {
    const word = q.required[k]!;
    const found = has(set, word);
    if (found === 0) {
      const isLast = k === q.required.length - 1;
      if (!(isLast && q.lastIsPrefix && word.length >= 3 && [...set.exact].some((w) => w.startsWith(word)))) return -1;
    }
  }
  for (const word of q.optional) if (record.summary.exact.has(word)) exact++;
  if (q.method && record.summary.exact.has(q.method)) exact++;
  return exact;
}

export function matchApi(index: ApiRecords | null, query: string): {matches: ApiMatch[]; parsed: ApiQuery} {
  const q = parseApiQuery(query);
  const matches: ApiMatch[] = [];
  if (!index || index.records.length === 0) return {matches, parsed: q};
  const onlyMethod = q.method === null && q.required.length === 1 && isHttpMethod(q.required[0]!) && !q.shape;
  for (const r of index.records) {
    if (q.method && r.method !== q.method) continue;
    const base = {id: r.doc.i, length: r.summaryLength, order: r.order};
    if (q.shape && q.shape === r.shape) {
      matches.push({...base, tier: 0, exactKind: q.method ? 0 : 1, exactWords: q.required.length});
      continue;
    }
    if (r.operationId && (q.compact === r.operationId || q.compactWithoutMethod === r.operationId) && q.compact.length > 0) {
      matches.push({...base, tier: 0, exactKind: 2, exactWords: q.required.length});
      continue;
    }
    if (q.required.length === 0 || onlyMethod) continue;
    let exact = allIn(r.summary, r, q);
    if (exact >= 0) {
      matches.push({...base, tier: 1, exactKind: 0, exactWords: exact});
      continue;
    }
    exact = allIn(r.structure, r, q);
    if (exact >= 0) {
      matches.push({...base, tier: 2, exactKind: 0, exactWords: exact});
      continue;
    }
    exact = allIn(r.names, r, q);
    if (exact >= 0) matches.push({...base, tier: 3, exactKind: 0, exactWords: exact});
  }
  return {matches, parsed: q};
}

/** Order of matches within the same tier; `rank` is the page's place in lunr's answer (or Infinity). */
export function compareMatches(a: ApiMatch, b: ApiMatch, rank: (id: number) => number): number {
  return (
    a.tier - b.tier ||
    a.exactKind - b.exactKind ||
    b.exactWords - a.exactWords ||
    rank(a.id) - rank(b.id) ||
    a.length - b.length ||
    a.order - b.order
  );
}
