/**
 * Independent example validation with ajv (a second opinion next to Redocly's example rules).
 *
 * Finds every example in a bundled OpenAPI 3.0 document (media-type `example`/`examples`,
 * parameter and header examples, schema `example`), converts the OpenAPI 3.0 schema dialect to
 * JSON Schema (draft 2019-09) and validates. The conversion:
 * - `nullable: true` becomes a type array with "null" (and adds null to an `enum`),
 * - internal `$ref`s to `#/components/schemas/*` point at the converted components, registered
 *   once in ajv (cycles are fine),
 * - `readOnly` properties are dropped from request schemas and `writeOnly` ones from response
 *   schemas (they must not appear in such examples, and are not required there),
 * - closed world: an object schema without `additionalProperties` rejects properties it does not
 *   define (`unevaluatedProperties: false`, so `allOf` compositions work), which catches typos in
 *   examples that an open schema would let through;
 * - a `pattern` that can backtrack catastrophically (patterns.ts) is left out.
 */
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import type {ErrorObject, ValidateFunction} from 'ajv';
import {isObject} from '../model/document';
import {pathItemOperations} from '../model/methods';
import {escapeToken} from '../model/pointer';
import {followRefsStrict} from '../model/refs';
import {patternIsSafe} from './patterns';

export type Direction = 'request' | 'response' | 'any';

export interface ExampleCase {
  /** JSON pointer of the example value in the document. */
  pointer: string;
  /** JSON pointer of the schema it is checked against. */
  schemaPointer: string;
  value: unknown;
  schema: unknown;
  direction: Direction;
}

export interface ExampleFailure {
  pointer: string;
  schemaPointer: string;
  errors: string[];
}

const SCHEMA_REF = '#/components/schemas/';
/** The converted component schemas are registered once under this id and referenced from the rest. */
const DEFS_ID = 'urn:openapi:components';

/**
 * Resolves a local `#/...` reference in `doc`, following chains strictly (a RefError for a
 * reference that is not local, leads nowhere or loops); `pointer` is the last reference followed.
 */
export function resolveLocal(doc: unknown, node: unknown): {node: unknown; pointer?: string} {
  const {node: target, ref} = followRefsStrict(doc, node);
  return ref === undefined ? {node: target} : {node: target, pointer: ref};
}

