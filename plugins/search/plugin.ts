/**
 * The local search theme (@easyops-cn/docusaurus-search-local) with our own index builder.
 *
 * The theme keeps its options, its /search route and its translations; our SearchBar and
 * SearchPage (src/theme) replace its client. Its postBuild is replaced by plugins/search,
 * which writes the same documents in a compact index, in a child process with a small heap.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import searchLocal, {validateOptions as validateSearchOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/index.js';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions.js';
import {checkSupported} from './';
import {indexBuildData, writeSearchIndexInChild} from './child';
import type {OptionValidationContext} from '@docusaurus/types';

/** The API documents the index reads, beside the theme's own options (docusaurus.config.ts). */
export interface ApiIndexOptions {
  /** The current version's processed document. */
  document: string;
  current: string;
  older: {id: string; routeBasePath: string; apiDocument: string}[];
}

export type Options = PluginOptions & {api: ApiIndexOptions};

export default function searchLocalWithCompactIndex(context: LoadContext, {api, ...options}: Options): Plugin {
  const config = processPluginOptions(options, context);
  checkSupported(config);
  const theme = searchLocal(context, options);
  return {
    ...theme,
    async postBuild(props) {
      await writeSearchIndexInChild({
        buildData: indexBuildData(
          props,
          api.older.map((v) => v.routeBasePath),
        ),
        config,
        apiDocument: api.document,
        apiVersions: {current: api.current, older: api.older},
      });
    },
  };
}

/** The theme's own validation, with our `api` option set aside. */
export function validateOptions({options: {api, ...options}, validate}: OptionValidationContext<Options, Options>): Options {
  return {...validateSearchOptions({options, validate} as unknown as Parameters<typeof validateSearchOptions>[0]), api} as Options;
}
