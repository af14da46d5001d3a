/**
 * How a value is written as form fields, the way OpenAPI describes it: the fields of an
 * `application/x-www-form-urlencoded` body (the media type's `encoding`: `style`, `explode`,
 * `contentType` per property), the parts of a `multipart/form-data` body, and the query string of
 * query parameters and of a 3.2 `in: querystring` parameter. The code samples
 * (../code-samples.ts) write what these return; the tests compare what a server received with them.
 * Node-free and dependency-free: the request console (src/components/ApiConsole/body.ts) encodes form bodies and query strings with it too, so the console and the samples send the same bytes.
 */

/** The media type's `encoding` entry of one property (OpenAPI Encoding Object), or a parameter's style. */
export interface FieldEncoding {
  /** form (the default), spaceDelimited, pipeDelimited or deepObject. */
  style?: string;
  /** Default: true for style form, false otherwise. */
  explode?: boolean;
  /** A part's (multipart) or a field's content type; application/json writes the value as JSON. */
  contentType?: string;
}

/** A plain object (not a list, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A scalar as form text: strings as they are, numbers and booleans as JSON writes them, null as empty. */
const scalarText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));

/** A value that is not a scalar (an object inside a list, a list inside a list) travels as JSON text. */
const fieldText = (v: unknown): string => (isRecord(v) || Array.isArray(v) ? JSON.stringify(v) : scalarText(v));

const isJsonType = (contentType: string | undefined) => contentType !== undefined && /[/+]json\b/i.test(contentType);

/**
 * deepObject: `name[key]=value`, nested objects one bracket per level (`address[city]`), and lists
 * by index (`items[0][price]`), as Stripe and Rails read them; OpenAPI leaves nesting undefined.
 */
function deepPairs(name: string, value: unknown): [string, string][] {
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : deepPairs(`${name}[${k}]`, v)));
  if (Array.isArray(value)) return value.flatMap((v, i) => deepPairs(`${name}[${i}]`, v));
  return [[name, scalarText(value)]];
}

const DELIMITERS: Record<string, string> = {form: ',', spaceDelimited: ' ', pipeDelimited: '|'};

/**
 * The (name, value) pairs one field is sent as (before percent-encoding), by its encoding:
 * - a scalar: `name=value`;
 * - a list: form explode `labels=a&labels=b`, else one value joined by `,` (form), ` `
 *   (spaceDelimited) or `|` (pipeDelimited) (explode with a delimited style repeats the name too);
 * - an object: deepObject `name[key]=value`; form explode each property as its own field
 *   (`key=value`, the name dropped, as OpenAPI says); form without explode `name=k1,v1,k2,v2`;
 * - any value with an `application/json` content type and no explicit style: `name=<JSON text>`.
 */
export function fieldPairs(name: string, value: unknown, encoding: FieldEncoding = {}): [string, string][] {
  if (value === undefined) return [];
  // OpenAPI: an explicit style wins over the content type.
  if (encoding.style === undefined && isJsonType(encoding.contentType)) return [[name, JSON.stringify(value)]];
  const style = encoding.style ?? 'form';
  const explode = encoding.explode ?? style === 'form';
  if (style === 'deepObject' && (isRecord(value) || Array.isArray(value))) return deepPairs(name, value);
  if (Array.isArray(value)) {
    if (explode) return value.map((v) => [name, fieldText(v)]);
    return [[name, value.map(fieldText).join(DELIMITERS[style] ?? ',')]];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (explode) return entries.map(([k, v]) => [k, fieldText(v)]);
    return [[name, entries.flatMap(([k, v]) => [k, fieldText(v)]).join(DELIMITERS[style] ?? ',')]];
  }
  return [[name, scalarText(value)]];
}

/**
 * The fields of an object sent as a form body or as a whole query string, each property by its
 * `encoding` entry (a value that is not an object is sent as one field named "value").
 */
export function formPairs(value: unknown, encoding: Record<string, FieldEncoding> = {}): [string, string][] {
  if (!isRecord(value)) return value === undefined ? [] : [['value', fieldText(value)]];
  return Object.entries(value).flatMap(([k, v]) => fieldPairs(k, v, Object.hasOwn(encoding, k) ? encoding[k] : {}));
}

