import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
// The theme's own index builder (server side), so the fixtures have the real search-index.json format.
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js';
import lunr from 'lunr';
import {encodeCompactIndex} from './compact-index';
import {SearchEngine, externalWarning, pageLabel, partUri, withHighlight, type FetchLike} from './engine';
import {planQueries, tokenizeQuery} from './query';
import {stripHtml} from './snippet';
import {INDEX_PART_FORMAT, type EngineOptions, type SearchDocument} from './types';

const options: EngineOptions = {
  removeDefaultStopWordFilter: false,
  searchResultContextMaxLength: 50,
  highlightSearchTermsOnTargetPage: true,
  baseUrl: '/',
};

function makeIndexJson(docs: SearchDocument[][]): unknown {
  const built = buildIndex(docs, {
    language: ['en'],
    removeDefaultStopWordFilter: [],
    removeDefaultStemmer: false,
  });
  return JSON.parse(JSON.stringify(built));
}

const ledgerText =
  'Returns the ledger of a customer: invoices, payments, adjustments, credits and refunds, oldest first, ' +
  'one page at a time. Filter the ledger by effective date and entry type.';

const titles: SearchDocument[] = [
  {i: 1, t: 'Get customer ledger', u: '/docs/api/get-customer-ledger', b: ['Customers']},
  {i: 2, t: 'Create customer', u: '/docs/api/create-customer', b: ['Customers']},
  {i: 3, t: '', u: '/docs/api-reference/widgets', b: []},
];
const headings: SearchDocument[] = [
  {i: 10, t: 'Parameters', u: '/docs/api/get-customer-ledger', h: '#parameters', p: 1},
  {i: 11, t: 'Ledger entries', u: '/docs/api/get-customer-ledger', h: '#ledger-entries', p: 1},
  {i: 12, t: 'Widget fields', u: '/docs/api-reference/widgets', h: '#widget-fields', p: 3},
];
const contents: SearchDocument[] = [
  {i: 20, t: ledgerText, s: 'Ledger entries', u: '/docs/api/get-customer-ledger', h: '#ledger-entries', p: 1},
  {i: 21, t: 'Creates a customer account with a bill profile.', s: 'Create customer', u: '/docs/api/create-customer', h: '', p: 2},
];
// Many pages that all mention "invoice", to check the result limit.
const invoicePages: SearchDocument[] = Array.from({length: 12}, (_, k) => ({
  i: 100 + k,
  t: `Invoice report ${k}`,
  u: `/docs/reports/invoice-${k}`,
  b: ['Reports'],
}));

const siteDocuments = [[...titles, ...invoicePages], headings, [], [], contents];
const siteJson = makeIndexJson(siteDocuments);
// The same documents with compact sub-indexes, as plugins/search writes our own index.
const siteCompactJson = JSON.parse(
  JSON.stringify(
    siteDocuments.map((documents) => ({documents, index: encodeCompactIndex(documents, {removeDefaultStopWordFilter: false})})),
  ),
);
const externalJson = makeIndexJson([[{i: 1, t: 'Ledger export with the SDK', u: '/sdk/docs/ledger-export', b: ['SDK']}], [], [], [], []]);

function fakeFetch(
  routes: Record<string, {status?: number; body?: unknown; text?: string; throws?: boolean}>,
): FetchLike & {calls: string[]} {
  const calls: string[] = [];
  const fn = (async (url: string) => {
    calls.push(url);
    const route = routes[url];
    if (!route || route.throws) throw new TypeError('Failed to fetch');
    const status = route.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => (route.text !== undefined ? JSON.parse(route.text) : route.body),
    };
  }) as FetchLike & {calls: string[]};
  fn.calls = calls;
  return fn;
}

const SITE = 'https://portal.test/search-index.json';

async function engineWith(routes: Parameters<typeof fakeFetch>[0], externals: {heading: string; uri: string}[] = []) {
  const engine = new SearchEngine();
  const statuses = await engine.init({options, site: {heading: null, uri: SITE}, externals}, fakeFetch(routes));
  return {engine, statuses};
}

