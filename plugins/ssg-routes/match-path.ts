/**
 * react-router's `matchPath` with a quick "no" for exact literal routes (route-index.ts says
 * which those are): for them a match is an equal lower-cased path, trailing slash aside, so the
 * regular expression only runs for the route that can match. Docusaurus's docs code looks a page
 * up by calling `matchPath` on each route in turn (`useDocRootMetadata` over the doc routes,
 * `getActiveDocContext` over a version's docs); with this, each of those calls costs a string
 * comparison instead of a regular expression. Every other call goes to react-router unchanged.
 */
import {indexable, literalKey, type RouteShape} from './route-index';

type MatchPath = (pathname: string, options: any, ...rest: any[]) => unknown;

export function quickMatchPath<F extends MatchPath>(matchPath: F): F {
  /** Route path → its literal key, or null when the route is not a literal one. */
  const keys = new Map<string, string | null>();
  let lastPathname: string | undefined;
  let lastKey: string | null = null;
  const quick = (pathname: string, options: string | readonly string[] | RouteShape = {}, ...rest: unknown[]) => {
    if (typeof options === 'object' && !Array.isArray(options) && typeof (options as RouteShape).path === 'string') {
      const route = options as RouteShape & {path: string};
      let key = keys.get(route.path);
      if (key === undefined) {
        key = indexable({path: route.path, exact: true}) ? literalKey(route.path) : null;
        keys.set(route.path, key);
      }
      if (key !== null && route.exact === true && route.strict !== true && route.sensitive !== true) {
        if (pathname !== lastPathname) {
          lastPathname = pathname;
          // A non-ASCII pathname never equals an ASCII literal path, even case-insensitively.
          lastKey = /^[\x00-\x7f]*$/.test(pathname) ? literalKey(pathname) : null;
        }
        if (lastKey !== key) return null;
      }
    }
    return matchPath(pathname, options, ...rest);
  };
  return quick as F;
}
