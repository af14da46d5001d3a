/**
 * The search index: the last step of the build (static site → build/search-index.json).
 *
 * It replaces the postBuild of @easyops-cn/docusaurus-search-local (see
 * plugins/search/plugin.ts) and keeps the theme's choices: the same pages (its processDocInfos),
 * parsed the same way (its parse: titles, breadcrumbs, descriptions, keywords, sections, with the
 * `ignoreCssSelectors` removed; ./parse-page.ts, with htmlparser2 instead of parse5) and the same
 * documents and ids. It differs in these ways:
 * - pages are read a few at a time instead of all at once (the theme's Promise.all held every page
 *   and its parsed DOM, the peak of the whole build at a thousand operations), on two
 *   threads (./parse-pool.ts);
 * - each sub-index is written in the compact form of src/components/Search/compact-index.ts
 *   (term counts; the browser lets lunr recompute the rest): about a quarter of the theme's size;
 * - a page description that is already part of the page's text or title is not indexed a second time;
 * - the body text of the pages (the contents sub-index, most of the size) is written to its own
 *   file, search-index-content.json, referred to from search-index.json (an INDEX_PART_FORMAT
 *   entry in its place): the search modal answers from titles, headings, descriptions, keywords
 *   and the API records as soon as search-index.json is in, and the search worker loads the body
 *   text right after it (src/components/Search/engine.ts loadParts). That keeps the first file
 *   small on a slow connection even at a thousand operations (BENCHMARKS.md, "Measurements behind the code").
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {processDocInfos} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos.js';
import {encodeCompactIndex, type CompactIndex} from '../../src/components/Search/compact-index';
import {CONTENT_PART_FILE, DocType, INDEX_PART_FORMAT, type IndexPartRef, type SearchDocument} from '../../src/components/Search/types';
import {apiEntry, apiRecordDocuments, operationRecords} from './api-records';
import type {ApiVersionIndex} from './child';
import {parsePages} from './parse-pool';

/** The theme's options after its processPluginOptions (arrays normalised). */
export interface ThemeConfig {
  hashed: boolean | 'filename' | 'query';
  language: string[];
  removeDefaultStopWordFilter: string[];
  removeDefaultStemmer?: boolean;
  searchContextByPaths?: unknown[];
  ignoreCssSelectors: string[];
  [option: string]: unknown;
}

/** What the theme's parse() extracts from one built page. */
export interface ParsedPage {
  pageTitle: string;
  description: string;
  keywords: string;
  sections: {title: string; hash: string; content: string}[];
  breadcrumb: string[];
}

export const SEARCH_INDEX_FILE = 'search-index.json';
/** The file of the body text part (DocType.Content), beside search-index.json. */
export {CONTENT_PART_FILE};

