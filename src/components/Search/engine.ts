/**
 * The search engine: loads indexes in the format written by @easyops-cn/docusaurus-search-local
 * (an array of {documents, index} — titles, headings, descriptions, keywords, contents — each a
 * serialised lunr index) and answers queries with ready-to-render hits. It runs in the search Web
 * Worker (./worker.ts); it has no DOM dependency, so unit tests run it in Node.
 *
 * Our own index (plugins/search) stores each sub-index in the compact form of
 * ./compact-index.ts; external indexes may be either form.
 *
 * Reused from the theme: the index format. The query planning, the snippets and the grouping of
 * results by page (one row per page, its matching sections under it with tree connectors) are ours
 * (./query.ts, ./snippet.ts, ./group.ts).
 */
import lunr from 'lunr';
import {groupByPage, rowsOfGroups, type GroupedRow} from './group';
import {isCompactIndex, loadCompactIndex, termPositions, type PipelineOptions} from './compact-index';
import {isStopWord, planQueries, tokenizeQuery, type PlannedQuery} from './query';
import {buildSnippet, escapeHtml, highlightTokens} from './snippet';
import {compareMatches, loadApiRecords, matchApi, stem, type ApiMatch, type ApiRecords} from './api-match';
import {compactIdentifier} from './api-terms';
import {correctQuery, VERY_LITTLE_DOCUMENTS, Vocabulary, type WordStatus} from './typo';
import {
  API_RECORDS_FORMAT,
  DocType,
  type ApiRecordDocument,
  type ApiRecordEntry,
  type EngineOptions,
  INDEX_PART_FORMAT,
  type IndexLoadStatus,
  type IndexPartRef,
  type IndexSourceSpec,
  type InitRequest,
  type MatchPosition,
  type SearchDocument,
  type SearchHit,
  type SearchResponse,
  type SourceResults,
} from './types';

export const HIGHLIGHT_PARAM = '_highlight';
export const API_REFERENCE_LABEL = 'API Reference';

interface LoadedIndex {
  type: number;
  documents: Map<string, SearchDocument>;
  index: lunr.Index;
  /** Loaded from the compact form: match positions are not stored and are found on demand. */
  compact: boolean;
}

export interface LoadedSource {
  spec: IndexSourceSpec;
  indexes: LoadedIndex[];
  /** Page (title) documents by id. */
  pages: Map<number, SearchDocument>;
  /** The API records (our index's API entry), or null. */
  api: ApiRecords | null;
  /** Words of every document and API record (typo corrections), built on first need. */
  vocabulary?: Vocabulary;
  /** Parts of the index still to load (INDEX_PART_FORMAT entries), by their type. */
  parts: {type: number; uri: string}[];
  /** Requests of parts started with the index (IndexSourceSpec.prefetch), by URL. */
  prefetched?: Map<string, ReturnType<FetchLike>>;
}

/** A result of lunr (or an API match) before it is grouped by page and shown. */
interface RawResult {
  document: SearchDocument;
  type: number;
  page: SearchDocument | undefined;
  metadata: lunr.MatchData['metadata'];
  compact: boolean;
  tokens: string[];
  score: number;
}

export type FetchLike = (url: string) => Promise<{ok: boolean; status: number; json(): Promise<unknown>}>;

/**
 * Validate and load the JSON of a search index (sub-indexes in lunr's serialised form or in the
 * compact form); throws on anything unexpected.
 */
const isApiEntry = (entry: unknown) => (entry as {index?: {format?: unknown}} | null | undefined)?.index?.format === API_RECORDS_FORMAT;

/**
 * The API records of an index (its entry in the API_RECORDS_FORMAT), or null; a record's missing
 * summary and URL are its page title document's (`pages`, by id).
 */