/** One part of a multipart/form-data body: a text field, or a file read from disk. */
export interface MultipartPart {
  name: string;
  /** The text of a field that is not a file. */
  text?: string;
  /** A file part: the file's name on disk (the portal's, ./code-samples.ts portalFileName). */
  file?: string;
  /** The part's Content-Type; absent on a plain text field (HTML sends none there). */
  contentType?: string;
}

/**
 * The parts of a multipart/form-data body, in the order of the object's properties (OpenAPI 3.x,
 * "Encoding multipart"): a file property is one file part (its `encoding.contentType`, else
 * application/octet-stream); a list of scalars is one part per item under the same name; an object
 * or a list of objects is one part of JSON text (application/json unless `encoding` says
 * otherwise), unless `encoding` gives it a `style` (then its form fields, one text part each, as
 * OpenAPI 3.1 says: an explicit style wins over the content type); a scalar is a text part, typed
 * only when `encoding` names a content type.
 */
export function multipartParts(
  value: unknown,
  encoding: Record<string, FieldEncoding> = {},
  files: {name: string; file: string}[] = [],
): MultipartPart[] {
  const record = isRecord(value) ? value : {};
  const fileOf = new Map(files.map((f) => [f.name, f.file]));
  const names = [...Object.keys(record), ...files.map((f) => f.name).filter((n) => !Object.hasOwn(record, n))];
  return names.flatMap((name): MultipartPart[] => {
    const enc = Object.hasOwn(encoding, name) ? encoding[name] : {};
    const file = fileOf.get(name);
    if (file !== undefined) return [{name, file, contentType: enc.contentType ?? 'application/octet-stream'}];
    const v = record[name];
    if (v === undefined) return [];
    const typed = (text: string, fallback?: string): MultipartPart => {
      const contentType = enc.contentType ?? fallback;
      return contentType ? {name, text, contentType} : {name, text};
    };
    // An explicit style (Stripe's deepObject `file_link_data[create]`) writes the value as form fields, one text part each.
    if (enc.style !== undefined && (isRecord(v) || Array.isArray(v))) return fieldPairs(name, v, enc).map(([k, text]) => ({name: k, text}));
    if (isJsonType(enc.contentType) || isRecord(v)) return [typed(JSON.stringify(v), 'application/json')];
    if (Array.isArray(v)) {
      if (v.some((x) => isRecord(x) || Array.isArray(x))) return [typed(JSON.stringify(v), 'application/json')];
      return v.map((x) => typed(scalarText(x)));
    }
    return [typed(scalarText(v))];
  });
}

/** Form pairs as `application/x-www-form-urlencoded` text (the WHATWG form encoder's bytes). */
export const formUrlEncoded = (pairs: [string, string][]): string => new URLSearchParams(pairs).toString();

/**
 * The query string of an `in: querystring` parameter (OpenAPI 3.2), without the "?": its object
 * as its media type says. `application/x-www-form-urlencoded`, the usual one (and the default),
 * as form pairs; a JSON media type as the JSON text, percent-encoded.
 */
export function querystringText(value: Record<string, unknown>, mediaType: string | undefined): string {
  if (!querystringIsForm(mediaType)) return encodeURIComponent(JSON.stringify(value));
  return formUrlEncoded(formPairs(value));
}

/** Whether an `in: querystring` parameter of this media type is sent as form pairs (any type but JSON). */
export const querystringIsForm = (mediaType: string | undefined): boolean =>
  !/json/.test((mediaType ?? '').split(';')[0]!.trim().toLowerCase());

/** A lone UTF-16 surrogate, which has no UTF-8 bytes (URLSearchParams writes U+FFFD for it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A query value of a parameter with `allowReserved: true`: RFC 3986's reserved characters and
 * percent-encoded triples pass through as they are (reserved expansion, RFC 6570), every other
 * character is percent-encoded. The reserved characters a query cannot carry as data are still
 * encoded, as OpenAPI 3.1.1 and 3.2 ask: `[`, `]` and `#`, which are not allowed in a query, and
 * `&`, `=` and `+`, which would split the field or read as a space.
 */
export function encodeReserved(value: string): string {
  return value
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/%[0-9A-Fa-f]{2}|[^A-Za-z0-9\-._~:/?@!$'()*,;]/gu, (c) => (c.length === 3 && c.startsWith('%') ? c : encodeURIComponent(c)));
}
