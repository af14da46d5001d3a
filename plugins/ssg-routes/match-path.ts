/**
 * react-router's `matchPath` with a quick "no" for exact literal routes (route-index.ts says
 * which those are): for them a match is an equal lower-cased path, trailing slash aside, so the
 * regular expression only runs for the route that can match. Docusaurus's docs code looks a page
 * up by calling `matchPath` on each route in turn (`useDocRootMetadata` over the doc routes,
 * `getActiveDocContext` over a version's docs); with this, each of those calls costs a string
 * comparison instead of a regular expression. Every other call goes to react-router unchanged.
 */
import {indexable, literalKey, type RouteShape} from './route-index';

type MatchPath<M> = (pathname: string, options?: string | string[] | RouteShape) => M | null;

export function quickMatchPath<M>(matchPath: MatchPath<M>): MatchPath<M> {
  /** Route path → its literal key, or null when the route is not a literal one. */
  const keys = new Map<string, string | null>();
  let lastPathname: string | undefined;
  let lastKey: string | null = null;
  return (pathname, options = {}) => {
    if (typeof options === 'object' && !Array.isArray(options) && typeof options.path === 'string') {
      let key = keys.get(options.path);
      if (key === undefined) {
        key = indexable({path: options.path, exact: true}) ? literalKey(options.path) : null;
        keys.set(options.path, key);
      }
      if (key !== null && options.exact === true && options.strict !== true && options.sensitive !== true) {
        if (pathname !== lastPathname) {
          lastPathname = pathname;
          // A non-ASCII pathname never equals an ASCII literal path, even case-insensitively.
          lastKey = /^[\x00-\x7f]*$/.test(pathname) ? literalKey(pathname) : null;
        }
        if (lastKey !== key) return null;
      }
    }
    return matchPath(pathname, options as never);
  };
}
