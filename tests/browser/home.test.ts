/**
 * The home page shows the site title "Developer Portal" and the tagline "API Documentation for
 * Rev.io" (default brand). The PORTAL_BRAND override is proven in tests/build/brand.test.ts,
 * which builds its own copy.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gotoHydrated, useSite} from './harness';

const site = useSite();

test('home page: h1 "Developer Portal" and tagline "API Documentation for Rev.io"', async () => {
  const page = await site.page();
  const response = await gotoHydrated(page, site, '/');
  assert.equal(response?.status(), 200);
  const h1 = page.locator('h1');
  assert.equal(await h1.count(), 1, 'exactly one h1 on the home page');
  assert.equal((await h1.textContent())?.trim(), 'Developer Portal');
  assert.ok(await page.getByText('API Documentation for Rev.io', {exact: true}).first().isVisible(), 'tagline visible');
  // The document title carries the tagline and the site title.
  assert.match(await page.title(), /API Documentation for Rev\.io/);
  assert.match(await page.title(), /Developer Portal/);
});

test('home page: the server-rendered HTML already carries title and tagline (no JS needed)', async () => {
  const res = await fetch(site.at('/'));
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<h1[^>]*>Developer Portal<\/h1>/);
  assert.match(html, />API Documentation for Rev\.io</);
});
