/**
 * npm run gen:api — processed OpenAPI JSON -> API pages.
 *
 * 1. Plans the pages (./pages.ts: the pipeline's slugs and titles, order, sidebar; the rules of
 *    docusaurus-plugin-openapi-docs, without its dereferencing of the whole document) and writes
 *    each operation's and webhook's MDX and data module (./page-data.ts; pages of large schema
 *    graphs load the rest from shared schema modules), the overview and sidebar.ts, in memory.
 * 2. Checks the result: one page and one data module per operation and webhook, the overview
 *    and the sidebar; any gap stops the build and leaves the output folder as it was.
 * 3. Brings the output folder (docs/api: everything in it is generated) to exactly that set of
 *    files, writing only those whose content changed and deleting the others (./sync-dir.ts), so
 *    a running dev server reloads only the pages whose data changed (plugins/live-preview).
 * 4. Meanwhile (the site's own run, not --out): the downloads in static/openapi/ (the processed
 *    JSON, YAML and a Postman collection, plugins/agent-docs/downloads.ts, whose conversion runs in
 *    a process of its own), which the overview page, made last, links.
 *
 * generateApiPages() is the same for other callers (the corpus runner) with another input and
 * output folder: `gen:api -- --out <dir>` or API_DOCS_OUT; OPENAPI_PROCESSED sets the input.
 */
