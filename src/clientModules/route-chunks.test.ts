/**
 * The route → chunk table gives, for every path, the chunks Docusaurus 3.7's own prefetch asks for
 * (react-router-config's matchRoutes, then every chunk name of each matched route's entries).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {matchPath} from 'react-router';
import {matchRoutes} from 'react-router-config';
import {chunkNamesOf, chunkTable, matchedRoutePaths, type ChunkTree, type RouteLike} from './route-chunks';

// Shaped like .docusaurus/routes.js and routesChunkNames.json: a docs plugin's three nested
// layout routes on one path, exact leaves, a blog, and the catch-all last.
const routes: RouteLike[] = [
  {path: '/blog', exact: true},
  {path: '/blog/first-post', exact: true},
  {
    path: '/docs',
    routes: [
      {
        path: '/docs',
        routes: [
          {
            path: '/docs',
            routes: [
              {path: '/docs/api/get-contact', exact: true},
              {path: '/docs/category/api/contacts', exact: true},
              {path: '/docs/intro', exact: true},
            ],
          },
        ],
      },
    ],
  },
  {path: '/', exact: true},
  {path: '*'},
];

const names: Record<string, ChunkTree> = {
  '/blog-a1b': {
    __comp: 'c-blog-list',
    __context: {plugin: 'p-blog'},
    sidebar: 's-blog',
    items: [{content: 'd-first'}, {content: 'd-second'}],
  },
  '/blog/first-post-c3d': {__comp: 'c-blog-post', __context: {plugin: 'p-blog'}, content: 'd-first'},
  '/docs-e5f': {__comp: 'c-docs-root', __context: {plugin: 'p-docs'}},
  '/docs-a7b': {__comp: 'c-docs-version', __props: 'v-current'},
  '/docs-9c0': {__comp: 'c-docs-sidebar-root'},
  '/docs/api/get-contact-111': {__comp: 'c-doc-item', content: 'd-get-contact'},
  '/docs/category/api/contacts-222': {__comp: 'c-category', __props: 'g-contacts'},
  '/docs/intro-333': {__comp: 'c-doc-item', content: 'd-intro'},
  '/-444': {__comp: 'c-home', __context: {plugin: 'p-pages'}, config: 'cfg'},
};

/** Docusaurus 3.7's prefetch, restated: matchRoutes, then every chunk of each matched route path. */
function docusaurusChunks(pathname: string): string[] {
  const matches = matchRoutes(routes as Parameters<typeof matchRoutes>[0], pathname);
  return matches.flatMap((m) =>
    Object.entries(names)
      .filter(([key]) => key.replace(/-[^-]+$/, '') === m.route.path)
      .flatMap(([, tree]) => chunkNamesOf(tree)),
  );
}

test('chunk names are collected from nested objects and arrays', () => {
  assert.deepEqual(chunkNamesOf(names['/blog-a1b']!), ['c-blog-list', 'p-blog', 's-blog', 'd-first', 'd-second']);
});

test('every path needs the same chunks as with Docusaurus 3.7 prefetch', () => {
  const table = chunkTable(names);
  for (const pathname of [
    '/',
    '/blog',
    '/blog/first-post',
    '/docs/api/get-contact',
    '/docs/category/api/contacts',
    '/docs/intro',
    '/nope',
    '/docs/nope',
  ]) {
    const ours = matchedRoutePaths(routes, pathname, matchPath).flatMap((p) => table.get(p) ?? []);
    assert.deepEqual(new Set(ours), new Set(docusaurusChunks(pathname)), pathname);
  }
});

test('a docs page needs its own chunks and the three docs layout chunks', () => {
  const table = chunkTable(names);
  const chunks = new Set(matchedRoutePaths(routes, '/docs/api/get-contact', matchPath).flatMap((p) => table.get(p) ?? []));
  assert.deepEqual([...chunks].sort(), [
    'c-doc-item',
    'c-docs-root',
    'c-docs-sidebar-root',
    'c-docs-version',
    'd-get-contact',
    'p-docs',
    'v-current',
  ]);
});
