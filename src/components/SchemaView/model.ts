/**
 * What SchemaView reads of a schema graph, without React: reference resolution, type labels,
 * whether a schema has child attributes, and `renderedRefs`, the component schemas a render
 * reaches. The page generator (plugins/api-pages/page-data.ts) uses `renderedRefs` to put into a
 * page's data exactly the schemas its server-rendered HTML shows; the rest of a large schema graph
 * is loaded in the browser when a disclosure opens (see SchemaView's `load`).
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
    const target = schemas[node.ref];
    return target ? {node: target, name: node.ref} : {node: {}, name: node.ref, missing: true};
  }
  return {node: node ?? {}};
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

export function hasChildren(raw: SchemaNode | undefined, schemas: Schemas, seen: string[] = []): boolean {
  const {node, name} = resolve(raw, schemas);
  if (name && seen.includes(name)) return false;
  if (node.properties && Object.keys(node.properties).length) return true;
  if (typeof node.additionalProperties === 'object') return true;
  if (node.oneOf?.length || node.anyOf?.length) return true;
  if (node.items) return hasChildren(node.items, schemas, name ? [...seen, name] : seen);
  return false;
}

/** The names `fn` looks up in `schemas` (found or not). */
function recording<T>(schemas: Schemas, out: Set<string>, fn: (s: Schemas) => T): T {
  const proxy = new Proxy(schemas, {
    get(target, key) {
      if (typeof key === 'string') out.add(key);
      return target[key as string];
    },
  });
  return fn(proxy);
}

/**
 * The component schemas that rendering these schemas reaches (SchemaView's walk: the schema, its
 * attributes down to `EAGER_DEPTH` nested disclosures, variants, type labels), given the
 * schemas known so far. Names not in `schemas` are returned too: they are what is missing.
 * `fromDepth` starts the walk at that disclosure depth (a disclosure opened at depth d renders
 * its body at d + 1).
 */
export function renderedRefs(roots: (SchemaNode | undefined)[], schemas: Schemas, fromDepth = 0): Set<string> {
  const out = new Set<string>();
  recording(schemas, out, (s) => {
    const body = (raw: SchemaNode, depth: number, seen: string[]): void => {
      const {node} = resolve(raw, s);
      if (node.items && (node.type === 'array' || !node.properties)) {
        const item = resolve(node.items, s);
        if (item.name && seen.includes(item.name)) return;
        if (hasChildren(node.items, s, seen)) body(node.items, depth, item.name ? [...seen, item.name] : seen);
        return;
      }
      for (const p of Object.values(node.properties ?? {})) property(p, depth, seen);
      if (typeof node.additionalProperties === 'object') property(node.additionalProperties, depth, seen);
      for (const v of node.oneOf ?? node.anyOf ?? []) {
        const r = resolve(v, s);
        typeLabel(v, s);
        if (hasChildren(v, s, seen)) body(v, depth + 1, r.name ? [...seen, r.name] : seen);
      }
    };
    const property = (raw: SchemaNode, depth: number, seen: string[]): void => {
      const {node, name} = resolve(raw, s);
      const circular = name !== undefined && seen.includes(name);
      typeLabel(raw, s);
      if (node.items) resolve(node.items, s);
      if (!circular && hasChildren(raw, s, seen) && depth < EAGER_DEPTH) body(raw, depth + 1, name ? [...seen, name] : seen);
    };
    for (const root of roots) {
      if (!root) continue;
      const {name} = resolve(root, s);
      typeLabel(root, s);
      if (hasChildren(root, s)) body(root, fromDepth, name ? [name] : []);
    }
  });
  return out;
}
