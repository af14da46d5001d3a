/**
 * Runs the browser suite with one Chromium for the whole run: launches it as a Playwright
 * browser server, hands its endpoint to every test file (PORTAL_BROWSER_WS, read by harness.ts),
 * runs Node's test runner on the given files and closes the browser when the runner ends.
 * Usage: tsx tests/browser/run.ts [--concurrency=N] file.test.ts…
 */
import {spawn} from 'node:child_process';
import {chromium} from 'playwright-core';
import {CHROMIUM, CHROMIUM_ARGS} from './harness';

/**
 * Node's --test-timeout limits every test and every test file alike: this is the limit of a file
 * (a file of 60 tests takes minutes on a loaded machine). One test is limited by the harness
 * (TEST_TIME_LIMIT_MS in ./harness: a test that hangs fails after 3 minutes).
 */
const FILE_TIME_LIMIT_MS = 20 * 60_000;

async function main() {
  const args = process.argv.slice(2);
  const concurrency = args.find((a) => a.startsWith('--concurrency='))?.split('=')[1] ?? '2';
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length === 0) throw new Error('tests/browser/run.ts: no test files given');
  const server = await chromium.launchServer({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        `--test-concurrency=${concurrency}`,
        `--test-timeout=${FILE_TIME_LIMIT_MS}`,
        '--test-reporter=spec',
        ...files,
      ],
      {stdio: 'inherit', env: {...process.env, PORTAL_BROWSER_WS: server.wsEndpoint()}},
    );
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  await server.close();
  process.exit(code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
