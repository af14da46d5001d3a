/**
 * `npx tsx tools/bench/search-build.ts <build dir> [--document <processed openapi.json>] [--terms github|site]`:
 * the benchmark's search measures on one existing build, without building: index file sizes and
 * their slow-4G transfer time, query latency in Chromium on its /search page, the first query on
 * slow 4G, and (with --document) the generated METHOD /path and operationId queries' top-1/top-5/MRR.
 * Prints JSON. For example, on a GitHub build made with OPENAPI_SOURCE=<api.github.com.json>.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium} from 'playwright-core';
import {startStaticServer} from '../serve/static-server';
import {CHROME_FLAGS} from './lighthouse';
import {slow4gMs} from './results';
import {measureIndexLoad, measureSearch, SEARCH_TERMS} from './search-latency';
import {documentQueries, measureQuality} from './search-quality';
import {GITHUB_SEARCH_TERMS} from './search-terms';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find(
    (a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--document' && args[args.indexOf(a) - 1] !== '--terms',
  );
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  if (!dir || !existsSync(path.join(dir, 'search-index.json')))
    throw new Error(
      'usage: tools/bench/search-build.ts <build dir with search-index.json> [--document openapi.json] [--terms github|site]',
    );
  const files = readdirSync(dir)
    .filter((f) => /^search-index.*\.json$/.test(f))
    .map((name) => {
      const gzip = gzipSync(readFileSync(path.join(dir, name)), {level: 9}).length;
      return {name, raw: readFileSync(path.join(dir, name)).length, gzip, slow4gMs: Math.round(slow4gMs(gzip))};
    });
  console.error(JSON.stringify(files));
  const document = option('--document');
  const quality = document ? await measureQuality(path.join(dir, 'search-index.json'), documentQueries(document)) : undefined;
  const terms = option('--terms') === 'github' ? GITHUB_SEARCH_TERMS : SEARCH_TERMS;
  const server = await startStaticServer({root: dir, gzip: true});
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS});
  try {
    const url = new URL('search', server.url).toString();
    const load = await measureIndexLoad(browser, url, terms[0]!);
    const latency = await measureSearch(browser, url, terms);
    const {samples, ...summary} = latency;
    console.log(
      JSON.stringify({files, quality, load, latency: summary, slowest: [...samples].sort((a, b) => b.ms - a.ms).slice(0, 5)}, null, 1),
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
