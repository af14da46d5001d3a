/**
 * Search quality of a built index: the judged queries (tests/search/judged-queries.ts) run through
 * the site's engine code in Node, as the search modal asks them (5 results), scored as top-1,
 * top-5 and mean reciprocal rank. For GitHub's description only the generated queries apply (for
 * every operation its "METHOD /path" and its operationId, its page first); its index is also timed
 * here (load, and the median engine time per query).
 */
import {readFileSync} from 'node:fs';
import {loadBuiltEngine} from '../../tests/search/real-index';
import {generatedApiQueries, judgedQueries, scoreJudged, summarizeScores, type JudgedQuery} from '../../tests/search/judged-queries';
import {median} from './stats';

export interface SearchQuality {
  queries: number;
  top1: number;
  top5: number;
  mrr: number;
  /** Queries whose top-5 expectation failed (at most 20 shown). */
  misses: string[];
  /** Engine time per query in Node (median, ms) and the index load time (ms). */
  engineMedianMs: number;
  loadMs: number;
  error?: string;
}

export async function measureQuality(indexFile: string, queries: readonly JudgedQuery[]): Promise<SearchQuality> {
  try {
    const t0 = performance.now();
    const engine = await loadBuiltEngine(indexFile);
    const loadMs = performance.now() - t0;
    const times: number[] = [];
    const scores = queries.map((j) => {
      const r = engine.search(j.query, 5);
      times.push(r.engineMs);
      const urls = r.sources.flatMap((s) => s.hits.map((h) => h.url));
      return {j, score: scoreJudged(j, urls), urls};
    });
    return {
      ...summarizeScores(scores.map((s) => s.score)),
      misses: scores
        .filter((s) => !s.score.top5)
        .slice(0, 20)
        .map((s) => `${s.j.query} → ${s.urls[0] ?? '(nothing)'}`),
      engineMedianMs: median(times),
      loadMs,
    };
  } catch (error) {
    return {
      queries: 0,
      top1: NaN,
      top5: NaN,
      mrr: NaN,
      misses: [],
      engineMedianMs: NaN,
      loadMs: NaN,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Our site: the literal judged set plus the queries generated from our processed document. */
export const siteQueries = (): JudgedQuery[] => judgedQueries();

/** Another document (GitHub's): the generated queries only, its operation pages under /docs/api/. */
export const documentQueries = (documentFile: string, baseUrl = '/'): JudgedQuery[] =>
  generatedApiQueries(JSON.parse(readFileSync(documentFile, 'utf8')), (slug) => `${baseUrl}docs/api/${slug}`);
