/**
 * The navigation of a 3.1 document (tests/fixtures/tag-groups): Redocly's x-tagGroups become parent
 * categories with index pages that list their tags' categories, breadcrumbs go through the group,
 * a tag in no group stays at the top level (not hidden, as Redoc would), untagged operations are
 * grouped by their path's first segment (or the action of an AWS-style query path), an untagged
 * webhook under "Webhooks", and page slugs split words as a reader would.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gotoHydrated, useSite} from './harness';
import {fixtureSite} from '../build/fixture-site';
import {breadcrumbs, cards, overviewCategories, sidebarTrail, topCategories} from './tag-navigation';

const built = fixtureSite('tests/fixtures/tag-groups/openapi.yaml');
const site = useSite({root: built.root});

test('x-tagGroups are top-level categories; a tag in no group and the path groups of untagged operations follow', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/api/depot-api');
  assert.deepEqual(await topCategories(page), ['Accounts', 'Billing', 'Audit', 'Payment Methods', 'Instance', 'Webhooks']);
  // The overview lists the same categories, each with the pages below it.
  assert.deepEqual(
    (await overviewCategories(page)).map((c) => [c.label, c.href, c.count]),
    [
      ['Accounts', '/docs/category/api/accounts', '2 operations'],
      ['Billing', '/docs/category/api/billing', '1 operation'],
      ['Audit', '/docs/category/api/audit', '1 operation'],
      ['Payment Methods', '/docs/category/api/payment-methods', '2 operations'],
      ['Instance', '/docs/category/api/instance', '2 operations'],
      ['Webhooks', '/docs/category/api/webhooks', '1 operation'],
    ],
  );
});

test("a group's index page lists its tags' categories; a tag's page its operations and its externalDocs link", async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/category/api/accounts');
  assert.equal((await page.locator('main h1').textContent())?.trim(), 'Accounts');
  assert.deepEqual(await cards(page), [
    {title: 'Customers', href: '/docs/category/api/customers', operation: false},
    {title: 'Contacts', href: '/docs/category/api/contacts', operation: false},
  ]);
  assert.equal(await page.locator('[data-external-docs]').count(), 0, 'a group has no externalDocs');

  await gotoHydrated(page, site, '/docs/category/api/customers');
  assert.deepEqual(await cards(page), [{title: 'List customers', href: '/docs/api/list-customers', operation: true}]);
  const docs = page.locator('[data-external-docs] a');
  assert.equal((await docs.textContent())?.trim(), 'Customer guide');
  assert.equal(await docs.getAttribute('href'), 'https://docs.depot.test/customers');
  assert.deepEqual(await breadcrumbs(page), [
    {text: 'Accounts', href: '/docs/category/api/accounts'},
    {text: 'Customers', href: null},
  ]);

  // x-displayName labels the category and titles its page.
  await gotoHydrated(page, site, '/docs/category/api/invoices');
  assert.equal((await page.locator('main h1').textContent())?.trim(), 'Invoices and credit notes');
});

test('an operation page: the sidebar opens its group and tag, the breadcrumbs go through both', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/api/list-contacts');
  assert.deepEqual(await sidebarTrail(page), ['Accounts', 'Contacts']);
  assert.deepEqual(await breadcrumbs(page), [
    {text: 'Accounts', href: '/docs/category/api/accounts'},
    {text: 'Contacts', href: '/docs/category/api/contacts'},
    {text: 'List contacts', href: null},
  ]);
});

test('untagged operations: by path segment (versions skipped) and by AWS action noun; slugs split as a reader would', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/docs/category/api/payment-methods');
  assert.deepEqual(await cards(page), [
    {title: 'List payment methods', href: '/docs/api/list-payment-methods', operation: true},
    {title: 'Get a payment method', href: '/docs/api/create-core-v1-payment-method', operation: true},
  ]);
  await gotoHydrated(page, site, '/docs/category/api/instance');
  assert.deepEqual(await cards(page), [
    {title: 'Describe instances', href: '/docs/api/get-describe-instances', operation: true},
    {title: 'Modify an instance attribute', href: '/docs/api/action-post-subscribe', operation: true},
  ]);
  await gotoHydrated(page, site, '/docs/category/api/webhooks');
  assert.deepEqual(await cards(page), [{title: 'Invoice paid', href: '/docs/api/invoice-paid', operation: true}]);
  for (const route of ['/docs/api/action-post-subscribe', '/docs/api/create-core-v1-payment-method', '/docs/api/get-http-invoice-list']) {
    const response = await gotoHydrated(page, site, route);
    assert.equal(response?.status(), 200, route);
    assert.equal(await page.locator('main h1').count(), 1, route);
  }
  assert.deepEqual(await sidebarTrail(page), ['Billing', 'Invoices and credit notes']);
});
