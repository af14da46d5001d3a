/**
 * The console's request preview: the request the form describes, as a curl command, before it is
 * sent. It is built from the console's own request model (request.ts buildRequest, the same call
 * Send makes) with the credentials left out, then the schemes' credentials added back as
 * placeholders (`<password>`): the preview never shows a typed secret. A parameter that carries a
 * credential (auth/schemes.ts isCredentialParameter) is masked the same way.
 *
 * Shell quoting: single quotes (line breaks and tabs kept as typed); a word holding a control
 * character (C0 except newline and tab, DEL, C1, line/paragraph separators, bidi controls) is written as bash's $'…' with \xHH / \uHHHH escapes, so a pasted
 * preview never carries a raw control character (a terminal would act on it).
 */
import type {OperationPage, SecuritySchemeData} from '../ApiOperation/types';
import {credentialFields, isCredentialParameter} from './auth/schemes';
import {buildRequest} from './request';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A shell word for `text`: '…' when that is exact and safe, else $'…' with escapes. */
export function shellQuote(text: string): string {
  if (!CONTROL.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (CONTROL.test(ch)) out += code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `$'${out}'`;
}

const placeholder = (label: string) => `<${label}>`;

/** The credentials of the chosen alternative, as placeholders, for the fields the reader filled. */
function placeholders(alternative: SecuritySchemeData[], filled: (key: string) => boolean) {
  const headers: [string, string][] = [];
  const query: [string, string][] = [];
  let user: string | undefined;
  for (const s of alternative) {
    const fields = credentialFields(s);
    if (!fields.some((f) => filled(f.key))) continue;
    if (s.type === 'http' && s.scheme?.toLowerCase() === 'basic') user = `${placeholder('username')}:${placeholder('password')}`;
    else if (s.type === 'apiKey' && s.name && s.in === 'header') headers.push([s.name, placeholder(s.name)]);
    else if (s.type === 'apiKey' && s.name && s.in === 'query') query.push([s.name, placeholder(s.name)]);
    else if (s.type === 'http' && s.scheme?.toLowerCase() !== 'bearer') headers.push(['Authorization', `${s.scheme ?? ''} ${placeholder('credentials')}`.trim()]);
    else if (s.type !== 'apiKey' && s.type !== 'mutualTLS') headers.push(['Authorization', `Bearer ${placeholder('token')}`]);
  }
  return {headers, query, user};
}

/**
 * The curl command for what the form holds now, or the reason it cannot be built (the same
 * RequestRefused message Send would show). `filled` says which credential fields hold a value.
 */
export function curlPreview(
  operation: OperationPage,
  server: string,
  params: Record<string, string>,
  body: string | undefined,
  page: string,
  alternative: number,
  filled: (key: string) => boolean,
): {curl: string} | {error: string} {
  const masked = {...params};
  for (const p of operation.parameters) {
    const key = `${p.in}:${p.name}`;
    if (masked[key] && isCredentialParameter(p, operation.security)) masked[key] = placeholder(p.name);
  }
  let built: ReturnType<typeof buildRequest>;
  try {
    built = buildRequest(operation, server, masked, {}, body, page, alternative);
  } catch (e) {
    return {error: (e as Error).message};
  }
  const creds = placeholders(operation.security[alternative] ?? [], filled);
  // The placeholders stay readable in the URL ("<api_key>", not "%3Capi_key%3E").
  const url = built.url + creds.query.map(([k, v], i) => `${i === 0 && !built.url.includes('?') ? '?' : '&'}${encodeURIComponent(k)}=${v}`).join('');
  const lines = [`curl -i -X ${built.init.method} ${shellQuote(url)}`];
  if (creds.user) lines.push(`--user ${shellQuote(creds.user)}`);
  const replaced = new Set(creds.headers.map(([name]) => name.toLowerCase()));
  const headers: [string, string][] = [...creds.headers, ...Object.entries(built.init.headers).filter(([name]) => !replaced.has(name.toLowerCase()))];
  for (const [name, value] of headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (built.init.body !== undefined) lines.push(`--data-binary ${shellQuote(built.init.body)}`);
  return {curl: lines.join(' \\\n  ')};
}
