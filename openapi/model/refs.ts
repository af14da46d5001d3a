/**
 * Local `$ref`s of an OpenAPI document, the one resolver of the project (./pointer.ts decodes them).
 * A reference names own properties only: "#/constructor" or "#/paths/__proto__" name nothing in a
 * document that has no such key, never a property every object inherits.
 */
import {localRefTokens} from './pointer';

const own = (node: unknown, key: string): boolean =>
  typeof node === 'object' && node !== null && Object.prototype.hasOwnProperty.call(node, key);

/** A key that names something under `node`: an own property of an object, an item (index) of an array. */
function names(node: unknown, key: string): boolean {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(key) && Number(key) < node.length;
  return own(node, key);
}

/** The node at `keys` under `root` (own properties and array items only), or undefined. */
export function nodeAt(root: unknown, keys: readonly string[]): unknown {
  let node = root;
  for (const key of keys) {
    if (!names(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** What a local reference points to in `doc`, or undefined (not local, or nothing there). */
export function refTarget(doc: unknown, ref: string): unknown {
  const keys = localRefTokens(ref);
  return keys ? nodeAt(doc, keys) : undefined;
}

/** The `$ref` of a node, when it has a string one. */
export function refOf(node: unknown): string | undefined {
  return own(node, '$ref') && typeof (node as {$ref: unknown}).$ref === 'string' ? (node as {$ref: string}).$ref : undefined;
}

/**
 * Follows the local `$ref`s of a node, leniently (for documents that may be broken: a foreign one,
 * an older release): a reference that leads nowhere gives undefined, a circular chain stops at the
 * node whose reference closes it, a reference to another document is returned as it is.
 */
export function followRefs(doc: unknown, node: unknown): unknown {
  const seen = new Set<string>();
  let current = node;
  for (let ref = refOf(current); ref !== undefined && localRefTokens(ref) && !seen.has(ref); ref = refOf(current)) {
    seen.add(ref);
    current = refTarget(doc, ref);
  }
  return current;
}

/** A reference the strict resolvers cannot follow: not local, pointing at nothing, or part of a loop. */
export class RefError extends Error {
  constructor(
    readonly kind: 'not-local' | 'unresolved' | 'circular',
    readonly ref: string,
  ) {
    super(
      kind === 'not-local'
        ? `$ref "${ref}" is not a local reference ("#/..."); the processed document has only local ones`
        : kind === 'unresolved'
          ? `$ref "${ref}" points to nothing in the document`
          : `$ref "${ref}" is part of a circular chain of references`,
    );
    this.name = 'RefError';
  }
}

/**
 * What a local reference points to, strictly (for our processed document, where a broken
 * reference is a bug): a RefError when it is not local or points to nothing.
 */
export function resolveRef(doc: unknown, ref: string): unknown {
  const keys = localRefTokens(ref);
  if (!keys || keys.length === 0) throw new RefError('not-local', ref);
  const node = nodeAt(doc, keys);
  if (node === undefined) throw new RefError('unresolved', ref);
  return node;
}

/**
 * Follows the local `$ref`s of a node strictly: a reference that is not local, leads nowhere or
 * back to itself is a RefError. Returns the node reached and the last reference followed.
 */
export function followRefsStrict(doc: unknown, node: unknown): {node: unknown; ref?: string} {
  const seen = new Set<string>();
  let current = node;
  let last: string | undefined;
  for (let ref = refOf(current); ref !== undefined; ref = refOf(current)) {
    if (seen.has(ref)) throw new RefError('circular', ref);
    seen.add(ref);
    current = resolveRef(doc, ref);
    last = ref;
  }
  return last === undefined ? {node: current} : {node: current, ref: last};
}
