/**
 * A portal for any API: the pipeline builds real public OpenAPI 3 documents that we did not write
 * (shipped in @readme/oas-examples), of different sizes and in JSON and YAML. Their style findings
 * are counted, not fatal; their servers are kept unless API_BASE_URL is set.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {parseYaml} from '@redocly/openapi-core';
import {buildProcessedSpec} from './build';
import {HTTP_METHODS} from '../model/methods';
import {SpecError} from './errors';
import {fixture, OAS_EXAMPLES, runCli, tempOutput} from './test-helpers';

const DOCS = {
  uspto: path.join(OAS_EXAMPLES, '3.0', 'yaml', 'uspto.yaml'), // small, YAML, server variables
  petstore: path.join(OAS_EXAMPLES, '3.0', 'json', 'petstore.json'), // the classic Swagger Petstore
  httpStatusCodes: path.join(OAS_EXAMPLES, '3.0', 'json', 'http-status-codes.json'), // large: 89 operations
};

/** Operation count straight from the original file, independently of the pipeline. */
function countOperations(file: string): number {
  const text = fs.readFileSync(file, 'utf8');
  const doc = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as {paths: Record<string, Record<string, unknown>>};
  let n = 0;
  for (const item of Object.values(doc.paths)) for (const m of HTTP_METHODS) if (item[m]) n++;
  return n;
}

describe('foreign OpenAPI documents', () => {
  for (const [name, file] of Object.entries(DOCS)) {
    it(`${name}: builds, with every operation of the original document`, async () => {
      const expected = countOperations(file);
      assert.ok(expected > 0);
      const original = JSON.stringify(
        (file.endsWith('.json') ? JSON.parse(fs.readFileSync(file, 'utf8')) : parseYaml(fs.readFileSync(file, 'utf8'))).servers,
      );
      const result = await buildProcessedSpec({source: file, strict: false});
      assert.equal(result.stats.operations, expected);
      assert.equal(JSON.stringify(result.document.servers), original, 'servers kept');
    });
  }

  it('the documents differ in size (3, 20 and 89 operations)', () => {
    assert.deepEqual(Object.values(DOCS).map(countOperations), [3, 20, 89]);
  });

  it('CLI: builds http-status-codes.json with a findings summary, keeps its servers, writes the JSON', () => {
    const output = tempOutput();
    const run = runCli({OPENAPI_SOURCE: DOCS.httpStatusCodes, OPENAPI_PROCESSED: output});
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /89 operations, \d+ schemas?, \d+ tags? in \d+ ms/);
    const written = JSON.parse(fs.readFileSync(output, 'utf8'));
    assert.deepEqual(written.servers, [{url: 'https://httpbin.org'}]);
  });

  it("CLI: API_BASE_URL replaces a foreign document's root, path-level and operation-level servers", () => {
    const output = tempOutput();
    const run = runCli({
      OPENAPI_SOURCE: fixture('path-level-servers.yaml'),
      OPENAPI_PROCESSED: output,
      API_BASE_URL: 'https://sandbox.example.test/api',
    });
    assert.equal(run.status, 0, run.stderr);
    const written = JSON.parse(fs.readFileSync(output, 'utf8'));
    assert.deepEqual(written.servers, [{url: 'https://sandbox.example.test/api', description: 'API base address (API_BASE_URL)'}]);
    assert.equal(written.paths['/widgets'].servers, undefined);
    assert.equal(written.paths['/widgets'].get.servers, undefined);
    // without API_BASE_URL they are all kept
    const kept = runCli({OPENAPI_SOURCE: fixture('path-level-servers.yaml'), OPENAPI_PROCESSED: output});
    assert.equal(kept.status, 0, kept.stderr);
    const original = JSON.parse(fs.readFileSync(output, 'utf8'));
    assert.equal(original.servers[0].url, 'https://root.fixtures.invalid');
    assert.equal(original.paths['/widgets'].get.servers[0].url, 'https://operation.fixtures.invalid');
  });

  it('CLI: API_BASE_URL replaces the servers of uspto.yaml', () => {
    const output = tempOutput();
    const run = runCli({OPENAPI_SOURCE: DOCS.uspto, OPENAPI_PROCESSED: output, API_BASE_URL: 'https://sandbox.example.test/api'});
    assert.equal(run.status, 0, run.stderr);
    const written = JSON.parse(fs.readFileSync(output, 'utf8'));
    assert.deepEqual(written.servers, [{url: 'https://sandbox.example.test/api', description: 'API base address (API_BASE_URL)'}]);
  });

  it('a real document without summaries and tags (petstore-expanded.json) builds: pages take their operationIds', async () => {
    const file = path.join(OAS_EXAMPLES, '3.0', 'json', 'petstore-expanded.json');
    const result = await buildProcessedSpec({source: file, strict: false});
    const get = (result.document.paths as Record<string, {get: {operationId?: string; summary?: string}}>)['/pets'].get;
    assert.equal(get.operationId, 'findPets');
    assert.equal(get.summary, undefined);
  });

  it('our own rules still refuse it (every page needs a summary and a tag)', async () => {
    const file = path.join(OAS_EXAMPLES, '3.0', 'json', 'petstore-expanded.json');
    await assert.rejects(buildProcessedSpec({source: file, strict: true}), (err: unknown) => {
      assert.ok(err instanceof SpecError);
      assert.match(err.message, /petstore-expanded\.json#\/paths\/~1pets\/get: GET \/pets has no summary/);
      assert.match(err.message, /petstore-expanded\.json#\/paths\/~1pets\/get: GET \/pets has no tag/);
      return true;
    });
  });
});
