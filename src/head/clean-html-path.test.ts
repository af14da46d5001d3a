import {test} from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {createHash} from 'node:crypto';
import {cleanHtmlPathHash, cleanHtmlPathScript} from './clean-html-path';

/** Runs the script against a fake address; returns what it did. */
function run(href: string, baseUrl = '/') {
  const url = new URL(href, 'https://portal.example');
  const did: {replaceState?: string; replace?: string; stopped: boolean} = {stopped: false};
  const context = {
    location: {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      replace: (to: string) => void (did.replace = to),
    },
    history: {state: null, replaceState: (_s: unknown, _t: string, to: string) => void (did.replaceState = to)},
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
  const source = cleanHtmlPathScript('/');
  assert.ok(source.length < 400, `${source.length} characters`);
  assert.equal(cleanHtmlPathHash('/'), `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
});
