/**
 * Turns one operation of the processed OpenAPI document into the lean data its page renders
 * (see plugins/api-pages/client/page-data-format.ts). Component schemas stay references: each page
 * carries the schemas it reaches once, rather than a copy inlined at every use, which keeps both
 * the page and the build small for large documents.
 */
import {PhaseClock} from '../build-shared/phase-timing';
import OpenAPISampler from 'openapi-sampler';
import type {
  CallbackData,
  CodeSample,
  EncodingData,
  ExampleData,
  HttpMethod,
  MediaTypeData,
  OAuthFlowData,
  OAuthFlowsData,
  OperationPage,
  ParameterData,
  Replacement,
  ResponseData,
  SchemaNode,
  SecuritySchemeData,
  ServerData,
  TagLabel,
  StreamKind,
} from './client/page-data-format';
import {renderSamples, type SampleAuth, type SampleRequest} from './code-samples';
import {encodeReserved, fieldPairs, formPairs, formUrlEncoded, isRecord, querystringIsForm, querystringText} from './client/form-encoding';
import {copyableText} from '../../src/components/CopyButton/copyable-text';
import {binaryExampleHtml} from '../../src/components/ApiOperation/examples';
import {highlight, languageForMediaType} from './highlight';
import {descriptionSummary, markdownToHtml} from './markdown-html';
import {readTags, tagLabels, type TagInfo} from '../../openapi/model/tags';
import {EAGER_DEPTH, followRef} from '../../src/components/SchemaView/model';
import {renderedRefs} from '../../src/components/SchemaView/walk';
import {mergeSamples} from './vendor-samples';
import {
  isObject,
  usesJsonSchema2020,
  type Example,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type PathItem,
  type Ref,
  type Schema,
  type SchemaObject,
  type Server,
} from '../../openapi/model/document';
import {methodLabel, operationAt, operationKeys, pathItemOperations} from '../../openapi/model/methods';
import {listOperations} from '../../openapi/model/operations';
import {localRefTokens, pointerOf} from '../../openapi/model/pointer';
import {followRefs, followRefsStrict, RefError, refOf, resolveRef} from '../../openapi/model/refs';
import {apiPageRoute} from '../../openapi/model/routes';
import {apiKeyEnvVar, CREDENTIAL_ENV} from '../../src/config/credentials';
import {preferredAlternative} from '../../src/components/ApiConsole/auth/schemes';
import {describedPartByPart, streamFormat} from '../../src/components/ApiConsole/stream';

const SCHEMA_PREFIX = '#/components/schemas/';
/**
 * A page whose schema closure serialises to at most this many bytes carries all of it (every
 * disclosure opens without a request: our own document's pages all do). Above it, the page carries
 * the schemas its HTML shows and the rest loads from the shared schema modules when opened.
 */
export const CLOSURE_BUDGET = 64 * 1024;
const SCHEMA_KEYS = [
  'title',
  'type',
  'format',
  'contentMediaType',
  'enum',
  'default',
  'example',
  'nullable',
  'readOnly',
  'writeOnly',
  'deprecated',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'required',
] as const;

export class PageDataError extends Error {}

/** openapi-sampler's schema type (JSON Schema draft 7); it reads an OpenAPI schema as one. */
type SamplerSchema = Parameters<typeof OpenAPISampler.sample>[0];

