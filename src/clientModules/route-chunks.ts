/**
 * Which chunks a route needs, from Docusaurus's generated route table and chunk-name map; the
 * same answers as Docusaurus 3.7's own prefetch (src/clientModules/idle-prefetch.ts), computed
 * once per page instead of once per link. Pure functions: the router's matchPath is passed in.
 */

/** react-router's matchPath (v5): a match object or null. */
export type MatchPath = (pathname: string, options: {path: string; exact?: boolean; strict?: boolean}) => unknown;

export interface RouteLike {
  path?: string;
  exact?: boolean;
  strict?: boolean;
  routes?: RouteLike[];
}

export type ChunkTree = string | ChunkTree[] | {[key: string]: ChunkTree};

/** Every chunk name in a route's (nested) chunk-name tree. */
export function chunkNamesOf(tree: ChunkTree, out: string[] = []): string[] {
  if (typeof tree === 'string') out.push(tree);
  else if (Array.isArray(tree)) tree.forEach((t) => chunkNamesOf(t, out));
  else if (tree && typeof tree === 'object') Object.values(tree).forEach((t) => chunkNamesOf(t, out));
  return out;
}

/** Route path → chunk names; the keys of routesChunkNames end in "-<hash>", which is dropped. */
export function chunkTable(names: Record<string, ChunkTree>): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const [key, tree] of Object.entries(names)) {
    const routePath = key.replace(/-[^-]+$/, '');
    const list = table.get(routePath) ?? [];
    chunkNamesOf(tree, list);
    table.set(routePath, list);
  }
  return table;
}

/** The nested routes a path renders (the same walk as react-router-config's matchRoutes). */
export function matchedRoutePaths(list: RouteLike[], pathname: string, matchPath: MatchPath, out: string[] = []): string[] {
  for (const route of list) {
    // A route without a path always matches (react-router-config reuses the parent's match).
    if (route.path && !matchPath(pathname, {path: route.path, exact: route.exact, strict: route.strict})) continue;
    if (route.path) out.push(route.path);
    if (route.routes) matchedRoutePaths(route.routes, pathname, matchPath, out);
    break;
  }
  return out;
}
