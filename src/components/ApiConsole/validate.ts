/**
 * The console's checks, with the validators Ajv generated at build time
 * (plugins/api-pages/response-checks.ts; no `new Function` in the browser, which the site's CSP
 * forbids), run in a worker under a time budget (./check-runner.ts):
 * - before sending, the request: its parameters and JSON body against the operation's request
 *   schemas (checkRequest), the problems by form field, which the console lists with "Send anyway";
 * - after, the response, against the schema for its status (the exact code, else "2XX"-style
 *   ranges, else "default") and media type (checkResponse).
 * This module and the check files load only when the reader first sends.
 */
import type {OperationPage, SchemaNode} from '../../../plugins/api-pages/client/page-data-format';
import type {CheckError, CheckRun, RunCheck} from './check-runner';
import {itemKey, parameterKey, REQUEST_PARAMETERS_KEY, requestBodyKey} from './check-keys';
import type {StreamItem} from './stream';
import {followRef} from '../SchemaView/model';
import {typedValue} from './body';
import {escapeToken, unescapeToken} from '../../../openapi/model/pointer';

// One lazy chunk for the console's checks: this module and the runner (the worker is its own).
export {checkRunner} from './check-runner';

export interface Mismatch {
  /** JSON pointer into the response body ("" is the whole body). */
  pointer: string;
  message: string;
}

export type CheckResult =
  | {kind: 'valid'; against: string}
  | {kind: 'invalid'; against: string; mismatches: Mismatch[]}
  /** No check, with why (no schema documented for this status, not JSON, not compiled…). */
  | {kind: 'unchecked'; reason: string};

/** The response entry of the operation that documents `status`: exact, then range ("4XX"), then default. */
export function documentedStatus(operation: Pick<OperationPage, 'responses'>, status: number): string | undefined {
  const codes = operation.responses.map((r) => r.status);
  const exact = String(status);
  if (codes.includes(exact)) return exact;
  const range = `${exact[0]}XX`;
  const ranged = codes.find((c) => c.toUpperCase() === range);
  if (ranged) return ranged;
  return codes.includes('default') ? 'default' : undefined;
}

const mediaOf = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

/** The documented media type matching a Content-Type header (exact, then a wildcard like application/*). */
function documentedMedia(operation: Pick<OperationPage, 'responses'>, status: string, contentType: string): string | undefined {
  const media = mediaOf(contentType);
  const listed = operation.responses.find((r) => r.status === status)?.content.map((c) => c.mediaType) ?? [];
  return (
    listed.find((m) => m.toLowerCase() === media) ??
    listed.find((m) => m.endsWith('/*') && media.startsWith(m.slice(0, -1).toLowerCase())) ??
    listed.find((m) => m === '*/*')
  );
}

/** Checks a response. `run` runs the page's generated checks off the page's thread (./check-runner.ts). */
export async function checkResponse(
  operation: Pick<OperationPage, 'responses'>,
  run: RunCheck | undefined,
  response: {status: number; contentType: string; body: string},
): Promise<CheckResult> {
  const status = documentedStatus(operation, response.status);
  if (!status) return {kind: 'unchecked', reason: `The API description documents no response for status ${response.status}.`};
  const media = documentedMedia(operation, status, response.contentType);
  if (!media) {
    return {
      kind: 'unchecked',
      reason: `The API description documents no "${mediaOf(response.contentType) || 'unlabelled'}" body for status ${status}.`,
    };
  }
  if (!/json/i.test(media)) return {kind: 'unchecked', reason: `Only JSON bodies are checked (this one is ${media}).`};
  if (!run) return {kind: 'unchecked', reason: 'This page has no response check (its responses have no JSON schema).'};
  let data: unknown;
  try {
    data = response.body.trim() === '' ? undefined : JSON.parse(response.body);
  } catch (e) {
    return {
      kind: 'invalid',
      against: `${status} ${media}`,
      mismatches: [{pointer: '', message: `the body is not valid JSON (${(e as Error).message})`}],
    };
  }
  const key = `${status} ${media}`;
  if (data === undefined)
    return {
      kind: 'invalid',
      against: key,
      mismatches: [{pointer: '', message: 'the body is empty, but the API description documents a JSON body'}],
    };
  const result = await run(key, data);
  if (result.kind !== 'ran') return {kind: 'unchecked', reason: notRun(result, key)};
  if (result.valid) return {kind: 'valid', against: key};
  return {kind: 'invalid', against: key, mismatches: result.errors.map((e) => ({pointer: pointerOf(e), message: describe(e)}))};
}

/**
 * Checks one item of a streamed response (an event, a line) against the documented `itemSchema`
 * of its status and media type. An item whose text did not parse is invalid as it stands.
 */
export async function checkItem(
  operation: Pick<OperationPage, 'responses'>,
  run: RunCheck | undefined,
  response: {status: number; contentType: string},
  item: StreamItem,
): Promise<CheckResult> {
  const status = documentedStatus(operation, response.status);
  const media = status ? documentedMedia(operation, status, response.contentType) : undefined;
  const documented =
    status && media ? operation.responses.find((r) => r.status === status)?.content.find((c) => c.mediaType === media) : undefined;
  if (!status || !media || !documented?.itemSchema) return {kind: 'unchecked', reason: 'No item schema is documented for this stream.'};
  const key = itemKey(status, media);
  if (item.parseError) return {kind: 'invalid', against: key, mismatches: [{pointer: '', message: item.parseError}]};
  if (!run) return {kind: 'unchecked', reason: 'This page has no check of its stream items.'};
  const result = await run(key, item.value);
  if (result.kind !== 'ran') return {kind: 'unchecked', reason: notRun(result, key)};
  if (result.valid) return {kind: 'valid', against: key};
  return {kind: 'invalid', against: key, mismatches: result.errors.map((e) => ({pointer: pointerOf(e), message: describe(e)}))};
}

