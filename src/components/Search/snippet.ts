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
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
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
    while (e > s && !isWordChar(text[e - 1])) e -= 1;
    out.push(e > s ? [s, e - s] : [start, length]);
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
 * Offsets inside [from, to] where the text switches between word and non-word characters (plus 0
 * and the text length when inside the range).
 */
function wordBoundaries(text: string, from: number, to: number): number[] {
  const bounds: number[] = [];
  if (from === 0) bounds.push(0);
  const word = /[\p{L}\p{N}_]+/gu;
  const part = text.slice(from, to);
  for (let m = word.exec(part); m; m = word.exec(part)) {
    const s = from + m.index;
    const e = s + m[0].length;
    if (s > from && bounds[bounds.length - 1] !== s) bounds.push(s);
    if (e < to) bounds.push(e);
  }
  if (to === text.length && bounds[bounds.length - 1] !== to) bounds.push(to);
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
  tokens: readonly string[] = [],
  maxLength: number = DEFAULT_CONTEXT_LENGTH,
): string {
  let marks = normalizePositions(trimPositions(text, positions), text.length);
  if (marks.length === 0) marks = findTokenPositions(text, tokens);
  if (text.length <= maxLength) return markRange(text, marks, 0, text.length);

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
    const leftPad = marks.length ? (marks[0]![0] - start) : 0;
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
