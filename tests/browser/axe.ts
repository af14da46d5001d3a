/**
 * axe-core in the page: the serious and critical violations of a document (or of one element of
 * it, such as an open dialog), and the rules axe really evaluated, so a test can prove it
 * audited something.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from 'playwright-core';
import {settled} from './harness';

const AXE = path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js');
let axeSource: string | undefined;

export interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{target: string; summary: string; data?: unknown}>;
}

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{target: string[]; failureSummary: string; any: Array<{data: unknown}>}>;
}

/**
 * Run axe on the page (or on the element `scope` selects); returns serious+critical findings.
 * Waits for running transitions first: a menu or dialog fading in has its final colours only at
 * the end (Infima's dropdowns fade for 200 ms), and axe would judge the contrast of a frame.
 */
export async function audit(page: Page, scope?: string): Promise<{findings: Finding[]; checked: string[]}> {
  await settled(page);
  // Evaluated by the test driver, not added as an inline <script>: the site's CSP blocks those.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate((axeSource ??= readFileSync(AXE, 'utf8')));
  const results = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {axe: {run: (ctx: unknown, opts: object) => Promise<{violations: AxeViolation[]; passes: Array<{id: string}>}>}}
    ).axe;
    const context = selector ? {include: [selector]} : document;
    const r = await axe.run(context, {resultTypes: ['violations']});
    return {
      violations: r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary, data: n.any[0]?.data})),
      })),
      checked: r.passes.map((x) => x.id).concat(r.violations.map((x) => x.id)),
    };
  }, scope ?? null);
  return {
    findings: results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    checked: results.checked,
  };
}

/** A readable list of findings for an assertion message. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.impact} ${f.id} (${f.help}):\n` +
        f.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target}${n.data ? ` ${JSON.stringify(n.data)}` : ''}`)
          .join('\n'),
    )
    .join('\n');
}
