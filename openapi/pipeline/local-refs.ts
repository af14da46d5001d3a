/**
 * Following local `$ref`s without loading anything else (the changelog diff and the response checks
 * use it; examples.ts re-exports it).
 */

/**
 * Follows local `$ref`s of a node, leniently: a pointer that leads nowhere gives undefined and a
 * circular chain stops at the reference that closes it (resolveLocal throws in both cases; the
 * changelog diff and the response checks read foreign documents and must not).
 */
export function followLocalRefs(doc: unknown, node: unknown): any {
  const seen = new Set<string>();
  let current = node as any;
  while (current && typeof current === 'object' && typeof current.$ref === 'string' && current.$ref.startsWith('#/') && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((n, k) => (n && typeof n === 'object' ? n[k] : undefined), doc);
  }
  return current;
}