export function parseApiEntry(json: unknown, pages: ReadonlyMap<number, SearchDocument> = new Map()): ApiRecords | null {
  if (!Array.isArray(json)) return null;
  const entry = json.find(isApiEntry) as {documents?: unknown} | undefined;
  if (!entry || !Array.isArray(entry.documents)) return null;
  // prettier-ignore
  // Stryker disable next-line ArrayDeclaration: an extra non-record first is left out by loadApiRecords (no method); the records' order numbers all move by one, and they are only compared with each other
  const docs: ApiRecordDocument[] = [];
  for (const raw of entry.documents as ApiRecordEntry[]) {
    // (A record without a method or a path is left out by loadApiRecords.)
    if (!raw || typeof raw.i !== 'number') continue;
    const page = pages.get(raw.i);
    const t = raw.t ?? page?.t;
    const u = raw.u ?? page?.u;
    if (typeof t === 'string' && typeof u === 'string') docs.push({...raw, t, u});
  }
  return loadApiRecords(docs);
}

const isPartRef = (index: unknown): index is IndexPartRef =>
  (index as {format?: unknown} | null | undefined)?.format === INDEX_PART_FORMAT && typeof (index as {uri?: unknown}).uri === 'string';

/** One {documents, index} entry of a given type, loaded (lunr's serialised form or the compact one). */
function parseEntry(entry: unknown, type: number, options: PipelineOptions): LoadedIndex {
  if (!Array.isArray((entry as {documents?: unknown} | null | undefined)?.documents)) {
    throw new Error(`entry ${type} has no documents`);
  }
  const {documents, index} = entry as {documents: SearchDocument[]; index: unknown};
  const byRef = new Map<string, SearchDocument>();
  const valid: SearchDocument[] = [];
  for (const doc of documents) {
    if (doc && typeof doc.i === 'number' && typeof doc.t === 'string' && typeof doc.u === 'string') {
      byRef.set(String(doc.i), doc);
      valid.push(doc);
    }
  }
  if (isCompactIndex(index)) {
    return {type, documents: byRef, index: loadCompactIndex(index, valid, options), compact: true};
  }
  return {type, documents: byRef, index: lunr.Index.load(index), compact: false};
}

/** The sub-indexes of an index file, and the parts it refers to (loaded later, see loadParts). */
export function parseSearchIndex(json: unknown, options: PipelineOptions): {indexes: LoadedIndex[]; parts: {type: number; uri: string}[]} {
  if (!Array.isArray(json)) throw new Error('the index is not an array');
  const indexes: LoadedIndex[] = [];
  const parts: {type: number; uri: string}[] = [];
  json
    .filter((entry) => !isApiEntry(entry))
    .forEach((entry, type) => {
      const index = (entry as {index?: unknown} | null)?.index;
      if (isPartRef(index)) parts.push({type, uri: index.uri});
      else indexes.push(parseEntry(entry, type, options));
    });
  return {indexes, parts};
}

export function emptySource(spec: IndexSourceSpec): LoadedSource {
  return {spec, indexes: [], pages: new Map(), api: null, parts: []};
}

function sourceFrom(spec: IndexSourceSpec, {indexes, parts}: ReturnType<typeof parseSearchIndex>, json: unknown): LoadedSource {
  const pages = new Map<number, SearchDocument>();
  // The titles are the first entry (never a part: loadSource refuses that before it gets here).
  const [titles] = indexes;
  titles?.documents.forEach((doc) => pages.set(doc.i, doc));
  const api = parseApiEntry(json, pages);
  // A record whose page is not among the titles cannot be shown.
  if (api) api.records = api.records.filter((r) => pages.has(r.doc.i));
  return {spec, indexes, pages, api, parts};
}

export function externalWarning(spec: IndexSourceSpec): string {
  return `Unable to fetch search index for ${spec.heading} from: ${spec.uri}`;
}

/**
 * Fetch and load one index. Never throws: a failure gives an empty source and a warning (the
 * exact specification wording for external sources).
 */
