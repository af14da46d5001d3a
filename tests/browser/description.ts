/**
 * What the browser suite expects of the API reference, derived from the source of truth: the
 * processed OpenAPI document (through the pipeline's own listOperations/documentOverviewSlug) and the
 * sidebar gen:api generated from it. Nothing here is a typed list of pages.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {documentOverviewSlug, listOperations} from '../../openapi/model/operations';
import {usesJsonSchema2020} from '../../openapi/model/document';
import {operationAt} from '../../openapi/model/methods';
import {resolveLocal} from '../../openapi/pipeline/examples';
import {loadPortalConfig} from '../../portal.config';

const portalConfig = loadPortalConfig();

/* eslint-disable @typescript-eslint/no-explicit-any */
export const ROOT = path.resolve(__dirname, '../..');

let cached: any;
/** The processed document the site was built from. */
export function processedDocument(): any {
  cached ??= JSON.parse(readFileSync(portalConfig.processedSpec, 'utf8'));
  return cached;
}

/** Follow local `$ref`s ("#/components/…") to the node they name (the pipeline's own resolver). */
export function deref(node: any, doc = processedDocument()): any {
  return resolveLocal(doc, node).node;
}

/** Top-level properties and required names of a schema, following $ref and allOf. */
function schemaFields(schema: any, doc: any): {properties: Record<string, any>; required: string[]} {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return {properties: {}, required: []};
  const parts = [s, ...(s.allOf ?? []).map((p: any) => schemaFields(p, doc))];
  const properties = Object.assign({}, ...parts.map((p: any) => p.properties ?? {}));
  const required = [...new Set(parts.flatMap((p: any) => p.required ?? []))] as string[];
  return {properties, required};
}

export interface DescribedParameter {
  name: string;
  in: string;
  required: boolean;
}

export interface DescribedOperation {
  method: string;
  path: string;
  operationId?: string;
  /** The page title: the summary, else the operationId. */
  title: string;
  slug: string;
  /** Site path of the page, e.g. "/docs/api/get-contact". */
  route: string;
  tags: string[];
  parameters: DescribedParameter[];
  hasBody: boolean;
  /** Top-level required request body fields that a client sends (readOnly ones left out). */
  requiredBodyFields: string[];
  /** Top-level request body property names. */
  bodyFields: string[];
  /** Response status codes in document order ("200", "404", "default"…). */
  statuses: string[];
  security: Record<string, string[]>[];
}

/** Every operation of the processed document, in document order. */
export function describedOperations(doc = processedDocument()): DescribedOperation[] {
  return listOperations(doc).map((ref) => {
    const item = doc.paths[ref.path];
    const op = operationAt(item, ref.method) as any;
    const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) => deref(p, doc));
    const byKey = new Map<string, any>();
    for (const p of parameters) byKey.set(`${p.in}:${p.name}`, p); // operation level wins
    const body = deref(op.requestBody, doc);
    const media: any = body ? Object.values(body.content ?? {})[0] : undefined;
    const fields = media?.schema ? schemaFields(media.schema, doc) : {properties: {}, required: []};
    return {
      method: ref.method,
      path: ref.path,
      operationId: ref.operationId,
      title: ref.title,
      slug: ref.slug ?? '',
      route: `/docs/api/${ref.slug ?? ''}`,
      tags: ref.tags,
      parameters: [...byKey.values()].map((p) => ({name: p.name, in: p.in, required: Boolean(p.required)})),
      hasBody: Boolean(body),
      bodyFields: Object.keys(fields.properties),
      requiredBodyFields: fields.required.filter((name) => !deref(fields.properties[name], doc)?.readOnly),
      statuses: Object.keys(op.responses ?? {}),
      security: op.security ?? doc.security ?? [],
    };
  });
}

/** Route of the API overview page (from info.title, as the plugin names it). */
export function overviewRoute(doc = processedDocument()): string {
  return `/docs/api/${documentOverviewSlug(doc)}`;
}

export interface SidebarCategory {
  label: string;
  /** Route of the category's generated index page. */
  route: string;
  /** Routes of its pages, in sidebar order. */
  items: string[];
}

