/**
 * Finds the first route of a list that matches a pathname without testing every route.
 *
 * react-router 5 decides a match by trying the routes in order (`matchRoutes`, `<Switch>`), each
 * with `matchPath`: a regular expression per route. Docusaurus 3.7 does that four times for every
 * page it renders (preload, location normalisation, the app's `<Switch>`, the docs root's), over a
 * list that holds one route per doc: O(pages × routes) for a build. Nearly all of those routes are
 * exact, literal paths (`/docs/api/list-contacts`), which match one pathname each; this index maps
 * that pathname to the route, and only the few other routes (parameters, prefixes, the 404
 * catch-all) are still tried in order. The answer is the one a scan in order gives: a literal
 * route wins only when no earlier route matches.
 */

/** What the index reads of a react-router route object. */
export interface RouteShape {
  readonly path?: string | readonly string[];
  readonly exact?: boolean;
  readonly strict?: boolean;
  readonly sensitive?: boolean;
}

interface RouteIndex {
  /** Lower-cased literal path without its trailing slash → position of the first such route. */
  readonly literal: ReadonlyMap<string, number>;
  /** Positions, ascending, of the routes that must still be tried one by one. */
  readonly scanned: readonly number[];
}

/**
 * Paths path-to-regexp 1.x (react-router 5's) reads as plain text: no parameter (`:`), group
 * (`(`), wildcard (`*`), escape (`\`) or modifier (`+`, `?`), and ASCII only, so that its
 * case-insensitive comparison is the same as comparing lower-cased strings.
 */
const LITERAL_PATH = /^[A-Za-z0-9\-._~!$&'=@,;%/]*$/;

const indexes = new WeakMap<readonly RouteShape[], RouteIndex>();

/**
 * What a non-strict, exact, case-insensitive path-to-regexp pattern compares: `/a` and `/a/`
 * both match the route `/a` (and the route `/a/`), `/a//` matches neither.
 */
export function literalKey(path: string): string {
  return (path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
}

export function indexable(route: RouteShape): route is RouteShape & {path: string} {
  return (
    typeof route.path === 'string' &&
    // '' counts as no path (the route takes its parent's match); '//' makes the trailing-slash rule differ.
    route.path !== '' &&
    !route.path.includes('//') &&
    route.exact === true &&
    route.strict !== true &&
    route.sensitive !== true &&
    LITERAL_PATH.test(route.path)
  );
}

function buildIndex(routes: readonly RouteShape[]): RouteIndex {
  const literal = new Map<string, number>();
  const scanned: number[] = [];
  routes.forEach((route, i) => {
    if (!indexable(route)) scanned.push(i);
    else {
      const key = literalKey(route.path);
      if (!literal.has(key)) literal.set(key, i);
    }
  });
  return {literal, scanned};
}

/** The index of a route list, built on first use and kept as long as the list lives. */
function indexOf(routes: readonly RouteShape[]): RouteIndex {
  let index = indexes.get(routes);
  if (!index) {
    index = buildIndex(routes);
    indexes.set(routes, index);
  }
  return index;
}

/**
 * The first route (in list order) for which `matchAt(i)` gives a match, as a scan in order would
 * find it, calling `matchAt` only for the routes the index cannot rule out. `matchAt` is the
 * caller's own test (react-router's `matchPath`, or the parent's match for a route without a
 * path), so the match returned is always one react-router made.
 */
export function firstMatch<M>(
  routes: readonly RouteShape[],
  pathname: string,
  matchAt: (i: number) => M | null,
): {index: number; match: M} | null {
  const {literal, scanned} = indexOf(routes);
  // A non-ASCII pathname never equals an ASCII literal path, even case-insensitively.
  const candidate = /^[\x00-\x7f]*$/.test(pathname) ? literal.get(literalKey(pathname)) : undefined;
  const limit = candidate ?? routes.length;
  for (const i of scanned) {
    if (i >= limit) break;
    const match = matchAt(i);
    if (match) return {index: i, match};
  }
  if (candidate === undefined) return null;
  const match = matchAt(candidate);
  if (match) return {index: candidate, match};
  // The index and react-router disagree (a route list this file does not foresee): scan it all.
  for (let i = 0; i < routes.length; i++) {
    const m = matchAt(i);
    if (m) return {index: i, match: m};
  }
  return null;
}
