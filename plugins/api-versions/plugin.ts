/**
 * Docusaurus plugin: the page lists of every documented API version (./mapping.ts), written as
 * `@generated/portal-api-versions/default/pages.json` for the navbar's version switcher, which
 * imports it when first opened (no page carries it in its first load); and the part of them the
 * category pages need (`category-pages.json`: routes, each operation page's method and path).
 */
import {existsSync, readFileSync} from 'node:fs';
import type {LoadContext, Plugin} from '@docusaurus/types';
import kebabCase from 'lodash/kebabCase';
import {allCategories, homeCategories, operationTree} from '../../openapi/model/tags';
import {documentOverviewSlug, listOperations} from '../../openapi/model/operations';
import {versionPages, type VersionCategoryData, type VersionPages} from './client/mapping';

export interface ApiVersionsPluginOptions {
  /** The current version first, then the older ones: id, label, docs route base and processed document. */
  versions: {id: string; label: string; base: string; processedSpec: string}[];
}

export const PAGES_DATA = 'pages.json';
export const CATEGORY_DATA = 'category-pages.json';

export function categoryPageData(versions: readonly VersionPages[]): VersionCategoryData[] {
  return versions.map(({id, label, base, overview, categories, operations}) => ({
    id,
    label,
    base,
    overview,
    categories,
    endpoints: operations.map((op) => [op[0], op[2]] as [string, string]),
  }));
}

export function loadVersionPages(options: ApiVersionsPluginOptions): VersionPages[] {
  return options.versions.map(({processedSpec, ...meta}) => {
    if (!existsSync(processedSpec))
      throw new Error(
        `plugins/api-versions: ${processedSpec} (API version "${meta.id}") does not exist: run "npm run gen:versions" (build and start run it).`,
      );
    const doc = JSON.parse(readFileSync(processedSpec, 'utf8'));
    const refs = listOperations(doc, {webhooks: true});
    // Each page's category is its home in the sidebar (openapi/model/tags.ts): a badge or audience
    // tag has no category page; an untagged page has its path group's.
    const top = operationTree(doc, refs);
    const homes = homeCategories(top);
    const filed = refs.map((r) => ({...r, tags: homes.has(r) ? [homes.get(r)!.at(-1)!.name] : []}));
    const tree = allCategories(top);
    const slugOf = new Map(tree.map((node) => [node.name, node.slug]));
    const pages = versionPages(meta, doc, filed, documentOverviewSlug(doc), (name) => slugOf.get(name) ?? kebabCase(name));
    // Parent categories list no page of their own but have an index page too.
    const parents = tree.map((node) => node.slug).filter((slug) => !pages.categories.includes(slug));
    return {...pages, categories: [...pages.categories, ...parents]};
  });
}

export default function apiVersionsPlugin(_context: LoadContext, options: ApiVersionsPluginOptions): Plugin<VersionPages[]> {
  return {
    name: 'portal-api-versions',
    loadContent: async () => loadVersionPages(options),
    async contentLoaded({content, actions}) {
      await actions.createData(PAGES_DATA, JSON.stringify(content));
      await actions.createData(CATEGORY_DATA, JSON.stringify(categoryPageData(content)));
    },
    getPathsToWatch: () => options.versions.map((v) => v.processedSpec),
    configureWebpack(config, isServer, _utils, content) {
      // One version (a foreign document, or PORTAL_API_VERSIONS=none): Docusaurus's chunking as is.
      if (isServer || !content || content.length < 2) return {};
      const minChunks = commonChunkThreshold(config, content.slice(1));
      return minChunks === undefined ? {} : {optimization: {splitChunks: {cacheGroups: {common: {minChunks}}}}};
    },
  };
}

/**
 * Docusaurus puts every module that more than half of all routes use into the `common` chunk,
 * which every page loads. Older versions add their pages to that count, so the API page
 * components (used by the operation pages of every version) crossed the line and home, blog and
 * search pages loaded them (BENCHMARKS.md, "Measurements behind the code"). The threshold is raised by the
 * older versions' page count: a module goes to `common` when half of the other pages use it
 * besides the older versions' pages, as with one version.
 */
export function commonChunkThreshold(config: {optimization?: {splitChunks?: unknown}}, older: readonly VersionPages[]): number | undefined {
  const groups =
    (config.optimization?.splitChunks as {cacheGroups?: Record<string, {minChunks?: number}>} | false | undefined) || undefined;
  const docusaurus = groups?.cacheGroups?.common?.minChunks;
  if (typeof docusaurus !== 'number') return undefined;
  const olderPages = older.reduce((n, v) => n + v.operations.length + v.categories.length + 1, 0);
  const total = docusaurus * 2; // Docusaurus 3.7: totalPages * 0.5
  return Math.max(2, (total - olderPages) * 0.5 + olderPages);
}
