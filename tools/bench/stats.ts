/** Small pure helpers for the benchmark: order statistics, growth fit, formatting. */

/** Median (mean of the two middle values for even counts); NaN for an empty list. */
export function median(values: readonly number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Percentile by the nearest-rank method (p in 0..100); NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const rank = Math.ceil((Math.min(100, Math.max(0, p)) / 100) * v.length);
  return v[Math.min(v.length - 1, Math.max(0, rank - 1))];
}

export interface Growth {
  /** Exponent k of a power-law fit y = a * x^k (log-log least squares); 1 = linear. */
  exponent: number;
  /** Seconds (or whatever unit y has) per extra unit of x, from the first to the last point. */
  marginal: number;
  /** Ratio of the last point's marginal cost (between the last two points) to the first segment's. */
  segmentRatio: number;
  /** True when growth is no worse than linear (exponent <= 1.1 and the last segment costs at most 1.25x the first per unit). */
  linearOrBetter: boolean;
}

/** How y grows with x, for points sorted or not (needs at least two distinct x). */
export function growth(points: readonly {x: number; y: number}[]): Growth | null {
  const pts = points
    .filter((p) => p.x > 0 && p.y > 0 && Number.isFinite(p.y))
    .slice()
    .sort((a, b) => a.x - b.x);
  if (pts.length < 2 || pts[0].x === pts[pts.length - 1].x) return null;
  const lx = pts.map((p) => Math.log(p.x));
  const ly = pts.map((p) => Math.log(p.y));
  const mx = lx.reduce((a, b) => a + b, 0) / lx.length;
  const my = ly.reduce((a, b) => a + b, 0) / ly.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < pts.length; i++) {
    num += (lx[i] - mx) * (ly[i] - my);
    den += (lx[i] - mx) ** 2;
  }
  const exponent = den === 0 ? NaN : num / den;
  const first = pts[0];
  const last = pts[pts.length - 1];
  const marginal = (last.y - first.y) / (last.x - first.x);
  const seg = (a: {x: number; y: number}, b: {x: number; y: number}) => (b.y - a.y) / (b.x - a.x);
  const s1 = seg(pts[0], pts[1]);
  const sN = seg(pts[pts.length - 2], pts[pts.length - 1]);
  const segmentRatio = pts.length >= 3 && s1 > 0 ? sN / s1 : 1;
  return {exponent, marginal, segmentRatio, linearOrBetter: exponent <= 1.1 && segmentRatio <= 1.25};
}

export function kb(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
}

export function mb(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(0)} MB`;
}

export function seconds(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round((ms % 60_000) / 1000);
  return s ? `${Math.floor(ms / 60_000)} min ${s} s` : `${Math.floor(ms / 60_000)} min`;
}

export function millis(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  return ms < 10 ? `${ms.toFixed(2)} ms` : `${ms.toFixed(0)} ms`;
}
