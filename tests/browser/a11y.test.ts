/**
 * axe-core (issue 2, Delivery): no serious or critical accessibility violations on the home page,
 * an API page, a blog post and the search page, in light and in dark mode. A failure lists each
 * violation with its rule, impact, the offending elements and, for contrast, the colours.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type {Page} from 'playwright-core';
import {gotoHydrated, openSite, type Site} from './harness';

let site: Site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

const AXE = path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js');

const PAGES = ['/', '/docs/api/create-contact', '/blog/long-blog-post', '/search', '/search?q=contact'];

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{target: string; summary: string; data?: unknown}>;
}

async function audit(page: Page): Promise<{findings: Finding[]; checked: string[]}> {
  await page.addScriptTag({path: AXE});
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as {axe: {run: (ctx: Document, opts: object) => Promise<{violations: Array<{
      id: string; impact: string; help: string;
      nodes: Array<{target: string[]; failureSummary: string; any: Array<{data: unknown}>}>;
    }>}>}}).axe;
    const r = await axe.run(document, {resultTypes: ['violations']}) as unknown as {
      passes: Array<{id: string}>;
      violations: Array<{id: string; impact: string; help: string;
        nodes: Array<{target: string[]; failureSummary: string; any: Array<{data: unknown}>}>}>;
    };
    const violations = r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary, data: n.any[0]?.data})),
    }));
    return {violations, checked: r.passes.map((x) => x.id).concat(r.violations.map((x) => x.id))};
  });
  return {
    findings: results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    checked: results.checked,
  };
}

function describe(findings: Finding[]): string {
  return findings
    .map((f) => `${f.impact} ${f.id} (${f.help}):\n` + f.nodes.slice(0, 8).map((n) =>
      `    ${n.target}${n.data ? ` ${JSON.stringify(n.data)}` : ''}`).join('\n'))
    .join('\n');
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violations in ${theme} mode`, async () => {
    const context = await site.newContext();
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    const report: string[] = [];
    for (const p of PAGES) {
      await gotoHydrated(page, site, p);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      if (p.startsWith('/search?')) {
        // Let the search page fetch its index and list results before auditing.
        await page.waitForLoadState('networkidle');
      }
      await page.waitForTimeout(300);
      const {findings, checked} = await audit(page);
      // axe really audited the page (contrast, names, landmarks…), not an empty document.
      for (const rule of ['color-contrast', 'document-title', 'html-has-lang', 'link-name']) {
        assert.ok(checked.includes(rule), `${p}: axe evaluated ${rule}`);
      }
      if (findings.length > 0) report.push(`${p}:\n${describe(findings)}`);
    }
    assert.equal(report.length, 0, `axe findings (${theme}):\n${report.join('\n')}`);
  });
}
