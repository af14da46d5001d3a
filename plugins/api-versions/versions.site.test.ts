/**
 * API versions in the built site (issue #13, part 3), in headless Chromium: the older versions'
 * pages under /<id>/docs, the navbar's version switcher (same operation, else the closest page;
 * keyboard; its page lists loaded only when opened), search scoped to the version being read,
 * and the Markdown twins, llms.txt and search indexes of the extra routes.
 *
 * Expectations come from the processed documents (the pipeline's listOperations), compared here
 * by operationId and method + path, not from the switcher's own mapping code.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import type {Page} from 'playwright-core';
import {gotoHydrated, navigatedTo, SITE_DIR, useSite} from '../../tests/browser/harness';
import {audit, describeFindings} from '../../tests/browser/axe';
import {documentOverviewSlug, listOperations} from '../../openapi/model/operations';
import {loadPortalConfig} from '../../portal.config';
import {searchTranslations as T} from '../../src/config/search';

const portalConfig = loadPortalConfig();

const site = useSite();

const {currentVersion, olderVersions} = portalConfig;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const current = read(portalConfig.processedSpec);
const currentOps = listOperations(current);
const older = olderVersions
  .map((v) => ({...v, doc: read(v.processedSpec)}))
  .map((v) => ({...v, ops: listOperations(v.doc), overview: documentOverviewSlug(v.doc)}));
const v1 = older[0];

const switcherButton = (page: Page) => page.locator('.navbar__inner').getByRole('button', {name: /^API version /});
/** The navbar's switcher of the page shown (it renders the version of the page on screen, not of the address). */
const shownVersion = (page: Page, id: string) => page.locator(`.navbar__inner [data-api-version="${id}"]`);
const versionLink = (page: Page, id: string) => page.locator(`.navbar__inner a[data-version="${id}"]`);

async function switchTo(page: Page, id: string) {
  await switcherButton(page).click();
  await versionLink(page, id).click();
}

test('the portal documents more than one version (the releases in openapi/releases)', () => {
  assert.ok(v1, 'portal.config.ts found no older API version: openapi/releases should hold a release of an older major');
  assert.notEqual(v1!.id, currentVersion.id);
});

