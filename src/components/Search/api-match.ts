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
import {compactIdentifier, identifierWords, isHttpMethod, isRareMethod, looksLikePath, nameWords, pathShape, pathWords} from './api-terms';
import {isStopWord} from './query';
import {lowerBound} from './typo';
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
  /**
   * The records whose tier-3 words (`names`, which holds the summary and structure words too)
   * have a word, and a stem: a query's candidates are found here instead of testing every record.
   */
  byName: Map<string, LoadedRecord[]>;
  byNameStem: Map<string, LoadedRecord[]>;
  /** The keys of byName, sorted: the words that start with a prefix are one run of it. */
  nameList: string[];
  /** The records by compactIdentifier of their operationId. */
  byOperationId: Map<string, LoadedRecord[]>;
  /** The methods of the records, lower case (what a query's first word may name). */
  methods: Set<string>;
}

const stemCache = new Map<string, string>();
function stemAndKeep(word: string): string {
  const s = (lunr.stemmer as unknown as (t: lunr.Token) => lunr.Token)(new lunr.Token(word, {})).toString();
  // prettier-ignore
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the cache's size bound only limits memory; every answer is the stemmer's
  if (stemCache.size < 20_000) stemCache.set(word, s);
  return s;
}
export function stem(word: string): string {
  return stemCache.get(word) ?? stemAndKeep(word);
}

function wordSet(words: Iterable<string>): WordSet {
  const exact = new Set(words);
  return {exact, stems: new Set([...exact].map(stem))};
}

/** Plain-text words (summaries, tags): lower case, split on anything but letters and digits. */
export function textWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]/)
    .filter(Boolean);
}

export function loadApiRecords(documents: readonly ApiRecordDocument[]): ApiRecords {
  const records: LoadedRecord[] = [];
  const byId = new Map<number, ApiRecordDocument>();
  const words = new Map<string, number>();
  const byName = new Map<string, LoadedRecord[]>();
  const byNameStem = new Map<string, LoadedRecord[]>();
  const byOperationId = new Map<string, LoadedRecord[]>();
  const post = (map: Map<string, LoadedRecord[]>, key: string, record: LoadedRecord) => {
    const list = map.get(key);
    if (list) list.push(record);
    else map.set(key, [record]);
  };
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
    const record: LoadedRecord = {
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
    };
    records.push(record);
    for (const w of record.names.exact) post(byName, w, record);
    for (const w of record.names.stems) post(byNameStem, w, record);
    if (record.operationId) post(byOperationId, record.operationId, record);
  });
  const nameList = [...byName.keys()].sort();
  const methods = new Set(records.map((r) => r.method));
  return {records, byId, words, byName, byNameStem, nameList, byOperationId, methods};
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

/** `methods`: the index's methods (ApiRecords.methods), so "PURGE /x" reads PURGE as the method. */
export function parseApiQuery(query: string, methods?: ReadonlySet<string>): ApiQuery {
  const parts = query.match(/\S+/g) ?? [];
  let method: string | null = null;
  if (parts.length > 1 && isHttpMethod(parts[0]!, methods)) method = parts.shift()!.toLowerCase();
  const shape = parts.length === 1 && looksLikePath(parts[0]!) ? pathShape(parts[0]!) : null;
  const words: string[] = [];
  for (const part of parts) words.push(...(looksLikePath(part) ? pathWords(part) : nameWords(part)));
  const unique = [...new Set(words)];
  const required = unique.filter((w) => !isStopWord(w));
  const optional = unique.filter((w) => isStopWord(w));
  const lastPart = parts[parts.length - 1];
  return {
    method,
    shape,
    compact: compactIdentifier(query),
    compactWithoutMethod: compactIdentifier(parts.join('')),
    required,
    optional,
    lastIsPrefix: lastPart !== undefined && !/\s$/.test(query) && /^[a-z0-9]+$/i.test(lastPart) && identifierWords(lastPart).length === 1,
    tokens: [...(method ? [method] : []), ...unique],
    isName: parts.some((p) => !looksLikePath(p) && /[a-z0-9]_[a-z0-9]|[a-z][A-Z]/.test(p)),
  };
}

function hasPrefix(words: Iterable<string>, prefix: string): boolean {
  for (const w of words) if (w.startsWith(prefix)) return true;
  return false;
}

/** The last required word may match as the start of a record word. */
const prefixAllowed = (q: ApiQuery, k: number) => k === q.required.length - 1 && q.lastIsPrefix && q.required[k]!.length >= 3;

