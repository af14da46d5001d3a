/**
 * The judged queries (./judged-queries.ts) against the built index, with the site's engine code
 * in Node: as the search modal asks (5 results) and as the /search page asks (its limit, first 5
 * looked at). Needs a build (`npm run build`). The expectations are the literal lists of the
 * judged set, never results of this engine.
 */
import {before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {searchClientConfig} from '../../src/config/search';
import type {SearchEngine} from '../../src/components/Search/engine';
import {
  checkJudged,
  generatedApiQueries,
  hitsTarget,
  JUDGED_QUERIES,
  LITERAL_QUERIES,
  scoreJudged,
  summarizeScores,
  type JudgedQuery,
} from './judged-queries';
import {loadBuiltEngine, SITE_DIR} from './real-index';

let engine: SearchEngine;
before(async () => {
  engine = await loadBuiltEngine();
});

const urls = (query: string, limit: number) => engine.search(query, limit).sources.flatMap((s) => s.hits.map((h) => h.url));

describe('the judged set itself', () => {
  test('60+ distinct queries, every one with an expectation, every target a page of the built index', () => {
    assert.ok(JUDGED_QUERIES.length >= 60, `${JUDGED_QUERIES.length} queries`);
    assert.ok(LITERAL_QUERIES.length >= 60, `${LITERAL_QUERIES.length} literal queries`);
    for (const kind of ['path', 'method-path', 'operationId', 'field', 'typo', 'question', 'prose', 'nothing'] as const) {
      assert.ok(
        JUDGED_QUERIES.some((j) => j.kind === kind),
        `a query of kind ${kind}`,
      );
    }
    const queries = JUDGED_QUERIES.map((j) => j.query);
    assert.deepEqual(
      queries.filter((q, k) => queries.indexOf(q) !== k),
      [],
      'no query twice',
    );
    for (const j of JUDGED_QUERIES) {
      const {top1, top5, none} = j.expect;
      assert.ok(none ? !top1 && !top5 : !!top1 || (top5?.length ?? 0) > 0, `"${j.query}": exactly one kind of expectation`);
      assert.ok((top5?.length ?? 0) <= 5, `"${j.query}": at most 5 in top5`);
      for (const target of [top1, ...(top5 ?? [])].filter((t): t is string => !!t)) {
        const [pagePath, anchor] = target.split('#');
        const file = path.join(SITE_DIR, pagePath!, 'index.html');
        assert.ok(existsSync(file), `"${j.query}": ${target} is not a page of the built site`);
        if (anchor) assert.ok(readFileSync(file, 'utf8').includes(`id="${anchor}"`), `"${j.query}": ${pagePath} has no #${anchor}`);
      }
    }
  });

  test('hitsTarget compares the page path, and the anchor only when the target names one', () => {
    assert.equal(hitsTarget('/docs/api/get-customer?_highlight=customer', '/docs/api/get-customer'), true);
    assert.equal(hitsTarget('/docs/api/get-customer-ledger?_highlight=customer', '/docs/api/get-customer'), false);
    assert.equal(hitsTarget('/docs/api/rev-io-api?_highlight=x#errors', '/docs/api/rev-io-api'), true);
    assert.equal(hitsTarget('/docs/api/rev-io-api?_highlight=x#errors', '/docs/api/rev-io-api#errors'), true);
    assert.equal(hitsTarget('/docs/api/rev-io-api?_highlight=x#pagination', '/docs/api/rev-io-api#errors'), false);
    assert.equal(hitsTarget('/docs/api/rev-io-api?_highlight=x', '/docs/api/rev-io-api#errors'), false);
  });

  test('every operation of a document gives two generated queries, its method + path and its operationId, first', () => {
    const doc = {paths: {'/a/{id}': {get: {operationId: 'getA', summary: 'Get A'}, delete: {summary: 'Remove A'}}}};
    assert.deepEqual(
      generatedApiQueries(doc).map((j) => [j.query, j.expect.top1]),
      [
        ['GET /a/{id}', '/docs/api/get-a'],
        ['getA', '/docs/api/get-a'],
        ['DELETE /a/{id}', '/docs/api/remove-a'],
      ],
    );
  });

  test('scores: top-1, top-5 and reciprocal rank', () => {
    const j: JudgedQuery = {query: 'q', kind: 'operation', expect: {top1: '/a'}};
    assert.deepEqual(scoreJudged(j, ['/a']), {top1: true, top5: true, reciprocalRank: 1});
    assert.deepEqual(scoreJudged(j, ['/b', '/a']), {top1: false, top5: true, reciprocalRank: 0.5});
    assert.deepEqual(scoreJudged(j, ['/b', '/c', '/d', '/e', '/f', '/a']), {top1: false, top5: false, reciprocalRank: 1 / 6});
    const none: JudgedQuery = {query: 'z', kind: 'nothing', expect: {none: true}};
    assert.deepEqual(scoreJudged(none, []), {top1: true, top5: true, reciprocalRank: 1});
    assert.deepEqual(summarizeScores([scoreJudged(j, ['/a']), scoreJudged(j, ['/b'])]), {queries: 2, top1: 0.5, top5: 0.5, mrr: 0.5});
  });

  test('checkJudged fails on a wrong first result, a missing top-5 page, and results for "none"', () => {
    const j: JudgedQuery = {query: 'q', kind: 'operation', expect: {top1: '/a', top5: ['/b']}};
    assert.deepEqual(checkJudged(j, ['/a?_highlight=q', '/c', '/b']), []);
    assert.equal(checkJudged(j, ['/b', '/a']).length, 1);
    assert.equal(checkJudged(j, ['/a', '/c', '/c', '/c', '/c', '/b']).length, 1, 'the 6th result is not in the first 5');
    assert.equal(checkJudged(j, []).length, 3);
    assert.equal(checkJudged({query: 'z', kind: 'nothing', expect: {none: true}}, ['/a']).length, 1);
    assert.deepEqual(checkJudged({query: 'z', kind: 'nothing', expect: {none: true}}, []), []);
  });
});

describe('the built index answers the judged queries', () => {
  test('as the search modal asks: 5 results', () => {
    const problems = JUDGED_QUERIES.flatMap((j) => {
      const got = urls(j.query, searchClientConfig.searchResultLimits);
      assert.ok(got.length <= 5, `"${j.query}": ${got.length} results`);
      return checkJudged(j, got);
    });
    assert.deepEqual(problems, []);
  });

  test(`as the search page asks: ${searchClientConfig.searchPageResultLimits} results, the first 5 looked at`, () => {
    const problems = JUDGED_QUERIES.flatMap((j) => checkJudged(j, urls(j.query, searchClientConfig.searchPageResultLimits)));
    assert.deepEqual(problems, []);
  });
});
