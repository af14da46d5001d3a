import {test, mock} from 'node:test';
import assert from 'node:assert/strict';
import {performance} from 'node:perf_hooks';
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js';
import {createSearchClient, indexUrl, MEASURE_NAME} from './client';
import {SearchEngine} from './engine';
import {searchClientConfig, type SearchClientConfig} from '../../config/search';

const index = JSON.parse(
  JSON.stringify(
    buildIndex([[{i: 1, t: 'Get customer ledger', u: '/docs/api/get-customer-ledger', b: []}], [], [], [], []], {
      language: ['en'],
      removeDefaultStopWordFilter: [],
      removeDefaultStemmer: false,
    }),
  ),
);

/** The real engine in-process, with a fetch that serves only the given URLs. */
function backendServing(routes: Record<string, unknown>, requested: string[]) {
  return () => {
    const engine = new SearchEngine();
    return {
      init: (request: Parameters<SearchEngine['init']>[0]) =>
        engine.init(request, async (url) => {
          requested.push(url);
          if (!(url in routes)) return {ok: false, status: 404, json: async () => null};
          return {ok: true, status: 200, json: async () => routes[url]};
        }),
      search: async (q: string, limit: number) => engine.search(q, limit),
      complete: () => engine.complete(),
    };
  };
}

test('the index URL is {baseUrl}search-index.json, with ?_= only when a hash is configured', () => {
  assert.equal(indexUrl('/', null, 'https://x.test/docs/a'), 'https://x.test/search-index.json');
  assert.equal(indexUrl('/portal/', 'abc123', 'https://x.test/portal/docs'), 'https://x.test/portal/search-index.json?_=abc123');
  assert.equal(searchClientConfig.indexHash, null, 'specification: index hash null');
  assert.equal(searchClientConfig.searchResultLimits, 5);
  assert.equal(searchClientConfig.searchResultContextMaxLength, 50);
  assert.equal(searchClientConfig.removeDefaultStopWordFilter, false);
  assert.deepEqual(searchClientConfig.externalSearchSources, [], 'no external source by default');
});

test('failed external source: the exact warning is logged once, search continues with the others', async (t) => {
  const warn = mock.method(console, 'warn', () => undefined);
  t.after(() => warn.mock.restore());
  const config: SearchClientConfig = {
    ...searchClientConfig,
    externalSearchSources: [
      {heading: 'SDK docs', uri: 'https://sdk.example.com/search-index.json'},
      {heading: 'Guides', uri: '/guides/search-index.json'},
    ],
  };
  const requested: string[] = [];
  const client = createSearchClient({
    baseUrl: '/',
    config,
    pageUrl: 'https://portal.test/docs/x',
    backend: backendServing(
      {'https://portal.test/search-index.json': index, 'https://portal.test/guides/search-index.json': index},
      requested,
    ),
  });
  const statuses = await client.ready();
  assert.deepEqual(requested.sort(), [
    'https://portal.test/guides/search-index.json',
    'https://portal.test/search-index.json',
    'https://sdk.example.com/search-index.json',
  ]);
  assert.deepEqual(
    statuses.map((s) => s.ok),
    [true, false, true],
  );
  assert.deepEqual(
    warn.mock.calls.map((c) => c.arguments[0]),
    ['Unable to fetch search index for SDK docs from: https://sdk.example.com/search-index.json'],
  );
  const answer = await client.search('ledger', 5);
  assert.deepEqual(
    answer.sources.map((s) => [s.heading, s.hits.length]),
    [
      [null, 1],
      ['Guides', 1],
    ],
  );
  await client.ready();
  assert.equal(warn.mock.callCount(), 1, 'warned once');
});

test('an unreachable site index: a warning, and searches answer with no hits', async (t) => {
  const warn = mock.method(console, 'warn', () => undefined);
  t.after(() => warn.mock.restore());
  const client = createSearchClient({
    baseUrl: '/',
    config: searchClientConfig,
    pageUrl: 'https://portal.test/',
    backend: backendServing({}, []),
  });
  const answer = await client.search('ledger', 5);
  assert.deepEqual(answer.sources, [{heading: null, uri: null, hits: []}]);
  assert.match(
    String(warn.mock.calls[0]?.arguments[0]),
    /^Unable to load the search index from https:\/\/portal\.test\/search-index\.json \(HTTP 404\)/,
  );
});

test('a broken backend never rejects: empty answers and a warning', async (t) => {
  const warn = mock.method(console, 'warn', () => undefined);
  t.after(() => warn.mock.restore());
  const client = createSearchClient({
    baseUrl: '/',
    config: searchClientConfig,
    pageUrl: 'https://portal.test/',
    backend: () => ({
      init: async () => {
        throw new Error('worker died');
      },
      complete: async () => {
        throw new Error('worker died');
      },
      search: async () => {
        throw new Error('worker died');
      },
    }),
  });
  assert.deepEqual(await client.ready(), []);
  assert.deepEqual((await client.search('x', 5)).sources, []);
  assert.match(String(warn.mock.calls[0]?.arguments[0]), /Search is unavailable: worker died/);
});

test('each query is timed as a performance measure named "portal-search"', async () => {
  performance.clearMeasures(MEASURE_NAME);
  const client = createSearchClient({
    baseUrl: '/',
    config: searchClientConfig,
    pageUrl: 'https://portal.test/',
    backend: backendServing({'https://portal.test/search-index.json': index}, []),
  });
  await client.search('ledger', 5);
  await client.search('customer', 5);
  const entries = performance.getEntriesByName(MEASURE_NAME);
  assert.equal(entries.length, 2);
  assert.deepEqual(
    entries.map((e) => {
      const detail = (e as PerformanceMeasure).detail as {query: string; hits: number; engineMs: number};
      // The engine's own time is a part of the measured call.
      return [detail.query, detail.hits, Number.isFinite(detail.engineMs) && detail.engineMs >= 0 && detail.engineMs <= e.duration];
    }),
    [
      ['ledger', 1, true],
      ['customer', 1, true],
    ],
  );
});

test("the search page (eagerParts) fetches the body-text part beside its index, in the index's folder; the modal does not", async () => {
  for (const [eagerParts, indexDir, expected] of [
    [true, '', ['https://portal.test/search-index-content.json', 'https://portal.test/search-index.json']],
    [true, 'v1/docs/', ['https://portal.test/v1/docs/search-index-content.json', 'https://portal.test/v1/docs/search-index.json']],
    [false, '', ['https://portal.test/search-index.json']],
  ] as const) {
    const requested: string[] = [];
    const routes = {[`https://portal.test/${indexDir}search-index.json`]: index};
    const client = createSearchClient({
      baseUrl: '/',
      config: searchClientConfig,
      pageUrl: 'https://portal.test/search',
      indexDir,
      eagerParts,
      backend: backendServing(routes, requested),
    });
    await client.ready();
    assert.deepEqual(requested, expected, `eagerParts ${eagerParts}, folder "${indexDir}"`);
  }
});
