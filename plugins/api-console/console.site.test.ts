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
import type {Locator, Page, Request} from 'playwright-core';
import {resolveLocal} from '../../openapi/pipeline/examples';
import {gotoHydrated, useSite, type TrackedPage} from '../../tests/browser/harness';
import {audit, describeFindings} from '../../tests/browser/axe';
import {describedOperations, processedDocument, type DescribedOperation} from '../../tests/browser/description';
import {MOCK_SERVER_LABEL, TRY_IT_FAILURE} from '../../src/components/ApiConsole/try-it';
import {loadPortalConfig} from '../../portal.config';
import {startPrism, type MockServer} from './prism';
import {createProxy} from './proxy';

const portalConfig = loadPortalConfig();

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
  return {
    status: (await dialog.getByTestId('console-status').textContent()) ?? '',
    body:
      (await dialog
        .getByTestId('console-body')
        .textContent()
        .catch(() => '')) ?? '',
  };
}

/**
 * Serves the built main bundle with customFields.tryIt set to these URLs, as a build with
 * PORTAL_MOCK_URL / PORTAL_PROXY_URL writes it (a build without them has no tryIt at all).
 */
async function configureTryIt(
  page: TrackedPage,
  tryIt: {mockUrl: string | null; proxyUrl: string | null},
): Promise<{replaced: () => number}> {
  let replaced = 0;
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    const body = text.replace(/tryIt:\{mockUrl:(null|"[^"]*"),proxyUrl:(null|"[^"]*")\},?/g, '').replace(/customFields:\{/g, (m) => {
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
    // Checked before sending: the problem is named under the field, and nothing went out.
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-problems').waitFor();
    assert.match(
      (await dialog.locator('[data-testid="console-field-problem"][data-field="query:page_size"]').textContent()) ?? '',
      /must be <= \d+/,
    );
    assert.equal(await dialog.getByTestId('console-status').count(), 0, 'not sent');
    // "Send anyway" sends it as typed: the mock's answer to the invalid value.
    await dialog.getByRole('button', {name: 'Send anyway'}).click();
    await dialog.getByTestId('console-status').waitFor();
    const got = {
      status: (await dialog.getByTestId('console-status').textContent()) ?? '',
      body: (await dialog.getByTestId('console-body').textContent()) ?? '',
    };
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

  test('the PDF operation downloads what the mock serves, under the name Content-Disposition gives', async () => {
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
    const answer = await fetch(`${mock.url}${binary.path.replace(/\{[^}]+\}/g, '1')}`, {
      headers: {Authorization: 'Basic eDp5', 'Ocp-Apim-Subscription-Key': 'k', Accept: 'application/pdf'},
    });
    // The name the mock's Content-Disposition gives (the document's example: the invoice number).
    const named = /filename="?([^";]+)"?/.exec(answer.headers.get('content-disposition') ?? '')?.[1];
    assert.ok(named && named !== `${binary.operationId}.pdf`, `the mock names the file (${answer.headers.get('content-disposition')})`);
    assert.equal(download.suggestedFilename(), named);
    assert.equal(await dialog.getByTestId('console-download').getAttribute('download'), named);
    const served = await answer.arrayBuffer();
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
    assert.match(
      (await note.textContent()) ?? '',
      new RegExp(`Sent to the portal's proxy ${proxyUrl.replace(/[.]/g, '\\.')}, which forwards it`),
    );
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

/** The route of the described operation with this operationId. */
const routeOf = (operationId: string) => {
  const op = operations.find((o) => o.operationId === operationId);
  assert.ok(op, `the document has ${operationId}`);
  return op.route;
};

describe('the console as a reader meets it (issue 21 point 6)', () => {
  test('after Send the result is scrolled into view inside the dialog and announced', async () => {
    const page = await site.page({viewport: {width: 1440, height: 900}});
    await gotoHydrated(page, site, routeOf('createCustomer'));
    const dialog = await openConsole(page);
    await useServer(dialog, mock.url);
    await fillCredentials(dialog);
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const status = dialog.getByTestId('console-status');
    await status.waitFor();
    // Inside the dialog's scrolling body, the status line ends up visible (smooth scroll: polled).
    await page.waitForFunction(
      () => {
        const line = document.querySelector('[data-testid="console-status"]')!.getBoundingClientRect();
        const box = document.querySelector('dialog[open] form > div')!.getBoundingClientRect();
        return line.top >= box.top && line.bottom <= box.bottom;
      },
      undefined,
      {timeout: 5000},
    );
    const live = dialog.getByTestId('console-announcement');
    assert.equal(await live.getAttribute('role'), 'status');
    assert.match((await live.textContent()) ?? '', /^Response: 201 Created, in \d+ ms\.$/);
  });

  test('malformed JSON: the message sits right under the body textarea, which is marked invalid; nothing is sent', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, routeOf('createCustomer'));
    const dialog = await openConsole(page);
    await useServer(dialog, mock.url);
    await fillCredentials(dialog);
    const sent: string[] = [];
    page.on('request', (r) => r.url().startsWith(mock.url) && sent.push(r.url()));
    const textarea = dialog.getByLabel('Request body');
    await textarea.fill('{"name": "Northwind",');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const message = dialog.locator('[data-testid="console-field-problem"][data-field="body"]');
    await message.waitFor();
    assert.match((await message.textContent()) ?? '', /The request body is not valid JSON/);
    assert.equal(await textarea.getAttribute('aria-invalid'), 'true');
    assert.equal(await textarea.getAttribute('aria-describedby'), await message.getAttribute('id'));
    const gap = await page.evaluate(() => {
      const area = document.querySelector('dialog[open] textarea')!.getBoundingClientRect();
      const note = document.querySelector('[data-testid="console-field-problem"][data-field="body"]')!.getBoundingClientRect();
      return note.top - area.bottom;
    });
    assert.ok(gap >= 0 && gap < 40, `the message is right under the textarea (${gap}px)`);
    assert.deepEqual(sent, [], 'nothing was sent');
  });

  test('the body is checked against the request schema before sending: problems by JSON pointer, then Send anyway', async () => {
    const page = await site.page({allow: [/Failed to load resource: the server responded with a status of 422 /]});
    await gotoHydrated(page, site, routeOf('createCustomer'));
    const dialog = await openConsole(page);
    await useServer(dialog, mock.url);
    await fillCredentials(dialog);
    const sent: string[] = [];
    page.on('request', (r) => r.url().startsWith(mock.url) && r.method() === 'POST' && sent.push(r.url()));
    const textarea = dialog.getByLabel('Request body');
    const body = JSON.parse(await textarea.inputValue());
    await textarea.fill(JSON.stringify({...body, status: 'bogus', customer_type_id: 'three', name: undefined}, null, 2));
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-problems').waitFor();
    const items = (await dialog.locator('[data-testid="console-field-problem"][data-field="body"] li').allTextContents()).map((t) =>
      t.trim(),
    );
    assert.deepEqual(items.sort(), [
      '/customer_type_id must be integer',
      '/name required property "name" is missing',
      '/status must be one of "pending", "active"',
    ]);
    assert.deepEqual(sent, [], 'not sent');
    await dialog.getByRole('button', {name: 'Send anyway'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(sent.length, 1, 'sent as typed');
  });

  test('Escape closes the console and returns focus to the Try it button', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, routeOf('getCustomer'));
    const dialog = await openConsole(page);
    await dialog.locator('[data-param="path:customer_id"] input').focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'detached'});
    await page.waitForFunction(() => document.activeElement?.textContent === 'Try it');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')), 'dialog');
  });

  test('Try it is among the first few Tab stops after the page title', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, routeOf('getCustomerSummaries'));
    // Start the sequential focus navigation at the title, as a click on it does.
    await page.locator('h1').first().click();
    let stops = 0;
    for (; stops < 60; stops++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Try it') break;
    }
    assert.ok(stops < 4, `Try it is Tab stop ${stops + 1} after the title`);
  });

  test('optional parameters start empty with their example as placeholder; required ones keep an example; the first Send is unfiltered', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, routeOf('getCustomerSummaries'));
    const dialog = await openConsole(page);
    const q = dialog.locator('[data-param="query:q"] input');
    assert.equal(await q.inputValue(), '');
    assert.equal(await q.getAttribute('placeholder'), 'northwind');
    assert.equal(await dialog.locator('[data-param="query:page_size"] input').getAttribute('placeholder'), '25');
    await useServer(dialog, mock.url);
    await fillCredentials(dialog);
    const sent: string[] = [];
    page.on('request', (r) => r.url().startsWith(mock.url) && sent.push(r.url()));
    await send(dialog);
    assert.deepEqual(sent, [`${mock.url}/customer-summaries`], 'no filter in the first request');

    await gotoHydrated(page, site, routeOf('getCustomerLedger'));
    const ledger = await openConsole(page);
    assert.equal(
      await ledger.locator('[data-param="path:customer_id"] input').inputValue(),
      '100482',
      'a required parameter keeps its example',
    );
    assert.equal(await ledger.locator('[data-param="query:from"] input').inputValue(), '');
  });

  test('enums are selects, booleans true/false/unset (a checkbox when required), dates date inputs, date-times a format hint', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, routeOf('getCustomerSummaries'));
    let dialog = await openConsole(page);
    const status = dialog.locator('[data-param="query:status"] select');
    assert.equal(await status.inputValue(), '');
    assert.equal(await status.locator('option').first().textContent(), '(not set)');
    const pastDue = dialog.locator('[data-param="query:past_due"] select');
    assert.deepEqual(await pastDue.locator('option').allTextContents(), ['(not set)', 'true', 'false']);
    await gotoHydrated(page, site, routeOf('getCustomerLedger'));
    dialog = await openConsole(page);
    assert.equal(await dialog.locator('[data-param="query:from"] input').getAttribute('type'), 'date');
    await dialog.locator('[data-param="query:from"] input').fill('2025-01-31');
    assert.equal(await dialog.locator('[data-param="query:from"] input').inputValue(), '2025-01-31');
    await gotoHydrated(page, site, routeOf('getTickets'));
    dialog = await openConsole(page);
    const since = dialog.locator('[data-param="query:updated_since"] input');
    assert.equal(await since.getAttribute('placeholder'), '2025-03-12T00:00:00Z');
    const hint = await since.getAttribute('aria-describedby');
    assert.match((await page.locator(`[id="${hint}"]`).textContent()) ?? '', /RFC 3339/);
  });

  test('the request preview shows the request as curl before sending, credentials as placeholders only', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, routeOf('getCustomer'));
    const dialog = await openConsole(page);
    await useServer(dialog, mock.url);
    const secret = 'typed-s3cret-value';
    const inputs = dialog.locator('[data-credential] input');
    for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill(secret);
    await dialog.getByText('Request preview (curl)').click();
    const preview = (await dialog.getByTestId('console-preview').textContent()) ?? '';
    assert.ok(preview.startsWith(`curl -i -X GET '${mock.url}/customers/100482'`), preview);
    assert.match(preview, /--user '<username>:<password>'/);
    assert.match(preview, /-H 'Ocp-Apim-Subscription-Key: <Ocp-Apim-Subscription-Key>'/);
    assert.ok(!preview.includes(secret), 'no typed secret in the preview');
    // It follows the form.
    await dialog.locator('[data-param="path:customer_id"] input').fill('7');
    assert.match((await dialog.getByTestId('console-preview').textContent()) ?? '', /\/customers\/7'/);
  });

  test('"Remember" says what its note says: this tab, until it closes', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, routeOf('getCustomer'));
    const dialog = await openConsole(page);
    const remember = dialog.getByLabel(/^Remember/);
    const label = (await dialog.locator('label', {hasText: /^Remember/}).textContent()) ?? '';
    assert.ok(!/device/.test(label), `no "device" in "${label}"`);
    assert.match(label, /this tab until it closes/);
    await remember.check();
    assert.match(
      (await dialog.locator('[data-testid="console-auth"] p').filter({hasText: 'Kept in this tab'}).textContent()) ?? '',
      /this tab's session storage/,
    );
  });

  test('a response check that never finishes is stopped: the page stays responsive and says the check was skipped', async () => {
    const page = await site.page();
    // A check module whose every check spins forever, as a catastrophic pattern would.
    await page.route(/\/api-checks\/.*\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export const requires = [];\nexport default function () { const spin = () => { for (;;) {} }; return {checks: new Proxy({}, {get: () => spin}), skipped: {}}; }\n',
      }),
    );
    await gotoHydrated(page, site, routeOf('getCustomer'));
    const dialog = await openConsole(page);
    await useServer(dialog, mock.url);
    await fillCredentials(dialog);
    const started = Date.now();
    await dialog.getByRole('button', {name: 'Send request'}).click();
    // While the checks spin, the page's own thread answers at once.
    const pinged = Date.now();
    await page.evaluate(() => 1);
    assert.ok(Date.now() - pinged < 1000, 'the page thread is free');
    await dialog.getByTestId('console-check-skipped').waitFor({timeout: 10_000});
    assert.match((await dialog.getByTestId('console-check-skipped').textContent()) ?? '', /took too long/);
    const check = dialog.getByTestId('console-check');
    await check.waitFor({timeout: 10_000});
    assert.equal(await check.getAttribute('data-check'), 'unchecked');
    assert.match((await check.textContent()) ?? '', /^Check skipped: it took too long/);
    assert.ok(Date.now() - started < 15_000);
    assert.equal(await dialog.getByTestId('console-status').textContent(), '200');
  });
});

