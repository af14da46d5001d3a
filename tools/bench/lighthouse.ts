/**
 * Lighthouse (npm `lighthouse`, default mobile config: Moto G Power emulation, simulated slow 4G
 * and 4x CPU slowdown) against Debian's Chromium, launched fresh for every run with
 * chrome-launcher. Each page runs `runs` times; the report keeps every run and the median.
 */
import {median} from './stats';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** Lighthouse's measure of this machine's CPU speed at the time (higher is faster; at 1000 or below Lighthouse warns the host is underpowered). */
  benchmarkIndex: number;
  /** Main-thread CPU per script (Lighthouse's bootup-time audit, throttled), top 4: file name, total and scripting ms. */
  bootup?: {script: string; totalMs: number; scriptingMs: number}[];
  /** Weighted audits that did not pass in accessibility / best practices / SEO (category:id). */
  failing: string[];
  runtimeError?: string;
}

export type LighthouseSummary = Omit<LighthouseRun, 'failing' | 'runtimeError' | 'bootup'> & {
  /** bootup-time of the run whose performance score is closest to the median. */
  bootup?: LighthouseRun['bootup'];
  runs: LighthouseRun[];
  failing: string[];
  errors: string[];
};

const METRICS = ['performance', 'accessibility', 'bestPractices', 'seo', 'tbtMs', 'lcpMs', 'cls', 'fcpMs', 'benchmarkIndex'] as const;

/** Median of every metric over the runs that produced numbers; audits failing in any run. */
export function summarizeRuns(runs: readonly LighthouseRun[]): LighthouseSummary {
  const ok = runs.filter((r) => !r.runtimeError);
  const out = {runs: [...runs], errors: runs.filter((r) => r.runtimeError).map((r) => r.runtimeError!)} as LighthouseSummary;
  for (const m of METRICS) out[m] = median(ok.map((r) => r[m]));
  out.failing = [...new Set(ok.flatMap((r) => r.failing))].sort();
  const typical = ok.slice().sort((a, b) => Math.abs(a.performance - out.performance) - Math.abs(b.performance - out.performance))[0];
  out.bootup = typical?.bootup;
  return out;
}

/* Minimal shapes of what we read from Lighthouse's result (its own types are not loaded here). */
interface Lhr {
  environment?: {benchmarkIndex?: number};
  runtimeError?: {code: string; message: string};
  categories: Record<string, {score: number | null; auditRefs: {id: string; weight: number}[]}>;
  audits: Record<
    string,
    {score: number | null; numericValue?: number; scoreDisplayMode: string; details?: {items?: Record<string, unknown>[]}}
  >;
}

export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseRun> {
  const lighthouse = (await import('lighthouse' as string)).default as (
    url: string,
    flags: Record<string, unknown>,
  ) => Promise<{lhr: Lhr} | undefined>;
  const chromeLauncher = (await import('chrome-launcher' as string)) as {
    launch(o: Record<string, unknown>): Promise<{port: number; kill(): Promise<void> | void}>;
  };
  const chrome = await chromeLauncher.launch({chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent'});
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    const {lhr} = result;
    const score = (c: string) => Math.round((lhr.categories[c]?.score ?? NaN) * 100);
    const num = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
    const failing: string[] = [];
    for (const c of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (a && ref.weight > 0 && a.score !== null && a.score < 1) failing.push(`${c}:${ref.id}`);
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      tbtMs: num('total-blocking-time'),
      lcpMs: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
      fcpMs: num('first-contentful-paint'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      bootup: (lhr.audits['bootup-time']?.details?.items ?? [])
        .map((i) => ({
          script: /^https?:/.test(String(i.url))
            ? String(i.url)
                .replace(/^https?:\/\/[^/]+\//, '')
                .split('?')[0] || '(HTML document)'
            : String(i.url),
          totalMs: Math.round(Number(i.total ?? 0)),
          scriptingMs: Math.round(Number(i.scripting ?? 0)),
        }))
        .sort((a, b) => b.totalMs - a.totalMs)
        .slice(0, 4),
      failing,
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    };
  } catch (error) {
    const nan = NaN;
    return {
      performance: nan,
      accessibility: nan,
      bestPractices: nan,
      seo: nan,
      tbtMs: nan,
      lcpMs: nan,
      cls: nan,
      fcpMs: nan,
      benchmarkIndex: nan,
      failing: [],
      runtimeError: error instanceof Error ? error.message : String(error),
    };
  } finally {
    await chrome.kill();
  }
}