/** Why a check did not run, as the console says it. */
function notRun(result: Exclude<CheckRun, {kind: 'ran'}>, key: string): string {
  if (result.kind === 'timeout') return `Check skipped: it took too long (over ${result.budgetMs / 1000} s) and was stopped.`;
  if (result.kind === 'error') return `Check skipped: ${result.message}.`;
  return result.skipped ? `Not checked: ${result.skipped}.` : `No schema is documented for ${key}.`;
}

/** Where an error points: a missing property's pointer is where it should be. */
function pointerOf(e: CheckError): string {
  const missing =
    e.keyword === 'required' && typeof e.params?.missingProperty === 'string' ? `/${escapeToken(e.params.missingProperty)}` : '';
  return e.instancePath + missing;
}

/** A problem with the request the console is about to send, by the form field it concerns. */
export interface RequestProblem {
  /** The parameter's key ("query:status", the console's form state) or "body". */
  field: string;
  /** Inside the field's value: a JSON pointer into the body, or "/0" for a list's first item. */
  pointer: string;
  message: string;
}

export interface RequestCheck {
  problems: RequestProblem[];
  /** Set when a check could not run (too slow, not compiled…): the request was not fully checked. */
  skipped?: string;
}

// How typed text reads as a value lives with the form encoders (body.ts); re-exported for the tests.
export {typedValue} from './body';

/** The schema at a JSON pointer inside `root` (properties, items), or undefined. */
function schemaAt(root: SchemaNode | undefined, pointer: string, schemas: Record<string, SchemaNode>): SchemaNode | undefined {
  let node = followRef(root, schemas);
  for (const token of pointer.split('/').slice(1).map(unescapeToken)) {
    if (!node) return undefined;
    node = followRef(/^\d+$/.test(token) && node.items ? node.items : node.properties?.[token], schemas);
  }
  return node;
}

/**
 * Checks the request the console is about to send against the operation's request schemas: the
 * parameters (required, types, enums, formats, patterns…) and a JSON body. `params` is the form
 * state ("in:name" -> text; empty is "not set"). Required properties a request must not send
 * (readOnly) are not asked for.
 */
export async function checkRequest(
  operation: OperationPage,
  run: RunCheck,
  /** `mediaType`: the body's media type (default: the first documented); `body: null`: a body the console checked itself (form, multipart, a file). */
  request: {params: Record<string, string>; body?: string | null; mediaType?: string},
): Promise<RequestCheck> {
  const problems: RequestProblem[] = [];
  const skipped: string[] = [];
  const byKey = new Map(operation.parameters.map((p) => [parameterKey(p), p]));
  const values: Record<string, unknown> = {};
  for (const [key, p] of byKey) {
    const text = request.params[key] ?? '';
    if (text !== '') values[key] = typedValue(text, p.schema, operation.schemas);
  }
  if (byKey.size) {
    const result = await run(REQUEST_PARAMETERS_KEY, values);
    if (result.kind === 'ran') {
      for (const e of result.errors) {
        const [, first = '', ...rest] = pointerOf(e).split('/');
        const field = unescapeToken(first);
        if (!byKey.has(field)) continue;
        problems.push({
          field,
          pointer: rest.length ? `/${rest.join('/')}` : '',
          message: e.keyword === 'required' ? 'required: fill it in' : describe(e),
        });
      }
    } else if (result.kind !== 'missing' || result.skipped) {
      skipped.push(`the parameters (${notRun(result, 'the parameters')})`);
    }
  }
  const content = operation.requestBody?.content ?? [];
  const media = request.body === null ? undefined : (content.find((c) => c.mediaType === request.mediaType) ?? content[0]);
  const text = request.body ?? '';
  if (media && text.trim() === '' && operation.requestBody?.required) {
    problems.push({field: 'body', pointer: '', message: 'the request body is required'});
  } else if (media && /json/i.test(media.mediaType) && text.trim() !== '') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      problems.push({field: 'body', pointer: '', message: `not valid JSON (${(e as Error).message})`});
      return {problems, ...(skipped.length ? {skipped: skipped.join('; ')} : {})};
    }
    const result = await run(requestBodyKey(media.mediaType), data);
    if (result.kind === 'ran') {
      for (const e of result.errors) {
        const pointer = pointerOf(e);
        if (e.keyword === 'required' && schemaAt(media.schema, pointer, operation.schemas)?.readOnly) continue;
        problems.push({field: 'body', pointer, message: describe(e)});
      }
    } else if (result.kind !== 'missing' || result.skipped) {
      skipped.push(`the body (${notRun(result, 'the body')})`);
    }
  }
  return {problems, ...(skipped.length ? {skipped: skipped.join('; ')} : {})};
}

function describe(e: CheckError): string {
  const p = e.params ?? {};
  if (e.keyword === 'required' && typeof p.missingProperty === 'string') return `required property "${p.missingProperty}" is missing`;
  if (e.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string')
    return `property "${p.additionalProperty}" is not allowed`;
  if (e.keyword === 'enum' && Array.isArray(p.allowedValues))
    return `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? `fails "${e.keyword}"`;
}
