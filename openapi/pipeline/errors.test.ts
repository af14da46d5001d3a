/**
 * Broken sources stop the build with a message naming the file and the JSON pointer, both through
 * buildProcessedSpec and through the CLI (`npm run spec`), which exits non-zero without a stack trace.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildProcessedSpec } from './build';
import { SpecError } from './errors';
import { fixture, OAS_EXAMPLES, runCli, shown, tempOutput } from './test-helpers';

/** Builds `source` and returns the SpecError it must throw. */
async function failure(source: string, strict = false): Promise<SpecError> {
  try {
    await buildProcessedSpec({ source, strict });
  } catch (err) {
    assert.ok(err instanceof SpecError, `expected a SpecError, got ${String(err)}`);
    return err;
  }
  assert.fail(`${source} should not build`);
}

describe('broken sources (buildProcessedSpec)', () => {
  it('unresolvable $ref: names the referencing file, the pointer and the reference', async () => {
    const err = await failure(fixture('bad-ref/openapi.yaml'));
    const file = shown(fixture('bad-ref/paths/things.yaml'));
    assert.match(err.message, /bad-ref\/openapi\.yaml: 2 errors/);
    assert.ok(
      err.message.includes(`${file}#/paths/~1things/get/responses/200/content/application~1json/schema: Can't resolve $ref "../schemas/missing.yaml#/Thing": ENOENT`),
      err.message,
    );
    assert.ok(err.message.includes(`${file}#/paths/~1things/get/responses/400/content/application~1json/schema: Can't resolve $ref "../schemas/thing.yaml#/NoSuchSchema"`), err.message);
    assert.deepEqual(err.problems.map((p) => p.rule), ['no-unresolved-refs', 'no-unresolved-refs']);
  });

  it('invalid structure: bad schema type, non-array required, response without description', async () => {
    const err = await failure(fixture('schema-error.yaml'));
    const file = shown(fixture('schema-error.yaml'));
    const schema = `${file}#/paths/~1widgets/post/requestBody/content/application~1json/schema`;
    assert.ok(err.message.includes(`${schema}/required: Expected type \`array\` but got \`string\`. [struct]`), err.message);
    assert.ok(err.message.includes(`${schema}/properties/name/type: \`type\` can be one of the following only`), err.message);
    assert.ok(err.message.includes(`${file}#/paths/~1widgets/post/responses/201: The field \`description\` must be present on this level. [struct]`), err.message);
  });

  it('missing summary: stops our own (strict) build; a foreign one titles the page by its operationId', async () => {
    const ok = await buildProcessedSpec({ source: fixture('missing-summary.yaml'), strict: false });
    assert.ok((ok.document.paths as Record<string, {post?: unknown}>)['/widgets'].post);
    const err = await failure(fixture('missing-summary.yaml'), true);
    // Strict mode also turns the fixture's style findings (no license, ...) into errors.
    assert.deepEqual(err.problems.filter((p) => p.rule.startsWith('portal/')).map((p) => p.rule), ['portal/operation-summary']);
    assert.ok(err.message.includes(`${shown(fixture('missing-summary.yaml'))}#/paths/~1widgets/post: POST /widgets has no summary`), err.message);
  });

  it('neither operationId nor summary: no page address, fatal for any document', async () => {
    const err = await failure(fixture('missing-slug.yaml'));
    assert.equal(err.problems.length, 1);
    assert.equal(err.problems[0].rule, 'portal/operation-slug');
    assert.ok(err.message.includes(`${shown(fixture('missing-slug.yaml'))}#/paths/~1widgets/post: POST /widgets has neither an operationId nor a summary`), err.message);
  });

  it('missing tag (absent or empty): stops our own (strict) build only', async () => {
    await buildProcessedSpec({ source: fixture('missing-tag.yaml'), strict: false });
    const err = await failure(fixture('missing-tag.yaml'), true);
    const file = shown(fixture('missing-tag.yaml'));
    assert.ok(err.message.includes(`${file}#/paths/~1widgets/get: GET /widgets has no tag`), err.message);
    assert.ok(err.message.includes(`${file}#/paths/~1widgets~1{id}/delete/tags: DELETE /widgets/{id} has no tag`), err.message);
  });

  it('duplicate page slug: names both operations', async () => {
    const err = await failure(fixture('duplicate-slug.yaml'));
    const file = shown(fixture('duplicate-slug.yaml'));
    assert.equal(err.problems.length, 1);
    assert.ok(
      err.message.includes(
        `${file}#/paths/~1v2~1widgets/get/operationId: GET /v2/widgets: operationId "list_widgets" gives page slug "list-widgets", ` +
          `which GET /widgets (${file}#/paths/~1widgets/get/operationId) already uses`,
      ),
      err.message,
    );
  });

  it('missing operationId: a warning that stops our own (strict) build, a finding for a foreign one', async () => {
    const err = await failure(fixture('missing-operation-id.json'), true);
    assert.ok(
      err.message.includes(`${shown(fixture('missing-operation-id.json'))}#/paths/~1widgets/get/operationId: Operation object should contain \`operationId\` field. [operation-operationId]`),
      err.message,
    );
    const ok = await buildProcessedSpec({ source: fixture('missing-operation-id.json'), strict: false });
    assert.equal(ok.stats.operations, 1);
    assert.ok(ok.findings.some((p) => p.rule === 'operation-operationId'));
  });

  it('invalid examples stop our own (strict) build, naming the example pointer', async () => {
    const err = await failure(fixture('bad-example.yaml'), true);
    const base = `${shown(fixture('bad-example.yaml'))}#/paths/~1widgets~1{id}/get`;
    assert.ok(err.message.includes(`${base}/parameters/0/example: Example value must conform to the schema: must be >= 1. [no-invalid-parameter-examples]`), err.message);
    assert.ok(err.message.includes(`${base}/responses/200/content/application~1json/example/id: Example value must conform to the schema: \`id\` property type must be integer.`), err.message);
    assert.ok(err.message.includes(`${base}/responses/200/content/application~1json/example/colour: Example value must conform to the schema: must NOT have unevaluated properties \`colour\`.`), err.message);
  });

  it('style-only findings: fatal for our document, counted for a foreign one', async () => {
    const err = await failure(fixture('style-only.yaml'), true);
    assert.match(err.message, /2 errors and 3 warnings \(our own document must lint with zero errors and zero warnings\)/);
    const ok = await buildProcessedSpec({ source: fixture('style-only.yaml'), strict: false });
    assert.deepEqual(ok.stats.findings, { errors: 2, warnings: 3 });
  });

  it('Swagger 2.0 is rejected with a clear message (fixture and a real Swagger document)', async () => {
    const err = await failure(fixture('swagger2.yaml'));
    assert.equal(err.message, `${shown(fixture('swagger2.yaml'))}#/swagger: this is a Swagger 2.0 (OpenAPI 2.0) document; only OpenAPI 3.x is supported. Convert it to OpenAPI 3 first (for example with swagger2openapi) and point OPENAPI_SOURCE at the result. [openapi-version]`);
    const real = path.join(OAS_EXAMPLES, '2.0', 'json', 'petstore.json');
    assert.match((await failure(real)).message, /#\/swagger: this is a Swagger 2\.0 .*only OpenAPI 3\.x is supported/);
  });

  it('unparseable YAML, a JSON file that is not OpenAPI, a missing file', async () => {
    assert.equal((await failure(fixture('invalid-yaml.yaml'))).message, `${shown(fixture('invalid-yaml.yaml'))}:10:6: invalid YAML: bad indentation of a mapping entry [parse]`);
    assert.match((await failure(fixture('not-openapi.json'))).message, /not-openapi\.json#: not an OpenAPI document: the "openapi" field is missing/);
    assert.match((await failure(fixture('does-not-exist.yaml'))).message, /does-not-exist\.yaml#: cannot read the OpenAPI document: file not found \[read\]/);
  });
});

describe('broken sources (CLI: npx tsx openapi/pipeline/cli.ts)', () => {
  const cases: [string, RegExp][] = [
    ['bad-ref/openapi.yaml', /bad-ref\/paths\/things\.yaml#\/paths\/~1things\/get\/responses\/200\/content\/application~1json\/schema: Can't resolve \$ref/],
    ['schema-error.yaml', /schema-error\.yaml#\/paths\/~1widgets\/post\/responses\/201: The field `description` must be present/],
    ['missing-slug.yaml', /missing-slug\.yaml#\/paths\/~1widgets\/post: POST \/widgets has neither an operationId nor a summary/],
    ['duplicate-slug.yaml', /duplicate-slug\.yaml#\/paths\/~1v2~1widgets\/get\/operationId: .*page slug "list-widgets"/],
    ['swagger2.yaml', /swagger2\.yaml#\/swagger: this is a Swagger 2\.0 .*only OpenAPI 3\.x is supported/],
    ['invalid-yaml.yaml', /invalid-yaml\.yaml:10:6: invalid YAML/],
  ];
  for (const [name, expected] of cases) {
    it(`${name}: exits 1, names file and pointer, writes nothing, prints no stack trace`, () => {
      const output = tempOutput();
      const run = runCli({ OPENAPI_SOURCE: fixture(name), OPENAPI_PROCESSED: output });
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.match(run.stderr, expected);
      assert.match(run.stderr, /the processed document was not written/);
      assert.doesNotMatch(run.stderr, /^\s+at .+:\d+:\d+\)?$/m, 'stack trace');
      assert.equal(fs.existsSync(output), false);
    });
  }

  it('an invalid API_BASE_URL is one line, not a stack trace', () => {
    const run = runCli({ OPENAPI_SOURCE: fixture('style-only.yaml'), OPENAPI_PROCESSED: tempOutput(), API_BASE_URL: 'not a url' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /API_BASE_URL must be an absolute URL/);
    assert.doesNotMatch(run.stderr, /^\s+at /m);
  });
});
