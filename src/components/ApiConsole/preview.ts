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
import type {OperationPage, SecuritySchemeData} from '../../../plugins/api-pages/client/page-data-format';
import {applyCredentials, credentialFields, isBasic, isBearer, isCredentialParameter} from './auth/schemes';
import {buildRequest} from './request';
import {shellQuote} from '../CopyButton/shell-quote';
import type {PreparedBody} from './body';

const placeholder = (label: string) => `<${label}>`;

/**
 * The credentials of the chosen alternative as Send would apply them (auth/schemes.ts
 * applyCredentials, the same call), with a placeholder in each field the reader filled: the
 * header names, the query keys and the refusals are Send's own. HTTP Basic is shown as curl's
 * --user with placeholders instead of its base64 header.
 */
function placeholders(alternative: SecuritySchemeData[], filled: (key: string) => boolean) {
  const values: Record<string, string> = {};
  let user: string | undefined;
  for (const s of alternative) {
    for (const f of credentialFields(s)) {
      if (!filled(f.key)) continue;
      if (isBasic(s)) user = `${placeholder('username')}:${placeholder('password')}`;
      // "<X-API-Key>", "<token>" (bearer, OAuth), "<credentials>" (another HTTP scheme), "<username>"…
      values[f.key] = placeholder(
        s.type === 'apiKey' ? f.label : s.type === 'http' && !isBasic(s) && !isBearer(s) ? 'credentials' : f.key.slice(s.key.length + 1),
      );
    }
  }
  const applied = applyCredentials(alternative, values);
  // With Basic filled in, the one Authorization header is Basic's (a second one is refused above).
  const headers = user ? applied.headers.filter(([name]) => name.toLowerCase() !== 'authorization') : applied.headers;
  return {headers, query: applied.query, user};
}

/**
 * The curl command for what the form holds now, or the reason it cannot be built (the same
 * RequestRefused message Send would show). `filled` says which credential fields hold a value.
 */
export function curlPreview(
  operation: OperationPage,
  server: string,
  params: Record<string, string>,
  body: string | PreparedBody | undefined,
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
  let creds: ReturnType<typeof placeholders>;
  try {
    built = buildRequest(operation, server, masked, {}, body, page, alternative);
    creds = placeholders(operation.security[alternative] ?? [], filled);
  } catch (e) {
    return {error: (e as Error).message};
  }
  // The placeholders stay readable in the URL ("<api_key>", not "%3Capi_key%3E").
  const url =
    built.url + creds.query.map(([k, v], i) => `${i === 0 && !built.url.includes('?') ? '?' : '&'}${encodeURIComponent(k)}=${v}`).join('');
  const lines = [`curl -i -X ${built.init.method} ${shellQuote(url)}`];
  if (creds.user) lines.push(`--user ${shellQuote(creds.user)}`);
  const replaced = new Set(creds.headers.map(([name]) => name.toLowerCase()));
  const headers: [string, string][] = [
    ...creds.headers,
    ...Object.entries(built.init.headers).filter(([name]) => !replaced.has(name.toLowerCase())),
  ];
  // curl -F writes the multipart Content-Type itself, with its own boundary.
  const curlForm = typeof body === 'object' && body.curl.some(([flag]) => flag !== '--data-binary');
  for (const [name, value] of headers) {
    if (curlForm && name.toLowerCase() === 'content-type') continue;
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (built.init.body !== undefined) {
    // A prepared body (form, multipart, a file) says how curl sends it; text goes as it is.
    const args: [string, string][] = typeof body === 'object' ? body.curl : [['--data-binary', String(built.init.body)]];
    for (const [flag, value] of args) lines.push(`${flag} ${shellQuote(value)}`);
  }
  return {curl: lines.join(' \\\n  ')};
}
