/**
 * Options of the local search theme (@easyops-cn/docusaurus-search-local), with the constants of
 * the product specification (section 9): 5 results, context length 50, stop-word filter kept,
 * no index hash, highlighted terms on the target page.
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
  searchBarShortcut: true,
  searchBarShortcutHint: true,
  searchBarShortcutKeymap: 'mod+k',
  // API pages mark what repeats on every page (response schemas, nested attributes, constraint
  // lists, code samples) with this class; leaving it out keeps the index small for large APIs.
  ignoreCssSelectors: ['.search-skip'],
} as const;