/** Options of the theme this builder does not implement: refuse them rather than ignore them. */
export function checkSupported(config: ThemeConfig): void {
  const problems: string[] = [];
  if (config.hashed) problems.push('`hashed` must be false (the search client requests search-index.json without a hash)');
  if (config.language.length !== 1 || config.language[0] !== 'en')
    problems.push(`\`language\` must be ["en"] (got ${JSON.stringify(config.language)})`);
  if (config.removeDefaultStemmer) problems.push('`removeDefaultStemmer` is not supported');
  if (config.searchContextByPaths?.length) problems.push('`searchContextByPaths` is not supported');
  const ignoreFiles = (config.ignoreFiles ?? []) as unknown[];
  if (ignoreFiles.some((f) => typeof f !== 'string'))
    problems.push('`ignoreFiles` must be strings (the index is built in a child process; a RegExp cannot be passed to it)');
  if (problems.length) throw new Error(`src/config/search.ts (searchOptions): ${problems.join('; ')}.`);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** A hash as the theme keeps it: "#x", "" or false for a link to another page. */
function trimmedHash(hash: string, url: string): string | false {
  if (hash && !hash.startsWith('#') && hash.includes('#')) {
    return hash.startsWith(url) && hash[url.length] === '#' ? hash.slice(url.length) : false;
  }
  return hash;
}

/**
 * The five document lists of the index (titles, headings, descriptions, keywords, contents), in
 * page order, ids from 1 — as the theme's scanDocuments assigns them.
 */
export function assembleDocuments(pages: readonly ({url: string; parsed: ParsedPage} | null)[]): SearchDocument[][] {
  const titles: SearchDocument[] = [];
  const headings: SearchDocument[] = [];
  const descriptions: SearchDocument[] = [];
  const keywords: SearchDocument[] = [];
  const contents: SearchDocument[] = [];
  let nextId = 0;
  for (const page of pages) {
    if (!page) continue;
    const {url, parsed} = page;
    const {pageTitle, description, sections, breadcrumb} = parsed;
    const titleId = ++nextId;
    titles.push({i: titleId, t: pageTitle, u: url, b: breadcrumb});
    const text = squash(sections.map((s) => s.content).join(' '));
    // Indexed only when it says something the page's title and text do not (an operation without
    // a description has its title as its meta description).
    const said = squash(description ?? '');
    if (said && !text.includes(said) && !squash(pageTitle).includes(said)) {
      descriptions.push({i: titleId, t: description, s: pageTitle, u: url, p: titleId});
    }
    if (parsed.keywords) keywords.push({i: titleId, t: parsed.keywords, s: pageTitle, u: url, p: titleId});
    for (const section of sections) {
      const hash = trimmedHash(section.hash, url);
      if (hash === false) continue;
      if (section.title !== pageTitle) headings.push({i: ++nextId, t: section.title, u: url, h: hash, p: titleId});
      if (section.content) contents.push({i: ++nextId, t: section.content, s: section.title || pageTitle, u: url, h: hash, p: titleId});
    }
  }
  return [titles, headings, descriptions, keywords, contents];
}

export interface IndexFileEntry {
  documents: SearchDocument[];
  index: CompactIndex;
}

export function serializeIndex(lists: SearchDocument[][], config: ThemeConfig): IndexFileEntry[] {
  const removeDefaultStopWordFilter = config.removeDefaultStopWordFilter.includes('en');
  return lists.map((documents) => ({documents, index: encodeCompactIndex(documents, {removeDefaultStopWordFilter})}));
}

/**
 * search-index.json's entries with the body text (DocType.Content) moved to a part of its own:
 * the entries to write to search-index.json, and the part file's content.
 */
export function splitContentPart(entries: readonly object[], partFile = CONTENT_PART_FILE): {main: object[]; part: object[]} {
  const content = entries[DocType.Content] as IndexFileEntry | undefined;
  if (!content) throw new Error(`search index: no contents entry (entry ${DocType.Content}) to move to ${partFile}`);
  const ref: IndexPartRef = {format: INDEX_PART_FORMAT, uri: partFile, documents: content.documents.length};
  const main = [...entries];
  main[DocType.Content] = {documents: [], index: ref};
  return {main, part: [content]};
}

/** One index file written: where, and how many documents and pages it holds (with its parts). */
export interface WrittenIndex {
  file: string;
  /** Files of its parts, loaded after it. */
  parts: string[];
  documents: number;
  pages: number;
}

/** postBuild: read the built pages, write search-index.json beside them. */
export async function writeSearchIndex(
  buildData: object,
  config: ThemeConfig,
  apiDocument?: string,
  apiVersions?: ApiVersionIndex,
): Promise<WrittenIndex[]> {
  checkSupported(config);
  // The processed OpenAPI document: its operations become the API entry (./api-records.ts).
  const records = async (file: string) => operationRecords(JSON.parse(await readFile(file, 'utf8')));
  const operations = apiDocument ? await records(apiDocument) : [];
  const written: WrittenIndex[] = [];
  const outDir = (buildData as {outDir: string}).outDir;
  for (const version of processDocInfos(buildData, config)) {
    // An older API version's pages (plugins/api-versions) are indexed in its own folder, with
    // the records of its own document: a reader searches the version being read.
    const older = apiVersions?.older.find(
      (v) => path.resolve(version.outDir) === path.join(outDir, ...v.routeBasePath.split('/').filter(Boolean)),
    );
    if (apiVersions && path.resolve(version.outDir) !== path.resolve(outDir) && !older) {
      throw new Error(
        `search index: ${version.outDir} is neither the site's root nor an API version's folder (${apiVersions.older.map((v) => v.routeBasePath).join(', ') || 'none configured'})`,
      );
    }
    const pages = await parsePages(version.paths, config);
    const lists = assembleDocuments(pages);
    const file = path.join(version.outDir, SEARCH_INDEX_FILE);
    const partFile = path.join(version.outDir, CONTENT_PART_FILE);
    const entries: object[] = serializeIndex(lists, config);
    if (older) entries.push(apiEntry(apiRecordDocuments(await records(older.apiDocument), lists[0]!, older.id)));
    else if (apiDocument) entries.push(apiEntry(apiRecordDocuments(operations, lists[0]!, apiVersions?.current)));
    const {main, part} = splitContentPart(entries);
    await writeFile(partFile, JSON.stringify(part));
    await writeFile(file, JSON.stringify(main));
    written.push({file, parts: [partFile], documents: lists.reduce((n, l) => n + l.length, 0), pages: lists[0]!.length});
  }
  return written;
}
