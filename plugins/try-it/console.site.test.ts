/**
 * The request console in Chromium against a real Stoplight Prism process (its own, on a free
 * port) serving the processed description: one operation per tag and every HTTP method the
 * document uses gets its documented success status and example, invalid input gets the
 * document's error response, the invoice PDF downloads; with the mock and the proxy configured
 * the console offers "Mock server" first and sends through the real proxy (proxy.ts), saying so.
 *
 * The built site's `customFields` (with `tryIt` when PORTAL_MOCK_URL / PORTAL_PROXY_URL are set)
 * are part of the main bundle; the tests that need a mock and a proxy on this run's ephemeral
 * ports serve that bundle with `tryIt` set to them (the customFields literal must be found, or
 * the test fails), as a build with those variables would have it. Everything else is the build
 * as it is.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import type {Locator, Page} from 'playwright-core';
import {resolveLocal} from '../../openapi/pipeline/examples';
import {gotoHydrated, useSite, type TrackedPage} from '../../tests/browser/harness';
import {audit, describeFindings} from '../../tests/browser/axe';
import {describedOperations, processedDocument, type DescribedOperation} from '../../tests/browser/description';
import {MOCK_SERVER_LABEL, TRY_IT_FAILURE} from '../../src/components/ApiConsole/try-it';
import {portalConfig} from '../../portal.config';
import {startPrism, type MockServer} from './prism';
import {createProxy} from './proxy';

/* eslint-disable @typescript-eslint/no-explicit-any */
const site = useSite();
const doc = processedDocument();
const operations = describedOperations();
const resolve = (node: unknown): any => resolveLocal(doc, node).node;

let mock: MockServer;
before(async () => {
  // The document the site was built from (tests/browser/description.ts reads the same file).
  mock = await startPrism({spec: portalConfig.processedSpec});
});
after(async () => {
  await mock?.stop();
});

/** The documented success status of an operation and the example of its first media type. */
function success(op: DescribedOperation): {status: number; mediaType: string; example: unknown} {
  const responses = doc.paths[op.path][op.method].responses;
  const status = Object.keys(responses).find((s) => /^2\d\d$/.test(s))!;
  const [mediaType, media] = Object.entries<any>(resolve(responses[status]).content ?? {})[0] ?? [];
  const example = media?.example ?? (media?.examples ? resolve(Object.values(media.examples)[0]).value : undefined);
  return {status: Number(status), mediaType, example};
}

function errorExample(op: DescribedOperation, status: string): unknown {
  const media: any = Object.values(resolve(doc.paths[op.path][op.method].responses[status]).content ?? {})[0];
  return media?.example ?? (media?.examples ? resolve(Object.values(media.examples)[0]).value : undefined);
}

// One operation per tag, then one for each method not yet covered: derived from the document.
const picks: DescribedOperation[] = [];
for (const tag of new Set(operations.flatMap((o) => o.tags))) picks.push(operations.find((o) => o.tags.includes(tag))!);
for (const method of new Set(operations.map((o) => o.method))) {
  if (!picks.some((o) => o.method === method)) picks.push(operations.find((o) => o.method === method)!);
}
const binary = operations.find((o) => {
  const {mediaType} = success(o);
  return mediaType && !/json|text|xml/.test(mediaType);
});

async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: 'Try it'}).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', {name: 'Send request'}).waitFor();
  return dialog;
}

async function useServer(dialog: Locator, url: string): Promise<void> {
  await dialog.getByLabel('Base URL').selectOption({label: 'Custom URL…'});
  await dialog.getByLabel('Custom base URL').fill(url);
}

/** Credentials for the document's schemes (Prism checks that they are present). */
async function fillCredentials(dialog: Locator): Promise<void> {
  const inputs = dialog.locator('[data-credential] input');
  for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill(`mock-credential-${i}`);
}

async function send(dialog: Locator): Promise<{status: string; body: string}> {
  await dialog.getByRole('button', {name: 'Send request'}).click();
  await dialog.getByTestId('console-status').waitFor();
  return {status: (await dialog.getByTestId('console-status').textContent()) ?? '', body: (await dialog.getByTestId('console-body').textContent().catch(() => '')) ?? ''};
}

/**
 * Serves the built main bundle with customFields.tryIt set to these URLs, as a build with
 * PORTAL_MOCK_URL / PORTAL_PROXY_URL writes it (a build without them has no tryIt at all).
 */
