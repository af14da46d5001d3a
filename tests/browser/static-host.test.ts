/**
 * Product spec §2: "Paths ending in index.html or .html are normalised to the clean path." —
 * on a plain static host that serves the files as they are (no redirects: the page's own head
 * script, plugins/clean-html-path/script.ts, does it) and behind our CDN-like server (301 redirects,
 * like the shipped static/_redirects and hosting/nginx.conf). For each variant: the clean
 * address in the address bar, the page once (one navbar and main, at most one h1, the same headings and title as the
 * clean path), no "Page Not Found" at any moment, no hydration error (the fixture fails a test
 * on any console error), and no extra history entry.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {currentSidebarLink, gotoHydrated, navigatedTo, useSite, waitForHydration, type SiteFixture} from './harness';
import {describedOperations, overviewRoute, sidebarCategories} from './description';
import {markdownPageTitle} from './site-content';

const plainSite = useSite({plain: true});
const cdnSite = useSite();

const operation = describedOperations()[0].route;
/** [variant, clean path]: the ten variants of the issue (two of them on docs pages). */
const VARIANTS: Array<[string, string]> = [
  ['/index.html', '/'],
  ['/markdown-page/index.html', '/markdown-page'],
  ['/blog/welcome/index.html', '/blog/welcome'],
  ['/search/index.html', '/search'],
  ['/markdown-page.html', '/markdown-page'],
  ['/blog/welcome.html', '/blog/welcome'],
  ['/blog/tags/hello.html', '/blog/tags/hello'],
  ['/blog.html', '/blog'],
  [`${overviewRoute()}/index.html`, overviewRoute()],
  [`${sidebarCategories()[0]?.route ?? operation}.html`, sidebarCategories()[0]?.route ?? operation],
];

interface Screen {
  h1: string[];
  navbars: number;
  mains: number;
  title: string;
  /** history.length: a page opened from about:blank has 2 entries; a redirect or rewrite adds none. */
  history: number;
}

const screen = (page: import('playwright-core').Page): Promise<Screen> =>
  page.evaluate(() => ({
    h1: [...document.querySelectorAll('h1')].map((h) => (h.textContent ?? '').trim()),
    navbars: document.querySelectorAll('nav.navbar').length,
    mains: document.querySelectorAll('main').length,
    title: document.title,
    history: history.length,
  }));

/** What the clean path shows, opened directly (the reference for its variants). */
const reference = new Map<string, Promise<Screen>>();
function cleanScreen(site: SiteFixture, clean: string): Promise<Screen> {
  let s = reference.get(clean);
  if (!s) {
    s = (async () => {
      const page = await site.page();
      await gotoHydrated(page, site, clean);
      const result = await screen(page);
      await page.context().close();
      return result;
    })();
    reference.set(clean, s);
  }
  return s;
}

/** Records every "Page Not Found" heading that any document of the page ever had, even briefly. */
async function watchNotFound(page: import('playwright-core').Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__portalSawNotFound', (where: string) => void seen.push(where));
  // A string, not a function: tsx would wrap named functions in a helper the page lacks.
  await page.addInitScript(`new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (!(node instanceof Element)) continue;
      const headings = node.matches('h1') ? [node] : [...node.querySelectorAll('h1')];
      if (headings.some((h) => /Page Not Found/.test(h.textContent || ''))) window.__portalSawNotFound(location.href);
    }
  }).observe(document, {childList: true, subtree: true});`);
  return seen;
}

for (const [name, site, plain] of [
  ['plain static host (no redirects)', plainSite, true],
  ['our server (301 redirects)', cdnSite, false],
] as const) {
  describe(name, () => {
    for (const [variant, clean] of VARIANTS) {
      test(`${variant} -> ${clean}`, async () => {
        const rewritesInPlace = variant.endsWith('/index.html');
        // On a plain host "/x.html" has no file: the host answers 404 (its own console line),
        // and the page replaces itself with "/x" before showing anything.
        const page = await site.page({allow: plain && !rewritesInPlace ? ['notFound'] : []});
        const notFoundSeen = await watchNotFound(page);
        const statuses: Array<[string, number]> = [];
        page.on('response', (r) => {
          if (r.request().isNavigationRequest()) statuses.push([new URL(r.url()).pathname, r.status()]);
        });

        await page.goto(site.at(variant));
        await page.waitForURL((u) => u.pathname === clean);
        await waitForHydration(page);

        assert.equal(new URL(page.url()).pathname, clean, 'the address bar shows the clean path');
        const shown = await screen(page);
        assert.equal(shown.navbars, 1, 'one navbar');
        assert.ok(shown.h1.length <= 1, `at most one h1 (the blog index has none): ${JSON.stringify(shown.h1)}`);
        assert.deepEqual(shown, await cleanScreen(site, clean), 'the same page (and history length) as the clean path');
        assert.deepEqual(notFoundSeen, [], '"Page Not Found" never shown');
        assert.equal(await page.getByText('Page Not Found').count(), 0);

        // Which documents the host served: "/x/index.html" is the page itself, rewritten in place;
        // "/x.html" is the host's 404, replaced by "/x"; our server redirects once.
        if (plain) {
          const expected = rewritesInPlace
            ? [[variant, 200]]
            : [
                [variant, 404],
                [clean, 200],
              ];
          assert.deepEqual(statuses, expected, 'requests on the plain host');
        } else {
          assert.deepEqual(
            statuses,
            [
              [variant, 301],
              [clean, 200],
            ],
            'one redirect',
          );
        }
      });
    }

    test('query and hash are kept', async () => {
      const page = await site.page({allow: plain ? ['notFound'] : []});
      await page.goto(site.at('/blog/welcome.html?from=test#top'));
      await page.waitForURL((u) => u.pathname === '/blog/welcome');
      await waitForHydration(page);
      const url = new URL(page.url());
      assert.equal(url.search, '?from=test');
      // Our server's 301 cannot carry the hash, but browsers keep it across redirects.
      assert.equal(url.hash, '#top');
    });

    test('client navigation after a normalised entry works', async () => {
      const page = await site.page();
      await page.goto(site.at('/markdown-page/index.html'));
      await page.waitForURL((u) => u.pathname === '/markdown-page');
      await waitForHydration(page);
      const reference = page.locator('nav.navbar a.navbar__link', {hasText: 'API Reference'});
      const href = (await reference.getAttribute('href'))!;
      assert.match(href, /^\/docs\/category\//);
      await reference.click();
      // Both pages have one h1 and one navbar: wait for the new page itself, then count.
      await navigatedTo(page, href, currentSidebarLink(page, href));
      assert.equal(await page.locator('h1').count(), 1);
      await page.goBack();
      await navigatedTo(page, '/markdown-page', page.getByRole('heading', {level: 1, name: markdownPageTitle(), exact: true}));
      assert.equal(await page.locator('nav.navbar').count(), 1);
    });
  });
}
