import {test} from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {createHash} from 'node:crypto';
import {cleanHtmlPathHash, cleanHtmlPathScript} from './script';

const ORIGIN = 'https://portal.example';

/**
 * Runs the script against a fake address; returns what it did. `path` is the pathname as the
 * browser gives it (already parsed: no dot segments, "\\" turned into "/"), so it is taken as is.
 * Navigation targets on the page's own origin are shown as paths, any other as the full URL.
 */
function run(pathAndRest: string, baseUrl = '/') {
  const m = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(pathAndRest)!;
  const did: {replaceState?: string; replace?: string; stopped: boolean} = {stopped: false};
  const local = (to: string) => {
    const u = new URL(to, `${ORIGIN}${m[1]}`);
    return u.origin === ORIGIN ? u.pathname + u.search + u.hash : u.href;
  };
  const context = {
    URL,
    location: {
      origin: ORIGIN,
      href: ORIGIN + pathAndRest,
      pathname: m[1],
      search: m[2] ?? '',
      hash: m[3] ?? '',
      replace: (to: string) => void (did.replace = local(to)),
    },
    history: {state: null, replaceState: (_s: unknown, _t: string, to: string) => void (did.replaceState = local(to))},
    window: {stop: () => void (did.stopped = true)},
  };
  vm.runInNewContext(cleanHtmlPathScript(baseUrl), context);
  return did;
}

test('"/x/index.html" is rewritten in place to "/x", keeping query and hash', () => {
  assert.deepEqual(run('/index.html'), {replaceState: '/', stopped: false});
  assert.deepEqual(run('/markdown-page/index.html'), {replaceState: '/markdown-page', stopped: false});
  assert.deepEqual(run('/blog/welcome/index.html?a=1#intro'), {replaceState: '/blog/welcome?a=1#intro', stopped: false});
});

test('"/x.html" drops the document and loads "/x", keeping query and hash', () => {
  assert.deepEqual(run('/blog.html'), {replace: '/blog', stopped: true});
  assert.deepEqual(run('/blog/tags/hello.html?q=x#top'), {replace: '/blog/tags/hello?q=x#top', stopped: true});
});

test('clean paths and paths outside the base URL are left alone', () => {
  for (const p of ['/', '/blog', '/docs/api/get-contact', '/blog/welcome/', '/html', '/x.htm', '/.html']) {
    assert.deepEqual(run(p), {stopped: false}, p);
  }
  assert.deepEqual(run('/other/index.html', '/portal/'), {stopped: false});
});

test('under a base URL the home page keeps its trailing slash', () => {
  assert.deepEqual(run('/portal/index.html', '/portal/'), {replaceState: '/portal/', stopped: false});
  assert.deepEqual(run('/portal/blog/index.html', '/portal/'), {replaceState: '/portal/blog', stopped: false});
  assert.deepEqual(run('/portal/blog.html', '/portal/'), {replace: '/portal/blog', stopped: true});
});

test('the script is small and its CSP hash is the sha256 of exactly that source', () => {
  for (const base of ['/', '/portal/']) {
    const source = cleanHtmlPathScript(base);
    assert.ok(source.length < 450, `${source.length} characters`);
    assert.equal(cleanHtmlPathHash(base), `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
  }
  assert.notEqual(cleanHtmlPathHash('/'), cleanHtmlPathHash('/portal/'));
});

test('issue 22 row 4: a path that starts with several slashes or backslashes never leaves the origin', () => {
  // What a plain host's 404 page sees for "//evil.example/x.html", "/.//evil.example/x.html",
  // "/\\evil.example/x.html", "/..//evil.example/x.html", "/%09/evil.example/x.html" (the browser
  // turns all of them into "//evil.example/x.html"), and raw backslashes the browser would not leave.
  const cases: Array<[string, string, {replace?: string; replaceState?: string; stopped: boolean}]> = [
    ['//evil.example/x.html', '/', {replace: '/evil.example/x', stopped: true}],
    ['///evil.example/x.html?q=1#h', '/', {replace: '/evil.example/x?q=1#h', stopped: true}],
    ['/\\evil.example/x.html', '/', {replace: '/evil.example/x', stopped: true}],
    ['/\\/evil.example/x.html', '/', {replace: '/evil.example/x', stopped: true}],
    ['//evil.example/index.html', '/', {replaceState: '/evil.example', stopped: false}],
    ['//evil.example/x/index.html', '/', {replaceState: '/evil.example/x', stopped: false}],
    ['/%2F%2Fevil.example/x.html', '/', {replace: '/%2F%2Fevil.example/x', stopped: true}],
    ['/portal//evil.example/x.html', '/portal/', {replace: '/portal//evil.example/x', stopped: true}],
  ];
  for (const [path, base, expected] of cases) assert.deepEqual(run(path, base), expected, path);
});

test('the edges of each rule: the name must be exactly "index.html" or end in ".html" (case as written), with a name before ".html", under the base URL', () => {
  const cases: Array<[string, string, {replace?: string; replaceState?: string; stopped: boolean}]> = [
    ['/a.html', '/', {replace: '/a', stopped: true}], // one character before ".html": the shortest page name
    ['/.html', '/', {stopped: false}], // nothing before ".html"
    ['/portal/a.html', '/portal/', {replace: '/portal/a', stopped: true}],
    ['/portal/.html', '/portal/', {stopped: false}],
    ['/aindex.html', '/', {replace: '/aindex', stopped: true}], // not "/index.html": the ".html" rule
    ['/x/INDEX.HTML', '/', {stopped: false}],
    ['/x/page.HTML', '/', {stopped: false}],
    ['/x/index.html/', '/', {stopped: false}],
    ['/x/index.htmlx', '/', {stopped: false}],
    ['/x.html/y', '/', {stopped: false}],
    ['/index.html', '/portal/', {stopped: false}], // outside the base
    ['/portalx/index.html', '/portal/', {stopped: false}],
    ['/portalx/a.html', '/portal/', {stopped: false}],
    ['/portal/x/index.html#h', '/portal/', {replaceState: '/portal/x#h', stopped: false}],
  ];
  for (const [path, base, expected] of cases) assert.deepEqual(run(path, base), expected, `${path} under ${base}`);
});
