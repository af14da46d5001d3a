/**
 * Code blocks in Markdown content are highlighted at build time (plugins/remark/static-code.ts),
 * in light and dark themes, and copyable; Prism is not part of the bundle every page loads
 * (plugins/prism-on-demand/index.ts) and no page class downloads it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {copiedBy, useSite} from './harness';
import {describedOperations} from './description';

const site = useSite();

/** Scripts of a page load whose source contains Prism (its grammars call languages.extend). */
function watchForPrism(page: import('playwright-core').Page): string[] {
  const withPrism: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script' && (await r.text()).includes('languages.extend')) withPrism.push(r.url());
  });
  return withPrism;
}

test('blog code blocks are highlighted at build time: token markup in the HTML, no highlighter downloaded', async () => {
  const html = await (await fetch(site.at('/blog/long-blog-post'))).text();
  assert.match(
    html,
    /<pre class="api-code[^"]*" tabindex="0"><code><span class="?k"?>interface<\/span>/,
    'the server HTML is already highlighted',
  );
  const page = await site.page({clipboard: true});
  const withPrism = watchForPrism(page);
  await page.goto(site.at('/blog/long-blog-post'), {waitUntil: 'networkidle'});
  const blocks = page.locator('article pre.api-code');
  assert.ok((await blocks.count()) >= 2, 'the post has code blocks');
  assert.ok((await page.locator('article pre.api-code span[class]').count()) > 10, 'tokens are marked');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    const colours = await page
      .locator('article pre.api-code span[class]')
      .evaluateAll((els) => new Set(els.map((e) => getComputedStyle(e).color)).size);
    assert.ok(colours > 2, `${theme}: several token colours (${colours})`);
  }
  await page.getByText('sync-ledger.ts', {exact: true}).waitFor();
  const first = page.locator('article [class*="language-ts"]').first();
  await first.hover();
  const copied = await copiedBy(page, () => first.getByRole('button', {name: 'Copy'}).click());
  await first.getByRole('button', {name: 'Copied'}).waitFor();
  assert.equal(copied, await first.locator('pre').innerText());
  assert.ok(copied.startsWith('interface Money {'), copied.slice(0, 40));
  assert.deepEqual(withPrism, [], 'no Prism on the blog post');
});

test('the main bundle carries no Prism grammar', async () => {
  const page = await site.page();
  const bodies: string[] = [];
  page.on('response', async (r) => {
    if (/\/main\.[0-9a-f]+\.js$/.test(r.url())) bodies.push(await r.text());
  });
  await page.goto(site.at('/'), {waitUntil: 'networkidle'});
  assert.equal(bodies.length, 1, 'main.js loaded once');
  assert.ok(!bodies[0].includes('languages.extend'), 'no Prism in main.js');
});

test('an API page downloads no highlighter at all (its code is highlighted at build time)', async () => {
  const page = await site.page();
  const withPrism = watchForPrism(page);
  await page.goto(site.at(describedOperations()[0].route), {waitUntil: 'networkidle'});
  assert.ok((await page.locator('pre.api-code span[class]').count()) > 3, 'samples are highlighted');
  assert.deepEqual(withPrism, []);
});

test('the home page request is highlighted at build time and downloads no highlighter', async () => {
  const page = await site.page();
  const withPrism = watchForPrism(page);
  await page.goto(site.at('/'), {waitUntil: 'networkidle'});
  const block = page.locator('section[aria-labelledby="home-first-request-title"] pre.api-code');
  assert.ok((await block.locator('span[class]').count()) > 3, 'the request is highlighted');
  const text = await block.innerText();
  assert.match(text, /^curl --request GET \\\n {2}--url "https?:\/\/[^"]+\/customer-summaries\?page=1&page_size=5" \\/);
  assert.deepEqual(withPrism, []);
});
