/**
 * The check before sending (validate.ts checkRequest) against the validators gen:api really
 * generates (plugins/api-pages/response-checks.ts, request keys of ./check-keys.ts): parameters
 * and body, required, types, enums, formats, patterns, by field; and the check runner's time
 * budget (./check-runner.ts) with a worker that never answers.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import type {OperationPage, ResponseCheckModule} from '../../../plugins/api-pages/client/page-data-format';
import {checkFile, responseCheckModule} from '../../../plugins/api-pages/response-checks';
import {checkRequest, checkResponse, typedValue} from './validate';
import {checkRunner, type CheckRun, type RunCheck} from './check-runner';

/* eslint-disable @typescript-eslint/no-explicit-any */
const doc: any = {
  openapi: '3.0.3',
  info: {title: 't', version: '1'},
  paths: {
    '/customers/{customer_id}/invoices': {
      parameters: [{name: 'customer_id', in: 'path', required: true, schema: {type: 'integer', minimum: 1}}],
      post: {
        parameters: [
          {name: 'status', in: 'query', schema: {type: 'string', enum: ['open', 'paid']}},
          {name: 'since', in: 'query', schema: {type: 'string', format: 'date'}},
          {name: 'ids', in: 'query', schema: {type: 'array', items: {type: 'integer'}}},
          {name: 'Idempotency-Key', in: 'header', required: true, schema: {type: 'string', pattern: '^[0-9a-f-]{36}$'}},
        ],
        requestBody: {required: true, content: {'application/json': {schema: {$ref: '#/components/schemas/NewInvoice'}}}},
        responses: {'201': {description: 'ok', content: {'application/json': {schema: {$ref: '#/components/schemas/NewInvoice'}}}}},
      },
    },
  },
  components: {
    schemas: {
      NewInvoice: {
        type: 'object',
        required: ['id', 'amount', 'currency'],
        properties: {
          id: {type: 'string', readOnly: true},
          amount: {type: 'number', minimum: 0},
          currency: {type: 'string', enum: ['USD', 'EUR']},
          email: {type: 'string', format: 'email'},
        },
      },
    },
  },
};

/** The page data the console has for this operation (the parts checkRequest reads). */
const operation: OperationPage = {
  method: 'post',
  path: '/customers/{customer_id}/invoices',
  summary: 'Create invoice',
  servers: [{url: 'https://api.x/v1'}],
  security: [],
  parameters: [
    {name: 'customer_id', in: 'path', required: true, schema: {type: 'integer'}},
    {name: 'status', in: 'query', required: false, schema: {type: 'string', enum: ['open', 'paid']}},
    {name: 'since', in: 'query', required: false, schema: {type: 'string', format: 'date'}},
    {name: 'ids', in: 'query', required: false, schema: {type: 'array', items: {type: 'integer'}}},
    {name: 'Idempotency-Key', in: 'header', required: true, schema: {type: 'string'}},
  ],
  requestBody: {required: true, content: [{mediaType: 'application/json', schema: {ref: 'NewInvoice'}}]},
  responses: [{status: '201', headers: [], content: [{mediaType: 'application/json'}]}],
  schemas: {
    NewInvoice: {
      type: 'object',
      required: ['id', 'amount', 'currency'],
      properties: {id: {type: 'string', readOnly: true}, amount: {type: 'number'}, currency: {type: 'string'}},
    },
  },
  samples: [],
};

/** The generated module, loaded like the browser does (ES module + the helpers it lists). */
async function generated(): Promise<ResponseCheckModule> {
  const check = responseCheckModule(doc, doc.paths['/customers/{customer_id}/invoices'].post);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'request-check-'));
  const file = path.join(dir, 'op.mjs');
  writeFileSync(file, checkFile(check)!);
  const mod = (await import(pathToFileURL(file).href)) as {default: (r: (id: string) => unknown) => ResponseCheckModule};
  const nodeRequire = createRequire(__filename);
  return mod.default((id) => nodeRequire(id));
}

/** The runner the console uses, minus the worker: same answers, on this thread. */
const direct =
  (m: ResponseCheckModule): RunCheck =>
  async (key, data) => {
    const v = m.checks[key];
    if (!v) return {kind: 'missing', skipped: m.skipped[key]};
    const valid = v(data);
    return {kind: 'ran', valid, errors: valid ? [] : (v.errors ?? [])};
  };

const VALID = {'path:customer_id': '42', 'header:Idempotency-Key': '3b2f1c7e-6a0d-4f55-9d1e-7c8a2b4e9f10'};
const BODY = JSON.stringify({amount: 12.5, currency: 'USD'});

test('a valid request has no problems (a readOnly required property is not asked for)', async () => {
  const run = direct(await generated());
  assert.deepEqual(await checkRequest(operation, run, {params: VALID, body: BODY}), {problems: []});
});