test('tokens are split and trimmed like lunr splits the indexed text', () => {
  assert.deepEqual(tokenizeQuery('  Get-Customer "ledger"? '), ['get', 'customer', 'ledger']);
  assert.deepEqual(tokenizeQuery(''), []);
  // Non-word characters at a token's ends go, as lunr's trimmer drops them from indexed words.
  assert.deepEqual(tokenizeQuery('Café, (ledger)'), ['caf', 'ledger']);
});

test('stop words are dropped from queries, except a last token that may still be typed', () => {
  const plans = planQueries(tokenizeQuery('how to get the ledger'), {removeDefaultStopWordFilter: false});
  assert.deepEqual(plans[0]!.tokens, ['ledger']);
  const typing = planQueries(tokenizeQuery('a'), {removeDefaultStopWordFilter: false});
  assert.equal(typing.length, 1);
  assert.equal(typing[0]!.terms[0]!.value, 'a');
  assert.equal(typing[0]!.terms[0]!.wildcard, lunr.Query.wildcard.TRAILING, 'prefix query');
  const kept = planQueries(tokenizeQuery('how to'), {removeDefaultStopWordFilter: true});
  assert.deepEqual(kept[0]!.tokens, ['how', 'to']);
});

test('finds the page by its title first, with _highlight parameters, then its sections as a tree', async () => {
  const {engine, statuses} = await engineWith({[SITE]: {body: siteJson}});
  assert.equal(statuses[0]!.ok, true);
  const {sources, tokens} = engine.search('ledger', 5);
  assert.deepEqual(tokens, ['ledger']);
  const hits = sources[0]!.hits;
  assert.equal(sources[0]!.heading, null);
  // The page, then its section "Ledger entries" (its heading, with the section's text as snippet) as its tree.
  assert.deepEqual(
    hits.map((h) => [h.type, h.url, h.isInterOfTree, h.isLastOfTree]),
    [
      [0, '/docs/api/get-customer-ledger?_highlight=ledger', false, false],
      [1, '/docs/api/get-customer-ledger?_highlight=ledger#ledger-entries', false, true],
    ],
  );
  assert.equal(hits[0]!.titleHtml, 'Get customer <mark>ledger</mark>');
  assert.equal(hits[0]!.pathHtml, 'Customers');
  assert.equal(hits[0]!.snippetHtml, undefined, 'the page has no text of its own with the term');
  const heading = hits[1]!;
  assert.equal(heading.titleHtml, '<mark>Ledger</mark> entries');
  const snippet = stripHtml(heading.snippetHtml!);
  assert.ok(snippet.replace(/…/g, '').length <= 50, snippet);
  assert.ok(heading.snippetHtml!.includes('<mark>ledger</mark>'));
});

test('a page found through its text only leads with its title, the text as its snippet (one row per page)', async () => {
  const {engine} = await engineWith({[SITE]: {body: siteJson}});
  // "bill profile" is only in the text of Create customer (before its first heading).
  const hits = engine.search('bill profile', 5).sources[0]!.hits;
  assert.equal(hits.length, 1);
  const [row] = hits;
  assert.equal(row!.type, 0);
  assert.equal(row!.titleHtml, 'Create customer', 'the page title, not a snippet');
  assert.equal(row!.url, '/docs/api/create-customer?_highlight=bill&_highlight=profile');
  assert.equal(stripHtml(row!.snippetHtml!), 'Creates a customer account with a bill profile.');
  assert.match(row!.snippetHtml!, /<mark>bill<\/mark> <mark>profile<\/mark>/);
  // "refunds oldest": a section of the ledger page stands for it: its title, the section, then the text.
  const [ledger] = engine.search('refunds oldest', 5).sources[0]!.hits;
  assert.equal(ledger!.titleHtml, 'Get customer ledger');
  assert.equal(ledger!.pathHtml, 'Ledger entries');
  assert.equal(ledger!.url, '/docs/api/get-customer-ledger?_highlight=refunds&_highlight=oldest#ledger-entries');
  assert.match(ledger!.snippetHtml!, /<mark>refunds<\/mark>/);
});

