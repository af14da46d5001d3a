/**
 * The search index's page parsing on several threads: the same entries, in the same order, as on
 * one thread; a page a worker cannot read fails the index with the page named.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parsePages, parseThreads, type PageToParse} from './parse-pool';

const config = {ignoreCssSelectors: ['.search-skip']};

function page(i: number): string {
  const body = i % 7 === 0 ? '<meta name="robots" content="noindex">' : '';
  return `<!doctype html><html><head><title>P${i}</title>${body}<meta name="description" content="Page ${i}"></head><body>
<div class="main-wrapper"><article><header><h1>Page ${i}</h1></header><p>Intro of page ${i}.</p>
<h2 id="a">Part A<a class="hash-link" href="#a">#</a></h2><p>Text ${i} a<span class="search-skip">hidden</span></p>
<h3 id="b">Part B<a class="hash-link" href="#b">#</a></h3><p>${'word '.repeat(i % 13)}</p></article></div></body></html>`;
}

function pages(n: number): PageToParse[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parse-pool-'));
  return Array.from({length: n}, (_, i) => {
    const filePath = path.join(dir, `${i}.html`);
    writeFileSync(filePath, page(i));
    return {filePath, url: `/docs/p${i}`, type: 'docs' as const};
  });
}

test('two threads give the entries of one thread, in page order', async () => {
  const list = pages(240);
  const one = await parsePages(list, config, 1);
  const two = await parsePages(list, config, 2);
  assert.deepEqual(two, one);
  assert.equal(one.length, 240);
  assert.equal(one[0], null, 'noindex page');
  assert.equal(one[5]?.url, '/docs/p5');
  assert.deepEqual(
    one[5]?.parsed.sections.map((s) => s.title),
    ['Page 5', 'Part A', 'Part B'],
  );
  assert.ok(!JSON.stringify(one).includes('hidden'), 'ignoreCssSelectors applied on both threads');
});

test('a page a worker cannot read fails with its file and URL', async () => {
  const list = pages(120);
  list[1] = {...list[1]!, filePath: `${list[1]!.filePath}.missing`}; // page 1 goes to the worker
  await assert.rejects(parsePages(list, config, 2), /cannot read .*1\.html\.missing \(the page of \/docs\/p1\)/);
});

test('SEARCH_INDEX_THREADS is checked', () => {
  assert.equal(parseThreads({SEARCH_INDEX_THREADS: '3'}), 3);
  assert.throws(() => parseThreads({SEARCH_INDEX_THREADS: 'two'}), /SEARCH_INDEX_THREADS must be a whole number/);
  assert.ok(parseThreads({}) >= 1);
});