describe('older version pages', () => {
  test('every page of the older version answers 200 under its prefix, and the current routes keep theirs', async () => {
    for (const v of older) {
      const routes = [
        `${v.routeBasePath}/api/${v.overview}`,
        ...v.ops.map((o) => `${v.routeBasePath}/api/${o.slug}`),
        ...new Set(v.ops.flatMap((o) => o.tags).map((t) => `${v.routeBasePath}/category/api/${kebabCase(t)}`)),
      ];
      for (const route of routes) assert.equal((await fetch(site.at(route))).status, 200, route);
    }
    for (const o of currentOps) assert.equal((await fetch(site.at(`/docs/api/${o.slug}`))).status, 200, `/docs/api/${o.slug}`);
  });

  test('an older operation page renders its own document: title, method and path, sidebar within the version', async () => {
    const page = await site.page();
    const op = v1!.ops.find((o) => !currentOps.some((c) => c.operationId === o.operationId)) ?? v1!.ops[0]!;
    await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${op.slug}`);
    assert.ok((await page.locator('main h1').first().textContent())?.startsWith(op.title), `h1 starts with "${op.title}"`);
    assert.match((await page.locator('main').textContent()) ?? '', new RegExp(op.path.replace(/[{}]/g, '\\$&')));
    assert.equal(await switcherButton(page).textContent(), v1!.label);
    const sidebarLinks = await page.locator('nav.menu a.menu__link[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    assert.ok(sidebarLinks.length > v1!.ops.length / 2, 'the version has its own sidebar');
    assert.deepEqual(
      sidebarLinks.filter((h) => !h.startsWith(`${v1!.routeBasePath}/`)),
      [],
      'sidebar links stay in the version',
    );
  });

  test('a deprecated older operation: its heading reads the badge apart ("… Deprecated"), and its console offers only its own version\'s server', async () => {
    const page = await site.page();
    const op = v1!.ops.find((o) => (v1!.doc.paths[o.path]?.[o.method] as {deprecated?: boolean} | undefined)?.deprecated);
    assert.ok(op, 'v1 has a deprecated operation');
    await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${op!.slug}`);
    assert.equal(((await page.locator('main h1').first().textContent()) ?? '').trim(), `${op!.title} Deprecated`);
    await page.locator('main header').getByRole('button', {name: 'Try it', exact: true}).click();
    const dialog = page.getByRole('dialog');
    const select = dialog.getByLabel('Base URL');
    await select.waitFor();
    const servers = await select
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => /^https?:/.test(v)));
    const own = (v1!.doc.servers as {url: string}[]).map((x) => x.url);
    assert.ok(servers.length > 0, 'the console lists servers');
    assert.deepEqual(
      servers.filter((u) => !own.includes(u)),
      [],
      `servers offered on a ${v1!.id} page: ${servers.join(', ')}; its document lists ${own.join(', ')}`,
    );
  });

  test('the older overview links its own categories and download', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${v1!.overview}`);
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    const categories = hrefs.filter((h) => h.includes('/category/api/'));
    assert.ok(categories.length > 0);
    assert.deepEqual(
      categories.filter((h) => !h.startsWith(`${v1!.routeBasePath}/category/api/`)),
      [],
    );
    assert.ok(hrefs.includes(`/${v1!.id}/openapi/openapi.json`), `download link in ${hrefs.join(' ')}`);
    assert.equal((await fetch(site.at(`/${v1!.id}/openapi/openapi.json`))).status, 200);
  });
});

describe('version switcher', () => {
  test('keeps the reader on the same operation (by operationId) in both directions', async () => {
    const page = await site.page();
    const shared = currentOps.find((c) => v1!.ops.some((o) => o.operationId === c.operationId))!;
    const inV1 = v1!.ops.find((o) => o.operationId === shared.operationId)!;
    await gotoHydrated(page, site, `/docs/api/${shared.slug}`);
    assert.equal(await switcherButton(page).textContent(), currentVersion.label);
    await switchTo(page, v1!.id);
    // The operation has the same title in both versions: its heading is on the page being left
    // too, and the address changes before the new page is shown. The switcher tells them apart.
    await navigatedTo(page, `${v1!.routeBasePath}/api/${inV1.slug}`, shownVersion(page, v1!.id));
    assert.ok((await page.locator('main h1').first().textContent())?.startsWith(inV1.title), `h1 starts with "${inV1.title}"`);
    assert.equal(await switcherButton(page).textContent(), v1!.label);
    await switchTo(page, currentVersion.id);
    await navigatedTo(page, `/docs/api/${shared.slug}`, shownVersion(page, currentVersion.id));
    assert.ok((await page.locator('main h1').first().textContent())?.startsWith(shared.title), `h1 starts with "${shared.title}"`);
    assert.equal(await switcherButton(page).textContent(), currentVersion.label);
  });

  test('an operation the other version removed: the menu says so and leads to its replacement there (else its category, else the overview)', async () => {
    const missing = v1!.ops.filter(
      (o) => !currentOps.some((c) => c.operationId === o.operationId || (c.method === o.method && c.path === o.path)),
    );
    assert.ok(missing.length > 0, `${v1!.id} has no operation that ${currentVersion.id} lacks: the releases changed, pick another case`);
    const page = await site.page();
    let replaced = 0;
    for (const op of missing) {
      const by = v1!.doc.paths[op.path][op.method]['x-deprecated-by'] as string | undefined;
      const replacement = by ? currentOps.find((c) => c.operationId === by) : undefined;
      const currentTags = new Set(currentOps.flatMap((c) => c.tags));
      const expected = replacement
        ? `/docs/api/${replacement.slug}`
        : op.tags[0] && currentTags.has(op.tags[0])
          ? `/docs/category/api/${kebabCase(op.tags[0])}`
          : `/docs/api/${documentOverviewSlug(current)}`;
      await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${op.slug}`);
      await switcherButton(page).click();
      const link = versionLink(page, currentVersion.id);
      assert.equal(await link.getAttribute('href'), expected, `${op.slug}`);
      const note = (await link.locator('[data-version-note]').textContent()) ?? '';
      assert.ok(
        note.startsWith(`${op.title} was removed in ${currentVersion.label}`),
        `the link says the operation was removed: "${note}"`,
      );
      if (replacement) {
        replaced++;
        assert.ok(note.includes(`use ${replacement.title} instead`), `the link names the replacement: "${note}"`);
      }
      await link.click();
      await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === expected);
    }
    assert.ok(replaced > 0, 'a removed operation names its replacement (Get customer balance -> Get customer ledger)');
  });

  test('every operation link of the menu is the same operation, matched by operationId or method and path', async () => {
    const page = await site.page();
    for (const op of currentOps.slice(0, 6)) {
      await gotoHydrated(page, site, `/docs/api/${op.slug}`);
      await switcherButton(page).click();
      const href = await versionLink(page, v1!.id).getAttribute('href');
      const same =
        v1!.ops.find((o) => o.operationId === op.operationId) ?? v1!.ops.find((o) => o.method === op.method && o.path === op.path);
      if (same) assert.equal(href, `${v1!.routeBasePath}/api/${same.slug}`, op.slug);
      else assert.ok(href?.startsWith(`${v1!.routeBasePath}/`), op.slug);
    }
  });

  test('a category page goes to the same category; keyboard: Enter opens, Tab reaches the links, Escape closes', async () => {
    const page = await site.page();
    const tag = kebabCase(v1!.ops[0]!.tags[0]!);
    await gotoHydrated(page, site, `/docs/category/api/${tag}`);
    await switcherButton(page).focus();
    await page.keyboard.press('Enter');
    await versionLink(page, v1!.id).waitFor();
    assert.equal(await switcherButton(page).getAttribute('aria-expanded'), 'true');
    assert.equal(await versionLink(page, currentVersion.id).getAttribute('aria-current'), 'page');
    const {findings} = await audit(page, '.navbar');
    assert.deepEqual(findings, [], describeFindings(findings));
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-version')), currentVersion.id);
    await page.keyboard.press('Escape');
    await versionLink(page, v1!.id).waitFor({state: 'hidden'});
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      `API version ${currentVersion.label}, choose another`,
    );
    await page.keyboard.press('Enter');
    // The menu's links stay in the page once loaded (hidden): focus one once it shows again.
    await versionLink(page, v1!.id).waitFor({state: 'visible'});
    await versionLink(page, v1!.id).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === `${v1!.routeBasePath}/category/api/${tag}`);
  });

  test('the page lists load only when the switcher is opened', async () => {
    const page = await site.page();
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
    });
    const marker = `"release":"${String(v1!.doc.info.version)}"`;
    await gotoHydrated(page, site, `/docs/api/${currentOps[0]!.slug}`);
    await page.waitForLoadState('networkidle');
    assert.equal(scripts.filter((s) => s.includes(marker)).length, 0, 'no script of the first load carries the page lists');
    // Waited for, not read from `scripts`: a response's text arrives after the menu may already show.
    const loaded = page
      .waitForResponse(async (r) => r.url().endsWith('.js') && (await r.text().catch(() => '')).includes(marker), {timeout: 15_000})
      .then(
        () => true,
        () => false,
      );
    await switcherButton(page).click();
    await versionLink(page, v1!.id).waitFor();
    assert.ok(await loaded, 'opening the switcher loaded them');
  });

  test('the mobile menu offers the versions too', async () => {
    const page = await site.page({viewport: {width: 390, height: 844}});
    const op = currentOps[0]!;
    const same = v1!.ops.find((o) => o.operationId === op.operationId)!;
    await gotoHydrated(page, site, `/docs/api/${op.slug}`);
    await page.locator('button.navbar__toggle').click();
    await page.locator('button.navbar-sidebar__back').click();
    await page
      .locator('.navbar-sidebar')
      .getByRole('button', {name: /^API version /})
      .click();
    await page.locator(`.navbar-sidebar a[data-version="${v1!.id}"]`).click();
    await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === `${v1!.routeBasePath}/api/${same.slug}`);
  });
});

