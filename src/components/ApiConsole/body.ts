/**
 * Request bodies that are not JSON, and the whole-query-string parameter (OpenAPI 3.2
 * `in: querystring`): which editor a media type gets, the form fields a schema gives, and the
 * bytes the console sends. Pure (no React, no DOM beyond Blob), unit-tested in body.test.ts.
 *
 * - `application/x-www-form-urlencoded`: one field per property; each property serialised as its
 *   Encoding Object says (style form, the default, exploded or not; spaceDelimited, pipeDelimited;
 *   deepObject: `location[city]=Leeds`), the whole as the WHATWG form encoder writes it.
 * - `multipart/form-data`: one part per property (per item for a list of plain values), a file
 *   picker for binary properties (`format: binary`, or a `contentMediaType` that is not text); each
 *   part's Content-Type from the encoding's `contentType`, else the file's own type, else the
 *   specification's default (objects `application/json`, files `application/octet-stream`, text
 *   without one). The console writes the multipart body itself, so it controls each part's headers.
 * - Binary bodies (`image/jpeg`, `application/octet-stream`…): a file, sent as it is.
 * - XML, plain text and other textual bodies: the text as typed, with the body's media type.
 */
import {formPairs as samplePairs, formUrlEncoded, querystringText} from '@site/plugins/api-pages/client/form-encoding';
import type {EncodingData, MediaTypeData, SchemaNode} from '../../../plugins/api-pages/client/page-data-format';
import {followRef} from '../SchemaView/model';

/** Which editor a request body gets. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'file';

const TEXT_MEDIA = /^text\/|json|xml|yaml|csv|javascript|graphql|html/i;

/** Whether a string schema holds a file: `format: binary`, or content of a media type that is not text. */
export function isFileSchema(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  if (types.length && !types.includes('string')) return false;
  if (node.format === 'binary') return true;
  return typeof node.contentMediaType === 'string' && !TEXT_MEDIA.test(node.contentMediaType);
}

/** The editor for a request body of this media type. */
export function bodyKind(media: Pick<MediaTypeData, 'mediaType' | 'schema'>, schemas: Record<string, SchemaNode>): BodyKind {
  const type = media.mediaType.split(';')[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart/form-data') return 'multipart';
  if (/^application\/(.+\+)?json$|\+json$/.test(type)) return 'json';
  const schema = followRef(media.schema, schemas);
  if (isFileSchema(schema)) return 'file';
  if (TEXT_MEDIA.test(type)) return 'text';
  return 'file';
}

/** A form field: a property of the body, or one property of an object property (`location[city]`). */
export interface FormField {
  /** The property names from the body down: ["location", "city"]. */
  path: string[];
  /** The form state's key (the path joined with "."). */
  key: string;
  /** As the reader sees it: "location[city]". */
  label: string;
  schema?: SchemaNode;
  /** text, a choice, true/false, a comma-separated list, a JSON value, or a file. */
  input: 'text' | 'enum' | 'boolean' | 'list' | 'json' | 'file';
  required: boolean;
}

const typesOf = (node: SchemaNode | undefined): string[] =>
  node?.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];

function inputFor(node: SchemaNode | undefined, schemas: Record<string, SchemaNode>, files: boolean): FormField['input'] {
  if (files && isFileSchema(node)) return 'file';
  const types = typesOf(node);
  if (node?.enum?.length) return 'enum';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('array')) {
    const items = followRef(node?.items, schemas);
    const itemTypes = typesOf(items);
    return itemTypes.includes('object') || itemTypes.includes('array') || items?.properties ? 'json' : 'list';
  }
  if (types.includes('object') || node?.properties || node?.additionalProperties) return 'json';
  return 'text';
}

/**
 * The fields of a form (or multipart) body or a query object: one per property, and an object
 * with properties of its own one field per inner property (`location[city]`); anything deeper is
 * typed as JSON. Read-only properties are left out (the API sends them, it does not take them).
 */
export function formFields(schema: SchemaNode | undefined, schemas: Record<string, SchemaNode>, files: boolean): FormField[] {
  const root = followRef(schema, schemas);
  const required = new Set(root?.required ?? []);
  const fields: FormField[] = [];
  for (const [name, raw] of Object.entries(root?.properties ?? {})) {
    const node = followRef(raw, schemas);
    if (node?.readOnly) continue;
    const input = inputFor(node, schemas, files);
    const nested = input === 'json' && typesOf(node).includes('object') && node?.properties && !node.additionalProperties;
    if (nested) {
      const inner = new Set(node.required ?? []);
      for (const [sub, subRaw] of Object.entries(node.properties!)) {
        const subNode = followRef(subRaw, schemas);
        if (subNode?.readOnly) continue;
        fields.push({
          path: [name, sub],
          key: `${name}.${sub}`,
          label: `${name}[${sub}]`,
          schema: subNode,
          input: inputFor(subNode, schemas, false) === 'file' ? 'text' : inputFor(subNode, schemas, false),
          required: required.has(name) && inner.has(sub),
        });
      }
      continue;
    }
    fields.push({path: [name], key: name, label: name, schema: node, input, required: required.has(name)});
  }
  return fields;
}

