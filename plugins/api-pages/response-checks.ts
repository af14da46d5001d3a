/**
 * Build-time response checks for the request console (issue #12 part 5).
 *
 * The console validates a response against the operation's schema for that status and media
 * type. Ajv compiles schemas to JavaScript with `new Function`, which the site's
 * Content-Security-Policy forbids (script-src has no 'unsafe-eval'), so Ajv runs here, at
 * `gen:api`, and writes its standalone code: one file per operation holding a validate function per
 * (status, media type). The file is an ES module served as it is (`/api-checks/<page>.<hash>.js`,
 * see ./markdown.ts writeCheckModule), not bundled: on a large document the bundler spent long on
 * them (BENCHMARKS.md, "Measurements behind the code"). The console imports it only when a response arrives
 * (src/components/ApiConsole/check-loader.ts) and hands it the few runtime helpers the code
 * requires (ajv-formats' format table, ucs2length…: src/components/ApiConsole/check-runtime.ts).
 * Ajv itself never reaches the browser.
 *
 * OpenAPI 3.0 schemas are not quite JSON Schema: annotations Ajv does not know are dropped
 * (example, xml, externalDocs, discriminator: oneOf still applies), boolean exclusiveMinimum /
 * exclusiveMaximum become the numeric form, `nullable` is Ajv's own OpenAPI keyword. 3.1
 * documents use Ajv's 2020-12 dialect. Patterns that can backtrack catastrophically
 * (openapi/pipeline/patterns.ts) are left out. A schema Ajv cannot compile is not fatal: that response's
 * entry says why in `skipped`, and the console shows that reason instead of a check.
 *
 * The same module holds the request's checks (keys in src/components/ApiConsole/check-keys.ts):
 * the JSON request body per media type, and the parameters as one object keyed "<in>:<name>".
 * The console runs them before sending and lists what does not match, with "Send anyway".
 */
import Ajv, {_, type Options} from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import {
  isObject,
  usesJsonSchema2020,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type RequestBody,
  type Response,
  type Schema,
  type SchemaObject,
} from '../../openapi/model/document';
import {followRefs} from '../../openapi/model/refs';
import {fragmentToken} from '../../openapi/model/pointer';
import {patternIsSafe} from '../../openapi/pipeline/patterns';
import {CHECK_RUNTIME} from '../../src/components/ApiConsole/check-runtime';
import {itemKey, parameterKey, REQUEST_PARAMETERS_KEY, requestBodyKey} from '../../src/components/ApiConsole/check-keys';

/** Generated code per operation above this size is not shipped (the console says so). */
export const CHECK_MODULE_BUDGET = 512 * 1024;

const DROP = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', '$comment']);
const TEXT = new Set(['description', 'title']);
const VALUES = new Set(['enum', 'const', 'default', 'required']);

/** A schema as Ajv should see it: annotations it does not need or know dropped, 3.0 booleans converted. */
export function toJsonSchema(node: unknown, openapi31: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, openapi31));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    // Property names never reach this test: maps of schemas are walked below, name by name.
    if (DROP.has(k) || (TEXT.has(k) && typeof v === 'string') || k.startsWith('x-')) continue;
    if (VALUES.has(k)) {
      out[k] = v; // data, not schema: copied as written
      continue;
    }
    // A pattern that can backtrack catastrophically is never compiled into a check (it would run
    // on the reader's thread against whatever the API answers): the check goes without it.
    if (k === 'pattern' && typeof v === 'string' && !patternIsSafe(v)) continue;
    if (k === 'properties' || k === 'patternProperties' || k === '$defs' || k === 'definitions' || k === 'dependentSchemas') {
      const entries = Object.entries((v ?? {}) as Record<string, unknown>).filter(
        ([name]) => k !== 'patternProperties' || patternIsSafe(name),
      );
      out[k] = Object.fromEntries(entries.map(([name, s]) => [name, toJsonSchema(s, openapi31)]));
      continue;
    }
    out[k] = toJsonSchema(v, openapi31);
  }
  if (!openapi31) {
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof out[flag] === 'boolean') {
        if (out[flag] && typeof out[bound] === 'number') {
          out[flag] = out[bound];
          delete out[bound];
        } else {
          delete out[flag];
        }
      }
    }
  }
  return out;
}

/**
 * Each component schema is registered in Ajv as a schema of its own under this base + its index,
 * and "#/components/schemas/<name>" references point there: Ajv then compiles a component once per
 * document and every operation's code calls the same function. (Through one "doc" schema holding
 * all components, Ajv compiled a fresh copy of every referenced component for each response: on
 * a large document, check code many times its size, mostly the same components over and over.)
 */
