/**
 * Cutting a text at a word boundary: the generator's page descriptions (./pages, front matter:
 * meta description and category cards) and the category cards in the browser
 * (src/theme/DocCategoryGeneratedIndexPage). No imports: it is part of the client bundle.
 */

/** The ellipsis a cut text ends with. */
export const ELLIPSIS = '…';

/**
 * `text` cut to at most `max` characters (ellipsis included) at a word boundary, with an
 * ellipsis; unchanged when it fits. Punctuation and an opening bracket left dangling at the cut
 * ("account, …", "type ( …") go too. A first word longer than `max` is cut inside it.
 */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max); // leaves one character for the ellipsis
  const space = room.lastIndexOf(' ');
  const head = space > 0 ? room.slice(0, space) : room.slice(0, max - 1);
  return `${head.replace(/[\s,;:([{–—-]+$/u, '')}${ELLIPSIS}`;
}

/**
 * The leading whole sentences of `text` that fit in `max` characters. When even the first does
 * not fit, that first sentence whole if it is at most twice as long, else `text` cut at a word
 * boundary (cutAtWord). A text that fits is kept whole. Whole sentences stay part of the page's
 * own text: the search index then does not index them again as a description (a cut text with
 * its ellipsis it does, plugins/search, and that tipped the ranking of "patch").
 */
export function leadSentences(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  // A sentence ends at ".", "!" or "?" before a space (the "." of "2.0" does not end one).
  const ends = [...clean.matchAll(/[.!?]+(?= )/g)].map((m) => m.index + m[0].length);
  const fits = ends.filter((at) => at <= max);
  if (fits.length > 0) return clean.slice(0, fits[fits.length - 1]);
  const first = ends[0] ?? clean.length;
  return first <= 2 * max ? clean.slice(0, first) : cutAtWord(clean, max);
}