export async function loadSource(
  spec: IndexSourceSpec,
  fetchImpl: FetchLike,
  options: PipelineOptions,
): Promise<{source: LoadedSource; status: IndexLoadStatus}> {
  // Parts asked for at once go out with the index; loadParts takes them up when it gets there.
  const prefetched = new Map(
    (spec.prefetch ?? []).map((uri) => {
      const request = fetchImpl(uri);
      request.catch(() => undefined); // an unused or failed prefetch is not an error of its own
      return [uri, request] as const;
    }),
  );
  try {
    const response = await fetchImpl(spec.uri);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const json = await response.json();
    const parsed = parseSearchIndex(json, options);
    if (parsed.parts.some((p) => p.type === DocType.Title)) throw new Error('the page titles cannot be a separate part');
    const source = sourceFrom(spec, parsed, json);
    if (prefetched.size) source.prefetched = prefetched;
    const documents = source.indexes.reduce((n, x) => n + x.documents.size, 0);
    return {source, status: {heading: spec.heading, uri: spec.uri, ok: true, documents}};
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const warning =
      spec.heading === null
        ? `Unable to load the search index from ${spec.uri} (${reason}); searching an empty index.`
        : externalWarning(spec);
    return {source: emptySource(spec), status: {heading: spec.heading, uri: spec.uri, ok: false, warning, documents: 0}};
  }
}

/** A part's address: relative to its index's URL (which may itself be relative, as in Node tools). */
export function partUri(indexUri: string, part: string): string {
  try {
    return new URL(part, indexUri).href;
  } catch {
    return indexUri.replace(/[^/]*$/, '') + part;
  }
}

export function partWarning(uri: string, reason: string): string {
  return `Unable to load part of the search index from ${uri} (${reason}); searching without it.`;
}

/**
 * Load the parts a source refers to (one at a time, in order), each added to the source as soon as
 * it is in. Never throws: a part that cannot be fetched or parsed is left out with a warning, which
 * is returned.
 */
export async function loadParts(source: LoadedSource, fetchImpl: FetchLike, options: PipelineOptions): Promise<string[]> {
  const warnings: string[] = [];
  while (source.parts.length > 0) {
    const part = source.parts[0]!;
    const uri = partUri(source.spec.uri, part.uri);
    const started = source.prefetched?.get(uri);
    source.prefetched?.delete(uri);
    try {
      const response = await (started ?? fetchImpl(uri));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const json = await response.json();
      if (!Array.isArray(json) || json.length !== 1) throw new Error('a part is an array of one entry');
      const loaded = parseEntry(json[0], part.type, options);
      source.indexes = [...source.indexes, loaded].sort((a, b) => a.type - b.type);
      source.vocabulary = undefined;
    } catch (error) {
      warnings.push(partWarning(uri, error instanceof Error ? error.message : String(error)));
    }
    source.parts.shift();
  }
  return warnings;
}

/**
 * Cheap check before a lunr query: every exact term must be in the index's vocabulary and every
 * prefix must start some word of it. A required term that cannot match makes the whole query
 * empty, but lunr would still collect and score every document of the other terms first.
 */
function canMatch(loaded: LoadedIndex, plan: PlannedQuery): boolean {
  const {index} = loaded;
  for (const term of plan.terms) {
    if (term.wildcard === lunr.Query.wildcard.NONE) {
      const stems = term.usePipeline ? index.pipeline.runString(term.value) : [term.value];
      if (!stems.some((stem) => Object.prototype.hasOwnProperty.call(index.invertedIndex, stem))) return false;
    } else if (term.wildcard === lunr.Query.wildcard.TRAILING) {
      let node: lunr.TokenSetNode | undefined = index.tokenSet;
      for (const char of term.value) {
        node = node.edges[char];
        if (!node) return false;
      }
    }
  }
  return true;
}

function runQuery(loaded: LoadedIndex, plan: PlannedQuery): lunr.Result[] {
  try {
    return loaded.index.query((q) => {
      for (const term of plan.terms) {
        q.term(term.value, {
          presence: lunr.Query.presence.REQUIRED,
          wildcard: term.wildcard,
          usePipeline: term.usePipeline,
        });
      }
    });
  } catch {
    // lunr rejects some odd terms (e.g. a lone "*"); such a query simply has no results.
    // prettier-ignore
    // Stryker disable next-line ArrayDeclaration: an entry that is no lunr result has no ref among the documents, and collect skips it
    return [];
  }
}

