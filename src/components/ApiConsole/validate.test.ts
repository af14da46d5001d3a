/**
 * validate.ts with stand-in check runners (fast, no generated module; request-check.test.ts runs
 * the real generated validators): which documented response a status and a Content-Type are
 * checked against, every reason a check does not run as the console says it, how errors become
 * pointers and messages, and how checkRequest maps them to form fields.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {OperationPage} from '../../../plugins/api-pages/client/page-data-format';
import type {CheckError, CheckRun, RunCheck} from './check-runner';
import {checkItem, checkRequest, checkResponse, documentedStatus, typedValue} from './validate';

const responses = (...list: [string, string[]][]): Pick<OperationPage, 'responses'> => ({
  responses: list.map(([status, media]) => ({status, headers: [], content: media.map((mediaType) => ({mediaType}))})),
});

/** A runner that answers `answer` and records what it was asked. */
function runner(answer: CheckRun | ((key: string) => CheckRun)) {
  const calls: [string, unknown][] = [];
  const run: RunCheck = async (key, data) => {
    calls.push([key, data]);
    return typeof answer === 'function' ? answer(key) : answer;
  };
  return {run, calls};
}
const err = (e: Partial<CheckError>): CheckError => ({instancePath: '', schemaPath: '#', keyword: 'type', params: {}, ...e}) as CheckError;

describe('documentedStatus: the exact code, then its range, then default', () => {
  const op = responses(['200', []], ['4XX', []], ['404', []], ['5xx', []], ['default', []]);
  test('each step', () => {
    assert.equal(documentedStatus(op, 404), '404', 'exact before range');
    assert.equal(documentedStatus(op, 409), '4XX');
    assert.equal(documentedStatus(op, 503), '5xx', 'a range in lower case');
    assert.equal(documentedStatus(op, 201), 'default', 'no 2XX: default');
    assert.equal(documentedStatus(responses(['200', []]), 201), undefined);
    assert.equal(documentedStatus(responses(['2XX', []], ['default', []]), 204), '2XX', 'range before default');
  });
});

