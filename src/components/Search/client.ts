/**
 * The page side of the search: starts the search worker on first use, sends it the index URLs
 * (`{baseUrl}search-index.json`, plus `?_={indexHash}` when a hash is configured, and each external
 * source's uri), logs the load warnings, and runs queries.
 *
 * Every query is timed with the User Timing API: a `performance.measure('portal-search')` entry per
 * query (from the request to the answer on the main thread, worker round trip included), with
 * `detail: {query, hits, engineMs}`. `window.__portalSearch` exposes {ready(), search(q, limit)}
 * for benchmarks once the client exists.
 *
 * If the worker cannot start, the same engine runs on the page (loaded on demand).
 */
import type {SearchClientConfig} from '@site/src/config/search';
import {createRpc} from './rpc';
import {CONTENT_PART_FILE, type IndexLoadStatus, type InitRequest, type SearchResponse} from './types';

export const MEASURE_NAME = 'portal-search';

export interface SearchClient {
  /** Resolves when the indexes are loaded (or replaced by empty ones); never rejects. */
  ready(): Promise<IndexLoadStatus[]>;
  /** Never rejects: on an engine failure the answer has no sources. */
  search(query: string, limit: number): Promise<SearchResponse>;
  /**
   * Resolves when the parts of the indexes that load after them (the body text of pages) are in,
   * or left out with a warning; never rejects. An answer marked `partial` is asked again then.
   */
  complete(): Promise<void>;
}

interface Backend {
  init(request: InitRequest): Promise<IndexLoadStatus[]>;
  search(query: string, limit: number): Promise<SearchResponse>;
  complete(): Promise<string[]>;
}

declare global {
  interface Window {
    __portalSearch?: SearchClient;
  }
}

function workerBackend(): Backend | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./worker.ts', import.meta.url));
  } catch {
    return null;
  }
  const rpc = createRpc(worker);
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    rpc.failAll(new Error(`search worker failed: ${event.message || 'script error'}`));
  });
  return {
    init: (request) => rpc.call<IndexLoadStatus[]>({kind: 'init', request}),
    search: (query, limit) => rpc.call<SearchResponse>({kind: 'search', query, limit}),
    complete: () => rpc.call<string[]>({kind: 'complete'}),
  };
}

async function inPageBackend(): Promise<Backend> {
  const {SearchEngine} = await import('./engine');
  const engine = new SearchEngine();
  let ready: Promise<IndexLoadStatus[]> | null = null;
  return {
    init: (request) => (ready ??= engine.init(request, (url) => fetch(url, {credentials: 'same-origin'}))),
    search: async (query, limit) => {
      await ready;
      return engine.search(query, limit);
    },
    complete: async () => {
      await ready;
      return engine.complete();
    },
  };
}

/** `{baseUrl}{indexDir}search-index.json`; indexDir is "" or an older API version's folder ("v1/docs/"). */
export function indexUrl(baseUrl: string, indexHash: string | null, origin: string, indexDir = ''): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const query = indexHash ? `?_=${encodeURIComponent(indexHash)}` : '';
  return new URL(`${base}${indexDir}search-index.json${query}`, origin).href;
}

