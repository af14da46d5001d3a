/**
 * `react-router-config` for the server bundle (see index.ts): the same `matchRoutes` and
 * `renderRoutes` answers, found through route-index.ts instead of a `matchPath` per route.
 *
 * - `matchRoutes(routes, pathname)`: the branch of matched routes, outermost first; a route with
 *   no path takes its parent's match (the root match at the top), as react-router-config's does.
 * - `renderRoutes(routes, extraProps, switchProps)`: renders the one route a `<Switch>` of all the
 *   routes would pick (first match in order, `path`/`exact`/`strict` as `<Route>` props), with
 *   the same `<Route>` element and props, without building an element per route.
 */
import React, {useContext, type ReactElement} from 'react';
import {matchPath, Route, Router, __RouterContext as RouterContext, type match as Match} from 'react-router';
import {firstMatch, type RouteShape} from './route-index';

/** react-router's root match (a static of Router that its types leave out). */
const rootMatch = (pathname: string): Match<Params> =>
  (Router as unknown as {computeRootMatch(pathname: string): Match<Params>}).computeRootMatch(pathname);

type Params = Record<string, string | undefined>;

/** A route object as Docusaurus generates it (react-router-config's RouteConfig). */
export interface RouteConfig extends RouteShape {
  readonly key?: React.Key;
  readonly path?: string | string[];
  readonly component?: React.ComponentType<any>;
  readonly render?: (props: any) => React.ReactNode;
  readonly routes?: RouteConfig[];
  readonly [extra: string]: unknown;
}

export interface MatchedRoute {
  route: RouteConfig;
  match: Match<Params>;
}

export function matchRoutes(routes: RouteConfig[], pathname: string, branch: MatchedRoute[] = []): MatchedRoute[] {
  const inherited = branch.length > 0 ? branch[branch.length - 1]!.match : rootMatch(pathname);
  const found = firstMatch(routes, pathname, (i) => {
    const route = routes[i]!;
    return route.path ? matchPath<Params>(pathname, route) : inherited;
  });
  if (!found) return branch;
  const route = routes[found.index]!;
  branch.push({route, match: found.match});
  if (route.routes) matchRoutes(route.routes, pathname, branch);
  return branch;
}

interface IndexedSwitchProps {
  routes: RouteConfig[];
  extraProps: object;
  switchProps: {location?: {pathname: string}};
}

function IndexedSwitch({routes, extraProps, switchProps}: IndexedSwitchProps): ReactElement | null {
  const context = useContext(RouterContext);
  if (!context) throw new Error('renderRoutes: rendered outside a <Router>.');
  const location = switchProps.location ?? context.location;
  const found = firstMatch(routes, location.pathname, (i) => {
    const {path, exact, strict} = routes[i]!;
    // <Switch> reads only the <Route> props renderRoutes sets (so never `sensitive`).
    return path ? matchPath<Params>(location.pathname, {path, exact, strict}) : context.match;
  });
  if (!found) return null;
  const route = routes[found.index]!;
  const Component = route.component as React.ComponentType<any>;
  return React.createElement(Route, {
    key: route.key || found.index,
    path: route.path,
    exact: route.exact,
    strict: route.strict,
    location,
    computedMatch: found.match,
    render: (props: object) =>
      route.render ? route.render({...props, ...extraProps, route}) : React.createElement(Component, {...props, ...extraProps, route}),
  } as unknown as React.ComponentProps<typeof Route>);
}

export function renderRoutes(
  routes: RouteConfig[] | undefined,
  extraProps: object = {},
  switchProps: IndexedSwitchProps['switchProps'] = {},
): ReactElement | null {
  return routes ? React.createElement(IndexedSwitch, {routes, extraProps, switchProps}) : null;
}