/** Collect up to `limit` distinct documents, most precise query first, titles before contents. */
function collect(source: LoadedSource, plans: PlannedQuery[], limit: number): RawResult[] {
  const results: RawResult[] = [];
  const seen = new Set<string>();
  for (const plan of plans) {
    for (const loaded of source.indexes) {
      if (!canMatch(loaded, plan)) continue;
      for (const match of runQuery(loaded, plan)) {
        if (seen.has(match.ref)) continue;
        const document = loaded.documents.get(match.ref);
        if (!document) continue;
        seen.add(match.ref);
        results.push({
          document,
          type: loaded.type,
          // Its page (no document has the id -1; a title has no page of its own, and none is read).
          page: source.pages.get(document.p ?? -1),
          metadata: match.matchData.metadata,
          compact: loaded.compact,
          tokens: plan.tokens,
          score: match.score,
        });
        if (results.length >= limit) return results;
      }
    }
  }
  return results;
}

/**
 * Match positions of a result's text. `snippetLength`: the snippet built from them (buildSnippet)
 * ends at most that far after the first match, so later matches are not looked for.
 */
function positionsOf(result: RawResult, field: string, options: PipelineOptions, snippetLength = Infinity): MatchPosition[] {
  if (result.compact) return termPositions(result.document.t, new Set(Object.keys(result.metadata)), options, snippetLength);
  const out: MatchPosition[] = [];
  for (const fields of Object.values(result.metadata)) {
    const pos = fields[field]?.position;
    if (pos) out.push(...pos);
  }
  return out;
}

/** Page label of a hit: its page's title, or "API Reference" under /docs/api-reference/. */
export function pageLabel(page: SearchDocument | undefined, document: SearchDocument, baseUrl: string): string {
  if (page?.t) return page.t;
  const u = document.u;
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (u.startsWith(`${base}docs/api-reference/`) || u.startsWith('/docs/api-reference/')) return API_REFERENCE_LABEL;
  return '';
}

/** Path + `?_highlight=a&_highlight=b` + hash. */
export function withHighlight(url: string, hash: string | undefined, tokens: readonly string[], enabled: boolean): string {
  let out = url;
  if (enabled && tokens.length > 0) {
    const params = new URLSearchParams();
    for (const token of tokens) params.append(HIGHLIGHT_PARAM, token);
    out += (out.includes('?') ? '&' : '?') + params.toString();
  }
  return out + (hash ?? '');
}

