/**
 * Shares modules between the chunks of the server bundle (the one Docusaurus renders the static
 * pages with).
 *
 * Docusaurus 3.7 builds that bundle with `splitChunks: false`, so each page's chunk carries its
 * own copy of every component it uses that is not in the entry: at 1,000 API operations, 1,000
 * copies of the API page components, each compiled and kept by Node until the last page is
 * rendered (BENCHMARKS.md, "Measurements behind the code"). With one shared chunk, a
 * page's chunk holds only its own MDX and data. The client bundle keeps Docusaurus's settings.
 */
import type {Plugin} from '@docusaurus/types';
import {ssgRouteAliases} from '../ssg-routes/aliases';

export default function serverSharedChunks(): Plugin {
  return {
    name: 'server-shared-chunks',
    configureWebpack(_config, isServer) {
      if (!isServer) return {};
      return {
        // Static generation finds each page's route by its exact path (plugins/ssg-routes).
        resolve: {alias: ssgRouteAliases()},
        optimization: {
          splitChunks: {
            chunks: 'async',
            minChunks: 2,
            cacheGroups: {
              default: false,
              defaultVendors: false,
              shared: {name: 'server-shared', chunks: 'async', minChunks: 2, minSize: 0, priority: 10, reuseExistingChunk: true},
            },
          },
        },
      };
    },
  };
}