test('several terms: repeated _highlight parameters, and prefixes while typing', async () => {
  const {engine} = await engineWith({[SITE]: {body: siteJson}});
  const first = engine.search('customer ledger', 5).sources[0]!.hits[0]!;
  assert.equal(first.url, '/docs/api/get-customer-ledger?_highlight=customer&_highlight=ledger');
  const typing = engine.search('ledg', 5).sources[0]!.hits;
  assert.equal(typing[0]!.url, '/docs/api/get-customer-ledger?_highlight=ledg');
  const typo = engine.search('ledgr', 5).sources[0]!.hits;
  assert.ok(
    typo.some((h) => h.url.startsWith('/docs/api/get-customer-ledger')),
    'one edit away still matches',
  );
});

test('returns at most the requested number of results', async () => {
  const {engine} = await engineWith({[SITE]: {body: siteJson}});
  assert.equal(engine.search('invoice', 5).sources[0]!.hits.length, 5);
  // The 12 report pages and the ledger text ("invoices, payments, …").
  assert.equal(engine.search('invoice', 100).sources[0]!.hits.length, 13);
  assert.equal(engine.search('nothingmatchesthis', 5).sources[0]!.hits.length, 0);
  assert.deepEqual(engine.search('   ', 5).sources, []);
});

test('pages under /docs/api-reference/ get the fallback page label "API Reference"', async () => {
  const {engine} = await engineWith({[SITE]: {body: siteJson}});
  // The page's title is empty: its heading "Widget fields" stands for it, under the fallback label.
  const [hit] = engine.search('widget', 5).sources[0]!.hits;
  assert.equal(hit!.pageTitle, 'API Reference');
  assert.equal(stripHtml(hit!.titleHtml), 'API Reference');
  assert.equal(stripHtml(hit!.pathHtml), 'Widget fields');
  assert.equal(pageLabel(undefined, {i: 1, t: 'x', u: '/docs/other/page'}, '/'), '');
  assert.equal(pageLabel({i: 1, t: 'Page', u: '/docs/api-reference/a'}, {i: 2, t: 'x', u: '/docs/api-reference/a'}, '/'), 'Page');
});

test('an index that cannot be fetched or parsed gives a warning and an empty index', async () => {
  for (const route of [{status: 500}, {text: '<html>not json'}, {body: {documents: []}}, {throws: true}]) {
    const {engine, statuses} = await engineWith({[SITE]: route});
    assert.equal(statuses[0]!.ok, false);
    assert.match(
      statuses[0]!.warning!,
      /^Unable to load the search index from https:\/\/portal\.test\/search-index\.json \(.+\); searching an empty index\.$/,
    );
    assert.deepEqual(engine.search('ledger', 5).sources[0]!.hits, []);
  }
});

test('external sources: results under their heading, absolute URLs; a failed one warns and the rest continues', async () => {
  const good = {heading: 'SDK documentation', uri: 'https://sdk.example.com/sdk/search-index.json'};
  const bad = {heading: 'Status page', uri: 'https://status.example.com/search-index.json'};
  const {engine, statuses} = await engineWith({[SITE]: {body: siteJson}, [good.uri]: {body: externalJson}, [bad.uri]: {status: 404}}, [
    good,
    bad,
  ]);
  assert.deepEqual(
    statuses.map((s) => s.ok),
    [true, true, false],
  );
  assert.equal(statuses[2]!.warning, 'Unable to fetch search index for Status page from: https://status.example.com/search-index.json');
  assert.equal(externalWarning(bad), statuses[2]!.warning);
  const {sources} = engine.search('ledger', 5);
  assert.deepEqual(
    sources.map((s) => s.heading),
    [null, 'SDK documentation'],
  );
  const ext = sources[1]!.hits[0]!;
  assert.equal(ext.external, true);
  assert.equal(ext.url, 'https://sdk.example.com/sdk/docs/ledger-export?_highlight=ledger');
  assert.ok(sources[0]!.hits.length > 0, 'our own results are still there');
});

test('an external index whose URLs are not http(s) yields no links', async () => {
  const evil = makeIndexJson([[{i: 1, t: 'Ledger trick', u: 'javascript:alert(1)', b: []}], [], [], [], []]);
  const src = {heading: 'Evil', uri: 'https://evil.example.com/search-index.json'};
  const {engine} = await engineWith({[SITE]: {body: siteJson}, [src.uri]: {body: evil}}, [src]);
  assert.deepEqual(engine.search('ledger', 5).sources[1]!.hits, []);
});

