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
import {listOperations, overviewSlug} from '../../openapi/model/operations';
import {buildCopy, copyProject, PROJECT_ROOT} from './site-copy';
import {startStaticServer} from '../../tools/serve/static-server';
import {chromium} from 'playwright-core';
import {CHROMIUM, CHROMIUM_ARGS, waitForHydration} from '../browser/harness';

const EXAMPLES = path.join(PROJECT_ROOT, 'node_modules/@readme/oas-examples/3.0/json');

/* eslint-disable @typescript-eslint/no-explicit-any */
const documents: {file: string; minOps: number; env?: Record<string, string>}[] = [
  // Small, untagged, no summaries: pages take their operationIds. Built as the largest documents
  // are: every page carries only the schemas its HTML shows, the rest loads from shared modules.
  {file: 'petstore-expanded.json', minOps: 4, env: {API_SCHEMA_BUDGET: '0'}},
  // Larger: one operation per HTTP status code, tagged.
  {file: 'http-status-codes.json', minOps: 80},
];

for (const {file, minOps, env} of documents) {
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
      run = buildCopy(copy.dir, {OPENAPI_SOURCE: source, ...env});
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
        // Paths break only after a slash: the page writes a <wbr> there (src/components/PathText).
        const text = readFileSync(html, 'utf8').replace(/<wbr\s*\/?>/g, '');
        assert.ok(text.includes(op.path.replace(/&/g, '&amp;')), `${op.slug} shows ${op.path}`);
        assert.ok(text.includes(`>${op.method.toUpperCase()}<`), `${op.slug} shows ${op.method.toUpperCase()}`);
      }
    });

    test("the guides' API parts this document lacks are warnings with file:line, and the guide says so", () => {
      assert.equal(run.status, 0, 'the build succeeded');
      assert.match(
        run.stdout + run.stderr,
        /\[guides\] docs\/guides\/quickstart\.mdx:\d+:\d+: <OperationCard operationId="getAListOfBillProfiles">: operation "getAListOfBillProfiles" is not in the API description \(rendered as missing: the description is not ours\)/,
      );
      const html = readFileSync(path.join(copy.dir, 'build/docs/guides/quickstart/index.html'), 'utf8');
      assert.match(html, /Not in this API description: <!-- -->OperationCard operationId (&quot;|")getAListOfBillProfiles(&quot;|")/);
      // The twin says it too, in place of the part.
      const twin = readFileSync(path.join(copy.dir, 'build/docs/guides/quickstart.md'), 'utf8');
      assert.match(twin, /_\(OperationCard operationId "getAListOfBillProfiles": not in this API description\)_/);
    });

    if (env?.API_SCHEMA_BUDGET === '0') {
      test('pages that load schemas on demand have full Markdown twins', () => {
        assert.equal(run.status, 0, 'the build succeeded');
        const lazy = ops.filter((op) =>
          readFileSync(path.join(copy.dir, 'docs/api', `${op.slug}.data.js`), 'utf8').startsWith('const data = JSON.parse('),
        );
        assert.ok(lazy.length > 0, 'some page loads its schemas on demand');
        for (const op of lazy) {
          const twin = readFileSync(path.join(copy.dir, 'build/docs/api', `${op.slug}.md`), 'utf8');
          // Every operation answers the shared Error schema by default: its fields come from the shared modules.
          for (const field of ['`code`', '`message`']) assert.ok(twin.includes(field), `${op.slug}.md lists ${field}`);
        }
      });

      test('a schema that cannot load says so, and Retry loads it', async () => {
        assert.equal(run.status, 0, 'the build succeeded');
        const server = await startStaticServer({root: path.join(copy.dir, 'build')});
        const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
        const context = await browser.newContext({viewport: {width: 1280, height: 900}});
        try {
          const page = await context.newPage();
          const errors: Error[] = [];
          page.on('pageerror', (e) => errors.push(e));
          const op = ops.find((o) => o.method === 'get' && o.path === '/pets');
          assert.ok(op, 'GET /pets is in the document');
          await page.goto(new URL(`docs/api/${op.slug}`, server.url).toString());
          await waitForHydration(page);
          // The network goes away: scripts the page asks for from now on fail.
          let offline = true;
          await context.route('**/*.js', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
          const response = page.locator('#response-default');
          await response.locator('summary').click();
          const alert = response.getByRole('alert');
          await alert.waitFor();
          assert.match(await alert.innerText(), /could not be loaded/);
          assert.equal(await response.getByText('Loading attributes…').count(), 0, 'no endless "Loading…" once it failed');
          // Back online: Retry loads the shared Error schema and lists its fields.
          offline = false;
          await alert.getByRole('button', {name: 'Retry'}).click();
          await response
            .locator('code', {hasText: /^message$/})
            .first()
            .waitFor();
          assert.equal(await response.getByRole('alert').count(), 0, 'the failure message is gone');
          assert.deepEqual(
            errors.map((e) => e.message),
            [],
            'no uncaught page error',
          );
        } finally {
          await browser.close();
          await server.close();
        }
      });
    }

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