/** Every example in the document, with the schema and direction it must be validated with. */
export function collectExamples(doc: unknown): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const root = doc as Record<string, unknown>;

  const mediaTypes = (content: unknown, base: string, direction: Direction) => {
    if (!isObject(content)) return;
    for (const [type, media] of Object.entries(content)) {
      if (!isObject(media) || media.schema === undefined) continue;
      const ptr = `${base}/content/${escapeToken(type)}`;
      pushExamples(media, ptr, media.schema, `${ptr}/schema`, direction);
    }
  };

  const pushExamples = (holder: Record<string, unknown>, ptr: string, schema: unknown, schemaPointer: string, direction: Direction) => {
    if (holder.example !== undefined) cases.push({pointer: `${ptr}/example`, schemaPointer, value: holder.example, schema, direction});
    if (isObject(holder.examples)) {
      for (const [name, ex] of Object.entries(holder.examples)) {
        const resolved = resolveLocal(doc, ex);
        if (isObject(resolved.node) && resolved.node.value !== undefined) {
          const pointer = resolved.pointer ? `${resolved.pointer}/value` : `${ptr}/examples/${escapeToken(name)}/value`;
          cases.push({pointer, schemaPointer, value: resolved.node.value, schema, direction});
        }
      }
    }
  };

  const parameterOrHeader = (node: unknown, ptr: string, direction: Direction) => {
    const resolved = resolveLocal(doc, node);
    const p = resolved.node;
    if (!isObject(p)) return;
    const base = resolved.pointer ?? ptr;
    if (p.schema !== undefined) pushExamples(p, base, p.schema, `${base}/schema`, direction);
    if (p.content !== undefined) mediaTypes(p.content, base, direction);
  };

  const response = (node: unknown, ptr: string) => {
    const resolved = resolveLocal(doc, node);
    const r = resolved.node;
    if (!isObject(r)) return;
    const base = resolved.pointer ?? ptr;
    mediaTypes(r.content, base, 'response');
    if (isObject(r.headers)) {
      for (const [name, h] of Object.entries(r.headers)) parameterOrHeader(h, `${base}/headers/${escapeToken(name)}`, 'response');
    }
  };

  const requestBody = (node: unknown, ptr: string) => {
    const resolved = resolveLocal(doc, node);
    if (isObject(resolved.node)) mediaTypes(resolved.node.content, resolved.pointer ?? ptr, 'request');
  };

  for (const [p, item] of Object.entries(isObject(root.paths) ? root.paths : {})) {
    if (!isObject(item)) continue;
    const itemPtr = `#/paths/${escapeToken(p)}`;
    if (Array.isArray(item.parameters))
      item.parameters.forEach((prm, i) => parameterOrHeader(prm, `${itemPtr}/parameters/${i}`, 'request'));
    for (const {operation: op, keys} of pathItemOperations(item)) {
      const opPtr = `${itemPtr}/${keys.map(escapeToken).join('/')}`;
      if (Array.isArray(op.parameters)) op.parameters.forEach((prm, i) => parameterOrHeader(prm, `${opPtr}/parameters/${i}`, 'request'));
      if (op.requestBody !== undefined) requestBody(op.requestBody, `${opPtr}/requestBody`);
      if (isObject(op.responses)) {
        for (const [code, r] of Object.entries(op.responses)) response(r, `${opPtr}/responses/${escapeToken(code)}`);
      }
    }
  }

  // Components not reached from an operation still count.
  const components = isObject(root.components) ? root.components : {};
  for (const [name, prm] of Object.entries(isObject(components.parameters) ? components.parameters : {})) {
    parameterOrHeader(prm, `#/components/parameters/${escapeToken(name)}`, 'request');
  }
  for (const [name, h] of Object.entries(isObject(components.headers) ? components.headers : {})) {
    parameterOrHeader(h, `#/components/headers/${escapeToken(name)}`, 'response');
  }
  for (const [name, r] of Object.entries(isObject(components.responses) ? components.responses : {})) {
    response(r, `#/components/responses/${escapeToken(name)}`);
  }
  for (const [name, b] of Object.entries(isObject(components.requestBodies) ? components.requestBodies : {})) {
    requestBody(b, `#/components/requestBodies/${escapeToken(name)}`);
  }

  // Schema-level `example`s, anywhere in the document.
  const visitSchemas = (node: unknown, ptr: string, isSchema: boolean) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visitSchemas(child, `${ptr}/${i}`, isSchema));
      return;
    }
    if (!isObject(node)) return;
    if (isSchema && typeof node.$ref !== 'string') {
      if (node.example !== undefined)
        cases.push({pointer: `${ptr}/example`, schemaPointer: ptr, value: node.example, schema: node, direction: 'any'});
      for (const key of ['items', 'additionalProperties', 'not'])
        if (node[key] !== undefined) visitSchemas(node[key], `${ptr}/${key}`, true);
      for (const key of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(node[key])) visitSchemas(node[key], `${ptr}/${key}`, true);
      if (isObject(node.properties)) {
        for (const [name, child] of Object.entries(node.properties)) visitSchemas(child, `${ptr}/properties/${escapeToken(name)}`, true);
      }
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'example' || key === 'examples' || key === 'value') continue; // example data, not schemas
      const childPtr = `${ptr}/${escapeToken(key)}`;
      if (key === 'schema') visitSchemas(child, childPtr, true);
      else if (key === 'schemas' && ptr === '#/components' && isObject(child)) {
        for (const [name, s] of Object.entries(child)) visitSchemas(s, `${childPtr}/${escapeToken(name)}`, true);
      } else visitSchemas(child, childPtr, false);
    }
  };
  visitSchemas(root, '#', false);

  return cases;
}

