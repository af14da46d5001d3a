/**
 * Result text helpers: HTML escaping, <mark> around matched terms, and the snippet builder that
 * cuts a long text to a window of at most `maxLength` characters around the first match, with an
 * ellipsis at each cut end (specification section 9: 50 characters by default).
 */
import type {MatchPosition} from './types';

export const DEFAULT_CONTEXT_LENGTH = 50;
export const ELLIPSIS = '…';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Sort and merge overlapping/adjacent [start, length] ranges, clipped to [0, textLength). */
export function normalizePositions(positions: readonly MatchPosition[], textLength: number): MatchPosition[] {
  const ranges = positions
    .map(([s, l]) => [Math.max(0, s), Math.min(textLength, s + l)] as [number, number])
    .filter(([s, e]) => e > s)
    // Ranges with the same start are merged below whatever their order.
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of ranges) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged.map(([s, e]) => [s, e - s]);
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);

/**
 * Positions of every case-insensitive occurrence of the tokens in the text that starts a word
 * ("ledg" marks the start of "Ledger", not the middle of "pledge").
 */
export function findTokenPositions(text: string, tokens: readonly string[]): MatchPosition[] {
  const lower = text.toLowerCase();
  const found: MatchPosition[] = [];
  for (const token of tokens) {
    const t = token.toLowerCase();
    if (!t) continue;
    let from = 0;
    for (;;) {
      const at = lower.indexOf(t, from);
      if (at < 0) break;
      if (!isWordChar(text[at - 1]) || !isWordChar(t[0])) found.push([at, t.length]);
      from = at + 1;
    }
  }
  return normalizePositions(found, text.length);
}

/**
 * lunr's positions cover the raw token, punctuation included ("ledger:"); mark only its word
 * characters.
 */
export function trimPositions(text: string, positions: readonly MatchPosition[]): MatchPosition[] {
  const out: MatchPosition[] = [];
  for (const [start, length] of positions) {
    let s = start;
    let e = start + length;
    while (s < e && !isWordChar(text[s])) s += 1;
    if (s === e) {
      // No word character in it: kept as it is.
      out.push([start, length]);
      continue;
    }
    // text[s] is a word character, so this stops at s + 1 at the latest.
    while (!isWordChar(text[e - 1])) e -= 1;
    out.push([s, e - s]);
  }
  return out;
}

/** The text, escaped, with <mark> around the (normalised) ranges that fall inside [from, to). */
function markRange(text: string, positions: readonly MatchPosition[], from: number, to: number): string {
  let html = '';
  let cursor = from;
  for (const [start, length] of positions) {
    const s = Math.max(start, from);
    const e = Math.min(start + length, to);
    if (e <= s) continue;
    html += escapeHtml(text.slice(cursor, s)) + `<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    cursor = e;
  }
  return html + escapeHtml(text.slice(cursor, to));
}

/** Escape the text and mark every occurrence of the tokens (no truncation). */
export function highlightTokens(text: string, tokens: readonly string[]): string {
  return markRange(text, findTokenPositions(text, tokens), 0, text.length);
}

/**
 * Word boundaries in [from, to], in order: `from`, the start and end of each run of word characters
 * inside, and `to`. The window only grows to a boundary, so this is exact where it matters: `from`
 * is 0 (the text's start) or more than maxLength before the window's first mark, and `to` is the
 * text's end or more than maxLength after it, so a bound cut mid-word there is never within reach.
 */
function wordBoundaries(text: string, from: number, to: number): number[] {
  const bounds = [from];
  const word = /[\p{L}\p{N}_]+/gu;
  const part = text.slice(from, to);
  for (let m = word.exec(part); m; m = word.exec(part)) bounds.push(from + m.index, from + m.index + m[0].length);
  bounds.push(to);
  return bounds;
}

/**
 * Build the HTML of a result's text: a window of at most `maxLength` characters around the first
 * match, grown word by word on both sides (balanced), "…" at each end that was cut, matched
 * ranges in <mark>. Without usable positions the tokens are located in the text; without any
 * match the text's beginning is shown.
 */
export function buildSnippet(
  text: string,
  positions: readonly MatchPosition[],
  tokens: readonly string[],
  maxLength: number = DEFAULT_CONTEXT_LENGTH,
): string {
  let marks = normalizePositions(trimPositions(text, positions), text.length);
  if (marks.length === 0) marks = findTokenPositions(text, tokens);
  // A text of at most maxLength characters needs no fast path: the window grows to all of it.

  let start: number;
  let end: number;
  if (marks.length === 0) {
    start = 0;
    end = 0;
  } else {
    start = marks[0]![0];
    end = Math.min(start + marks[0]![1], start + maxLength);
  }
  const bounds = wordBoundaries(text, Math.max(0, start - maxLength - 1), Math.min(text.length, end + maxLength + 1));
  let leftDone = false;
  let rightDone = false;
  while (!leftDone || !rightDone) {
    const leftPad = marks.length ? marks[0]![0] - start : 0;
    const rightPad = marks.length ? end - (marks[0]![0] + marks[0]![1]) : end;
    const growLeft = !leftDone && (rightDone || leftPad <= rightPad);
    if (growLeft) {
      const prev = findLast(bounds, (b) => b < start);
      if (prev === undefined || end - prev > maxLength) leftDone = true;
      else start = prev;
    } else {
      const next = bounds.find((b) => b > end);
      if (next === undefined || next - start > maxLength) rightDone = true;
      else end = next;
    }
  }
  if (end === start) end = Math.min(text.length, maxLength); // no match and the first word is longer than maxLength
  // Do not show whitespace next to an ellipsis.
  while (start < end && start > 0 && /\s/.test(text[start]!)) start += 1;
  while (end > start && end < text.length && /\s/.test(text[end - 1]!)) end -= 1;
  return (start > 0 ? ELLIPSIS : '') + markRange(text, marks, start, end) + (end < text.length ? ELLIPSIS : '');
}

function findLast<T>(items: readonly T[], predicate: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i -= 1) if (predicate(items[i]!)) return items[i];
  return undefined;
}

/** Plain text of a snippet/mark HTML (for tests and accessible names). */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
