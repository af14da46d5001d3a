/**
 * The built pages, parsed for the search index (./parse-page.ts) on more than one thread: the
 * index child (./child.ts) hands every other page to a worker thread and parses the rest itself.
 * By the time the index is built the CSP pass and the Markdown twins are done within seconds, and
 * one core sat idle while the child parsed every page alone. The results
 * keep the pages' order, so the index is the same as with one thread.
 *
 * SEARCH_INDEX_THREADS sets the thread count (default: 2 on a machine with 2 cores or more, else 1).
 */
import {readFile} from 'node:fs/promises';
import os from 'node:os';
import {Worker} from 'node:worker_threads';
import type {ParsedPage, ThemeConfig} from './index';
import {mapLimited} from '../build-shared/map-limited';
import {parseBuiltPage, type PageType} from './parse-page';

export interface PageToParse {
  filePath: string;
  url: string;
  type: PageType;
}

export type ParsedEntry = {url: string; parsed: ParsedPage} | null;

type ParseConfig = Pick<ThemeConfig, 'ignoreCssSelectors'> & {forceIgnoreNoIndex?: unknown};

/** Pages read and parsed at the same time on each thread. */
export const PARSE_CONCURRENCY = 4;

/** Below this many pages a second thread costs more than it saves. */
const MIN_PAGES_PER_THREAD = 50;

export function parseThreads(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.SEARCH_INDEX_THREADS?.trim();
  if (set) {
    if (!/^[1-9]\d*$/.test(set)) throw new Error(`SEARCH_INDEX_THREADS must be a whole number of threads (1 or more), got "${set}"`);
    return Number(set);
  }
  return Math.min(2, os.availableParallelism?.() ?? os.cpus().length) || 1;
}

async function parseFile(page: PageToParse, config: ParseConfig): Promise<ParsedEntry> {
  let html: string;
  try {
    html = await readFile(page.filePath, 'utf8');
  } catch (error) {
    throw new Error(`search index: cannot read ${page.filePath} (the page of ${page.url}): ${(error as Error).message}`);
  }
  const parsed = parseBuiltPage(html, page.type, page.url, config);
  return parsed ? {url: page.url, parsed} : null;
}

/** Parses the pages at the given positions; what a worker thread runs (see WORKER_SOURCE). */
export function parseGroup(group: [number, PageToParse][], config: ParseConfig): Promise<[number, ParsedEntry][]> {
  return mapLimited(group, PARSE_CONCURRENCY, async ([i, page]) => [i, await parseFile(page, config)] as [number, ParsedEntry]);
}

// A worker cannot start from a .ts file: it starts from this script, which loads this module
// through tsx (as the child process itself was started) and parses its group.
const WORKER_SOURCE = `
require(${JSON.stringify(require.resolve('tsx/cjs'))});
const {parentPort, workerData} = require('node:worker_threads');
require(${JSON.stringify(__filename)})
  .parseGroup(workerData.group, workerData.config)
  .then((parsed) => parentPort.postMessage({parsed}), (error) => parentPort.postMessage({error: String(error && error.message || error)}));
`;

function parseInWorker(group: [number, PageToParse][], config: ParseConfig): Promise<[number, ParsedEntry][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {eval: true, workerData: {group, config}});
    let settled = false;
    worker.once('message', (message: {parsed?: [number, ParsedEntry][]; error?: string}) => {
      settled = true;
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.parsed!);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`search index: a parsing thread stopped (exit code ${code}) before it answered`));
    });
  });
}

/** Every page parsed (null for a noindex page), in the order given. */
export async function parsePages(pages: readonly PageToParse[], config: ParseConfig, threads = parseThreads()): Promise<ParsedEntry[]> {
  const count = Math.max(1, Math.min(threads, Math.floor(pages.length / MIN_PAGES_PER_THREAD)));
  const plain = {ignoreCssSelectors: config.ignoreCssSelectors, forceIgnoreNoIndex: config.forceIgnoreNoIndex};
  // Page i goes to thread i % count (neighbouring pages are alike in size, so the shares are even).
  const groups: [number, PageToParse][][] = Array.from({length: count}, () => []);
  pages.forEach((page, i) => groups[i % count]!.push([i, page]));
  const [own, ...others] = groups;
  const results: ParsedEntry[] = new Array(pages.length);
  const parts = await Promise.all([parseGroup(own!, plain), ...others.map((group) => parseInWorker(group, plain))]);
  for (const part of parts) for (const [i, entry] of part) results[i] = entry;
  return results;
}
