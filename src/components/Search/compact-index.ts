/**
 * The compact form of a search sub-index: the `index` field of each entry of our
 * search-index.json (the `documents` field is unchanged).
 *
 * A serialised lunr index (what @easyops-cn/docusaurus-search-local writes) stores, for every
 * document, the position of every word plus a vector of pre-computed scores: most of the file
 * (BENCHMARKS.md, "Measurements behind the code"). Both are derived data. The compact form keeps only what
 * lunr cannot recompute from the documents cheaply: for every indexed term (after lunr's pipeline:
 * trimmed, stop words removed, stemmed) the ids of the documents that contain it and how often.
 * The browser hands those counts back to a lunr.Builder and lets lunr compute its own field
 * lengths, scores and token set, so the loaded index answers queries exactly like the one
 * search-local would have serialised (tests/unit compare both). Match positions for snippets are
 * found again, for the few documents shown, by `termPositions`.
 *
 * Build time (plugins/search) calls `encodeCompactIndex`; the search worker calls
 * `loadCompactIndex`. This module is plain code without DOM or Node APIs.
 */
import lunr from 'lunr';
import type {MatchPosition, SearchDocument} from './types';

export const COMPACT_INDEX_FORMAT = 'lunr-postings-1';

export interface CompactIndex {
  format: typeof COMPACT_INDEX_FORMAT;
  /** lunr version whose pipeline produced the terms. */
  lunr: string;
  /** Indexed terms, sorted. */
  terms: string[];
  /**
   * One list per term: the ids of the documents containing it, each written as the difference to
   * the previous id (the first to 0), followed by the negated count when the term occurs more than
   * once in that document.
   */
  postings: number[][];
}

export interface PipelineOptions {
  /** Keep stop words in the index (the theme's `removeDefaultStopWordFilter: ['en']`). */
  removeDefaultStopWordFilter: boolean;
}

export function isCompactIndex(value: unknown): value is CompactIndex {
  const v = value as Partial<CompactIndex> | null;
  return !!v && typeof v === 'object' && v.format === COMPACT_INDEX_FORMAT && Array.isArray(v.terms) && Array.isArray(v.postings);
}

/** lunr's English builder, configured like the theme's server-side one (ref `i`, one field `t`). */
function englishBuilder(options: PipelineOptions): lunr.Builder {
  const builder = new lunr.Builder();
  builder.pipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);
  builder.searchPipeline.add(lunr.stemmer);
  if (options.removeDefaultStopWordFilter) builder.pipeline.remove(lunr.stopWordFilter);
  builder.ref('i');
  builder.field('t');
  builder.metadataWhitelist = [];
  return builder;
}

/** Index `documents` with lunr and keep the term counts only. */
export function encodeCompactIndex(documents: readonly SearchDocument[], options: PipelineOptions): CompactIndex {
  const builder = englishBuilder(options);
  const ids = documents.map((doc) => doc.i).sort((a, b) => a - b);
  for (let k = 1; k < ids.length; k++) {
    if (ids[k] === ids[k - 1]) throw new Error(`search index: two documents have the id ${ids[k]}`);
  }
  for (const doc of documents) builder.add({i: String(doc.i), t: doc.t});
  const counts = new Map<string, Map<number, number>>();
  for (const [fieldRef, frequencies] of Object.entries(builder.fieldTermFrequencies)) {
    const id = Number(fieldRef.slice(fieldRef.indexOf('/') + 1));
    for (const [term, tf] of Object.entries(frequencies)) {
      let perDoc = counts.get(term);
      if (!perDoc) counts.set(term, (perDoc = new Map()));
      perDoc.set(id, tf);
    }
  }
  const terms = [...counts.keys()].sort();
  const postings = terms.map((term) => {
    const list: number[] = [];
    let previous = 0;
    for (const [id, tf] of [...counts.get(term)!].sort((a, b) => a[0] - b[0])) {
      list.push(id - previous);
      if (tf > 1) list.push(-tf);
      previous = id;
    }
    return list;
  });
  return {format: COMPACT_INDEX_FORMAT, lunr: lunr.version, terms, postings};
}

