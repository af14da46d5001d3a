/**
 * OpenAPI 3.2 methods on the built site of the 3.2 test description (tests/fixtures/oas-3.2):
 * QUERY (a fixed field since 3.2) and the additionalOperations PURGE and COPY each get a page with
 * their method badge, title and path, a sidebar entry with their badge, and search finds them by
 * their method. The document builds with no error.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {fixtureSite} from '../build/fixture-site';
import {gotoHydrated, useSite} from './harness';
import {hrefsOf, openWithButton, pathOf, typeQuery} from './search-ui';

const built = fixtureSite('tests/fixtures/oas-3.2/openapi.yaml', {
  API_ORIGIN: 'https://api.meters.test',
  AUTH_ORIGIN: 'https://auth.meters.test',
});
const site = useSite({root: built.root});

const PAGES = [
  {method: 'QUERY', slug: 'search-meters', title: 'Search meters', path: '/meters', sidebarClass: 'query'},
  {
    method: 'PURGE',
    slug: 'purge-meter-cache',
    title: "Purge a meter's cached readings",
    path: '/meters/{meterId}',
    sidebarClass: 'method-purge',
  },
  {method: 'COPY', slug: 'copy-meter', title: "Copy a meter's settings", path: '/meters/{meterId}', sidebarClass: 'method-copy'},
] as const;

/** The sidebar entry of a page: its label and the badge text its ::before draws. */
async function sidebarEntry(page: Page, slug: string): Promise<{label: string; badge: string; classes: string} | null> {
  return page.evaluate((href) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>('nav.menu a.menu__link')].find((a) => new URL(a.href).pathname === href);
    if (!link) return null;
    const li = link.closest('li')!;
    return {label: link.textContent!.trim(), badge: getComputedStyle(link, '::before').content, classes: li.className};
  }, `/docs/api/${slug}`);
}

test('the 3.2 test description builds with no error', () => {
  // fixtureSite throws when the build fails; the pipeline's summary line says what it read.
  assert.doesNotMatch(built.output, /Unknown type name|cannot bundle|SpecError/);
  assert.match(built.output, /^spec: \S+ -> \S+: \d+ operations, \d+ webhooks?, /m);
});

for (const p of PAGES) {
  test(`${p.method} ${p.path}: page with badge, title and path; sidebar entry with its badge`, async () => {
    const page = await site.page();
    await gotoHydrated(page, site, `/docs/api/${p.slug}`);
    const main = page.locator('main');
    assert.equal((await main.locator('h1').first().textContent())?.trim(), p.title);
    const badge = main.getByText(p.method, {exact: true}).first();
    await badge.waitFor();
    const colors = await badge.evaluate((el) => ({fg: getComputedStyle(el).color, bg: getComputedStyle(el).backgroundColor}));
    assert.notEqual(colors.bg, 'rgba(0, 0, 0, 0)', 'the badge has a background');
    assert.ok((await main.textContent())!.includes(p.path), `the page shows ${p.path}`);
    const entry = await sidebarEntry(page, p.slug);
    assert.ok(entry, 'a sidebar entry');
    assert.equal(entry.label, p.title);
    assert.ok(entry.classes.split(/\s+/).includes(p.sidebarClass), entry.classes);
    assert.equal(entry.badge, `"${p.method}"`);
  });
}

test('search finds the QUERY, PURGE and COPY operations by their method', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/api/search-meters');
  await openWithButton(page);
  for (const [query, slug] of [
    ['QUERY', 'search-meters'],
    ['purge', 'purge-meter-cache'],
    ['COPY /meters/{meterId}', 'copy-meter'],
  ] as const) {
    await typeQuery(page, query);
    const hrefs = (await hrefsOf(page, 'dialog[open] [role="option"]')).map(pathOf);
    assert.equal(hrefs[0], `/docs/api/${slug}`, `${query}: ${hrefs.join(', ')}`);
  }
});