describe('checkResponse: what is checked, and why not', () => {
  const ok: CheckRun = {kind: 'ran', valid: true, errors: []};
  const check = (op: Pick<OperationPage, 'responses'>, run: RunCheck | undefined, status: number, contentType: string, body = '{"a":1}') =>
    checkResponse(op, run, {status, contentType, body});

  test('valid: against "<status> <documented media type>", the body parsed', async () => {
    const r = runner(ok);
    assert.deepEqual(await check(responses(['200', ['application/json']]), r.run, 200, 'Application/JSON; charset=utf-8'), {
      kind: 'valid',
      against: '200 application/json',
    });
    assert.deepEqual(r.calls, [['200 application/json', {a: 1}]]);
  });

  test('the documented media type: exact (any case), else a wildcard like application/*, else */*', async () => {
    const r = runner(ok);
    const op = responses(
      ['200', ['text/plain', 'application/*']],
      ['201', ['*/*']],
      ['202', ['application/problem+json', 'Application/*']],
    );
    assert.deepEqual(await check(op, r.run, 200, 'application/json'), {
      kind: 'unchecked',
      reason: 'Only JSON bodies are checked (this one is application/*).',
    });
    assert.deepEqual(await check(op, r.run, 200, 'text/plain'), {
      kind: 'unchecked',
      reason: 'Only JSON bodies are checked (this one is text/plain).',
    });
    assert.deepEqual(await check(op, r.run, 201, 'image/png'), {
      kind: 'unchecked',
      reason: 'Only JSON bodies are checked (this one is */*).',
    });
    assert.deepEqual(await check(op, r.run, 202, 'APPLICATION/PROBLEM+JSON'), {kind: 'valid', against: '202 application/problem+json'});
    assert.deepEqual(
      await check(op, r.run, 200, 'textual/html'),
      {kind: 'unchecked', reason: 'The API description documents no "textual/html" body for status 200.'},
      'a wildcard matches its type only',
    );
    assert.deepEqual(await check(responses(['200', ['application/*+json']]), r.run, 200, 'application/json'), {
      kind: 'unchecked',
      reason: 'The API description documents no "application/json" body for status 200.',
    });
    assert.deepEqual(await check(responses(['200', ['application/json']]), r.run, 200, ''), {
      kind: 'unchecked',
      reason: 'The API description documents no "unlabelled" body for status 200.',
    });
    assert.deepEqual(await check(responses(['200', ['application/json']]), r.run, 200, ' text/html ; q=1'), {
      kind: 'unchecked',
      reason: 'The API description documents no "text/html" body for status 200.',
    });
  });

  test('no response documented for the status; no check on the page', async () => {
    assert.deepEqual(await check(responses(['200', ['application/json']]), runner(ok).run, 500, 'application/json'), {
      kind: 'unchecked',
      reason: 'The API description documents no response for status 500.',
    });
    assert.deepEqual(await check(responses(['200', ['application/json']]), undefined, 200, 'application/json'), {
      kind: 'unchecked',
      reason: 'This page has no response check (its responses have no JSON schema).',
    });
  });

  test('a body that is not JSON, or empty, is invalid, said so; the runner is not asked', async () => {
    const r = runner(ok);
    const op = responses(['200', ['application/json']]);
    const bad = await check(op, r.run, 200, 'application/json', '{"a":');
    assert.equal(bad.kind, 'invalid');
    assert.equal((bad as {against: string}).against, '200 application/json');
    const [m] = (bad as {mismatches: {pointer: string; message: string}[]}).mismatches;
    assert.equal(m!.pointer, '');
    assert.match(m!.message, /^the body is not valid JSON \(.+\)$/);
    assert.deepEqual(await check(op, r.run, 200, 'application/json', ' \n'), {
      kind: 'invalid',
      against: '200 application/json',
      mismatches: [{pointer: '', message: 'the body is empty, but the API description documents a JSON body'}],
    });
    assert.deepEqual(r.calls, []);
  });

  test('a check that did not run: each reason', async () => {
    const op = responses(['200', ['application/json']]);
    const reason = async (answer: CheckRun) => ((await check(op, runner(answer).run, 200, 'application/json')) as {reason: string}).reason;
    assert.equal(await reason({kind: 'timeout', budgetMs: 2000}), 'Check skipped: it took too long (over 2 s) and was stopped.');
    assert.equal(await reason({kind: 'error', message: 'the worker failed'}), 'Check skipped: the worker failed.');
    assert.equal(
      await reason({kind: 'missing', skipped: 'the schema uses a recursive $ref'}),
      'Not checked: the schema uses a recursive $ref.',
    );
    assert.equal(await reason({kind: 'missing'}), 'No schema is documented for 200 application/json.');
  });

  test("mismatches: a pointer per error (a missing property's is where it should be, escaped) and a message per keyword", async () => {
    const errors = [
      err({instancePath: '/items/0', keyword: 'required', params: {missingProperty: 'a/b~c'}}),
      err({instancePath: '/x', keyword: 'required', params: {}, message: 'must have required property'}),
      err({instancePath: '', keyword: 'additionalProperties', params: {additionalProperty: 'extra'}}),
      err({instancePath: '/additional', keyword: 'additionalProperties', params: {}, message: 'must NOT have additional properties'}),
      err({instancePath: '/status', keyword: 'enum', params: {allowedValues: ['open', 1, null]}}),
      err({instancePath: '/s2', keyword: 'enum', params: {allowedValues: 'open'}, message: 'must be equal to one of the allowed values'}),
      err({instancePath: '/n', keyword: 'type', params: {type: 'number'}, message: 'must be number'}),
      err({instancePath: '/m', keyword: 'oneOf', params: undefined as unknown as Record<string, unknown>}),
    ];
    const r = await check(
      responses(['200', ['application/json']]),
      runner({kind: 'ran', valid: false, errors}).run,
      200,
      'application/json',
    );
    assert.deepEqual(r, {
      kind: 'invalid',
      against: '200 application/json',
      mismatches: [
        {pointer: '/items/0/a~1b~0c', message: 'required property "a/b~c" is missing'},
        {pointer: '/x', message: 'must have required property'},
        {pointer: '', message: 'property "extra" is not allowed'},
        {pointer: '/additional', message: 'must NOT have additional properties'},
        {pointer: '/status', message: 'must be one of "open", 1, null'},
        {pointer: '/s2', message: 'must be equal to one of the allowed values'},
        {pointer: '/n', message: 'must be number'},
        {pointer: '/m', message: 'fails "oneOf"'},
      ],
    });
  });
});