/** A value as a form field shows it: text, a list comma-separated, anything else JSON. */
export function fieldText(value: unknown, input: FormField['input']): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (input === 'list' && Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(',');
  if (input === 'json') return JSON.stringify(value);
  return String(value);
}

/** The form's starting text per field key, from an example object (the body's or the parameter's). */
export function fieldValues(fields: FormField[], example: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    let v: unknown = example;
    for (const name of f.path) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[name] : undefined;
    const text = f.input === 'file' ? '' : fieldText(v, f.input);
    if (text !== '') values[f.key] = text;
  }
  return values;
}

/**
 * A typed value as the API receives it: numbers, booleans and lists from what the reader typed
 * (a list is comma-separated). Text that is not of the type stays text, so a check names it.
 */
export function typedValue(text: string, node: SchemaNode | undefined, schemas: Record<string, SchemaNode>): unknown {
  const schema = followRef(node, schemas);
  const types = typesOf(schema);
  if (types.includes('array'))
    return text
      .split(',')
      .filter((v) => v !== '')
      .map((v) => typedValue(v, schema?.items, schemas));
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text.trim()))
    return Number(text.trim());
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** A field's text that does not parse (a JSON field), with why, keyed by the field's label. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'FieldError';
  }
}

/**
 * The object the fields describe: typed values (numbers, booleans, lists, JSON), empty fields left
 * out, inner fields gathered under their property. Throws FieldError for a JSON field that is not JSON.
 */
export function formValue(
  fields: FormField[],
  values: Record<string, string>,
  schemas: Record<string, SchemaNode>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.input === 'file') continue;
    const text = values[f.key] ?? '';
    if (text === '') continue;
    let value: unknown;
    if (f.input === 'json') {
      try {
        value = JSON.parse(text);
      } catch (e) {
        throw new FieldError(f.label, `The field "${f.label}" is not valid JSON: ${(e as Error).message}`);
      }
    } else value = typedValue(text, f.schema, schemas);
    let target = out;
    for (const name of f.path.slice(0, -1)) {
      const next = target[name];
      target = (next && typeof next === 'object' ? next : (target[name] = {})) as Record<string, unknown>;
    }
    target[f.path[f.path.length - 1]] = value;
  }
  return out;
}

const scalar = (v: unknown): string =>
  typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * An object as form pairs (name, value), each property serialised by its encoding (OpenAPI's
 * style/explode for `application/x-www-form-urlencoded`; the default is style form, exploded): the
 * code samples' encoder, so the console sends what the samples show.
 */
export function formPairs(value: Record<string, unknown>, encoding: Record<string, EncodingData> = {}): [string, string][] {
  return samplePairs(value, encoding);
}

// Shared with the code samples (plugins/api-pages/client/form-encoding.ts), so both send the same bytes.
export {formUrlEncoded, querystringText};

/** One part of a multipart body. */
export interface Part {
  name: string;
  /** A file's name (file parts only). */
  filename?: string;
  contentType?: string;
  data: string | Blob;
}

/** The parts of a multipart/form-data body: fields in order, a list of plain values one part per item. */
export function multipartParts(
  fields: FormField[],
  values: Record<string, string>,
  files: Record<string, File | undefined>,
  schemas: Record<string, SchemaNode>,
  encoding: Record<string, EncodingData> = {},
): Part[] {
  const value = formValue(fields, values, schemas);
  const parts: Part[] = [];
  const seen = new Set<string>();
  for (const f of fields) {
    const name = f.path[0];
    if (seen.has(name)) continue;
    const e = Object.hasOwn(encoding, name) ? encoding[name] : {};
    if (f.input === 'file') {
      const file = files[f.key];
      if (!file) continue;
      seen.add(name);
      const contentType = e.contentType?.split(',')[0].trim() || file.type || f.schema?.contentMediaType || 'application/octet-stream';
      parts.push({name, filename: file.name || name, contentType, data: file});
      continue;
    }
    if (!Object.hasOwn(value, name)) continue;
    seen.add(name);
    const v = value[name];
    const itemsPlain = Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');
    if (Array.isArray(v) && itemsPlain && !e.contentType) {
      for (const item of v) parts.push({name, data: scalar(item)});
    } else if (v && typeof v === 'object') {
      parts.push({name, contentType: e.contentType ?? 'application/json', data: JSON.stringify(v)});
    } else {
      parts.push({name, ...(e.contentType ? {contentType: e.contentType} : {}), data: scalar(v)});
    }
  }
  return parts;
}

