/**
 * The engine's rules that ./engine.test.ts (the whole flow) and plugins/search/ranking.test.ts (the order) do
 * not pin one by one: what an index must hold to be loaded, where a hit links to, what each kind of
 * row shows, and when a query is corrected.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {encodeCompactIndex} from './compact-index';
import {
  correction,
  emptySource,
  loadParts,
  loadSource,
  pageLabel,
  parseApiEntry,
  parseSearchIndex,
  partUri,
  partWarning,
  SearchEngine,
  searchSource,
  withHighlight,
  wordStatus,
  type FetchLike,
} from './engine';
import lunr from 'lunr';
import {planQueries, tokenizeQuery, type PlannedQuery} from './query';
import {API_RECORDS_FORMAT, INDEX_PART_FORMAT, type EngineOptions, type SearchDocument} from './types';

const pipeline = {removeDefaultStopWordFilter: false};
const options: EngineOptions = {...pipeline, searchResultContextMaxLength: 50, highlightSearchTermsOnTargetPage: true, baseUrl: '/'};
const entry = (documents: SearchDocument[]) => ({documents, index: encodeCompactIndex(documents, pipeline)});
/** An index file: titles, headings, descriptions, keywords, contents (and more entries after). */
const indexJson = (lists: SearchDocument[][], ...more: unknown[]) =>
  JSON.parse(JSON.stringify([...lists.map(entry), ...more])) as unknown[];
const serve = (files: Record<string, unknown>): FetchLike & {calls: string[]} => {
  const calls: string[] = [];
  const fn = (async (url: string) => {
    calls.push(url);
    if (!(url in files)) return {ok: false, status: 404, json: async () => null};
    return {ok: true, status: 200, json: async () => files[url]};
  }) as FetchLike & {calls: string[]};
  fn.calls = calls;
  return fn;
};
const spec = {heading: null, uri: 'https://site.test/search-index.json'};

describe('loading an index', () => {
  test('the status counts the documents of every sub-index', async () => {
    const json = indexJson([
      [{i: 1, t: 'Ledger', u: '/a'}],
      [
        {i: 2, t: 'Entries', u: '/a', h: '#e', p: 1},
        {i: 3, t: 'More', u: '/a', h: '#m', p: 1},
      ],
      [],
      [],
      [],
    ]);
    const {status, source} = await loadSource(spec, serve({[spec.uri]: json}), pipeline);
    assert.deepEqual(status, {heading: null, uri: spec.uri, ok: true, documents: 3});
    assert.deepEqual(
      source.indexes.map((x) => [x.type, x.documents.size]),
      [
        [0, 1],
        [1, 2],
        [2, 0],
        [3, 0],
        [4, 0],
      ],
    );
  });

  test('documents without a numeric id, a text or a URL are left out; the others load', () => {
    const bad = [{i: '4', t: 'x', u: '/x'}, {i: 5, u: '/x'}, {i: 6, t: 'x'}, null];
    const json = indexJson([[{i: 1, t: 'Ledger', u: '/a'}], [], [], [], []]) as {documents: unknown[]}[];
    json[0]!.documents.push(...bad);
    const {indexes} = parseSearchIndex(json, pipeline);
    assert.deepEqual([...indexes[0]!.documents.keys()], ['1']);
  });

  test('what is not an index is refused with the reason', async () => {
    assert.throws(() => parseSearchIndex({}, pipeline), /the index is not an array/);
    assert.throws(() => parseSearchIndex([{index: {}}], pipeline), /entry 0 has no documents/);
    assert.throws(() => parseSearchIndex([entry([]), null], pipeline), /entry 1 has no documents/);
    assert.throws(() => parseSearchIndex([entry([]), 'x'], pipeline), /entry 1 has no documents/);
    const titlesAsPart = [{documents: [], index: {format: INDEX_PART_FORMAT, uri: 'titles.json'}}];
    const {status} = await loadSource(spec, serve({[spec.uri]: titlesAsPart}), pipeline);
    assert.equal(status.ok, false);
    assert.match(status.warning!, /\(the page titles cannot be a separate part\)/);
    const {status: http} = await loadSource(spec, serve({}), pipeline);
    assert.match(http.warning!, /\(HTTP 404\)/);
  });

  test('a part reference needs its format and a URI; the API entry is not a sub-index', () => {
    const json = [
      entry([{i: 1, t: 'A', u: '/a'}]),
      {documents: [], index: {format: INDEX_PART_FORMAT, uri: 'p.json'}},
      {documents: [], index: {format: INDEX_PART_FORMAT}},
      {documents: [], index: {format: API_RECORDS_FORMAT}},
    ];
    assert.throws(() => parseSearchIndex(JSON.parse(JSON.stringify(json)), pipeline), /entry 2 has no documents|not/);
    const ok = parseSearchIndex(JSON.parse(JSON.stringify([json[0], json[1], json[3]])), pipeline);
    assert.deepEqual(ok.parts, [{type: 1, uri: 'p.json'}]);
    assert.deepEqual(
      ok.indexes.map((x) => x.type),
      [0],
    );
  });

  test('parts: each loaded into its place by type, with a warning for each one that fails', async () => {
    const main = indexJson(
      [[{i: 1, t: 'Ledger', u: '/a'}]],
      {documents: [], index: {format: INDEX_PART_FORMAT, uri: 'h.json'}},
      {documents: [], index: {format: INDEX_PART_FORMAT, uri: 'bad.json'}},
      {documents: [], index: {format: INDEX_PART_FORMAT, uri: 'two.json'}},
    );
    const files = {
      [spec.uri]: main,
      'https://site.test/h.json': indexJson([[{i: 2, t: 'Ledger entries', u: '/a', h: '#e', p: 1}]]),
      'https://site.test/two.json': [...indexJson([[]]), ...indexJson([[]])],
    };
    const fetchImpl = serve(files);
    const {source} = await loadSource(spec, fetchImpl, pipeline);
    assert.equal(source.parts.length, 3);
    const warnings = await loadParts(source, fetchImpl, pipeline);
    assert.deepEqual(warnings, [
      partWarning('https://site.test/bad.json', 'HTTP 404'),
      partWarning('https://site.test/two.json', 'a part is an array of one entry'),
    ]);
    assert.equal(partWarning('u', 'r'), 'Unable to load part of the search index from u (r); searching without it.');
    assert.deepEqual(
      source.indexes.map((x) => x.type),
      [0, 1],
    );
    assert.deepEqual(source.parts, []);
  });

  test('part addresses: relative to the index, or joined by hand when the index has no absolute URL', () => {
    assert.equal(partUri('https://x.test/a/b/search-index.json', '../c.json'), 'https://x.test/a/c.json');
    assert.equal(partUri('search-index.json', 'c.json'), 'c.json');
    assert.equal(partUri('a/b/', 'c.json'), 'a/b/c.json');
  });

  test('an empty source answers nothing', () => {
    const source = emptySource(spec);
    assert.deepEqual(source, {spec, indexes: [], pages: new Map(), api: null, parts: []});
    assert.deepEqual(searchSource(source, planQueries(['x'], pipeline), 5, options, ''), []);
    assert.equal(correction(source, 'ledgr', options), null);
  });
});