test('parameters: required, type, minimum, enum, date format, pattern and list items, each by its field', async () => {
  const run = direct(await generated());
  const {problems} = await checkRequest(operation, run, {
    params: {
      'path:customer_id': '0',
      'query:status': 'closed',
      'query:since': '2025-02-30',
      'query:ids': '1,x',
      'header:Idempotency-Key': 'not a uuid',
    },
    body: BODY,
  });
  const by = (field: string) => problems.filter((p) => p.field === field).map((p) => `${p.pointer} ${p.message}`.trim());
  assert.deepEqual(by('path:customer_id'), ['must be >= 1']);
  assert.deepEqual(by('query:status'), ['must be one of "open", "paid"']);
  assert.deepEqual(by('query:since'), ['must match format "date"']);
  assert.deepEqual(by('query:ids'), ['/1 must be integer']);
  assert.deepEqual(by('header:Idempotency-Key'), ['must match pattern "^[0-9a-f-]{36}$"']);
  const missing = await checkRequest(operation, run, {params: {}, body: BODY});
  assert.deepEqual(missing.problems.map((p) => `${p.field} ${p.message}`).sort(), [
    'header:Idempotency-Key required: fill it in',
    'path:customer_id required: fill it in',
  ]);
});

test('body: JSON pointers for type, enum, format and missing properties; malformed JSON; a required body', async () => {
  const run = direct(await generated());
  const {problems} = await checkRequest(operation, run, {
    params: VALID,
    body: JSON.stringify({amount: 'ten', currency: 'GBP', email: 'nope'}),
  });
  assert.deepEqual(
    problems.map((p) => [p.field, p.pointer, p.message]),
    [
      ['body', '/amount', 'must be number'],
      ['body', '/currency', 'must be one of "USD", "EUR"'],
      ['body', '/email', 'must match format "email"'],
    ],
  );
  const missing = await checkRequest(operation, run, {params: VALID, body: '{}'});
  assert.deepEqual(
    missing.problems.map((p) => p.pointer),
    ['/amount', '/currency'],
  );
  const malformed = await checkRequest(operation, run, {params: VALID, body: '{"amount": 1,'});
  assert.equal(malformed.problems.length, 1);
  assert.match(malformed.problems[0].message, /^not valid JSON/);
  assert.deepEqual((await checkRequest(operation, run, {params: VALID, body: '  '})).problems, [
    {field: 'body', pointer: '', message: 'the request body is required'},
  ]);
});

test('typed values: numbers, booleans and comma-separated lists as the API receives them; other text stays text', () => {
  assert.equal(typedValue('42', {type: 'integer'}, {}), 42);
  assert.equal(typedValue('4x', {type: 'integer'}, {}), '4x');
  assert.equal(typedValue('true', {type: 'boolean'}, {}), true);
  assert.deepEqual(typedValue('1,2,,a', {type: 'array', items: {type: 'integer'}}, {}), [1, 2, 'a']);
  assert.deepEqual(typedValue('a,b', {ref: 'L'}, {L: {type: 'array', items: {type: 'string'}}}), ['a', 'b']);
});

interface FakeWorker {
  postMessage: (m: unknown) => void;
  terminate: () => void;
  onmessage: ((e: MessageEvent<CheckRun & {id: number}>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

test('check runner: a check that does not finish within the budget is stopped and reported as skipped, and the next runs in a fresh worker', async () => {
  const made: {terminated: boolean; posted: number}[] = [];
  let hang = true;
  const runner = checkRunner('https://portal.example/api-checks/op.js', 50, () => {
    const state = {terminated: false, posted: 0};
    made.push(state);
    const w: FakeWorker = {
      onmessage: null,
      onerror: null,
      terminate: () => void (state.terminated = true),
      postMessage: (m) => {
        state.posted++;
        const {id} = m as {id: number};
        // A catastrophic pattern: no answer. Otherwise the worker answers at once.
        if (!hang)
          setTimeout(
            () => w.onmessage?.({data: {id, kind: 'ran', valid: true, errors: []}} as unknown as MessageEvent<CheckRun & {id: number}>),
            0,
          );
      },
    };
    return w;
  });
  const started = Date.now();
  assert.deepEqual(await runner('201 application/json', {}), {kind: 'timeout', budgetMs: 50});
  assert.ok(Date.now() - started < 1000, 'the page got its answer within the budget');
  assert.equal(made[0].terminated, true, 'the stuck worker was terminated');
  hang = false;
  assert.deepEqual(await runner('201 application/json', {}), {kind: 'ran', valid: true, errors: []});
  assert.equal(made.length, 2, 'a fresh worker');
  const page: Pick<OperationPage, 'responses'> = {responses: [{status: '201', headers: [], content: [{mediaType: 'application/json'}]}]};
  hang = true;
  assert.deepEqual(await checkResponse(page, runner, {status: 201, contentType: 'application/json', body: '{}'}), {
    kind: 'unchecked',
    reason: 'Check skipped: it took too long (over 0.05 s) and was stopped.',
  });
});