/** A part header's quoted value: quotes and line breaks percent-encoded, as browsers do for form data. */
const quoted = (s: string) => `"${s.replace(/\r\n|\r|\n/g, '%0D%0A').replace(/"/g, '%22')}"`;

/** A boundary that no part can contain by chance. */
export function newBoundary(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 24; i++) s += Math.floor(random() * 36).toString(36);
  return `----ConsoleBoundary${s}`;
}

/** The multipart/form-data body (RFC 7578) of these parts, and its Content-Type with the boundary. */
export function multipartBody(parts: Part[], boundary: string): {contentType: string; body: Blob} {
  const chunks: (string | Blob)[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(p.name)}`;
    if (p.filename !== undefined) head += `; filename=${quoted(p.filename)}`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(`${head}\r\n`, p.data, '\r\n');
  }
  chunks.push(`--${boundary}--\r\n`);
  return {contentType: `multipart/form-data; boundary=${boundary}`, body: new Blob(chunks)};
}

/**
 * A body ready to send: its Content-Type (set as the header; a multipart one carries its
 * boundary), its bytes, and how the curl preview writes it (one argument per line).
 */
export interface PreparedBody {
  contentType: string;
  data: string | Blob;
  /** curl arguments, already quoted by the caller's convention: [flag, value] pairs. */
  curl: [string, string][];
}

/** The curl arguments of multipart parts: `-F name=value`, `-F 'file=@photo.pdf;type=application/pdf'`. */
export function multipartCurl(parts: Part[]): [string, string][] {
  return parts.map((p) => {
    const type = p.contentType ? `;type=${p.contentType}` : '';
    if (p.filename !== undefined) return ['-F', `${p.name}=@${p.filename}${type}`];
    // curl reads a value starting with "@" or "<" as a file: --form-string keeps it text (and takes no ";type=").
    const text = typeof p.data === 'string' ? p.data : '';
    if (/^[@<]/.test(text)) return ['--form-string', `${p.name}=${text}`];
    return ['-F', `${p.name}=${text}${type}`];
  });
}

/** What the console's body editor holds. */
export interface BodyInput {
  /** The textarea (JSON, XML, text). */
  text: string;
  /** Form and multipart fields, by FormField key. */
  fields: Record<string, string>;
  /** Multipart file pickers, by FormField key. */
  files: Record<string, File | undefined>;
  /** The file of a binary body. */
  file?: File;
  /** The multipart boundary (one per console, so the preview stays put). */
  boundary: string;
}

/**
 * The body to send for what the editor holds, with the chosen media type (or, multipart, its
 * boundary) as Content-Type: the text for JSON and text bodies, the encoded fields for form and
 * multipart bodies, the file of a binary body; undefined when there is nothing to send (no file
 * chosen). Throws FieldError for a field that does not parse.
 */
export function prepareBody(media: MediaTypeData, schemas: Record<string, SchemaNode>, input: BodyInput): PreparedBody | undefined {
  const kind = bodyKind(media, schemas);
  // JSON and text (XML, text/plain…): as typed, with the chosen media type as Content-Type; blank is no body.
  if (kind === 'json' || kind === 'text')
    return {contentType: media.mediaType, data: input.text.trim() === '' ? '' : input.text, curl: [['--data-binary', input.text]]};
  if (kind === 'file') {
    const file = input.file;
    if (!file) return undefined;
    const contentType = media.mediaType.includes('*') ? file.type || 'application/octet-stream' : media.mediaType;
    return {contentType, data: file, curl: [['--data-binary', `@${file.name || 'file'}`]]};
  }
  const fields = formFields(media.schema, schemas, kind === 'multipart');
  if (kind === 'form') {
    const text = formUrlEncoded(formPairs(formValue(fields, input.fields, schemas), media.encoding));
    return {contentType: media.mediaType, data: text, curl: [['--data-binary', text]]};
  }
  const parts = multipartParts(fields, input.fields, input.files, schemas, media.encoding);
  const {contentType, body} = multipartBody(parts, input.boundary);
  return {contentType, data: body, curl: multipartCurl(parts)};
}
