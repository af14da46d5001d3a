/**
 * Request code samples, written at build time for each operation in several languages and
 * highlighted there: the browser gets static HTML and never runs a code generator.
 *
 * The OpenAPI document may be a third party's: its text only ever stands inside string literals,
 * with control characters written as that language's escapes (no raw one reaches the page or the
 * clipboard, see src/components/CopyButton/copyable-text.ts); header names and values are what
 * HTTP allows in a field (headerText); the file a binary answer is saved to is named by the
 * portal, never by the document (responseFile).
 */
import type {CodeSample} from './client/page-data-format';
import {CONTROL_CHARACTERS, copyableText, hasControlCharacters, hex4} from '../../src/components/CopyButton/copyable-text';
import {shellQuote} from '../../src/components/CopyButton/shell-quote';
import {highlight} from './highlight';
import {formPairs, isRecord, multipartParts, type FieldEncoding, type MultipartPart} from './client/form-encoding';

export interface SampleAuth {
  /** HTTP Basic: username and password read from these environment variables. */
  basic?: {userVar: string; passwordVar: string};
  bearer?: {tokenVar: string};
  /** API keys sent as headers, their values read from environment variables. */
  headers: {name: string; envVar: string}[];
  /** API keys sent as query parameters. */
  query: {name: string; envVar: string}[];
  /** API keys sent as cookies. */
  cookies?: {name: string; envVar: string}[];
}

export interface SampleRequest {
  method: string;
  /** Absolute URL without the query string, path parameters already filled in. */
  url: string;
  /** The document's query fields (name, value), before encoding; empty when `rawQuery` is set. */
  query: [string, string][];
  /**
   * The document's query written out, already encoded, when a client's parameter API cannot say
   * it: a parameter with `allowReserved` (reserved characters sent as they are) or a 3.2
   * `in: querystring` parameter of a JSON media type (the JSON text, percent-encoded). The samples
   * put it in the URL as it is; API keys sent in the query follow it.
   */
  rawQuery?: string;
  headers: [string, string][];
  /** Cookie parameters (name, value), sent in one Cookie header with the cookie API keys. */
  cookies?: [string, string][];
  auth: SampleAuth;
  body?: SampleBody;
  /**
   * The success response is a stream (server-sent events, JSON Lines, NDJSON, JSON text
   * sequences): the samples print it line by line as it arrives instead of reading it whole.
   */
  stream?: boolean;
  /** Media type of the success response, e.g. application/json or application/pdf. */
  accept?: string;
  /**
   * Save the response to a file (a binary answer) instead of printing it. The file's name is the
   * portal's, never the document's: responseFile(req), from `name` (the operationId) kept to
   * [a-z0-9-] and an extension for `accept` from a table of known media types.
   */
  download?: {name?: string};
}

export interface SampleBody {
  mediaType: string;
  /** The example: an object for a form or multipart body, text for XML and plain text. */
  value: unknown;
  /** The media type's `encoding` by property (form and multipart bodies). */
  encoding?: Record<string, FieldEncoding>;
  /** Properties of a multipart body that are files: each is read from a file the portal names. */
  files?: string[];
  /** The whole body is a file (a binary upload: an image, a PDF, application/octet-stream). */
  file?: boolean;
}

/**
 * Thrown by a generator when its language cannot carry some text of the request at all (a NUL
 * character in a shell argument). renderSampleSources leaves that language out for the request.
 */
export class UnrepresentableSampleError extends Error {}

/** An HTTP method is a token (RFC 9110, 9.1): the eight of OpenAPI, 3.2's QUERY, or any other (PURGE, COPY). */
const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Methods every HTTP client library of the samples names (Ruby has a class for each). */
const FIXED_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);
const ENV_VAR = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isJson = (mediaType: string) => /[/+]json\b/.test(mediaType);

function bodyText(body: SampleBody): string {
  return typeof body.value === 'string' && !isJson(body.mediaType) ? body.value : JSON.stringify(body.value, null, 2);
}

const mediaTypeIs = (mediaType: string, type: string) => mediaType.split(';')[0]!.trim().toLowerCase() === type;

/**
 * What a body is sent as: text (JSON, XML, plain text: the example as it is), form fields
 * (application/x-www-form-urlencoded, by the media type's `encoding`), multipart parts, or the
 * bytes of a file (a binary upload). Files are named by the portal (portalFileName), never by the document.
 */
type BodyShape =
  | {kind: 'text'; text: string}
  | {kind: 'form'; pairs: [string, string][]}
  | {kind: 'multipart'; parts: MultipartPart[]}
  | {kind: 'file'; file: string};

export function bodyShape(body: SampleBody): BodyShape {
  if (body.file) return {kind: 'file', file: portalFileName('upload', body.mediaType)};
  if (mediaTypeIs(body.mediaType, 'application/x-www-form-urlencoded') && isRecord(body.value))
    return {kind: 'form', pairs: formPairs(body.value, body.encoding)};
  if (mediaTypeIs(body.mediaType, 'multipart/form-data') && (isRecord(body.value) || body.files?.length)) {
    const files = (body.files ?? []).map((name) => ({
      name,
      file: portalFileName(name, body.encoding && Object.hasOwn(body.encoding, name) ? body.encoding[name].contentType : undefined),
    }));
    return {kind: 'multipart', parts: multipartParts(body.value, body.encoding, files)};
  }
  return {kind: 'text', text: bodyText(body)};
}

/** The query string of the document's parameters, form-encoded like a browser does. */
const formEncode = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/**
 * The headers the sample sets itself: Accept, Content-Type (not for a multipart body: its client
 * library writes the type with the boundary it chose) and the document's header parameters.
 */
function allHeaders(req: SampleRequest): [string, string][] {
  const h: [string, string][] = [];
  if (req.accept) h.push(['Accept', req.accept]);
  if (req.body && bodyShape(req.body).kind !== 'multipart') h.push(['Content-Type', req.body.mediaType]);
  return [...h, ...req.headers];
}

/** The URL with the document's query when it is written out as it is (rawQuery). */
const urlWithRawQuery = (req: SampleRequest) => req.url + (req.rawQuery ? `?${req.rawQuery}` : '');

/**
 * The URL with the document's query and the API keys read from the environment, as parts: the
 * literal text and the variables, for languages that build the URL by concatenation. A variable
 * here is always a query value: Java and C# percent-encode it (an API key may hold "+" or "&",
 * which would otherwise change the query); curl cannot (see curl()).
 */
function urlParts(req: SampleRequest): ({text: string} | {env: string})[] {
  const docQuery = req.rawQuery ?? formEncode(req.query);
  const parts: ({text: string} | {env: string})[] = [{text: req.url + (docQuery || req.auth.query.length ? '?' : '') + docQuery}];
  req.auth.query.forEach((q, i) => {
    const text = (docQuery || i > 0 ? '&' : '') + formEncode([[q.name, '']]);
    const last = parts[parts.length - 1];
    if ('text' in last) last.text += text;
    else parts.push({text});
    parts.push({env: q.envVar});
  });
  return parts;
}

/**
 * A cookie name or value from the document, kept to characters every client and server takes in a
 * Cookie header (RFC 6265 token characters without "%"); anything else is percent-encoded as UTF-8.
 */