async function configureTryIt(page: TrackedPage, tryIt: {mockUrl: string | null; proxyUrl: string | null}): Promise<{replaced: () => number}> {
  let replaced = 0;
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    const body = text
      .replace(/tryIt:\{mockUrl:(null|"[^"]*"),proxyUrl:(null|"[^"]*")\},?/g, '')
      .replace(/customFields:\{/g, (m) => {
        replaced++;
        return `${m}tryIt:${JSON.stringify(tryIt)},`;
      });
    await route.fulfill({response, body});
  });
  return {replaced: () => replaced};
}

describe('the console against the Prism mock', () => {
  test('the picks cover every tag and every method of the document', () => {
    assert.deepEqual(new Set(picks.flatMap((o) => o.tags)), new Set(operations.flatMap((o) => o.tags)));
    assert.deepEqual(new Set(picks.map((o) => o.method)), new Set(operations.map((o) => o.method)));
  });

  for (const op of picks) {
    test(`${op.method.toUpperCase()} ${op.path} (${op.tags.join(', ')}): the documented success status and example`, async () => {
      const page = await site.page();
      await gotoHydrated(page, site, op.route);
      const dialog = await openConsole(page);
      await useServer(dialog, mock.url);
      await fillCredentials(dialog);
      const expected = success(op);
      const got = await send(dialog);
      assert.equal(got.status, String(expected.status), got.body);
      if (/json/.test(expected.mediaType)) assert.deepEqual(JSON.parse(got.body), expected.example);
    });
  }

  test('invalid input: the document error response, with the status Prism picks for it', async () => {
    const op = operations.find((o) => o.method === 'get' && o.parameters.some((p) => p.name === 'page_size'));
    assert.ok(op, 'a list operation with page_size');
    // Chromium logs every 4xx answer as a console error: these two are the point of the test.
    const page = await site.page({allow: [/Failed to load resource: the server responded with a status of (400|401) /]});
    await gotoHydrated(page, site, op.route);
    const dialog = await openConsole(page);
    await useServer(dialog, mock.url);
    await fillCredentials(dialog);
    await dialog.locator('[data-param="query:page_size"] input').fill('1000');
    const got = await send(dialog);
    assert.equal(got.status, '400');
    assert.deepEqual(JSON.parse(got.body), errorExample(op, '400'));
    // Missing credentials: 401.
    const inputs = dialog.locator('[data-credential] input');
    for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill('');
    await dialog.locator('[data-param="query:page_size"] input').fill('10');
    const unauthenticated = await send(dialog);
    assert.equal(unauthenticated.status, '401');
    assert.deepEqual(JSON.parse(unauthenticated.body), errorExample(op, '401'));
  });

  test('the PDF operation downloads what the mock serves, under a .pdf name', async () => {
    assert.ok(binary, 'the document has an operation with a binary success response');
    const page = await site.page({acceptDownloads: true});
    await gotoHydrated(page, site, binary.route);
    const dialog = await openConsole(page);
    await useServer(dialog, mock.url);
    await fillCredentials(dialog);
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const link = dialog.getByRole('link', {name: /Download the response \(application\/pdf, \d+ bytes\)/});
    await link.waitFor();
    assert.equal(await dialog.getByTestId('console-status').textContent(), String(success(binary).status));
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.match(download.suggestedFilename(), /\.pdf$/);
    const served = await (await fetch(`${mock.url}${binary.path.replace(/\{[^}]+\}/g, '1')}`, {headers: {Authorization: 'Basic eDp5', 'Ocp-Apim-Subscription-Key': 'k', Accept: 'application/pdf'}})).arrayBuffer();
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks);
    assert.ok(file.equals(Buffer.from(served)), 'the downloaded bytes are the bytes the mock served');
  });
});

