/**
 * Docusaurus plugin: live preview of the API reference while `npm start` runs.
 *
 * Active only in the dev server (`docusaurus start`): it starts from the dev client's bundler
 * configuration, which only `start` makes (a production build never watches anything). There it
 * - watches the OpenAPI source (./watcher.ts): openapi/source/ for our document, or the file
 *   OPENAPI_SOURCE names and every file it references;
 * - on save, re-runs the pipeline and regenerates the API pages (./refresh.ts); gen:api rewrites
 *   only the files whose content changed, so Docusaurus's own watcher reloads the docs plugin, the
 *   bundler rebuilds the changed pages and the open page shows the new content (hot update);
 * - when the document has problems, prints the pipeline's report (`<file>#<JSON pointer>: …`) in
 *   the terminal and makes it a compilation error of the dev bundle, which the dev server shows
 *   in the browser over the page (its error overlay); the pages stay the last good ones, and
 *   the next good save clears the error;
 * - when the categories or operation routes change (read by docusaurus.config.ts when it loads),
 *   touches the config file so that Docusaurus reloads the site configuration too.
 *
 * The search index, the Markdown twins and the security headers are made after a production
 * build only (postBuild); the dev server has none of them, so there is nothing else to refresh.
 */
import {utimesSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {displayPath} from '../../openapi/pipeline/errors';
import {apiSiteLinks} from '../api-pages/site-links';
import type {RefreshResult} from './refresh';
import {SourceWatcher} from './watcher';
import {refreshGuides} from '../guides/scan';

export interface LivePreviewOptions {
  /** The OpenAPI source root (portalConfig.specSource). */
  specSource: string;
  processedSpec: string;
  apiBaseUrl: string;
  /** Our own document: the whole openapi/source/ folder is watched. */
  ownDocument: boolean;
}

/** The part of the bundler's compiler the plugin uses (webpack and Rspack alike). */
interface CompilerLike {
  webpack?: {WebpackError?: new (message: string) => Error};
  watching?: {invalidate(callback?: () => void): void};
  hooks: {thisCompilation: {tap(name: string, fn: (compilation: {errors: Error[]}) => void): void}};
}

interface LivePreviewState {
  watcher?: SourceWatcher;
  /** The report of the last refresh when it failed; undefined when the pages are current. */
  error?: string;
  compiler?: CompilerLike;
  /** What docusaurus.config.ts reads from the document (apiSiteLinks), as of the last good run. */
  siteLinks?: string;
}

// One watcher per process: Docusaurus loads the plugin module afresh when it reloads the site.
const STATE_KEY = Symbol.for('developer-portal.live-preview');
function state(): LivePreviewState {
  const holder = globalThis as unknown as Record<symbol, LivePreviewState | undefined>;
  return (holder[STATE_KEY] ??= {});
}

const NAME = 'portal-live-preview';
const list = (files: string[], max = 4) =>
  files.length <= max ? files.join(', ') : `${files.slice(0, max).join(', ')} and ${files.length - max} more`;

/** Puts the pipeline's report into every compilation while the source has problems. */
class SourceErrorPlugin {
  apply(compiler: CompilerLike): void {
    state().compiler = compiler;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const {error} = state();
      if (!error) return;
      const ErrorClass = compiler.webpack?.WebpackError ?? Error;
      const problem = Object.assign(
        new ErrorClass(`${error}\n\nThe pages show the last good version of the document until the next save without problems.`),
        {
          name: 'Live preview',
          hideStack: true, // the report is the message; where the plugin raised it is of no interest
        },
      );
      compilation.errors.push(problem);
    });
  }
}

/** A new compilation (no file of the bundle changes when the source fails, or when it is fixed back). */
function recompile(): void {
  state().compiler?.watching?.invalidate();
}

/**
 * docusaurus.config.ts reads the reference's categories and routes from the processed document
 * when it loads (navbar, footer, the blog's links into the reference). When they change (a tag or
 * an operation added, renamed or removed), touching the config file makes Docusaurus reload it.
 */
function reloadSiteConfigIfLinksChanged(context: LoadContext, processedSpec: string, ownDocument: boolean): void {
  const shared = state();
  const links = JSON.stringify(apiSiteLinks(processedSpec, ownDocument));
  if (shared.siteLinks === undefined || shared.siteLinks === links) {
    shared.siteLinks = links;
    return;
  }
  shared.siteLinks = links;
  console.log(
    '[live-preview] categories or operation routes changed: Docusaurus reloads the site configuration (navbar, footer, links from the blog)',
  );
  const now = new Date();
  utimesSync(context.siteConfigPath, now, now);
}

