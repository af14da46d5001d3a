/**
 * `renderedRefs`: the component schemas a SchemaView render reaches. The page generator
 * (plugins/api-pages/page-data.ts) uses it to put into a page's data exactly the schemas its
 * server-rendered HTML shows; in the browser, pages of large schema graphs import this module when
 * a disclosure opens, to find which shared schema modules to load (it is not in any page's
 * first-load JavaScript).
 */
import {EAGER_DEPTH, hasChildren, resolve, typeLabel, type Schemas} from './model';
import type {SchemaNode} from '../../../plugins/api-pages/client/page-data-format';

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
    // `seen`: the components on the way down. hasChildren() is false for one already on the way
    // (SchemaView shows "circular" there), which is what ends the walk of a recursive schema.
    // Stryker disable ArrayDeclaration: with EAGER_DEPTH 1 (and fromDepth >= 0) a `seen` that misses a name only lets a circular schema be walked again at depth 1, where no attribute opens: that walk reads the labels its first walk, higher up, already recorded; a `seen` with a made-up name differs only for a component of that name
    const body = (raw: SchemaNode | undefined, depth: number, seen: string[]): void => {
      const {node} = resolve(raw, s);
      if (node.contentSchema && !node.properties && !node.items) {
        const inner = resolve(node.contentSchema, s);
        if (!(inner.name && seen.includes(inner.name))) body(node.contentSchema, depth, inner.name ? [...seen, inner.name] : seen);
        return;
      }
      if (node.items && (node.type === 'array' || !node.properties)) {
        const item = resolve(node.items, s);
        if (hasChildren(node.items, s, seen)) body(node.items, depth, item.name ? [...seen, item.name] : seen);
        return;
      }
      for (const p of Object.values(node.properties ?? {})) property(p, depth, seen);
      if (typeof node.additionalProperties === 'object') property(node.additionalProperties, depth, seen);
      // prettier-ignore
      // Stryker disable next-line ArrayDeclaration: a string in place of a variant resolves no component and has no children
      for (const v of node.oneOf ?? node.anyOf ?? []) {
        const r = resolve(v, s);
        typeLabel(v, s);
        if (hasChildren(v, s, seen)) body(v, depth + 1, r.name ? [...seen, r.name] : seen);
      }
    };
    const property = (raw: SchemaNode, depth: number, seen: string[]): void => {
      const {node, name} = resolve(raw, s);
      typeLabel(raw, s);
      // A list shows its items' allowed values (even when its own component is missing).
      resolve(node.items, s);
      if (depth < EAGER_DEPTH && hasChildren(raw, s, seen)) body(raw, depth + 1, name ? [...seen, name] : seen);
    };
    for (const root of roots) {
      const {name} = resolve(root, s);
      typeLabel(root, s);
      body(root, fromDepth, name ? [name] : []);
    }
    // Stryker restore ArrayDeclaration
  });
  return out;
}