/** Schema keywords that annotate rather than constrain (see mergeAllOf). */
const ANNOTATIONS = new Set([
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

/**
 * Sets `record[key]` as an own property: keys come from the document, and `record["__proto__"] = v`
 * would replace the prototype (the property would vanish from the page) instead of adding a key.
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, {value, enumerable: true, writable: true, configurable: true});
}

/** A RefError as this module's error (the operation's name is added where it is caught). */
function asPageDataError<T>(resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    if (error instanceof RefError) throw new PageDataError(error.message);
    throw error;
  }
}

export const resolvePointer = (doc: unknown, ref: string): unknown => asPageDataError(() => resolveRef(doc, ref));

/**
 * Follows $ref chains of non-schema objects (parameters, responses, request bodies, examples,
 * headers), strictly: a reference that leads nowhere or back to itself is an error. The target is
 * taken to be the object the reference stands for (`T`), as in a valid document.
 */
function deref<T>(doc: OpenApiDocument, node: Ref<T>): T;
function deref<T>(doc: OpenApiDocument, node: Ref<T> | undefined): T | undefined;
function deref<T>(doc: OpenApiDocument, node: Ref<T> | undefined): T | undefined {
  return asPageDataError(() => followRefsStrict(doc, node).node) as T | undefined;
}

/** A schema that is a `$ref` (alone, or in 3.1 with keywords beside it). */
const isRefSchema = (s: unknown): s is SchemaObject & {$ref: string} => refOf(s) !== undefined;

/** A schema with an `allOf` list (merged into one object for reading, see mergeAllOf). */
const hasAllOf = (s: SchemaObject): s is SchemaObject & {allOf: Schema[]} => Array.isArray(s.allOf);

/** A part of an allOf that only annotates (a description, an example…): it does not make the component a new schema. */
const annotationsOnly = (o: Schema): o is SchemaObject =>
  Boolean(o) && typeof o === 'object' && Object.keys(o).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'));

const schemaName = (ref: string) =>
  ref.startsWith(SCHEMA_PREFIX) && !ref.slice(SCHEMA_PREFIX.length).includes('/') ? localRefTokens(ref)?.[2] : undefined;

/**
 * Whether a response body is a file rather than a document the page can show: `format: binary`,
 * or a media type that is neither text, JSON, XML, YAML nor a form (application/pdf, image/png…).
 */
export function binaryBody(mediaType: string, schema: unknown): boolean {
  if (isObject(schema) && schema.format === 'binary') return true;
  const type = mediaType.toLowerCase();
  return (
    !languageForMediaType(type) &&
    !type.startsWith('text/') &&
    !type.startsWith('multipart/') &&
    !type.startsWith('application/x-www-form-urlencoded') &&
    type !== '*/*'
  );
}

/** How a streamed body (3.2 `itemSchema`) is framed, by its media type. */
export function streamKind(mediaType: string): StreamKind {
  const type = mediaType.toLowerCase().split(';')[0]!.trim();
  if (type === 'text/event-stream') return 'sse';
  if (type === 'application/json-seq') return 'json-seq';
  if (type.startsWith('multipart/')) return 'multipart';
  return 'lines';
}

/** An example object's value: `value` or 3.2 `dataValue` (data), else `serializedValue` (the wire form, as written). */
function exampleValueOf(ex: Example): {value: unknown; serialized?: boolean} | undefined {
  if (ex.dataValue !== undefined) return {value: ex.dataValue};
  if (ex.value !== undefined) return {value: ex.value};
  if (typeof ex.serializedValue === 'string') return {value: ex.serializedValue, serialized: true};
  return undefined;
}

/** Whether a text parses as JSON (a serialized JSON example is highlighted as JSON, a transcript is not). */
function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** An `externalValue` the page may link: http(s), or a relative address; any other scheme is dropped. */
export function safeExternalValue(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return undefined;
  const value = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return /^\/\//.test(value) ? undefined : value;
  return scheme === 'http' || scheme === 'https' ? value : undefined;
}

/** Per-document caches: schema conversion and description rendering happen once per document. */
export class PageDataBuilder {
  private readonly converted = new Map<string, SchemaNode>();
  private readonly closures = new Map<string, Set<string>>();
  private readonly sizes = new Map<string, number>();
  /** Component schemas some page leaves to the shared modules. */
  private readonly lazy = new Set<string>();
  /** The converted component schemas by name (as a record: what SchemaView's model reads). */
  readonly schemas: Record<string, SchemaNode> = {};
  /** The document's tags (openapi/model/tags.ts), read once: pages show the label kinds. */
  private tagInfo?: Map<string, TagInfo>;

  constructor(
    readonly doc: OpenApiDocument,
    private readonly closureBudget = CLOSURE_BUDGET,
    /** Route base of the pages being built: "/docs", or an older API version's "/v1/docs" (links between operations stay in it). */
    private readonly docsBasePath = '/docs',
    /** Times the code samples apart for the benchmark (plugins/build-shared/phase-timing.ts); off unless asked. */
    private readonly clock = new PhaseClock('gen:api', undefined),
  ) {}

  /** Converts a raw schema, keeping component references as `{ref}`. */
  schema(raw: Schema | null | undefined, stack: string[] = []): SchemaNode {
    if (raw === true || raw === undefined || raw === null) return {};
    if (raw === false) return {not: {}};
    if (isRefSchema(raw)) {
      // OpenAPI 3.1 and 3.2: keywords beside a $ref apply too (3.0 ignores them): read as allOf [ref, siblings].
      const {$ref, ...siblings} = raw;
      if (usesJsonSchema2020(this.doc) && Object.keys(siblings).some((k) => !k.startsWith('x-'))) {
        return this.mergeAllOf({allOf: [{$ref}, siblings]}, stack);
      }
      const name = schemaName(raw.$ref);
      if (name) {
        this.component(name);
        return {ref: name};
      }
      if (stack.includes(raw.$ref)) return {circular: raw.$ref.split('/').pop()};
      return this.schema(resolvePointer(this.doc, raw.$ref) as Schema, [...stack, raw.$ref]);
    }
    if (hasAllOf(raw)) return this.mergeAllOf(raw, stack);
    const node: SchemaNode = {};
    for (const key of SCHEMA_KEYS) if (raw[key] !== undefined) (node as Record<string, unknown>)[key] = raw[key];
    if (node.type === undefined && raw.properties) node.type = 'object';
    // OpenAPI 3.1 / JSON Schema: `const` reads as a one-value enum, `examples` (an array) as an example.
    if (raw.const !== undefined && node.enum === undefined) node.enum = [raw.const];
    if (node.example === undefined && Array.isArray(raw.examples) && raw.examples.length) node.example = raw.examples[0];
    if (raw.description) node.description = markdownToHtml(String(raw.description));
    if (raw.deprecated && typeof raw['x-deprecated-by'] === 'string' && raw['x-deprecated-by'].trim())
      node.deprecatedBy = raw['x-deprecated-by'].trim();
    if (raw.properties) {
      node.properties = {};
      for (const [k, v] of Object.entries(raw.properties)) setOwn(node.properties, k, this.schema(v, stack));
    }
    if (raw.additionalProperties !== undefined) {
      node.additionalProperties =
        typeof raw.additionalProperties === 'boolean' ? raw.additionalProperties : this.schema(raw.additionalProperties, stack);
    }
    if (raw.items) node.items = this.schema(raw.items, stack);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = raw[key];
      if (Array.isArray(list)) node[key] = list.map((s) => this.schema(s, stack));
    }
    if (raw.not) node.not = this.schema(raw.not, stack);
    if (raw.discriminator?.propertyName) {
      node.discriminator = {propertyName: raw.discriminator.propertyName};
      if (raw.discriminator.mapping) node.discriminator.mapping = raw.discriminator.mapping;
      if (typeof raw.discriminator.defaultMapping === 'string') node.discriminator.defaultMapping = raw.discriminator.defaultMapping;
    }
    // A string holding another document (an SSE event's `data`): its media type and decoded schema.
    if (typeof raw.contentMediaType === 'string') node.contentMediaType = raw.contentMediaType;
    if (raw.contentSchema !== undefined) node.contentSchema = this.schema(raw.contentSchema, stack);
    // OpenAPI 3.1: type: [x, "null"] reads as nullable.
    if (Array.isArray(node.type)) {
      const types = node.type.filter((t) => t !== 'null');
      if (types.length < node.type.length) node.nullable = true;
      node.type = types.length === 1 ? types[0] : types;
    }
    return node;
  }

  /** allOf is merged into one object for reading: properties, required and constraints combined. */
  private mergeAllOf(raw: SchemaObject & {allOf: Schema[]}, stack: string[]): SchemaNode {
    // A component reference plus annotations only (`allOf: [{$ref}, {description}]`, common in
    // generated documents, or a 3.1 $ref with a description) stays a reference: inlining it would
    // copy the component at every use, and never end for a recursive one.
    const {allOf, ...rest} = raw;
    const refs = allOf.filter(isRefSchema);
    const others = [rest, ...allOf.filter((p) => !isRefSchema(p))];
    // A part that only restates the component's type (`{type: object}` beside a $ref, as two
    // merged item schemas give) adds nothing either.
    const target = refs.length === 1 && schemaName(refs[0]!.$ref) ? resolvePointer(this.doc, refs[0]!.$ref) : undefined;
    const targetType = isObject(target) ? (target.type ?? (target.properties ? 'object' : undefined)) : undefined;
    const restates = (o: Schema): o is SchemaObject => {
      if (!isObject(o) || o.type === undefined || o.type !== targetType) return false;
      const {type: _type, ...rest} = o;
      return annotationsOnly(rest);
    };
    if (target !== undefined && others.every((o) => annotationsOnly(o) || restates(o))) {
      const node = this.schema(refs[0], stack);
      for (const o of others as SchemaObject[]) {
        if (o.description) node.description = markdownToHtml(String(o.description));
        for (const k of ['title', 'example', 'default', 'readOnly', 'writeOnly', 'deprecated', 'nullable'] as const)
          if (o[k] !== undefined) (node as Record<string, unknown>)[k] = o[k];
      }
      return node;
    }
    const parts: Schema[] = [];
    const inlined: string[] = [];
    const collect = (s: Schema | null | undefined, seen: string[]) => {
      if (isRefSchema(s)) {
        if (seen.includes(s.$ref)) return;
        inlined.push(s.$ref);
        return collect(resolvePointer(this.doc, s.$ref) as Schema, [...seen, s.$ref]);
      }
      if (isObject(s) && hasAllOf(s)) {
        const {allOf: inner, ...own} = s;
        inner.forEach((p) => collect(p, seen));
        parts.push(own);
        return;
      }
      parts.push(s ?? {});
    };
    collect(raw, stack);
    const merged: Record<string, unknown> = {};
    for (const part of parts) {
      for (const [k, v] of Object.entries(part)) {
        if (k === 'properties') {
          // A property two parts both describe must satisfy both: read as allOf of the two (the
          // later one alone would drop the earlier one's enum, fields or nullability).
          const into = (merged.properties ??= {}) as Record<string, Schema>;
          for (const [name, schema] of Object.entries(v as Record<string, Schema>)) {
            const before = Object.prototype.hasOwnProperty.call(into, name) ? into[name] : undefined;
            setOwn(into, name, before === undefined ? schema : {allOf: [before, schema]});
          }
        } else if (k === 'required')
          merged.required = [...new Set([...((merged.required as string[] | undefined) ?? []), ...(v as string[])])];
        else if ((k === 'items' || k === 'additionalProperties') && isObject(merged[k]) && isObject(v))
          merged[k] = {allOf: [merged[k], v]}; // both parts' item (or value) schemas apply
        else if (k === 'description' || k === 'title')
          merged[k] = v; // the most specific part wins
        else if (merged[k] === undefined) setOwn(merged, k, v);
      }
    }
    // The references inlined here are not inlined again below (recursive schemas end).
    return this.schema(merged as SchemaObject, [...stack, ...inlined]);
  }

  /** Converts a component schema once per document. */
  private component(name: string): void {
    if (this.converted.has(name)) return;
    const raw = this.doc.components?.schemas?.[name];
    if (raw === undefined) throw new PageDataError(`Unresolved reference "${SCHEMA_PREFIX}${name}"`);
    this.converted.set(name, {}); // placeholder for cycles
    const node = this.schema(raw, [`${SCHEMA_PREFIX}${name}`]);
    if (!node.title) node.title = name;
    this.converted.set(name, node);
    setOwn(this.schemas, name, node);
  }

  /** Component schemas a node names directly (not through another component). */
  private static directRefs(node: SchemaNode | undefined, out: Set<string>): Set<string> {
    if (!node) return out;
    if (node.ref) return out.add(node.ref);
    Object.values(node.properties ?? {}).forEach((p) => PageDataBuilder.directRefs(p, out));
    if (typeof node.additionalProperties === 'object') PageDataBuilder.directRefs(node.additionalProperties, out);
    PageDataBuilder.directRefs(node.items, out);
    node.oneOf?.forEach((s) => PageDataBuilder.directRefs(s, out));
    node.anyOf?.forEach((s) => PageDataBuilder.directRefs(s, out));
    PageDataBuilder.directRefs(node.not, out);
    PageDataBuilder.directRefs(node.contentSchema, out);
    return out;
  }

  /**
   * Names of every component schema reachable from a node: a walk over each component's direct
   * references (computed once per component), so cycles never leave a closure incomplete.
   */
  private reach(node: SchemaNode | undefined, out: Set<string>): void {
    const queue = [...PageDataBuilder.directRefs(node, new Set())];
    while (queue.length) {
      const name = queue.pop()!;
      if (out.has(name)) continue;
      out.add(name);
      let refs = this.closures.get(name);
      if (!refs) {
        refs = PageDataBuilder.directRefs(this.converted.get(name), new Set());
        this.closures.set(name, refs);
      }
      refs.forEach((n) => out.has(n) || queue.push(n));
    }
  }

  /** Serialised size of a converted component schema. */
  private size(name: string): number {
    let n = this.sizes.get(name);
    if (n === undefined) {
      n = JSON.stringify(this.converted.get(name)).length + name.length;
      this.sizes.set(name, n);
    }
    return n;
  }

  /**
   * The schemas a disclosure showing component `name` needs: the schema and what its attribute
   * list reads (type labels, variants), i.e. one shared module per component schema.
   */
  schemaModule(name: string): Record<string, SchemaNode> {
    const out: Record<string, SchemaNode> = {};
    for (const n of [...renderedRefs([{ref: name}], this.schemas, EAGER_DEPTH)].sort()) {
      if (Object.prototype.hasOwnProperty.call(this.schemas, n)) setOwn(out, n, this.schemas[n]);
    }
    return out;
  }

  /** The converted component schemas `nodes` reach, all of them (a guide's schema table carries its whole closure). */
  closureOf(nodes: (SchemaNode | undefined)[]): Record<string, SchemaNode> {
    const reached = new Set<string>();
    nodes.forEach((n) => this.reach(n, reached));
    const out: Record<string, SchemaNode> = {};
    for (const name of [...reached].sort()) setOwn(out, name, this.converted.get(name)!);
    return out;
  }

  /** Names of the component schemas some page loads on demand (after the pages are built), sorted. */
  schemaNames(): string[] {
    return [...this.lazy].sort();
  }

  /**
   * The example a body shows first: the media type's `example`, else its first named example
   * (`value`, 3.2 `dataValue`, or `serializedValue` as written), else one generated from the schema
   * (`apiWrites`: the API writes this body, a response or a webhook's payload, so read-only fields
   * are in it and write-only ones are not) or, for a stream, from its item schema.
   */
  private example(
    mediaType: string,
    media: MediaType,
    apiWrites: boolean,
  ): {value: unknown; given: boolean; serialized?: boolean} | undefined {
    if (media.example !== undefined) return {value: media.example, given: true};
    if (media.examples && typeof media.examples === 'object') {
      const first = Object.values(media.examples)[0];
      const ex = deref(this.doc, first);
      const value = ex ? exampleValueOf(ex) : undefined;
      if (value) return {...value, given: true};
    }
    if (media.itemSchema !== undefined) return this.streamExample(mediaType, media.itemSchema, apiWrites);
    const fields = mediaType.startsWith('application/x-www-form-urlencoded') || mediaType.startsWith('multipart/form-data');
    if (!media.schema || !(languageForMediaType(mediaType) === 'json' || fields)) return undefined;
    const value = this.sample(media.schema, apiWrites);
    return value === undefined ? undefined : {value, given: false};
  }

  /** A value generated from a schema (openapi-sampler), or undefined when it cannot make one. */
  private sample(schema: Schema, apiWrites: boolean): unknown {
    try {
      return OpenAPISampler.sample(
        schema as SamplerSchema,
        {skipReadOnly: !apiWrites, skipWriteOnly: apiWrites, maxSampleDepth: 4, quiet: true},
        this.doc,
      );
    } catch {
      return undefined;
    }
  }

  /**
   * A generated example of a streamed body: two items framed as the media type sends them (SSE
   * events with `data` encoded from its `contentSchema`, one JSON text per line, RFC 7464 records,
   * multipart parts), so the reader sees that several arrive.
   */
  private streamExample(
    mediaType: string,
    itemSchema: Schema,
    apiWrites: boolean,
  ): {value: string; given: false; serialized: true} | undefined {
    const kind = streamKind(mediaType);
    let item = this.sample(itemSchema, apiWrites);
    if (item === undefined) return undefined;
    let text: string;
    if (kind === 'sse') {
      const raw = isRefSchema(itemSchema) ? (resolvePointer(this.doc, itemSchema.$ref) as Schema) : itemSchema;
      const dataSchema = (isObject(raw) && isObject(raw.properties) ? raw.properties.data : undefined) as SchemaObject | undefined;
      const contentSchema = dataSchema && typeof dataSchema === 'object' ? dataSchema.contentSchema : undefined;
      const content = contentSchema !== undefined ? this.sample(contentSchema, apiWrites) : undefined;
      if (!isObject(item)) item = {data: item};
      const event = {...(item as Record<string, unknown>), ...(content !== undefined ? {data: JSON.stringify(content)} : {})};
      const lines = Object.entries(event)
        .filter(([k]) => ['event', 'id', 'data', 'retry'].includes(k))
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
      text = `${lines.join('\n')}\n\n`.repeat(2).trimEnd();
    } else if (kind === 'json-seq') text = `\x1e${JSON.stringify(item)}\n`.repeat(2).trimEnd();
    else if (kind === 'multipart') {
      const part = `--part\nContent-Type: application/json\n\n${JSON.stringify(item, null, 2)}\n`;
      text = `${part}${part}--part--`;
    } else text = `${JSON.stringify(item)}\n`.repeat(2).trimEnd();
    return {value: text, given: false, serialized: true};
  }

  /** Highlighted HTML of an example value: a serialized value or a string as written, anything else as JSON. */
  private static exampleHtml(mediaType: string, value: unknown, serialized = false): string {
    const lang = languageForMediaType(mediaType);
    const asIs = serialized || (typeof value === 'string' && lang !== 'json');
    const text = asIs ? String(value) : JSON.stringify(value, null, 2);
    // Shown as it is copied: control characters as visible escapes (copyableText).
    return highlight(copyableText(text), asIs ? (serialized && lang === 'json' && !isJsonText(text) ? undefined : lang) : 'json');
  }

  /**
   * The document's named examples of a body, every one (see MediaTypeData.examples); the first
   * one's html is left out when it is the body's exampleHtml.
   */
  private namedExamples(mediaType: string, media: MediaType, first: string | undefined): ExampleData[] | undefined {
    if (!media.examples || typeof media.examples !== 'object') return undefined;
    const list = Object.entries(media.examples).map(([name, raw], i): ExampleData => {
      const ex = deref(this.doc, raw) ?? {};
      const data: ExampleData = {name};
      if (typeof ex.summary === 'string' && ex.summary.trim()) data.summary = ex.summary.trim();
      const d = markdownToHtml(typeof ex.description === 'string' ? ex.description : undefined);
      if (d) data.description = d;
      const value = exampleValueOf(ex);
      if (value) {
        const html = PageDataBuilder.exampleHtml(mediaType, value.value, value.serialized);
        if (!(i === 0 && html === first)) data.html = html;
      }
      const external = safeExternalValue(ex.externalValue);
      if (external) data.externalValue = external;
      return data;
    });
    return list.length ? list : undefined;
  }

  /**
   * The media types of a body. `kind`: a request body carries its first example raw (the console
   * starts from it), a response its highlighted HTML. `apiWrites`: whether the API writes this body
   * (responses, and the payloads of webhooks and callbacks), for generated examples.
   */
  private media(
    content: Record<string, MediaType> | undefined,
    kind: 'request' | 'response',
    apiWrites: boolean = kind === 'response',
  ): MediaTypeData[] {
    return Object.entries(content ?? {}).map(([mediaType, raw]) => {
      const media = deref(this.doc, raw);
      const data: MediaTypeData = {mediaType};
      if (media.schema) data.schema = this.schema(media.schema);
      if (media.itemSchema !== undefined) {
        data.itemSchema = this.schema(media.itemSchema);
        data.stream = streamKind(mediaType);
      }
      const ex = this.example(mediaType, media, apiWrites);
      if (kind === 'request') Object.assign(data, this.fieldEncoding(mediaType, media));
      if (ex) {
        data.exampleGiven = ex.given;
        if (kind === 'request') {
          // Request bodies show in the code samples; the console starts from the raw value.
          data.example = ex.value;
        } else {
          data.exampleHtml = PageDataBuilder.exampleHtml(mediaType, ex.value, ex.serialized);
        }
      } else if (kind === 'response' && !data.itemSchema && binaryBody(mediaType, media.schema)) {
        data.binary = true;
      }
      const examples = this.namedExamples(mediaType, media, data.exampleHtml);
      if (examples) data.examples = examples;
      return data;
    });
  }

  /**
   * A form or multipart request body's `encoding` (contentType, style, explode by property), and
   * which multipart properties are files: `format: binary`, a `contentMediaType` or an encoding
   * `contentType` that is not text (binaryBody).
   */
  private fieldEncoding(mediaType: string, media: MediaType): Pick<MediaTypeData, 'encoding' | 'files'> {
    const out: Pick<MediaTypeData, 'encoding' | 'files'> = {};
    const encoding: Record<string, EncodingData> = {};
    for (const [name, e] of Object.entries(media.encoding ?? {})) {
      const data: EncodingData = {};
      if (typeof e?.contentType === 'string') data.contentType = e.contentType;
      if (typeof e?.style === 'string') data.style = e.style;
      if (typeof e?.explode === 'boolean') data.explode = e.explode;
      if (typeof e?.allowReserved === 'boolean') data.allowReserved = e.allowReserved;
      setOwn(encoding, name, data);
    }
    if (Object.keys(encoding).length) out.encoding = encoding;
    if (!mediaType.startsWith('multipart/')) return out;
    const schema = followRefs(this.doc, media.schema) as SchemaObject | undefined;
    const files = Object.entries(schema?.properties ?? {}).flatMap(([name, raw]) => {
      const prop = followRefs(this.doc, raw) as (SchemaObject & {contentMediaType?: unknown}) | undefined;
      const type = Object.hasOwn(encoding, name) ? encoding[name].contentType : undefined;
      const declared = typeof prop?.contentMediaType === 'string' ? prop.contentMediaType : undefined;
      const isFile = prop?.format === 'binary' || [type, declared].some((t) => t !== undefined && binaryBody(t, undefined));
      return isFile ? [name] : [];
    });
    if (files.length) out.files = files;
    return out;
  }

  private security(op: Operation): SecuritySchemeData[][] {
    const requirements = op.security ?? this.doc.security ?? [];
    return requirements.map((req) =>
      Object.entries(req).map(([key, scopes]) => {
        const raw = deref(this.doc, this.doc.components?.securitySchemes?.[key]);
        if (!raw) throw new PageDataError(`Security requirement names an undefined scheme "${key}"`);
        const s: SecuritySchemeData = {key, type: raw.type};
        if (raw.scheme) s.scheme = String(raw.scheme).toLowerCase();
        if (raw.bearerFormat) s.bearerFormat = raw.bearerFormat;
        if (raw.in) s.in = raw.in;
        if (raw.name) s.name = raw.name;
        if (raw.description) s.description = markdownToHtml(raw.description);
        if (scopes?.length) s.scopes = scopes;
        if (raw.type === 'oauth2' && raw.flows && typeof raw.flows === 'object') {
          const flows: OAuthFlowsData = {};
          for (const name of ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceAuthorization'] as const) {
            const f = raw.flows[name];
            if (!f || typeof f !== 'object') continue;
            const flow: OAuthFlowData = {scopes: {}};
            for (const k of ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
              const url = f[k];
              if (typeof url === 'string') flow[k] = url;
            }
            for (const [scope, text] of Object.entries<unknown>(f.scopes ?? {}))
              setOwn(flow.scopes, scope, typeof text === 'string' ? text : '');
            flows[name] = flow;
          }
          s.flows = flows;
        }
        if (raw.type === 'openIdConnect' && typeof raw.openIdConnectUrl === 'string') s.openIdConnectUrl = raw.openIdConnectUrl;
        if (raw.type === 'oauth2' && typeof raw.oauth2MetadataUrl === 'string') s.oauth2MetadataUrl = raw.oauth2MetadataUrl;
        if (raw.deprecated === true) s.deprecated = true;
        return s;
      }),
    );
  }

  private servers(pathItem: PathItem, op: Operation): ServerData[] {
    const list: Server[] = op.servers ?? pathItem.servers ?? this.doc.servers ?? [{url: '/'}];
    return list.map((s) => {
      let url = String(s.url);
      for (const [name, v] of Object.entries(s.variables ?? {})) url = url.split(`{${name}}`).join(String(v.default ?? ''));
      return serverData(s, url);
    });
  }

  /** The webhooks of the document (OpenAPI 3.1 `webhooks`, or the `x-webhooks` extension). */
  private webhooks(): {key: 'webhooks' | 'x-webhooks'; items: Record<string, PathItem>} {
    return this.doc.webhooks ? {key: 'webhooks', items: this.doc.webhooks} : {key: 'x-webhooks', items: this.doc['x-webhooks'] ?? {}};
  }

  /** Every webhook operation of the document, in document order (the model's operation list). */
  webhookList(): {event: string; method: string; op: Operation}[] {
    const {items} = this.webhooks();
    return listOperations(this.doc, {webhooks: true})
      .filter((o) => o.kind === 'webhook')
      .map((o) => ({event: o.path, method: o.method, op: operationAt(items[o.path], o.method)!}));
  }

  /**
   * Finds the webhook a generated page stands for: the plugin keeps no event name, only the
   * operation's fields, so it is matched by operationId, else by summary.
   */
  findWebhook(api: {operationId?: string; summary?: string; title?: string}): {event: string; method: string} {
    for (const {event, method, op} of this.webhookList()) {
      if (
        (api.operationId && op.operationId === api.operationId) ||
        (!api.operationId && (op.summary ?? event) === (api.summary ?? api.title))
      ) {
        return {event, method};
      }
    }
    throw new PageDataError(
      `No webhook with operationId "${api.operationId ?? ''}" or summary "${api.summary ?? api.title ?? ''}" in the document`,
    );
  }

  /** Builds the page data of a webhook: the request the API sends to the subscriber. */
  webhook(event: string, method: string): OperationPage {
    const {key, items} = this.webhooks();
    const page = this.build(items[event], method, event, pointerOf([key, event, ...operationKeys(method)]), true);
    return {...page, webhook: event, security: [], samples: []};
  }

  /** Builds the page data of the operation at `method path`. */
  operation(method: string, path: string): OperationPage {
    return this.build(this.doc.paths?.[path], method, path, pointerOf(['paths', path, ...operationKeys(method)]));
  }

  private build(pathItem: PathItem | undefined, method: string, path: string, where: string, webhook = false): OperationPage {
    // Only a method names an operation: `parameters` or `servers` of a path item is none.
    const op = operationAt(pathItem, method);
    if (!op) throw new PageDataError(`No operation "${methodLabel(method)} ${path}" in the document`);
    try {
      const parameters = this.parameters([...(pathItem!.parameters ?? []), ...(op.parameters ?? [])]);
      const page: OperationPage = {
        method: method as HttpMethod,
        path,
        summary: op.summary ?? op.operationId ?? `${methodLabel(method)} ${path}`,
        servers: this.servers(pathItem!, op),
        security: this.security(op),
        parameters,
        responses: [],
        schemas: {},
        samples: [],
      };
      if (op.operationId) page.operationId = op.operationId;
      if (op.deprecated) page.deprecated = true;
      if (op.deprecated && typeof op['x-deprecated-by'] === 'string' && op['x-deprecated-by'].trim())
        page.deprecatedBy = this.replacement(op['x-deprecated-by'].trim());
      // Tags that are labels, not navigation (3.2 `kind: badge`, `audience`…): shown beside the title.
      this.tagInfo ??= readTags(this.doc).tags;
      const labels = tagLabels(this.tagInfo, op.tags ?? []).map((t): TagLabel => {
        const about = descriptionSummary(t.description);
        return {label: t.label, kind: t.kind, ...(about ? {description: about} : {})};
      });
      if (labels.length) page.labels = labels;
      const description = markdownToHtml(op.description);
      if (description) page.description = description;
      // A webhook's payload is what the API writes (its read-only fields are in it).
      const body = this.requestBody(op, webhook);
      if (body) page.requestBody = body;
      page.responses = this.responses(op, true);
      const callbacks = this.callbacks(op, where);
      if (callbacks.length) page.callbacks = callbacks;
      const reached = new Set<string>();
      const visit = (n?: SchemaNode) => this.reach(n, reached);
      parameters.forEach((p) => visit(p.schema));
      page.requestBody?.content.forEach((m) => visit(m.schema));
      const visitResponses = (responses: ResponseData[]) =>
        responses.forEach((r) => {
          r.content.forEach((m) => [m.schema, m.itemSchema].forEach(visit));
          r.headers.forEach((h) => visit(h.schema));
        });
      page.requestBody?.content.forEach((m) => visit(m.itemSchema));
      visitResponses(page.responses);
      for (const c of page.callbacks ?? []) {
        c.parameters.forEach((p) => visit(p.schema));
        c.requestBody?.content.forEach((m) => visit(m.schema));
        visitResponses(c.responses);
      }
      // What the page's HTML shows: parameters, the request body, success responses (the other
      // responses render when opened).
      const success = page.responses.filter((r) => /^2/.test(r.status));
      const shown = renderedRefs(
        [
          ...parameters.map((p) => p.schema),
          ...(page.requestBody?.content ?? []).flatMap((m) => [m.schema, m.itemSchema]),
          ...success.flatMap((r) => [...r.content.flatMap((m) => [m.schema, m.itemSchema]), ...r.headers.map((h) => h.schema)]),
          // A callback's request shows up front too.
          ...(page.callbacks ?? []).flatMap((c) => (c.requestBody?.content ?? []).map((m) => m.schema)),
        ],
        this.schemas,
      );
      const size = [...reached].reduce((n, name) => n + this.size(name), 0);
      const carried = size <= this.closureBudget ? reached : new Set([...shown].filter((n) => reached.has(n)));
      for (const name of [...carried].sort()) setOwn(page.schemas, name, this.converted.get(name)!);
      if (carried.size < reached.size) {
        page.lazySchemas = true;
        reached.forEach((n) => carried.has(n) || this.lazy.add(n));
      }
      page.samples = this.clock.time('code samples', () => this.samples(page, op));
      return page;
    } catch (error) {
      if (error instanceof PageDataError) throw new PageDataError(`${where}: ${error.message}`);
      throw error;
    }
  }

  /** Parameters of a path item and its operation (the operation's override the path item's of the same name and place). */
  private parameters(list: Ref<Parameter>[]): ParameterData[] {
    const params = new Map<string, Parameter>();
    for (const p of list) {
      const param = deref(this.doc, p);
      params.set(`${param.in}:${param.name}`, param);
    }
    return [...params.values()].map((p) => {
      const data: ParameterData = {name: p.name, in: p.in, required: p.in === 'path' ? true : Boolean(p.required)};
      if (p.deprecated) data.deprecated = true;
      if (p.deprecated && typeof p['x-deprecated-by'] === 'string' && p['x-deprecated-by'].trim())
        data.deprecatedBy = p['x-deprecated-by'].trim();
      if (p.description) data.description = markdownToHtml(p.description);
      const schema = p.schema ?? (p.content ? Object.values(p.content)[0]?.schema : undefined);
      if (schema) data.schema = this.schema(schema);
      const first = p.examples ? deref(this.doc, Object.values(p.examples)[0]) : undefined;
      // A parameter with `content` (always so for 3.2's `in: querystring`) has its example there.
      const content = p.content ? Object.entries(p.content)[0] : undefined;
      const example =
        p.example ??
        (first ? exampleValueOf(first)?.value : undefined) ??
        (content ? this.example(content[0], deref(this.doc, content[1]), false)?.value : undefined);
      if (example !== undefined) data.example = example;
      if (content) data.mediaType = content[0];
      if (p.in === 'query' && p.explode === false) data.explode = false;
      if (typeof p.style === 'string' && p.style) data.style = p.style;
      if (p.allowReserved === true) data.allowReserved = true;
      return data;
    });
  }

  /** An operation's request body; `apiWrites`: the API sends it (a webhook's or a callback's payload). */
  private requestBody(op: Operation, apiWrites: boolean): OperationPage['requestBody'] {
    if (!op.requestBody) return undefined;
    const body = deref(this.doc, op.requestBody);
    const data: NonNullable<OperationPage['requestBody']> = {
      required: Boolean(body.required),
      content: this.media(body.content, 'request', apiWrites),
    };
    const d = markdownToHtml(body.description);
    if (d) data.description = d;
    return data;
  }

  /** An operation's responses; `apiWrites`: the API writes them (false for a callback's, which the receiver writes). */
  private responses(op: Operation, apiWrites: boolean): ResponseData[] {
    return Object.entries(op.responses ?? {}).map(([status, r]): ResponseData => {
      const res = deref(this.doc, r);
      const data: ResponseData = {
        status,
        headers: Object.entries(res.headers ?? {}).map(([name, h]) => {
          const header = deref(this.doc, h);
          const first =
            header.examples && typeof header.examples === 'object' ? deref(this.doc, Object.values(header.examples)[0]) : undefined;
          const example =
            header.example ??
            (first ? exampleValueOf(first)?.value : undefined) ??
            (isObject(header.schema) ? header.schema.example : undefined);
          return {
            name,
            ...(header.description ? {description: markdownToHtml(header.description)} : {}),
            ...(header.schema ? {schema: this.schema(header.schema)} : {}),
            ...(example !== undefined ? {example} : {}),
          };
        }),
        content: this.media(res.content, 'response', apiWrites),
      };
      if (typeof res.summary === 'string' && res.summary.trim()) data.summary = res.summary.trim();
      const d = markdownToHtml(res.description);
      if (d) data.description = d;
      // A file body's panel markup (media type, file headers, a note), so the page does not make it.
      for (const m of data.content) if (m.binary) m.binaryHtml = binaryExampleHtml(data, m);
      return data;
    });
  }

  /**
   * The callbacks an operation declares: every operation of every URL expression of each. They
   * are shown on the registering operation's page: a callback's URL comes from that operation's
   * request or response, so it means nothing apart from it.
   */
  private callbacks(op: Operation, where: string): CallbackData[] {
    const out: CallbackData[] = [];
    for (const [name, ref] of Object.entries(op.callbacks ?? {})) {
      const callback = deref(this.doc, ref);
      if (!isObject(callback)) throw new PageDataError(`${where}/callbacks/${name}: a callback must be an object of URL expressions`);
      for (const [expression, rawItem] of Object.entries(callback)) {
        if (expression.startsWith('x-')) continue;
        const item = deref(this.doc, rawItem as Ref<PathItem>);
        if (!item || typeof item !== 'object') continue;
        for (const {method, operation} of pathItemOperations(item)) {
          const cop = operation as Operation;
          const data: CallbackData = {
            name,
            expression,
            method,
            parameters: this.parameters([...(item.parameters ?? []), ...(cop.parameters ?? [])]),
            // The API sends the callback's request; the receiver writes its responses.
            responses: this.responses(cop, false),
          };
          if (cop.operationId) data.operationId = cop.operationId;
          if (cop.summary) data.summary = cop.summary;
          const d = markdownToHtml(cop.description);
          if (d) data.description = d;
          if (cop.deprecated) data.deprecated = true;
          const body = this.requestBody(cop, true);
          if (body) data.requestBody = body;
          out.push(data);
        }
      }
    }
    return out;
  }

  /**
   * `x-deprecated-by` of an operation: an operationId of the document, linked to its page in the
   * same version (this document's pages), else a text.
   */
  private replacement(by: string): Replacement {
    const target = listOperations(this.doc, {webhooks: true}).find((o) => o.operationId === by);
    if (!target) return {label: by};
    return {label: target.title, ...(target.slug ? {href: apiPageRoute(target.slug, this.docsBasePath)} : {})};
  }

  /** Our generated samples first, then the document's own, marked as its (./vendor-samples). */
  private samples(page: OperationPage, op: Operation): CodeSample[] {
    return mergeSamples(op, renderSamples(sampleRequest(page)));
  }
}

