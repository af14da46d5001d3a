/**
 * Site search configuration.
 *
 * `searchOptions` are the options of the local search theme (@easyops-cn/docusaurus-search-local),
 * whose server side builds `search-index.json` from the built HTML. Its browser client is replaced
 * by our own (src/theme/SearchBar, src/theme/SearchPage, src/components/Search), which reads
 * `searchClientConfig` below. Constants of the product specification (section 9): 5 results,
 * context length 50, stop-word filter kept, no index hash, highlighted terms on the target page.
 *
 * This module is imported by docusaurus.config.ts (Node) and by the browser bundle: keep it plain
 * data, without Node APIs.
 */
export const searchOptions = {
  hashed: false,
  indexDocs: true,
  indexBlog: true,
  indexPages: true,
  docsRouteBasePath: '/docs',
  blogRouteBasePath: '/blog',
  language: ['en'],
  removeDefaultStopWordFilter: false,
  searchResultLimits: 5,
  searchResultContextMaxLength: 50,
  highlightSearchTermsOnTargetPage: true,
  explicitSearchResultPath: true,
  // Parts of API pages marked `search-skip` (schema details, enums, constraints, examples) stay out
  // of the index: they repeat across operations and would multiply its size.
  ignoreCssSelectors: ['.search-skip'],
  searchBarShortcut: true,
  searchBarShortcutHint: true,
  searchBarShortcutKeymap: 'mod+k',
} as const;

/** Another site's search index (same format as ours), shown under its own heading. */
export interface ExternalSearchSource {
  /** Heading of the result group, e.g. "SDK documentation". */
  heading: string;
  /** Absolute (or site-relative) URL of that site's search-index.json. */
  uri: string;
}

/** The labels of the search UI; `{{ keyword }}` and `{{ count }}` are replaced. */
export interface SearchTranslations {
  search_placeholder: string;
  see_all_results: string;
  no_results: string;
  search_results_for: string;
  search_the_documentation: string;
  count_documents_found_plural: string;
  count_documents_found: string;
  no_documents_were_found: string;
  empty_query: string;
}

export interface SearchClientConfig {
  /** Cache-busting value sent as `?_=` with the index request; null sends none. */
  indexHash: string | null;
  removeDefaultStopWordFilter: boolean;
  /** Results per query in the search modal (per source). */
  searchResultLimits: number;
  /** Results on the search page (per source). */
  searchPageResultLimits: number;
  /** Maximum length of a result's text snippet, in characters. */
  searchResultContextMaxLength: number;
  highlightSearchTermsOnTargetPage: boolean;
  /** Extra indexes of other sites (default: none). */
  externalSearchSources: ExternalSearchSource[];
  translations: SearchTranslations;
}

/** External indexes searched next to ours. Add entries here, e.g. {heading: 'SDK docs', uri: 'https://sdk.example.com/search-index.json'}. */
export const externalSearchSources: ExternalSearchSource[] = [];

export const searchTranslations: SearchTranslations = {
  search_placeholder: 'Search',
  see_all_results: 'See all results',
  no_results: 'No results.',
  search_results_for: 'Search results for "{{ keyword }}"',
  search_the_documentation: 'Search the documentation',
  count_documents_found_plural: '{{ count }} documents found',
  count_documents_found: '{{ count }} document found',
  no_documents_were_found: 'No documents were found',
  empty_query: 'Please provide a search query to show results.',
};

export const searchClientConfig: SearchClientConfig = {
  // The theme runs with `hashed: false`, so the index URL carries no content hash.
  indexHash: null,
  removeDefaultStopWordFilter: searchOptions.removeDefaultStopWordFilter,
  searchResultLimits: searchOptions.searchResultLimits,
  searchPageResultLimits: 100,
  searchResultContextMaxLength: searchOptions.searchResultContextMaxLength,
  highlightSearchTermsOnTargetPage: searchOptions.highlightSearchTermsOnTargetPage,
  externalSearchSources,
  translations: searchTranslations,
};