describe('the API entry', () => {
  const pages = new Map<number, SearchDocument>([[1, {i: 1, t: 'Get ledger', u: '/docs/api/get-ledger'}]]);

  test('a record takes its summary and URL from its page when it has none of its own', () => {
    const json = [
      {
        documents: [
          {i: 1, m: 'GET', a: '/ledger'},
          {i: 2, m: 'GET', a: '/x', t: 'Own summary', u: '/own'},
          {i: 3, m: 'GET', a: '/y'},
        ],
        index: {format: API_RECORDS_FORMAT},
      },
    ];
    const api = parseApiEntry(json, pages)!;
    assert.deepEqual(
      api.records.map((r) => [r.doc.i, r.doc.t, r.doc.u]),
      [
        [1, 'Get ledger', '/docs/api/get-ledger'],
        [2, 'Own summary', '/own'],
      ],
    );
  });

  test('records without an id, a method or a path are left out; no API entry, no records', () => {
    const json = [
      {
        documents: [{i: '1', m: 'GET', a: '/a'}, {i: 1, a: '/a'}, {i: 1, m: 'GET'}, null, {i: 1, m: 'GET', a: '/ledger'}],
        index: {format: API_RECORDS_FORMAT},
      },
    ];
    assert.deepEqual(
      parseApiEntry(json, pages)!.records.map((r) => r.doc.a),
      ['/ledger'],
    );
    assert.equal(parseApiEntry({}, pages), null);
    assert.equal(parseApiEntry([entry([])], pages), null);
    assert.equal(parseApiEntry([{documents: 'x', index: {format: API_RECORDS_FORMAT}}], pages), null);
    assert.equal(parseApiEntry([null, {index: {format: 'other'}}], pages), null);
  });

  test('a record whose page is not among the titles is dropped when the index loads', async () => {
    const json = indexJson([[{i: 1, t: 'Get ledger', u: '/docs/api/get-ledger'}], [], [], [], []], {
      documents: [
        {i: 1, m: 'GET', a: '/ledger'},
        {i: 7, m: 'GET', a: '/orphan', t: 'Orphan', u: '/orphan'},
      ],
      index: {format: API_RECORDS_FORMAT},
    });
    const {source} = await loadSource(spec, serve({[spec.uri]: json}), pipeline);
    assert.deepEqual(
      source.api!.records.map((r) => r.doc.i),
      [1],
    );
  });
});

describe('links', () => {
  test('pageLabel: the page title; else "API Reference" under the base URL\'s /docs/api-reference/', () => {
    const doc = (u: string): SearchDocument => ({i: 1, t: 'x', u});
    assert.equal(pageLabel({i: 9, t: 'Title', u: '/p'}, doc('/docs/api-reference/a'), '/'), 'Title');
    assert.equal(pageLabel({i: 9, t: '', u: '/p'}, doc('/docs/api-reference/a'), '/'), 'API Reference');
    assert.equal(pageLabel(undefined, doc('/portal/docs/api-reference/a'), '/portal'), 'API Reference');
    assert.equal(pageLabel(undefined, doc('/portal/docs/api-reference/a'), '/portal/'), 'API Reference');
    assert.equal(pageLabel(undefined, doc('/docs/api-reference/a'), '/portal/'), 'API Reference', 'the site-root form too');
    assert.equal(pageLabel(undefined, doc('/portal/docs/api-referencex'), '/portal/'), '');
    assert.equal(pageLabel(undefined, doc('/other/docs/api-reference/a'), '/portal/'), '');
  });

  test('withHighlight: after an existing query with "&"', () => {
    assert.equal(withHighlight('/a?x=1', '#h', ['t'], true), '/a?x=1&_highlight=t#h');
    assert.equal(withHighlight('/a', undefined, ['t'], true), '/a?_highlight=t');
  });

  const linkSite = async (
    lists: SearchDocument[][],
    engineOptions: EngineOptions = options,
    externals: {heading: string; uri: string}[] = [],
    extra: Record<string, unknown> = {},
  ) => {
    const engine = new SearchEngine();
    await engine.init({options: engineOptions, site: spec, externals}, serve({[spec.uri]: indexJson(lists), ...extra}));
    await engine.complete();
    return engine;
  };

  test('our own hits: site paths only (not another host, not protocol-relative); a hash only when it is one', async () => {
    const engine = await linkSite([
      [
        {i: 1, t: 'Ledger one', u: '/a'},
        {i: 2, t: 'Ledger two', u: '//evil.test/b'},
        {i: 3, t: 'Ledger three', u: 'https://evil.test/c'},
        {i: 4, t: 'Ledger four', u: '/d', h: 'x'},
        {i: 5, t: 'Ledger five', u: '/e', h: '#y'},
      ],
    ]);
    assert.deepEqual(
      engine
        .search('ledger', 10)
        .sources[0]!.hits.map((h) => h.url)
        .sort(),
      ['/a?_highlight=ledger', '/d?_highlight=ledger', '/e?_highlight=ledger#y'],
    );
    const plain = await linkSite([[{i: 1, t: 'Ledger', u: '/a', h: '#s'}]], {...options, highlightSearchTermsOnTargetPage: false});
    assert.equal(plain.search('ledger', 5).sources[0]!.hits[0]!.url, '/a#s');
  });

  test('external hits: absolute http(s) URLs resolved against the index, without their own query or hash', async () => {
    const ext = {heading: 'SDK', uri: 'https://sdk.test/docs/search-index.json'};
    const extJson = indexJson([
      [
        {i: 1, t: 'Ledger one', u: '/sdk/a?x=1#old'},
        {i: 2, t: 'Ledger two', u: 'b', h: '#s'},
        {i: 3, t: 'Ledger three', u: 'ftp://sdk.test/c'},
        {i: 4, t: 'Ledger four', u: 'http://other.test/d'},
        {i: 5, t: 'Ledger five', u: 'https://[bad'},
      ],
    ]);
    const engine = await linkSite([[{i: 1, t: 'Nothing', u: '/n'}]], options, [ext], {[ext.uri]: extJson});
    const hits = engine.search('ledger', 10).sources[1]!.hits;
    assert.deepEqual(hits.map((h) => [h.url, h.external]).sort(), [
      ['http://other.test/d?_highlight=ledger', true],
      ['https://sdk.test/docs/b?_highlight=ledger#s', true],
      ['https://sdk.test/sdk/a?_highlight=ledger', true],
    ]);
    assert.deepEqual(hits.map((h) => h.id).sort(), ['SDK#1', 'SDK#2', 'SDK#4']);
  });
});

