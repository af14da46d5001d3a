/**
 * The first copied request works (issue 21, point 3). As a new reader would: read on the home page
 * which variables to export, export them (with credentials the mock accepts: Prism checks that
 * Basic credentials and the subscription key are present), open "Create customer", copy the cURL
 * sample with its Copy button, and run it with bash against Prism serving the processed document.
 *
 * The one change to the copied text is the server: the documented base URL is replaced with the
 * mock's, the way a reader points a sample at another base URL (as samples-prism.test.ts does by
 * generating the samples for the mock). A .curlrc in the child's CURL_HOME makes curl write the
 * response headers to a file, so the status is read without touching the command.
 * Then the texts copied in bulk (llms-full.txt: every Markdown twin) read the same variables.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import type {Page} from 'playwright-core';
import {copiedBy, gotoHydrated, SITE_DIR, useSite} from './harness';
import {describedOperations, processedDocument} from './description';
import {startPrism, type MockServer} from '../../plugins/api-console/prism';
import {loadPortalConfig} from '../../portal.config';
import {apiKeyEnvVar, CREDENTIAL_ENV_NAMES} from '../../src/config/credentials';

const portalConfig = loadPortalConfig();

const run = promisify(execFile);
const site = useSite();
const work = mkdtempSync(path.join(tmpdir(), 'first-request-'));
let mock: MockServer;

before(async () => {
  mock = await startPrism({spec: portalConfig.processedSpec});
});
after(async () => {
  await mock?.stop();
  rmSync(work, {recursive: true, force: true});
});

/** The variables the home page tells the reader to export, read from the page's text. */
async function homePageVariables(page: Page): Promise<{names: string[]; code: string}> {
  await gotoHydrated(page, site, '/');
  const section = page.locator('section', {has: page.getByRole('heading', {name: 'Your first request'})});
  const step = section.locator('li').filter({hasText: /^\s*Export\b/});
  assert.equal(await step.count(), 1, 'one "Export …" step on the home page');
  const names = (await step.locator('code').allTextContents()).map((n) => n.trim());
  const code = (await section.locator('pre').first().textContent()) ?? '';
  return {names, code};
}

/** The cURL sample of an operation page, as its Copy button puts it on the clipboard. */
async function copiedCurl(page: Page, route: string): Promise<string> {
  await gotoHydrated(page, site, route);
  const panel = page.getByRole('region', {name: 'Request', exact: true});
  await panel.getByRole('tab', {name: 'cURL'}).click();
  return copiedBy(page, () => panel.getByRole('button', {name: 'Copy cURL'}).click());
}

/** Runs a shell command with only these variables (and PATH); returns stdout and the response head curl wrote. */
async function runWithBash(command: string, variables: Record<string, string>, name: string): Promise<{stdout: string; head: string}> {
  const home = path.join(work, name);
  const headers = path.join(home, 'headers.txt');
  mkdirSync(home, {recursive: true});
  writeFileSync(path.join(home, '.curlrc'), `dump-header = "${headers}"\nsilent\n`);
  const {stdout} = await run('bash', ['-c', command], {
    env: {PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CURL_HOME: home, ...variables},
    timeout: 30_000,
  });
  return {stdout, head: readFileSync(headers, 'utf8')};
}

const createCustomer = describedOperations().find((o) => o.operationId === 'createCustomer');
const server = String(processedDocument().servers?.[0]?.url ?? '').replace(/\/+$/, '');

describe('the first copied request', () => {
  test("the home page's variables, exported with mock credentials, make the copied Create customer curl answer 201", async () => {
    assert.ok(createCustomer, 'the document has createCustomer');
    const home = await site.page();
    const {names, code} = await homePageVariables(home);
    assert.ok(names.length >= 3, `variables on the home page: ${names.join(', ')}`);
    for (const n of names) assert.match(n, /^[A-Z_][A-Z0-9_]*$/, `"${n}" is a variable name`);
    // The home page's own request reads the same variables.
    for (const n of names) assert.ok(code.includes(`$${n}`), `the home page's request reads $${n}`);

    const page = await site.page({clipboard: true});
    const copied = await copiedCurl(page, createCustomer!.route);
    assert.match(copied, /^curl /);
    // The sample calls the current version's documented server, once.
    assert.match(
      server,
      new RegExp(`/${portalConfig.currentVersion.id}$`),
      `the current version (${portalConfig.currentVersion.id}) is served under its major: ${server}`,
    );
    assert.equal(copied.split(`${server}/customers`).length, 2, `the copied request calls ${server}/customers:\n${copied}`);

    const variables = Object.fromEntries(names.map((n) => [n, `mock-${n.toLowerCase().replace(/_/g, '-')}`]));
    const {stdout, head} = await runWithBash(copied.replace(server, mock.url), variables, 'with-variables');
    assert.match(head, /^HTTP\/1\.1 201\b/, `status line:\n${head}\nbody: ${stdout}`);
    assert.doesNotMatch(head, /^sl-violations:/im, 'Prism reports no violation of the request');
    assert.ok(JSON.parse(stdout).id, `a created customer: ${stdout}`);
  });

  test('without those variables the same copied request is refused (401): the credentials come from them', async () => {
    const page = await site.page({clipboard: true});
    const copied = await copiedCurl(page, createCustomer!.route);
    assert.ok(copied.includes(`${server}/customers`), "the copied request calls the documented server (replaced by the mock's below)");
    const {head} = await runWithBash(copied.replace(server, mock.url), {}, 'without-variables');
    assert.match(head, /^HTTP\/1\.1 401\b/, head);
  });
});

describe('the texts a reader or an agent copies from', () => {
  /** Environment variables read in shell, Python, Node, Ruby, Go, PHP, Java and C# code. */
  const READS = [
    /\$\{?([A-Z][A-Z0-9_]*)\b/g,
    /os\.environ(?:\.get\()?\[?\s*["']([A-Z][A-Z0-9_]*)["']/g,
    /process\.env\.([A-Z][A-Z0-9_]*)/g,
    /ENV(?:\.fetch\(|\[)\s*["']([A-Z][A-Z0-9_]*)["']/g,
    /(?:os\.Getenv|getenv|System\.getenv|Environment\.GetEnvironmentVariable)\(\s*["']([A-Z][A-Z0-9_]*)["']/g,
  ];
  const schemes = Object.entries<{type: string}>(processedDocument().components?.securitySchemes ?? {})
    .filter(([, s]) => s.type === 'apiKey')
    .map(([key]) => apiKeyEnvVar(key));
  const allowed = new Set([...CREDENTIAL_ENV_NAMES, ...schemes]);

  test('llms-full.txt (every Markdown twin: samples, overview, style guide, blog) reads only the defined variables', () => {
    const text = readFileSync(path.join(SITE_DIR, 'llms-full.txt'), 'utf8');
    const found = new Map<string, number>();
    for (const re of READS) for (const m of text.matchAll(re)) found.set(m[1]!, (found.get(m[1]!) ?? 0) + 1);
    assert.deepEqual(
      [...found.keys()].filter((n) => !allowed.has(n)),
      [],
      'variables outside src/config/credentials.ts',
    );
    for (const n of schemes) assert.ok((found.get(n) ?? 0) > 8, `${n} is read by the samples of the twins`);
  });
});
