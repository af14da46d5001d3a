/**
 * Route matching by exact path while Docusaurus renders the static pages (README.md): module
 * aliases for the server bundle only, applied by plugins/server-shared-chunks (the plugin that
 * configures that bundle: a plugin of its own would add its name to every page's main.js and a
 * blank line to every page's head).
 * - `react-router-config` is ./react-router-config.ts: `matchRoutes` and `renderRoutes` find the
 *   page's route through an index of the literal route paths (route-index.ts) instead of one
 *   `matchPath` per route;
 * - `react-router` is ./react-router.ts: the package, with a `matchPath` that answers "no" for an
 *   exact literal route with a string comparison (match-path.ts).
 * The browser bundle keeps the packages: a reader's navigation matches once per click, and the
 * first-load JavaScript stays as it is.
 */
import path from 'node:path';

export function ssgRouteAliases(): Record<string, string> {
  return {
    'react-router-config$': path.join(__dirname, 'react-router-config.ts'),
    'react-router$': path.join(__dirname, 'react-router.ts'),
  };
}
