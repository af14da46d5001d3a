/**
 * The server-side helpers of @easyops-cn/docusaurus-search-local (0.55, pinned) that the index
 * builder reuses, so pages are chosen and parsed exactly as the theme does. The package ships no
 * types for them.
 */
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions.js' {
  export function processPluginOptions(options: object, context: object): import('./index').ThemeConfig;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos.js' {
  export function processDocInfos(
    buildData: object,
    config: import('./index').ThemeConfig,
  ): {outDir: string; paths: {filePath: string; url: string; type: 'docs' | 'blog' | 'page'}[]}[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse.js' {
  export function parse(
    html: string,
    type: 'docs' | 'blog' | 'page',
    url: string,
    config: import('./index').ThemeConfig,
  ): import('./index').ParsedPage | null;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/index.js' {
  import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
  import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
  export default function searchLocal(context: LoadContext, options: PluginOptions): Plugin;
  export function validateOptions(context: OptionValidationContext<PluginOptions, PluginOptions>): PluginOptions;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments.js' {
  /** The theme's own document scan (used by unit tests as the reference). */
  export function scanDocuments(
    paths: {filePath: string; url: string; type: 'docs' | 'blog' | 'page'}[],
    config: import('./index').ThemeConfig,
  ): Promise<import('../../src/components/Search/types').SearchDocument[][]>;
}

/** The part of the theme's cheerio `$` (its own cheerio 1.x copy) that plugins/search/parse-page.ts uses. */
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parseDocument.js' {
  export interface ThemeCheerioSelection {
    attr(name: string): string | undefined;
    text(): string;
    remove(): ThemeCheerioSelection;
    filter(keep: (index: number, element: unknown) => boolean): ThemeCheerioSelection;
    readonly length: number;
    each(visit: (index: number, element: unknown) => void): ThemeCheerioSelection;
    contents(): ThemeCheerioSelection;
    get(): unknown[];
    before(content: string): ThemeCheerioSelection;
  }
  export type ThemeCheerio = (selector: string | unknown) => ThemeCheerioSelection;
  export function parseDocument($: ThemeCheerio): import('./index').ParsedPage;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parsePage.js' {
  export function parsePage(
    $: import('@easyops-cn/docusaurus-search-local/dist/server/server/utils/parseDocument.js').ThemeCheerio,
    url: string,
  ): import('./index').ParsedPage;
}