const DROP_KEYWORDS = new Set(['nullable', 'discriminator', 'xml', 'externalDocs', 'example', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * Converts an OpenAPI 3.0 schema to JSON Schema 2019-09 for `direction`.
 * `open` = the schema is a member of a composition: leave it open (the parent closes it).
 */
export function convertSchema(schema: unknown, direction: Direction, open = false, doc?: unknown): unknown {
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    if (!schema.$ref.startsWith(SCHEMA_REF)) throw new Error(`unsupported $ref in a schema: ${schema.$ref}`);
    return {$ref: `${DEFS_ID}#/$defs/${defName(schema.$ref.slice(SCHEMA_REF.length), direction, open)}`};
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROP_KEYWORDS.has(key)) continue;
    switch (key) {
      case 'properties': {
        const props: Record<string, unknown> = {};
        for (const [name, prop] of Object.entries(isObject(value) ? value : {})) {
          // A property is read-only (write-only) when it says so or when the schema it references does.
          const own = isObject(prop) ? prop : {};
          const target = doc !== undefined && typeof own.$ref === 'string' ? resolveLocal(doc, own).node : own;
          const flags = {...(isObject(target) ? target : {}), ...own};
          if ((direction === 'request' && flags.readOnly === true) || (direction === 'response' && flags.writeOnly === true)) continue;
          props[name] = convertSchema(prop, direction, false, doc);
        }
        out.properties = props;
        break;
      }
      case 'required':
        out.required = value;
        break;
      case 'pattern':
        // Never compiled when it can backtrack catastrophically (patterns.ts; the pipeline has taken
        // it out of a document it processed already).
        if (typeof value !== 'string' || patternIsSafe(value)) out[key] = value;
        break;
      case 'items':
      case 'not':
        out[key] = convertSchema(value, direction, false, doc);
        break;
      case 'additionalProperties':
        out[key] = typeof value === 'boolean' ? value : convertSchema(value, direction, false, doc);
        break;
      case 'allOf':
      case 'oneOf':
      case 'anyOf':
        out[key] = (Array.isArray(value) ? value : []).map((member) => convertSchema(member, direction, true, doc));
        break;
      default:
        out[key] = value;
    }
  }
  // Properties dropped for this direction are not required either.
  if (Array.isArray(out.required) && isObject(out.properties) && isObject(schema.properties)) {
    const declared = schema.properties;
    const kept = out.properties;
    out.required = (out.required as unknown[]).filter((name) => typeof name !== 'string' || !(name in declared) || name in kept);
  }
  const objectLike = out.properties !== undefined || out.allOf !== undefined || out.type === 'object';
  if (!open && objectLike && out.additionalProperties === undefined && out.oneOf === undefined && out.anyOf === undefined) {
    out.unevaluatedProperties = false;
  }
  if (schema.nullable === true) {
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    // nullable without a type (e.g. next to allOf): allow null explicitly.
    else if (out.type === undefined) return {anyOf: [{type: 'null'}, out]};
  }
  return out;
}

function defName(name: string, direction: Direction, open: boolean): string {
  return `${name}__${direction}${open ? '__open' : ''}`;
}

export interface ExampleValidator {
  validate(example: ExampleCase): string[];
}

/** Compiles the document's component schemas once; validates examples against them. */
export function createExampleValidator(doc: unknown): ExampleValidator {
  const ajv = new Ajv2019({allErrors: true, strict: false, validateFormats: true});
  addFormats(ajv);
  // OpenAPI formats that ajv-formats does not define.
  ajv.addFormat('decimal', /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/);
  const schemas = isObject(doc) && isObject(doc.components) ? doc.components.schemas : undefined;
  const defs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(isObject(schemas) ? schemas : {})) {
    for (const direction of ['request', 'response', 'any'] as const) {
      defs[defName(name, direction, false)] = convertSchema(schema, direction, false, doc);
      defs[defName(name, direction, true)] = convertSchema(schema, direction, true, doc);
    }
  }
  ajv.addSchema({$id: DEFS_ID, $defs: defs});
  const cache = new Map<string, ValidateFunction>();
  return {
    validate(example) {
      const key = `${example.schemaPointer}|${example.direction}`;
      let fn = cache.get(key);
      if (!fn) {
        const converted = convertSchema(example.schema, example.direction, false, doc);
        fn = ajv.compile(isObject(converted) ? converted : {});
        cache.set(key, fn);
      }
      if (fn(example.value)) return [];
      return (fn.errors ?? []).map(
        (e: ErrorObject) =>
          `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${e.params && 'unevaluatedProperty' in e.params ? `: ${String(e.params.unevaluatedProperty)}` : ''}`,
      );
    },
  };
}

/** Validates every example; returns the failures (empty when all pass). */
export function validateExamples(doc: unknown): {checked: number; failures: ExampleFailure[]} {
  const validator = createExampleValidator(doc);
  const failures: ExampleFailure[] = [];
  const cases = collectExamples(doc);
  for (const example of cases) {
    const errors = validator.validate(example);
    if (errors.length) failures.push({pointer: example.pointer, schemaPointer: example.schemaPointer, errors});
  }
  return {checked: cases.length, failures};
}
