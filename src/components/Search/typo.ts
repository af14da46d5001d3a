/**
 * Typo tolerance without noise. A word of the query is corrected when it finds nothing, or very
 * little (see WordStatus), and only to a word that is in the index, at most 1 edit away for words
 * of 4–7 letters and 2 for 8 or more (an edit: a letter inserted, deleted, replaced, or two
 * neighbours swapped). Shorter words are never corrected. Among candidates the closest wins, then
 * the most frequent, then the first in alphabetical order. The engine searches the corrected query
 * and says so ("Showing results for").
 *
 * - A word that finds nothing is corrected to any such word.
 * - A word that finds very little ("weak": see the engine's wordStatus: in at most
 *   VERY_LITTLE_DOCUMENTS documents, none of them a page title or an API record) is corrected
 *   only to a word at least WEAK_FACTOR times as frequent: a rare word that is a typo of a common
 *   one ("custmer" written once in some page, "customer" everywhere), never one rare word for
 *   another.
 * - Punctuated words: an identifier ("custmer_id") is corrected whole when the index has such an
 *   identifier ("customer_id"); otherwise, like any word with punctuation ("custmer-id",
 *   "/custmers/{id}"), each run of letters is corrected on its own.
 */

/** How a word of the query does in the index. */
export type WordStatus = 'known' | 'weak' | 'unknown';

/** A "weak" word finds at most this many documents (and no page title or API record). */
export const VERY_LITTLE_DOCUMENTS = 2;
/** A weak word is only corrected to a word this many times as frequent in the index. */
export const WEAK_FACTOR = 10;

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
  const n = b.length;
  // Rows i - 2, i - 1 and i of the table (row 0: j insertions).
  let prev = Array.from({length: n + 1}, (_, j) => j);
  let prev2 = prev;
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      // Two neighbours swapped (a[-1] and b[-1] are undefined, so this needs i > 1 and j > 1).
      if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
}

/** The first index of a sorted list whose item is not below `value` (binary search). */
export function lowerBound(list: readonly string[], value: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
    for (const raw of text.toLowerCase().split(/[^a-z0-9_]/)) if (raw.length >= 2) this.add(raw);
  }

  has(word: string): boolean {
    return this.counts.has(word);
  }

  count(word: string): number {
    return this.counts.get(word) ?? 0;
  }

  /** Some word starts with `prefix` (`longer`: some word other than `prefix` itself). */
  hasPrefix(prefix: string, longer = false): boolean {
    const list = (this.sorted ??= [...this.counts.keys()].sort());
    let lo = lowerBound(list, prefix);
    if (longer && list[lo] === prefix) lo++;
    return lo < list.length && list[lo]!.startsWith(prefix);
  }

  /**
   * The closest word within the allowed edits that occurs at least `minCount` times, or null. Words
   * of letters, digits and "_" starting with a letter (identifiers too: "custmer_id"); the length
   * that sets the allowed edits counts every character.
   */
  correct(word: string, minCount = 1): string | null {
    const max = allowedEdits(word);
    // (Shorter words: 0 edits allowed, and every other word is at least 1 edit away.)
    if (!/^[a-z][a-z0-9_]*$/.test(word)) return null;
    let best: string | null = null;
    let bestDistance = max + 1;
    let bestCount = 0;
    for (const [candidate, count] of this.counts) {
      if (count < minCount || !/^[a-z]/.test(candidate)) continue;
      // Cut at the best distance so far (lengths too far apart first): a farther candidate comes
      // back as bestDistance + 1 and loses.
      const d = editDistance(word, candidate, bestDistance);
      if (d > max || d === 0) continue;
      // (A tie in count needs a best so far: every count is at least minCount >= 1 > the first bestCount.)
      if (d < bestDistance || (d === bestDistance && (count > bestCount || (count === bestCount && candidate < best!)))) {
        best = candidate;
        bestDistance = d;
        bestCount = count;
      }
    }
    return best;
  }
}

/**
 * The query with each word that finds nothing or very little replaced by its correction, or null
 * when no word needed (or got) one. `status` says how a word does as it is (see WordStatus); the
 * last word, which may be unfinished, is passed with `isLast` (the status should count it as known
 * when some longer word starts with it).
 */
export function correctQuery(query: string, vocabulary: Vocabulary, status: (word: string, isLast: boolean) => WordStatus): string | null {
  const parts = query.trim().split(/(\s)/);
  const lastPart = parts.length - 1;
  const endsOpen = !/\s$/.test(query);
  let changed = false;

  /** The correction of one word (letters, digits, "_"), or null. */
  const fix = (word: string, isLast: boolean): string | null => {
    const lower = word.toLowerCase();
    const st = status(lower, isLast);
    if (st === 'known') return null;
    return vocabulary.correct(lower, st === 'weak' ? WEAK_FACTOR * Math.max(1, vocabulary.count(lower)) : 1);
  };

  const out = parts.map((part, k) => {
    const isLast = k === lastPart && endsOpen;
    // A word or an identifier, whole.
    if (/^[A-Za-z][A-Za-z0-9_]*$/.test(part)) {
      const whole = fix(part, isLast);
      if (whole) {
        changed = true;
        return whole;
      }
      if (!part.includes('_') || status(part.toLowerCase(), isLast) === 'known') return part;
    }
    // Punctuated (and the spaces between words): each run of letters on its own. Split on a captured
    // group, the pieces alternate: something else (maybe ""), a run of letters, something else...
    // Only a run at the very end of the last part may be unfinished.
    const pieces = part.split(/([A-Za-z]+)/);
    return pieces
      .map((piece, j) => {
        if (j % 2 === 0) return piece;
        const fixed = fix(piece, isLast && pieces[j + 1] === '');
        if (!fixed) return piece;
        changed = true;
        return fixed;
      })
      .join('');
  });
  return changed ? out.join('') : null;
}
