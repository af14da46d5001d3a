/**
 * The search UI as the browser tests drive it (tests/browser/search.test.ts and
 * search-presentation.test.ts): the modal's parts, typing a query and waiting for its own answer,
 * and the same on the /search page.
 */
import type {Page} from 'playwright-core';
import {searchTranslations as T} from '../../src/config/search';

export const dialog = (page: Page) => page.locator('dialog[open]');
export const input = (page: Page) => page.locator('dialog[open] input[role="combobox"]');
export const options = (page: Page) => page.locator('dialog[open] [role="option"]');
export const searchButton = (page: Page) => page.locator('.navbar').getByRole('button', {name: 'Search', exact: true});
export const pageField = (page: Page) => page.locator('main input[type="search"]');
export const hrefsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
export const pathOf = (href: string) => href.replace(/[?#].*$/, '');

export async function openWithButton(page: Page) {
  await searchButton(page).click();
  await dialog(page).waitFor();
}

/**
 * Type a query into the open modal and wait for its own answer: the field is emptied first (the
 * modal drops its results and shows the empty-query hint), so the results or "No results." that
 * appear next can only be those of this query.
 */
export async function typeQuery(page: Page, query: string) {
  const field = input(page);
  if ((await field.inputValue()) !== '') {
    await field.fill('');
    await dialog(page).getByText(T.empty_query, {exact: true}).waitFor();
  }
  await field.fill(query);
  // The modal keeps the previous answer on screen until the new one arrives: wait for this query's.
  await page.waitForFunction(
    ({noResults, q}) => {
      const d = document.querySelector('dialog[open]');
      if (!d || d.querySelector('[role="status"]')?.getAttribute('data-answered-query') !== q) return false;
      return d.querySelector('[role="listbox"] [role="option"]') !== null || (d.textContent ?? '').includes(noResults);
    },
    {noResults: T.no_results, q: query.trim()},
  );
}

/** Type a query into the search page's field and wait until the page shows its answer. */
export async function searchOnPage(page: Page, query: string) {
  await pageField(page).fill(query);
  await page.waitForFunction(
    ({heading, found, none}) => {
      const status = document.querySelector('main [role="status"]');
      const text = status?.textContent?.trim() ?? '';
      return (
        document.querySelector('main h1')?.textContent === heading &&
        !!status &&
        !status.querySelector('[aria-busy]') &&
        (new RegExp(found).test(text) || text === none)
      );
    },
    {heading: `Search results for "${query.trim()}"`, found: '^\\d+ documents? found$', none: T.no_documents_were_found},
  );
}
