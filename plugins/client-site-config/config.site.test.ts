/**
 * The built site: no script a page loads carries a plugin's options or a path of the machine that
 * built it, and the pages still read the settings they use (brand, versions, search).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gotoHydrated, useSite} from '../../tests/browser/harness';
import {describedOperations} from '../../tests/browser/description';
import {loadPortalConfig, projectRoot} from '../../portal.config';

const portalConfig = loadPortalConfig();

const site = useSite();
const operation = describedOperations()[0]!;

for (const route of ['/', operation.route, '/blog']) {
  test(`${route}: the scripts hold no plugin option and no build path; the page works`, async () => {
    const page = await site.page();
    const scripts: Promise<{url: string; text: string}>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js'))
        scripts.push(
          response.text().then(
            (text) => ({url: response.url(), text}),
            () => ({url: response.url(), text: ''}),
          ),
        );
    });
    await gotoHydrated(page, site, route);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    assert.ok(
      loaded.some((s) => s.url.includes('/main.')),
      'the main bundle (which holds the site config) was read',
    );
    for (const {url, text} of loaded) {
      for (const leak of [projectRoot, 'operationPaths', 'processedSpec', 'docsRouteBasePath', 'it.htmlAttributes'])
        assert.ok(!text.includes(leak), `${url} holds "${leak}"`);
    }
    // What the pages read of the config is still there: the title, the brand (customFields), the
    // navbar (themeConfig) and, on docs pages, the version switcher (customFields.apiVersions).
    assert.match(await page.title(), /Developer Portal/, 'the site title');
    assert.equal(await page.locator('.navbar__brand').count(), 1, 'the navbar from themeConfig');
    assert.ok(((await page.locator('body').textContent()) ?? '').includes(portalConfig.brand), 'the brand from customFields');
    if (route === operation.route && portalConfig.olderVersions.length > 0)
      assert.equal(await page.getByRole('button', {name: /^API version /}).count(), 1, 'the version switcher from customFields');
  });
}
