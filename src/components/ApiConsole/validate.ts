/**
 * The response check: a response is validated against the operation's schema for its status (the
 * exact code, else "2XX"-style ranges, else "default") and media type, with the validators Ajv
 * generated at build time (plugins/api-pages/response-checks.ts; no `new Function` in the
 * browser, which the site's CSP forbids). The check module loads only when a response arrives.
 */
import type {OperationPage, ResponseCheckModule} from '../ApiOperation/types';

// One lazy chunk for the console's response check: this module and the check file loader.
export {loadCheckModule} from './check-loader';

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

/** Checks a response. `load` fetches the check module (./check-loader.ts, from the page data's responseCheck). */
export async function checkResponse(
  operation: Pick<OperationPage, 'responses'>,
  load: (() => Promise<ResponseCheckModule>) | undefined,
  response: {status: number; contentType: string; body: string},
): Promise<CheckResult> {
  const status = documentedStatus(operation, response.status);
  if (!status) return {kind: 'unchecked', reason: `The API description documents no response for status ${response.status}.`};
  const media = documentedMedia(operation, status, response.contentType);
  if (!media) {
    return {kind: 'unchecked', reason: `The API description documents no "${mediaOf(response.contentType) || 'unlabelled'}" body for status ${status}.`};
  }
  if (!/json/i.test(media)) return {kind: 'unchecked', reason: `Only JSON bodies are checked (this one is ${media}).`};
  if (!load) return {kind: 'unchecked', reason: 'This page has no response check (its responses have no JSON schema).'};
  let data: unknown;
  try {
    data = response.body.trim() === '' ? undefined : JSON.parse(response.body);
  } catch (e) {
    return {kind: 'invalid', against: `${status} ${media}`, mismatches: [{pointer: '', message: `the body is not valid JSON (${(e as Error).message})`}]};
  }
  const module = await load();
  const key = `${status} ${media}`;
  const validate = module.checks[key];
  if (!validate) return {kind: 'unchecked', reason: module.skipped[key] ? `Not checked: ${module.skipped[key]}.` : `No schema is documented for ${key}.`};
  if (data === undefined) return {kind: 'invalid', against: key, mismatches: [{pointer: '', message: 'the body is empty, but the API description documents a JSON body'}]};
  if (validate(data)) return {kind: 'valid', against: key};
  const mismatches = (validate.errors ?? []).map((e) => {
    // A missing property's pointer is where it should be.
    const missing = e.keyword === 'required' && typeof e.params?.missingProperty === 'string' ? `/${e.params.missingProperty.replace(/~/g, '~0').replace(/\//g, '~1')}` : '';
    return {pointer: e.instancePath + missing, message: describe(e)};
  });
  return {kind: 'invalid', against: key, mismatches};
}

function describe(e: NonNullable<ResponseCheckModule['checks'][string]['errors']>[number]): string {
  const p = e.params ?? {};
  if (e.keyword === 'required' && typeof p.missingProperty === 'string') return `required property "${p.missingProperty}" is missing`;
  if (e.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') return `property "${p.additionalProperty}" is not allowed`;
  if (e.keyword === 'enum' && Array.isArray(p.allowedValues)) return `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? `fails "${e.keyword}"`;
}
