import assert from 'node:assert/strict';
import {test} from 'node:test';
import {matchPath} from 'react-router';
import {quickMatchPath} from './match-path';

const OPTIONS = [
  {path: '/docs/api/list-contacts', exact: true},
  {path: '/docs/api/Create-Contact', exact: true},
  {path: '/docs/api/trailing/', exact: true},
  {path: '/docs/api/strict', exact: true, strict: true},
  {path: '/docs/api/case', exact: true, sensitive: true},
  {path: '/docs/api/:slug/history', exact: true},
  {path: '/docs/api/a//', exact: true},
  {path: '/docs/api/ünïcode', exact: true},
  {path: '/docs/api/star/*', exact: true},
  {path: '/docs', exact: false},
  {path: '/docs'},
  {path: '/', exact: true},
  {path: '', exact: true},
  {path: ['/docs/api/many-a', '/docs/api/many-b'], exact: true},
  {exact: true},
];
const PATHNAMES = [
  '/',
  '',
  '/docs',
  '/docs/',
  '/docs/api/list-contacts',
  '/docs/api/LIST-contacts/',
  '/docs/api/list-contacts//',
  '/docs/api/create-contact',
  '/docs/api/trailing',
  '/docs/api/strict',
  '/docs/api/strict/',
  '/docs/api/CASE',
  '/docs/api/x/history',
  '/docs/api/a/',
  '/docs/api/a//',
  '/docs/api/ÜNÏCODE',
  '/docs/api/ünïcode',
  '/docs/api/star/z',
  '/docs/api/many-b',
  '/nowhere',
];

test("quickMatchPath gives react-router's answer for every kind of route and pathname", () => {
  const quick = quickMatchPath(matchPath);
  for (const pathname of PATHNAMES) {
    for (const options of OPTIONS) {
      assert.deepEqual(quick(pathname, options), matchPath(pathname, options), `${pathname} ${JSON.stringify(options)}`);
    }
    assert.deepEqual(quick(pathname, '/docs'), matchPath(pathname, '/docs'));
    assert.deepEqual(quick(pathname, ['/docs', '/']), matchPath(pathname, ['/docs', '/']));
    const noOptions = (f: unknown) => (f as (pathname: string) => unknown)(pathname);
    assert.deepEqual(noOptions(quick), noOptions(matchPath));
  }
});

test("a page looked up among 3,000 exact literal routes runs react-router's matcher once, not once per route", () => {
  let calls = 0;
  const quick = quickMatchPath((pathname: string, options: Parameters<typeof matchPath>[1]) => (calls++, matchPath(pathname, options)));
  const docs = Array.from({length: 3000}, (_, i) => ({path: `/docs/api/operation-${i}`, exact: true}));
  for (let page = 0; page < 50; page++) {
    // How useDocRootMetadata finds the page's doc route.
    const found = docs.find((doc) => quick(`/docs/api/operation-${2999 - page}`, doc));
    assert.equal(found?.path, `/docs/api/operation-${2999 - page}`);
  }
  assert.equal(calls, 50);
});
