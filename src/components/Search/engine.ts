/**
 * The search engine: loads indexes in the format written by @easyops-cn/docusaurus-search-local
 * (an array of {documents, index} — titles, headings, descriptions, keywords, contents — each a
 * serialised lunr index) and answers queries with ready-to-render hits. It runs in the search Web
 * Worker (./worker.ts); it has no DOM dependency, so unit tests run it in Node.
 *
 * Our own index (plugins/search-index) stores each sub-index in the compact form of
 * ./compact-index.ts; external indexes may be either form.
 *
 * Reused from the theme: the index format and its result ordering helpers (sortSearchResults puts
 * a page's headings/contents right after the page; processTreeStatusOfSearchResults sets the tree
 * connector flags). The query planning and snippets are ours (./query.ts, ./snippet.ts).
 */
import lunr from 'lunr';
import {sortSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults.js';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults.js';
import {isCompactIndex, loadCompactIndex, termPositions, type PipelineOptions} from './compact-index';
import {isStopWord, planQueries, tokenizeQuery, type PlannedQuery} from './query';
import {buildSnippet, escapeHtml, highlightTokens} from './snippet';
import {compareMatches, loadApiRecords, matchApi, stem, type ApiMatch, type ApiRecords} from './api-match';
import {correctQuery, Vocabulary} from './typo';
import {
  API_RECORDS_FORMAT,
  DocType,
  type ApiRecordDocument,
  type EngineOptions,
  type IndexLoadStatus,
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
}

/** Raw result before ordering; field names are those the theme's ordering helpers read. */
interface RawResult {
  document: SearchDocument;
  type: number;
  page: SearchDocument | undefined;
  metadata: lunr.MatchData['metadata'];
  compact: boolean;
  tokens: string[];
  score: number;
  /** The operation of the page (title results of API pages). */
  api?: {method: string; path: string};
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
}

export type FetchLike = (url: string) => Promise<{ok: boolean; status: number; json(): Promise<unknown>}>;

/**
 * Validate and load the JSON of a search index (sub-indexes in lunr's serialised form or in the
 * compact form); throws on anything unexpected.
 */
const isApiEntry = (entry: unknown) =>
  !!entry && typeof entry === 'object' && (entry as {index?: {format?: unknown}}).index?.format === API_RECORDS_FORMAT;

/** The API records of an index (its entry in the API_RECORDS_FORMAT), or null. */
export function parseApiEntry(json: unknown): ApiRecords | null {
  if (!Array.isArray(json)) return null;
  const entry = json.find(isApiEntry) as {documents?: unknown} | undefined;
  if (!entry || !Array.isArray(entry.documents)) return null;
  const docs = (entry.documents as ApiRecordDocument[]).filter(
    (d) => d && typeof d.i === 'number' && typeof d.t === 'string' && typeof d.u === 'string' && typeof d.m === 'string' && typeof d.a === 'string',
  );
  return loadApiRecords(docs);
}

export function parseSearchIndex(json: unknown, options: PipelineOptions): LoadedIndex[] {
  if (!Array.isArray(json)) throw new Error('the index is not an array');
  return json.filter((entry) => !isApiEntry(entry)).map((entry, type) => {
    if (!entry || typeof entry !== 'object' || !Array.isArray((entry as {documents?: unknown}).documents)) {
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
  });
}

export function emptySource(spec: IndexSourceSpec): LoadedSource {
  return {spec, indexes: [], pages: new Map(), api: null};
}

function sourceFrom(spec: IndexSourceSpec, indexes: LoadedIndex[], api: ApiRecords | null): LoadedSource {
  const pages = new Map<number, SearchDocument>();
  const titles = indexes.find((x) => x.type === DocType.Title);
  titles?.documents.forEach((doc) => pages.set(doc.i, doc));
  // A record whose page is not among the titles cannot be shown.
  if (api) api.records = api.records.filter((r) => pages.has(r.doc.i));
  return {spec, indexes, pages, api};
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
  options: PipelineOptions = {removeDefaultStopWordFilter: false},
): Promise<{source: LoadedSource; status: IndexLoadStatus}> {
  try {
    const response = await fetchImpl(spec.uri);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const json = await response.json();
    const source = sourceFrom(spec, parseSearchIndex(json, options), parseApiEntry(json));
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

/**
 * Cheap check before a lunr query: every exact term must be in the index's vocabulary and every
 * prefix must start some word of it. A required term that cannot match makes the whole query
 * empty, but lunr would still collect and score every document of the other terms first.
 */
function canMatch(loaded: LoadedIndex, plan: PlannedQuery): boolean {
  const {index} = loaded;
  for (const term of plan.terms) {
    if (term.editDistance) continue;
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
  if (!canMatch(loaded, plan)) return [];
  try {
    return loaded.index.query((q) => {
      for (const term of plan.terms) {
        q.term(term.value, {
          presence: lunr.Query.presence.REQUIRED,
          wildcard: term.wildcard,
          usePipeline: term.usePipeline,
          ...(term.editDistance ? {editDistance: term.editDistance} : {}),
        });
      }
    });
  } catch {
    // lunr rejects some odd terms (e.g. a lone "*"); such a query simply has no results.
    return [];
  }
}

/** Collect up to `limit` distinct documents, most precise query first, titles before contents. */
function collect(source: LoadedSource, plans: PlannedQuery[], limit: number): RawResult[] {
  const results: RawResult[] = [];
  const seen = new Set<string>();
  for (const plan of plans) {
    for (const loaded of source.indexes) {
      for (const match of runQuery(loaded, plan)) {
        if (seen.has(match.ref)) continue;
        const document = loaded.documents.get(match.ref);
        if (!document) continue;
        seen.add(match.ref);
        const record = loaded.type === DocType.Title ? source.api?.byId.get(document.i) : undefined;
        results.push({
          ...(record ? {api: {method: record.m, path: record.a}} : {}),
          document,
          type: loaded.type,
          page: loaded.type === DocType.Title || document.p === undefined ? undefined : source.pages.get(document.p),
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

function positionsOf(result: RawResult, field: string, options: PipelineOptions): MatchPosition[] {
  if (result.compact) return termPositions(result.document.t, new Set(Object.keys(result.metadata)), options);
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
  return {url: withHighlight(target.href.replace(/[?#].*$/, ''), hash, result.tokens, options.highlightSearchTermsOnTargetPage), external: true};
}

function toHit(result: RawResult, spec: IndexSourceSpec, options: EngineOptions): SearchHit | null {
  const target = hitUrl(result, spec, options);
  if (!target) return null;
  const {document, type, page, tokens} = result;
  const context = options.searchResultContextMaxLength;
  const titleLength = context * 2;
  const inTree = !!(result.isInterOfTree || result.isLastOfTree);
  const label = pageLabel(page, document, options.baseUrl);
  let titleHtml: string;
  let pathHtml: string;
  let pageTitle: string;
  if (type === DocType.Title) {
    titleHtml = buildSnippet(document.t, positionsOf(result, 't', options), tokens, titleLength);
    pathHtml = escapeHtml((document.b ?? []).join(' › '));
    pageTitle = document.t;
  } else if (type === DocType.Heading) {
    titleHtml = buildSnippet(document.t, positionsOf(result, 't', options), tokens, titleLength);
    pathHtml = inTree ? '' : highlightTokens(label, tokens);
    pageTitle = label;
  } else if (type === DocType.Keywords) {
    titleHtml = highlightTokens(document.s ?? document.t, tokens);
    pathHtml = inTree ? '' : highlightTokens(label, tokens);
    pageTitle = label;
  } else {
    titleHtml = buildSnippet(document.t, positionsOf(result, 't', options), tokens, context);
    const section = document.s && document.s !== label ? document.s : '';
    const parts = inTree ? [section] : [label, section];
    pathHtml = parts.filter(Boolean).map((p) => highlightTokens(p, tokens)).join(' › ');
    pageTitle = label;
  }
  return {
    id: `${spec.heading ?? ''}#${document.i}`,
    type,
    ...(result.api ? {api: result.api} : {}),
    url: target.url,
    external: target.external,
    titleHtml,
    pathHtml,
    pageTitle,
    tokens,
    isInterOfTree: !!result.isInterOfTree,
    isLastOfTree: !!result.isLastOfTree,
  };
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
  if (matches.length === 0) return lunrResults.slice(0, limit);
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
  const asResult = (m: ApiMatch): RawResult | null => {
    const record = source.api!.byId.get(m.id);
    const k = titleResult.get(m.id) ?? rank.get(m.id);
    // The page's own result (its title, else its best section: one line per page).
    if (k !== undefined) {
      const r = lunrResults[k]!;
      if (record && !r.api) r.api = {method: record.m, path: record.a};
      return r;
    }
    const document = source.pages.get(m.id);
    if (!document || !record) return null;
    const metadata = Object.fromEntries(tokens.map((t) => [stem(t), {}]));
    return {document, type: DocType.Title, page: undefined, metadata, compact: true, tokens, score: 0, api: {method: record.m, path: record.a}};
  };
  // Field and parameter names go first too when the query is written as a name ("due_date").
  const lastTier = parsed.isName ? 3 : 2;
  const promoted = matches.filter((m) => m.tier <= lastTier).slice(0, MAX_PROMOTED);
  const out: RawResult[] = [];
  const used = new Set<RawResult>();
  const push = (r: RawResult | null) => {
    if (r && !used.has(r)) {
      used.add(r);
      out.push(r);
    }
  };
  for (const m of promoted) push(asResult(m));
  for (const r of lunrResults) push(r);
  for (const m of matches) if (m.tier > lastTier && !rank.has(m.id)) push(asResult(m));
  return out.slice(0, limit);
}

export function searchSource(source: LoadedSource, plans: PlannedQuery[], limit: number, options: EngineOptions, query = ''): SearchHit[] {
  if (plans.length === 0 || source.indexes.length === 0 || limit <= 0) return [];
  const pool = source.api && query ? Math.min(limit + MAX_PROMOTED, limit * 3 + 20) : limit;
  const raw = source.api && query ? mergeApi(source, collect(source, plans, pool), query, plans[0]!.tokens, limit) : collect(source, plans, limit);
  sortSearchResults(raw);
  processTreeStatusOfSearchResults(raw);
  const hits: SearchHit[] = [];
  for (const r of raw) {
    const hit = toHit(r, source.spec, options);
    if (hit) hits.push(hit);
  }
  return hits;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Our site's index plus the external ones; `init` once, then `search` as often as needed. */
export class SearchEngine {
  private options: EngineOptions | null = null;
  private site: LoadedSource | null = null;
  private externals: LoadedSource[] = [];

  async init(request: InitRequest, fetchImpl: FetchLike): Promise<IndexLoadStatus[]> {
    this.options = request.options;
    const [site, ...externals] = await Promise.all([
      loadSource(request.site, fetchImpl, request.options),
      ...request.externals.map((spec) => loadSource(spec, fetchImpl, request.options)),
    ]);
    this.site = site!.source;
    // A failed external source is left out (its warning is reported); the others stay.
    this.externals = externals.filter((x) => x.status.ok).map((x) => x.source);
    return [site!.status, ...externals.map((x) => x.status)];
  }

  search(query: string, limit: number): SearchResponse {
    const started = now();
    const corrected = this.site ? correction(this.site, query, this.options) : null;
    if (corrected) {
      const answer = this.searchAs(corrected, limit);
      if (answer.sources.some((s) => s.hits.length > 0)) {
        return {...answer, query, correctedQuery: corrected, engineMs: now() - started};
      }
    }
    return {...this.searchAs(query, limit), query, engineMs: now() - started};
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
  if (!source.vocabulary) {
    const v = new Vocabulary();
    for (const loaded of source.indexes) for (const doc of loaded.documents.values()) v.addText(doc.t);
    if (source.api) for (const [word, count] of source.api.words) v.add(word, count);
    source.vocabulary = v;
  }
  return source.vocabulary;
}

/** A word finds something as it is: a stop word, a word of the index (or its stem), or, last, a prefix. */
function isKnownWord(source: LoadedSource, word: string, isLast: boolean, options: EngineOptions | null): boolean {
  if (!options?.removeDefaultStopWordFilter && isStopWord(word)) return true;
  const vocabulary = vocabularyOf(source);
  if (vocabulary.has(word)) return true;
  const stemmed = stem(word);
  if (source.indexes.some((x) => Object.prototype.hasOwnProperty.call(x.index.invertedIndex, stemmed))) return true;
  return isLast && vocabulary.hasPrefix(word);
}

/** The query with its unknown words corrected (./typo.ts), or null. */
export function correction(source: LoadedSource, query: string, options: EngineOptions | null): string | null {
  if (source.indexes.length === 0) return null;
  return correctQuery(query, vocabularyOf(source), (word, isLast) => isKnownWord(source, word, isLast, options));
}
