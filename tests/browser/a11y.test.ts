/**
 * axe-core: no serious or critical accessibility violations on the home page, an API page, a
 * category page, the blog list and a blog post and the search page, at desktop and phone widths,
 * and in the overlays a reader opens (the request console, the search modal), in light and in
 * dark mode; and none at all, whatever their impact, of the landmark and heading rules the
 * layout answers for (one banner, an <h1> on every page). A failure lists each violation with its
 * rule, impact, the offending elements and, for contrast, the colours.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, settled, useSite} from './harness';
import {audit, describeFindings} from './axe';
import {describedOperations, sidebarCategories} from './description';

const site = useSite();

// An operation with parameters and a body: the console then shows every kind of field.
const operation = describedOperations().find((o) => o.hasBody && o.parameters.length > 0) ?? describedOperations()[0];
const PAGES = ['/', operation.route, sidebarCategories()[0]!.route, '/blog', '/blog/long-blog-post', '/search', '/search?q=contact'];
const RULES = ['color-contrast', 'document-title', 'html-has-lang', 'link-name'];
/** Moderate rules (audit() reports serious and critical ones) that must not fail either. */
const LANDMARK_RULES = ['landmark-no-duplicate-banner', 'landmark-banner-is-top-level', 'landmark-unique', 'page-has-heading-one'];
const PHONE = {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true};

const themedPage = (theme: 'light' | 'dark', phone = false): Promise<Page> => site.page({localStorage: {theme}, ...(phone ? PHONE : {})});

/** The violations of LANDMARK_RULES, whatever their impact (axe is in the page after audit()). */
async function landmarkFindings(page: Page): Promise<string[]> {
  return page.evaluate(async (rules) => {
    const axe = (
      window as unknown as {axe: {run: (ctx: unknown, opts: object) => Promise<{violations: {id: string; nodes: {target: string[]}[]}[]}>}}
    ).axe;
    const r = await axe.run(document, {runOnly: {type: 'rule', values: rules}, resultTypes: ['violations']});
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, LANDMARK_RULES);
}

for (const [theme, phone] of [
  ['light', false],
  ['dark', false],
  ['light', true],
  ['dark', true],
] as const) {
  test(`axe: no serious or critical violations on the page classes in ${theme} mode${phone ? ' on a phone (390 px)' : ''}`, async () => {
    const page = await themedPage(theme, phone);
    const report: string[] = [];
    for (const p of PAGES) {
      await gotoHydrated(page, site, p);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      if (p.startsWith('/search?')) {
        // The search page lists its results once the index has loaded.
        await page.locator('main article, main :text("documents found"), main :text("document found")').first().waitFor();
      }
      await settled(page);
      const {findings, checked} = await audit(page);
      // axe really audited the page (contrast, names, landmarks…), not an empty document.
      for (const rule of RULES) assert.ok(checked.includes(rule), `${p}: axe evaluated ${rule}`);
      if (findings.length > 0) report.push(`${p}:\n${describeFindings(findings)}`);
      const landmarks = await landmarkFindings(page);
      if (landmarks.length > 0) report.push(`${p}:\n    ${landmarks.join('\n    ')}`);
    }
    assert.equal(report.length, 0, `axe findings (${theme}${phone ? ', phone' : ''}):\n${report.join('\n')}`);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: the request console and the search modal in ${theme} mode`, async () => {
    const page = await themedPage(theme);
    await gotoHydrated(page, site, operation.route);
    await page.getByRole('button', {name: 'Try it'}).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', {name: 'Send request'}).waitFor();
    await settled(page);
    const consoleAudit = await audit(page, 'dialog[open]');
    assert.ok(consoleAudit.checked.includes('color-contrast'), 'axe evaluated the console');
    assert.equal(consoleAudit.findings.length, 0, `console (${theme}):\n${describeFindings(consoleAudit.findings)}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'detached'});

    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox');
    await input.fill('contact');
    await page.getByRole('option').first().waitFor();
    await settled(page);
    const modalAudit = await audit(page, 'dialog[open]');
    assert.ok(modalAudit.checked.includes('color-contrast'), 'axe evaluated the search modal');
    assert.equal(modalAudit.findings.length, 0, `search modal (${theme}):\n${describeFindings(modalAudit.findings)}`);
  });
}