describe('with a mock server and the proxy configured', () => {
  let proxy: Server;
  let proxyUrl: string;
  let proxied: {origin?: string; url: string; cookie?: string}[];
  before(async () => {
    proxied = [];
    const server = createProxy({
      // Only the mock: the test machine must not call the document's real server, so the proxy
      // refuses it (deterministically, without contacting it). Forwarding itself is proxy.test.ts's.
      allow: [mock.url],
      origins: [new URL(site.url).origin],
      maxBodyBytes: 1 << 20,
      timeoutMs: 10000,
      rateLimit: {max: 100, windowMs: 60000},
    });
    server.prependListener('request', (req) => proxied.push({origin: req.headers.origin, url: req.url ?? '', cookie: req.headers.cookie}));
    proxy = server;
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  after(async () => {
    proxy.closeAllConnections();
    await new Promise<void>((r) => proxy.close(() => r()));
  });

  test('"Mock server" is the first server and answers without the proxy', async () => {
    const page = await site.page();
    const tryIt = await configureTryIt(page, {mockUrl: mock.url, proxyUrl});
    const op = picks[0];
    await gotoHydrated(page, site, op.route);
    assert.equal(tryIt.replaced(), 1, "the bundle's customFields were found once");
    const dialog = await openConsole(page);
    const select = dialog.getByLabel('Base URL');
    assert.equal(await select.locator('option').first().textContent(), `${MOCK_SERVER_LABEL} (${mock.url})`);
    assert.equal(await select.inputValue(), mock.url, 'selected by default');
    assert.equal(await dialog.getByTestId('console-proxy-note').count(), 0, 'the mock needs no proxy');
    await fillCredentials(dialog);
    const before = proxied.length;
    const got = await send(dialog);
    assert.equal(got.status, String(success(op).status));
    assert.equal(proxied.length, before, 'nothing went through the proxy');
  });

  test("the document's server goes through the proxy (the console says so and shows the proxy's refusal)", async () => {
    const page = await site.page({allow: [/Failed to load resource: the server responded with a status of 403 /]});
    await configureTryIt(page, {mockUrl: mock.url, proxyUrl});
    await page.context().addCookies([{name: 'portal_session', value: 'secret', url: proxyUrl}]);
    const op = picks.find((o) => o.method === 'get' && !o.parameters.some((p) => p.required)) ?? picks[0];
    await gotoHydrated(page, site, op.route);
    const dialog = await openConsole(page);
    const docServer = doc.servers[0].url;
    await dialog.getByLabel('Base URL').selectOption(docServer);
    const note = dialog.getByTestId('console-proxy-note');
    assert.match((await note.textContent()) ?? '', new RegExp(`Sent to the portal's proxy ${proxyUrl.replace(/[.]/g, '\\.')}, which forwards it`));
    assert.equal(await dialog.getByLabel("Send through the portal's proxy").isChecked(), true);
    // The checkbox and its note pass axe (labels, contrast).
    const {findings, checked} = await audit(page, 'dialog[open]');
    assert.ok(checked.includes('label') && checked.includes('color-contrast'), 'axe audited labels and contrast');
    assert.deepEqual(findings, [], describeFindings(findings));
    // Keyboard: the checkbox is reachable and toggles with Space.
    await dialog.getByLabel("Send through the portal's proxy").focus();
    await page.keyboard.press('Space');
    assert.equal(await dialog.getByLabel("Send through the portal's proxy").isChecked(), false);
    await page.keyboard.press('Space');
    await fillCredentials(dialog);
    const before = proxied.length;
    // The proxy refuses the target (not on its allowlist here): the console shows the proxy's own
    // message beside its answer, not a CORS or network failure.
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    assert.equal(
      await alert.textContent(),
      `The portal's proxy (${proxyUrl}) did not forward the request: This proxy only forwards to the API's servers (${mock.url}); ${docServer}${op.path} is not one of them.`,
    );
    assert.equal(await dialog.getByTestId('console-status').textContent(), '403');
    const sent = proxied.slice(before).filter((r) => r.url.startsWith('/?url='));
    assert.ok(sent.length >= 1, 'the request went to the proxy');
    assert.ok(new URL(sent[0].url, proxyUrl).searchParams.get('url')!.startsWith(`${docServer}${op.path}`), 'for the document server');
    assert.equal(sent[0].origin, new URL(site.url).origin);
    assert.equal(sent[0].cookie, undefined, 'the page sends no cookies to the proxy');
    // Unticked: sent directly, and the note says what that needs.
    await dialog.getByLabel("Send through the portal's proxy").uncheck();
    assert.equal(await note.textContent(), 'Sent directly from your browser: the server must allow this site (CORS).');
  });

  test('a CORS failure names the mock server and the proxy as the ways to try it now', async () => {
    const page = await site.page({allow: ['cors', 'failedResource']});
    await configureTryIt(page, {mockUrl: mock.url, proxyUrl});
    // A loopback server that answers without CORS headers, entered as a custom URL.
    const bare = createServer((_req, res) => res.writeHead(200, {'Content-Type': 'application/json'}).end('{}'));
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    try {
      const op = picks[0];
      await gotoHydrated(page, site, op.route);
      const dialog = await openConsole(page);
      await useServer(dialog, `http://127.0.0.1:${(bare.address() as AddressInfo).port}`);
      await fillCredentials(dialog);
      await dialog.getByRole('button', {name: 'Send request'}).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      assert.equal(await alert.textContent(), TRY_IT_FAILURE.cors(new URL(site.url).origin, {mockUrl: mock.url, proxyUrl}, false));
      assert.match((await alert.textContent()) ?? '', /choose "Mock server"/);
    } finally {
      bare.closeAllConnections();
      await new Promise<void>((r) => bare.close(() => r()));
    }
  });
});