import {copyFileSync, existsSync, mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {documentOverviewSlug, listOperations} from '../../openapi/model/operations';
import {loadPortalConfig, projectRoot} from '../../portal.config';
import {writeDownloads} from '../agent-docs/downloads';
import {API_DOCS_DIR, GenerationRun, type SiteTarget, operationPageMdx, SPEC_DOWNLOAD_PATH} from './markdown';
import {dataModuleName} from './client/page-data-format';
import {CHECK_WORKER_MIN_PAGES, checksOnThisThread, ResponseCheckWorker} from './check-worker';
import {planPages, sidebarSource, type PagePlan} from './pages';
import type {OlderVersionNoticeProps} from '../api-versions/client/notice';
import {syncDirectory} from './sync-dir';
import {PhaseClock} from '../build-shared/phase-timing';
import {buildChangelog, CHANGELOG_ROUTE, CHANGELOG_SLUG, type ChangelogResult} from '../changelog/build';
import {writeChangelogPage} from '../changelog/page';
import {ReleaseError} from '../../openapi/pipeline/release';

export class GenerationError extends Error {}

export interface GenerateOptions {
  processedSpec: string;
  outDir: string;
  /** Where to copy the processed document for the download link; nothing copied when omitted. */
  downloadCopy?: string;
  /** Where the pages are served (docs route base, download path); default: the current version's. */
  site?: SiteTarget;
  /**
   * The changelog page and the operation pages' "New in / Changed in" marks from these releases
   * (plugins/changelog; our own document only, the releases being ours). No page without releases.
   */
  changelog?: {
    releasesDir?: string;
    /** false: the marks only, no changelog page (an older version: the current version's page lists every release). */ page?: boolean;
  };
  /**
   * The older-version notice at the top of a page, by its id (the overview's too): an older API
   * version's pages name the same page in the latest version (plugins/api-versions/client/notice.ts).
   */
  notice?: (id: string) => OlderVersionNoticeProps | undefined;
  /** The downloads being written meanwhile (gen:api): the overview page, made last, links those that exist. */
  downloads?: Promise<unknown>;
  /** Make the response checks on a worker thread (./check-worker.ts); by default from CHECK_WORKER_MIN_PAGES pages on. */
  checksOnWorker?: boolean;
  /** Phase timings for the benchmark (plugins/build-shared/phase-timing.ts); the caller flushes it. */
  clock?: PhaseClock;
}

export interface GenerateResult {
  pages: number;
  /** The sidebar of the pages (an older version's docs instance reads it: plugins/api-versions). */
  sidebar: PagePlan['sidebar'];
  overview: string;
  durationMs: number;
  /** Pages that load schemas on demand, and the shared schema modules they load from. */
  lazyPages: number;
  sharedSchemaModules: number;
  /** Releases in the changelog page (0: no page). */
  releases: number;
  /** Operations with a response check module (Ajv standalone code, ./response-checks.ts). */
  responseCheckModules: number;
  /** Files of the output folder written (new or changed content) and deleted by this run. */
  written: string[];
  deleted: string[];
}

export function expectedPages(doc: unknown): {operations: {id: string; where: string}[]; infoId: string} {
  const operations = listOperations(doc, {webhooks: true}).map((op) => ({
    id: op.slug ?? '',
    where: op.kind === 'webhook' ? `webhook "${op.path}"` : `${op.method.toUpperCase()} ${op.path}`,
  }));
  return {operations, infoId: documentOverviewSlug(doc)};
}

export async function generateApiPages(options: GenerateOptions): Promise<GenerateResult> {
  const started = Date.now();
  const {processedSpec, outDir} = options;
  if (!existsSync(processedSpec)) throw new GenerationError(`${processedSpec} does not exist: run "npm run spec" first.`);
  const clock = options.clock ?? new PhaseClock('gen:api', undefined);
  const run = new GenerationRun(processedSpec, options.site, clock);
  let builder: ReturnType<GenerationRun['builder']>;
  try {
    builder = run.builder();
  } catch (error) {
    throw new GenerationError((error as Error).message);
  }
  const doc = builder.doc;
  let changelog: ChangelogResult | undefined;
  if (options.changelog) {
    try {
      changelog = clock.time('changelog', () => buildChangelog({current: doc, releasesDir: options.changelog!.releasesDir}));
    } catch (error) {
      if (error instanceof ReleaseError) throw new GenerationError(`changelog: ${error.message}`);
      throw error;
    }
    if (changelog.changelog.releases.length === 0) changelog = undefined;
  }
  const changelogPage = changelog && options.changelog?.page !== false ? changelog : undefined;
  const plan = clock.time('plan pages', () =>
    planPages(builder.doc, changelogPage ? {changelog: {id: CHANGELOG_SLUG, label: 'Changelog'}} : {}),
  );
  if (changelogPage) {
    const clash = plan.operations.find((o) => o.id === CHANGELOG_SLUG);
    if (clash)
      throw new GenerationError(
        `${processedSpec}: ${clash.method.toUpperCase()} ${clash.path} has the page slug "${CHANGELOG_SLUG}", the changelog's page (${CHANGELOG_ROUTE}); give the operation another operationId.`,
      );
  }
  const {operations, infoId} = expectedPages(doc);
  const source = typeof doc.info?.['x-portal-source'] === 'string' ? (doc.info['x-portal-source'] as string) : undefined;
  let lazyPages = 0;
  let checkModules = 0;
  // Webhooks have no console: no response check. The others' checks are made on a worker thread
  // meanwhile (./check-worker.ts), in page order.
  const checked = plan.operations.filter((page) => !page.webhook).map((page) => ({id: page.id, path: page.path, method: page.method}));
  const checks =
    (options.checksOnWorker ?? checked.length >= CHECK_WORKER_MIN_PAGES)
      ? new ResponseCheckWorker(processedSpec, checked)
      : checksOnThisThread(builder.doc, checked);
  try {
    for (const page of plan.operations) {
      try {
        // "page data" includes "code samples" (timed apart inside it).
        const data = clock.time('page data', () =>
          page.webhook ? builder.webhook(page.webhook.event, page.webhook.method) : builder.operation(page.method, page.path),
        );
        if (data.lazySchemas) lazyPages++;
        const mark = changelog?.marks.get(page.id);
        if (mark) data.release = mark;
        if (!page.webhook) {
          const check = await clock.timeAsync('waiting for the response checks', () => checks.answer(page.id), {sum: true});
          if ('error' in check) throw new Error(check.error);
          if (check.hasSource) checkModules++;
          const responseCheck = run.writeCheckModule(page.id, check.file);
          if (responseCheck) data.responseCheck = responseCheck;
        }
        clock.time('data modules', () => run.writeData(page.id, data));
      } catch (error) {
        // Errors name the source document (the processed one too when they differ) and the page.
        const message = (error as Error).message;
        const where = page.webhook ? `webhook "${page.webhook.event}"` : `${page.method.toUpperCase()} ${page.path}`;
        const via = source ? `, processed document ${processedSpec}` : '';
        throw new GenerationError(`${source ?? processedSpec}${message.startsWith('#') ? '' : ': '}${message} (page ${where}${via})`);
      }
      clock.time('MDX pages', () => run.emit(`${page.id}.api.mdx`, operationPageMdx(page, options.notice?.(page.id))));
    }
  } finally {
    await checks.close();
  }
  // Pages that do not carry their whole schema closure load the rest from shared modules.
  const shared = lazyPages ? clock.time('shared schema modules', () => run.writeSchemaModules()) : 0;
  if (options.downloads) await clock.timeAsync('waiting for the downloads', () => Promise.resolve(options.downloads));
  clock.time('overview page', () => run.writeOverviewPage(plan.info, options.notice?.(plan.info.id)));
  run.emit('sidebar.ts', sidebarSource(plan.sidebar));
  if (changelogPage)
    writeChangelogPage((file, content) => run.emit(file, content), changelogPage.changelog, String(doc.info?.title ?? 'API'));

  const generated = run.files;
  const files = new Set(generated.keys());
  const seen = new Map<string, string>();
  const missing: string[] = [];
  for (const {id, where} of operations) {
    // The pipeline makes slugs unique; a clash here means the processed document was edited by hand.
    if (seen.has(id))
      throw new GenerationError(`${processedSpec}: ${where} and ${seen.get(id)} both have the page slug "${id}"; run "npm run spec".`);
    seen.set(id, where);
    if (!files.has(`${id}.api.mdx`) || !files.has(dataModuleName(id))) missing.push(`${where} -> ${id}.api.mdx`);
  }
  if (!files.has(`${infoId}.info.mdx`)) missing.push(`overview -> ${infoId}.info.mdx`);
  if (missing.length) throw new GenerationError(`${processedSpec}: pages missing after generation:\n  ${missing.join('\n  ')}`);
  const {written, deleted} = clock.time('write files', () => syncDirectory(outDir, generated));

  if (options.downloadCopy) {
    mkdirSync(path.dirname(options.downloadCopy), {recursive: true});
    copyFileSync(processedSpec, options.downloadCopy);
  }
  return {
    pages: operations.length,
    sidebar: plan.sidebar,
    overview: infoId,
    durationMs: Date.now() - started,
    lazyPages,
    sharedSchemaModules: shared,
    releases: changelogPage?.changelog.releases.length ?? 0,
    responseCheckModules: checkModules,
    written,
    deleted,
  };
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const out = argValue('--out') ?? process.env.API_DOCS_OUT;
  const outDir = out ? path.resolve(out) : API_DOCS_DIR;
  // With PORTAL_BUILD_TIMINGS set (the benchmark), each phase appends a record to that file.
  const clock = new PhaseClock('gen:api');
  try {
    const portalConfig = loadPortalConfig();
    let downloads: Promise<void> | undefined;
    if (!out) {
      // The downloads (JSON, YAML, Postman collection) are written while the pages are generated;
      // the overview page links those that exist, so it waits for them.
      if (!existsSync(portalConfig.processedSpec))
        throw new GenerationError(`${portalConfig.processedSpec} does not exist: run "npm run spec" first.`);
      const download = path.join(projectRoot, 'static', SPEC_DOWNLOAD_PATH);
      rmSync(path.dirname(download), {recursive: true, force: true});
      mkdirSync(path.dirname(download), {recursive: true});
      copyFileSync(portalConfig.processedSpec, download);
      downloads = clock
        .timeAsync('downloads (YAML, Postman)', () => writeDownloads(portalConfig.processedSpec, path.dirname(download)), {
          concurrent: true,
        })
        .then((d) => {
          const postman = d.postman.ok
            ? `Postman collection (${d.postman.requests} requests, ${d.postman.ms} ms)`
            : 'no Postman collection';
          console.log(`[gen:api] downloads: JSON${d.yaml ? ', YAML' : ''}, ${postman}`);
        });
    }
    // The releases in openapi/releases are those of our own document.
    const result = await clock.timeAsync('total', () =>
      generateApiPages({
        processedSpec: portalConfig.processedSpec,
        outDir,
        ...(portalConfig.ownDocument && !out ? {changelog: {}} : {}),
        downloads,
        clock,
      }),
    );
    clock.flush();
    const lazy = result.lazyPages
      ? ` (${result.lazyPages} load schemas on demand from ${result.sharedSchemaModules} shared schema modules)`
      : '';
    const releases = result.releases ? ` + changelog of ${result.releases} releases` : '';
    const files = `${result.written.length} files written${result.deleted.length ? `, ${result.deleted.length} deleted` : ''}`;
    console.log(
      `[gen:api] ${result.pages} operation pages${lazy} + overview "${result.overview}"${releases}, ${result.responseCheckModules} response checks, in ${result.durationMs} ms (${files})`,
    );
  } catch (error) {
    console.error(`[gen:api] ${error instanceof GenerationError ? error.message : ((error as Error)?.stack ?? String(error))}`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
