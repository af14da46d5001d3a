/**
 * Live-preview latency: how long after a save the open page shows the edit.
 *
 *   npx tsx tools/bench/live-preview.ts [--edits=7]
 *
 * Runs `npm start` in a copy of the project (tests/build/site-copy.ts: the real source is never
 * edited), opens /docs/api/get-customer in Chromium and saves openapi/source/paths/customers.yaml
 * `--edits` times, each time with another spelling of the "Get customer" summary (same page slug,
 * new title: a one-operation edit). For each save it times save -> the new heading on the open
 * page, and reads the refresh time the dev server logs (pipeline + page generation). Before the
 * next save it waits for the sidebar to show the new label too (the docs plugin's reload), so the
 * edits do not overlap. Prints each edit, the median, min and max, and the machine's load.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {CHROMIUM, CHROMIUM_ARGS} from '../../tests/browser/harness';
import {startDevServer, type DevServer} from '../../tests/build/dev-server';
import {copyProject} from '../../tests/build/site-copy';

const PAGE = 'docs/api/get-customer';
const SOURCE = 'openapi/source/paths/customers.yaml';
/** Spellings that keep the page slug get-customer (the operationId's), so each is a valid edit. */
const SPELLINGS = [
  'Get Customer',
  'Get customer!',
  'GET customer',
  'Get customer.',
  'Get CUSTOMER',
  'Get customer?',
  'get customer',
  'Get customer',
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  const edits = Number(process.argv.find((a) => a.startsWith('--edits='))?.split('=')[1] ?? 7);
  const copy = copyProject('live-preview-bench');
  const file = path.join(copy.dir, SOURCE);
  const original = readFileSync(file, 'utf8');
  let server: DevServer | undefined;
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  try {
    const startedAt = Date.now();
    server = await startDevServer(copy.dir);
    console.log(`npm start ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    const page = await browser.newPage({viewport: {width: 1280, height: 900}});
    await page.goto(new URL(PAGE, server.url).toString(), {timeout: 180_000});
    await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached', timeout: 180_000});
    const shown: number[] = [];
    const refresh: number[] = [];
    let current = 'Get customer';
    for (let i = 0; i < edits; i++) {
      const next = SPELLINGS.filter((s) => s !== current)[i % (SPELLINGS.length - 1)];
      const from = server.output().length;
      const t0 = Date.now();
      writeFileSync(file, original.replace('      summary: Get customer\n', `      summary: ${next}\n`));
      await page.getByRole('heading', {level: 1, name: next, exact: true}).waitFor({timeout: 120_000});
      shown.push(Date.now() - t0);
      const log = await server.waitForOutput(/\[live-preview\] [^\n]* in (\d+) ms/, {from});
      refresh.push(Number(/\[live-preview\] [^\n]* in (\d+) ms/.exec(log)![1]));
      await page
        .locator(`nav.menu a.menu__link[href="/${PAGE}"]`)
        .filter({hasText: new RegExp(`^${next.replace(/[.?!]/g, '\\$&')}$`)})
        .waitFor({timeout: 120_000});
      console.log(`edit ${i + 1}: "${current}" -> "${next}": shown after ${shown[i]} ms (refresh ${refresh[i]} ms)`);
      current = next;
    }
    const [l1, l5] = os.loadavg();
    console.log(
      `\nsave -> new text on the open page: median ${median(shown)} ms (min ${Math.min(...shown)}, max ${Math.max(...shown)}) over ${edits} edits; ` +
        `refresh (pipeline + pages) median ${median(refresh)} ms; ${os.cpus().length} CPUs, load average ${l1.toFixed(2)} / ${l5.toFixed(2)} (1 / 5 min)`,
    );
  } finally {
    await browser.close();
    await server?.stop();
    copy.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
