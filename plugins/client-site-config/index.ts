/**
 * The site config the browser gets: Docusaurus puts the whole config in the main bundle
 * (`@generated/docusaurus.config`, which every page loads), plugin and preset options included.
 * Ours held the reference's page list twice (the remark plugin's options of the blog and the
 * pages), the build machine's absolute paths and every plugin's settings, on every page, growing
 * with the document (BENCHMARKS.md, "Measurements behind the code"). No
 * client code reads `presets`, `plugins` or `themes` (the theme reads `themeConfig`, components
 * `customFields`), nor the page template (`ssrTemplate`: plugins/page-chunk-scripts), so
 * the browser gets the config without them; the build keeps the whole one.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';

/** What the browser needs of the config: all of it but the plugin, preset and theme entries and the page template. */
export function clientSiteConfig<C extends object>(siteConfig: C): C {
  const {ssrTemplate: _template, ...rest} = siteConfig as C & {ssrTemplate?: string};
  return {...rest, presets: [], plugins: [], themes: []} as unknown as C;
}

/** The generated module, serialised as Docusaurus serialises its own (functions dropped). */
export function clientSiteConfigModule(siteConfig: object): string {
  return `export default ${JSON.stringify(clientSiteConfig(siteConfig), null, 2)};\n`;
}

export default function clientSiteConfigPlugin(context: LoadContext): Plugin {
  let file: string | undefined;
  return {
    name: 'client-site-config',
    async contentLoaded({actions}) {
      file = await actions.createData('site-config.mjs', clientSiteConfigModule(context.siteConfig));
    },
    configureWebpack(_config, _isServer, {currentBundler}) {
      if (!file) throw new Error('plugins/client-site-config: the module was not written before the bundler was configured');
      // Every import of the config (the core's client, the theme, page routes) gets this module.
      return {plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(/^@generated\/docusaurus\.config$/, file)]};
    },
  };
}
