/**
 * The local search theme (@easyops-cn/docusaurus-search-local) with our own index builder.
 *
 * The theme keeps its options, its /search route and its translations; our SearchBar and
 * SearchPage (src/theme) replace its client. Its postBuild is replaced by plugins/search-index,
 * which writes the same documents in a compact index, in a child process with a small heap.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import searchLocal, {validateOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/index.js';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions.js';
import {checkSupported} from '.';
import {indexBuildData, writeSearchIndexInChild} from './child';
import {portalConfig} from '../../portal.config';

export default function searchLocalWithCompactIndex(context: LoadContext, options: PluginOptions): Plugin {
  const config = processPluginOptions(options, context);
  checkSupported(config);
  const theme = searchLocal(context, options);
  return {
    ...theme,
    async postBuild(props) {
      const {currentVersion, olderVersions} = portalConfig;
      await writeSearchIndexInChild({
        buildData: indexBuildData(props, olderVersions.map((v) => v.routeBasePath)),
        config,
        apiDocument: portalConfig.processedSpec,
        apiVersions: {current: currentVersion.id, older: olderVersions.map((v) => ({id: v.id, routeBasePath: v.routeBasePath, apiDocument: v.processedSpec}))},
      });
    },
  };
}

export {validateOptions};
