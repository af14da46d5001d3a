/**
 * What SchemaView reads of a schema graph, without React: reference resolution, type labels,
 * whether a schema has child attributes (the walk over a whole render is in ./walk.ts).
 */
import type {SchemaNode} from '../../../plugins/api-pages/client/page-data-format';

export type Schemas = Record<string, SchemaNode>;

/**
 * Nesting depth up to which child attributes are in the server-rendered HTML; deeper ones render
 * when opened. Child attributes sit behind closed disclosures and stay out of the search index, so
 * rendering them up front would only make every page's HTML and DOM larger (slower to lay out).
 */
export const EAGER_DEPTH = 1;

/**
 * Follows a component reference; `name` is the component's name when there was one, `missing`
 * says the component is not loaded (yet).
 */
export function resolve(node: SchemaNode | undefined, schemas: Schemas): {node: SchemaNode; name?: string; missing?: boolean} {
  if (!node?.ref) return {node: node ?? {}};
  const {ref, ...own} = node;
  let target: SchemaNode | undefined = schemas[ref];
  // A component that is only another one (`allOf: [{$ref: Y}]`, a bare `$ref`) stands for Y's
  // fields: the chain is followed, each step's annotations (its title, a description) over Y's.
  const chain = new Set([ref]);
  while (target?.ref && !chain.has(target.ref)) {
    chain.add(target.ref);
    const {ref: next, ...annotations}: SchemaNode = target;
    const inner: SchemaNode | undefined = schemas[next!];
    target = inner ? {...inner, ...annotations} : undefined;
  }
  // Annotations beside the reference (a description, nullable…: allOf [ref, {description}] or a
  // 3.1 $ref with siblings) apply to this use of the component.
  const shown = Object.keys(own).length ? {...(target ?? {}), ...own} : (target ?? {});
  return target ? {node: shown, name: ref} : {node: shown, name: ref, missing: true};
}

/**
 * The schema a node stands for: a component reference followed, with the annotations written beside
 * it (this use's description, example, default, nullable…) over the component's, as `resolve` reads
 * them; the node itself when it is not a reference; undefined for a reference to a missing component.
 * The one way pages, samples and the console follow a reference.
 */
export function followRef(node: SchemaNode | undefined, schemas: Schemas): SchemaNode | undefined {
  if (!node?.ref) return node;
  const {node: followed, missing} = resolve(node, schemas);
  return missing ? undefined : followed;
}

function primitiveType(node: SchemaNode): string {
  const t = Array.isArray(node.type) ? node.type.join(' | ') : node.type;
  if (t) return node.format ? `${t}<${node.format}>` : t;
  if (node.oneOf) return 'one of';
  if (node.anyOf) return 'any of';
  if (node.enum) return typeof node.enum[0];
  return node.format ?? 'any';
}

/** A type label and, when it stopped at a component it is already inside of, that component. */
export interface TypeDescription {
  label: string;
  circular?: string;
}

/**
 * The type label of `typeLabel`, saying where it stopped at a recursive component (`A = array of
 * A` reads "array of A": `circular` is "A"). `arrays`: the list nested that deep reads "array of
 * items" (the Markdown twins keep their labels short; the page has no limit).
 */
export function describeType(raw: SchemaNode | undefined, schemas: Schemas, arrays = Infinity): TypeDescription {
  // prettier-ignore
  // Stryker disable next-line ArrayDeclaration: the walk starts with no component seen; one holding "Stryker was here" differs only for a component of that name
  return describe(raw, schemas, arrays, []);
}