describe('checkRequest: problems by form field', () => {
  const op = (over: Partial<OperationPage> = {}): OperationPage => ({
    method: 'post',
    path: '/t/{id}',
    summary: 't',
    servers: [],
    security: [],
    parameters: [
      {name: 'id', in: 'path', required: true, schema: {type: 'integer'}},
      {name: 'a/b', in: 'query', required: false, schema: {type: 'array', items: {type: 'integer'}}},
      {name: 'flag', in: 'query', required: false, schema: {type: 'boolean'}},
    ],
    requestBody: {required: true, content: [{mediaType: 'application/json', schema: {ref: 'New'}}]},
    responses: [],
    schemas: {
      New: {type: 'object', properties: {id: {type: 'string', readOnly: true}, items: {type: 'array', items: {ref: 'Item'}}}},
      Item: {type: 'object', properties: {sku: {type: 'string', readOnly: true}, 'x/y': {type: 'string'}}},
    },
    samples: [],
    ...over,
  });
  const ok: CheckRun = {kind: 'ran', valid: true, errors: []};

  test('the parameters are checked as typed values (empty ones left out), under the parameters key', async () => {
    const r = runner(ok);
    assert.deepEqual(await checkRequest(op(), r.run, {params: {'path:id': '7', 'query:a/b': '1,2', 'query:flag': ''}, body: '{}'}), {
      problems: [],
    });
    assert.deepEqual(r.calls, [
      ['request parameters', {'path:id': 7, 'query:a/b': [1, 2]}],
      ['request application/json', {}],
    ]);
  });

  test('parameter errors by field (the key unescaped), the pointer inside it; errors for no parameter ignored', async () => {
    const errors = [
      err({instancePath: '/query:a~1b/1', keyword: 'type', message: 'must be integer'}),
      err({instancePath: '', keyword: 'required', params: {missingProperty: 'path:id'}}),
      err({instancePath: '/query:flag', keyword: 'type', message: 'must be boolean'}),
      err({instancePath: '/header:other', keyword: 'type', message: 'must be string'}),
    ];
    const r = runner((key) => (key === 'request parameters' ? {kind: 'ran', valid: false, errors} : ok));
    assert.deepEqual((await checkRequest(op(), r.run, {params: {'query:a/b': '1,x', 'query:flag': 'yes'}, body: '{}'})).problems, [
      {field: 'query:a/b', pointer: '/1', message: 'must be integer'},
      {field: 'path:id', pointer: '', message: 'required: fill it in'},
      {field: 'query:flag', pointer: '', message: 'must be boolean'},
    ]);
  });

  test('no parameters: not checked; a parameters check that did not run is named (a missing one is not)', async () => {
    const r = runner(ok);
    await checkRequest(op({parameters: []}), r.run, {params: {}, body: '{}'});
    assert.deepEqual(
      r.calls.map(([k]) => k),
      ['request application/json'],
    );
    const slow = runner((key) => (key === 'request parameters' ? {kind: 'timeout', budgetMs: 500} : ok));
    assert.deepEqual(await checkRequest(op(), slow.run, {params: {}, body: '{}'}), {
      problems: [],
      skipped: 'the parameters (Check skipped: it took too long (over 0.5 s) and was stopped.)',
    });
    const missing = runner((key) => (key === 'request parameters' ? {kind: 'missing'} : ok));
    assert.deepEqual(await checkRequest(op(), missing.run, {params: {}, body: '{}'}), {problems: []});
  });

  test('the body: required and blank; optional and blank (nothing); not JSON (not checked); malformed; readOnly properties not asked for', async () => {
    const r = runner(ok);
    assert.deepEqual(await checkRequest(op(), r.run, {params: {}, body: ' '}), {
      problems: [{field: 'body', pointer: '', message: 'the request body is required'}],
    });
    assert.deepEqual(
      await checkRequest(op(), r.run, {params: {}}),
      {problems: [{field: 'body', pointer: '', message: 'the request body is required'}]},
      'no body given at all',
    );
    const optional = op({requestBody: {required: false, content: [{mediaType: 'application/json'}]}});
    r.calls.length = 0;
    assert.deepEqual(await checkRequest(optional, r.run, {params: {}, body: ''}), {problems: []});
    assert.deepEqual(
      r.calls.map(([k]) => k),
      ['request parameters'],
    );
    const xml = op({requestBody: {required: true, content: [{mediaType: 'application/xml'}]}});
    r.calls.length = 0;
    assert.deepEqual(await checkRequest(xml, r.run, {params: {}, body: '<a/>'}), {problems: []});
    assert.deepEqual(
      r.calls.map(([k]) => k),
      ['request parameters'],
      'an XML body is not checked',
    );
    const slow = runner((key) => (key === 'request parameters' ? {kind: 'error', message: 'boom'} : ok));
    const malformed = await checkRequest(op(), slow.run, {params: {}, body: '{'});
    assert.equal(malformed.problems.length, 1);
    assert.equal(malformed.problems[0]!.field, 'body');
    assert.match(malformed.problems[0]!.message, /^not valid JSON \(.+\)$/);
    assert.equal(malformed.skipped, 'the parameters (Check skipped: boom.)', 'what was skipped is still said');
    const errors = [
      err({instancePath: '', keyword: 'required', params: {missingProperty: 'id'}}),
      err({instancePath: '/items/0', keyword: 'required', params: {missingProperty: 'sku'}}),
      err({instancePath: '/items/0', keyword: 'required', params: {missingProperty: 'x/y'}}),
      err({instancePath: '/items/0/x~1y', keyword: 'type', message: 'must be string'}),
    ];
    const body = runner((key) => (key === 'request application/json' ? {kind: 'ran', valid: false, errors} : ok));
    assert.deepEqual((await checkRequest(op(), body.run, {params: {}, body: '{"items":[{}]}'})).problems, [
      {field: 'body', pointer: '/items/0/x~1y', message: 'required property "x/y" is missing'},
      {field: 'body', pointer: '/items/0/x~1y', message: 'must be string'},
    ]);
  });

  test('a check the build skipped (with its reason) is named; one that was never generated is not', async () => {
    const skipped = runner((key) =>
      key === 'request parameters' ? {kind: 'missing', skipped: 'a pattern not shown safe'} : {kind: 'missing'},
    );
    assert.deepEqual(await checkRequest(op(), skipped.run, {params: {}, body: '{}'}), {
      problems: [],
      skipped: 'the parameters (Not checked: a pattern not shown safe.)',
    });
  });

  test('both checks skipped: both named, joined', async () => {
    const r = runner((key) => (key === 'request parameters' ? {kind: 'timeout', budgetMs: 1000} : {kind: 'missing', skipped: 'too large'}));
    assert.deepEqual(await checkRequest(op(), r.run, {params: {}, body: '{}'}), {
      problems: [],
      skipped: 'the parameters (Check skipped: it took too long (over 1 s) and was stopped.); the body (Not checked: too large.)',
    });
  });
});

