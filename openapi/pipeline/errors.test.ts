/**
 * Broken sources stop the build with a message naming the file and the JSON pointer, both through
 * buildProcessedSpec and through the CLI (`npm run spec`), which exits non-zero without a stack trace.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {buildProcessedSpec} from './build';
import {SpecError} from './errors';
import {fixture, OAS_EXAMPLES, runCli, shown, tempOutput} from './test-helpers';

/** Builds `source` and returns the SpecError it must throw. */
async function failure(source: string, strict = false): Promise<SpecError> {
  try {
    await buildProcessedSpec({source, strict});
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
      err.message.includes(
        `${file}#/paths/~1things/get/responses/200/content/application~1json/schema: Can't resolve $ref "../schemas/missing.yaml#/Thing": ENOENT`,
      ),
      err.message,
    );
    assert.ok(
      err.message.includes(
        `${file}#/paths/~1things/get/responses/400/content/application~1json/schema: Can't resolve $ref "../schemas/thing.yaml#/NoSuchSchema"`,
      ),
      err.message,
    );
    assert.deepEqual(
      err.problems.map((p) => p.rule),
      ['no-unresolved-refs', 'no-unresolved-refs'],
    );
  });

  it('invalid structure: bad schema type, non-array required, response without description: fatal for our document, warnings for a foreign one', async () => {
    const err = await failure(fixture('schema-error.yaml'), true);
    const file = shown(fixture('schema-error.yaml'));
    const schema = `${file}#/paths/~1widgets/post/requestBody/content/application~1json/schema`;
    assert.ok(err.message.includes(`${schema}/required: Expected type \`array\` but got \`string\`. [struct]`), err.message);
    assert.ok(err.message.includes(`${schema}/properties/name/type: \`type\` can be one of the following only`), err.message);
    assert.ok(
      err.message.includes(
        `${file}#/paths/~1widgets/post/responses/201: The field \`description\` must be present on this level. [struct]`,
      ),
      err.message,
    );
    const ok = await buildProcessedSpec({source: fixture('schema-error.yaml'), strict: false});
    const struct = ok.findings.filter((p) => p.rule === 'struct');
    assert.ok(
      struct.some((p) => p.pointer === '#/paths/~1widgets/post/responses/201' && p.severity === 'warn'),
      JSON.stringify(struct),
    );
  });

  it('missing summary: stops our own (strict) build; a foreign one titles the page by its operationId', async () => {
    const ok = await buildProcessedSpec({source: fixture('missing-summary.yaml'), strict: false});
    assert.ok((ok.document.paths as Record<string, {post?: unknown}>)['/widgets'].post);
    const err = await failure(fixture('missing-summary.yaml'), true);
    // Strict mode also turns the fixture's style findings (no license, ...) into errors.
    assert.deepEqual(
      err.problems.filter((p) => p.rule.startsWith('portal/')).map((p) => p.rule),
      ['portal/operation-summary'],
    );
    assert.ok(
      err.message.includes(`${shown(fixture('missing-summary.yaml'))}#/paths/~1widgets/post: POST /widgets has no summary`),
      err.message,
    );
  });

  it('neither operationId nor summary: fatal for our document; a foreign one gets the title and slug "METHOD /path", with a warning', async () => {
    const err = await failure(fixture('missing-slug.yaml'), true);
    assert.ok(err.problems.some((p) => p.rule === 'portal/operation-slug'));
    assert.ok(
      err.message.includes(
        `${shown(fixture('missing-slug.yaml'))}#/paths/~1widgets/post: POST /widgets has neither an operationId nor a summary`,
      ),
      err.message,
    );
    const ok = await buildProcessedSpec({source: fixture('missing-slug.yaml'), strict: false});
    const post = (ok.document.paths as Record<string, Record<string, Record<string, unknown>>>)['/widgets'].post;
    assert.equal(post['x-portal-title'], 'POST /widgets');
    assert.equal(post['x-portal-slug'], 'post-widgets');
    const warning = ok.findings.find((p) => p.rule === 'no-operation-title');
    assert.equal(warning?.pointer, '#/paths/~1widgets/post');
    assert.equal(warning?.file, fixture('missing-slug.yaml'));
  });

  it('missing tag (absent or empty): stops our own (strict) build only', async () => {
    await buildProcessedSpec({source: fixture('missing-tag.yaml'), strict: false});
    const err = await failure(fixture('missing-tag.yaml'), true);
    const file = shown(fixture('missing-tag.yaml'));
    assert.ok(err.message.includes(`${file}#/paths/~1widgets/get: GET /widgets has no tag`), err.message);
    assert.ok(err.message.includes(`${file}#/paths/~1widgets~1{id}/delete/tags: DELETE /widgets/{id} has no tag`), err.message);
  });

  it('error example naming a field the operation does not have: fatal for our document (a body field in a body-less GET, a header it does not take), through a shared response; a foreign one builds', async () => {
    const source = fixture('error-example-fields/openapi.yaml');
    const err = await failure(source, true);
    const responses = shown(fixture('error-example-fields/responses.yaml'));
    assert.deepEqual(
      err.problems.map((p) => p.rule),
      ['portal/error-example-fields', 'portal/error-example-fields'],
      err.message,
    );
    assert.ok(
      err.message.includes(
        `${responses}#/BadRequest/content/application~1json/example/error/details/0/field: GET /widgets has no request body, but its 400 example names the request-body field "/name"; ` +
          'give it an example that names what this request can get wrong: name one of its parameters (page_size).',
      ),
      err.message,
    );
    assert.ok(
      err.message.includes(
        `${responses}#/Conflict/content/application~1json/examples/idempotency/value/error/details/0/field: GET /widgets: its 409 example names "idempotency-key", which is none of its parameters`,
      ),
      err.message,
    );
    // POST /widgets (body pointer, header named in another case) and GET /widgets/{id} (path-item parameter, null) pass.
    assert.ok(!/POST \/widgets|GET \/widgets\/\{id\}/.test(err.message), err.message);
    await buildProcessedSpec({source, strict: false});
  });

  it('duplicate page slug: fatal for our document, naming both operations; a foreign one gets -2', async () => {
    const err = await failure(fixture('duplicate-slug.yaml'), true);
    const file = shown(fixture('duplicate-slug.yaml'));
    assert.ok(
      err.message.includes(
        `${file}#/paths/~1v2~1widgets/get/operationId: GET /v2/widgets: operationId "list_widgets" gives page slug "list-widgets", ` +
          `which GET /widgets (${file}#/paths/~1widgets/get/operationId) already uses`,
      ),
      err.message,
    );
    const ok = await buildProcessedSpec({source: fixture('duplicate-slug.yaml'), strict: false});
    const paths = ok.document.paths as Record<string, Record<string, Record<string, unknown>>>;
    assert.equal(paths['/widgets'].get['x-portal-slug'], 'list-widgets');
    assert.equal(paths['/v2/widgets'].get['x-portal-slug'], 'list-widgets-2');
    assert.deepEqual(
      ok.findings.filter((p) => p.rule === 'duplicate-page-slug').map((p) => p.pointer),
      ['#/paths/~1v2~1widgets/get'],
    );
  });

  it('missing operationId: a warning that stops our own (strict) build, a finding for a foreign one', async () => {
    const err = await failure(fixture('missing-operation-id.json'), true);
    assert.ok(
      err.message.includes(
        `${shown(fixture('missing-operation-id.json'))}#/paths/~1widgets/get/operationId: Operation object should contain \`operationId\` field. [operation-operationId]`,
      ),
      err.message,
    );
    const ok = await buildProcessedSpec({source: fixture('missing-operation-id.json'), strict: false});
    assert.equal(ok.stats.operations, 1);
    assert.ok(ok.findings.some((p) => p.rule === 'operation-operationId'));
  });

  it('invalid examples stop our own (strict) build, naming the example pointer', async () => {
    const err = await failure(fixture('bad-example.yaml'), true);
    const base = `${shown(fixture('bad-example.yaml'))}#/paths/~1widgets~1{id}/get`;
    assert.ok(
      err.message.includes(
        `${base}/parameters/0/example: Example value must conform to the schema: must be >= 1. [no-invalid-parameter-examples]`,
      ),
      err.message,
    );
    assert.ok(
      err.message.includes(
        `${base}/responses/200/content/application~1json/example/id: Example value must conform to the schema: \`id\` property type must be integer.`,
      ),
      err.message,
    );
    assert.ok(
      err.message.includes(
        `${base}/responses/200/content/application~1json/example/colour: Example value must conform to the schema: must NOT have unevaluated properties \`colour\`.`,
      ),
      err.message,
    );
  });

  it('style-only findings: fatal for our document, counted for a foreign one', async () => {
    const err = await failure(fixture('style-only.yaml'), true);
    assert.match(err.message, /2 errors and 3 warnings \(our own document must lint with zero errors and zero warnings\)/);
    const ok = await buildProcessedSpec({source: fixture('style-only.yaml'), strict: false});
    assert.deepEqual(ok.stats.findings, {errors: 2, warnings: 3});
  });

  it('Swagger 2.0 is converted to OpenAPI 3 (fixture and a real Swagger document); other Swagger versions are refused', async () => {
    const ok = await buildProcessedSpec({source: fixture('swagger2.yaml'), strict: false});
    assert.match(ok.document.openapi, /^3\.0\./);
    assert.equal(ok.stats.operations, 1);
    const real = await buildProcessedSpec({source: path.join(OAS_EXAMPLES, '2.0', 'json', 'petstore.json'), strict: false});
    assert.equal(real.stats.operations, 20);
    const dir = path.dirname(tempOutput());
    const swagger12 = path.join(dir, 'swagger12.json');
    fs.writeFileSync(swagger12, JSON.stringify({swagger: '1.2', info: {title: 'x', version: '1'}, paths: {}}));
    assert.match((await failure(swagger12)).message, /#\/swagger: unsupported Swagger version "1\.2"/);
  });

  it('a document with no operations and no webhooks: one sentence naming the file', async () => {
    const dir = path.dirname(tempOutput());
    const empty = path.join(dir, 'empty.json');
    fs.writeFileSync(empty, JSON.stringify({openapi: '3.0.3', info: {title: 'Empty', version: '1'}, paths: {}}));
    const err = await failure(empty);
    assert.equal(err.message, `OpenAPI document ${empty} has no operations or webhooks, so there are no pages to make.`);
  });

  it('unparseable YAML, a JSON file that is not OpenAPI, a missing file', async () => {
    assert.equal(
      (await failure(fixture('invalid-yaml.yaml'))).message,
      `${shown(fixture('invalid-yaml.yaml'))}:10:6: invalid YAML: bad indentation of a mapping entry [parse]`,
    );
    assert.match(
      (await failure(fixture('not-openapi.json'))).message,
      /not-openapi\.json#: not an OpenAPI document: the "openapi" field is missing/,
    );
    assert.match(
      (await failure(fixture('does-not-exist.yaml'))).message,
      /does-not-exist\.yaml#: cannot read the OpenAPI document: file not found \[read\]/,
    );
  });
});

