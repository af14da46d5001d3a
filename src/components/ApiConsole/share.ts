/**
 * Shareable console requests: "Copy link" puts the operation, the server, the parameters and the
 * body in the URL fragment (`#try=<base64url JSON>`); opening the link opens the console with
 * them. Never credentials: the state carries only the operation's declared parameters minus the
 * ones that carry a credential (auth/schemes.ts isCredentialParameter: Authorization, an API key's
 * name), and the body; a link's values for those are dropped when it is read. The fragment never
 * reaches a server.
 */
import type {OperationPage} from '../../../plugins/api-pages/client/page-data-format';
import {isCredentialParameter} from './auth/schemes';

export const SHARE_PREFIX = '#try=';

export interface SharedRequest {
  /** "METHOD /path": the link is for this operation only. */
  op: string;
  server: string;
  /** Keyed "in:name" like the console's parameter state. */
  params: Record<string, string>;
  body?: string;
  /** A form or multipart body's field values, by field key (files are never shared). */
  fields?: Record<string, string>;
  /** Index of the security alternative chosen (which schemes to fill; never their values). */
  alt?: number;
}

const operationKey = (o: Pick<OperationPage, 'method' | 'path'>) => `${o.method.toUpperCase()} ${o.path}`;

/** The keys ("in:name") of the parameters a link may carry: declared, and not credentials. */
function shareable(operation: OperationPage): Set<string> {
  return new Set(operation.parameters.filter((p) => !isCredentialParameter(p, operation.security)).map((p) => `${p.in}:${p.name}`));
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  // "=" is only ever the padding at the end.
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', {fatal: true}).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The fragment for this console state (starts with "#try="). Empty parameters are left out. */
export function shareFragment(
  operation: OperationPage,
  state: {server: string; params: Record<string, string>; body?: string; fields?: Record<string, string>; alt?: number},
): string {
  const allowed = shareable(operation);
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(state.params)) if (v !== '' && allowed.has(k)) params[k] = v;
  const shared: SharedRequest = {op: operationKey(operation), server: state.server, params};
  if (state.body !== undefined && state.body.trim() !== '') shared.body = state.body;
  const fields = Object.entries(state.fields ?? {}).filter(([, v]) => v !== '');
  if (fields.length) shared.fields = Object.fromEntries(fields);
  if (state.alt) shared.alt = state.alt;
  return SHARE_PREFIX + toBase64Url(JSON.stringify(shared));
}

/**
 * The shared state in a fragment, checked against this operation: null when the fragment is not
 * a share link; an error message naming what is wrong when it is one that cannot be used.
 */
export function readShareFragment(hash: string, operation: OperationPage): {request: SharedRequest} | {error: string} | null {
  if (!hash.startsWith(SHARE_PREFIX)) return null;
  let data: unknown;
  try {
    data = JSON.parse(fromBase64Url(hash.slice(SHARE_PREFIX.length)));
  } catch {
    return {error: 'The shared request link is damaged (its "#try=" part is not readable); the console starts empty.'};
  }
  const d = data as Partial<SharedRequest>;
  if (
    !d ||
    typeof d !== 'object' ||
    typeof d.op !== 'string' ||
    typeof d.server !== 'string' ||
    (d.params !== undefined && typeof d.params !== 'object')
  ) {
    return {
      error:
        'The shared request link is damaged (fields "op", "server" or "params" missing or of the wrong type); the console starts empty.',
    };
  }
  if (d.op !== operationKey(operation)) {
    return {error: `The shared request link is for ${d.op}, not ${operationKey(operation)}; the console starts empty.`};
  }
  // A link's values for credential parameters are dropped: a link may not supply a credential.
  const allowed = shareable(operation);
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.params ?? {})) if (typeof v === 'string' && allowed.has(k)) params[k] = v;
  const request: SharedRequest = {op: d.op, server: d.server, params};
  if (typeof d.body === 'string') request.body = d.body;
  if (d.fields && typeof d.fields === 'object') {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(d.fields)) if (typeof v === 'string') fields[k] = v;
    request.fields = fields;
  }
  if (typeof d.alt === 'number' && Number.isInteger(d.alt) && d.alt >= 0 && d.alt < operation.security.length) request.alt = d.alt;
  return {request};
}
