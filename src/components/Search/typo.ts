/**
 * Typo tolerance without noise: only a word that finds nothing is corrected, and only to a word
 * that is in the index, at most 1 edit away for words of 4–7 letters and 2 for 8 or more (an edit:
 * a letter inserted, deleted, replaced, or two neighbours swapped). Shorter words are never
 * corrected. Among candidates the closest wins, then the most frequent, then the first in
 * alphabetical order. The engine searches the corrected query and says so ("Showing results for").
 */

export const MIN_TYPO_LENGTH = 4;
export const TWO_EDITS_LENGTH = 8;

/** Edits allowed for a word of this length. */
export function allowedEdits(word: string): number {
  return word.length >= TWO_EDITS_LENGTH ? 2 : word.length >= MIN_TYPO_LENGTH ? 1 : 0;
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent swaps), or max + 1 as soon as it
 * exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({length: n + 1}, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** Words of the index with how often they occur, and their sorted list (prefix look-ups). */
export class Vocabulary {
  readonly counts = new Map<string, number>();
  private sorted: string[] | null = null;

  add(word: string, count = 1): void {
    this.counts.set(word, (this.counts.get(word) ?? 0) + count);
    this.sorted = null;
  }

  /** Words of a text as the query tokenizer cuts them (lower case; letters, digits, "_"). */
  addText(text: string): void {
    for (const raw of text.toLowerCase().split(/[^a-z0-9_]+/)) if (raw.length >= 2) this.add(raw);
  }

  has(word: string): boolean {
    return this.counts.has(word);
  }

  /** Some word starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    const list = (this.sorted ??= [...this.counts.keys()].sort());
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < list.length && list[lo]!.startsWith(prefix);
  }

  /** The closest word within the allowed edits, or null. */
  correct(word: string): string | null {
    const max = allowedEdits(word);
    if (max === 0 || !/^[a-z]+$/.test(word)) return null;
    let best: string | null = null;
    let bestDistance = max + 1;
    let bestCount = 0;
    for (const [candidate, count] of this.counts) {
      if (Math.abs(candidate.length - word.length) > max || !/^[a-z]/.test(candidate)) continue;
      const d = editDistance(word, candidate, Math.min(max, bestDistance));
      if (d > max || d === 0) continue;
      if (d < bestDistance || (d === bestDistance && (count > bestCount || (count === bestCount && best !== null && candidate < best)))) {
        best = candidate;
        bestDistance = d;
        bestCount = count;
      }
    }
    return best;
  }
}

/**
 * The query with each unknown word replaced by its correction, or null when no word needed (or
 * got) one. `isKnown` says whether a word finds something as it is; the last word, which may be
 * unfinished, counts as known when some word starts with it.
 */
export function correctQuery(query: string, vocabulary: Vocabulary, isKnown: (word: string, isLast: boolean) => boolean): string | null {
  const parts = query.trim().split(/(\s+)/);
  let changed = false;
  const lastWordIndex = parts.length - 1;
  const out = parts.map((part, k) => {
    if (/^\s+$/.test(part) || !/^[A-Za-z]+$/.test(part)) return part;
    const word = part.toLowerCase();
    if (isKnown(word, k === lastWordIndex && !/\s$/.test(query))) return part;
    const fixed = vocabulary.correct(word);
    if (!fixed) return part;
    changed = true;
    return fixed;
  });
  return changed ? out.join('') : null;
}
