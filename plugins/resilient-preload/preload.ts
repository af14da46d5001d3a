/**
 * Replaces @docusaurus/core's client `preload` (lib/client/preload.js) in the browser bundle.
 *
 * Docusaurus renders the first page only once `preload(location.pathname)` resolves, and has no
 * `catch` there: when a route chunk of the first page fails to load, React never hydrates, the
 * rejection is uncaught and the server-rendered page stays dead (buttons do nothing). Here the
 * first call settles either way: the app renders, the route's loadable component finds its
 * chunk missing and shows the lazy-loading error text with its Retry button (spec §2, §8), and
 * Retry loads it again. Every later call (client navigations, hover preloads) keeps core's
 * behaviour: a failure rejects, and a failed navigation reloads the page (spec §4).
 */
import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';

let first = true;

export default function preload(pathname: string): Promise<unknown> {
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((p) => matchRoutes(routes, p));
  const loading = Promise.all(matches.map((match) => (match.route.component as unknown as {preload?: () => Promise<unknown>}).preload?.()));
  if (!first) return loading;
  first = false;
  return loading.catch((error: unknown) => {
    console.warn('A chunk of this page did not load; rendering it so that it can offer Retry.', error);
  });
}