/** Target of a hit, or null when the index holds a URL we must not follow. */
function hitUrl(result: RawResult, spec: IndexSourceSpec, options: EngineOptions): {url: string; external: boolean} | null {
  const {u, h} = result.document;
  const hash = h && h.startsWith('#') ? h : undefined;
  if (spec.heading === null) {
    if (!u.startsWith('/') || u.startsWith('//')) return null;
    return {url: withHighlight(u, hash, result.tokens, options.highlightSearchTermsOnTargetPage), external: false};
  }
  let target: URL;
  try {
    target = new URL(u, spec.uri);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  return {
    url: withHighlight(target.href.replace(/[?#].*/, ''), hash, result.tokens, options.highlightSearchTermsOnTargetPage),
    external: true,
  };
}

/** A result's text as a snippet of at most `length` characters around its first match. */
function snippetOf(result: RawResult, options: EngineOptions, length: number): string {
  return buildSnippet(result.document.t, positionsOf(result, 't', options, length), result.tokens, length);
}

/** The section a body text belongs to, when it is not the page itself ("" otherwise). */
const sectionOf = (result: RawResult, label: string) => (result.document.s && result.document.s !== label ? result.document.s : '');

/**
 * A row as the UI shows it (./group.ts): a page's row leads with the page title (the matching
 * section and its text as secondary lines when the title itself did not match); a section under
 * its page shows its heading (or its text when it has none of its own) and its text as snippet.
 */
function toHit(row: GroupedRow<RawResult>, source: LoadedSource, options: EngineOptions): SearchHit | null {
  const {result, text} = row;
  const target = hitUrl(result, source.spec, options);
  if (!target) return null;
  const {document, type, page, tokens} = result;
  const context = options.searchResultContextMaxLength;
  const titleLength = context * 2;
  const label = type === DocType.Title ? document.t : pageLabel(page, document, options.baseUrl);
  const isHeading = type === DocType.Heading;
  // (A heading shows its own text; the branches that show a section are not a heading's.)
  const section = sectionOf(result, label);
  let titleHtml: string;
  let pathHtml = '';
  // The body text shown under the row's main line.
  let snippet: RawResult | undefined = text;
  if (type === DocType.Title) {
    titleHtml = snippetOf(result, options, titleLength);
    pathHtml = escapeHtml((document.b ?? []).join(' › '));
  } else if (row.head && label) {
    // A section standing for its page: the page's title first, the section and its text below.
    titleHtml = highlightTokens(label, tokens);
    if (isHeading) pathHtml = snippetOf(result, options, titleLength);
    else {
      pathHtml = section ? highlightTokens(section, tokens) : escapeHtml((page?.b ?? []).join(' › '));
      snippet = result;
    }
  } else if (isHeading) {
    titleHtml = snippetOf(result, options, titleLength);
  } else if (section && !row.head) {
    // Under its page: the section's name, its text as the snippet.
    titleHtml = highlightTokens(section, tokens);
    snippet = result;
  } else {
    // The page's own text under it, or a text whose page has no title: the text itself.
    titleHtml = snippetOf(result, options, context);
    // Under its page this is the page's own text (no section, so nothing is shown).
    pathHtml = highlightTokens(section, tokens);
  }
  // A page's row of an API operation carries its method and path (whichever document brought it).
  const pageId = type === DocType.Title ? document.i : document.p;
  const record = row.head ? recordOf(source, pageId) : undefined;
  const api = record ? {method: record.m, path: record.a} : undefined;
  return {
    id: `${source.spec.heading ?? ''}#${document.i}`,
    // A page's row is the page, whichever of its documents brought it.
    type: row.head && label ? DocType.Title : type,
    ...(api ? {api} : {}),
    url: target.url,
    external: target.external,
    titleHtml,
    pathHtml,
    ...(snippet ? {snippetHtml: snippetOf(snippet, options, context)} : {}),
    pageTitle: label,
    tokens,
    isInterOfTree: row.isInterOfTree,
    isLastOfTree: row.isLastOfTree,
  };
}

/** The API record of a page, if it is an operation's. */
function recordOf(source: LoadedSource, pageId: number | undefined): ApiRecordDocument | undefined {
  // No record has the key undefined: a document without a page gets none.
  return source.api?.byId.get(pageId as number);
}

/** Most API matches put before lunr's answer (the rest keep lunr's order). */
const MAX_PROMOTED = 100;

/**
 * lunr's results with the operations the query names put first (./api-match.ts): tiers 0–2
 * (exact method + path or operationId; summary has every word; path, operationId or tag has
 * every word) before everything else, in that order; tier 3 (field and parameter names) too when
 * the query is written as a name (snake_case, camelCase), else it keeps lunr's place, and such
 * operations lunr did not find come after its results.
 */
function mergeApi(source: LoadedSource, lunrResults: RawResult[], query: string, fallbackTokens: string[], limit: number): RawResult[] {
  const {matches, parsed} = matchApi(source.api, query);
  // Where lunr first has each page (its title or any of its sections), and its title result.
  const rank = new Map<number, number>();
  const titleResult = new Map<number, number>();
  lunrResults.forEach((r, k) => {
    const page = r.type === DocType.Title ? r.document.i : r.document.p;
    if (page !== undefined && !rank.has(page)) rank.set(page, k);
    if (r.type === DocType.Title && !titleResult.has(r.document.i)) titleResult.set(r.document.i, k);
  });
  const rankOf = (id: number) => rank.get(id) ?? Infinity;
  matches.sort((a, b) => compareMatches(a, b, rankOf));
  const tokens = parsed.tokens.length ? parsed.tokens : fallbackTokens;
  // One result per operation: its page's own lunr result (its title, else its best section: one
  // line per page), else a title result of its own, made once.
  const made = new Map<number, RawResult>();
  const asResult = (m: ApiMatch): RawResult => {
    const k = titleResult.get(m.id) ?? rank.get(m.id);
    if (k !== undefined) return lunrResults[k]!;
    let r = made.get(m.id);
    if (!r) {
      // Every record has its page among the titles (sourceFrom leaves out the others).
      const document = source.pages.get(m.id)!;
      const metadata = Object.fromEntries(tokens.map((t) => [stem(t), {}]));
      r = {document, type: DocType.Title, page: undefined, metadata, compact: true, tokens, score: 0};
      made.set(m.id, r);
    }
    return r;
  };
  // Field and parameter names go first too when the query is written as a name ("due_date").
  const lastTier = parsed.isName ? 3 : 2;
  // In order, each result once (a Set keeps the first place): the promoted operations, lunr's
  // answer, then the other operations lunr did not find (those it found keep their place).
  const out = new Set<RawResult>();
  for (const m of matches.filter((m) => m.tier <= lastTier).slice(0, MAX_PROMOTED)) out.add(asResult(m));
  for (const r of lunrResults) out.add(r);
  for (const m of matches) out.add(asResult(m));
  return [...out].slice(0, limit);
}

/** Results looked at for `limit` rows: the rows merge a page's results, and the API matches come first. */
const poolFor = (limit: number) => Math.min(limit + MAX_PROMOTED, limit * 3 + 20);

/** The hits of one source: lunr's answer to `plans`, with the operations `query` names first (mergeApi). */
export function searchSource(
  source: LoadedSource,
  plans: PlannedQuery[],
  limit: number,
  options: EngineOptions,
  query: string,
): SearchHit[] {
  // (No index, or no room: collect and groupByPage answer nothing.)
  if (plans.length === 0) return [];
  const pool = poolFor(limit);
  // Without API records (or a query) mergeApi finds no match and keeps lunr's answer as it is.
  const ranked = mergeApi(source, collect(source, plans, pool), query, plans[0]!.tokens, pool);
  const hits: SearchHit[] = [];
  for (const row of rowsOfGroups(groupByPage(ranked, limit))) {
    const hit = toHit(row, source, options);
    if (hit) hits.push(hit);
  }
  return hits;
}

const now = () => performance.now();

/** Our site's index plus the external ones; `init` once, then `search` as often as needed. */
export class SearchEngine {
  private options: EngineOptions | null = null;
  private site: LoadedSource | null = null;
  private externals: LoadedSource[] = [];
  private completing: Promise<string[]> = Promise.resolve([]);

  /**
   * Loads every index (not their parts) and resolves with their statuses; the parts then load in
   * the background (`complete()`).
   */
  async init(request: InitRequest, fetchImpl: FetchLike): Promise<IndexLoadStatus[]> {
    this.options = request.options;
    const [site, ...externals] = await Promise.all([
      loadSource(request.site, fetchImpl, request.options),
      ...request.externals.map((spec) => loadSource(spec, fetchImpl, request.options)),
    ]);
    this.site = site!.source;
    // A failed external source is left out (its warning is reported); the others stay.
    this.externals = externals.filter((x) => x.status.ok).map((x) => x.source);
    const sources = [this.site, ...this.externals];
    this.completing = (async () => {
      const warnings: string[] = [];
      for (const source of sources) warnings.push(...(await loadParts(source, fetchImpl, request.options)));
      // The typo vocabulary of the whole index, now rather than in the first query that needs it.
      for (const source of sources) vocabularyOf(source);
      return warnings;
    })();
    return [site!.status, ...externals.map((x) => x.status)];
  }

  /** Resolves when every part of every index is loaded or left out, with the warnings of those left out. */
  complete(): Promise<string[]> {
    return this.completing;
  }

  search(query: string, limit: number): SearchResponse {
    const started = now();
    const partial = [this.site, ...this.externals].some((s) => !!s && s.parts.length > 0);
    const corrected = this.site && !partial ? correction(this.site, query, this.options) : null;
    if (corrected) {
      const answer = this.searchAs(corrected, limit);
      if (answer.sources.some((s) => s.hits.length > 0)) {
        return {...answer, query, correctedQuery: corrected, engineMs: now() - started};
      }
    }
    return {...this.searchAs(query, limit), query, engineMs: now() - started, ...(partial ? {partial} : {})};
  }

  private searchAs(query: string, limit: number): Omit<SearchResponse, 'engineMs'> {
    const options = this.options;
    const tokens = tokenizeQuery(query);
    const sources: SourceResults[] = [];
    if (options && this.site && tokens.length > 0) {
      const plans = planQueries(tokens, options);
      sources.push({heading: null, uri: null, hits: searchSource(this.site, plans, limit, options, query)});
      for (const ext of this.externals) {
        sources.push({heading: ext.spec.heading, uri: ext.spec.uri, hits: searchSource(ext, plans, limit, options, query)});
      }
    }
    return {query, tokens, sources};
  }
}

/** Every word of the source's documents and API records, with counts (built once, on first need). */
export function vocabularyOf(source: LoadedSource): Vocabulary {
  return (source.vocabulary ??= buildVocabulary(source));
}

function buildVocabulary(source: LoadedSource): Vocabulary {
  const v = new Vocabulary();
  for (const loaded of source.indexes) for (const doc of loaded.documents.values()) v.addText(doc.t);
  if (source.api) for (const [word, count] of source.api.words) v.add(word, count);
  return v;
}

/** How many documents of the source's indexes hold this (pipeline-processed) term. */
function documentsWithTerm(source: LoadedSource, term: string): {documents: number; inTitles: boolean} {
  let documents = 0;
  let inTitles = false;
  for (const loaded of source.indexes) {
    const posting = Object.prototype.hasOwnProperty.call(loaded.index.invertedIndex, term) ? loaded.index.invertedIndex[term] : undefined;
    const field = (posting as {t?: object} | undefined)?.t;
    if (!field) continue;
    const n = Object.keys(field).length;
    documents += n;
    if (n > 0 && loaded.type === DocType.Title) inTitles = true;
  }
  return {documents, inTitles};
}

/**
 * How a word does as it is (./typo.ts WordStatus): "known" when it is a stop word, or it is in
 * some page title or API record (an operationId or tag also written with separators:
 * "create_customer" is createCustomer, not a typo of "createcustomer"), or it finds more than VERY_LITTLE_DOCUMENTS documents, or it is
 * the last word and some longer word starts with it (still being typed); "weak" when it finds
 * 1–VERY_LITTLE_DOCUMENTS documents, none of them a title or an API record; else "unknown".
 */
export function wordStatus(source: LoadedSource, word: string, isLast: boolean, options: EngineOptions | null): WordStatus {
  if (!options?.removeDefaultStopWordFilter && isStopWord(word)) return 'known';
  const vocabulary = vocabularyOf(source);
  if (isLast && vocabulary.hasPrefix(word, true)) return 'known';
  if (source.api?.words.has(word) || source.api?.words.has(compactIdentifier(word))) return 'known';
  const {documents, inTitles} = documentsWithTerm(source, stem(word));
  if (inTitles || documents > VERY_LITTLE_DOCUMENTS) return 'known';
  if (documents > 0) return 'weak';
  return vocabulary.has(word) ? 'known' : 'unknown';
}

/** The query with its words that find nothing or very little corrected (./typo.ts), or null. */
export function correction(source: LoadedSource, query: string, options: EngineOptions | null): string | null {
  return correctQuery(query, vocabularyOf(source), (word, isLast) => wordStatus(source, word, isLast, options));
}
