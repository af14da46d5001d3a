/**
 * Keeps Prism out of the bundle every page loads.
 *
 * theme-classic registers a client module (lib/prism-include-languages.js) that imports
 * prism-react-renderer on every page so that `prism.additionalLanguages` can be registered. The
 * portal adds no languages (spec §9), so that module has nothing to do; replacing it with an empty
 * module leaves Prism in the chunks of the pages that render a CodeBlock (blog, markdown pages).
 * API pages highlight their code at build time and never load Prism.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function prismOnDemand(context: LoadContext): Plugin {
  const additional = (context.siteConfig.themeConfig as {prism?: {additionalLanguages?: string[]}}).prism?.additionalLanguages ?? [];
  return {
    name: 'prism-on-demand',
    configureWebpack(_config, _isServer, {currentBundler}) {
      if (additional.length > 0) {
        throw new Error(
          'plugins/prism-on-demand/index.ts: prism.additionalLanguages is set; this plugin would drop them. Remove the plugin or the languages.',
        );
      }
      const target = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');
      const empty = path.join(__dirname, 'empty-client-module.js');
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            new RegExp(`^${target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
            empty,
          ),
        ],
      };
    },
  };
}
