/**
 * Colour arithmetic for the browser suite: parse a computed CSS colour, composite a translucent
 * colour over another, WCAG contrast, and the colour a screenshot really shows most (the painted
 * page background, whatever CSS says). Node side only: pages return raw computed strings.
 */
import {PNG} from 'pngjs';

/** r, g, b in 0..255 and alpha in 0..1. */
export type RGBA = [number, number, number, number];

/**
 * A computed colour as Chromium serialises it: "rgb(r, g, b)", "rgba(r, g, b, a)" or the
 * space-separated forms. Anything else (color(), oklab()…) throws, so a test never guesses.
 */
export function parseColor(css: string): RGBA {
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(css.trim());
  if (!m) {
    if (css.trim() === 'transparent') return [0, 0, 0, 0];
    throw new Error(`parseColor: unsupported colour syntax "${css}"`);
  }
  let a = m[4] === undefined ? 1 : parseFloat(m[4]);
  if (m[4]?.endsWith('%')) a /= 100;
  return [Number(m[1]), Number(m[2]), Number(m[3]), a];
}

/** `top` painted over `bottom` (source-over); the result is opaque when `bottom` is. */
export function over(top: RGBA, bottom: RGBA): RGBA {
  const a = top[3] + bottom[3] * (1 - top[3]);
  if (a === 0) return [0, 0, 0, 0];
  const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
  return [mix(0), mix(1), mix(2), a];
}

/** Composite a stack of backgrounds listed from the element outwards (innermost first). */
export function flatten(stack: RGBA[]): RGBA {
  return stack.reduceRight<RGBA>((below, layer) => over(layer, below), [0, 0, 0, 0]);
}

/** WCAG 2 relative luminance of an opaque colour. */
export function luminance([r, g, b]: RGBA | [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio (1..21) of two opaque colours. */
export function contrast(a: RGBA | [number, number, number], b: RGBA | [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Perceived brightness 0..255 (the old ITU-R 601 weights; enough to tell light from dark). */
export const brightness = ([r, g, b]: RGBA | [number, number, number]) => Math.round(0.299 * r + 0.587 * g + 0.114 * b);

export const css = ([r, g, b, a]: RGBA) => `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${+a.toFixed(3)})`;

/**
 * The most frequent pixel colour of a PNG screenshot and its share of the pixels: on a page
 * screenshot, the background the reader actually sees.
 */
export function dominantColor(png: Buffer): {color: RGBA; share: number} {
  const {data, width, height} = PNG.sync.read(png);
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = -1;
  for (const [key, n] of counts) {
    if (n > bestCount) [best, bestCount] = [key, n];
  }
  return {color: [(best >> 16) & 255, (best >> 8) & 255, best & 255, 1], share: bestCount / (width * height)};
}
