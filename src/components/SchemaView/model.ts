/**
 * What SchemaView reads of a schema graph, without React: reference resolution, type labels,
 * whether a schema has child attributes (the walk over a whole render is in ./walk.ts).
 */
import type {SchemaNode} from '../ApiOperation/types';

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
  if (node?.ref) {
    const {ref, ...own} = node;
    const target = schemas[ref];
    // Annotations beside the reference (a description, nullable…: allOf [ref, {description}] or a
    // 3.1 $ref with siblings) apply to this use of the component.
    const shown = Object.keys(own).length ? {...(target ?? {}), ...own} : target ?? {};
    return target ? {node: shown, name: ref} : {node: shown, name: ref, missing: true};
  }
  return {node: node ?? {}};
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

/** "string<email>", "array of Contact", "Address", "object", with "| null" when nullable. */
// Stryker disable next-line ArrayDeclaration: the default `seen` is empty; one holding "Stryker was here" differs only for a component of that name
export function typeLabel(raw: SchemaNode | undefined, schemas: Schemas, seen: string[] = []): string {
  const {node, name, missing} = resolve(raw, schemas);
  if (missing) return name!;
  let label: string;
  if (node.type === 'array' || node.items) {
    // A self-referencing array (`A = array of A`) names itself instead of recursing.
    const next = name ? [...seen, name] : seen;
    const item = node.items?.ref;
    label = `array of ${!node.items ? 'any' : item && next.includes(item) ? item : typeLabel(node.items, schemas, next)}`;
  } else if (name && (node.type === 'object' || node.properties || node.oneOf || node.anyOf)) {
    label = name;
  } else {
    label = primitiveType(node);
  }
  return node.nullable ? `${label} | null` : label;
}

// Stryker disable next-line ArrayDeclaration: the default `seen` is empty; one holding "Stryker was here" differs only for a component of that name
export function hasChildren(raw: SchemaNode | undefined, schemas: Schemas, seen: string[] = []): boolean {
  const {node, name} = resolve(raw, schemas);
  if (name && seen.includes(name)) return false;
  if (node.properties && Object.keys(node.properties).length) return true;
  if (typeof node.additionalProperties === 'object') return true;
  if (node.oneOf?.length || node.anyOf?.length) return true;
  if (node.items) return hasChildren(node.items, schemas, name ? [...seen, name] : seen);
  return false;
}