function describe(raw: SchemaNode | undefined, schemas: Schemas, arrays: number, seen: string[]): TypeDescription {
  const {node, name, missing} = resolve(raw, schemas);
  if (missing) return {label: name!};
  let label: string;
  let circular: string | undefined;
  if (node.type === 'array' || node.items) {
    // A self-referencing array (`A = array of A`) names itself instead of recursing.
    const next = name ? [...seen, name] : seen;
    const item = node.items?.ref;
    let inner: string;
    if (arrays <= 1) inner = 'items';
    else if (!node.items) inner = 'any';
    else if (item && next.includes(item)) {
      inner = item;
      circular = item;
    } else ({label: inner, circular} = describe(node.items, schemas, arrays - 1, next));
    label = `array of ${inner}`;
  } else if (name && !isMap(node) && (node.type === 'object' || node.properties || node.oneOf || node.anyOf)) {
    label = name;
  } else if (isMap(node)) {
    // A map (`additionalProperties` with a schema, no named fields): its values' type.
    const next = name ? [...seen, name] : seen;
    const value = node.additionalProperties as SchemaNode;
    let inner: string;
    if (value.ref && next.includes(value.ref)) {
      inner = value.ref;
      circular = value.ref;
    } else ({label: inner, circular} = describe(value, schemas, arrays, next));
    label = `map of string to ${inner}`;
  } else {
    label = primitiveType(node);
    // A string holding another document (an SSE event's data): what it decodes to.
    if (node.contentSchema)
      label = `${label} (${node.contentMediaType ?? 'encoded'}: ${describe(node.contentSchema, schemas, arrays, seen).label})`;
    else if (node.contentMediaType) label = `${label} (${node.contentMediaType})`;
  }
  if (node.nullable) label = `${label} | null`;
  return circular ? {label, circular} : {label};
}

/** A map: `additionalProperties` with a schema (not `true`), and no named fields. */
export function isMap(node: SchemaNode): boolean {
  return (
    typeof node.additionalProperties === 'object' &&
    !(node.properties && Object.keys(node.properties).length) &&
    !node.oneOf &&
    !node.anyOf &&
    (node.type === undefined || node.type === 'object')
  );
}

/** "string<email>", "array of Contact", "Address", "object", "map of string to Threshold", with "| null" when nullable. */
export function typeLabel(raw: SchemaNode | undefined, schemas: Schemas): string {
  // prettier-ignore
  // Stryker disable next-line ArrayDeclaration: the walk starts with no component seen; one holding "Stryker was here" differs only for a component of that name
  return describe(raw, schemas, Infinity, []).label;
}

/**
 * One item of the line under a field or parameter: allowed values (`values`), a keyword with its
 * value (`label: value`, the value shown as code) or a keyword alone (`unique items`).
 */
export type ConstraintItem =
  {kind: 'values'; label: string; values: string[]} | {kind: 'value'; label: string; value: string} | {kind: 'flag'; label: string};

/** A value as the page shows it: a string as it is, anything else as JSON. */
export const displayValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A schema's allowed values, constraints, default and example, in the order the page shows them
 * (the allowed values on their own line first). `node` is already resolved.
 */
export function constraintItems(node: SchemaNode): ConstraintItem[] {
  const items: ConstraintItem[] = [];
  const add = (label: string, value: unknown) => items.push({kind: 'value', label, value: displayValue(value)});
  if (node.enum && node.enum.length > 0) items.push({kind: 'values', label: 'Allowed values', values: node.enum.map(displayValue)});
  // OpenAPI 3.0 writes exclusive bounds as booleans beside minimum/maximum, 3.1 as the bound itself.
  const exclusiveMin = node.exclusiveMinimum === true || typeof node.exclusiveMinimum === 'number';
  const exclusiveMax = node.exclusiveMaximum === true || typeof node.exclusiveMaximum === 'number';
  if (node.minimum !== undefined || typeof node.exclusiveMinimum === 'number')
    add(exclusiveMin ? 'greater than' : 'minimum', typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : node.minimum);
  if (node.maximum !== undefined || typeof node.exclusiveMaximum === 'number')
    add(exclusiveMax ? 'less than' : 'maximum', typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : node.maximum);
  if (node.multipleOf !== undefined) add('multiple of', node.multipleOf);
  if (node.minLength !== undefined) add('min length', node.minLength);
  if (node.maxLength !== undefined) add('max length', node.maxLength);
  if (node.pattern !== undefined) add('pattern', node.pattern);
  if (node.minItems !== undefined) add('min items', node.minItems);
  if (node.maxItems !== undefined) add('max items', node.maxItems);
  if (node.uniqueItems) items.push({kind: 'flag', label: 'unique items'});
  if (node.minProperties !== undefined) add('min properties', node.minProperties);
  if (node.maxProperties !== undefined) add('max properties', node.maxProperties);
  if (node.default !== undefined) add('default', node.default);
  if (node.example !== undefined && typeof node.example !== 'object') add('example', node.example);
  return items;
}

/**
 * The constraint items of a field (a property, additional properties): a list shows its items'
 * constraints and allowed values under its own.
 */
