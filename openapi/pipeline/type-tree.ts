/**
 * Repairs of Redocly's type tree (the node types its bundler and lint walk a document with).
 *
 * @redocly/openapi-core 2.64 ships OpenAPI 3.2 types that name a type that does not exist: the
 * device authorization flow's `scopes` is `mapOf('string')`, so walking any document with a
 * `flows.deviceAuthorization.scopes` map throws "Unknown type name found: string" from the
 * bundler, and the whole build stops on one line that names no place. `redocly lint` itself gets
 * further because it reports per rule; our pipeline bundles first.
 *
 * Rather than patching the one field, `repairTypeTree` goes over every type of the tree: a type
 * reference that names a JSON value type (`string`, `number`, `integer`, `boolean`, `object`,
 * `array`, `null`) instead of a node type becomes that scalar (as the 3.0 flows write `scopes`:
 * `{type: 'object', additionalProperties: {type: 'string'}}`). References computed by functions
 * (maps, `directResolveAs`) are wrapped so their answers are repaired too. Node types that do
 * exist are left as they are. type-tree.test.ts checks the whole repaired 3.2 tree resolves.
 */
import type {Plugin} from '@redocly/openapi-core';

const VALUE_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

type TypeMap = Record<string, unknown>;

/** A copy of `types` in which no type reference names a JSON value type instead of a node type. */
export function repairTypeTree<T extends TypeMap>(types: T): T {
  const fixRef = (ref: unknown, seen: Set<unknown>): unknown => {
    if (typeof ref === 'string') return !(ref in types) && VALUE_TYPES.has(ref) ? {type: ref} : ref;
    if (typeof ref === 'function') {
      const compute = ref as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => fixRef(compute(...args), seen);
    }
    return fixType(ref, seen);
  };
  const fixType = (type: unknown, seen: Set<unknown>): unknown => {
    if (!type || typeof type !== 'object' || seen.has(type)) return type;
    seen.add(type);
    const t = type as Record<string, unknown>;
    const out: Record<string, unknown> = {...t};
    if (t.items !== undefined) out.items = fixRef(t.items, seen);
    if (t.additionalProperties !== undefined) out.additionalProperties = fixRef(t.additionalProperties, seen);
    if (t.directResolveAs !== undefined) out.directResolveAs = fixRef(t.directResolveAs, seen);
    if (t.properties && typeof t.properties === 'object') {
      out.properties = Object.fromEntries(Object.entries(t.properties).map(([k, v]) => [k, fixRef(v, seen)]));
    }
    return out;
  };
  return Object.fromEntries(Object.entries(types).map(([name, type]) => [name, fixType(type, new Set())])) as T;
}

type NodeTypeLike = {properties?: Record<string, unknown>; [key: string]: unknown};

/**
 * What the 3.2 specification says and Redocly 2.64's 3.2 types do not (each one a `struct` warning
 * on a valid document, or a wrong walk):
 * - `components.mediaTypes` holds Media Type Objects (Redocly: maps of media types, so a named
 *   media type's `schema` is walked as a media type named "schema");
 * - a parameter's `style` may be `cookie` (new in 3.2, for `in: cookie`), and an Encoding
 *   Object's too;
 * - an Encoding Object may nest `encoding`, `prefixEncoding` and `itemEncoding` (new in 3.2).
 */
export function correctOas32Types<T extends TypeMap>(types: T): T {
  const out: TypeMap = {...types};
  const withProperties = (name: string, change: (properties: Record<string, unknown>) => Record<string, unknown>) => {
    const type = out[name] as NodeTypeLike | undefined;
    if (type) out[name] = {...type, properties: change({...(type.properties ?? {})})};
  };
  const withCookieStyle = (style: unknown) => {
    const s = style as {enum?: unknown} | undefined;
    return s && Array.isArray(s.enum) && !s.enum.includes('cookie') ? {...s, enum: [...s.enum, 'cookie']} : style;
  };
  if (out.NamedMediaTypes && out.MediaType) {
    out.NamedMediaTypes = {properties: {}, additionalProperties: () => 'MediaType'};
  }
  withProperties('Parameter', (p) => ({...p, style: withCookieStyle(p.style)}));
  withProperties('Encoding', (p) => ({
    ...p,
    style: withCookieStyle(p.style),
    encoding: p.encoding ?? 'EncodingMap',
    prefixEncoding: p.prefixEncoding ?? {name: 'EncodingList', properties: {}, items: 'Encoding'},
    itemEncoding: p.itemEncoding ?? 'Encoding',
  }));
  return out as T;
}

/**
 * Redocly plugin: repairTypeTree on the OpenAPI 3.x trees (3.0 and 3.1 come out unchanged) and,
 * for 3.2, correctOas32Types.
 */
export const typeTreePlugin: Plugin = {
  id: 'portal-types',
  typeExtension: {
    oas3: (types, version) => repairTypeTree(version === 'oas3_2' ? correctOas32Types(types) : types),
  },
};
