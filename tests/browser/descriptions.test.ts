/**
 * Descriptions on our own site show their formatting, never markup as text: no description
 * block of the overview, a category page or the operation pages shows a tag ("<code>") or an
 * escaped one ("&lt;code&gt;") in what the reader sees. (A foreign document full of HTML is built
 * and read the same way by tests/build/html-descriptions.test.ts.)
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gotoHydrated, useSite} from './harness';
import {describedOperations, overviewRoute, sidebarCategories} from './description';

const site = useSite();
const TAG_AS_TEXT = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>|&(lt|gt|amp|quot);/i;

test('description blocks show no HTML tags as text (overview, a category, every operation page)', async () => {
  const routes = [overviewRoute(), sidebarCategories()[0]?.route, ...describedOperations().map((op) => op.route)].filter(
    Boolean,
  ) as string[];
  const page = await site.page();
  let blocks = 0;
  for (const route of routes) {
    await gotoHydrated(page, site, route);
    const texts = await page.locator('main .api-html').allInnerTexts();
    blocks += texts.length;
    for (const text of texts) assert.ok(!TAG_AS_TEXT.test(text), `${route} shows markup as text: ${text}`);
  }
  assert.ok(blocks > routes.length, `${blocks} description blocks read on ${routes.length} pages`);
});