describe('broken sources (CLI: npx tsx openapi/pipeline/cli.ts)', () => {
  const cases: [string, RegExp][] = [
    [
      'bad-ref/openapi.yaml',
      /bad-ref\/paths\/things\.yaml#\/paths\/~1things\/get\/responses\/200\/content\/application~1json\/schema: Can't resolve \$ref/,
    ],
    ['invalid-yaml.yaml', /invalid-yaml\.yaml:10:6: invalid YAML/],
  ];
  for (const [name, expected] of cases) {
    it(`${name}: exits 1, names file and pointer, writes nothing, prints no stack trace`, () => {
      const output = tempOutput();
      const run = runCli({OPENAPI_SOURCE: fixture(name), OPENAPI_PROCESSED: output});
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.match(run.stderr, expected);
      assert.match(run.stderr, /the processed document was not written/);
      assert.doesNotMatch(run.stderr, /^\s+at .+:\d+:\d+\)?$/m, 'stack trace');
      assert.equal(fs.existsSync(output), false);
    });
  }

  it('a foreign document the portal works around: exit 0, warnings summarised by rule with their pointers', () => {
    const output = tempOutput();
    const run = runCli({OPENAPI_SOURCE: fixture('duplicate-slug.yaml'), OPENAPI_PROCESSED: output});
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /\[spec\] \S*duplicate-slug\.yaml: warning duplicate-page-slug \(1×\): #\/paths\/~1v2~1widgets\/get$/m);
    assert.ok(fs.existsSync(output));
  });

  it('an invalid API_BASE_URL is one line, not a stack trace', () => {
    const run = runCli({OPENAPI_SOURCE: fixture('style-only.yaml'), OPENAPI_PROCESSED: tempOutput(), API_BASE_URL: 'not a url'});
    assert.equal(run.status, 2);
    assert.match(run.stderr, /API_BASE_URL must be an absolute URL/);
    assert.doesNotMatch(run.stderr, /^\s+at /m);
  });
});