function exampleValue(p: ParameterData, schemas: Record<string, SchemaNode>): string {
  if (p.example !== undefined) return typeof p.example === 'string' ? p.example : JSON.stringify(p.example);
  const s = followRef(p.schema, schemas);
  if (s?.example !== undefined) return String(s.example);
  if (s?.default !== undefined) return String(s.default);
  if (s?.enum?.length) return String(s.enum[0]);
  if (s?.type === 'integer' || s?.type === 'number') return '1';
  if (s?.type === 'boolean') return 'true';
  return p.in === 'path' ? p.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_') : 'string';
}

/**
 * A query parameter's example as the URL carries it, by its `style` and `explode` (./client/form-encoding.ts
 * fieldPairs): with style form (the default) a list is the key repeated once per item (`explode`,
 * the default) or one comma-separated value; deepObject writes `name[key]=value`.
 */
function queryPairs(p: ParameterData, schemas: Record<string, SchemaNode>, value: string): [string, string][] {
  let example = p.example;
  if (example === undefined) {
    const s = followRef(p.schema, schemas);
    example = s?.example ?? s?.default;
  }
  if (!Array.isArray(example) && !isRecord(example)) return [[p.name, value]];
  return fieldPairs(p.name, example, {style: p.style, explode: p.explode});
}

