/**
 * OpenAPI 3.2 tag hierarchy, made safe to walk: a tag's `parent` must name a tag of the document
 * and parents must not form a cycle. The lint reports either slip (`spec-no-invalid-tag-parents`,
 * fatal for our own document, a warning naming the pointer for a foreign one); the processed
 * document then keeps no such `parent`, so every reader (sidebar, breadcrumbs, overview) may
 * follow parents up to a root without checking for loops. A tag in a cycle becomes a root.
 */
import {isObject} from '../model/document';

/** Removes, in place, each `tags[].parent` that names no tag or lies on a cycle; returns the indices changed. */
export function dropInvalidTagParents(doc: Record<string, unknown>): number[] {
  if (!Array.isArray(doc.tags)) return [];
  const tags = doc.tags.filter(isObject);
  const byName = new Map<string, Record<string, unknown>>();
  for (const tag of tags) if (typeof tag.name === 'string' && !byName.has(tag.name)) byName.set(tag.name, tag);
  const bad = new Set<Record<string, unknown>>();
  for (const tag of tags) {
    if (tag.parent === undefined) continue;
    if (typeof tag.parent !== 'string' || !byName.has(tag.parent)) {
      bad.add(tag);
      continue;
    }
    // Follow the chain: coming back to `tag` means it lies on a cycle.
    const seen = new Set<Record<string, unknown>>([tag]);
    let current = byName.get(tag.parent);
    while (current && typeof current.parent === 'string') {
      if (current === tag) break;
      if (seen.has(current)) {
        current = undefined; // a cycle above this tag, not through it: its ancestors are fixed on their own turn
        break;
      }
      seen.add(current);
      current = byName.get(current.parent);
    }
    if (current === tag) bad.add(tag);
  }
  const changed: number[] = [];
  (doc.tags as unknown[]).forEach((tag, i) => {
    if (isObject(tag) && bad.has(tag)) {
      delete tag.parent;
      changed.push(i);
    }
  });
  return changed;
}
