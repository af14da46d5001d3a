import assert from 'node:assert/strict';
import {test} from 'node:test';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {StaticRouter} from 'react-router';
import * as original from 'react-router-config';
import * as indexed from './react-router-config';
import type {RouteConfig} from './react-router-config';

/** Shows which route rendered, with the match it got. */
function Show({
  route,
  match,
  children,
}: {
  route: RouteConfig;
  match: {url: string; isExact: boolean; params: object};
  children?: React.ReactNode;
}) {
  return React.createElement(
    'i',
    {
      'data-route': String(route.path),
      'data-url': match.url,
      'data-exact': String(match.isExact),
      'data-params': JSON.stringify(match.params),
    },
    children,
  );
}

/** A routes tree shaped like Docusaurus's, with every kind of route the index must not get wrong. */
function routesTree(): RouteConfig[] {
  const leaf = (path: string, extra: Partial<RouteConfig> = {}): RouteConfig => ({path, exact: true, component: Show, ...extra});
  const docs: RouteConfig[] = [
    leaf('/docs/api/list-contacts'),
    leaf('/docs/api/Create-Contact'),
    leaf('/docs/api/create-contact', {key: 'dup'}), // same path case-insensitively: the first wins
    leaf('/docs/api/trailing/'),
    leaf('/docs/api/strict', {strict: true}),
    leaf('/docs/api/strict/', {strict: true}),
    leaf('/docs/api/case', {sensitive: true}),
    leaf('/docs/api/:slug/history'), // a parameter before literal routes it could shadow
    leaf('/docs/api/shadowed/history'),
    leaf('/docs/api/a//'),
    leaf('/docs/api/ünïcode'),
    leaf('/docs/api/(x|y)'),
    leaf('/docs/api/star/*'),
    {path: ['/docs/api/many-a', '/docs/api/many-b'], exact: true, component: Show},
    {path: '/docs/api/prefix', component: Show}, // not exact: matches everything under it
    leaf('/docs/api/prefix/child'),
    leaf(''),
  ];
  return [
    leaf('/'),
    leaf('/blog'),
    {path: '/docs', component: Show, routes: [{path: '/docs', component: Show, routes: docs}]},
    {component: Show}, // no path: the catch-all
  ];
}

const PATHNAMES = [
  '/',
  '',
  '/blog',
  '/blog/',
  '/BLOG',
  '/blog//',
  '/docs',
  '/docs/',
  '/docs/api/list-contacts',
  '/docs/api/list-contacts/',
  '/docs/api/LIST-contacts',
  '/docs/api/list-contacts//',
  '/docs/api/create-contact',
  '/docs/api/CREATE-CONTACT/',
  '/docs/api/trailing',
  '/docs/api/trailing/',
  '/docs/api/strict',
  '/docs/api/strict/',
  '/docs/api/STRICT',
  '/docs/api/case',
  '/docs/api/CASE',
  '/docs/api/shadowed/history',
  '/docs/api/other/history',
  '/docs/api/a/',
  '/docs/api/a//',
  '/docs/api/a',
  '/docs/api/ünïcode',
  '/docs/api/%C3%BCn%C3%AFcode',
  '/docs/api/ÜNÏCODE',
  '/docs/api/x',
  '/docs/api/(x|y)',
  '/docs/api/star/z',
  '/docs/api/many-b',
  '/docs/api/prefix',
  '/docs/api/prefix/child',
  '/docs/api/nothing',
  '/nowhere',
  '/docs/api/K',
];

const branchOf = (branch: {route: RouteConfig; match: unknown}[]) => branch.map((b) => ({route: b.route, match: b.match}));

test('matchRoutes: the same branch as react-router-config for every kind of route and pathname', () => {
  const routes = routesTree();
  for (const pathname of PATHNAMES) {
    assert.deepEqual(branchOf(indexed.matchRoutes(routes, pathname)), branchOf(original.matchRoutes(routes, pathname)), pathname);
  }
});