/**
 * The request the code samples make: first server, example parameters, the security alternative the
 * console starts with (the first without a deprecated scheme: preferredAlternative).
 */
export function sampleRequest(page: OperationPage): SampleRequest {
  const server = (page.servers[0]?.url ?? '').replace(/\/$/, '');
  let path = page.path;
  const query: [string, string][] = [];
  /** Query text the samples write out as it is: see SampleRequest.rawQuery. */
  const raw: string[] = [];
  /** Whether some field of the query cannot be given to a client's parameter API. */
  let needsRaw = false;
  const headers: [string, string][] = [];
  const cookies: [string, string][] = [];
  for (const p of page.parameters) {
    if (p.deprecated && !p.required) continue;
    if (!p.required && p.example === undefined) continue;
    if (p.in === 'querystring') {
      // The whole query string from the example object, as its media type says (form pairs, or JSON text).
      if (!isRecord(p.example)) continue;
      if (querystringIsForm(p.mediaType)) {
        const pairs = formPairs(p.example);
        query.push(...pairs);
        raw.push(...pairs.map((pair) => formUrlEncoded([pair])));
      } else {
        raw.push(querystringText(p.example, p.mediaType));
        needsRaw = true;
      }
      continue;
    }
    const value = exampleValue(p, page.schemas);
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(value));
    else if (p.in === 'query') {
      const pairs = queryPairs(p, page.schemas, value);
      query.push(...pairs);
      if (p.allowReserved) needsRaw = true;
      raw.push(...pairs.map(([k, v]) => (p.allowReserved ? `${formUrlEncoded([[k, '']])}${encodeReserved(v)}` : formUrlEncoded([[k, v]]))));
    } else if (p.in === 'header') headers.push([p.name, value]);
    else if (p.in === 'cookie') cookies.push([p.name, value]);
  }
  // The variables' names: src/config/credentials.ts, shared with the home page and checked against the overview.
  const auth: SampleAuth = {headers: [], query: [], cookies: []};
  for (const s of page.security[preferredAlternative(page.security)] ?? []) {
    if (s.type === 'http' && s.scheme === 'basic') auth.basic = {userVar: CREDENTIAL_ENV.username, passwordVar: CREDENTIAL_ENV.password};
    else if (s.type === 'http' && s.scheme === 'bearer') auth.bearer = {tokenVar: CREDENTIAL_ENV.token};
    else if ((s.type === 'oauth2' || s.type === 'openIdConnect') && !auth.bearer) auth.bearer = {tokenVar: CREDENTIAL_ENV.accessToken};
    else if (s.type === 'apiKey' && s.in === 'header' && s.name) auth.headers.push({name: s.name, envVar: apiKeyEnvVar(s.key)});
    else if (s.type === 'apiKey' && s.in === 'query' && s.name) auth.query.push({name: s.name, envVar: apiKeyEnvVar(s.key)});
    else if (s.type === 'apiKey' && s.in === 'cookie' && s.name) auth.cookies!.push({name: s.name, envVar: apiKeyEnvVar(s.key)});
  }
  const req: SampleRequest = {
    method: page.method,
    url: `${server}${path}`,
    ...(needsRaw ? {query: [], rawQuery: raw.join('&')} : {query}),
    headers,
    ...(cookies.length ? {cookies} : {}),
    auth,
  };
  const body = page.requestBody?.content[0];
  if (body) {
    const type = body.mediaType.toLowerCase();
    // Text bodies (XML, plain text) are sent as their example; with none, empty rather than as JSON "{}".
    const structured = languageForMediaType(type) === 'json' || /^(application\/x-www-form-urlencoded|multipart\/)/.test(type);
    req.body = {mediaType: body.mediaType, value: body.example ?? (structured ? {} : '')};
    if (body.encoding) req.body.encoding = body.encoding;
    if (body.files) req.body.files = body.files;
    // A file upload (an image, a PDF, application/octet-stream): the samples read it from a file.
    if (binaryBody(type, body.schema) && !type.startsWith('multipart/')) req.body.file = true;
  }
  const success = page.responses.find((r) => /^2/.test(r.status) && r.content.length);
  const media = success?.content[0];
  const accept = media?.mediaType;
  if (accept) {
    req.accept = accept;
    // A stream is printed as it arrives: a type the console streams (streamFormat: server-sent
    // events, JSON Lines, JSON text sequences), or a multipart answer described part by part (3.2
    // itemSchema; the description names no boundary, the response will).
    if (streamFormat(accept) || describedPartByPart(media)) req.stream = true;
    // A binary answer is saved to a file the samples name themselves (responseFile).
    else if (!languageForMediaType(accept) && !accept.startsWith('text/')) req.download = {name: page.operationId};
  }
  return req;
}

/** A server as the page data carries it: its URL (variables filled in), its name (OpenAPI 3.2) and description when it has them. */
export function serverData(s: Server, url: string): ServerData {
  return {
    url,
    ...(typeof s.name === 'string' && s.name.trim() ? {name: s.name.trim()} : {}),
    ...(s.description ? {description: s.description} : {}),
  };
}
