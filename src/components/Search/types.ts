/**
 * Shapes of the search index (the format of @easyops-cn/docusaurus-search-local, written for our
 * site by plugins/search with compact sub-indexes) and of the results our client produces.
 */

/** Index of a sub-index in search-index.json, i.e. the kind of document it holds. */
export const DocType = {
  Title: 0,
  Heading: 1,
  Description: 2,
  Keywords: 3,
  Content: 4,
} as const;
export type DocTypeValue = number;

/** A document of the index: i (id), t (text/title), u (url), h (hash anchor). */
export interface SearchDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  /** Parent page document id (headings and contents). */
  p?: number;
  /** Section title (contents, descriptions, keywords). */
  s?: string;
  /** Breadcrumbs (page titles). */
  b?: string[];
}

/** One entry of search-index.json as written by the theme. */
export interface SerializedIndexEntry {
  documents: SearchDocument[];
  index: unknown;
}

/** [start, length] of a matched term in a field. */
export type MatchPosition = [number, number];

/** A result sent to the UI: plain data, with HTML already escaped and marked. */
export interface SearchHit {
  /** Unique key within its source. */
  id: string;
  type: DocTypeValue;
  /** Target URL (path for our site, absolute URL for external sources), with _highlight and hash. */
  url: string;
  /** True when the URL is on another site (full navigation, not SPA). */
  external: boolean;
  /**
   * Main line, with <mark> around matched terms: a page's row shows the page title; a section under
   * its page its heading (or its text when it has no heading of its own).
   */
  titleHtml: string;
  /**
   * Second line, may be empty: a page's breadcrumbs; for a page found through one of its sections,
   * that section (./group.ts).
   */
  pathHtml: string;
  /** The matching body text (at most searchResultContextMaxLength characters, terms marked), if any. */
  snippetHtml?: string;
  /** Plain page title (for accessible names). */
  pageTitle: string;
  /** Matched terms (used for _highlight). */
  tokens: string[];
  /** The operation, when the hit is an API operation's page. */
  api?: {method: string; path: string};
  isInterOfTree: boolean;
  isLastOfTree: boolean;
}

export interface SourceResults {
  /** null for our own site; the configured heading for an external source. */
  heading: string | null;
  uri: string | null;
  hits: SearchHit[];
}

export interface SearchResponse {
  query: string;
  /** The query searched instead, when words of `query` found nothing and were corrected. */
  correctedQuery?: string;
  tokens: string[];
  sources: SourceResults[];
  /** Time spent in the engine (lunr queries + result building), in ms. */
  engineMs: number;
  /**
   * A part of an index (INDEX_PART_FORMAT) was still loading: the answer may change when it is in
   * (the client asks again then). No typo correction is tried on a partial index.
   */
  partial?: boolean;
}

export interface IndexLoadStatus {
  heading: string | null;
  uri: string;
  ok: boolean;
  /** Warning to log on the page when !ok. */
  warning?: string;
  documents: number;
}

export interface EngineOptions {
  removeDefaultStopWordFilter: boolean;
  searchResultContextMaxLength: number;
  highlightSearchTermsOnTargetPage: boolean;
  /** Site base URL, e.g. "/" (used for the "API Reference" fallback label). */
  baseUrl: string;
}

export interface IndexSourceSpec {
  heading: string | null;
  /** Absolute URL of the index. */
  uri: string;
  /**
   * Absolute URLs of parts of the index to fetch at once, beside the index rather than after it
   * (the search page, which waits for the whole answer; the modal answers from the index first and
   * leaves it the bandwidth).
   */
  prefetch?: string[];
}

/** The file our index's body text is moved to (plugins/search), beside search-index.json. */
export const CONTENT_PART_FILE = 'search-index-content.json';

export interface InitRequest {
  options: EngineOptions;
  site: IndexSourceSpec;
  externals: IndexSourceSpec[];
}

/**
 * The API entry of our search-index.json (after the five sub-indexes): one document per operation,
 * written by plugins/search/api-records.ts and matched by ./api-match.ts (not by lunr).
 * In the file, `t` (the summary) and `u` may be left out: they are then those of the page title
 * document with the same id (ApiRecordEntry), which the engine fills in when it loads the index.
 */
export const API_RECORDS_FORMAT = 'api-records-1';

export interface ApiRecordDocument extends SearchDocument {
  /** HTTP method, upper case. */
  m: string;
  /** Path as in the document, e.g. "/customers/{customer_id}/ledger". */
  a: string;
  /** operationId. */
  o?: string;
  /** Tags. */
  g?: string[];
  /** Parameter and body property names (and non-JSON media types), space-separated. */
  k?: string;
  /** The API version the operation belongs to ("v2"; each version's pages have their own index). */
  v?: string;
}

/**
 * An entry of search-index.json whose documents live in another file, loaded after the index
 * itself (plugins/search writes the body text of pages there: the modal can answer from
 * titles, headings and API records first). `uri` is relative to the index's own URL; that file is
 * an array with one entry, `{documents, index}`, as in search-index.json.
 */
export const INDEX_PART_FORMAT = 'index-part-1';

export interface IndexPartRef {
  format: typeof INDEX_PART_FORMAT;
  uri: string;
  /** Documents in the part (informative). */
  documents: number;
}

/** An API record as stored: the page title's text and URL are not repeated. */
export type ApiRecordEntry = Omit<ApiRecordDocument, 't' | 'u'> & {t?: string; u?: string};
