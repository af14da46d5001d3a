/**
 * The console's request preview: the request the form describes, as a curl command, before it is
 * sent. It is built from the console's own request model (request.ts buildRequest, the same call
 * Send makes) with the credentials left out, then the schemes' credentials added back as
 * placeholders (`<password>`): the preview never shows a typed secret. A parameter that carries a
 * credential (auth/schemes.ts isCredentialParameter) is masked the same way.
 *
 * Shell quoting is the code samples' own (CopyButton/copyable-text.ts shellQuote): single quotes,
 * or bash's $'…' with \xHH escapes for a word holding a control character or a tab, so a pasted
 * preview never carries a raw control character (a terminal would act on it).
 */
import type {OperationPage, SecuritySchemeData} from '../ApiOperation/types';
import {credentialFields, isCredentialParameter} from './auth/schemes';
import {buildRequest} from './request';
import {shellQuote} from '../CopyButton/shell-quote';

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