describe('rows', () => {
  const titles: SearchDocument[] = [
    {i: 1, t: 'Ledger guide', u: '/guide', b: ['Guides', 'Billing']},
    {i: 2, t: 'Other page', u: '/other', b: ['Guides']},
    {i: 3, t: '', u: '/untitled'},
  ];
  const headings: SearchDocument[] = [
    {i: 10, t: 'Ledger basics', u: '/guide', h: '#basics', p: 1},
    {i: 11, t: 'Ledger export', u: '/other', h: '#export', p: 2},
  ];
  const contents: SearchDocument[] = [
    {i: 20, t: 'The ledger lists entries.', s: 'Ledger guide', u: '/guide', h: '', p: 1},
    {i: 21, t: 'Export the ledger as CSV.', s: 'Ledger export', u: '/other', h: '#export', p: 2},
    {i: 22, t: 'Rows of the ledger, in a table.', s: 'Table', u: '/other', h: '#table', p: 2},
    {i: 23, t: 'A ledger without a page title.', s: 'Loose', u: '/untitled', h: '#loose', p: 3},
    {i: 24, t: 'Reconcile the journal.', s: 'Journal', u: '/other', h: '#journal', p: 2},
  ];
  const site = (async () => {
    const engine = new SearchEngine();
    await engine.init({options, site: spec, externals: []}, serve({[spec.uri]: indexJson([titles, headings, [], [], contents])}));
    return engine;
  })();
  const rows = async (q: string) =>
    (await site).search(q, 10).sources[0]!.hits.map((h) => ({
      url: h.url.replace(/\?[^#]*/, ''),
      type: h.type,
      title: h.titleHtml,
      path: h.pathHtml,
      snippet: h.snippetHtml,
      page: h.pageTitle,
      tree: h.isInterOfTree ? '├' : h.isLastOfTree ? '└' : '',
    }));

  test('a page row: its title marked, its breadcrumbs, its own text as the snippet; sections under it', async () => {
    const got = await rows('ledger');
    assert.deepEqual(got[0], {
      url: '/guide',
      type: 0,
      title: '<mark>Ledger</mark> guide',
      path: 'Guides › Billing',
      snippet: 'The <mark>ledger</mark> lists entries.',
      page: 'Ledger guide',
      tree: '',
    });
    assert.deepEqual(got[1], {
      url: '/guide#basics',
      type: 1,
      title: '<mark>Ledger</mark> basics',
      path: '',
      snippet: undefined,
      page: 'Ledger guide',
      tree: '└',
    });
  });

  test('a page found through a heading: the page title, the heading as the second line', async () => {
    const [row] = await rows('export');
    assert.deepEqual(row, {
      url: '/other#export',
      type: 0,
      title: 'Other page',
      path: 'Ledger <mark>export</mark>',
      snippet: '<mark>Export</mark> the ledger as CSV.',
      page: 'Other page',
      tree: '',
    });
  });

  test('a page found through a text of a section: the page title, the section, the text', async () => {
    const [row] = await rows('table');
    assert.deepEqual(row, {
      url: '/other#table',
      type: 0,
      title: 'Other page',
      path: '<mark>Table</mark>',
      snippet: 'Rows of the ledger, in a <mark>table</mark>.',
      page: 'Other page',
      tree: '',
    });
  });

  test("a text under its page: the section's name, the text as snippet", async () => {
    const got = await rows('ledger');
    const table = got.find((r) => r.url === '/other#table')!;
    assert.deepEqual(table, {
      url: '/other#table',
      type: 4,
      title: 'Table',
      path: '',
      snippet: 'Rows of the <mark>ledger</mark>, in a table.',
      page: 'Other page',
      tree: table.tree,
    });
    assert.notEqual(table.tree, '');
  });

  test('a text whose page has no title: the text itself, its section below', async () => {
    const [row] = await rows('without');
    assert.deepEqual(row, {
      url: '/untitled#loose',
      type: 4,
      title: 'A ledger <mark>without</mark> a page title.',
      path: 'Loose',
      snippet: undefined,
      page: '',
      tree: '',
    });
  });

  test('a page whose text matches only before its first heading: the text under the title', async () => {
    const [row] = await rows('lists entries');
    assert.deepEqual(row, {
      url: '/guide',
      type: 0,
      title: 'Ledger guide',
      path: 'Guides › Billing',
      snippet: 'The ledger <mark>lists</mark> <mark>entries</mark>.',
      page: 'Ledger guide',
      tree: '',
    });
  });
});

describe("searchSource and the engine's answer", () => {
  test('nothing for no plans, no index or no room', async () => {
    const {source} = await loadSource(spec, serve({[spec.uri]: indexJson([[{i: 1, t: 'Ledger', u: '/a'}]])}), pipeline);
    const plans = planQueries(tokenizeQuery('ledger'), pipeline);
    assert.equal(searchSource(source, plans, 5, options, '').length, 1);
    assert.deepEqual(searchSource(source, [], 5, options, ''), []);
    assert.deepEqual(searchSource(source, plans, 0, options, ''), []);
    assert.deepEqual(searchSource(emptySource(spec), plans, 5, options, ''), []);
  });

  test('a query that cannot match a word of the index is empty without asking lunr; a prefix must start a word', async () => {
    const {source} = await loadSource(
      spec,
      serve({
        [spec.uri]: indexJson([
          [
            {i: 1, t: 'Ledger entries', u: '/a'},
            {i: 2, t: 'Ledger export', u: '/b'},
          ],
        ]),
      }),
      pipeline,
    );
    const run = (q: string) =>
      searchSource(source, planQueries(tokenizeQuery(q), pipeline), 5, options, '').map((h) => h.url.replace(/\?.*/, ''));
    assert.deepEqual(run('ledger zzz'), []);
    assert.deepEqual(run('ledger ent'), ['/a'], 'a prefix of a word');
    assert.deepEqual(run('ledger entz'), []);
    assert.deepEqual(run('ledger exp'), ['/b']);
    assert.deepEqual(run('ledger'), ['/a', '/b']);
  });

  test('lunr is not asked when a required word is in no document, or a prefix starts no word', async () => {
    const {source} = await loadSource(
      spec,
      serve({[spec.uri]: indexJson([[{i: 1, t: 'Ledger entries', u: '/a'}], [{i: 2, t: 'Ledgers', u: '/a', h: '#l', p: 1}]])}),
      pipeline,
    );
    let asked = 0;
    for (const loaded of source.indexes) {
      const query = loaded.index.query.bind(loaded.index);
      loaded.index.query = (fn) => {
        asked += 1;
        return query(fn);
      };
    }
    const ask = (q: string) => {
      asked = 0;
      const hits = searchSource(source, planQueries(tokenizeQuery(q), pipeline), 5, options, '').length;
      return [hits, asked];
    };
    assert.deepEqual(ask('ledger zzz'), [0, 0]);
    assert.deepEqual(ask('zzz ledger'), [0, 0]);
    assert.deepEqual(ask('ledger entz'), [0, 0], 'entz starts no word');
    assert.deepEqual(ask('ledger ezz'), [0, 0], 'the first letter is there, the second not');
    // "ledgers" is stemmed to "ledger" first; a prefix as typed.
    assert.deepEqual(ask('ledgers'), [2, 2], 'the exact plan in both sub-indexes; "ledgers" as typed starts no indexed word');
    assert.deepEqual(ask('ledger ent'), [1, 1], 'not the exact plan ("ent" is no word); the prefix plan in the titles only');
  });

  test('marks in a compact index are found by stem: "entries" marks "entry"', async () => {
    const {source} = await loadSource(spec, serve({[spec.uri]: indexJson([[{i: 1, t: 'Ledger entry', u: '/a'}]])}), pipeline);
    const [hit] = searchSource(source, planQueries(tokenizeQuery('entries'), pipeline), 5, options, '');
    assert.equal(hit!.titleHtml, 'Ledger <mark>entry</mark>');
  });

  test('a typo is corrected only when the corrected query finds something, and not while parts are loading', async () => {
    const files = {[spec.uri]: indexJson([[{i: 1, t: 'Ledger entries', u: '/a'}], [], [], [], []])};
    const engine = new SearchEngine();
    await engine.init({options, site: spec, externals: []}, serve(files));
    await engine.complete();
    const fixed = engine.search('ledgr', 5);
    assert.equal(fixed.correctedQuery, 'ledger');
    assert.equal(fixed.partial, undefined);
    assert.equal(typeof fixed.engineMs, 'number');
    assert.equal(engine.search('ledger', 5).correctedQuery, undefined);
    assert.equal(engine.search('ledgr zzzzzz', 5).correctedQuery, undefined, 'the corrected query finds nothing either');
    assert.deepEqual(engine.search('x', 5).sources[0]!.hits, []);
    const before = new SearchEngine();
    assert.deepEqual(before.search('ledger', 5).sources, [], 'before init: nothing');
  });
});

describe('wordStatus', () => {
  const rare: SearchDocument[] = [
    {i: 20, t: 'One custmer wrote this.', u: '/x', p: 1},
    {i: 21, t: 'Twice: zebra and zebra.', u: '/y', p: 1},
    {i: 22, t: 'A zebra.', u: '/z', p: 1},
  ];
  const common: SearchDocument[] = [
    {i: 23, t: 'A giraffe.', u: '/g1', p: 1},
    {i: 24, t: 'A giraffe.', u: '/g2', p: 1},
    {i: 25, t: 'A giraffe.', u: '/g3', p: 1},
  ];
  const loaded = (async () =>
    (
      await loadSource(
        spec,
        serve({
          [spec.uri]: indexJson([[{i: 1, t: 'Ledger', u: '/a'}], [], [], [], [...rare, ...common]], {
            documents: [{i: 1, m: 'GET', a: '/ledger/records', o: 'getLedgerRecords', k: 'account_code'}],
            index: {format: API_RECORDS_FORMAT},
          }),
        }),
        pipeline,
      )
    ).source)();

  test('known: a stop word, a title word, an API word, a word in more than 2 documents, a word being typed', async () => {
    const source = await loaded;
    assert.equal(wordStatus(source, 'the', false, options), 'known');
    assert.equal(wordStatus(source, 'ledger', false, options), 'known');
    assert.equal(wordStatus(source, 'records', false, options), 'known', 'a word of an API record');
    assert.equal(wordStatus(source, 'account_code', false, options), 'known', 'a field name');
    assert.equal(wordStatus(source, 'get_ledger_records', false, options), 'known', 'the operationId, written with separators');
    assert.equal(wordStatus(source, 'get_ledger_recs', false, options), 'unknown');
    assert.equal(wordStatus(source, 'giraffe', false, options), 'known', 'three documents');
    assert.equal(wordStatus(source, 'gir', true, options), 'known', 'being typed');
    assert.equal(wordStatus(source, 'gir', false, options), 'unknown');
    assert.equal(wordStatus(source, 'giraffe', true, options), 'known');
  });

  test('weak: in 1 or 2 documents, none a title; unknown: in none', async () => {
    const source = await loaded;
    assert.equal(wordStatus(source, 'custmer', false, options), 'weak');
    assert.equal(wordStatus(source, 'zebra', false, options), 'weak', 'two documents');
    assert.equal(wordStatus(source, 'nowhere', false, options), 'unknown');
  });

  test('an index that keeps stop words: a stop word is a word like any other', async () => {
    const source = await loaded;
    assert.equal(wordStatus(source, 'and', false, {...options, removeDefaultStopWordFilter: true}), 'known', 'in the vocabulary');
    assert.equal(wordStatus(source, 'because', false, {...options, removeDefaultStopWordFilter: true}), 'unknown');
    assert.equal(wordStatus(source, 'because', false, null), 'known');
  });
});

/** A sub-index in lunr's own serialised form (as external indexes may be), built with `setup`. */
const lunrEntry = (documents: (SearchDocument & Record<string, unknown>)[], setup: (b: lunr.Builder) => void = () => undefined) => ({
  documents,
  index: JSON.parse(
    JSON.stringify(
      lunr(function () {
        this.ref('i');
        this.field('t');
        setup(this);
        for (const d of documents) this.add({...d, i: String(d.i)});
      }),
    ),
  ),
});
const plan = (value: string, wildcard: number, usePipeline: boolean): PlannedQuery => ({
  tokens: [value],
  terms: [{value, wildcard, usePipeline}],
});
const sourceOf = async (json: unknown) => (await loadSource(spec, serve({[spec.uri]: json}), pipeline)).source;

describe('loading an index: partial and odd files', () => {
  test("an API record needs a numeric id, and a summary and a URL (its own or its page's)", () => {
    const pages = new Map<number, SearchDocument>([[1, {i: 1, t: 'Get ledger', u: '/docs/api/get-ledger'}]]);
    const json = [
      {
        documents: [
          {i: '1', m: 'GET', a: '/string-id', t: 'Own', u: '/own'},
          {i: 5, m: 'GET', a: '/no-url', t: 'Only a summary'},
          {i: 6, m: 'GET', a: '/no-summary', u: '/only-url'},
          {i: 7, m: 'GET', a: '/own', t: 'Own summary', u: '/own'},
          {i: 1, m: 'GET', a: '/ledger'},
        ],
        index: {format: API_RECORDS_FORMAT},
      },
    ];
    assert.deepEqual(
      parseApiEntry(json, pages)!.records.map((r) => r.doc.a),
      ['/own', '/ledger'],
    );
    assert.deepEqual(
      parseApiEntry(json)!.records.map((r) => r.doc.a),
      ['/own'],
      'without pages, only records with their own',
    );
  });

  test('an index with no entries at all loads, empty (no titles, no API records)', async () => {
    const {source, status} = await loadSource(spec, serve({[spec.uri]: []}), pipeline);
    assert.deepEqual([status.ok, status.documents, source.indexes, source.pages.size, source.api], [true, 0, [], 0, null]);
  });

  test('no prefetch: the index alone is fetched and nothing is kept for later', async () => {
    const fetchImpl = serve({[spec.uri]: indexJson([[{i: 1, t: 'Ledger', u: '/a'}]])});
    const {source} = await loadSource(spec, fetchImpl, pipeline);
    assert.deepEqual(fetchImpl.calls, [spec.uri]);
    assert.equal(source.prefetched, undefined);
  });

  test('a part loaded after the index takes its place by type, before the entries that follow it', async () => {
    const main = JSON.parse(
      JSON.stringify([
        entry([{i: 1, t: 'Ledger', u: '/a'}]),
        {documents: [], index: {format: INDEX_PART_FORMAT, uri: 'headings.json'}},
        entry([{i: 3, t: 'Ledger described', u: '/a', h: '', p: 1}]),
        entry([]),
        entry([{i: 4, t: 'Ledger text', u: '/a', h: '#t', p: 1}]),
      ]),
    );
    const fetchImpl = serve({
      [spec.uri]: main,
      'https://site.test/headings.json': indexJson([[{i: 2, t: 'Ledger heading', u: '/a', h: '#h', p: 1}]]),
    });
    const {source} = await loadSource(spec, fetchImpl, pipeline);
    assert.deepEqual(
      source.indexes.map((x) => x.type),
      [0, 2, 3, 4],
    );
    assert.deepEqual(await loadParts(source, fetchImpl, pipeline), []);
    assert.deepEqual(
      source.indexes.map((x) => x.type),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(
      source.indexes.map((x) => [...x.documents.keys()]),
      [['1'], ['2'], ['3'], [], ['4']],
    );
  });

  test('a lunr index that refers to a document the file left out (malformed): that result is skipped', async () => {
    const titles = lunrEntry([
      {i: 1, t: 'Ledger', u: '/a'},
      {i: 2, t: 'Ledger broken', u: '/b'},
    ]);
    delete (titles.documents[1] as Partial<SearchDocument>).u;
    const source = await sourceOf([titles]);
    const hits = searchSource(source, planQueries(['ledger'], pipeline), 5, options, '');
    assert.deepEqual(
      hits.map((h) => h.url.replace(/\?.*/, '')),
      ['/a'],
    );
  });
});

describe('matching in a lunr index (external indexes)', () => {
  test('marks come from the positions lunr stored, not from our own reading of the text', async () => {
    // Indexed by a pipeline of its own: "entries" became the term "ledgerline", which nothing in
    // the text turns into for our pipeline; lunr's stored position still points at "entries".
    const rename: lunr.PipelineFunction = (token) =>
      (token as {update(fn: (s: string) => string): unknown}).update((s) => (s === 'entries' ? 'ledgerline' : s));
    (lunr.Pipeline as unknown as {registerFunction(fn: lunr.PipelineFunction, label: string): void}).registerFunction(
      rename,
      'test-rename',
    );
    const titles = lunrEntry([{i: 1, t: 'Ledger entries', u: '/a'}], (b) => {
      b.metadataWhitelist = ['position'];
      b.pipeline.reset();
      b.pipeline.add(rename);
      b.searchPipeline.reset();
    });
    const [hit] = searchSource(await sourceOf([titles]), [plan('ledgerline', lunr.Query.wildcard.NONE, true)], 5, options, '');
    assert.equal(hit!.titleHtml, 'Ledger <mark>entries</mark>');
  });

  test('no stored positions, or a match in another field: the hit still shows (marked by its words)', async () => {
    const noPositions = lunrEntry([{i: 1, t: 'Ledger entries', u: '/a'}]);
    const [plain] = searchSource(await sourceOf([noPositions]), planQueries(['ledger'], pipeline), 5, options, '');
    assert.equal(plain!.titleHtml, '<mark>Ledger</mark> entries');
    const twoFields = lunrEntry([{i: 1, t: 'Ledger', u: '/a', x: 'entries'}], (b) => {
      b.field('x');
      b.metadataWhitelist = ['position'];
    });
    const [other] = searchSource(await sourceOf([twoFields]), planQueries(['entries'], pipeline), 5, options, '');
    assert.equal(other!.titleHtml, 'Ledger');
  });

  test('the cheap check mirrors lunr: an exact term as typed when it skips the pipeline, a leading wildcard', async () => {
    const source = await sourceOf(indexJson([[{i: 1, t: 'Ledger entries', u: '/a'}]]));
    const count = (p: PlannedQuery) => searchSource(source, [p], 5, options, '').length;
    assert.equal(count(plan('ledger', lunr.Query.wildcard.NONE, false)), 1);
    assert.equal(count(plan('entries', lunr.Query.wildcard.NONE, false)), 0, 'indexed as "entri"');
    assert.equal(count(plan('entri', lunr.Query.wildcard.NONE, false)), 1);
    assert.equal(count(plan('dger', lunr.Query.wildcard.LEADING, false)), 1, 'a word that ends so');
    assert.equal(count(plan('the', lunr.Query.wildcard.NONE, true)), 0, 'a stop word the pipeline drops');
  });

  test('a query lunr refuses answers nothing instead of failing', async () => {
    const source = await sourceOf(indexJson([[{i: 1, t: 'Ledger', u: '/a'}]]));
    source.indexes[0]!.index.query = () => {
      throw new Error('QueryParseError');
    };
    assert.deepEqual(searchSource(source, planQueries(['ledger'], pipeline), 5, options, ''), []);
  });

  test('a document found by two plans is one result', async () => {
    const source = await sourceOf(indexJson([[{i: 1, t: 'Ledger', u: '/a'}], [{i: 2, t: 'Ledger entries', u: '/a', h: '#e', p: 1}]]));
    const hits = searchSource(
      source,
      [plan('ledger', lunr.Query.wildcard.NONE, true), plan('led', lunr.Query.wildcard.TRAILING, false)],
      5,
      options,
      '',
    );
    assert.deepEqual(
      hits.map((h) => [h.url.replace(/\?[^#]*/, ''), h.type]),
      [
        ['/a', 0],
        ['/a#e', 1],
      ],
    );
  });
});

describe('how many results are looked at', () => {
  // Rows are grouped from a pool of min(limit + 100, 3 × limit + 20) results (23 for one row),
  // titles first: the page's own text (the last in the pool) is the snippet of its row only when
  // it is among them.
  const site = (others: number) =>
    indexJson([
      [{i: 1, t: 'Ledger', u: '/a'}, ...Array.from({length: others}, (_, k) => ({i: 100 + k, t: `Ledger report ${k + 1}`, u: `/r${k}`}))],
      [],
      [],
      [],
      [{i: 2, t: 'The ledger of a customer.', u: '/a', h: '', p: 1}],
    ]);
  test('one row: 23 results, the 23rd in', async () => {
    const [hit] = searchSource(await sourceOf(site(21)), planQueries(['ledger'], pipeline), 1, options, '');
    assert.equal(hit!.url, '/a?_highlight=ledger');
    assert.equal(hit!.snippetHtml, 'The <mark>ledger</mark> of a customer.');
  });
  test('one row: the 24th out', async () => {
    const hits = searchSource(await sourceOf(site(22)), planQueries(['ledger'], pipeline), 1, options, '');
    assert.deepEqual(
      hits.map((h) => [h.url, h.snippetHtml]),
      [['/a?_highlight=ledger', undefined]],
    );
  });
});

describe('hits, field by field', () => {
  const titles: SearchDocument[] = [
    {i: 1, t: 'Ledger and the long title of a page that goes on for seventy characters', u: '/long'},
    {i: 2, t: 'Journal', u: '/journal', b: ['Guides']},
  ];
  const headings: SearchDocument[] = [
    {i: 10, t: 'Journal entries and a heading that goes on and on for seventy letters', u: '/journal', h: '#e', p: 2},
  ];
  const contents: SearchDocument[] = [{i: 20, t: 'Widgets are reconciled nightly.', u: '/docs/api-reference/widgets', h: '', s: ''}];
  const source = sourceOf(indexJson([titles, headings, [], [], contents]));
  const search = async (q: string, opts: EngineOptions = options) =>
    searchSource(await source, planQueries(tokenizeQuery(q), opts), 10, opts, q);

  test('a title is shown up to twice the context length; no breadcrumbs, no path line', async () => {
    const [hit] = await search('seventy characters');
    assert.equal(hit!.titleHtml, 'Ledger and the long title of a page that goes on for <mark>seventy</mark> <mark>characters</mark>');
    assert.equal(hit!.pathHtml, '');
    assert.equal(hit!.id, '#1');
  });

  test('a heading under its page is shown up to twice the context length too', async () => {
    const got = await search('journal');
    assert.deepEqual(
      got.map((h) => [h.type, h.titleHtml]),
      [
        [0, '<mark>Journal</mark>'],
        [1, '<mark>Journal</mark> entries and a heading that goes on and on for seventy letters'],
      ],
    );
    assert.deepEqual(
      got.map((h) => h.id),
      ['#2', '#10'],
    );
  });

  test('a text without a page under /docs/api-reference/: "API Reference", no path line', async () => {
    const [hit] = await search('reconciled');
    assert.deepEqual([hit!.type, hit!.titleHtml, hit!.pathHtml, hit!.pageTitle], [0, 'API Reference', '', 'API Reference']);
  });

  test('no _highlight parameters when the option is off', async () => {
    const [hit] = await search('journal', {...options, highlightSearchTermsOnTargetPage: false});
    assert.equal(hit!.url, '/journal');
  });
});

describe('the engine over several sources', () => {
  const site = {heading: null, uri: 'https://site.test/search-index.json'};
  const sdk = {heading: 'SDK', uri: 'https://sdk.test/search-index.json'};

  test('before init: nothing to complete, nothing found', async () => {
    const engine = new SearchEngine();
    assert.deepEqual(await engine.complete(), []);
    assert.deepEqual(engine.search('ledger', 5).sources, []);
  });

  test('a search while the indexes are still loading answers nothing, without failing', async () => {
    const engine = new SearchEngine();
    const init = engine.init({options, site, externals: []}, serve({[site.uri]: indexJson([[{i: 1, t: 'Ledger', u: '/a'}]])}));
    assert.deepEqual(engine.search('ledger', 5).sources, []);
    await init;
    assert.equal(engine.search('ledger', 5).sources[0]!.hits.length, 1);
  });

  test('partial while any source still has parts; the time taken is measured', async () => {
    const files = {
      [site.uri]: indexJson([[{i: 1, t: 'Ledger', u: '/a'}]]),
      [sdk.uri]: indexJson([[{i: 1, t: 'Ledger SDK', u: '/sdk'}]], {documents: [], index: {format: INDEX_PART_FORMAT, uri: 'h.json'}}),
      'https://sdk.test/h.json': indexJson([[]]),
    };
    const engine = new SearchEngine();
    await engine.init({options, site, externals: [sdk]}, serve(files));
    const before = performance.now();
    const answer = engine.search('ledger', 5);
    const took = performance.now() - before;
    assert.equal(answer.partial, true, 'the SDK index has a part to load');
    assert.ok(answer.engineMs >= 0 && answer.engineMs <= took, `engineMs ${answer.engineMs} within ${took}`);
    await engine.complete();
    assert.equal(engine.search('ledger', 5).partial, undefined);
  });

  test('a corrected query is answered when any source finds something with it', async () => {
    const files = {
      [site.uri]: indexJson([[{i: 1, t: 'Ledger entries', u: '/a'}]]),
      [sdk.uri]: indexJson([[{i: 1, t: 'Webhooks', u: '/sdk'}]]),
    };
    const engine = new SearchEngine();
    await engine.init({options, site, externals: [sdk]}, serve(files));
    await engine.complete();
    const before = performance.now();
    const answer = engine.search('ledgr', 5);
    const took = performance.now() - before;
    assert.equal(answer.correctedQuery, 'ledger');
    assert.deepEqual(
      answer.sources.map((s) => s.hits.length),
      [1, 0],
    );
    assert.ok(answer.engineMs >= 0 && answer.engineMs <= took, `engineMs ${answer.engineMs} within ${took}`);
  });

  test('a word only an API record has (a field name) is a correction too', async () => {
    const json = indexJson([[{i: 1, t: 'Create customer', u: '/docs/api/create-customer'}]], {
      documents: [{i: 1, m: 'POST', a: '/customers', k: 'tax_exempt'}],
      index: {format: API_RECORDS_FORMAT},
    });
    const engine = new SearchEngine();
    await engine.init({options, site, externals: []}, serve({[site.uri]: json}));
    await engine.complete();
    const answer = engine.search('tax_exmpt', 5);
    assert.equal(answer.correctedQuery, 'tax_exempt');
    assert.deepEqual(
      answer.sources[0]!.hits.map((h) => [h.url.replace(/\?.*/, ''), h.api]),
      [['/docs/api/create-customer', {method: 'POST', path: '/customers'}]],
    );
  });

  test('API records with no plans to run: nothing', async () => {
    const json = indexJson([[{i: 1, t: 'Create customer', u: '/c'}]], {
      documents: [{i: 1, m: 'POST', a: '/customers'}],
      index: {format: API_RECORDS_FORMAT},
    });
    assert.deepEqual(searchSource(await sourceOf(json), [], 5, options, 'create customer'), []);
  });
});

describe("API matches among lunr's results", () => {
  // Two operations with every word of "widgets" in their summary (tier 1, alike in every other
  // way): lunr's order decides, by the first place where lunr has any result of each page.
  const json = indexJson(
    [
      [
        {i: 1, t: 'Alpha widgets', u: '/a'},
        {i: 2, t: 'Beta widgets', u: '/b'},
        {i: 3, t: 'Widgets essay', u: '/essay'},
      ],
      [
        {i: 10, t: 'Zeta', u: '/b', h: '#z', p: 2},
        {i: 11, t: 'Omega', u: '/b', h: '#o', p: 2},
      ],
    ],
    {
      documents: [
        {i: 1, m: 'GET', a: '/alpha'},
        {i: 2, m: 'GET', a: '/beta'},
      ],
      index: {format: API_RECORDS_FORMAT},
    },
  );
  const exact = (w: string) => plan(w, lunr.Query.wildcard.NONE, true);
  const pages = async (plans: PlannedQuery[], query: string, limit = 10) =>
    searchSource(await sourceOf(json), plans, limit, options, query)
      .filter((h) => h.type === 0)
      .map((h) => h.url.replace(/[?#].*/, ''));

  test('a page lunr has first (through a section) comes first, though its title comes later', async () => {
    // lunr: B's section "Zeta", the three titles, B's section "Omega".
    assert.deepEqual(await pages([exact('zeta'), exact('widgets'), exact('omega')], 'widgets'), ['/b', '/a', '/essay']);
  });

  test("operations come before prose lunr puts first; without a query, lunr's order", async () => {
    const plans = [exact('essay'), exact('widgets')];
    assert.deepEqual(await pages(plans, 'widgets'), ['/a', '/b', '/essay']);
    assert.deepEqual(await pages(plans, ''), ['/essay', '/a', '/b']);
  });

  test("an operation lunr did not find at all is still shown, after lunr's results", async () => {
    // "Beta" is in no plan: lunr finds the essay and Alpha only; matchApi finds both operations by "widgets".
    assert.deepEqual(await pages([exact('essay'), exact('alpha')], 'widgets'), ['/a', '/b', '/essay']);
    const [, beta] = searchSource(await sourceOf(json), [exact('essay'), exact('alpha')], 10, options, 'widgets');
    assert.deepEqual(
      [beta!.url, beta!.titleHtml, beta!.api],
      ['/b?_highlight=widgets', 'Beta <mark>widgets</mark>', {method: 'GET', path: '/beta'}],
    );
    // Its title is marked by stem, like lunr's own results: "widget" marks the word "widgets" whole.
    const [, byStem] = searchSource(await sourceOf(json), [exact('essay'), exact('alpha')], 10, options, 'widget');
    assert.equal(byStem!.titleHtml, 'Beta <mark>widgets</mark>');
  });

  test("an operation's row carries its method and path, whichever of its documents brought it", async () => {
    const hits = searchSource(await sourceOf(json), [exact('zeta')], 10, options, 'zeta');
    assert.deepEqual(
      hits.map((h) => [h.url, h.type, h.api]),
      [['/b?_highlight=zeta#z', 0, {method: 'GET', path: '/beta'}]],
    );
  });
});

describe('wordStatus: where a rare word is', () => {
  test('in one page title only: known; in one heading only: weak; in another field of a title index: unknown', async () => {
    const source = await sourceOf([
      lunrEntry([{i: 1, t: 'Quokka care', u: '/q', x: 'wombat'}], (b) => b.field('x')),
      lunrEntry([{i: 2, t: 'Numbat habits', u: '/q', h: '#n', p: 1}]),
    ]);
    assert.equal(wordStatus(source, 'quokka', false, options), 'known');
    assert.equal(wordStatus(source, 'numbat', false, options), 'weak');
    assert.equal(wordStatus(source, 'wombat', false, options), 'unknown', 'not a word of any title: the other field does not count');
  });
});

test("at most 100 operations go before lunr's answer; the others keep their place in it", async () => {
  const ops = Array.from({length: 101}, (_, k) => ({i: k + 1, t: `Widget operation ${k + 1}`, u: `/op${k + 1}`}));
  const json = indexJson([[{i: 500, t: 'Widgets', u: '/essay'}, ...ops]], {
    documents: ops.map((o) => ({i: o.i, m: 'GET', a: `/op${o.i}`})),
    index: {format: API_RECORDS_FORMAT},
  });
  const hits = searchSource(await sourceOf(json), planQueries(['widgets'], pipeline), 150, options, 'widgets');
  const urls = hits.map((h) => h.url.replace(/\?.*/, ''));
  assert.equal(urls.length, 102);
  assert.equal(urls.indexOf('/essay'), 100, 'after the 100 operations lunr ranks best, before the 101st');
});

describe('the result that stands for a promoted operation', () => {
  const fillers = Array.from({length: 21}, (_, k) => ({i: 100 + k, t: `Filler ${k + 1}`, u: `/f${k + 1}`}));
  const json = indexJson(
    [[{i: 2, t: 'Beta widgets', u: '/b'}, {i: 3, t: 'Gamma widgets', u: '/c'}, ...fillers], [{i: 10, t: 'Zeta', u: '/b', h: '#z', p: 2}]],
    {
      documents: [
        {i: 2, m: 'GET', a: '/beta'},
        {i: 3, m: 'GET', a: '/gamma'},
      ],
      index: {format: API_RECORDS_FORMAT},
    },
  );
  const exact = (w: string) => plan(w, lunr.Query.wildcard.NONE, true);
  const first = async (plans: PlannedQuery[], query: string, limit: number) => {
    const [hit] = searchSource(await sourceOf(json), plans, limit, options, query);
    return [hit!.url.replace(/\?[^#]*/, ''), hit!.type, hit!.titleHtml, hit!.pathHtml];
  };

  test('lunr found only a section of its page: that section, standing for the page', async () => {
    assert.deepEqual(await first([exact('zeta')], 'beta', 5), ['/b#z', 0, 'Beta widgets', '<mark>Zeta</mark>']);
  });

  test('lunr found its title too, even as the last result looked at: the title leads', async () => {
    // One row: 23 results looked at. lunr: B's section, 21 fillers, B's title (the 23rd); the
    // operation Gamma (not found by lunr) is promoted too, so one result falls off the end, never
    // the promoted title.
    assert.deepEqual(await first([exact('zeta'), exact('filler'), exact('beta')], 'widgets', 1), [
      '/b',
      0,
      '<mark>Beta</mark> widgets',
      '',
    ]);
  });
});