describe('typedValue: the value as the API receives it', () => {
  test('numbers (sign, decimals, exponent, spaces around), else text', () => {
    assert.equal(typedValue('-1.5e3', {type: 'number'}, {}), -1500);
    assert.equal(typedValue(' 42 ', {type: 'integer'}, {}), 42);
    assert.equal(typedValue('2E-2', {type: 'number'}, {}), 0.02);
    assert.equal(typedValue('1.', {type: 'number'}, {}), '1.');
    assert.equal(typedValue('x1', {type: 'number'}, {}), 'x1');
    assert.equal(typedValue('12', {type: 'string'}, {}), '12');
    assert.equal(typedValue('7', {type: ['integer', 'null']}, {}), 7);
  });
  test('booleans exactly "true" or "false"; lists of any item type', () => {
    assert.equal(typedValue('false', {type: 'boolean'}, {}), false);
    assert.equal(typedValue('TRUE', {type: 'boolean'}, {}), 'TRUE');
    assert.equal(typedValue('true', {type: 'string'}, {}), 'true');
    assert.deepEqual(typedValue('a,,b', {type: 'array'}, {}), ['a', 'b']);
    assert.equal(typedValue('5', undefined, {}), '5');
  });
});

describe('checkItem: one item of a streamed response against its itemSchema', () => {
  const op: Pick<OperationPage, 'responses'> = {
    responses: [
      {
        status: '200',
        headers: [],
        content: [{mediaType: 'text/event-stream', itemSchema: {type: 'object'}}, {mediaType: 'application/json'}],
      },
    ],
  };
  const sse = {status: 200, contentType: 'text/event-stream; charset=utf-8'};
  test('the item value goes to the "<status> <media> item" check; its errors come back with pointers', async () => {
    const r = runner({kind: 'ran', valid: false, errors: [err({instancePath: '/data/value', message: 'must be number'})]});
    const item = {index: 0, data: '{"value":"x"}', value: {data: {value: 'x'}}};
    assert.deepEqual(await checkItem(op, r.run, sse, item), {
      kind: 'invalid',
      against: '200 text/event-stream item',
      mismatches: [{pointer: '/data/value', message: 'must be number'}],
    });
    assert.deepEqual(r.calls, [['200 text/event-stream item', {data: {value: 'x'}}]]);
    const ok = runner({kind: 'ran', valid: true, errors: []});
    assert.deepEqual(await checkItem(op, ok.run, sse, item), {kind: 'valid', against: '200 text/event-stream item'});
  });
  test('an item that did not parse is invalid without a run; no item schema, no check', async () => {
    const r = runner({kind: 'ran', valid: true, errors: []});
    const broken = {index: 1, data: 'oops', parseError: 'its data is not valid JSON'};
    assert.deepEqual(await checkItem(op, r.run, sse, broken), {
      kind: 'invalid',
      against: '200 text/event-stream item',
      mismatches: [{pointer: '', message: 'its data is not valid JSON'}],
    });
    assert.equal(r.calls.length, 0);
    assert.equal(
      (await checkItem(op, r.run, {status: 200, contentType: 'application/json'}, {index: 0, data: '{}', value: {}})).kind,
      'unchecked',
    );
    assert.equal(
      (await checkItem(op, r.run, {status: 500, contentType: 'text/event-stream'}, {index: 0, data: '{}', value: {}})).kind,
      'unchecked',
    );
  });
});