test('an index with compact sub-indexes gives the same hits, snippets and marks as the serialised lunr one', async () => {
  const {engine: lunrEngine} = await engineWith({[SITE]: {body: siteJson}});
  const {engine: compactEngine, statuses} = await engineWith({[SITE]: {body: siteCompactJson}});
  assert.equal(statuses[0]!.ok, true);
  for (const query of [
    'ledger',
    'customer ledger',
    'ledg',
    'ledgr',
    'invoice',
    'widget',
    'bill profile',
    'refunds oldest',
    'nothingmatches',
  ]) {
    const a = compactEngine.search(query, 100).sources[0]!.hits;
    const b = lunrEngine.search(query, 100).sources[0]!.hits;
    assert.equal(b.length === 0, query === 'nothingmatches', `${query}: ${b.length} hits`);
    assert.deepEqual(a, b, query);
  }
  assert.ok(compactEngine.search('refunds', 5).sources[0]!.hits.some((h) => h.snippetHtml?.includes('<mark>refunds</mark>')));
});

test('withHighlight adds one _highlight per term before the hash, or nothing when disabled', () => {
  assert.equal(withHighlight('/a', '#h', ['x', 'y z'], true), '/a?_highlight=x&_highlight=y+z#h');
  assert.equal(withHighlight('/a', '#h', ['x'], false), '/a#h');
  assert.equal(withHighlight('/a', undefined, [], true), '/a');
});

describe('an index whose body text is a separate part (search-index-content.json)', () => {
  const PART = 'https://portal.test/search-index-content.json';
  const [main, part] = ((): [unknown[], unknown[]] => {
    const entries = siteCompactJson as unknown[];
    const ref = {documents: [], index: {format: INDEX_PART_FORMAT, uri: 'search-index-content.json', documents: contents.length}};
    return [[...entries.slice(0, 4), ref], [entries[4]]];
  })();

  test('answers from the titles at once (partial), the same as the whole index once the part is in', async () => {
    let releasePart!: () => void;
    const partArrives = new Promise<void>((resolve) => (releasePart = resolve));
    const fetchImpl: FetchLike = async (url) => {
      if (url === PART) await partArrives;
      const body = url === SITE ? main : url === PART ? part : null;
      return {ok: body !== null, status: body ? 200 : 404, json: async () => body};
    };
    const engine = new SearchEngine();
    const [status] = await engine.init({options, site: {heading: null, uri: SITE}, externals: []}, fetchImpl);
    assert.equal(status!.ok, true);
    const early = engine.search('ledger', 5);
    assert.equal(early.partial, true);
    assert.ok(early.sources[0]!.hits.length > 0, 'titles and headings answer before the body text is in');
    assert.equal(engine.search('refunds', 5).sources[0]!.hits.length, 0, 'a word of the body text only: not yet');
    assert.equal(engine.search('ledgr', 5).correctedQuery, undefined, 'no typo correction on a partial index');
    releasePart();
    assert.deepEqual(await engine.complete(), []);
    const whole = (await engineWith({[SITE]: {body: siteCompactJson}})).engine;
    for (const q of ['ledger', 'refunds', 'customer', 'ledgr', 'invoice report', 'bill profile']) {
      const a = engine.search(q, 5);
      const b = whole.search(q, 5);
      assert.equal(a.partial, undefined, q);
      assert.deepEqual({...a, engineMs: 0}, {...b, engineMs: 0}, `"${q}": the same answer as the whole index`);
    }
  });

  test('a part that cannot be fetched or parsed: a warning, and the rest of the index answers', async () => {
    for (const route of [{status: 404}, {text: 'not json'}, {body: {documents: []}}, {throws: true}]) {
      const {engine, statuses} = await engineWith({[SITE]: {body: main}, [PART]: route});
      assert.equal(statuses[0]!.ok, true);
      const warnings = await engine.complete();
      assert.equal(warnings.length, 1);
      assert.match(
        warnings[0]!,
        /^Unable to load part of the search index from https:\/\/portal\.test\/search-index-content\.json \(.+\); searching without it\.$/,
      );
      const r = engine.search('ledger', 5);
      assert.equal(r.partial, undefined);
      assert.ok(r.sources[0]!.hits.length > 0);
    }
  });

  test('a part asked for at once (the search page) is fetched beside the index, once, and used', async () => {
    const requested: string[] = [];
    let releaseIndex!: () => void;
    const indexArrives = new Promise<void>((resolve) => (releaseIndex = resolve));
    const fetchImpl: FetchLike = async (url) => {
      requested.push(url);
      if (url === SITE) await indexArrives;
      const body = url === SITE ? main : url === PART ? part : null;
      return {ok: body !== null, status: body ? 200 : 404, json: async () => body};
    };
    const engine = new SearchEngine();
    const init = engine.init({options, site: {heading: null, uri: SITE, prefetch: [PART]}, externals: []}, fetchImpl);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(requested, [PART, SITE], 'the part went out before the index had arrived');
    releaseIndex();
    await init;
    assert.deepEqual(await engine.complete(), []);
    assert.deepEqual(requested, [PART, SITE], 'and was not fetched again');
    assert.ok(engine.search('refunds', 5).sources[0]!.hits.length > 0, 'its body text answers');
  });

  test("a failed prefetch is the part's warning, as if fetched after the index", async () => {
    const fetchImpl: FetchLike = async (url) => {
      if (url === PART) throw new Error('offline');
      return {ok: true, status: 200, json: async () => main};
    };
    const engine = new SearchEngine();
    await engine.init({options, site: {heading: null, uri: SITE, prefetch: [PART]}, externals: []}, fetchImpl);
    const warnings = await engine.complete();
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /search-index-content\.json \(offline\)/);
  });

  test('part addresses are relative to the index (absolute or not)', () => {
    assert.equal(
      partUri('https://x.test/portal/search-index.json?_=1', 'search-index-content.json'),
      'https://x.test/portal/search-index-content.json',
    );
    assert.equal(partUri('search-index.json', 'search-index-content.json'), 'search-index-content.json');
    assert.equal(partUri('site/search-index.json', 'search-index-content.json'), 'site/search-index-content.json');
  });
});