/** How many of the query's stop words and its method the record's summary has. */
function exactWords(record: LoadedRecord, q: ApiQuery): number {
  let exact = 0;
  for (const word of q.optional) if (record.summary.exact.has(word)) exact++;
  if (q.method && record.summary.exact.has(q.method)) exact++;
  return exact;
}

/**
 * Every required word in `set` (the last one possibly as a prefix of a record word): exactWords,
 * or -1. `stems` are the required words' stems.
 */
function allIn(set: WordSet, record: LoadedRecord, q: ApiQuery, stems: readonly string[]): number {
  for (let k = 0; k < q.required.length; k++) {
    const word = q.required[k]!;
    if (set.exact.has(word) || set.stems.has(stems[k]!)) continue;
    if (!(prefixAllowed(q, k) && hasPrefix(set.exact, word))) return -1;
  }
  return exactWords(record, q);
}

/**
 * The records that can be in tiers 1–3: every required word among their `names` (as a word, a
 * stem or, for the last one, the start of a word), exactly the records allIn(names) accepts. Tier 3
 * holds every word of tiers 1 and 2, so no other record can match them; a candidate not in tier 1
 * or 2 is in tier 3.
 */
function candidates(index: ApiRecords, q: ApiQuery, stems: readonly string[]): Set<LoadedRecord> {
  let result: Set<LoadedRecord> | null = null;
  for (let k = 0; k < q.required.length; k++) {
    const word = q.required[k]!;
    const found = new Set<LoadedRecord>();
    const add = (list: LoadedRecord[] | undefined) => {
      if (list) for (const r of list) if (!result || result.has(r)) found.add(r);
    };
    add(index.byName.get(word));
    add(index.byNameStem.get(stems[k]!));
    if (prefixAllowed(q, k)) {
      for (let i = lowerBound(index.nameList, word); i < index.nameList.length && index.nameList[i]!.startsWith(word); i++)
        add(index.byName.get(index.nameList[i]!));
    }
    result = found;
  }
  return result ?? new Set();
}

const matchOf = (r: LoadedRecord, tier: ApiTier, exactKind: number, exactWords: number): ApiMatch => ({
  id: r.doc.i,
  length: r.summaryLength,
  order: r.order,
  tier,
  exactKind,
  exactWords,
});

export function matchApi(index: ApiRecords | null, query: string): {matches: ApiMatch[]; parsed: ApiQuery} {
  const q = parseApiQuery(query, index?.methods);
  const matches: ApiMatch[] = [];
  if (!index) return {matches, parsed: q};
  const lone = q.method === null && q.required.length === 1 && !q.shape ? q.required[0]! : null;
  const onlyMethod = lone !== null && isHttpMethod(lone, index.methods);
  // A lone method few documents have ("query", "purge") names its operations (tier 1, as a
  // summary word would); a lone common method ("patch") is prose.
  const byMethod = onlyMethod && isRareMethod(lone) ? lone : null;
  const stems = q.required.map(stem);
  // The records worth a look: those with every word, those named by operationId, and all of them
  // for a path query (shapes are compared one by one).
  const wordMatches = q.required.length === 0 || onlyMethod ? new Set<LoadedRecord>() : candidates(index, q, stems);
  const named = new Set<LoadedRecord>();
  for (const key of [q.compact, q.compactWithoutMethod]) index.byOperationId.get(key)?.forEach((r) => named.add(r));
  for (const r of index.records) {
    if (byMethod !== null) {
      if (r.method === byMethod) matches.push(matchOf(r, 1, 0, 1));
      continue;
    }
    if (q.method && r.method !== q.method) continue;
    if (q.shape && q.shape === r.shape) {
      matches.push(matchOf(r, 0, q.method ? 0 : 1, q.required.length));
      continue;
    }
    if (named.has(r)) {
      matches.push(matchOf(r, 0, 2, q.required.length));
      continue;
    }
    if (!wordMatches.has(r)) continue;
    let exact = allIn(r.summary, r, q, stems);
    if (exact >= 0) {
      matches.push(matchOf(r, 1, 0, exact));
      continue;
    }
    exact = allIn(r.structure, r, q, stems);
    if (exact >= 0) {
      matches.push(matchOf(r, 2, 0, exact));
      continue;
    }
    // A candidate has every required word among its names.
    matches.push(matchOf(r, 3, 0, exactWords(r, q)));
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
