/**
 * The site's own search engine code loaded with the built index (build/search-index.json, or
 * SITE_DIR's), for Node-level tests. Only a way to run queries: what the results must be is
 * written down literally in ./judged-queries.ts, never derived from this engine.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {SearchEngine} from '../../src/components/Search/engine';
import {searchClientConfig} from '../../src/config/search';

export const SITE_DIR = path.resolve(__dirname, '../..', process.env.SITE_DIR ?? 'build');
export const INDEX_FILE = path.join(SITE_DIR, 'search-index.json');

export async function loadBuiltEngine(file = INDEX_FILE): Promise<SearchEngine> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`No readable search index at ${file}: run "npm run build" first (or set SITE_DIR). ${String(error)}`);
  }
  const engine = new SearchEngine();
  const [status] = await engine.init(
    {
      options: {
        removeDefaultStopWordFilter: searchClientConfig.removeDefaultStopWordFilter,
        searchResultContextMaxLength: searchClientConfig.searchResultContextMaxLength,
        highlightSearchTermsOnTargetPage: searchClientConfig.highlightSearchTermsOnTargetPage,
        baseUrl: '/',
      },
      site: {heading: null, uri: 'search-index.json'},
      externals: [],
    },
    async () => ({ok: true, status: 200, json: async () => json}),
  );
  if (!status?.ok) throw new Error(`The engine refused ${file}: ${status?.warning}`);
  return engine;
}

/** The page path of a result URL (no ?_highlight, no #hash). */
export const pagePath = (url: string) => url.replace(/[?#].*$/, '');
