/**
 * Swaps core's client `preload` for ./preload.ts in the browser bundle (see there why). The
 * server bundle keeps core's: it renders with every chunk at hand.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function resilientPreload(): Plugin {
  const target = require.resolve('@docusaurus/core/lib/client/preload.js');
  return {
    name: 'resilient-preload',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            new RegExp(`^${target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
            path.join(__dirname, 'preload.ts'),
          ),
        ],
      };
    },
  };
}