const COMPONENT_BASE = 'https://response-checks.invalid/components/schemas/';

/**
 * Local "#/..." pointers inside schemas: a component schema (or a place inside one) -> its own
 * registered schema (`keys`: name -> key), anything else -> the whole document, registered as "doc".
 */
function rebase(node: unknown, keys: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rebase(n, keys));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? refTarget(v, keys) : rebase(v, keys);
  return out;
}

function refTarget(ref: string, keys: ReadonlyMap<string, string>): string {
  const m = /^#\/components\/schemas\/([^/]+)(\/.*)?$/.exec(ref);
  const key = m ? keys.get(fragmentToken(m[1]!)) : undefined;
  if (!key) return `doc${ref}`;
  return m![2] ? `${key}#${m![2]}` : key;
}

/** Shared subschemas (see shareSubschemas) are registered under this base + a number. */
const SHARED_BASE = 'https://response-checks.invalid/shared/';
/** Subschemas from this size (of their JSON) on are compiled once per document and called. */
const SHARED_MIN_CHARS = 256;
/** Keywords whose value is one schema, a list of schemas, or a map of them (JSON Schema 2020-12 and draft 4-7). */
const ONE_SCHEMA = new Set(['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems']);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependentSchemas']);
/**
 * Where a subschema cannot be moved out of its place: a local pointer or an anchor would resolve
 * against the new root, and unevaluatedProperties/Items read what the neighbouring keywords
 * evaluated.
 */
const PLACE_BOUND = /"\$ref":"#|"\$(id|anchor|dynamicRef|dynamicAnchor|recursiveRef|recursiveAnchor)"|"unevaluated(Properties|Items)"/;

/**
 * The same subschema written out again and again (a document published dereferenced: GitHub's
 * has no $ref at all, and its user object is inlined hundreds of times) is registered once in the
 * document's Ajv instance and replaced by a reference to it, so Ajv compiles it once per document
 * instead of once per place, and an operation's code holds one function for it, as for a
 * component. Bottom-up: a repeated object inside a repeated object is shared too. Validation is the
 * same (Ajv follows the reference); only error schemaPaths name the shared schema, as they name a
 * component for a $ref.
 */
export function shareSubschemas(schema: unknown, register: (sub: object) => string): unknown {
  if (!isObject(schema) || PLACE_BOUND.test(JSON.stringify(schema))) return schema;
  const visit = (node: unknown, root: boolean): unknown => {
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (SCHEMA_MAP.has(k) && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, visit(s, false)]));
      else if (SCHEMA_LIST.has(k) && Array.isArray(v)) out[k] = v.map((s) => visit(s, false));
      else if (ONE_SCHEMA.has(k)) out[k] = visit(v, false);
      else out[k] = v;
    }
    if (root || JSON.stringify(out).length < SHARED_MIN_CHARS) return out;
    return {$ref: register(out)};
  };
  return visit(schema, true);
}

export interface CheckModule {
  /** The module's source (CommonJS), or undefined when no response of the operation has a schema. */
  source?: string;
  /** The modules `source` requires (all of them in the console's CHECK_RUNTIME). */
  requires: string[];
  /** "status media-type" keys that have a validator. */
  checked: string[];
  /** "status media-type" -> why it has no validator. */
  skipped: Record<string, string>;
}

/** A schema as Ajv's addSchema takes it (the converted schemas are objects, or a 3.1 boolean schema). */
type AjvSchema = Parameters<Ajv['addSchema']>[0];

const isJson = (media: string) => /^application\/(.+\+)?json\b|^application\/json/i.test(media) || /\+json\b/i.test(media);

/**
 * One Ajv instance per document, shared by its operations: the component schemas are converted
 * and registered once, and a component compiled for one operation is reused by the next (a fresh
 * instance per operation cost the whole compile again for each: BENCHMARKS.md, "Measurements behind the code"). Standalone code
 * is still generated per operation, holding only the functions its validators use.
 */
class ResponseCheckCompiler {
  private readonly ajv: Ajv;
  private readonly componentsError?: string;
  private readonly keys: ReadonlyMap<string, string>;
  private next = 0;
  /** Shared subschemas by their JSON text -> registered id (shareSubschemas). */
  private readonly shared = new Map<string, string>();
  private readonly register = (sub: object): string => {
    const text = JSON.stringify(sub);
    let id = this.shared.get(text);
    if (!id) {
      id = `${SHARED_BASE}${this.shared.size}`;
      this.ajv.addSchema(sub as AjvSchema, id);
      this.shared.set(text, id);
    }
    return id;
  };