/**
 * The categories of the sidebar gen:api generated (docs/api/sidebar.ts), read as data: label,
 * index route and the routes of the pages in it.
 */
export function sidebarCategories(): SidebarCategory[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const items = require(path.join(ROOT, 'docs/api/sidebar.ts')).default as any[];
  return items
    .filter((item) => item.type === 'category')
    .map((cat) => ({
      label: cat.label,
      route: `/docs${cat.link.slug}`,
      items: cat.items.filter((i: any) => i.type === 'doc').map((i: any) => `/docs/${i.id}`),
    }));
}

/**
 * The sidebar's top-level links in order, from the site's sidebar (sidebars.ts: the generated one
 * with the Guides category after the overview): doc pages (the overview, the changelog) by route,
 * categories by their index route.
 */
export function sidebarTopLinks(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const items = require(path.join(ROOT, 'sidebars.ts')).default.apiSidebar as any[];
  return items.map((item) => (item.type === 'category' ? `/docs${item.link.slug}` : `/docs/${item.id}`));
}

/** "Bill Profiles" -> "bill-profiles", as the category slugs are made. */
export const categorySlug = (label: string) => kebabCase(label);

// ---------------------------------------------------------------------------------------------
// Rendered text: what an operation page must say about each parameter, body field and response,
// derived from the processed document (the reader's contract, written here from the OpenAPI
// keywords; the page is built from page-data.ts and SchemaView, which this does not call).
// ---------------------------------------------------------------------------------------------

const SCHEMA_REF = '#/components/schemas/';
/** Keywords that may sit beside a component reference without making a new schema. */
const ANNOTATION_KEYS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'readOnly',
  'writeOnly',
  'deprecated',
  'nullable',
  '$comment',
]);

/** "#/components/schemas/Address" → "Address". */
function componentName(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_REF) || ref.slice(SCHEMA_REF.length).includes('/')) return undefined;
  return decodeURIComponent(ref.slice(SCHEMA_REF.length)).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** allOf parts merged: properties and required combined, description/title from the last part, else the first value. */
function mergeAllOf(raw: any, doc: any): any {
  const parts: any[] = [];
  const collect = (s: any) => {
    const node = deref(s, doc);
    if (!node || typeof node !== 'object') return;
    const {allOf, ...own} = node;
    if (Array.isArray(allOf)) allOf.forEach(collect);
    parts.push(own);
  };
  collect(raw);
  const merged: any = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries<any>(part)) {
      if (k === 'properties') merged.properties = {...merged.properties, ...v};
      else if (k === 'required') merged.required = [...new Set([...(merged.required ?? []), ...v])];
      else if (k === 'description' || k === 'title' || merged[k] === undefined) merged[k] = v;
    }
  }
  return merged;
}

/**
 * A schema as a reader meets it: the component it stands for, if any (its name is what the page
 * calls it), and its keywords, with the annotations written beside the reference applied
 * (`allOf: [{$ref}]` plus annotations, or a 3.1 `$ref` with siblings).
 */
export function schemaView(raw: any, doc = processedDocument()): {name?: string; schema: any} {
  if (!raw || typeof raw !== 'object') return {schema: {}};
  const is31 = usesJsonSchema2020(doc);
  let ref: string | undefined;
  let annotations: any[] = [];
  if (typeof raw.$ref === 'string') {
    const {$ref, ...siblings} = raw;
    ref = $ref;
    if (is31 && Object.keys(siblings).some((k) => !k.startsWith('x-'))) annotations = [siblings];
  } else if (Array.isArray(raw.allOf)) {
    const refs = raw.allOf.filter((p: any) => typeof p?.$ref === 'string');
    const {allOf, ...rest} = raw;
    const others = [rest, ...allOf.filter((p: any) => typeof p?.$ref !== 'string')];
    const onlyAnnotations = others.every(
      (o: any) => o && typeof o === 'object' && Object.keys(o).every((k) => ANNOTATION_KEYS.has(k) || k.startsWith('x-')),
    );
    if (refs.length === 1 && componentName(refs[0].$ref) && onlyAnnotations) [ref, annotations] = [refs[0].$ref, others];
    else return schemaView(mergeAllOf(raw, doc), doc);
  }
  if (ref === undefined) return {schema: raw};
  const name = componentName(ref);
  const target = deref({$ref: ref}, doc);
  const base = Array.isArray(target?.allOf) ? mergeAllOf(target, doc) : target;
  const schema = Object.assign(
    {},
    base,
    ...annotations.map((a) => Object.fromEntries(Object.entries(a).filter(([k]) => ANNOTATION_KEYS.has(k)))),
  );
  return name ? {name, schema} : schemaView(schema, doc);
}