export function createSearchClient(options: {
  baseUrl: string;
  config: SearchClientConfig;
  /** Page URL the index URLs are resolved against (default: location.href). */
  pageUrl?: string;
  /** The index's folder: "" (the current API version) or an older version's ("v1/docs/", ./scope.ts). */
  indexDir?: string;
  /** Test hook: the engine backend (default: a Web Worker, or the page if that fails). */
  backend?: () => Backend | Promise<Backend>;
  /** Fetch the body-text part with the index instead of after it (IndexSourceSpec.prefetch). */
  eagerParts?: boolean;
}): SearchClient {
  const {baseUrl, config} = options;
  const pageUrl = options.pageUrl ?? location.href;
  const siteIndex = indexUrl(baseUrl, config.indexHash, pageUrl, options.indexDir);
  const request: InitRequest = {
    options: {
      removeDefaultStopWordFilter: config.removeDefaultStopWordFilter,
      searchResultContextMaxLength: config.searchResultContextMaxLength,
      highlightSearchTermsOnTargetPage: config.highlightSearchTermsOnTargetPage,
      baseUrl,
    },
    site: {heading: null, uri: siteIndex, ...(options.eagerParts ? {prefetch: [new URL(CONTENT_PART_FILE, siteIndex).href]} : {})},
    externals: config.externalSearchSources.map(({heading, uri}) => ({heading, uri: resolveUri(uri, pageUrl)})),
  };

  let backendPromise: Promise<Backend> | null = null;
  let readyPromise: Promise<IndexLoadStatus[]> | null = null;
  let completePromise: Promise<void> | null = null;

  const start = async (): Promise<{backend: Backend; statuses: IndexLoadStatus[]}> => {
    let backend = await (options.backend ? options.backend() : (workerBackend() ?? inPageBackend()));
    let statuses: IndexLoadStatus[];
    try {
      statuses = await backend.init(request);
    } catch (error) {
      if (options.backend) throw error;
      // The worker could not run (blocked, failed to load): do the same work on the page.
      console.warn(`Search worker unavailable (${error instanceof Error ? error.message : String(error)}); searching on the page.`);
      backend = await inPageBackend();
      statuses = await backend.init(request);
    }
    return {backend, statuses};
  };

  const started = (): Promise<Backend> => {
    if (!backendPromise) {
      const run = start();
      backendPromise = run.then((x) => x.backend);
      readyPromise = run.then(
        ({statuses}) => {
          for (const status of statuses) if (!status.ok && status.warning) console.warn(status.warning);
          // The parts load on in the background; their warnings are logged when they are done.
          void client.complete();
          return statuses;
        },
        (error: unknown) => {
          console.warn(`Search is unavailable: ${error instanceof Error ? error.message : String(error)}`);
          return [];
        },
      );
      backendPromise.catch(() => undefined);
    }
    return backendPromise;
  };

  const client: SearchClient = {
    ready() {
      void started().catch(() => undefined);
      return readyPromise!;
    },
    async search(query, limit) {
      const markName = `${MEASURE_NAME}:${query}:${Math.random()}`;
      await client.ready();
      let response: SearchResponse;
      mark(markName);
      try {
        response = await (await started()).search(query, limit);
      } catch {
        response = {query, tokens: [], sources: [], engineMs: 0};
      }
      measure(markName, {
        query,
        hits: response.sources.reduce((n, s) => n + s.hits.length, 0),
        engineMs: response.engineMs,
        partial: !!response.partial,
      });
      return response;
    },
    complete() {
      completePromise ??= (async () => {
        await client.ready();
        try {
          for (const warning of await (await started()).complete()) console.warn(warning);
        } catch {
          /* the backend failed: its searches answer with nothing, and nothing more will load */
        }
      })();
      return completePromise;
    },
  };
  return client;
}

function resolveUri(uri: string, pageUrl: string): string {
  try {
    return new URL(uri, pageUrl).href;
  } catch {
    return uri;
  }
}

function mark(name: string) {
  try {
    performance.mark(name);
  } catch {
    /* no User Timing */
  }
}

function measure(markName: string, detail: object) {
  try {
    performance.measure(MEASURE_NAME, {start: markName, detail});
    performance.clearMarks(markName);
  } catch {
    /* no User Timing */
  }
}

const shared = new Map<string, SearchClient>();

/**
 * The page's search client for an index folder ("" or an older API version's, ./scope.ts),
 * created on first call, i.e. when the reader starts searching in that version. `eagerParts`
 * (the search page) fetches the body-text part with the index, if this call creates the client.
 */
export function getSearchClient(baseUrl: string, config: SearchClientConfig, indexDir = '', {eagerParts = false} = {}): SearchClient {
  let client = shared.get(indexDir);
  if (!client) {
    client = createSearchClient({baseUrl, config, indexDir, eagerParts});
    shared.set(indexDir, client);
  }
  if (typeof window !== 'undefined') window.__portalSearch = client;
  return client;
}
