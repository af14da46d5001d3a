/**
 * Each page's HTML lists the scripts of its own route chunks (see ./manifest.ts, ./template.ts and
 * ./client.ts): they download with main.js instead of after it, and main.js's first task no longer
 * inserts them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {addImportOrigins, type ChunkGroupLike, type ClientManifest} from './manifest';

const NAME = 'page-chunk-scripts';

export default function pageChunkScripts(context: {generatedFilesDir: string}): Plugin {
  const manifestPath = path.join(context.generatedFilesDir, 'client-manifest.json');
  return {
    name: NAME,
    getClientModules: () => [path.join(__dirname, 'client.ts')],
    configureWebpack(config, isServer) {
      // The dev server renders no HTML and writes no client manifest: nothing to add there.
      if (isServer || config.mode !== 'production') return {};
      return {
        plugins: [
          {
            apply(compiler: {
              hooks: {afterEmit: {tap(name: string, fn: (compilation: {chunkGroups: Iterable<ChunkGroupLike>}) => void): void}};
            }) {
              // After every emit tap: react-loadable-ssr-addon writes the manifest in its own.
              compiler.hooks.afterEmit.tap(NAME, (compilation) => {
                if (!fs.existsSync(manifestPath)) {
                  throw new Error(
                    `[${NAME}] ${manifestPath} was not written: Docusaurus's client manifest is missing, pages cannot list their chunks`,
                  );
                }
                const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ClientManifest;
                addImportOrigins(manifest, compilation.chunkGroups);
                fs.writeFileSync(manifestPath, JSON.stringify(manifest));
              });
            },
          },
        ],
      };
    },
  };
}