/**
 * Rebuild a lunr index from its compact form and the documents it was made from (the documents
 * give the ids and the count lunr's scoring needs; their text is not re-read).
 */
export function loadCompactIndex(compact: CompactIndex, documents: readonly SearchDocument[], options: PipelineOptions): lunr.Index {
  if (compact.terms.length !== compact.postings.length) {
    throw new Error(`compact index: ${compact.terms.length} terms but ${compact.postings.length} posting lists`);
  }
  const builder = englishBuilder(options);
  const known = new Set<number>();
  for (const doc of documents) {
    const ref = String(doc.i);
    known.add(doc.i);
    builder._documents[ref] = {};
    builder.fieldTermFrequencies[`t/${ref}`] = Object.create(null) as Record<string, number>;
    builder.fieldLengths[`t/${ref}`] = 0;
  }
  builder.documentCount = documents.length;
  compact.terms.forEach((term, termIndex) => {
    const inField: Record<string, object> = Object.create(null);
    const list = compact.postings[termIndex]!;
    let id = 0;
    for (let k = 0; k < list.length; k++) {
      id += list[k]!;
      const next = list[k + 1];
      const tf = next !== undefined && next < 0 ? -next : 1;
      if (tf > 1) k++;
      if (!known.has(id)) throw new Error(`compact index: term "${term}" lists document ${id}, which is not among the documents`);
      const ref = String(id);
      inField[ref] = Object.create(null) as object;
      builder.fieldTermFrequencies[`t/${ref}`]![term] = tf;
      builder.fieldLengths[`t/${ref}`]! += tf;
    }
    builder.invertedIndex[term] = Object.assign(Object.create(null) as object, {_index: termIndex, t: inField});
  });
  builder.termIndex = compact.terms.length;
  return builder.build();
}

/** Per option set: lunr's index pipeline, and what it made of each word seen so far. */
const processors: ({pipeline: lunr.Pipeline; seen: Map<string, string | null>} | undefined)[] = [];

/** A word as lunr indexes it (trimmed, stop word filter, stemmer), or null when dropped. */
function processWord(word: string, options: PipelineOptions): string | null {
  const key = options.removeDefaultStopWordFilter ? 1 : 0;
  const processor = (processors[key] ??= {pipeline: englishBuilder(options).pipeline, seen: new Map()});
  let processed = processor.seen.get(word);
  if (processed === undefined) {
    const [token] = processor.pipeline.run([new lunr.Token(word, {})]);
    processed = token === undefined ? null : token.toString();
    if (processor.seen.size < 50_000) processor.seen.set(word, processed);
  }
  return processed;
}

/** lunr.tokenizer's split (lower case, runs of white space and hyphens), as [word, start, length]. */
function* words(text: string): Generator<[string, number, number]> {
  const lower = text.toLowerCase();
  const separator = /[\s-]+/g;
  let start = 0;
  for (let match = separator.exec(lower); ; match = separator.exec(lower)) {
    const end = match ? match.index : lower.length;
    if (end > start) yield [lower.slice(start, end), start, end - start];
    if (!match) return;
    start = match.index + match[0].length;
  }
}

/**
 * Where the given (pipeline-processed) terms occur in `text`: the positions lunr would have
 * stored — its tokenizer's split and its pipeline. With `within`, the scan stops `within`
 * characters after the first match (a snippet shows no more than that after it).
 */
export function termPositions(text: string, terms: ReadonlySet<string>, options: PipelineOptions, within = Infinity): MatchPosition[] {
  if (terms.size === 0 || !text) return [];
  // lunr's stemmer never changes the first letter of a trimmed word, so only words that start like
  // one of the terms need the pipeline.
  const firstLetters = new Set([...terms].map((term) => term.charAt(0)));
  const positions: MatchPosition[] = [];
  for (const [word, start, length] of words(text)) {
    if (positions.length > 0 && start >= positions[0]![0] + within) break;
    if (!firstLetters.has(word.replace(/^\W+/, '').charAt(0))) continue;
    const processed = processWord(word, options);
    if (processed !== null && terms.has(processed)) positions.push([start, length]);
  }
  return positions;
}
