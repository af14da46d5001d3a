/**
 * npm run gen:api — processed OpenAPI JSON -> API pages.
 *
 * 1. Clears the output folder (docs/api: everything in it is generated).
 * 2. Runs docusaurus-plugin-openapi-docs in this process, on the skeleton of plugin-input.ts, for
 *    the page list and the sidebar; our generators (markdown.ts) write every page with its front
 *    matter and data module. (The plugin's own `docusaurus gen-api-docs` command loads the whole
 *    site configuration first and reports failures as "Loading of api failed" with no location.)
 * 3. Checks the result: one page and one data module per operation and webhook, the overview
 *    and the sidebar; any gap stops the build.
 * 4. Before all that (the site's own run, not --out): the downloads in static/openapi/ (the
 *    processed JSON, YAML and a Postman collection, plugins/agent-docs/downloads.ts), which the
 *    overview page links.
 *
 * generateApiPages() is the same for other callers (the corpus runner) with another input and
 * output folder: `gen:api -- --out <dir>` or API_DOCS_OUT; OPENAPI_PROCESSED sets the input.
 */
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {documentOverviewSlug, listOperations} from '../../openapi/pipeline/checks';
import {portalConfig, projectRoot} from '../../portal.config';
import {writeDownloads} from '../agent-docs/downloads';
import {API_DOCS_DIR, createApiPageMD, createInfoPageMD, dataModuleName, SPEC_DOWNLOAD_PATH, setGenerationTarget} from './markdown';
import {pluginDocument} from './plugin-input';

/* eslint-disable @typescript-eslint/no-var-requires, @typescript-eslint/no-explicit-any */
const {processOpenapiFiles} = require('docusaurus-plugin-openapi-docs/lib/openapi') as {
  processOpenapiFiles(files: {source: string; sourceDirName: string; data: unknown}[], options: unknown, sidebarOptions: unknown): Promise<[any[], any[], any[]]>;
};
const generateSidebarSlice = require('docusaurus-plugin-openapi-docs/lib/sidebars').default as (
  sidebarOptions: unknown, options: unknown, items: any[], tags: any[], docPath: string, tagGroups: any[],
) => any[];

/** As configured in docusaurus.config.ts (the docs plugin's path is "docs", pages live under api/). */
const PLUGIN_OPTIONS = {specPath: 'openapi.json', outputDir: 'docs/api', showSchemas: false};
const SIDEBAR_OPTIONS = {groupPathsBy: 'tag', categoryLinkSource: 'auto'};

export class GenerationError extends Error {}

export interface GenerateOptions {
  processedSpec: string;
  outDir: string;
  /** Where to copy the processed document for the download link; nothing copied when omitted. */
  downloadCopy?: string;
}

export interface GenerateResult {
  pages: number;
  overview: string;
  durationMs: number;
}

export function expectedPages(doc: unknown): {operations: {id: string; where: string}[]; infoId: string} {
  const operations = listOperations(doc, {webhooks: true}).map((op) => ({
    id: op.slug ?? '',
    where: op.kind === 'webhook' ? `webhook "${op.path}"` : `${op.method.toUpperCase()} ${op.path}`,
  }));
  return {operations, infoId: documentOverviewSlug(doc)};
}

