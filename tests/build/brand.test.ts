/**
 * Item 1 of issue 2, brand override: a copy of the site built with PORTAL_BRAND=Acme says
 * "API Documentation for Acme" on its home page (visible tagline, document title, meta
 * description) and no longer names the default brand there. The default brand (Rev.io) is
 * checked in the browser by tests/browser/home.test.ts.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {SpawnSyncReturns} from 'node:child_process';
import {buildCopy, copyProject} from './site-copy';

const copy = copyProject('brand');
let run: SpawnSyncReturns<string>;
before(() => {
  run = buildCopy(copy.dir, {PORTAL_BRAND: 'Acme'});
});
after(() => copy.dispose());

const home = () => readFileSync(path.join(copy.dir, 'build/index.html'), 'utf8');

test('the site builds with PORTAL_BRAND=Acme', () => {
  assert.equal(run.status, 0, `build failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
});

test('home page: title "Developer Portal", tagline "API Documentation for Acme"', () => {
  const html = home();
  assert.match(html, /<h1[^>]*>Developer Portal<\/h1>/);
  // (The minified HTML drops optional closing tags such as </p>.)
  assert.match(html, /<p[^>]*>API Documentation for Acme</, 'visible tagline');
  assert.match(html, /<title[^>]*>API Documentation for Acme \| Developer Portal<\/title>/, 'document title');
  assert.match(html, /<meta[^>]*name="?description"?[^>]*content="?Developer Portal: API Documentation for Acme\./, 'meta description');
  assert.ok(!html.includes('API Documentation for Rev.io'), 'the default brand is gone from the home page');
});
