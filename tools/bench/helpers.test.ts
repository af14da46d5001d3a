import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {growth, median, percentile} from './stats';
import {countOperations, generateSyntheticOpenApi} from './synthetic-openapi';
import {classify, sumResources} from './page-weight';
import {descendants, errorLine, parseGnuTime, parseGnuTimeCpu, shortCommand} from './proc-tree';
import {summarizeRuns, type LighthouseRun} from './lighthouse';

test('median and percentile', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
  const v = Array.from({length: 100}, (_, i) => i + 1);
  assert.equal(percentile(v, 95), 95);
  assert.equal(percentile(v, 50), 50);
  assert.equal(percentile([7], 95), 7);
});

test('growth: linear, sub-linear and super-linear series', () => {
  const lin = growth([
    {x: 100, y: 10},
    {x: 500, y: 50},
    {x: 1000, y: 100},
  ])!;
  assert.ok(Math.abs(lin.exponent - 1) < 1e-9);
  assert.equal(lin.linearOrBetter, true);
  // Fixed start-up cost: sub-linear overall.
  assert.equal(
    growth([
      {x: 100, y: 30},
      {x: 500, y: 50},
      {x: 1000, y: 75},
    ])!.linearOrBetter,
    true,
  );
  const quad = growth([
    {x: 100, y: 1},
    {x: 500, y: 25},
    {x: 1000, y: 100},
  ])!;
  assert.ok(quad.exponent > 1.9);
  assert.equal(quad.linearOrBetter, false);
  assert.equal(growth([{x: 100, y: 1}]), null);
});

test('synthetic OpenAPI: exact size, deterministic, unique slugs, shared $refs', () => {
  for (const n of [1, 37, 100, 500]) {
    assert.equal(countOperations(generateSyntheticOpenApi({operations: n})), n);
  }
  const a = JSON.stringify(generateSyntheticOpenApi({operations: 200, seed: 7}));
  assert.equal(a, JSON.stringify(generateSyntheticOpenApi({operations: 200, seed: 7})));
  assert.notEqual(a, JSON.stringify(generateSyntheticOpenApi({operations: 200, seed: 8})));

  const doc = generateSyntheticOpenApi({operations: 1000});
  // The page generator's slug function.
  const kebab = createRequire(__filename)('lodash/kebabCase') as (s: string) => string;
  const slugs = new Set<string>();
  let withBody = 0;
  let withPathParam = 0;
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const op of Object.values(item) as {
      summary: string;
      operationId: string;
      tags: string[];
      requestBody?: unknown;
      responses: object;
    }[]) {
      assert.equal(kebab(op.summary), kebab(op.operationId), op.summary);
      assert.ok(!slugs.has(kebab(op.summary)), `duplicate slug ${op.summary}`);
      slugs.add(kebab(op.summary));
      assert.ok(op.tags.length === 1);
      assert.ok(Object.keys(op.responses).length >= 3);
      if (op.requestBody) withBody++;
      if (p.includes('{')) withPathParam++;
    }
  }
  assert.ok(withBody > 300 && withPathParam > 600, `${withBody} bodies, ${withPathParam} with path params`);
  assert.ok((doc.tags as unknown[]).length >= 20);
  const text = JSON.stringify(doc);
  assert.ok(text.split('"#/components/schemas/Money"').length > 100, 'Money is reused');
  // Every $ref points at something that exists.
  for (const m of text.matchAll(/"#\/components\/(\w+)\/(\w+)"/g)) {
    const components = doc.components as Record<string, Record<string, unknown>>;
    assert.ok(components[m[1]]?.[m[2]], `dangling ${m[0]}`);
  }
});

test('page-weight: classify and sum', () => {
  assert.equal(classify('script', 'text/javascript', 'http://x/a.js'), 'js');
  assert.equal(classify('other', 'text/javascript', 'http://x/a.js'), 'prefetchJs');
  assert.equal(classify('document', 'text/html', 'http://x/'), 'html');
  assert.equal(classify('stylesheet', 'text/css', 'http://x/s.css'), 'css');
  assert.equal(classify('fetch', 'application/json', 'http://x/search-index.json'), 'json');
  assert.equal(classify('image', 'image/svg+xml', 'http://x/logo.svg'), 'image');
  const t = sumResources([
    {url: 'a', name: 'a', cls: 'js', resourceType: 'script', status: 200, raw: 10, gzip: 4},
    {url: 'b', name: 'b', cls: 'js', resourceType: 'script', status: 200, raw: 5, gzip: 2},
  ]);
  assert.deepEqual(t.js, {raw: 15, gzip: 6, count: 2});
  assert.deepEqual(t.css, {raw: 0, gzip: 0, count: 0});
});

