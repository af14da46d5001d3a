/**
 * Makes Docusaurus's client manifest answer for the modules a page renders.
 *
 * Docusaurus 3.7 lists a page's scripts from the modules its server render reports (the requests
 * of the route's `import()`s: "@theme/DocItem", "@site/docs/api/x.mdx"...) looked up in
 * `client-manifest.json`'s `origins`. That file comes from react-loadable-ssr-addon, which fills
 * `origins` by import request only under webpack 4; under webpack 5 it keys them by chunk name
 * or id, so no module is found and every page lists only runtime~main.js and main.js. The browser
 * then learns the page's chunks only once main.js has run, asks for them one round trip later,
 * and inserts their script elements inside main.js's first task.
 *
 * `addImportOrigins` adds one entry per `import()` request: the ids of the chunks that import
 * loads (its chunk group), the same chunks `preload()` fetches for the route in the browser.
 */
export interface ChunkGroupLike {
  isInitial(): boolean;
  chunks: Iterable<{ids?: (string | number)[] | null}>;
  origins: {request?: string | null}[];
}

export interface ClientManifest {
  entrypoints: string[];
  origins: Record<string, (string | number)[]>;
  assets: Record<string, Record<string, {file: string}[]>>;
}

/** The manifest with an origin per import request (existing keys kept); returns how many were added. */
export function addImportOrigins(manifest: ClientManifest, groups: Iterable<ChunkGroupLike>): number {
  let added = 0;
  for (const group of groups) {
    if (group.isInitial()) continue;
    const ids = [...group.chunks].flatMap((chunk) => chunk.ids ?? []);
    for (const {request} of group.origins) {
      if (!request) continue;
      if (!Object.hasOwn(manifest.origins, request)) {
        manifest.origins[request] = [];
        added++;
      }
      const list = manifest.origins[request];
      for (const id of ids) if (!list.includes(id)) list.push(id);
    }
  }
  return added;
}