  constructor(private readonly doc: OpenApiDocument) {
    const openapi31 = usesJsonSchema2020(doc);
    const options: Options = {
      strict: false,
      allErrors: true,
      inlineRefs: false,
      logger: false,
      validateFormats: true,
      code: {source: true, formats: _`require("ajv-formats/dist/formats").fullFormats`},
    };
    this.ajv = openapi31 ? new Ajv2020(options) : new Ajv(options);
    addFormats(this.ajv);
    const schemas: Record<string, Schema> = doc.components?.schemas ?? {};
    // Components with an $id of their own keep the single "doc" schema (Ajv registers every $id
    // it finds, so the two layouts cannot be mixed). Otherwise "doc" is not registered at all:
    // refTarget sends every pointer into a known component to that component's own key.
    const ownIds = JSON.stringify(schemas).includes('"$id"');
    this.keys = new Map(ownIds ? [] : Object.keys(schemas).map((name, i) => [name, `${COMPONENT_BASE}${i}`]));
    try {
      if (!this.keys.size) this.ajv.addSchema({components: {schemas: toJsonSchema(rebase(schemas, this.keys), openapi31)}}, 'doc');
      for (const [name, key] of this.keys) this.ajv.addSchema(toJsonSchema(rebase(schemas[name], this.keys), openapi31) as AjvSchema, key);
    } catch (error) {
      this.componentsError = (error as Error).message;
    }
  }

  module(op: Operation | undefined): CheckModule {
    const {doc, ajv} = this;
    const openapi31 = usesJsonSchema2020(doc);
    const checked: string[] = [];
    const skipped: Record<string, string> = {};
    const exportsMap: Record<string, string> = {};
    const exportOf: Record<string, string> = {};
    if (this.componentsError !== undefined) {
      for (const key of [...responseKeys(doc, op), ...itemSchemas(doc, op).keys(), ...requestSchemas(doc, op).keys()])
        skipped[key] = `the document's component schemas could not be compiled (${this.componentsError})`;
      return {checked, skipped, requires: []};
    }
    let i = 0;
    // The responses' schemas, then the request's (body and parameters: the console checks what it
    // is about to send with the same generated code, ../../src/components/ApiConsole/check-keys.ts).
    const schemas = new Map<string, unknown>(
      responseKeys(doc, op).map((key) => {
        const [status, media] = splitKey(key);
        return [key, (followRefs(doc, op!.responses?.[status]) as Response | undefined)?.content?.[media]?.schema];
      }),
    );
    // Streamed responses (3.2 itemSchema): one check per item, which the console runs as items arrive.
    for (const [key, schema] of itemSchemas(doc, op)) schemas.set(key, schema);
    for (const [key, schema] of requestSchemas(doc, op)) schemas.set(key, schema);
    for (const [key, schema] of schemas) {
      // Unique in the shared instance; the export keeps the short per-module name.
      const id = `op${this.next++}`;
      const name = `r${i++}`;
      try {
        const prepared = shareSubschemas(toJsonSchema(rebase(schema, this.keys), openapi31), this.register);
        ajv.addSchema(prepared as AjvSchema, id);
        ajv.getSchema(id); // compiles now: errors belong to this response
        exportsMap[name] = id;
        exportOf[key] = name;
        checked.push(key);
      } catch (error) {
        ajv.removeSchema(id);
        skipped[key] = `its schema could not be compiled for checking (${(error as Error).message})`;
      }
    }
    if (!checked.length) return {checked, skipped, requires: []};
    let source: string;
    try {
      source = standaloneCode(ajv, exportsMap);
    } catch (error) {
      for (const key of checked) skipped[key] = `the check code could not be generated (${(error as Error).message})`;
      return {checked: [], skipped, requires: []};
    }
    if (source.length > CHECK_MODULE_BUDGET) {
      for (const key of checked) skipped[key] = `the generated check is too large to ship (${Math.round(source.length / 1024)} KB)`;
      return {checked: [], skipped, requires: []};
    }
    const requires = requiredModules(source);
    const missing = requires.filter((id) => !(id in CHECK_RUNTIME));
    if (missing.length) {
      for (const key of checked)
        skipped[key] = `the check code needs ${missing.map((id) => `"${id}"`).join(', ')}, which the console does not provide`;
      return {checked: [], skipped, requires: []};
    }
    const table = checked.map((key) => `  ${JSON.stringify(key)}: exports.${exportOf[key]},`);
    source += `\nexports.checks = {\n${table.join('\n')}\n};\nexports.skipped = ${JSON.stringify(skipped)};\n`;
    return {source, checked, skipped, requires};
  }
}

const compilers = new WeakMap<object, ResponseCheckCompiler>();

/**
 * The standalone validators of one operation's JSON responses. `op` is the raw operation object of
 * the processed document `doc` (the document's compiler is made on first use and kept with it).
 */