test('proc-tree helpers', () => {
  assert.equal(parseGnuTime('\tMaximum resident set size (kbytes): 2048\n'), 2048 * 1024);
  assert.ok(Number.isNaN(parseGnuTime('nothing')));
  assert.equal(
    shortCommand(['node', '/w/node_modules/.bin/docusaurus', 'build', '--out-dir', '/tmp/x/build']),
    'docusaurus build --out-dir build',
  );
  assert.equal(shortCommand(['npm run --silent build -- --out-dir /tmp/x/build']), 'npm run --silent build -- --out-dir build');
  // tsx's preloads and Node's options are not the command.
  assert.equal(
    shortCommand([
      '/usr/bin/node',
      '--require',
      '/w/node_modules/tsx/dist/preflight.cjs',
      '--import',
      'file:///w/node_modules/tsx/dist/loader.mjs',
      'openapi/pipeline/cli.ts',
    ]),
    'cli.ts',
  );
  assert.equal(
    shortCommand(['/usr/bin/node', '--max-semi-space-size=64', '/w/node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build']),
    'docusaurus.mjs build',
  );
  const table = new Map([
    [1, 0],
    [10, 1],
    [11, 10],
    [12, 10],
    [20, 1],
    [30, 99],
  ]);
  assert.deepEqual(descendants(10, table).sort(), [10, 11, 12]);
});

test('lighthouse: medians over runs, errors kept apart', () => {
  const run = (performance: number, tbtMs: number): LighthouseRun => ({
    performance,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    tbtMs,
    lcpMs: 1000,
    cls: 0,
    fcpMs: 800,
    benchmarkIndex: 900,
    failing: [],
  });
  const s = summarizeRuns([run(90, 300), run(96, 100), run(94, 120), {...run(0, 0), runtimeError: 'boom'}]);
  assert.equal(s.performance, 94);
  assert.equal(s.tbtMs, 120);
  assert.deepEqual(s.errors, ['boom']);
});

test('errorLine: broken links, OOM, pipeline', () => {
  const broken = `[ERROR] Error: Unable to build website for locale en.
  [cause]: Error: Docusaurus found broken links!
  - Broken link on source page path = /:
     -> linking to /docs/category/api/contacts
     -> linking to /docs/api/get-customer
    at throwError (/x/logger.js:80:11)`;
  assert.equal(errorLine(broken), 'Docusaurus found 2 broken links, e.g. / -> /docs/category/api/contacts, / -> /docs/api/get-customer');
  assert.match(
    errorLine('<--- JS stacktrace --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n'),
    /heap out of memory/,
  );
  assert.equal(errorLine('spec: 3 problems\nspec: the processed document was not written'), 'spec: 3 problems');
});

test('GNU time CPU parse', () => {
  assert.equal(parseGnuTimeCpu('\tUser time (seconds): 12.50\n\tSystem time (seconds): 1.25\n'), 13750);
  assert.ok(Number.isNaN(parseGnuTimeCpu('')));
});

test('report: goals table verdicts', async () => {
  const {goalsTable, mergeBenchmarksMd, MARKER} = await import('./report');
  const {emptyTotals} = await import('./page-weight');
  const totals = emptyTotals();
  totals.js = {raw: 900_000, gzip: 300 * 1024, count: 3};
  const build = (operations: number, peak: number, wallMs: number) => ({
    label: `Synthetic ${operations}`,
    operations,
    ok: true,
    exitCode: 0,
    timedOut: false,
    wallMs,
    peakTreeRss: peak,
    peakTreePss: peak,
    peakSingleProcessHwm: peak,
    peakSingleProcess: 'docusaurus build',
    gnuTimeMaxRss: peak,
    cpuMs: wallMs,
    atPeak: [],
    logFile: 'x.log',
  });
  const md = goalsTable({
    version: 1,
    startedAt: '',
    projectRoot: '/x',
    argv: [],
    lighthouseRuns: 3,
    skipped: [],
    notes: [],
    machine: {
      cpu: 'x',
      cores: 2,
      memoryBytes: 1,
      os: 'x',
      kernel: 'x',
      node: 'x',
      chromium: 'x',
      lighthouse: 'x',
      playwright: 'x',
      docusaurus: 'x',
      date: 'x',
      gitCommit: 'x',
      loadAverageStart: [0, 0, 0],
    },
    siteBuild: build(23, 6e8, 30_000),
    pages: [{key: 'home', label: 'Home', path: '/', status: 200, totals, scripts: [], pageErrors: []}],
    scaling: {builds: [build(100, 1e9, 20_000), build(1000, 3e9, 120_000)], growth: null},
  });
  assert.match(md, /Full site build.*\*\*PASS\*\*/);
  assert.match(md, /Home `\/`: first-load JS.*\*\*FAIL\*\*/);
  assert.match(md, /1000 operations.*\*\*FAIL \(memory\)\*\*/);
  const merged = mergeBenchmarksMd(`# Mine\n\nhand text\n\n${MARKER}\n\nold`, 'new\n', '# Default');
  assert.ok(merged.startsWith('# Mine\n\nhand text') && merged.endsWith('new\n') && !merged.includes('old'));
});

test("npm run build ends with the build runner, so the bench's `npm run build -- --out-dir <dir>` reaches Docusaurus", () => {
  // npm appends the arguments after `--` to the end of the script: to its last command. With
  // `... docusaurus build && npm run -s check:guides`, --out-dir went to the guides check, the
  // site was written to ./build and every bench build was reported FAILED (no index.html).
  const pkg = createRequire(__filename)('../../package.json') as {scripts: Record<string, string>};
  const lastCommand = pkg.scripts.build!.split(/&&|;/).pop()!.trim();
  // plugins/split-build/cli.ts hands its arguments to `docusaurus build` (split-build.test.ts).
  assert.match(lastCommand, /(^|\s)tsx plugins\/split-build\/cli\.ts$/);
});