describe('typo retry for a word that finds very little', () => {
  // "custmer" is written once in some body text; "customer" is in titles and many texts.
  const pages: SearchDocument[] = Array.from({length: 12}, (_, k) => ({
    i: k + 1,
    t: `Customer report ${k}`,
    u: `/docs/customer-${k}`,
    b: [],
  }));
  const body: SearchDocument[] = [
    {i: 100, t: 'Every custmer gets a statement each month.', u: '/docs/customer-0', p: 1},
    {i: 101, t: 'The watermark shows on drafts.', u: '/docs/customer-1', p: 2},
    {i: 102, t: 'Customer accounts and customer contacts, customer invoices.', u: '/docs/customer-2', p: 3},
  ];
  const json = [pages, [], [], [], body].map((documents) => ({
    documents,
    index: encodeCompactIndex(documents, {removeDefaultStopWordFilter: false}),
  }));

  test('a rare word of the body text only is corrected to a far more frequent one; a rare word without such a neighbour is not', async () => {
    const {engine} = await engineWith({[SITE]: {body: JSON.parse(JSON.stringify(json))}});
    const typo = engine.search('custmer', 5);
    assert.equal(typo.correctedQuery, 'customer');
    assert.match(typo.sources[0]!.hits[0]!.url, /^\/docs\/customer-/);
    const rare = engine.search('watermark', 5);
    assert.equal(rare.correctedQuery, undefined, 'watermark has no frequent neighbour: kept');
    assert.equal(rare.sources[0]!.hits[0]!.url.replace(/\?.*$/, ''), '/docs/customer-1');
    assert.equal(engine.search('customer', 5).correctedQuery, undefined);
    assert.equal(engine.search('custmer_id', 5).correctedQuery, undefined, 'nothing like it in the index: no correction');
  });

  test('a word in a page title is never "weak", however rare', async () => {
    const titled = JSON.parse(JSON.stringify(json)) as {documents: SearchDocument[]}[];
    const docs = [...pages, {i: 50, t: 'Custmer (legacy spelling)', u: '/docs/legacy', b: []}];
    titled[0] = {documents: docs, index: encodeCompactIndex(docs, {removeDefaultStopWordFilter: false})} as never;
    const {engine} = await engineWith({[SITE]: {body: titled}});
    assert.equal(engine.search('custmer', 5).correctedQuery, undefined);
  });
});