function report(result: RefreshResult, changed: string[]): void {
  const shared = state();
  const what = changed.length ? list(changed.map(displayPath)) : 'first look at the document';
  if (!result.ok) {
    shared.error = `the OpenAPI source has problems (${changed.length ? `saved: ${what}` : what}).\n${result.message}`;
    console.error(
      `[live-preview] ${what}${changed.length ? ' saved' : ''}: the OpenAPI document has problems; the API pages keep the last good version.\n${result.message}`,
    );
    recompile();
    return;
  }
  const recovered = shared.error !== undefined;
  shared.error = undefined;
  const touched = [...result.written, ...result.deleted.map((f) => `${f} (deleted)`)];
  const pages = touched.length ? `updated ${list(touched)}` : 'no page changed';
  if (changed.length || touched.length || recovered) {
    console.log(
      `[live-preview] ${what}${changed.length ? ' saved' : ''}: ${pages} in ${result.ms} ms${recovered ? '; the problems are fixed' : ''}`,
    );
  }
  for (const line of result.log.slice(0, -1)) console.warn(line);
  if (recovered) recompile();
}

/**
 * The pages that embed API parts (guides, blog, pages: plugins/guides) re-resolved from the new
 * document: their data modules are rewritten when their content changed, so an open guide
 * updates like a reference page. A reference the document no longer has is reported like the
 * pipeline's problems (terminal and overlay) until a save fixes it.
 */
async function refreshEmbeddedParts(context: LoadContext, options: LivePreviewOptions): Promise<void> {
  const shared = state();
  const {pages, errors} = await refreshGuides({
    processedSpec: options.processedSpec,
    foreign: !options.ownDocument,
    siteDir: context.siteDir,
  });
  if (errors.length) {
    shared.error = `guides embed what the saved document no longer has.\n${errors.join('\n')}`;
    console.error(`[live-preview] ${shared.error}`);
    recompile();
    return;
  }
  if (pages) console.log(`[live-preview] ${pages} ${pages === 1 ? 'page' : 'pages'} with embedded API parts checked against the document`);
}

function startWatching(context: LoadContext, options: LivePreviewOptions): void {
  const {siteDir} = context;
  const shared = state();
  if (shared.watcher) return;
  shared.siteLinks = JSON.stringify(apiSiteLinks(options.processedSpec, options.ownDocument));
  const sourceFolder = path.dirname(options.specSource);
  shared.watcher = new SourceWatcher({
    specSource: options.specSource,
    processedSpec: options.processedSpec,
    apiBaseUrl: options.apiBaseUrl,
    outDir: path.join(siteDir, 'docs/api'),
    downloadsDir: path.join(siteDir, 'static/openapi'),
    trees: options.ownDocument ? [sourceFolder] : [],
    // Our own document has releases (openapi/releases): its changelog page is regenerated too.
    changelog: options.ownDocument,
    // A first run at once: a foreign document's references are known only after it, edits made
    // since `npm start` ran the pipeline show up, and the first save finds the pipeline warm.
    scanFirst: true,
    onResult: (result, changed) => {
      report(result, changed);
      if (!result.ok) return;
      reloadSiteConfigIfLinksChanged(context, options.processedSpec, options.ownDocument);
      refreshEmbeddedParts(context, options).catch((error: unknown) =>
        console.error(`[live-preview] the guides' API parts could not be refreshed: ${(error as Error).message}`),
      );
    },
  });
  const watched = options.ownDocument ? `${displayPath(sourceFolder)}/` : `${displayPath(options.specSource)} and the files it references`;
  console.log(`[live-preview] watching ${watched}: a save rebuilds the API pages it changes`);
  const stop = () => shared.watcher?.close();
  process.once('exit', stop);
}

export default function livePreviewPlugin(context: LoadContext, options: LivePreviewOptions): Plugin {
  return {
    name: NAME,
    configureWebpack(config, isServer) {
      // Only `docusaurus start` makes a development client configuration that watches files.
      if (isServer || config.mode !== 'development' || !config.watchOptions) return {};
      startWatching(context, options);
      return {plugins: [new SourceErrorPlugin() as never]};
    },
  };
}
