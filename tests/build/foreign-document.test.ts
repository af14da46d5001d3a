/**
 * A portal for any API: the site builds from real public OpenAPI documents we did not write
 * (shipped in the npm package @readme/oas-examples), of different sizes and shapes, and the
 * generated reference shows their operations.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {listOperations, overviewSlug} from '../../openapi/pipeline/checks';
import {buildCopy, copyProject, PROJECT_ROOT} from './site-copy';

const EXAMPLES = path.join(PROJECT_ROOT, 'node_modules/@readme/oas-examples/3.0/json');

/* eslint-disable @typescript-eslint/no-explicit-any */
const documents = [
  // Small, untagged, no summaries: pages take their operationIds.
  {file: 'petstore-expanded.json', minOps: 4},
  // Larger: one operation per HTTP status code, tagged.
  {file: 'http-status-codes.json', minOps: 80},
];

for (const {file, minOps} of documents) {
  describe(`the site built from ${file}`, () => {
    const copy = copyProject(kebabCase(file));
    after(() => copy.dispose());
    const source = path.join(EXAMPLES, file);
    const doc = JSON.parse(readFileSync(source, 'utf8'));
    // Pages and slugs as the pipeline names them (the same rule gen:api uses).
    const ops = listOperations(doc).map((o) => ({method: o.method, path: o.path, slug: o.slug ?? ''}));

    // The build every test below reads, made before them (no test depends on another's work).
    let run: ReturnType<typeof buildCopy>;
    before(() => {
      run = buildCopy(copy.dir, {OPENAPI_SOURCE: source});
    });

    test('builds with no broken link', () => {
      assert.ok(ops.length >= minOps, `${file} has ${ops.length} operations`);
      assert.equal(run.status, 0, `build failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
      assert.match(run.stdout, new RegExp(`\\[gen:api\\] ${ops.length} operation pages`));
    });

    test('every operation has its page with method and path', () => {
      assert.equal(run.status, 0, 'the build succeeded');
      for (const op of ops) {
        const html = path.join(copy.dir, 'build/docs/api', op.slug, 'index.html');
        assert.ok(existsSync(html), `page for ${op.method.toUpperCase()} ${op.path}`);
        const text = readFileSync(html, 'utf8');
        assert.ok(text.includes(op.path.replace(/&/g, '&amp;')), `${op.slug} shows ${op.path}`);
        assert.ok(text.includes(`>${op.method.toUpperCase()}<`), `${op.slug} shows ${op.method.toUpperCase()}`);
      }
    });

    test('the navbar and home page point into this document, not ours', () => {
      assert.equal(run.status, 0, 'the build succeeded');
      const home = readFileSync(path.join(copy.dir, 'build/index.html'), 'utf8');
      // The minified HTML may leave attribute values unquoted.
      const links = (to: string) => new RegExp(`href="?${to.replace(/[/.-]/g, '\\$&')}[" >]`).test(home);
      assert.ok(!links('/docs/category/api/contacts'));
      assert.ok(!home.includes('Your first request'));
      const overview = overviewSlug(String(doc.info.title));
      assert.ok(links(`/docs/api/${overview}`), `home links to the overview /docs/api/${overview}`);
    });
  });
}
