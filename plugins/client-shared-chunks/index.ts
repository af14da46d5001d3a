/**
 * Modules that two chunks of the same page would each carry get a chunk of their own in the client
 * bundle, so a page loads them once.
 *
 * Docusaurus splits the client bundle per route and moves a module into its `common` chunk only
 * when half of all routes use it; a component used by a few page chunks that load together is
 * copied into each of them. Such a copy was in the first load of every API page: the Copy
 * button (with its copyable-text gate) in the MDX components' chunk (the theme's code blocks) and
 * again in the operation's or overview's chunk. `SHARED` names them; each group is one chunk,
 * fetched alongside the chunks that use it.
 */
import type {Plugin} from '@docusaurus/types';

/** Shared client chunks: name -> the modules (absolute path pattern) they hold. */
export const SHARED: Record<string, RegExp> = {
  'copy-button': /[\\/]src[\\/]components[\\/]CopyButton[\\/](index\.tsx|copyable-text\.ts|styles\.module\.css)$/,
};

export default function clientSharedChunks(): Plugin {
  return {
    name: 'client-shared-chunks',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      const cacheGroups = Object.fromEntries(
        Object.entries(SHARED).map(([name, test]) => [
          name,
          {name, test, chunks: 'async' as const, enforce: true, priority: 50, reuseExistingChunk: true},
        ]),
      );
      return {optimization: {splitChunks: {cacheGroups}}};
    },
  };
}