export function fieldConstraints(raw: SchemaNode | undefined, schemas: Schemas): ConstraintItem[] {
  const {node} = resolve(raw, schemas);
  if (!node.items) return constraintItems(node);
  const item = resolve(node.items, schemas).node;
  return constraintItems({...item, ...node, enum: node.enum ?? item.enum});
}

/**
 * The constraint items of a parameter: its schema's, the allowed values of its items for a list,
 * and the parameter's own example over the schema's. None when its schema is a missing component.
 */
export function parameterConstraints(schema: SchemaNode | undefined, example: unknown, schemas: Schemas): ConstraintItem[] {
  const s = followRef(schema, schemas);
  if (!s) return [];
  const items = followRef(s.items, schemas);
  return constraintItems({...s, enum: s.enum ?? items?.enum, example: example ?? s.example});
}

/** The default serialisation style of a parameter's location (OpenAPI: form for query and cookie, simple for path and header). */
const DEFAULT_STYLE: Record<string, string> = {query: 'form', cookie: 'form', path: 'simple', header: 'simple'};

/**
 * How a parameter goes on the wire, when the document says more than the default: its `style`
 * (3.2's `cookie`: each property or item its own `name=value` cookie pair) and `allowReserved`
 * (reserved characters sent as they are). Shown after its constraints, on the page and in the twin.
 */
export function serializationItems(p: {in: string; style?: string; allowReserved?: true}): ConstraintItem[] {
  const items: ConstraintItem[] = [];
  if (p.style && p.style !== DEFAULT_STYLE[p.in]) {
    items.push({kind: 'value', label: 'style', value: p.style});
    if (p.style === 'cookie') items.push({kind: 'flag', label: 'sent as name=value cookie pairs'});
  }
  if (p.allowReserved) items.push({kind: 'flag', label: "reserved characters (:/?#[]@!$&'()*+,;=) sent unencoded (allowReserved)"});
  return items;
}

/** The labels beside a field's type, in the page's order; `replacement` is what replaces a deprecated field. */
export type FieldBadge = {kind: 'required' | 'read-only' | 'write-only' | 'deprecated' | 'circular'} | {kind: 'replacement'; by: string};

export function fieldBadges(node: SchemaNode, required?: boolean, circular?: boolean): FieldBadge[] {
  const badges: FieldBadge[] = [];
  if (required) badges.push({kind: 'required'});
  if (node.readOnly) badges.push({kind: 'read-only'});
  if (node.writeOnly) badges.push({kind: 'write-only'});
  if (node.deprecated) badges.push({kind: 'deprecated'});
  if (node.deprecated && node.deprecatedBy) badges.push({kind: 'replacement', by: node.deprecatedBy});
  if (circular) badges.push({kind: 'circular'});
  return badges;
}

// prettier-ignore
// Stryker disable next-line ArrayDeclaration: the default `seen` is empty; one holding "Stryker was here" differs only for a component of that name
export function hasChildren(raw: SchemaNode | undefined, schemas: Schemas, seen: string[] = []): boolean {
  const {node, name} = resolve(raw, schemas);
  if (name && seen.includes(name)) return false;
  if (node.properties && Object.keys(node.properties).length) return true;
  if (typeof node.additionalProperties === 'object') return true;
  if (node.oneOf?.length || node.anyOf?.length) return true;
  if (node.items) return hasChildren(node.items, schemas, name ? [...seen, name] : seen);
  if (node.contentSchema) return hasChildren(node.contentSchema, schemas, name ? [...seen, name] : seen);
  return false;
}

/**
 * The discriminator values that choose the variant `name` (a component): the `mapping` entries
 * that name it (by reference or by name), else its own name as the implicit value when no mapping
 * entry names it (OpenAPI: a component's name is its value by default); `fallback` when it is the
 * `defaultMapping` (OpenAPI 3.2), chosen for any value the mapping does not name.
 */
export function discriminatorValues(
  discriminator: SchemaNode['discriminator'],
  name: string | undefined,
): {values: string[]; fallback: boolean} {
  if (!discriminator || !name) return {values: [], fallback: false};
  const names = (target: string) => target === name || target.replace(/^.*\//, '') === name;
  const mapping = Object.entries(discriminator.mapping ?? {});
  const values = mapping.filter(([, target]) => names(target)).map(([value]) => value);
  const fallback = discriminator.defaultMapping !== undefined && names(discriminator.defaultMapping);
  if (!values.length && !fallback) values.push(name);
  return {values, fallback};
}
