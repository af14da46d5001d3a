/**
 * What a reader sees of the API reference's navigation (openapi/model/tags.ts), read from the
 * rendered page: the sidebar's top level and the trail of categories open around the current
 * page, the breadcrumbs, the cards of a category index page, and the labels under an operation's
 * title. Shared by oas32-tags.test.ts (3.2 tags) and tag-groups.test.ts (x-tagGroups, untagged).
 */
import type {Page} from 'playwright-core';

const SIDEBAR = '.theme-doc-sidebar-menu';

/** Labels of the sidebar's top-level API categories (not the guides'), in order. */
export function topCategories(page: Page): Promise<string[]> {
  return page
    .locator(`${SIDEBAR} li.theme-doc-sidebar-item-category-level-1 > .menu__list-item-collapsible > a.menu__link[href*="/category/api/"]`)
    .allTextContents()
    .then((t) => t.map((s) => s.trim()));
}

/** The sidebar categories that hold the current page's link, outermost first. */
export function sidebarTrail(page: Page): Promise<string[]> {
  return page.locator(`${SIDEBAR} a.menu__link[aria-current="page"]`).evaluate((link) => {
    const trail: string[] = [];
    for (
      let li = link.closest('li.theme-doc-sidebar-item-category');
      li;
      li = li.parentElement!.closest('li.theme-doc-sidebar-item-category')
    )
      trail.unshift(li.querySelector(':scope > .menu__list-item-collapsible > a')!.textContent!.trim());
    return trail;
  });
}

/** The breadcrumbs' texts after the home link: categories, then the page. */
export function breadcrumbs(page: Page): Promise<{text: string; href: string | null}[]> {
  return page.locator('nav.theme-doc-breadcrumbs li.breadcrumbs__item').evaluateAll((lis) =>
    lis
      .filter((li) => !li.querySelector('a[aria-label]')?.getAttribute('aria-label')?.match(/home/i))
      .map((li) => {
        const a = li.querySelector('a');
        return {text: li.textContent!.trim(), href: a ? new URL(a.href).pathname.replace(/\/$/, '') : null};
      }),
  );
}

/** The cards of a category index page: title, link, and whether it is an operation (method and path shown). */
export function cards(page: Page): Promise<{title: string; href: string; operation: boolean}[]> {
  return page.locator('main article a.card').evaluateAll((as) =>
    as.map((a) => ({
      title: a.querySelector('h2')!.textContent!.trim(),
      href: new URL((a as HTMLAnchorElement).href).pathname.replace(/\/$/, ''),
      operation: a.querySelector('[data-card-endpoint]') !== null,
    })),
  );
}

/** The tag labels under an operation's title (3.2 kinds other than nav), as shown. */
export function tagLabels(page: Page): Promise<string[]> {
  return page
    .locator('[data-tag-labels] li')
    .allTextContents()
    .then((t) => t.map((s) => s.trim()));
}

/** The overview page's category list: label, link and count text. */
export function overviewCategories(page: Page): Promise<{label: string; href: string; count: string}[]> {
  return page.locator('#api-reference + ul > li').evaluateAll((lis) =>
    lis.map((li) => {
      const link = li.querySelector('a')!;
      const rest = [...li.children].filter((c) => c !== link);
      return {
        label: link.textContent!.trim(),
        href: new URL(link.href).pathname.replace(/\/$/, ''),
        count: (rest[0]?.textContent ?? '').trim(),
      };
    }),
  );
}
