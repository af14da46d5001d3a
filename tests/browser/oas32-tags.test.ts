/**
 * Hierarchical tags of OpenAPI 3.2 (tests/fixtures/oas-3.2): `parent` nests sidebar categories to
 * any depth, each level with an index page listing its operations and then its child categories;
 * breadcrumbs and the sidebar's open trail go through the hierarchy; `summary` labels a category;
 * tags of kind `badge` and `audience` make no category but label the operation page and its
 * Markdown twin; a tag's `externalDocs` is a link on its category page.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gotoHydrated, useSite} from './harness';
import {fixtureSite} from '../build/fixture-site';
import {breadcrumbs, cards, overviewCategories, sidebarTrail, tagLabels, topCategories} from './tag-navigation';

const built = fixtureSite('tests/fixtures/oas-3.2/openapi.yaml', {
  API_ORIGIN: 'https://api.meters.test',
  AUTH_ORIGIN: 'https://auth.meters.test',
});
const site = useSite({root: built.root});

test('nav tags nest by parent at any depth, labelled by their summary; badge and audience tags make no category', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/api/stream-readings');
  const top = await topCategories(page);
  assert.deepEqual(
    top.filter((l) => ['Metering', 'Exports', 'Meters', 'Readings', 'Live readings'].includes(l)),
    ['Metering', 'Exports'],
    'children are not at the top level',
  );
  for (const label of ['Internal', 'Beta', 'internal', 'beta']) assert.ok(!top.includes(label), `no category "${label}"`);
  assert.equal(
    await page
      .locator('.theme-doc-sidebar-menu a[href$="/category/api/beta"], .theme-doc-sidebar-menu a[href$="/category/api/internal"]')
      .count(),
    0,
  );
  // Three levels: the page's category is open inside its parent, inside the grandparent.
  assert.deepEqual(await sidebarTrail(page), ['Metering', 'Readings', 'Live readings']);
  assert.deepEqual(await breadcrumbs(page), [
    {text: 'Metering', href: '/docs/category/api/metering'},
    {text: 'Readings', href: '/docs/category/api/readings'},
    {text: 'Live readings', href: '/docs/category/api/live'},
    {text: 'Stream readings', href: null},
  ]);
});

test('each level has an index page: its operations, then its child categories', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/category/api/metering');
  assert.equal((await page.locator('main h1').textContent())?.trim(), 'Metering');
  const metering = await cards(page);
  assert.deepEqual(
    metering.filter((c) => !c.operation),
    [
      {title: 'Meters', href: '/docs/category/api/meters', operation: false},
      {title: 'Readings', href: '/docs/category/api/readings', operation: false},
    ],
  );
  assert.equal(metering.filter((c) => c.operation).length, 0, 'no operation is tagged metering itself');

  await gotoHydrated(page, site, '/docs/category/api/readings');
  const readings = await cards(page);
  assert.ok(readings.some((c) => c.operation && c.href === '/docs/api/list-readings'));
  assert.deepEqual(readings.at(-1), {title: 'Live readings', href: '/docs/category/api/live', operation: false});
  assert.ok(
    readings.slice(0, -1).every((c) => c.operation),
    'operations first, then the child category',
  );
  assert.deepEqual(await breadcrumbs(page), [
    {text: 'Metering', href: '/docs/category/api/metering'},
    {text: 'Readings', href: null},
  ]);
});

test("a tag's externalDocs is a link on its category page; the overview lists the top-level categories with the pages below them", async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/category/api/meters');
  const docs = page.locator('[data-external-docs] a');
  assert.equal((await docs.textContent())?.trim(), 'Supported meter hardware');
  assert.equal(await docs.getAttribute('href'), 'https://docs.meters.test/hardware');
  const meterPages = (await cards(page)).filter((c) => c.href.startsWith('/docs/api/')).length;
  await gotoHydrated(page, site, '/docs/category/api/readings');
  assert.equal(await page.locator('[data-external-docs]').count(), 0, 'a tag without externalDocs has no link');
  const readingPages = (await cards(page)).filter((c) => c.href.startsWith('/docs/api/')).length;

  await gotoHydrated(page, site, '/docs/api/meter-ledger-api');
  const metering = (await overviewCategories(page)).find((c) => c.label === 'Metering');
  // Meters + Readings + Live readings (one page), none counted twice.
  assert.deepEqual(metering, {
    label: 'Metering',
    href: '/docs/category/api/metering',
    count: `${meterPages + readingPages + 1} operations`,
  });
});

test('badge and audience tags label the operation page and its Markdown twin', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/api/list-meter-calibrations');
  assert.deepEqual(await tagLabels(page), ['Audience: Internal', 'Beta']);
  assert.equal(
    await page.locator('[data-tag-labels] li[data-tag-kind="badge"]').getAttribute('title'),
    'May change without a new major version.',
  );
  // Its nav tag is where it is filed.
  assert.deepEqual(await sidebarTrail(page), ['Metering', 'Meters']);
  await gotoHydrated(page, site, '/docs/api/list-readings');
  assert.deepEqual(await tagLabels(page), ['Beta']);
  await gotoHydrated(page, site, '/docs/api/list-meters');
  assert.equal(await page.locator('[data-tag-labels]').count(), 0, 'nav tags only: no labels');

  const twin = await page.request.get(site.at('/docs/api/list-meter-calibrations.md'));
  assert.equal(twin.status(), 200);
  assert.match(await twin.text(), /^Tags: \*\*Internal\*\* \(audience\), \*\*Beta\*\*\.$/m);
});
