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

/**
 * The engine with a built index and its parts (search-index-content.json beside it), fully loaded:
 * every part in, as the browser has it once the body text has arrived.
 */
export async function loadBuiltEngine(file = INDEX_FILE): Promise<SearchEngine> {
  const dir = path.dirname(file);
  const read = (uri: string): unknown => {
    const target = path.join(dir, path.basename(uri));
    try {
      return JSON.parse(readFileSync(target, 'utf8'));
    } catch (error) {
      throw new Error(`No readable search index at ${target}: run "npm run build" first (or set SITE_DIR). ${String(error)}`);
    }
  };
  const json = read(path.basename(file));
  const engine = new SearchEngine();
  const [status] = await engine.init(
    {
      options: {
        removeDefaultStopWordFilter: searchClientConfig.removeDefaultStopWordFilter,
        searchResultContextMaxLength: searchClientConfig.searchResultContextMaxLength,
        highlightSearchTermsOnTargetPage: searchClientConfig.highlightSearchTermsOnTargetPage,
        baseUrl: '/',
      },
      site: {heading: null, uri: path.basename(file)},
      externals: [],
    },
    async (uri) => ({ok: true, status: 200, json: async () => (uri === path.basename(file) ? json : read(uri))}),
  );
  if (!status?.ok) throw new Error(`The engine refused ${file}: ${status?.warning}`);
  const warnings = await engine.complete();
  if (warnings.length) throw new Error(`Parts of ${file} could not be loaded: ${warnings.join('; ')}`);
  return engine;
}

/** The page path of a result URL (no ?_highlight, no #hash). */
export const pagePath = (url: string) => url.replace(/[?#].*$/, '');