describe('search scoped to the version being read', () => {
  const dialog = (page: Page) => page.locator('dialog[open]');
  async function modalHrefs(page: Page, query: string): Promise<string[]> {
    await page.locator('.navbar').getByRole('button', {name: 'Search', exact: true}).click();
    await dialog(page).locator('input[role="combobox"]').fill(query);
    await page.waitForFunction((q) => {
      const d = document.querySelector('dialog[open]');
      return d?.querySelector('[role="status"]')?.getAttribute('data-answered-query') === q && d.querySelector('[role="option"]') !== null;
    }, query);
    return dialog(page)
      .locator('[role="option"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')!.replace(/[?#].*$/, '')));
  }
  const apiPages = (hrefs: string[]) => hrefs.filter((h) => /\/docs\/(api|category)\//.test(h));

  test("the modal on an older page finds that version's operations only, and the current one the current's", async () => {
    const onlyOld = v1!.ops.find((o) => !currentOps.some((c) => c.operationId === o.operationId))!;
    const page = await site.page();
    await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${v1!.overview}`);
    const inOld = await modalHrefs(page, onlyOld.title);
    assert.ok(inOld.includes(`${v1!.routeBasePath}/api/${onlyOld.slug}`), `"${onlyOld.title}" in ${v1!.id}: ${inOld.join(' ')}`);
    const shared = currentOps[0]!;
    const sharedInOld = await (async () => {
      await dialog(page).locator('input[role="combobox"]').fill('');
      await dialog(page).getByText(T.empty_query, {exact: true}).waitFor();
      await dialog(page).locator('input[role="combobox"]').fill(shared.title);
      await page.waitForFunction(
        (q) => document.querySelector('dialog[open] [role="status"]')?.getAttribute('data-answered-query') === q,
        shared.title,
      );
      return dialog(page)
        .locator('[role="option"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')!.replace(/[?#].*$/, '')));
    })();
    assert.ok(apiPages(sharedInOld).length > 0);
    assert.deepEqual(
      apiPages(sharedInOld).filter((h) => !h.startsWith(`${v1!.routeBasePath}/`)),
      [],
      `${v1!.id} results only`,
    );
    assert.match(
      (await dialog(page).locator('[role="group"]').first().textContent()) ?? '',
      new RegExp(`API ${v1!.label}`),
      'the results are labelled with the version',
    );
    const seeAll = await dialog(page).getByText(T.see_all_results).getAttribute('href');
    assert.match(seeAll ?? '', new RegExp(`[?&]version=${v1!.id}(&|$)`));

    const now = await site.page();
    await gotoHydrated(now, site, `/docs/api/${shared.slug}`);
    const inCurrent = await modalHrefs(now, shared.title);
    assert.ok(apiPages(inCurrent).length > 0);
    assert.deepEqual(
      inCurrent.filter((h) => h.startsWith(`${v1!.routeBasePath}/`)),
      [],
      'no older version result on a current page',
    );
  });

  test('the search page searches the version named by ?version=', async () => {
    const page = await site.page();
    const shared = currentOps[0]!;
    const results = async (url: string) => {
      await gotoHydrated(page, site, url);
      await page.waitForFunction(() => /\d+ documents? found/.test(document.querySelector('main [role="status"]')?.textContent ?? ''));
      return page.locator('main ol a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.replace(/[?#].*$/, '')));
    };
    const old = await results(`/search?q=${encodeURIComponent(shared.title)}&version=${v1!.id}`);
    assert.ok(apiPages(old).length > 0);
    assert.deepEqual(
      apiPages(old).filter((h) => !h.startsWith(`${v1!.routeBasePath}/`)),
      [],
    );
    await page.getByText(`Searching API version ${v1!.label}`).waitFor();
    const now = await results(`/search?q=${encodeURIComponent(shared.title)}`);
    assert.ok(apiPages(now).length > 0);
    assert.deepEqual(
      now.filter((h) => h.startsWith(`${v1!.routeBasePath}/`)),
      [],
    );
  });
});

describe('build output of the extra routes', () => {
  test('each older version has its own search index, whose API records carry its version', () => {
    for (const v of older) {
      const index = read(path.join(SITE_DIR, ...v.routeBasePath.split('/').filter(Boolean), 'search-index.json'));
      const api = index.at(-1).documents as {u: string; v?: string}[];
      assert.equal(api.length, v.ops.length);
      assert.deepEqual([...new Set(api.map((d) => d.v))], [v.id]);
      const titles = index[0].documents as {u: string}[];
      assert.deepEqual(
        titles.filter((d) => d.u.startsWith('/docs/')),
        [],
        `${v.id}'s index holds no current API page`,
      );
    }
    const root = read(path.join(SITE_DIR, 'search-index.json'));
    assert.deepEqual([...new Set((root.at(-1).documents as {v?: string}[]).map((d) => d.v))], [currentVersion.id]);
    assert.deepEqual(
      (root[0].documents as {u: string}[]).filter((d) => older.some((v) => d.u.startsWith(`${v.routeBasePath}/`))),
      [],
    );
  });

  test('every older page has its Markdown twin; llms.txt lists them in a section of their own', () => {
    const llms = readFileSync(path.join(SITE_DIR, 'llms.txt'), 'utf8');
    for (const v of older) {
      for (const o of v.ops) {
        const twin = path.join(SITE_DIR, `${v.routeBasePath}/api/${o.slug}.md`);
        assert.ok(existsSync(twin), twin);
        assert.ok(readFileSync(twin, 'utf8').includes(`\`${o.method.toUpperCase()} ${o.path}\``), twin);
      }
      const section = llms.split(`## API reference, version ${v.id}\n`)[1]?.split('\n## ')[0] ?? '';
      for (const o of v.ops) assert.ok(section.includes(`${v.routeBasePath}/api/${o.slug}.md)`), `llms.txt ${v.id} section: ${o.slug}`);
    }
  });
});

describe('older version notice', () => {
  test('every page class of an older version says so and links the same page in the latest version; current pages do not', async () => {
    const page = await site.page();
    const banner = page.locator('[data-version-banner]');
    const shared = v1!.ops.find((o) => currentOps.some((c) => c.operationId === o.operationId))!;
    const tag = kebabCase(shared.tags[0]!);
    const cases: [string, string][] = [
      [`${v1!.routeBasePath}/api/${shared.slug}`, `/docs/api/${currentOps.find((c) => c.operationId === shared.operationId)!.slug}`],
      [`${v1!.routeBasePath}/api/${v1!.overview}`, `/docs/api/${documentOverviewSlug(current)}`],
      [`${v1!.routeBasePath}/category/api/${tag}`, `/docs/category/api/${tag}`],
    ];
    for (const [from, to] of cases) {
      await gotoHydrated(page, site, from);
      assert.equal(await banner.count(), 1, `${from}: one notice`);
      assert.ok(await banner.isVisible(), `${from}: the notice is visible`);
      assert.match((await banner.textContent()) ?? '', new RegExp(`API version ${v1!.label}, an older version`));
      assert.equal(await banner.locator('a[data-latest-version-link]').getAttribute('href'), to, from);
      // Laid out where a reader meets it: above the title, not under the floated Copy page button.
      for (const width of [1280, 390]) {
        await page.setViewportSize({width, height: 900});
        const [notice, copy, title] = await Promise.all([
          banner.boundingBox(),
          page.getByRole('button', {name: /^Copy page/}).boundingBox(),
          page.locator('article h1, main h1').first().boundingBox(),
        ]);
        assert.ok(notice && copy && title, `${from} at ${width} px: notice, Copy page and title laid out`);
        assert.ok(
          copy.y + copy.height <= notice.y || notice.y + notice.height <= copy.y || copy.x >= notice.x + notice.width,
          `${from} at ${width} px: the Copy page button is not over the notice`,
        );
        assert.ok(notice.y + notice.height <= title.y, `${from} at ${width} px: the notice comes before the title`);
      }
      await page.setViewportSize({width: 1280, height: 900});
      // Server-rendered: the notice is in the HTML, not added after hydration.
      assert.ok((await (await fetch(site.at(from))).text()).includes('data-version-banner'), `${from}: in the static HTML`);
    }
    await banner.locator('a[data-latest-version-link]').click();
    await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === cases[2]![1]);
    for (const path of [`/docs/api/${shared.slug}`, `/docs/api/${documentOverviewSlug(current)}`, `/docs/category/api/${tag}`]) {
      await gotoHydrated(page, site, path);
      assert.equal(await banner.count(), 0, `${path}: no notice on the latest version`);
    }
  });

  test('an operation the latest version removed: the notice says so and links its replacement', async () => {
    const removed = v1!.ops.find(
      (o) => !currentOps.some((c) => c.operationId === o.operationId) && v1!.doc.paths[o.path][o.method]['x-deprecated-by'],
    )!;
    assert.ok(removed, 'v1 has a removed operation with a replacement');
    const replacement = currentOps.find((c) => c.operationId === v1!.doc.paths[removed.path][removed.method]['x-deprecated-by'])!;
    const page = await site.page();
    await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${removed.slug}`);
    const banner = page.locator('[data-version-banner]');
    assert.match(
      (await banner.textContent()) ?? '',
      new RegExp(`${removed.title} was removed in ${currentVersion.label}: use ${replacement.title} instead`),
    );
    assert.equal(await banner.locator('a[data-latest-version-link]').getAttribute('href'), `/docs/api/${replacement.slug}`);
    assert.equal(await banner.locator('a[data-latest-version-link]').textContent(), `Open ${replacement.title} in ${currentVersion.label}`);
    // The page's own "Deprecated: use …" link stays in its version.
    const inVersion = v1!.ops.find((o) => o.operationId === replacement.operationId)!;
    assert.equal(await page.locator('[data-deprecated-by] a').getAttribute('href'), `${v1!.routeBasePath}/api/${inVersion.slug}`);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe: an older page's notice and the switcher's note on a removed operation (${theme}, desktop and phone)`, async () => {
    const removed = v1!.ops.find((o) => !currentOps.some((c) => c.operationId === o.operationId))!;
    for (const viewport of [
      {width: 1280, height: 900},
      {width: 390, height: 844},
    ]) {
      const page = await site.page({localStorage: {theme}, viewport});
      await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${removed.slug}`);
      const notice = await audit(page, '[data-version-banner]');
      assert.deepEqual(notice.findings, [], describeFindings(notice.findings));
      if (viewport.width < 997) continue; // the phone's switcher is in the drawer (tested above)
      await switcherButton(page).click();
      await page.locator('.navbar__inner [data-version-note]').waitFor();
      const menu = await audit(page, '.navbar');
      assert.deepEqual(menu.findings, [], describeFindings(menu.findings));
    }
  });
}

describe("each version's servers follow its major", () => {
  const major = (v: string) => `/${v}`;
  test('the processed documents and downloads: current under /<current id>, older under theirs', async () => {
    assert.match(String(current.servers[0].url), new RegExp(`${major(currentVersion.id)}$`));
    for (const v of older) assert.match(String(v.doc.servers[0].url), new RegExp(`${major(v.id)}$`), v.id);
    const json = await (await fetch(site.at('/openapi/openapi.json'))).json();
    assert.equal(json.servers[0].url, current.servers[0].url);
    const yaml = await (await fetch(site.at('/openapi/openapi.yaml'))).text();
    assert.match(yaml, new RegExp(`^  - url: ${current.servers[0].url.replace(/[.]/g, '\\.')}$`, 'm'));
    const postman = await fetch(site.at('/openapi/postman-collection.json'));
    if (postman.ok) {
      const text = await postman.text();
      assert.ok(
        text.includes(current.servers[0].url.replace(/^https:\/\//, '')) && !text.includes(older[0]!.doc.servers[0].url),
        'the Postman collection calls the current version',
      );
    }
    for (const v of older)
      assert.equal((await (await fetch(site.at(`/${v.id}/openapi/openapi.json`))).json()).servers[0].url, v.doc.servers[0].url, v.id);
  });

  test("pages, samples and twins of each version call that version's server", async () => {
    const page = await site.page();
    const shared = v1!.ops.find((o) => currentOps.some((c) => c.operationId === o.operationId))!;
    const now = currentOps.find((c) => c.operationId === shared.operationId)!;
    for (const [route, server, other] of [
      [`/docs/api/${now.slug}`, current.servers[0].url, v1!.doc.servers[0].url],
      [`${v1!.routeBasePath}/api/${shared.slug}`, v1!.doc.servers[0].url, current.servers[0].url],
    ] as [string, string, string][]) {
      await gotoHydrated(page, site, route);
      const samples = await page.getByRole('region', {name: 'Request', exact: true}).locator('pre code').textContent();
      assert.ok(samples?.includes(`${server}/`), `${route}: the sample calls ${server}`);
      assert.ok(!samples?.includes(other), `${route}: not ${other}`);
      const twin = readFileSync(path.join(SITE_DIR, `${route}.md`), 'utf8');
      assert.ok(twin.includes(`${server}/`) && !twin.includes(other), `${route}.md names ${server} only`);
    }
  });
});

describe('"New in / Changed in" marks name the version being read', () => {
  test('current pages name releases of the current major; v1 pages releases of v1', async () => {
    const page = await site.page();
    const currentMajor = currentVersion.id.replace(/^v/, '');
    let marked = 0;
    for (const o of currentOps) {
      await gotoHydrated(page, site, `/docs/api/${o.slug}`);
      const mark = page.locator('[data-release-mark]');
      if (!(await mark.count())) continue;
      marked++;
      assert.match((await mark.textContent()) ?? '', new RegExp(`in v${currentMajor}\\.`), `/docs/api/${o.slug}`);
    }
    assert.ok(marked > 0, 'some current pages are marked');
    const ledger = v1!.ops.find((o) => o.operationId === 'getCustomerLedger')!;
    await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${ledger.slug}`);
    assert.equal(await page.locator('[data-release-mark]').textContent(), `New in v${v1!.doc.info.version}`);
    for (const o of v1!.ops) {
      await gotoHydrated(page, site, `${v1!.routeBasePath}/api/${o.slug}`);
      const mark = page.locator('[data-release-mark]');
      if (await mark.count()) assert.match((await mark.textContent()) ?? '', /in v1\./, `${v1!.routeBasePath}/api/${o.slug}`);
    }
  });
});
