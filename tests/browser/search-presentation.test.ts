/**
 * How search results read (issue 21, point 7), in Chromium against the built site: one item per
 * page on /search (its title, then its matching text and sections), the page title on the modal's
 * top hit, each page once (a blog post was listed again through its author's page), method badges
 * readable in the selected and hovered row in both colour modes, and no label glued to a title
 * ("Get customer balanceDeprecated"), for eyes and screen readers. The search's behaviour is
 * tests/browser/search.test.ts.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, settled, useSite} from './harness';
import {contrast, flatten, parseColor} from './colors';
import {dialog, openWithButton, options, pathOf, searchOnPage, typeQuery} from './search-ui';

const site = useSite();

/** Issue 21, point 7: how results read (one row per page, titles first, readable badges, no glued labels). */
describe('result presentation', () => {
  /** The top-level items of /search: each page's title link, its page path, its section links. */
  const pageItems = (page: Page) =>
    page.locator('main ol > li').evaluateAll((items) =>
      items.map((li) => {
        const title = li.querySelector(':scope > h2 a, :scope > h3 a')!;
        return {
          title: title.textContent!.trim(),
          href: title.getAttribute('href')!,
          text: li.textContent!,
          links: Array.from(li.querySelectorAll('a')).map((a) => a.getAttribute('href')!),
        };
      }),
    );

  test('/search lists each page once: its title, then its matching text and sections under it (no orphan snippet row)', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/search');
    await searchOnPage(page, 'invoice');
    const items = await pageItems(page);
    const shown = items.map((i) => `${i.title} ${i.href}`).join('\n');
    const paths = items.map((i) => pathOf(i.href));
    assert.deepEqual(
      paths.filter((p, k) => paths.indexOf(p) !== k),
      [],
      `a page listed twice:\n${shown}`,
    );
    for (const item of items) {
      assert.ok(item.title && !item.title.startsWith('…'), `an item leads with its page title, not a snippet: "${item.title}"`);
      assert.deepEqual(
        item.links.map(pathOf).filter((p) => p !== pathOf(item.href)),
        [],
        `${item.title}: links of another page in its item`,
      );
    }
    // The count is of pages.
    await page.getByText(`${items.length} documents found`, {exact: true}).waitFor();
    // The screenshot's pair: "Create invoice", then "Creates a one-off invoice…" as a row of its own.
    const create = items.find((i) => pathOf(i.href) === '/docs/api/create-invoice');
    assert.ok(create, shown);
    assert.equal(create.title, 'Create invoice');
    assert.match(create.text, /Creates a one-off invoice/);
    // The titles of the pages, as the index has them.
    const reconciling = items.find((i) => pathOf(i.href) === '/blog/long-blog-post');
    assert.equal(reconciling?.title, 'Reconciling customer ledgers without losing a cent');
    assert.ok(reconciling.links.length > 1, 'its matching sections are listed under it');
  });

  test('the modal\'s top hit for "invoice pdf" is the page "Download invoice" (its title, then its operation and matching text)', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'invoice pdf');
    const first = options(page).first();
    assert.equal(pathOf((await first.getAttribute('href'))!), '/docs/api/download-invoice');
    const lines = await first.evaluate((option) =>
      Array.from(option.querySelectorAll(':scope > span:not([aria-hidden]) > span')).map((line) =>
        line.textContent!.replace(/^, /, '').trim(),
      ),
    );
    assert.equal(lines[0], 'Download invoice', lines.join(' | '));
    assert.match(lines[1]!, /GET\s*\/invoices\/\{invoice_id\}\/pdf/);
    assert.match(lines[2]!, /PDF/, 'the matching text as the secondary line');
    // Every row of a page leads with that page's title; sections of it are the rows under it.
    await typeQuery(page, 'idempotency');
    const rows = await options(page).evaluateAll((els) =>
      els.map((e) => ({
        tree: !!e.querySelector('svg path[d^="M8 6v"]'),
        first: e.querySelector(':scope > span:not([aria-hidden]) > span')!.textContent!,
      })),
    );
    assert.equal(rows[0]!.tree, false);
    // The Idempotency guide first (its title is the query); the overview, which explains idempotency keys too, is a page row after it.
    assert.equal(rows[0]!.first, 'Idempotency', JSON.stringify(rows));
    assert.ok(
      rows.some((r) => r.first === 'Rev.io API' && !r.tree),
      JSON.stringify(rows),
    );
  });

  test('"ledger" lists the blog post once (its author\'s page repeated it), in the modal and on /search', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/');
    await openWithButton(page);
    await typeQuery(page, 'ledger');
    const rows = await options(page).evaluateAll((els) =>
      els.map((e) => ({href: e.getAttribute('href')!, text: e.textContent!, tree: !!e.querySelector('svg path[d^="M8 6v"]')})),
    );
    const shown = rows.map((r) => `${r.tree ? '  ' : ''}${r.href}`).join('\n');
    assert.deepEqual(
      rows.filter((r) => /^\/blog\/(authors|archive|tags|page)\b/.test(r.href)),
      [],
      shown,
    );
    assert.equal(rows.filter((r) => r.text.includes('Reconciling customer ledgers')).length, 1, shown);
    const pages = rows.filter((r) => !r.tree).map((r) => pathOf(r.href));
    assert.deepEqual(
      pages.filter((p, k) => pages.indexOf(p) !== k),
      [],
      shown,
    );
    await gotoHydrated(page, site, '/search?q=ledger');
    await page.getByText(/documents? found$/).waitFor();
    const items = await pageItems(page);
    assert.deepEqual(
      items.filter((i) => /^\/blog\/(authors|archive)\b/.test(i.href)).map((i) => i.href),
      [],
    );
    assert.equal(items.filter((i) => i.title.startsWith('Reconciling customer ledgers')).length, 1);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`method badges stay readable in the selected (and hovered) row, ${theme} mode`, async () => {
      const page = await site.page();
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await gotoHydrated(page, site, '/');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      await openWithButton(page);
      await typeQuery(page, 'customers');
      const measure = () =>
        options(page).evaluateAll((els) =>
          els
            .filter((e) => e.querySelector('code'))
            .map((e) => {
              const badge = e.querySelector('code')!.previousElementSibling!;
              return {
                selected: e.getAttribute('aria-selected') === 'true',
                method: badge.textContent!,
                row: getComputedStyle(e).backgroundColor,
                fill: getComputedStyle(badge).backgroundColor,
                text: getComputedStyle(badge).color,
              };
            }),
        );
      const check = async (what: string) => {
        const badges = await measure();
        const selected = badges.find((b) => b.selected);
        assert.ok(selected, `${what}: a selected row with a method badge`);
        const row = parseColor(selected.row);
        const fill = flatten([parseColor(selected.fill), row]);
        const text = flatten([parseColor(selected.text), fill]);
        const shown = `${what}: ${selected.method} badge ${selected.text} on ${selected.fill}, row ${selected.row}`;
        assert.ok(contrast(text, fill) >= 4.5, `${shown}: text ${contrast(text, fill).toFixed(2)}:1`);
        assert.ok(contrast(fill, row) >= 4.5, `${shown}: badge against the row ${contrast(fill, row).toFixed(2)}:1`);
        return badges;
      };
      // POST /customers first: the POST badge's blue is the selected row's.
      const badges = await check('selected');
      assert.ok(
        badges.some((b) => b.method === 'POST'),
        badges.map((b) => b.method).join(),
      );
      for (let k = 0; k < badges.length; k += 1) {
        const row = options(page)
          .filter({has: page.locator('code')})
          .nth(k);
        await row.hover();
        await page.waitForFunction((el) => el?.getAttribute('aria-selected') === 'true', await row.elementHandle());
        await settled(page);
        await check(`hovered row ${k}`);
      }
    });
  }

  test('a deprecated operation reads "Get customer balance Deprecated", apart for eyes and screen readers (v1 search)', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/v1/docs/api/get-customer-balance');
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor();
    await typeQuery(page, 'customer balance');
    const option = options(page).filter({hasText: 'Deprecated'}).first();
    assert.equal(pathOf((await option.getAttribute('href'))!), '/v1/docs/api/get-customer-balance');
    const text = (await option.textContent())!;
    assert.doesNotMatch(text, /balanceDeprecated|DeprecatedGET/, text);
    // The accessible name (what a screen reader reads) keeps the title, the label and the operation apart.
    assert.equal(await page.getByRole('option', {name: /Get customer balance Deprecated\W+GET \/customers\//}).count(), 1);
    await gotoHydrated(page, site, '/search?q=customer%20balance&version=v1');
    const title = page.locator('main ol > li h2 a', {hasText: 'Deprecated'}).first();
    await title.waitFor();
    assert.equal((await title.textContent())!.trim(), 'Get customer balance Deprecated');
  });
});