export const cookieText = (s: string) =>
  s.replace(/[^A-Za-z0-9!#$&'*+\-.^_`|~]/gu, (c) => encodeURIComponent(c).replace(/[()]/g, (x) => `%${hex4(x).slice(2)}`));

/** The Cookie header of the request as literal text and environment variables, or null when it sends none. */
function cookieParts(req: SampleRequest): ({text: string} | {env: string})[] | null {
  const literal = (req.cookies ?? []).map(([k, v]) => `${cookieText(k)}=${cookieText(v)}`);
  const keys = req.auth.cookies ?? [];
  if (literal.length === 0 && keys.length === 0) return null;
  const parts: ({text: string} | {env: string})[] = [{text: literal.join('; ')}];
  keys.forEach((k, i) => {
    const last = parts[parts.length - 1]!;
    const text = (literal.length || i > 0 ? '; ' : '') + `${cookieText(k.name)}=`;
    if ('text' in last) last.text += text;
    else parts.push({text});
    parts.push({env: k.envVar});
  });
  return parts;
}

/**
 * Parts joined into one expression of a language: its string literal for text, its environment
 * lookup for variables. No text part is empty: urlParts starts with the URL, cookieParts with a
 * cookie or the first key's name, and each later text holds a key's "name=".
 */
const joinParts = (parts: ({text: string} | {env: string})[], str: (s: string) => string, env: (v: string) => string, plus = ' + ') =>
  parts.map((p) => ('text' in p ? str(p.text) : env(p.env))).join(plus);

const hasDuplicateNames = (pairs: [string, string][]) => new Set(pairs.map(([k]) => k)).size < pairs.length;
const indent = (text: string, pad: string) =>
  text
    .split('\n')
    .map((l, i) => (i === 0 ? l : pad + l))
    .join('\n');

/* ---------------------------------------------------------------- the response's file */

/**
 * File extensions of the media types a sample saves (binary answers). The document names the media
 * type, never the file: a type not in this table is saved as `.bin`, so `application/bashrc` does
 * not write `.bashrc` and `application/..\..\x` names no other folder.
 */
const FILE_EXTENSIONS: Record<string, string> = {
  'application/octet-stream': 'bin',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/x-gzip': 'gz',
  'application/x-tar': 'tar',
  'application/x-7z-compressed': '7z',
  'application/rtf': 'rtf',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/x-ndjson': 'ndjson',
  'application/yaml': 'yaml',
  'application/epub+zip': 'epub',
  'application/wasm': 'wasm',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/tiff': 'tiff',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/aac': 'aac',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/mpeg': 'mpeg',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/html': 'html',
  'text/xml': 'xml',
  'text/calendar': 'ics',
  'text/markdown': 'md',
  'font/woff2': 'woff2',
  'font/woff': 'woff',
  'font/ttf': 'ttf',
  'font/otf': 'otf',
};

/** Names Windows keeps for devices, with any extension ("con.pdf" is the console). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)$/;

/**
 * The file a sample saves the response to, or undefined when it prints the response: a stem made
 * of [a-z0-9-] only (the operationId in kebab case, else "response"), a dot and the extension of
 * the response's media type (FILE_EXTENSIONS, "bin" when unknown). Nothing else of the document.
 */
export function responseFile(req: Pick<SampleRequest, 'accept' | 'download'>): string | undefined {
  if (!req.download) return undefined;
  return portalFileName(req.download.name ?? '', req.accept, 'response');
}

/**
 * A file name a sample reads or writes: a stem of [a-z0-9-] only, made from `name` (an
 * operationId, a form field's name) in kebab case, else `fallback`; a dot; the extension of the
 * media type (FILE_EXTENSIONS, "bin" when unknown). Nothing else of the document reaches it.
 */
export function portalFileName(name: string, mediaType: string | undefined, fallback = 'upload'): string {
  const stem = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  const type = (mediaType ?? '').split(';')[0]!.trim().toLowerCase();
  const ext = Object.hasOwn(FILE_EXTENSIONS, type) ? FILE_EXTENSIONS[type] : 'bin';
  return `${stem && !WINDOWS_DEVICE.test(stem) ? stem : fallback}.${ext}`;
}

/* ---------------------------------------------------------------- text HTTP forbids in a header */

/**
 * A header name or value as a sample sends it: without the characters HTTP does not allow in a
 * field (RFC 9110, 5.5: control characters other than tab, DEL) and without C1 controls (U+0080 to
 * U+009F, "obs-text" that clients send as different bytes, and no text). Most clients refuse such a
 * header outright (Node, Python's requests, Go, Java), curl would send it raw: every sample sends the
 * rest of the text, the same in all languages, and the control characters are in none of them.
 */
export const headerText = (s: string): string => s.replace(/[\0-\x08\x0A-\x1F\x7F-\x9F]/g, '');

/** The request with headerText applied to every header name and value it sends; a header whose name is left empty is dropped. */
function httpHeaders(req: SampleRequest): SampleRequest {
  const out: SampleRequest = {
    ...req,
    headers: req.headers.map(([k, v]): [string, string] => [headerText(k), headerText(v)]).filter(([k]) => k !== ''),
    auth: {...req.auth, headers: req.auth.headers.map((h) => ({...h, name: headerText(h.name)})).filter((h) => h.name !== '')},
  };
  if (req.accept !== undefined) out.accept = headerText(req.accept);
  if (req.body) {
    out.body = {...req.body, mediaType: headerText(req.body.mediaType)};
    // A part's content type is a header of the part: the same rule.
    if (req.body.encoding)
      out.body.encoding = Object.fromEntries(
        Object.entries(req.body.encoding).map(([k, e]) => [
          k,
          e.contentType === undefined ? e : {...e, contentType: headerText(e.contentType)},
        ]),
      );
  }
  return out;
}

/* Text that is not well-formed UTF-16 (a lone surrogate) cannot be written as UTF-8 by any of
   the languages: it becomes U+FFFD, as it would when the page is written. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormed(v)])) as T;
  }
  return value;
}

/** The method and the environment-variable names are written into code unquoted: only known values pass. */
function checkRequest(req: SampleRequest): void {
  if (!METHOD.test(req.method)) throw new Error(`code samples: "${req.method}" is not an HTTP method (RFC 9110: a token)`);
  const {basic, bearer, headers, query, cookies = []} = req.auth;
  const vars = [basic?.userVar, basic?.passwordVar, bearer?.tokenVar, ...[...headers, ...query, ...cookies].map((k) => k.envVar)];
  for (const v of vars) if (v !== undefined && !ENV_VAR.test(v)) throw new Error(`code samples: invalid environment variable name "${v}"`);
}

/* ---------------------------------------------------------------- shell (curl) */

/** A shell word made of literal text and environment variables: only the variables expand. */
type ShellPart = ReturnType<typeof urlParts>[number];

/** Characters that mean nothing inside double quotes (no $, `, ", \ or ! there). */
const PLAIN_IN_DOUBLE_QUOTES = /^[A-Za-z0-9 _.,:/=?&%+@~*#;()[\]{}-]*$/;

function shellWord(parts: ShellPart[]): string {
  // Header names and values, cookies and the file name never hold a NUL (headerText, cookieText, responseFile): the URL or the body may.
  if (parts.some((p) => 'text' in p && p.text.includes('\0'))) {
    throw new UnrepresentableSampleError('curl: a shell argument cannot carry a NUL character (in the URL or the body)');
  }
  if (parts.every((p) => 'text' in p)) return shellQuote(parts.map((p) => ('text' in p ? p.text : '')).join(''));
  if (parts.every((p) => !('text' in p) || PLAIN_IN_DOUBLE_QUOTES.test(p.text))) {
    // One double-quoted word reads best: "X-Key: $API_KEY". A variable is last, or followed by the
    // "&" of the next query key or the "; " of the next cookie: never by a letter that would extend its name.
    return `"${parts.map((p) => ('text' in p ? p.text : `$${p.env}`)).join('')}"`;
  }
  return parts.map((p) => ('text' in p ? shellQuote(p.text) : `"$${p.env}"`)).join('');
}

/** A form field name as curl's --data-urlencode takes it: curl encodes only the value; brackets stay readable (`address[city]`). */
const curlFieldName = (name: string) => encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');

/** A -F text value in curl's double quotes: only " and \ are escaped there, and `;type=` after it is not part of it. */
const curlQuotedValue = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function curlBody(shape: BodyShape): string[] {
  switch (shape.kind) {
    // --data-raw: unlike --data, a body starting with @ is not read from a file.
    case 'text':
      return [`--data-raw ${shellWord([{text: shape.text}])}`];
    // Each field percent-encoded by curl (the value; the name here), joined with "&".
    case 'form':
      return shape.pairs.map(([k, v]) => `--data-urlencode ${shellWord([{text: `${curlFieldName(k)}=${v}`}])}`);
    case 'file':
      return [`--data-binary ${shellWord([{text: `@${shape.file}`}])}`];
    case 'multipart':
      return shape.parts.map((p) => {
        // curl -F reads a field's name up to the first "=".
        if (p.name.includes('=')) throw new UnrepresentableSampleError('curl: a multipart field name cannot hold "="');
        if (p.file !== undefined) return `--form ${shellWord([{text: `${p.name}=@${p.file};type=${p.contentType}`}])}`;
        // --form-string takes the text as it is (no @file, no ;type=): a typed part quotes its text instead.
        if (!p.contentType) return `--form-string ${shellWord([{text: `${p.name}=${p.text}`}])}`;
        return `--form ${shellWord([{text: `${p.name}=${curlQuotedValue(p.text ?? '')};type=${p.contentType}`}])}`;
      });
  }
}

function curl(req: SampleRequest): string {
  // The query's API keys are written into the URL as they are: curl before 7.87 (Ubuntu 22.04,
  // RHEL 9) has no --url-query to percent-encode them, and keys are mostly letters, digits, "-",
  // "_" and ".". A key with "+", "&", "#" or "%" would need encoding by hand.
  const url = urlParts(req);
  const urlText = url.map((p) => ('text' in p ? p.text : '')).join('');
  const args = [`curl --request ${req.method.toUpperCase()}`, `  --url ${shellWord(url)}`];
  // curl reads [] and {} in a URL as a pattern of several URLs unless told not to.
  if (/[[\]{}]/.test(urlText)) args.push('  --globoff');
  if (req.auth.basic) args.push(`  --user "$${req.auth.basic.userVar}:$${req.auth.basic.passwordVar}"`);
  if (req.auth.bearer) args.push(`  --header "Authorization: Bearer $${req.auth.bearer.tokenVar}"`);
  for (const k of req.auth.headers) args.push(`  --header ${shellWord([{text: `${k.name}: `}, {env: k.envVar}])}`);
  const cookie = cookieParts(req);
  if (cookie) args.push(`  --cookie ${shellWord(cookie)}`);
  // "Name;" is how curl sends a header with an empty value ("Name:" would remove the header).
  for (const [k, v] of allHeaders(req)) args.push(`  --header ${shellWord([{text: v === '' ? `${k};` : `${k}: ${v}`}])}`);
  if (req.body) args.push(...curlBody(bodyShape(req.body)).map((a) => `  ${a}`));
  const file = responseFile(req);
  if (file) args.push(`  --output ${shellWord([{text: file}])}`);
  // A stream is printed as it arrives, not when curl's output buffer fills.
  if (req.stream) args.push('  --no-buffer');
  return args.join(' \\\n');
}

/* ---------------------------------------------------------------- JavaScript */

/**
 * A double-quoted string literal in JSON's escapes (\" \\ \n \uXXXX…), which JavaScript, Python,
 * Go, Java and C# all read the same way, with every control character as a \uXXXX escape
 * (JSON.stringify escapes C0 controls; DEL, C1, U+2028/2029 and the bidirectional controls too).
 */
const quoted = (s: string) => JSON.stringify(s).replace(CONTROL_CHARACTERS, (c) => `\\u${hex4(c)}`);

/** JSON strings are JavaScript string literals. */
const jsString = quoted;
/** In an object literal, a "__proto__" key would set the prototype instead of a property. */
const jsKey = (k: string) => (k === '__proto__' ? `[${jsString(k)}]` : jsString(k));

/** Like JSON.stringify(value, null, 2), as a JavaScript expression. */
function jsLiteral(value: unknown, pad = ''): string {
  if (typeof value === 'string') return jsString(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const inner = pad + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + jsLiteral(v, inner)).join(',\n')}\n${pad}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${jsKey(k)}: ${jsLiteral(v, inner)}`).join(',\n')}\n${pad}}`;
}

function javascript(req: SampleRequest): string {
  const env = (v: string) => `process.env.${v}`;
  const lines: string[] = [];
  lines.push(`const url = new URL(${jsString(urlWithRawQuery(req))});`);
  for (const [k, v] of req.query) lines.push(`url.searchParams.append(${jsString(k)}, ${jsString(v)});`);
  if (req.rawQuery && req.auth.query.length) {
    // searchParams.append would write the whole query anew, form-encoded: the keys are added after it as they are.
    const keys = req.auth.query.map((q) => `[${jsString(q.name)}, ${env(q.envVar)}]`).join(', ');
    lines.push(`url.search += '&' + new URLSearchParams([${keys}]);`);
  } else for (const q of req.auth.query) lines.push(`url.searchParams.append(${jsString(q.name)}, ${env(q.envVar)});`);
  lines.push('', 'const response = await fetch(url, {', `  method: ${jsString(req.method.toUpperCase())},`, '  headers: {');
  if (req.auth.basic)
    lines.push(`    Authorization: 'Basic ' + btoa(\`\${${env(req.auth.basic.userVar)}}:\${${env(req.auth.basic.passwordVar)}}\`),`);
  if (req.auth.bearer) lines.push(`    Authorization: \`Bearer \${${env(req.auth.bearer.tokenVar)}}\`,`);
  for (const k of req.auth.headers) lines.push(`    ${jsKey(k.name)}: ${env(k.envVar)},`);
  const cookie = cookieParts(req);
  if (cookie) lines.push(`    Cookie: ${joinParts(cookie, jsString, env)},`);
  for (const [k, v] of allHeaders(req)) lines.push(`    ${jsKey(k)}: ${jsString(v)},`);
  lines.push('  },');
  const shape = req.body ? bodyShape(req.body) : undefined;
  if (req.body && shape?.kind === 'text') {
    lines.push(
      isJson(req.body.mediaType)
        ? `  body: JSON.stringify(${indent(jsLiteral(req.body.value), '  ')}),`
        : `  body: ${jsString(shape.text)},`,
    );
  } else if (shape?.kind === 'form') {
    lines.push('  body: new URLSearchParams([', ...shape.pairs.map(([k, v]) => `    [${jsString(k)}, ${jsString(v)}],`), '  ]),');
  } else if (shape?.kind === 'file') {
    lines.push(`  body: await openAsBlob(${jsString(shape.file)}),`);
  } else if (shape?.kind === 'multipart') {
    // fetch writes the multipart/form-data Content-Type with its boundary.
    const parts = shape.parts.map((p) => {
      if (p.file !== undefined)
        return `form.append(${jsString(p.name)}, await openAsBlob(${jsString(p.file)}, {type: ${jsString(p.contentType ?? '')}}), ${jsString(p.file)});`;
      // A typed part is a Blob: FormData gives it the file name "blob".
      if (p.contentType)
        return `form.append(${jsString(p.name)}, new Blob([${jsString(p.text ?? '')}], {type: ${jsString(p.contentType)}}));`;
      return `form.append(${jsString(p.name)}, ${jsString(p.text ?? '')});`;
    });
    lines.unshift('const form = new FormData();', ...parts, '');
    lines.push('  body: form,');
  }
  if (shape?.kind === 'file' || (shape?.kind === 'multipart' && shape.parts.some((p) => p.file !== undefined)))
    lines.unshift("import {openAsBlob} from 'node:fs';", '');
  if (req.stream) lines.unshift("import {createInterface} from 'node:readline';", "import {Readable} from 'node:stream';", '');
  lines.push('});', '');
  lines.push('if (!response.ok) {', '  throw new Error(`Request failed: ${response.status} ${await response.text()}`);', '}');
  const file = responseFile(req);
  if (req.stream) {
    // Each line (an event's field, a JSON Lines record) as it arrives.
    lines.push(
      'for await (const line of createInterface({input: Readable.fromWeb(response.body), crlfDelay: Infinity})) {',
      '  console.log(line);',
      '}',
    );
  } else if (file) {
    lines.push(
      `const file = Buffer.from(await response.arrayBuffer());`,
      `await import('node:fs/promises').then((fs) => fs.writeFile(${jsString(file)}, file));`,
    );
  } else if (!req.accept) {
    // No documented body (a 204): the status says it all, and an empty body is no JSON.
    lines.push('console.log(response.status);');
  } else if (isJson(req.accept)) {
    lines.push('console.log(await response.json());');
  } else {
    lines.push('console.log(await response.text());');
  }
  return lines.join('\n');
}

/* ---------------------------------------------------------------- Python */

/** JSON string escapes (\" \\ \n \uXXXX ...) mean the same in a Python string literal. */
const pyString = quoted;

function pyLiteral(value: unknown, pad = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None';
  if (typeof value === 'string') return pyString(value);
  const inner = pad + '    ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + pyLiteral(v, inner)).join(',\n')},\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${pyString(k)}: ${pyLiteral(v, inner)}`).join(',\n')},\n${pad}}`;
}

function python(req: SampleRequest): string {
  const lines = ['import os', '', 'import requests', ''];
  const headers: string[] = [];
  if (req.auth.bearer) headers.push(`"Authorization": f"Bearer {os.environ['${req.auth.bearer.tokenVar}']}",`);
  for (const k of req.auth.headers) headers.push(`${pyString(k.name)}: os.environ[${pyString(k.envVar)}],`);
  const cookie = cookieParts(req);
  if (cookie) headers.push(`"Cookie": ${joinParts(cookie, pyString, (v) => `os.environ[${pyString(v)}]`)},`);
  for (const [k, v] of allHeaders(req)) headers.push(`${pyString(k)}: ${pyString(v)},`);
  const pairs: [string, string][] = [
    ...req.query.map(([k, v]): [string, string] => [pyString(k), pyString(v)]),
    ...req.auth.query.map((q): [string, string] => [pyString(q.name), `os.environ[${pyString(q.envVar)}]`]),
  ];
  // Requests appends params to a query the URL already has (rawQuery).
  lines.push('response = requests.request(', `    ${pyString(req.method.toUpperCase())},`, `    ${pyString(urlWithRawQuery(req))},`);
  if (pairs.length) {
    // A dict cannot repeat a name: a list of pairs keeps every one, in order.
    if (hasDuplicateNames([...req.query, ...req.auth.query.map((q): [string, string] => [q.name, ''])])) {
      lines.push('    params=[', ...pairs.map(([k, v]) => `        (${k}, ${v}),`), '    ],');
    } else {
      lines.push('    params={', ...pairs.map(([k, v]) => `        ${k}: ${v},`), '    },');
    }
  }
  if (headers.length) lines.push('    headers={', ...headers.map((h) => `        ${h}`), '    },');
  if (req.auth.basic)
    lines.push(`    auth=(os.environ[${pyString(req.auth.basic.userVar)}], os.environ[${pyString(req.auth.basic.passwordVar)}]),`);
  const shape = req.body ? bodyShape(req.body) : undefined;
  if (req.body && shape?.kind === 'text') {
    // requests would encode a str body as Latin-1: the text goes as UTF-8 bytes.
    lines.push(
      isJson(req.body.mediaType) ? `    json=${pyLiteral(req.body.value, '    ')},` : `    data=${pyString(shape.text)}.encode(),`,
    );
  } else if (shape?.kind === 'form') {
    // A list of pairs: requests form-encodes it in order, a name repeated as often as it comes.
    lines.push('    data=[', ...shape.pairs.map(([k, v]) => `        (${pyString(k)}, ${pyString(v)}),`), '    ],');
  } else if (shape?.kind === 'file') {
    lines.push(`    data=Path(${pyString(shape.file)}).read_bytes(),`);
  } else if (shape?.kind === 'multipart') {
    // (file name, content, content type): None as the file name makes a plain field. requests
    // writes the multipart/form-data Content-Type with its boundary.
    const part = (p: MultipartPart) =>
      p.file !== undefined
        ? `(${pyString(p.name)}, (${pyString(p.file)}, Path(${pyString(p.file)}).read_bytes(), ${pyString(p.contentType ?? '')})),`
        : `(${pyString(p.name)}, (None, ${pyString(p.text ?? '')}${p.contentType ? `, ${pyString(p.contentType)}` : ''})),`;
    lines.push('    files=[', ...shape.parts.map((p) => `        ${part(p)}`), '    ],');
  }
  if (shape?.kind === 'file' || (shape?.kind === 'multipart' && shape.parts.some((p) => p.file !== undefined)))
    lines.splice(1, 0, 'from pathlib import Path');
  if (req.stream) lines.push('    stream=True,');
  lines.push('    timeout=30,', ')', 'response.raise_for_status()');
  const file = responseFile(req);
  // Each line (an event's field, a JSON Lines record) as it arrives.
  if (req.stream)
    lines.push(
      'response.encoding = "utf-8"',
      'for line in response.iter_lines(chunk_size=None, decode_unicode=True):',
      '    print(line, flush=True)',
    );
  else if (file) lines.push(`with open(${pyString(file)}, "wb") as f:`, '    f.write(response.content)');
  // No documented body (a 204): the status says it all, and an empty body is no JSON.
  else lines.push(!req.accept ? 'print(response.status_code)' : isJson(req.accept) ? 'print(response.json())' : 'print(response.text)');
  return lines.join('\n');
}

/* ---------------------------------------------------------------- Go */

/** JSON string escapes are Go escapes; a BOM may not appear raw in Go source. */
const goString = (s: string) => quoted(s).replace(/\uFEFF/g, '\\ufeff');

/** A name in a Content-Disposition header as browsers write it (WHATWG HTML): `"`, CR and LF percent-encoded. */
const dispositionName = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** The Content-Disposition header of a multipart part. */
const disposition = (p: MultipartPart) =>
  `form-data; name="${dispositionName(p.name)}"${p.file !== undefined ? `; filename="${dispositionName(p.file)}"` : ''}`;

/** Go source text as a raw string when it can be one (more readable), else an interpreted one. */
function goText(text: string): string {
  // A raw string cannot hold a backquote, Go drops carriage returns from raw strings, and
  // control characters are written as escapes.
  return /[`\uFEFF]/.test(text) || hasControlCharacters(text) ? goString(text) : '`' + text + '`';
}

const GO_PANIC = ['\tif err != nil {', '\t\tpanic(err)', '\t}'];

function goSample(req: SampleRequest): string {
  const shape = req.body ? bodyShape(req.body) : undefined;
  const hasQuery = req.query.length > 0 || req.auth.query.length > 0;
  const imports = new Set(['"fmt"', '"net/http"', req.stream ? '"bufio"' : '"io"']);
  // "os" only when used (go vet refuses an unused import): credentials from the environment, a file read, or the response saved to a file.
  const {basic, bearer, headers, query, cookies = []} = req.auth;
  const readsFile = shape?.kind === 'file' || (shape?.kind === 'multipart' && shape.parts.some((p) => p.file !== undefined));
  if (basic || bearer || headers.length || query.length || cookies.length || responseFile(req) || readsFile) imports.add('"os"');
  if (hasQuery || shape?.kind === 'form') imports.add('"net/url"');
  const body: string[] = [];
  if (shape?.kind === 'text') {
    imports.add('"strings"');
    body.push(`\tbody := strings.NewReader(${goText(shape.text)})`);
  } else if (shape?.kind === 'form') {
    imports.add('"strings"');
    body.push('\tform := url.Values{}', ...shape.pairs.map(([k, v]) => `\tform.Add(${goString(k)}, ${goString(v)})`));
    body.push('\tbody := strings.NewReader(form.Encode())');
  } else if (shape?.kind === 'file') {
    imports.add('"bytes"');
    body.push(`\tupload, err := os.ReadFile(${goString(shape.file)})`, ...GO_PANIC, '\tbody := bytes.NewReader(upload)');
  } else if (shape?.kind === 'multipart') {
    imports.add('"bytes"');
    imports.add('"mime/multipart"');
    body.push('\tvar body bytes.Buffer', '\tform := multipart.NewWriter(&body)');
    shape.parts.forEach((p, i) => {
      if (p.file === undefined && !p.contentType) {
        body.push(`\tif err := form.WriteField(${goString(p.name)}, ${goText(p.text ?? '')}); err != nil {`, '\t\tpanic(err)', '\t}');
        return;
      }
      imports.add('"net/textproto"');
      body.push(
        `\tpart${i}, err := form.CreatePart(textproto.MIMEHeader{`,
        `\t\t"Content-Disposition": {${goString(disposition(p))}},`,
        `\t\t"Content-Type":        {${goString(p.contentType ?? '')}},`,
        '\t})',
        ...GO_PANIC,
      );
      if (p.file !== undefined) {
        body.push(`\tfile${i}, err := os.ReadFile(${goString(p.file)})`, ...GO_PANIC);
        body.push(`\tif _, err := part${i}.Write(file${i}); err != nil {`, '\t\tpanic(err)', '\t}');
      } else {
        body.push(`\tif _, err := part${i}.Write([]byte(${goText(p.text ?? '')})); err != nil {`, '\t\tpanic(err)', '\t}');
      }
    });
    body.push('\tif err := form.Close(); err != nil {', '\t\tpanic(err)', '\t}');
  }
  const lines = ['package main', '', 'import (', ...[...imports].sort().map((i) => `\t${i}`), ')', '', 'func main() {'];
  if (hasQuery) {
    lines.push('\tquery := url.Values{}');
    for (const [k, v] of req.query) lines.push(`\tquery.Add(${goString(k)}, ${goString(v)})`);
    for (const q of req.auth.query) lines.push(`\tquery.Add(${goString(q.name)}, os.Getenv(${goString(q.envVar)}))`);
    lines.push(`\tendpoint := ${goString(req.rawQuery ? `${urlWithRawQuery(req)}&` : `${req.url}?`)} + query.Encode()`);
  } else {
    lines.push(`\tendpoint := ${goString(urlWithRawQuery(req))}`);
  }
  lines.push(...body);
  const bodyArg = shape === undefined ? 'nil' : shape.kind === 'multipart' ? '&body' : 'body';
  lines.push(`\treq, err := http.NewRequest(${goString(req.method.toUpperCase())}, endpoint, ${bodyArg})`, ...GO_PANIC);
  if (shape?.kind === 'multipart') lines.push('\treq.Header.Set("Content-Type", form.FormDataContentType())');
  if (req.auth.basic)
    lines.push(`\treq.SetBasicAuth(os.Getenv(${goString(req.auth.basic.userVar)}), os.Getenv(${goString(req.auth.basic.passwordVar)}))`);
  if (req.auth.bearer) lines.push(`\treq.Header.Set("Authorization", "Bearer "+os.Getenv(${goString(req.auth.bearer.tokenVar)}))`);
  for (const k of req.auth.headers) lines.push(`\treq.Header.Set(${goString(k.name)}, os.Getenv(${goString(k.envVar)}))`);
  const cookie = cookieParts(req);
  if (cookie) lines.push(`\treq.Header.Set("Cookie", ${joinParts(cookie, goString, (v) => `os.Getenv(${goString(v)})`, '+')})`);
  for (const [k, v] of allHeaders(req)) lines.push(`\treq.Header.Set(${goString(k)}, ${goString(v)})`);
  lines.push('', '\tres, err := http.DefaultClient.Do(req)', ...GO_PANIC, '\tdefer res.Body.Close()', '');
  if (req.stream) {
    // Each line (an event's field, a JSON Lines record) as it arrives; a line may be up to 1 MiB.
    lines.push(
      '\tfmt.Println(res.Status)',
      '\tlines := bufio.NewScanner(res.Body)',
      '\tlines.Buffer(make([]byte, 0, 64*1024), 1<<20)',
      '\tfor lines.Scan() {',
      '\t\tfmt.Println(lines.Text())',
      '\t}',
      '\tif err := lines.Err(); err != nil {',
      '\t\tpanic(err)',
      '\t}',
      '}',
    );
    return lines.join('\n');
  }
  lines.push('\tdata, err := io.ReadAll(res.Body)', ...GO_PANIC);
  const file = responseFile(req);
  if (file)
    lines.push(
      `\tif err := os.WriteFile(${goString(file)}, data, 0o644); err != nil {`,
      '\t\tpanic(err)',
      '\t}',
      '\tfmt.Println(res.Status)',
    );
  else lines.push('\tfmt.Println(res.Status)', '\tfmt.Println(string(data))');
  lines.push('}');
  return lines.join('\n');
}

/* ---------------------------------------------------------------- Java */

/**
 * JSON string escapes are Java escapes. Java reads \uXXXX escapes before anything else, but
 * JSON.stringify writes a backslash as \\, after which "\u" is no escape.
 */
const javaString = quoted;

/**
 * Characters Java strips from the end of text-block lines or counts as indentation, beyond space
 * and tab, that are not control characters (U+000B, U+000C, U+001C-U+001F, U+2028 and U+2029 are
 * whitespace to Java too; they are CONTROL_CHARACTERS, which javaBody checks as well).
 */
const JAVA_OTHER_WHITESPACE = /[\u1680\u2000-\u2006\u2008-\u200A\u205F\u3000]/;

/**
 * A body as a Java expression: a text block when it has several lines (and nothing a text block
 * would change), else string literals joined line by line.
 */
function javaBody(body: string, pad: string): string[] {
  if (!body.includes('\n')) return [javaString(body)];
  if (JAVA_OTHER_WHITESPACE.test(body) || hasControlCharacters(body)) {
    const parts = body.split(/(?<=\n)/);
    return parts.map((p, i) => (i === 0 ? '' : pad + '+ ') + javaString(p));
  }
  const lines = body
    .replace(/\\/g, '\\\\')
    .replace(/"{3,}/g, (run) => run.replace(/"/g, '\\"'))
    .split('\n')
    // Trailing spaces and tabs are stripped from each line: the last one is written as an escape.
    .map((l) => l.replace(/[ \t]$/, (c) => (c === ' ' ? '\\s' : '\\t')));
  // The indentation common to every line is stripped: if each line starts with white space, the
  // closing delimiter (on a line of its own, after a line continuation) sets the indentation.
  const closeOnOwnLine = lines.every((l) => l === '' || /^[ \t]/.test(l));
  const last = lines.length - 1;
  if (closeOnOwnLine) lines[last] += '\\';
  else lines[last] = lines[last].replace(/"$/, '\\"');
  return ['"""', ...lines.map((l) => (l === '' ? '' : pad + l)), ...(closeOnOwnLine ? [pad] : [])].map((l, i, all) =>
    i === all.length - 1 ? `${l}"""` : l,
  );
}

function java(req: SampleRequest): string {
  const shape = req.body ? bodyShape(req.body) : undefined;
  const imports = new Set([
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
  ]);
  const utf8 = 'StandardCharsets.UTF_8';
  if (req.auth.basic || req.auth.query.length || shape?.kind === 'form' || shape?.kind === 'multipart')
    imports.add('import java.nio.charset.StandardCharsets;');
  if (req.auth.query.length) imports.add('import java.net.URLEncoder;');
  if (req.auth.basic) imports.add('import java.util.Base64;');
  const file = responseFile(req);
  if (file || shape?.kind === 'file') imports.add('import java.nio.file.Path;');
  const lines: string[] = [];
  const helpers: string[] = [];
  lines.push('    public static void main(String[] args) throws Exception {');
  if (req.auth.basic) {
    lines.push(
      `        String credentials = System.getenv(${javaString(req.auth.basic.userVar)}) + ":" + System.getenv(${javaString(req.auth.basic.passwordVar)});`,
    );
    lines.push(`        String basic = Base64.getEncoder().encodeToString(credentials.getBytes(${utf8}));`);
  }
  if (shape?.kind === 'form') {
    imports.add('import java.net.URLEncoder;');
    helpers.push(
      '',
      '    static String field(String name, String value) {',
      `        return URLEncoder.encode(name, ${utf8}) + "=" + URLEncoder.encode(value, ${utf8});`,
      '    }',
    );
    lines.push('        String form = String.join("&",');
    shape.pairs.forEach(([k, v], i) =>
      lines.push(`            field(${javaString(k)}, ${javaString(v)})${i < shape.pairs.length - 1 ? ',' : ');'}`),
    );
    if (shape.pairs.length === 0) lines[lines.length - 1] = '        String form = "";';
  } else if (shape?.kind === 'multipart') {
    // HttpClient has no multipart API: the parts are written out, between boundaries.
    imports.add('import java.io.ByteArrayOutputStream;');
    imports.add('import java.util.UUID;');
    if (shape.parts.some((p) => p.file !== undefined)) {
      imports.add('import java.nio.file.Files;');
      imports.add('import java.nio.file.Path;');
    }
    lines.push(
      '        String boundary = "sample-" + UUID.randomUUID();',
      '        ByteArrayOutputStream body = new ByteArrayOutputStream();',
    );
    for (const p of shape.parts) {
      const head = `Content-Disposition: ${disposition(p)}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`;
      lines.push(`        body.write(("--" + boundary + "\\r\\n" + ${javaString(head)}).getBytes(${utf8}));`);
      if (p.file !== undefined) lines.push(`        body.write(Files.readAllBytes(Path.of(${javaString(p.file)})));`);
      else lines.push(`        body.write(${javaString(p.text ?? '')}.getBytes(${utf8}));`);
      lines.push(`        body.write("\\r\\n".getBytes(${utf8}));`);
    }
    lines.push(`        body.write(("--" + boundary + "--\\r\\n").getBytes(${utf8}));`);
  }
  const uri = joinParts(urlParts(req), javaString, (v) => `URLEncoder.encode(System.getenv(${javaString(v)}), ${utf8})`);
  lines.push('        HttpRequest request = HttpRequest.newBuilder()', `            .uri(URI.create(${uri}))`);
  if (req.auth.basic) lines.push('            .header("Authorization", "Basic " + basic)');
  if (req.auth.bearer)
    lines.push(`            .header("Authorization", "Bearer " + System.getenv(${javaString(req.auth.bearer.tokenVar)}))`);
  for (const k of req.auth.headers) lines.push(`            .header(${javaString(k.name)}, System.getenv(${javaString(k.envVar)}))`);
  const cookie = cookieParts(req);
  if (cookie) lines.push(`            .header("Cookie", ${joinParts(cookie, javaString, (v) => `System.getenv(${javaString(v)})`)})`);
  for (const [k, v] of allHeaders(req)) lines.push(`            .header(${javaString(k)}, ${javaString(v)})`);
  if (shape?.kind === 'multipart') lines.push('            .header("Content-Type", "multipart/form-data; boundary=" + boundary)');
  const method = javaString(req.method.toUpperCase());
  const publish = (expr: string) => `            .method(${method}, HttpRequest.BodyPublishers.${expr})`;
  if (shape?.kind === 'text') {
    const expr = javaBody(shape.text, '                ');
    expr[0] = `            .method(${method}, HttpRequest.BodyPublishers.ofString(${expr[0]}`;
    expr[expr.length - 1] += '))';
    lines.push(...expr);
  } else if (shape?.kind === 'form') {
    lines.push(publish('ofString(form)'));
  } else if (shape?.kind === 'file') {
    lines.push(publish(`ofFile(Path.of(${javaString(shape.file)}))`));
  } else if (shape?.kind === 'multipart') {
    lines.push(publish('ofByteArray(body.toByteArray())'));
  } else {
    lines.push(publish('noBody()'));
  }
  lines.push('            .build();', '');
  if (req.stream) {
    // Each line (an event's field, a JSON Lines record) as it arrives.
    imports.add('import java.util.stream.Stream;');
    lines.push(
      '        HttpResponse<Stream<String>> response = HttpClient.newHttpClient()',
      '            .send(request, HttpResponse.BodyHandlers.ofLines());',
      '        System.out.println(response.statusCode());',
      '        response.body().forEach(System.out::println);',
    );
  } else if (file) {
    lines.push(
      `        HttpResponse<Path> response = HttpClient.newHttpClient()`,
      `            .send(request, HttpResponse.BodyHandlers.ofFile(Path.of(${javaString(file)})));`,
    );
    lines.push('        System.out.println(response.statusCode());');
  } else {
    lines.push(
      '        HttpResponse<String> response = HttpClient.newHttpClient()',
      '            .send(request, HttpResponse.BodyHandlers.ofString());',
    );
    lines.push('        System.out.println(response.statusCode());', '        System.out.println(response.body());');
  }
  lines.push('    }', ...helpers, '}');
  return [...[...imports].sort(), '', 'public class Example {', ...lines].join('\n');
}

/* ---------------------------------------------------------------- C# */

/** JSON string escapes are C# escapes (U+0085, U+2028 and U+2029, which end a line in C# source, are escaped too). */
const csString = quoted;

/** A body of several lines as a verbatim string (only " is escaped there, as ""), when it has no control character. */
const csBody = (body: string) => (body.includes('\n') && !hasControlCharacters(body) ? `@"${body.replace(/"/g, '""')}"` : csString(body));

function csharp(req: SampleRequest): string {
  const shape = req.body ? bodyShape(req.body) : undefined;
  const usings = [
    ...(shape?.kind === 'form' ? ['using System.Collections.Generic;'] : []),
    ...(req.auth.basic || req.auth.bearer || req.body ? ['using System.Net.Http.Headers;'] : []),
    ...(req.auth.basic || shape?.kind === 'multipart' ? ['using System.Text;'] : []),
  ];
  const cookie = cookieParts(req);
  // With its cookie container on (the default), the handler would replace the Cookie header.
  const client = cookie ? 'new HttpClient(new HttpClientHandler { UseCookies = false })' : 'new HttpClient()';
  const lines = [...usings, ...(usings.length ? [''] : []), `using var client = ${client};`];
  const uri = joinParts(urlParts(req), csString, (v) => `Uri.EscapeDataString(Environment.GetEnvironmentVariable(${csString(v)}))`);
  lines.push(`using var request = new HttpRequestMessage(new HttpMethod(${csString(req.method.toUpperCase())}), ${uri});`);
  if (req.auth.basic) {
    lines.push(`var credentials = Convert.ToBase64String(Encoding.UTF8.GetBytes(`);
    lines.push(
      `    $"{Environment.GetEnvironmentVariable(${csString(req.auth.basic.userVar)})}:{Environment.GetEnvironmentVariable(${csString(req.auth.basic.passwordVar)})}"));`,
    );
    lines.push('request.Headers.Authorization = new AuthenticationHeaderValue("Basic", credentials);');
  }
  if (req.auth.bearer)
    lines.push(
      `request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable(${csString(req.auth.bearer.tokenVar)}));`,
    );
  for (const k of req.auth.headers)
    lines.push(`request.Headers.Add(${csString(k.name)}, Environment.GetEnvironmentVariable(${csString(k.envVar)}));`);
  if (cookie)
    lines.push(
      `request.Headers.Add("Cookie", ${joinParts(cookie, csString, (v) => `Environment.GetEnvironmentVariable(${csString(v)})`)});`,
    );
  for (const [k, v] of [...(req.accept ? [['Accept', req.accept]] : []), ...req.headers])
    lines.push(`request.Headers.Add(${csString(k)}, ${csString(v)});`);
  if (shape?.kind === 'text') lines.push(`request.Content = new StringContent(${csBody(shape.text)});`);
  else if (shape?.kind === 'form') {
    lines.push(
      'request.Content = new FormUrlEncodedContent(new[]',
      '{',
      ...shape.pairs.map(([k, v]) => `    new KeyValuePair<string, string>(${csString(k)}, ${csString(v)}),`),
      '});',
    );
  } else if (shape?.kind === 'file') {
    lines.push(`request.Content = new ByteArrayContent(await File.ReadAllBytesAsync(${csString(shape.file)}));`);
  } else if (shape?.kind === 'multipart') {
    // Each part with its own headers; MultipartFormDataContent writes the Content-Type with its boundary.
    lines.push('var form = new MultipartFormDataContent();');
    shape.parts.forEach((p, i) => {
      lines.push(
        p.file !== undefined
          ? `var part${i} = new ByteArrayContent(await File.ReadAllBytesAsync(${csString(p.file)}));`
          : `var part${i} = new ByteArrayContent(Encoding.UTF8.GetBytes(${csString(p.text ?? '')}));`,
        `part${i}.Headers.ContentDisposition = ContentDispositionHeaderValue.Parse(${csString(disposition(p))});`,
      );
      if (p.contentType) lines.push(`part${i}.Headers.ContentType = MediaTypeHeaderValue.Parse(${csString(p.contentType)});`);
      lines.push(`form.Add(part${i});`);
    });
    lines.push('request.Content = form;');
  }
  if (req.body && shape?.kind !== 'multipart')
    lines.push(`request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(${csString(req.body.mediaType)});`);
  const file = responseFile(req);
  if (req.stream) {
    // Each line (an event's field, a JSON Lines record) as it arrives: the body is read as a stream.
    lines.push(
      '',
      'using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);',
      'response.EnsureSuccessStatusCode();',
      'using var reader = new StreamReader(await response.Content.ReadAsStreamAsync());',
      'string line;',
      'while ((line = await reader.ReadLineAsync()) != null)',
      '{',
      '    Console.WriteLine(line);',
      '}',
    );
    return lines.join('\n');
  }
  lines.push('', 'using var response = await client.SendAsync(request);', 'response.EnsureSuccessStatusCode();');
  if (file) lines.push(`await File.WriteAllBytesAsync(${csString(file)}, await response.Content.ReadAsByteArrayAsync());`);
  else lines.push('Console.WriteLine(await response.Content.ReadAsStringAsync());');
  return lines.join('\n');
}

/* ---------------------------------------------------------------- PHP */

/**
 * A PHP string: single-quoted (only \ and ' are special there), or, when the text holds a control
 * character, double-quoted with \, ", $ escaped (no interpolation) and each control character as
 * an escape (\xHH below U+0080, \u{XXXX} above).
 */
function phpString(s: string): string {
  if (!hasControlCharacters(s)) return `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
  const escape = (c: string) => (c < '\x80' ? `\\x${hex4(c).slice(2)}` : `\\u{${hex4(c)}}`);
  return `"${s.replace(/[\\"$]/g, (c) => `\\${c}`).replace(CONTROL_CHARACTERS, escape)}"`;
}

/** A nowdoc closing identifier that does not occur anywhere in the text. */
function freeTerminator(text: string, base: string): string {
  let term = base;
  for (let i = 2; text.includes(term); i++) term = `${base}_${i}`;
  return term;
}

function php(req: SampleRequest): string {
  const shape = req.body ? bodyShape(req.body) : undefined;
  const body = shape?.kind === 'text' ? shape.text : undefined;
  const lines = ['<?php', '', "require 'vendor/autoload.php';", '', '$client = new GuzzleHttp\\Client();', ''];
  if (body !== undefined && body.includes('\n') && !hasControlCharacters(body)) {
    // A nowdoc takes the text as it is (no escapes, no variables) up to its closing identifier.
    const term = freeTerminator(body, 'BODY');
    lines.push(`$body = <<<'${term}'`, body, `${term};`, '');
  } else if (body !== undefined) {
    lines.push(`$body = ${phpString(body)};`, '');
  }
  lines.push(`$response = $client->request(${phpString(req.method.toUpperCase())}, ${phpString(req.url)}, [`);
  if (req.auth.basic)
    lines.push(`    'auth' => [getenv(${phpString(req.auth.basic.userVar)}), getenv(${phpString(req.auth.basic.passwordVar)})],`);
  const headers: string[] = [];
  if (req.auth.bearer) headers.push(`'Authorization' => 'Bearer ' . getenv(${phpString(req.auth.bearer.tokenVar)}),`);
  for (const k of req.auth.headers) headers.push(`${phpString(k.name)} => getenv(${phpString(k.envVar)}),`);
  const cookie = cookieParts(req);
  if (cookie) headers.push(`'Cookie' => ${joinParts(cookie, phpString, (v) => `getenv(${phpString(v)})`, ' . ')},`);
  for (const [k, v] of allHeaders(req)) headers.push(`${phpString(k)} => ${phpString(v)},`);
  if (headers.length) lines.push("    'headers' => [", ...headers.map((h) => `        ${h}`), '    ],');
  if (req.rawQuery || req.query.length || req.auth.query.length) {
    if (req.rawQuery !== undefined || hasDuplicateNames([...req.query, ...req.auth.query.map((q): [string, string] => [q.name, ''])])) {
      // An array cannot repeat a key, nor say what rawQuery says: the query string is written out, the keys' values appended.
      const docQuery = req.rawQuery ?? formEncode(req.query);
      const parts = [
        phpString(docQuery),
        ...req.auth.query.map(
          (q, i) => `${phpString((docQuery || i > 0 ? '&' : '') + formEncode([[q.name, '']]))} . urlencode(getenv(${phpString(q.envVar)}))`,
        ),
      ];
      lines.push(`    'query' => ${parts.join(' . ')},`);
    } else {
      const query = [
        ...req.query.map(([k, v]) => `${phpString(k)} => ${phpString(v)},`),
        ...req.auth.query.map((q) => `${phpString(q.name)} => getenv(${phpString(q.envVar)}),`),
      ];
      lines.push("    'query' => [", ...query.map((q) => `        ${q}`), '    ],');
    }
  }
  if (body !== undefined) lines.push("    'body' => $body,");
  else if (shape?.kind === 'form') lines.push(`    'body' => ${phpString(formEncode(shape.pairs))},`);
  else if (shape?.kind === 'file') lines.push(`    'body' => fopen(${phpString(shape.file)}, 'r'),`);
  else if (shape?.kind === 'multipart') {
    // Guzzle writes the multipart/form-data Content-Type with its boundary.
    const part = (p: MultipartPart) =>
      [
        `'name' => ${phpString(p.name)}`,
        p.file !== undefined ? `'contents' => fopen(${phpString(p.file)}, 'r')` : `'contents' => ${phpString(p.text ?? '')}`,
        ...(p.file !== undefined ? [`'filename' => ${phpString(p.file)}`] : []),
        ...(p.contentType ? [`'headers' => ['Content-Type' => ${phpString(p.contentType)}]`] : []),
      ].join(', ');
    lines.push("    'multipart' => [", ...shape.parts.map((p) => `        [${part(p)}],`), '    ],');
  }
  const file = responseFile(req);
  if (file) lines.push(`    'sink' => ${phpString(file)},`);
  if (req.stream) lines.push("    'stream' => true,");
  lines.push(']);', '', 'echo $response->getStatusCode(), PHP_EOL;');
  if (req.stream) {
    // Each line (an event's field, a JSON Lines record) as it arrives.
    lines.push('$stream = $response->getBody();', 'while (!$stream->eof()) {', '    echo GuzzleHttp\\Psr7\\Utils::readLine($stream);', '}');
  } else if (!file) lines.push('echo $response->getBody(), PHP_EOL;');
  return lines.join('\n');
}

/* ---------------------------------------------------------------- Ruby */

/**
 * A Ruby string that interpolates nothing: single-quoted (only \ and ' escaped) for printable
 * text, else (line breaks, tabs, control characters) double-quoted with every #, \ and " escaped
 * and each control character as a \uXXXX escape.
 */
function rbString(s: string): string {
  if (!/[\n\t]/.test(s) && !hasControlCharacters(s)) return `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
  const named: Record<string, string> = {'\n': '\\n', '\r': '\\r', '\t': '\\t'};
  return `"${s.replace(/[\\"#\n\t]/g, (c) => named[c] ?? `\\${c}`).replace(CONTROL_CHARACTERS, (c) => named[c] ?? `\\u${hex4(c)}`)}"`;
}

function rbPairs(pairs: [string, string][], raw: boolean): string {
  // A hash cannot repeat a key: an array of pairs keeps every one, in order.
  if (!raw) return pairs.map(([k, v]) => `${k} => ${v}`).join(', ');
  return `[${pairs.map(([k, v]) => `[${k}, ${v}]`).join(', ')}]`;
}

function ruby(req: SampleRequest): string {
  const shape = req.body ? bodyShape(req.body) : undefined;
  const body = shape?.kind === 'text' ? shape.text : undefined;
  const method = req.method.toUpperCase();
  // Net::HTTP has a class per usual method; any other (QUERY, PURGE...) is a generic request, with or without a body.
  const create = FIXED_METHODS.has(method)
    ? `Net::HTTP::${method.charAt(0)}${method.slice(1).toLowerCase()}.new(uri)`
    : `Net::HTTPGenericRequest.new(${rbString(method)}, ${req.body ? 'true' : 'false'}, true, uri)`;
  const lines = ["require 'net/http'", "require 'uri'", '', `uri = URI(${rbString(urlWithRawQuery(req))})`];
  const query: [string, string][] = [
    ...req.query.map(([k, v]): [string, string] => [rbString(k), rbString(v)]),
    ...req.auth.query.map((q): [string, string] => [rbString(q.name), `ENV.fetch(${rbString(q.envVar)})`]),
  ];
  const repeated = hasDuplicateNames([...req.query, ...req.auth.query.map((q): [string, string] => [q.name, ''])]);
  // Appended to a query the URL already has (rawQuery), else the whole query.
  if (query.length && req.rawQuery) lines.push(`uri.query += '&' + URI.encode_www_form(${rbPairs(query, repeated)})`);
  else if (query.length) lines.push(`uri.query = URI.encode_www_form(${rbPairs(query, repeated)})`);
  lines.push('', `request = ${create}`);
  if (req.auth.basic)
    lines.push(`request.basic_auth(ENV.fetch(${rbString(req.auth.basic.userVar)}), ENV.fetch(${rbString(req.auth.basic.passwordVar)}))`);
  if (req.auth.bearer) lines.push(`request['Authorization'] = "Bearer #{ENV.fetch(${rbString(req.auth.bearer.tokenVar)})}"`);
  for (const k of req.auth.headers) lines.push(`request[${rbString(k.name)}] = ENV.fetch(${rbString(k.envVar)})`);
  const cookie = cookieParts(req);
  if (cookie) lines.push(`request['Cookie'] = ${joinParts(cookie, rbString, (v) => `ENV.fetch(${rbString(v)})`)}`);
  for (const [k, v] of allHeaders(req)) lines.push(`request[${rbString(k)}] = ${rbString(v)}`);
  if (body !== undefined && body.includes('\n') && !body.includes('\t') && !hasControlCharacters(body)) {
    // A quoted identifier: no interpolation or escapes. <<~ strips the two spaces added to each
    // line (lines of only blanks do not count), and chomp the line break the heredoc adds.
    const term = freeTerminator(body, 'BODY');
    lines.push(`request.body = <<~'${term}'.chomp`, ...body.split('\n').map((l) => `  ${l}`), term);
  } else if (body !== undefined) {
    lines.push(`request.body = ${rbString(body)}`);
  } else if (shape?.kind === 'form') {
    lines.push('request.body = URI.encode_www_form([', ...shape.pairs.map(([k, v]) => `  [${rbString(k)}, ${rbString(v)}],`), '])');
  } else if (shape?.kind === 'file') {
    lines.push(`request.body = File.binread(${rbString(shape.file)})`);
  } else if (shape?.kind === 'multipart') {
    // Net::HTTP writes a part's Content-Type only with a file name: a typed text part gets one.
    const part = (p: MultipartPart) => {
      if (p.file !== undefined)
        return `[${rbString(p.name)}, File.open(${rbString(p.file)}), {filename: ${rbString(p.file)}, content_type: ${rbString(p.contentType ?? '')}}]`;
      if (p.contentType)
        return `[${rbString(p.name)}, ${rbString(p.text ?? '')}, {filename: ${rbString(portalFileName(p.name, p.contentType, 'part'))}, content_type: ${rbString(p.contentType)}}]`;
      return `[${rbString(p.name)}, ${rbString(p.text ?? '')}]`;
    };
    lines.push('request.set_form([', ...shape.parts.map((p) => `  ${part(p)},`), "], 'multipart/form-data')");
  }
  if (req.stream) {
    // Each line (an event's field, a JSON Lines record) as it arrives.
    lines.push(
      '',
      '$stdout.sync = true',
      "Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|",
      '  http.request(request) do |response|',
      '    puts response.code',
      "    buffer = +''",
      '    response.read_body do |chunk|',
      '      buffer << chunk',
      '      while (line = buffer.slice!(/\\A.*?\\n/))',
      '        puts line.chomp',
      '      end',
      '    end',
      '    puts buffer unless buffer.empty?',
      '  end',
      'end',
    );
    return lines.join('\n');
  }
  lines.push(
    '',
    "response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == 'https') do |http|",
    '  http.request(request)',
    'end',
    '',
    'puts response.code',
  );
  const file = responseFile(req);
  if (file) lines.push(`File.binwrite(${rbString(file)}, response.body)`);
  else lines.push('puts response.body');
  return lines.join('\n');
}

export const SAMPLE_LANGUAGES: {id: string; label: string; prism: string; render: (r: SampleRequest) => string}[] = [
  {id: 'curl', label: 'cURL', prism: 'bash', render: curl},
  {id: 'javascript', label: 'JavaScript', prism: 'javascript', render: javascript},
  {id: 'python', label: 'Python', prism: 'python', render: python},
  {id: 'go', label: 'Go', prism: 'go', render: goSample},
  {id: 'java', label: 'Java', prism: 'java', render: java},
  {id: 'csharp', label: 'C#', prism: 'csharp', render: csharp},
  {id: 'php', label: 'PHP', prism: 'php', render: php},
  {id: 'ruby', label: 'Ruby', prism: 'ruby', render: ruby},
];

/**
 * Plain-text samples for every language (used by the tests and by the highlighter below). Each
 * generator writes control characters as escapes of its language; copyableText, the gate every
 * copied text passes, then finds none to change (and would make one visible if it did).
 */
export function renderSampleSources(req: SampleRequest): {id: string; label: string; prism: string; code: string}[] {
  checkRequest(req);
  const clean = httpHeaders(wellFormed(req));
  return SAMPLE_LANGUAGES.flatMap(({id, label, prism, render}) => {
    try {
      return [{id, label, prism, code: copyableText(render(clean))}];
    } catch (error) {
      if (error instanceof UnrepresentableSampleError) return [];
      throw error;
    }
  });
}

export function renderSamples(req: SampleRequest): CodeSample[] {
  return renderSampleSources(req).map(({id, label, prism, code}) => ({id, label, html: highlight(code, prism)}));
}
