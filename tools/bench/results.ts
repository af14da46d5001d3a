/** Shapes of one benchmark run's results (bench-results/*.json) and the goals they are judged by. */
import type {ByteClass, Bytes} from './page-weight';
import type {MeasuredRun} from './proc-tree';
import type {LighthouseSummary} from './lighthouse';
import type {IndexLoadTiming, SearchLatency} from './search-latency';
import type {SearchQuality} from './search-quality';
import type {Growth} from './stats';
import type {StepTiming} from './steps';

export const GOALS = {
  pageJsGzip: 250 * 1024,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  tbtMs: 150,
  siteBuildMs: 45_000,
  syntheticPeak1000: 2.5 * 1024 ** 3,
  githubMs: 2 * 60_000,
  githubPeak: 4 * 1024 ** 3,
  stripeMs: 3 * 60_000,
  stripePeak: 3 * 1024 ** 3,
  searchMedianMs: 10,
  /** Search index must load in under this on Lighthouse's slow 4G (1.6 Mbit/s, 150 ms RTT). */
  searchIndexLoadMs: 1000,
  searchTop1: 0.9,
  searchTop5: 1,
  githubSearchTop5: 0.95,
} as const;

/** The real documents the benchmark builds (tools/bench/run.ts FOREIGN_DOCUMENTS), by `--only=` key. */
export const FOREIGN_KEYS = ['github', 'stripe', 'ghec', 'ec2', 'github-deref', 'autotask'] as const;
export type ForeignKey = (typeof FOREIGN_KEYS)[number];

/**
 * Each real document's goal: wall time on a quiet machine, and memory, judged on the whole process
 * tree's RSS (GitHub, Stripe: their original goals) or on the largest single process (issue 26:
 * every largest process ≤ 3 GB on Node's default heap).
 */
export const FOREIGN_GOALS: Record<ForeignKey, {ms: number; peak: number; peakOf: 'tree' | 'largest process'}> = {
  github: {ms: GOALS.githubMs, peak: GOALS.githubPeak, peakOf: 'tree'},
  stripe: {ms: GOALS.stripeMs, peak: GOALS.stripePeak, peakOf: 'tree'},
  ghec: {ms: 150_000, peak: 3 * 1024 ** 3, peakOf: 'largest process'},
  ec2: {ms: 150_000, peak: 3 * 1024 ** 3, peakOf: 'largest process'},
  'github-deref': {ms: 150_000, peak: 3 * 1024 ** 3, peakOf: 'largest process'},
  autotask: {ms: 300_000, peak: 3 * 1024 ** 3, peakOf: 'largest process'},
};

export interface IndexFile {
  name: string;
  raw: number;
  gzip: number;
}

/** The file the search modal needs first (search-index.json), of a build's index files. */
export const firstIndexFile = (files: readonly IndexFile[] | undefined): IndexFile | undefined =>
  files?.find((f) => f.name === 'search-index.json');

/** Transfer time of `bytes` on Lighthouse's mobile throttling (slow 4G: 1.6 Mbit/s down, 150 ms RTT). */
export function slow4gMs(bytes: number): number {
  return 150 + ((bytes * 8) / 1.6e6) * 1000;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryBytes: number;
  os: string;
  kernel: string;
  node: string;
  chromium: string;
  lighthouse: string;
  playwright: string;
  docusaurus: string;
  date: string;
  gitCommit: string;
  loadAverageStart: number[];
  loadAverageEnd?: number[];
}

/** One measured build: the process-tree measures of proc-tree.ts plus what the benchmark adds. */
export interface BuildResult extends Pick<
  MeasuredRun,
  | 'exitCode'
  | 'timedOut'
  | 'wallMs'
  | 'peakTreeRss'
  | 'peakTreePss'
  | 'peakSingleProcessHwm'
  | 'peakSingleProcess'
  | 'gnuTimeMaxRss'
  | 'cpuMs'
  | 'atPeak'
> {
  label: string;
  /** Operations in the document. */
  operations?: number;
  ok: boolean;
  htmlPages?: number;
  /** The build failed only at Docusaurus' final broken-link check: compile and static generation finished, so time and memory are complete. */
  failedAtLinkCheck?: boolean;
  /** All search-index*.json files together, and each file (search-index.json is what the modal needs first). */
  searchIndex?: {raw: number; gzip: number; files?: IndexFile[]};
  /** Search in Chromium on this build's /search page (measured for the 1,000-operation and GitHub builds). */
  searchLatency?: SearchLatency;
  /** The first query on slow 4G in Chromium: typing -> first results, and -> the full answer (GitHub build). */
  searchLoad?: IndexLoadTiming;
  error?: string;
  logFile: string;
  /** Each step of the build (spec, gen:api and its parts, bundling, SSG, postBuild and its children) with wall and CPU time (./steps.ts). */
  steps?: StepTiming[];
}

/** A real document's build: where the document came from, and search quality on GitHub's. */
export type ForeignResult = BuildResult & {source?: string; fetchError?: string; searchQuality?: SearchQuality};

export interface ScriptInfo {
  name: string;
  raw: number;
  gzip: number;
  prefetch: boolean;
  /** What is in it (from the attribution build): top module groups with their share of the chunk. */
  contents?: {group: string; share: number}[];
}

export interface PageResult {
  key: string;
  label: string;
  path: string;
  comparison?: boolean;
  status: number;
  totals: Record<ByteClass, Bytes>;
  scripts: ScriptInfo[];
  pageErrors: string[];
  lighthouse?: LighthouseSummary;
}

export interface BenchResults extends Partial<Record<ForeignKey, ForeignResult>> {
  version: 1;
  startedAt: string;
  finishedAt?: string;
  projectRoot: string;
  argv: string[];
  machine: Machine;
  lighthouseRuns: number;
  siteBuild?: BuildResult;
  pages?: PageResult[];
  search?: {
    indexFiles: IndexFile[];
    latency?: SearchLatency;
    quality?: SearchQuality;
  };
  scaling?: {builds: BuildResult[]; growth: Growth | null; cpuGrowth?: Growth | null};
  skipped: string[];
  notes: string[];
}