/** Sidebar labels are the pipeline's titles (the plugin turns `"` into `'`). */
function relabel(items: any[], titles: Map<string, string>): void {
  for (const item of items) {
    if (item.type === 'doc' && typeof item.id === 'string' && item.label !== undefined) {
      const title = titles.get(item.id.replace(/^api\//, ''));
      if (title !== undefined) item.label = title;
    }
    if (Array.isArray(item.items)) relabel(item.items, titles);
  }
}

export async function generateApiPages(options: GenerateOptions): Promise<GenerateResult> {
  const started = Date.now();
  const {processedSpec, outDir} = options;
  if (!existsSync(processedSpec)) throw new GenerationError(`${processedSpec} does not exist: run "npm run spec" first.`);
  const doc = JSON.parse(readFileSync(processedSpec, 'utf8'));
  rmSync(outDir, {recursive: true, force: true});
  mkdirSync(outDir, {recursive: true});
  setGenerationTarget(processedSpec, outDir);

  let items: any[];
  let tags: any[];
  let tagGroups: any[];
  try {
    [items, tags, tagGroups] = await processOpenapiFiles([{source: processedSpec, sourceDirName: '.', data: pluginDocument(doc)}], PLUGIN_OPTIONS, SIDEBAR_OPTIONS);
  } catch (error) {
    throw new GenerationError(`${processedSpec}: docusaurus-plugin-openapi-docs could not list the pages: ${(error as Error)?.message ?? String(error)}`);
  }

  const {operations, infoId} = expectedPages(doc);
  const titles = new Map(listOperations(doc, {webhooks: true}).map((op) => [op.slug ?? '', op.title]));
  const sidebar = generateSidebarSlice(SIDEBAR_OPTIONS, PLUGIN_OPTIONS, items, tags, 'docs', tagGroups);
  relabel(sidebar, titles);
  writeFileSync(
    path.join(outDir, 'sidebar.ts'),
    `import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";\n\nconst sidebar: SidebarsConfig = ${JSON.stringify({apisidebar: sidebar}, null, 2)};\n\nexport default sidebar.apisidebar;\n`,
  );
  for (const item of items) {
    if (item.type === 'api') writeFileSync(path.join(outDir, `${item.id}.api.mdx`), createApiPageMD(item));
    else if (item.type === 'info') writeFileSync(path.join(outDir, `${item.id}.info.mdx`), createInfoPageMD(item));
  }

  const files = new Set(readdirSync(outDir));
  const seen = new Map<string, string>();
  const missing: string[] = [];
  for (const {id, where} of operations) {
    // The pipeline makes slugs unique; a clash here means the processed document was edited by hand.
    if (seen.has(id)) throw new GenerationError(`${processedSpec}: ${where} and ${seen.get(id)} both have the page slug "${id}"; run "npm run spec".`);
    seen.set(id, where);
    if (!files.has(`${id}.api.mdx`) || !files.has(dataModuleName(id))) missing.push(`${where} -> ${id}.api.mdx`);
  }
  if (!files.has(`${infoId}.info.mdx`)) missing.push(`overview -> ${infoId}.info.mdx`);
  if (missing.length) throw new GenerationError(`${processedSpec}: pages missing after generation:\n  ${missing.join('\n  ')}`);

  if (options.downloadCopy) {
    mkdirSync(path.dirname(options.downloadCopy), {recursive: true});
    copyFileSync(processedSpec, options.downloadCopy);
  }
  return {pages: operations.length, overview: infoId, durationMs: Date.now() - started};
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const out = argValue('--out') ?? process.env.API_DOCS_OUT;
  const outDir = out ? path.resolve(out) : API_DOCS_DIR;
  try {
    if (!out) {
      // The downloads first (JSON, YAML, Postman collection): the overview page links those that exist.
      if (!existsSync(portalConfig.processedSpec)) throw new GenerationError(`${portalConfig.processedSpec} does not exist: run "npm run spec" first.`);
      const download = path.join(projectRoot, 'static', SPEC_DOWNLOAD_PATH);
      rmSync(path.dirname(download), {recursive: true, force: true});
      mkdirSync(path.dirname(download), {recursive: true});
      copyFileSync(portalConfig.processedSpec, download);
      const downloads = await writeDownloads(portalConfig.processedSpec, path.dirname(download));
      const postman = downloads.postman.ok ? `Postman collection (${downloads.postman.requests} requests, ${downloads.postman.ms} ms)` : 'no Postman collection';
      console.log(`[gen:api] downloads: JSON${downloads.yaml ? ', YAML' : ''}, ${postman}`);
    }
    const result = await generateApiPages({processedSpec: portalConfig.processedSpec, outDir});
    console.log(`[gen:api] ${result.pages} operation pages + overview "${result.overview}" in ${result.durationMs} ms`);
  } catch (error) {
    console.error(`[gen:api] ${error instanceof GenerationError ? error.message : (error as Error)?.stack ?? String(error)}`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