/** The JSON types a schema allows, "null" left out (it is the "| null" of the label). */
function typesOf(s: any): string[] {
  const t = s.type ?? (s.properties ? 'object' : undefined);
  return (Array.isArray(t) ? t : t === undefined ? [] : [t]).filter((x: string) => x !== 'null');
}
const isNullable = (s: any) => s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
const isList = (s: any) => Boolean(s.items) || (typesOf(s).length === 1 && typesOf(s)[0] === 'array');
const allowedValues = (s: any): unknown[] | undefined => s.enum ?? (s.const !== undefined ? [s.const] : undefined);

/**
 * The type label a page shows: "string<email>", "array of Contact", "Address" (a component that is
 * an object or a choice of shapes is called by its name), "integer<int64> | null" when nullable.
 * `chain`: the components already named on the way down (a list of itself names itself).
 */
export function expectedTypeLabel(raw: any, doc = processedDocument(), chain: string[] = []): string {
  const {name, schema} = schemaView(raw, doc);
  const types = typesOf(schema);
  let label: string;
  if (isList(schema)) {
    const here = name ? [...chain, name] : chain;
    const item = schema.items ? schemaView(schema.items, doc).name : undefined;
    label = `array of ${!schema.items ? 'any' : item && here.includes(item) ? item : expectedTypeLabel(schema.items, doc, here)}`;
  } else if (
    schema.additionalProperties &&
    typeof schema.additionalProperties === 'object' &&
    !Object.keys(schema.properties ?? {}).length &&
    !schema.oneOf &&
    !schema.anyOf &&
    (types.length === 0 || (types.length === 1 && types[0] === 'object'))
  ) {
    // A map (named or not) is called by what its values are.
    const here = name ? [...chain, name] : chain;
    const value = schemaView(schema.additionalProperties, doc).name;
    label = `map of string to ${value && here.includes(value) ? value : expectedTypeLabel(schema.additionalProperties, doc, here)}`;
  } else if (name && ((types.length === 1 && types[0] === 'object') || schema.oneOf || schema.anyOf)) {
    label = name;
  } else if (types.length) {
    label = `${types.join(' | ')}${schema.format ? `<${schema.format}>` : ''}`;
  } else if (schema.oneOf) label = 'one of';
  else if (schema.anyOf) label = 'any of';
  else if (allowedValues(schema)) label = typeof allowedValues(schema)![0];
  else label = schema.format ?? 'any';
  return isNullable(schema) ? `${label} | null` : label;
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A field's constraints line as the page words it, in the page's order. */
export function expectedConstraints(s: any): string[] {
  const out: string[] = [];
  const exclusive = (flag: unknown) => flag === true || typeof flag === 'number';
  if (s.minimum !== undefined || typeof s.exclusiveMinimum === 'number')
    out.push(
      `${exclusive(s.exclusiveMinimum) ? 'greater than' : 'minimum'}: ${typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum}`,
    );
  if (s.maximum !== undefined || typeof s.exclusiveMaximum === 'number')
    out.push(
      `${exclusive(s.exclusiveMaximum) ? 'less than' : 'maximum'}: ${typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum}`,
    );
  const plain: [string, string][] = [
    ['multipleOf', 'multiple of'],
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['pattern', 'pattern'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
  ];
  for (const [key, words] of plain) if (s[key] !== undefined) out.push(`${words}: ${shown(s[key])}`);
  if (s.uniqueItems) out.push('unique items');
  if (s.minProperties !== undefined) out.push(`min properties: ${shown(s.minProperties)}`);
  if (s.maxProperties !== undefined) out.push(`max properties: ${shown(s.maxProperties)}`);
  if (s.default !== undefined) out.push(`default: ${shown(s.default)}`);
  const example = s.example ?? (Array.isArray(s.examples) ? s.examples[0] : undefined);
  if (example !== undefined && (typeof example !== 'object' || example === null)) out.push(`example: ${shown(example)}`);
  return out;
}

export interface RenderedField {
  name: string;
  type: string;
  /** "required", "read-only", "write-only", "deprecated", "use x instead", "circular". */
  badges: string[];
  enum: string[];
  constraints: string[];
  /** The disclosure under the field: its label, and its attributes when they are in the page (the first nested level). */
  children?: {label: string; fields?: RenderedField[]};
}

export interface RenderedSchema {
  /** The label at the top of the schema. */
  type: string;
  /** Attributes (an object, or each item of a list); empty when the schema has none. */
  fields: RenderedField[];
  /** Allowed values and constraints of a schema without attributes. */
  enum: string[];
  constraints: string[];
}

export interface RenderedParameter {
  type: string;
  badges: string[];
  enum: string[];
  constraints: string[];
}

export interface RenderedOperation {
  /** By "in:name". */
  parameters: Record<string, RenderedParameter>;
  /** By media type. */
  body: Record<string, RenderedSchema | null>;
  /** By status: header type labels and body schemas by media type. */
  responses: Record<string, {headers: Record<string, string>; content: Record<string, RenderedSchema | null>}>;
}

type Mode = 'request' | 'response';

/** Whether a reader can open attributes under this schema (circular ones: no). */
function hasAttributes(raw: any, doc: any, seen: string[]): boolean {
  const {name, schema} = schemaView(raw, doc);
  if (name && seen.includes(name)) return false;
  if (schema.properties && Object.keys(schema.properties).length) return true;
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') return true;
  if (schema.oneOf?.length || schema.anyOf?.length) return true;
  if (schema.items) return hasAttributes(schema.items, doc, name ? [...seen, name] : seen);
  return false;
}

/** The attribute rows of a schema, down to the nested level the page renders without a click. */
function attributes(raw: any, doc: any, mode: Mode, depth: number, seen: string[]): RenderedField[] {
  const {schema} = schemaView(raw, doc);
  if (schema.items && (isList(schema) || !schema.properties)) {
    const item = schemaView(schema.items, doc).name;
    if (item && seen.includes(item)) return [];
    return hasAttributes(schema.items, doc, seen) ? attributes(schema.items, doc, mode, depth, item ? [...seen, item] : seen) : [];
  }
  const required = new Set<string>(schema.required ?? []);
  const rows = Object.entries<any>(schema.properties ?? {})
    .filter(([, p]) => {
      const s = schemaView(p, doc).schema;
      return !(mode === 'request' && s.readOnly) && !(mode === 'response' && s.writeOnly);
    })
    .map(([name, p]) => field(name, p, required.has(name), doc, mode, depth, seen));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    rows.push(field('{key}', schema.additionalProperties, false, doc, mode, depth, seen));
  return rows;
}

function field(name: string, raw: any, required: boolean, doc: any, mode: Mode, depth: number, seen: string[]): RenderedField {
  const {name: ref, schema} = schemaView(raw, doc);
  const circular = ref !== undefined && seen.includes(ref);
  // A list shows its items' allowed values and constraints with its own.
  const item = isList(schema) && schema.items ? schemaView(schema.items, doc).schema : undefined;
  const facts = item ? {...item, ...schema, enum: allowedValues(schema) ?? allowedValues(item)} : {...schema, enum: allowedValues(schema)};
  const badges = [
    required && 'required',
    schema.readOnly && 'read-only',
    schema.writeOnly && 'write-only',
    schema.deprecated && 'deprecated',
    schema.deprecated &&
      typeof schema['x-deprecated-by'] === 'string' &&
      schema['x-deprecated-by'].trim() &&
      `use ${schema['x-deprecated-by'].trim()} instead`,
    circular && 'circular',
  ].filter((b): b is string => typeof b === 'string');
  const out: RenderedField = {
    name,
    type: expectedTypeLabel(raw, doc),
    badges,
    enum: (facts.enum ?? []).map(shown),
    constraints: expectedConstraints(facts),
  };
  if (!circular && hasAttributes(raw, doc, seen)) {
    const label = isList(schema) ? 'Attributes of each item' : 'Child attributes';
    // The page renders the first nested level up front (SchemaView's EAGER_DEPTH); deeper ones on opening.
    out.children = depth < 1 ? {label, fields: attributes(raw, doc, mode, depth + 1, ref ? [...seen, ref] : seen)} : {label};
  }
  return out;
}

/** What a schema (a request or response body) shows: its label, its constraints (min/max properties of an object too), then its attributes. */
export function expectedSchema(raw: any, mode: Mode, doc = processedDocument()): RenderedSchema {
  const {name, schema} = schemaView(raw, doc);
  const withAttributes = hasAttributes(raw, doc, []);
  return {
    type: expectedTypeLabel(raw, doc),
    fields: withAttributes ? attributes(raw, doc, mode, 0, name ? [name] : []) : [],
    enum: (allowedValues(schema) ?? []).map(shown),
    constraints: expectedConstraints(schema),
  };
}

/** Every parameter, request body and response of an operation as its page must word them. */
export function expectedRenderedOperation(op: DescribedOperation, doc = processedDocument()): RenderedOperation {
  const item = doc.paths[op.path];
  const raw = operationAt(item, op.method) as any;
  const params = new Map<string, any>();
  for (const p of [...(item.parameters ?? []), ...(raw.parameters ?? [])].map((x: any) => deref(x, doc)))
    params.set(`${p.in}:${p.name}`, p);
  const parameters: Record<string, RenderedParameter> = {};
  for (const [key, p] of params) {
    const schemaRaw = p.schema ?? (p.content ? (Object.values<any>(p.content)[0] as any)?.schema : undefined);
    const {schema} = schemaView(schemaRaw, doc);
    const item = schema.items ? schemaView(schema.items, doc).schema : undefined;
    const example = p.example ?? (p.examples ? deref(Object.values<any>(p.examples)[0], doc)?.value : undefined) ?? schema.example;
    const required = p.in === 'path' || Boolean(p.required);
    const deprecatedBy = p.deprecated && typeof p['x-deprecated-by'] === 'string' ? p['x-deprecated-by'].trim() : '';
    parameters[key] = {
      type: schemaRaw ? expectedTypeLabel(schemaRaw, doc) : '',
      badges: [required && 'required', p.deprecated && 'deprecated', deprecatedBy && `use ${deprecatedBy} instead`].filter(
        (b): b is string => typeof b === 'string' && b !== '',
      ),
      enum: schemaRaw ? (allowedValues(schema) ?? (item && allowedValues(item)) ?? []).map(shown) : [],
      constraints: schemaRaw ? expectedConstraints({...schema, example, examples: undefined}) : [],
    };
  }
  const media = (content: any, mode: Mode): Record<string, RenderedSchema | null> =>
    Object.fromEntries(
      Object.entries<any>(content ?? {}).map(([type, m]) => [type, m?.schema ? expectedSchema(m.schema, mode, doc) : null]),
    );
  const body = raw.requestBody ? media(deref(raw.requestBody, doc).content, 'request') : {};
  const responses: RenderedOperation['responses'] = {};
  for (const [status, r] of Object.entries<any>(raw.responses ?? {})) {
    const res = deref(r, doc);
    const headers = Object.fromEntries(
      Object.entries<any>(res.headers ?? {}).map(([name, h]) => [
        name,
        deref(h, doc).schema ? expectedTypeLabel(deref(h, doc).schema, doc) : '',
      ]),
    );
    responses[status] = {headers, content: media(res.content, 'response')};
  }
  return {parameters, body, responses};
}
