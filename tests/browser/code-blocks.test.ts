/**
 * Code blocks in Markdown content are highlighted in light and dark themes even though Prism is
 * no longer part of the bundle every page loads (src/plugins/prism-on-demand.ts).
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {openSite, type Site} from './harness';

let site: Site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

test('blog code blocks are highlighted', async () => {
  const page = await site.newPage();
  await page.goto(site.at('/blog/long-blog-post'), {waitUntil: 'networkidle'});
  assert.ok((await page.locator('.prism-code').count()) > 0, 'the post has code blocks');
  assert.ok((await page.locator('.prism-code .token').count()) > 10, 'tokens are highlighted');
  const colours = await page.locator('.prism-code .token').evaluateAll((els) => new Set(els.map((e) => getComputedStyle(e).color)).size);
  assert.ok(colours > 1, 'more than one token colour');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the main bundle carries no Prism grammar', async () => {
  const page = await site.newPage();
  const bodies: string[] = [];
  page.on('response', async (r) => {
    if (/\/main\.[0-9a-f]+\.js$/.test(r.url())) bodies.push(await r.text());
  });
  await page.goto(site.at('/'), {waitUntil: 'networkidle'});
  assert.equal(bodies.length, 1, 'main.js loaded once');
  assert.ok(!bodies[0].includes('languages.extend'), 'no Prism in main.js');
  await page.context().close();
});

test('an API page downloads no highlighter at all (its code is highlighted at build time)', async () => {
  const page = await site.newPage();
  const withPrism: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script' && (await r.text()).includes('languages.extend')) withPrism.push(r.url());
  });
  await page.goto(site.at('/docs/api/create-contact'), {waitUntil: 'networkidle'});
  assert.ok((await page.locator('pre.api-code span[class]').count()) > 3, 'samples are highlighted');
  assert.deepEqual(withPrism, []);
  await page.context().close();
});