test('renderRoutes: the same markup as react-router-config under a static router, nested and with extra props', () => {
  const routes = routesTree();
  // Each level renders its children with renderRoutes, as Docusaurus's docs routes do.
  const tree = (impl: typeof original | typeof indexed) => {
    const Level = ({route, match, tag}: {route: RouteConfig; match: {url: string; isExact: boolean; params: object}; tag: string}) =>
      React.createElement(Show, {route, match}, tag, route.routes ? impl.renderRoutes(route.routes as never, {tag: tag + '>'}) : null);
    const withLevel = (list: RouteConfig[]): RouteConfig[] =>
      list.map((r) => ({...r, component: Level, ...(r.routes ? {routes: withLevel(r.routes)} : {})}));
    return withLevel(routes);
  };
  const origTree = tree(original);
  const indexedTree = tree(indexed);
  for (const pathname of PATHNAMES) {
    const html = (impl: typeof original | typeof indexed, list: RouteConfig[]) =>
      renderToStaticMarkup(React.createElement(StaticRouter, {location: pathname}, impl.renderRoutes(list as never, {tag: 'root'})));
    assert.equal(html(indexed, indexedTree), html(original, origTree), pathname);
  }
  // An explicit location in switchProps wins over the router's.
  const html = (impl: typeof original | typeof indexed, list: RouteConfig[]) =>
    renderToStaticMarkup(
      React.createElement(
        StaticRouter,
        {location: '/blog'},
        impl.renderRoutes(list as never, {tag: 'root'}, {location: {pathname: '/docs/api/trailing'}} as never),
      ),
    );
  assert.equal(html(indexed, indexedTree), html(original, origTree));
  assert.match(html(indexed, indexedTree), /data-route="\/docs\/api\/trailing\/"/);
});

/** A Docusaurus-sized route list: `count` exact literal doc routes under /docs, then the 404 route. */
function siteRoutes(count: number): {routes: RouteConfig[]; reads: () => number} {
  let reads = 0;
  const counted = (route: RouteConfig): RouteConfig => {
    const {path, ...rest} = route;
    return Object.defineProperty({...rest}, 'path', {enumerable: true, get: () => (reads++, path)}) as RouteConfig;
  };
  const docs = Array.from({length: count}, (_, i) => counted({path: `/docs/api/operation-${i}`, exact: true, component: Show}));
  const routes = [counted({path: '/docs', component: Show, routes: docs}), counted({path: '*', component: Show})];
  return {routes, reads: () => reads};
}

test('matchRoutes tries a handful of routes per page, not every route before the page', () => {
  const {routes, reads} = siteRoutes(3000);
  indexed.matchRoutes(routes, '/docs/api/operation-0'); // the index is built once per route list
  const before = reads();
  const pages = 200;
  for (let i = 0; i < pages; i++) {
    const branch = indexed.matchRoutes(routes, `/docs/api/operation-${2999 - i}`);
    assert.equal(branch.at(-1)!.route.path, `/docs/api/operation-${2999 - i}`);
  }
  // react-router-config reads `path` of every route up to the page's: ~2,900 per page here.
  const perPage = (reads() - before) / pages;
  assert.ok(perPage <= 8, `${perPage} route paths read per page`);
});

test('renderRoutes tries a handful of routes per page, not every route before the page', () => {
  const {routes, reads} = siteRoutes(3000);
  const Docs = ({route}: {route: RouteConfig}) => indexed.renderRoutes(route.routes);
  const withDocs = [{...routes[0]!, component: Docs, path: '/docs', routes: routes[0]!.routes}, routes[1]!];
  const render = (pathname: string) =>
    renderToStaticMarkup(React.createElement(StaticRouter, {location: pathname}, indexed.renderRoutes(withDocs)));
  render('/docs/api/operation-0');
  const before = reads();
  const pages = 100;
  for (let i = 0; i < pages; i++)
    assert.match(render(`/docs/api/operation-${2999 - i}`), new RegExp(`data-route="/docs/api/operation-${2999 - i}"`));
  const perPage = (reads() - before) / pages;
  assert.ok(perPage <= 8, `${perPage} route paths read per page`);
});
