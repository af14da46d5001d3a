/**
 * A foreign document with HTML in its descriptions and its own code samples
 * (tests/fixtures/html-descriptions.json): a copy of the site is built from it and read in
 * Chromium. The HTML renders (never shown as tags), the unsafe parts are gone (no script ran,
 * no overlay, no javascript: link), and the operation's sample tabs are its own first, without
 * duplicates, then ours.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {listOperations, overviewSlug} from '../../openapi/model/operations';
import {gotoHydrated, useSite} from '../browser/harness';
import {buildCopy, copyProject, PROJECT_ROOT} from './site-copy';

const FIXTURE = path.join(PROJECT_ROOT, 'tests/fixtures/html-descriptions.json');
const doc = JSON.parse(readFileSync(FIXTURE, 'utf8'));
// Page paths as the pipeline names them.
const OPERATION = `/docs/api/${listOperations(doc)[0].slug}`;
const OVERVIEW = `/docs/api/${overviewSlug(doc.info.title)}`;
const copy = copyProject('html-descriptions');
let run: ReturnType<typeof buildCopy>;
// Registered before useSite(): the build exists when the site's server starts.
before(() => {
  run = buildCopy(copy.dir, {OPENAPI_SOURCE: FIXTURE});
  assert.equal(run.status, 0, `build failed:\n${(run.stdout + run.stderr).slice(-4000)}`);
});
const site = useSite({root: path.join(copy.dir, 'build')});
after(() => copy.dispose());

/** Text of the page's main content as the reader sees it. */
const mainText = (page: import('playwright-core').Page) => page.locator('main').innerText();

function assertNoTagsAsText(text: string, where: string): void {
  for (const shown of [
    '<code>',
    '</code>',
    '<em>',
    '<b>',
    '<table>',
    '<ul>',
    '<li>',
    '<br>',
    '&lt;',
    '&gt;',
    '<script',
    '<img',
    'onerror',
  ]) {
    assert.ok(!text.includes(shown), `${where} shows "${shown}" as text:\n${text.slice(0, 2000)}`);
  }
}

test('operation page: descriptions render their HTML, unsafe parts are gone', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, OPERATION);
  const text = await mainText(page);
  assertNoTagsAsText(text.replace(/let label = .*$/m, ''), 'the operation page');
  // Operation, parameter, response and schema property descriptions all keep their markup.
  const main = page.locator('main');
  assert.ok((await main.locator('code > em', {hasText: 'customField'}).count()) >= 1, 'the operation description keeps <code><em>');
  assert.equal(await main.locator('kbd', {hasText: 'wid_123'}).count(), 1, 'the parameter description keeps <kbd>');
  assert.ok(await main.locator('i', {hasText: 'widget'}).count(), 'the response description keeps <i>');
  assert.ok(await main.locator('li strong', {hasText: '60 s'}).count(), 'lists and strong text');
  const guide = main.locator('a', {hasText: 'the guide'});
  assert.equal(await guide.getAttribute('href'), 'https://docs.acme.example/widgets');
  assert.equal(await guide.getAttribute('rel'), 'noopener noreferrer');
  assert.equal(await guide.getAttribute('target'), null);
  // What was unsafe: no script ran, the link has no address, nothing is styled over the page.
  assert.equal(await page.evaluate(() => (window as unknown as {__xss?: string}).__xss), undefined);
  assert.equal(await main.locator('a', {hasText: 'click'}).getAttribute('href'), null);
  assert.equal(await main.locator('.api-html [style], .api-html img, .api-html script').count(), 0);
});

test('schema properties render their HTML when expanded', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, OPERATION);
  const main = page.locator('main');
  // Some schema views start collapsed: open every disclosure, then read.
  for (const button of await main.locator('button[aria-expanded="false"]').all()) await button.click().catch(() => undefined);
  const property = main.locator('.api-html', {hasText: 'A custom field'}).first();
  await property.waitFor();
  assert.equal(await property.locator('code > em').innerText(), 'customField');
  assert.equal(await property.locator('b').innerText(), '255');
  assert.ok(!(await property.innerText()).includes('<'), await property.innerText());
});

test("operation page: our samples first, then the document's own, labelled as its, one tab per label", async () => {
  const page = await site.page();
  await gotoHydrated(page, site, OPERATION);
  const panel = page.locator('section[aria-label="Request"]');
  const tabs = await panel.getByRole('tab').allInnerTexts();
  // The document's "Curl" and "C#" name languages of ours: they keep their text but say whose they are.
  assert.deepEqual(tabs, [
    'cURL',
    'JavaScript',
    'Python',
    'Go',
    'Java',
    'C#',
    'PHP',
    'Ruby',
    'Curl (API description)',
    'C# (API description)',
    'Swift',
  ]);
  assert.doesNotMatch(await panel.locator('pre').innerText(), /ACME_KEY/, "the first tab is the portal's cURL");
  await panel.getByRole('tab', {name: 'Curl (API description)'}).click();
  assert.match(await panel.locator('pre').innerText(), /curl https:\/\/api\.acme\.example\/v1\/widgets\/wid_123/);
  assert.match(await panel.innerText(), /From the API description/);
  await panel.getByRole('tab', {name: 'C# (API description)'}).click();
  assert.match(await panel.locator('pre').innerText(), /client\.Widgets\.GetAsync/);
  await panel.getByRole('tab', {name: 'Swift'}).click();
  // Vendor source is text: the markup inside it is shown, not run.
  assert.match(await panel.locator('pre').innerText(), /<\/code><\/pre><img src=x onerror=/);
  assert.equal(await panel.locator('pre img').count(), 0);
  assert.equal(await page.evaluate(() => (window as unknown as {__xss?: string}).__xss), undefined);
});

test('overview and category pages: info and tag descriptions render, no tags as text', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, OVERVIEW);
  assertNoTagsAsText(await mainText(page), 'the overview page');
  const main = page.locator('main');
  assert.equal(await main.locator('b', {hasText: 'Acme'}).count(), 1);
  assert.equal(await main.locator('table td i', {hasText: '100'}).count(), 1);
  assert.ok(await main.locator('code > em', {hasText: 'customField'}).count(), 'the tag description keeps <code><em>');
  await gotoHydrated(page, site, '/docs/category/api/widgets');
  const category = await mainText(page);
  assertNoTagsAsText(category, 'the category page');
  assert.match(category, /Returns the widget with its customField__c values\./);
  // The server's HTML carries the description (what crawlers read)…
  const expected = 'Returns the widget with its customField__c values.';
  const response = await page.goto(site.at(OPERATION));
  const served = /<meta[^>]*\sname="description"[^>]*\scontent="([^"]*)"/.exec((await response?.text()) ?? '')?.[1];
  assert.equal(served, expected);
  // …and so does the page once hydrated. While hydrating, the head briefly holds the site's
  // default (the tagline) before the page's own metadata is applied again: wait for the end state.
  await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
  await page
    .waitForFunction((text) => document.querySelector('meta[name="description"]')?.getAttribute('content') === text, expected, {
      timeout: 5_000,
    })
    .catch(async () =>
      assert.fail(`meta description after hydration: ${await page.locator('meta[name="description"]').getAttribute('content')}`),
    );
  assert.equal(await page.evaluate(() => (window as unknown as {__xss?: string}).__xss), undefined);
});