/** A loopback HTTP server for a test; `handle` answers, CORS preflights are allowed. */
async function loopback(
  handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void,
): Promise<{url: string; close: () => Promise<void>}> {
  const server = createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': String(req.headers.origin ?? '*'),
      'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? '*'),
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Expose-Headers': 'Location',
    };
    for (const [k, v] of Object.entries(cors)) res.setHeader(k, v);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * Starts counting the requests `page` sends; the function returned resolves once every one of
 * them has finished or failed. The loopback servers here record a request before they answer it,
 * so by then whatever the page sent has been recorded: a check that nothing reached a server
 * waits for this instead of for a while.
 */
function requestsSettle(page: Page, timeout = 15_000): () => Promise<void> {
  const open = new Set<Request>();
  let waiting: (() => void)[] = [];
  const done = (request: Request) => {
    open.delete(request);
    if (open.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () =>
    open.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`requests still open after ${timeout} ms: ${[...open].map((r) => r.url()).join(', ')}`)),
            timeout,
          );
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
}

describe('credentials never follow a redirect to another origin (issue 22 row 5)', () => {
  /** What reached the redirect target: every request, with its headers. */
  let seen: {url: string; headers: import('node:http').IncomingHttpHeaders}[];
  let target: Awaited<ReturnType<typeof loopback>>;
  let redirector: Awaited<ReturnType<typeof loopback>>;
  before(async () => {
    seen = [];
    target = await loopback((req, res) => {
      seen.push({url: req.url ?? '', headers: req.headers});
      res.writeHead(200, {'Content-Type': 'application/json'}).end('{"stolen": true}');
    });
    // Answers every request with a 307 to the other loopback origin (another port).
    redirector = await loopback((req, res) => res.writeHead(307, {Location: `${target.url}/collect${req.url}`}).end());
  });
  after(async () => {
    await target.close();
    await redirector.close();
  });

  test('sent directly: the 307 is not followed, the console says so, and the key never reaches the other origin', async () => {
    const page = await site.page();
    const op = operations.find((o) => o.operationId === 'getCustomer')!;
    await gotoHydrated(page, site, op.route);
    const dialog = await openConsole(page);
    await useServer(dialog, redirector.url);
    await fillCredentials(dialog);
    const sent = requestsSettle(page);
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const alert = dialog.getByRole('alert');
    await alert.or(dialog.getByTestId('console-status')).first().waitFor();
    await sent();
    const leaked = seen.filter((s) => JSON.stringify(s.headers).includes('mock-credential'));
    assert.deepEqual(leaked, [], 'no credential reached the redirect target');
    assert.deepEqual(
      seen.filter((s) => s.url.startsWith('/collect')).map((s) => s.url),
      [],
      'nothing was sent to the redirect target',
    );
    assert.match(
      (await alert.textContent()) ?? '',
      /answered .* with a redirect, which the console did not follow: the request carries credentials/,
    );
  });

  test('through the proxy: the proxy answers the 307, and the browser does not take the key there either', async () => {
    // A stand-in for the portal's proxy whose upstream redirects: it hands the 307 back, as
    // proxy.ts does (it never follows redirects itself).
    const proxyish = await loopback((req, res) => res.writeHead(307, {Location: `${target.url}/collect/via-proxy`}).end());
    try {
      const page = await site.page();
      await configureTryIt(page, {mockUrl: mock.url, proxyUrl: proxyish.url});
      const op = operations.find((o) => o.operationId === 'getCustomer')!;
      await gotoHydrated(page, site, op.route);
      const dialog = await openConsole(page);
      await dialog.getByLabel('Base URL').selectOption(doc.servers[0].url);
      assert.equal(await dialog.getByLabel("Send through the portal's proxy").isChecked(), true);
      await fillCredentials(dialog);
      const sent = requestsSettle(page);
      await dialog.getByRole('button', {name: 'Send request'}).click();
      const alert = dialog.getByRole('alert');
      await alert.or(dialog.getByTestId('console-status')).first().waitFor();
      await sent();
      const reached = seen.filter((s) => s.url.startsWith('/collect/via-proxy'));
      assert.deepEqual(
        reached.filter((s) => JSON.stringify(s.headers).includes('mock-credential')),
        [],
        'no credential reached the redirect target',
      );
      assert.deepEqual(reached, [], 'nothing reached the redirect target');
      assert.match((await alert.textContent()) ?? '', /with a redirect, which the console did not follow/);
    } finally {
      await proxyish.close();
    }
  });
});