export function responseCheckModule(doc: OpenApiDocument, op: Operation | undefined): CheckModule {
  let compiler = compilers.get(doc);
  if (!compiler) compilers.set(doc, (compiler = new ResponseCheckCompiler(doc)));
  return compiler.module(op);
}

/** The module ids a CommonJS source requires, in order of first use. */
export function requiredModules(source: string): string[] {
  return [...new Set([...source.matchAll(/\brequire\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]!) as string))];
}

/**
 * The file the site serves for a check module: an ES module whose default export runs the
 * CommonJS code with the `require` the console passes (the helpers listed in `requires`, loaded
 * first). undefined when the operation has no check.
 */
export function checkFile(check: CheckModule): string | undefined {
  if (!check.source) return undefined;
  return [
    '// Response check generated by gen:api (plugins/api-pages/response-checks.ts) with Ajv standalone code.',
    `export const requires = ${JSON.stringify(check.requires)};`,
    'export default function (require) {',
    'const module = {exports: {}};',
    'const exports = module.exports;',
    check.source,
    'return module.exports;',
    '}',
    '',
  ].join('\n');
}

/** "status media" for every JSON response of the operation with a schema. */
function responseKeys(doc: OpenApiDocument, op: Operation | undefined): string[] {
  const keys: string[] = [];
  for (const [status, raw] of Object.entries(op?.responses ?? {})) {
    const response = followRefs(doc, raw) as Response | undefined;
    for (const [media, content] of Object.entries<MediaType | undefined>(response?.content ?? {})) {
      if (isJson(media) && content && typeof content === 'object' && content.schema) keys.push(`${status} ${media}`);
    }
  }
  return keys;
}

/**
 * The item schemas of streamed responses (OpenAPI 3.2 `itemSchema`), keyed "<status> <media> item".
 * For server-sent events whose `data` holds JSON (`contentMediaType` JSON with a `contentSchema`)
 * the check is the event schema with `data` replaced by the content schema: the console parses
 * the data before checking (JSON Schema only annotates with contentSchema, it does not check it).
 */
function itemSchemas(doc: OpenApiDocument, op: Operation | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [status, raw] of Object.entries(op?.responses ?? {})) {
    const response = followRefs(doc, raw) as Response | undefined;
    for (const [media, content] of Object.entries<MediaType | undefined>(response?.content ?? {})) {
      const item = content && typeof content === 'object' ? (content as MediaType & {itemSchema?: Schema}).itemSchema : undefined;
      if (item === undefined) continue;
      out.set(itemKey(status, media), /^text\/event-stream\b/i.test(media) ? eventWithJsonData(doc, item) : item);
    }
  }
  return out;
}

function eventWithJsonData(doc: OpenApiDocument, item: Schema): Schema {
  const event = followRefs(doc, item) as SchemaObject | undefined;
  const data = followRefs(doc, event?.properties?.data) as SchemaObject | undefined;
  if (!event || !data || data.contentSchema === undefined || !/json/i.test(String(data.contentMediaType ?? ''))) return item;
  return {...event, properties: {...event.properties, data: data.contentSchema}};
}

/**
 * The request's schemas: the JSON request body's per media type, and the parameters' (the path
 * item's and the operation's, the operation's winning) as one object keyed "<in>:<name>".
 */
function requestSchemas(doc: OpenApiDocument, op: Operation | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const body = followRefs(doc, op?.requestBody) as RequestBody | undefined;
  for (const [media, content] of Object.entries<MediaType | undefined>(body?.content ?? {})) {
    if (isJson(media) && content && typeof content === 'object' && content.schema) out.set(requestBodyKey(media), content.schema);
  }
  const pathItem = Object.values(doc?.paths ?? {}).find((item) => item && typeof item === 'object' && Object.values(item).includes(op));
  const parameters = new Map<string, Parameter>();
  for (const raw of [...(pathItem?.parameters ?? []), ...(op?.parameters ?? [])]) {
    const p = followRefs(doc, raw) as Parameter | undefined;
    if (p && typeof p.name === 'string' && typeof p.in === 'string') parameters.set(parameterKey(p), p);
  }
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [key, p] of parameters) {
    if (!p.schema) continue; // `content` parameters are sent as typed
    properties[key] = p.schema;
    if (p.required || p.in === 'path') required.push(key);
  }
  if (Object.keys(properties).length) out.set(REQUEST_PARAMETERS_KEY, {type: 'object', properties, ...(required.length ? {required} : {})});
  return out;
}

const splitKey = (key: string): [string, string] => {
  const at = key.indexOf(' ');
  return [key.slice(0, at), key.slice(at + 1)];
};
