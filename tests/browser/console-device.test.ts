/**
 * OpenAPI 3.2 security in Chromium (issue 24): the OAuth 2.0 device authorization flow (RFC 8628)
 * run by the request console against a real authorization server, oauth2MetadataUrl (RFC 8414)
 * read like OpenID Connect discovery, and a deprecated security scheme on the page, in the
 * Markdown twin and in the console.
 *
 * The authorization server is oidc-provider (panva; device flow, discovery, CORS), listening on a
 * loopback port. A user approves the device code the way a reader would: on a second page (another
 * browser context: another device), opening the verification URL, typing the code, signing in and
 * consenting. Three things the test changes on the server's answers, in a Koa middleware in front of
 * the provider's routes, each said where it is done:
 * - the device authorization answer gains `interval: 1` (the provider sends none, which means 5 s:
 *   the polling rules are the same, the test is faster) and, for the client whose codes expire
 *   after 2 s, `expires_in: 60`, so that the server's own `expired_token` answer is what the
 *   console meets (not its own deadline);
 * - on request, the next pending answer(s) of the token endpoint become `slow_down` (the provider
 *   never sends it);
 * - the metadata is served at the fixture's RFC 8414 address (/.well-known/oauth-authorization-server):
 *   the provider's OpenID Connect discovery document, which carries the same fields.
 *
 * The site is built from tests/fixtures/oas-3.2/openapi.yaml with API_ORIGIN and AUTH_ORIGIN set
 * to the loopback servers (fixtureSite).
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import Provider from 'oidc-provider';
import type {Locator, Page} from 'playwright-core';
import {fixtureSite} from '../build/fixture-site';
import {answeredPreflight, corsHeaders, freePorts} from './loopback';
import {gotoHydrated, useSite} from './harness';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** A client of the test's authorization server whose device codes live 2 s. */
const EXPIRING_CLIENT = 'meter-expiring';

// Two loopback ports the system hands out and frees, taken again in before(): the site is built with them.
const [apiPort, authPort] = freePorts(2);
const PORTS = {api: apiPort, auth: authPort};
const apiOrigin = `http://127.0.0.1:${PORTS.api}`;
const authOrigin = `http://127.0.0.1:${PORTS.auth}`;

const built = fixtureSite('tests/fixtures/oas-3.2/openapi.yaml', {API_ORIGIN: apiOrigin, AUTH_ORIGIN: authOrigin});
const site = useSite({root: built.root});

const api = {requests: [] as {method: string; url: string; headers: IncomingHttpHeaders}[], server: null as Server | null};
/** What reached the authorization server, with when, and what it answered. */
interface Seen {
  at: number;
  path: string;
  params: Record<string, string>;
  status: number;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
const polls = () => seen.filter((s) => s.path === '/token' && s.params.grant_type === DEVICE_GRANT);
let slowDowns = 0;
let authServer: Server | null = null;

before(
  async () => {
    api.server = createServer((req, res) => {
      const cors = corsHeaders(req, 'GET, POST');
      if (answeredPreflight(req, res, cors)) return;
      api.requests.push({method: req.method ?? '', url: req.url ?? '', headers: req.headers});
      req.resume();
      const body = req.url?.includes('/history')
        ? [{name: 'Home 2019', ratePerKwh: 0.31}]
        : {id: 'm_7f3a', kind: 'electric', status: 'active'};
      res.writeHead(200, {...cors, 'Content-Type': 'application/json'}).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => api.server!.listen(PORTS.api, '127.0.0.1', r));

    const provider = new Provider(authOrigin, {
      clients: [
        {
          client_id: 'meter-display',
          grant_types: [DEVICE_GRANT],
          response_types: [],
          redirect_uris: [],
          token_endpoint_auth_method: 'none',
        },
        {
          client_id: EXPIRING_CLIENT,
          grant_types: [DEVICE_GRANT],
          response_types: [],
          redirect_uris: [],
          token_endpoint_auth_method: 'none',
        },
      ],
      scopes: ['readings:read', 'meters:write'],
      features: {
        deviceFlow: {enabled: true},
        // Access tokens for the meter API (not only the userinfo endpoint), with its scopes.
        resourceIndicators: {
          enabled: true,
          defaultResource: () => apiOrigin,
          useGrantedResource: () => true,
          getResourceServerInfo: () => ({scope: 'readings:read meters:write', accessTokenFormat: 'opaque'}),
        },
      },
      ttl: {DeviceCode: (_ctx: unknown, _code: unknown, client: {clientId: string}) => (client.clientId === EXPIRING_CLIENT ? 2 : 600)},
      routes: {device_authorization: '/device_authorization', token: '/token'},
      clientBasedCORS: () => true,
    } as never);
    provider.use(async (ctx, next) => {
      if (ctx.path === '/.well-known/oauth-authorization-server') ctx.path = '/.well-known/openid-configuration';
      await next();
      // The form the client posted, as the provider parsed it.
      const form = (ctx as unknown as {oidc?: {body?: Record<string, unknown>}}).oidc?.body ?? {};
      const params = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
      let body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>;
      if (ctx.path === '/device_authorization' && ctx.status === 200) {
        body = {...body, interval: 1, ...(params.client_id === EXPIRING_CLIENT ? {expires_in: 60} : {})};
        ctx.body = body;
      }
      if (ctx.path === '/token' && body.error === 'authorization_pending' && slowDowns > 0) {
        slowDowns--;
        body = {error: 'slow_down', error_description: 'polling too quickly'};
        ctx.body = body;
      }
      if (ctx.method === 'POST') seen.push({at: Date.now(), path: ctx.path, params, status: ctx.status, body});
    });
    authServer = provider.listen(PORTS.auth, '127.0.0.1');
    await new Promise<void>((r) => (authServer!.listening ? r() : authServer!.once('listening', () => r())));
  },
  {timeout: 60_000},
);

after(async () => {
  await new Promise<void>((r) => api.server?.close(() => r()) ?? r());
  await new Promise<void>((r) => authServer?.close(() => r()) ?? r());
});

/** The site path of an operation's page, found in the build (whatever folders its tags give it). */
function pagePath(slug: string): string {
  const docs = path.join(built.root, 'docs');
  const walk = (dir: string): string | null => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (!statSync(full).isDirectory()) continue;
      if (name === slug && statSync(path.join(full, 'index.html'), {throwIfNoEntry: false})) return full;
      const found = walk(full);
      if (found) return found;
    }
    return null;
  };
  const dir = walk(docs);
  if (!dir) throw new Error(`no page ${slug} in ${docs}`);
  return `/${path.relative(built.root, dir).split(path.sep).join('/')}`;
}

// The token endpoint answers "authorization_pending" with 400, which Chromium logs as a failed resource.
const ALLOW_POLLING = [/the server responded with a status of 400/];

async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: 'Try it'}).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', {name: 'Send request'}).waitFor();
  return dialog;
}

const field = (dialog: Locator, key: string) => dialog.locator(`[data-credential="${key}"] input`);

/** Chooses the device flow of a scheme offering several, fills the client ID and asks for a code. */
async function startDeviceFlow(dialog: Locator, scheme: string, clientId: string): Promise<string> {
  const box = dialog.locator(`[data-scheme="${scheme}"]`);
  const flow = box.getByLabel('Flow');
  if (await flow.count()) await flow.selectOption('deviceAuthorization');
  await field(dialog, `${scheme}.clientId`).fill(clientId);
  await box.getByRole('button', {name: 'Get a device code'}).click();
  const code = dialog.getByTestId('device-user-code');
  await code.waitFor();
  return (await code.textContent()) ?? '';
}

/**
 * A user on another device: opens the verification URL, enters the code, confirms (or aborts),
 * signs in and consents on the authorization server's pages.
 */
async function approveOnOtherDevice(verificationUrl: string, userCode: string, decision: 'approve' | 'deny' = 'approve') {
  const context = await site.browser.newContext({viewport: {width: 390, height: 844}});
  try {
    const phone = await context.newPage();
    await phone.goto(verificationUrl);
    // The plain URL asks for the code; the complete one (code in the URL) goes straight to the confirmation.
    const input = phone.locator('input[type=text][name=user_code]');
    const confirmation = phone.getByText('Confirm Device');
    await input.or(confirmation).waitFor();
    if (await input.isVisible()) {
      await input.fill(userCode);
      await phone.getByRole('button', {name: 'Continue'}).click();
    }
    await confirmation.waitFor();
    assert.match(await phone.locator('body').innerText(), new RegExp(userCode), 'the confirmation page shows the same code');
    if (decision === 'deny') {
      await phone.getByRole('button', {name: '[ Abort ]'}).click();
      await phone.waitForLoadState();
      return;
    }
    await phone.getByRole('button', {name: 'Continue'}).click();
    await phone.locator('input[name=login]').fill('reader@meters.test');
    await phone.locator('input[name=password]').fill('anything');
    await phone.getByRole('button', {name: 'Sign-in'}).click();
    await phone.getByRole('button', {name: 'Continue'}).click();
    await phone.getByText(/Sign-in Success/i).waitFor();
  } finally {
    await context.close();
  }
}

describe('request console: the OAuth 2.0 device flow (OpenAPI 3.2 deviceAuthorization)', () => {
  test('user code and verification links shown, approved on another device, token polled and sent to the API', async () => {
    const page = await site.page({allow: ALLOW_POLLING});
    await gotoHydrated(page, site, pagePath('get-meter'));
    const dialog = await openConsole(page);
    const before = seen.length;
    const userCode = await startDeviceFlow(dialog, 'ledgerOAuth', 'meter-display');
    assert.match(userCode, /^[A-Z]{4}-[A-Z]{4}$/);
    const request = seen.slice(before).find((s) => s.path === '/device_authorization')!;
    assert.deepEqual(
      request.params,
      {client_id: 'meter-display', scope: 'readings:read'},
      'the scope the operation requires, checked by default',
    );
    const link = dialog.getByTestId('device-verification-uri');
    assert.equal(await link.getAttribute('href'), `${authOrigin}/device`);
    assert.equal(await link.getAttribute('target'), '_blank');
    const complete = dialog.getByTestId('device-verification-complete');
    assert.equal(await complete.getAttribute('href'), `${authOrigin}/device?user_code=${userCode}`);
    await dialog
      .getByTestId('oauth-status-ledgerOAuth')
      .filter({hasText: /Waiting for approval: checking every 1 s; the code expires in (9:5\d|10:00)/})
      .waitFor();

    // At least one poll is answered "pending" before the approval, so the token comes from a later one.
    for (const deadline = Date.now() + 15_000; !polls().some((p) => p.at >= request.at);) {
      assert.ok(Date.now() < deadline, 'the console polls the token endpoint while waiting');
      await new Promise((r) => setTimeout(r, 100));
    }
    await approveOnOtherDevice((await complete.getAttribute('href'))!, userCode);
    await dialog.getByTestId('oauth-status-ledgerOAuth').filter({hasText: 'Access token received'}).waitFor();
    assert.equal(await dialog.getByTestId('device-code').count(), 0, 'the code box is gone');

    const mine = polls().filter((p) => p.at >= request.at);
    assert.ok(mine.length >= 2, 'polled while waiting');
    for (const p of mine) assert.deepEqual(Object.keys(p.params).sort(), ['client_id', 'device_code', 'grant_type']);
    for (let i = 1; i < mine.length; i++) assert.ok(mine[i]!.at - mine[i - 1]!.at >= 900, 'one request per interval (1 s)');
    // The device code is the console's secret with the server: never shown, stored or put in the address.
    const deviceCode = mine[0]!.params.device_code!;
    const exposed = await page.evaluate(
      () => `${location.href} ${JSON.stringify({...localStorage})} ${JSON.stringify({...sessionStorage})} ${document.body.innerText}`,
    );
    assert.ok(!exposed.includes(deviceCode), 'the device code is not exposed');
    const issued = mine.at(-1)!;
    assert.equal(issued.status, 200);
    const token = String(issued.body.access_token);
    assert.equal(await field(dialog, 'ledgerOAuth.token').inputValue(), token);

    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(api.requests.at(-1)!.headers.authorization, `Bearer ${token}`);
    assert.match(api.requests.at(-1)!.url, /^\/v1\/meters\/m_7f3a/);
  });

  test('slow_down: 5 s more between requests from then on, said on screen; Cancel stops the polling', async () => {
    const page = await site.page({allow: ALLOW_POLLING});
    await gotoHydrated(page, site, pagePath('get-meter'));
    const dialog = await openConsole(page);
    slowDowns = 1;
    const from = Date.now();
    await startDeviceFlow(dialog, 'ledgerOAuth', 'meter-display');
    const status = dialog.getByTestId('oauth-status-ledgerOAuth');
    await status
      .filter({hasText: 'The authorization server asked the console to slow down: checking every 6 s'})
      .waitFor({timeout: 10_000});
    // Wait for the request after the slowed-down wait, then measure it.
    const deadline = Date.now() + 15_000;
    while (polls().filter((p) => p.at >= from).length < 2 && Date.now() < deadline) await page.waitForTimeout(200);
    const mine = polls().filter((p) => p.at >= from);
    assert.equal(mine[0]!.body.error, 'slow_down');
    assert.equal(mine[1]!.body.error, 'authorization_pending');
    const gap = mine[1]!.at - mine[0]!.at;
    assert.ok(gap >= 5_800 && gap < 9_000, `6 s after slow_down (was ${gap} ms)`);

    await dialog.getByRole('button', {name: 'Cancel'}).click();
    await status.filter({hasText: /^Cancelled: the console stopped asking for a token/}).waitFor();
    assert.equal(await dialog.getByTestId('device-code').count(), 0);
    const count = polls().length;
    await page.waitForTimeout(7_000);
    assert.equal(polls().length, count, 'no request after Cancel');
  });

  test('expired_token and access_denied end the polling with what happened and what to do', async () => {
    const page = await site.page({allow: ALLOW_POLLING});
    await gotoHydrated(page, site, pagePath('get-meter'));
    const dialog = await openConsole(page);
    const status = dialog.getByTestId('oauth-status-ledgerOAuth');

    const from = Date.now();
    await startDeviceFlow(dialog, 'ledgerOAuth', EXPIRING_CLIENT);
    await status
      .filter({hasText: 'The code expired before it was approved: no token was issued. Start again to get a new code.'})
      .waitFor({timeout: 15_000});
    assert.equal(
      polls()
        .filter((p) => p.at >= from)
        .at(-1)!.body.error,
      'expired_token',
      "the server's answer ended it",
    );
    assert.equal(await status.getAttribute('role'), 'alert');

    const userCode = await startDeviceFlow(dialog, 'ledgerOAuth', 'meter-display');
    await approveOnOtherDevice(`${authOrigin}/device`, userCode, 'deny');
    await status
      .filter({hasText: 'The request was denied on the verification page: no token was issued. Start again to get a new code.'})
      .waitFor({timeout: 10_000});
    assert.equal(await field(dialog, 'ledgerOAuth.token').inputValue(), '', 'no token');
  });
});

describe('request console: oauth2MetadataUrl (RFC 8414)', () => {
  test("the endpoints come from the authorization server's metadata; an unreadable one is said, the description's URLs used", async () => {
    const page = await site.page({allow: ALLOW_POLLING});
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const tariff = pagePath('get-tariff');
    await gotoHydrated(page, site, tariff);
    // On the page: the scheme's metadata URL and its device flow.
    const notes = page.locator('[data-scheme="ledgerDevice"]').first();
    assert.match(
      await notes.innerText(),
      new RegExp(
        `flows: device authorization · endpoints from the authorization server metadata ${authOrigin}/\\.well-known/oauth-authorization-server`,
      ),
    );
    const dialog = await openConsole(page);
    const metadata = `${authOrigin}/.well-known/oauth-authorization-server`;
    await dialog
      .getByTestId('oauth-status-ledgerDevice')
      .filter({hasText: `Authorization server settings read from ${metadata}.`})
      .waitFor();
    assert.ok(requested.includes(metadata));

    // The device endpoint the metadata names is the one used: a metadata document naming another
    // address (a query added) moves the device request there.
    await page.route(metadata, async (route) => {
      const real = (await (await route.fetch()).json()) as Record<string, string>;
      await route.fulfill({json: {...real, device_authorization_endpoint: `${real.device_authorization_endpoint}?from=metadata`}});
    });
    await page.reload();
    await page.getByRole('button', {name: 'Try it'}).waitFor();
    const again = await openConsole(page);
    await again.getByTestId('oauth-status-ledgerDevice').filter({hasText: 'Authorization server settings read'}).waitFor();
    const deviceRequest = page.waitForRequest((r) => r.url().startsWith(`${authOrigin}/device_authorization`));
    await startDeviceFlow(again, 'ledgerDevice', 'meter-display');
    assert.equal((await deviceRequest).url(), `${authOrigin}/device_authorization?from=metadata`);
    await again.getByRole('button', {name: 'Cancel'}).click();

    // Not JSON: the message names the document; the flow still runs with the description's URLs.
    await page.unroute(metadata);
    await page.route(metadata, (route) => route.fulfill({status: 200, contentType: 'text/html', body: '<h1>Sign in</h1>'}));
    await page.reload();
    await page.getByRole('button', {name: 'Try it'}).waitFor();
    const third = await openConsole(page);
    await third
      .getByTestId('oauth-status-ledgerDevice')
      .filter({hasText: `The authorization server metadata ${metadata} is not JSON. The console uses the URLs the API description gives.`})
      .waitFor();
    assert.equal(await third.getByTestId('oauth-status-ledgerDevice').getAttribute('role'), 'alert');
    assert.equal(await third.locator('[data-scheme="ledgerDevice"]').getByRole('button', {name: 'Get a device code'}).count(), 1);

    // Missing the device endpoint (and the description's copy still there): named, the description's URL used.
    await page.unroute(metadata);
    await page.route(metadata, (route) => route.fulfill({json: {issuer: authOrigin, token_endpoint: `${authOrigin}/token`}}));
    await page.reload();
    await page.getByRole('button', {name: 'Try it'}).waitFor();
    const fourth = await openConsole(page);
    await fourth
      .getByTestId('oauth-status-ledgerDevice')
      .filter({
        hasText: `The authorization server metadata ${metadata} names no "device_authorization_endpoint"; the console uses the URL the API description gives.`,
      })
      .waitFor();
  });
});

describe('a deprecated security scheme (OpenAPI 3.2 deprecated: true)', () => {
  test('marked on the page, in the twin and in the console; not chosen first, and still works when chosen', async () => {
    const page = await site.page();
    const history = pagePath('get-tariff-history');
    await gotoHydrated(page, site, history);
    const auth = page.locator('#authorization').locator('..');
    const text = await auth.innerText();
    assert.match(text, /API key in header "X-Ledger-Key"\s*deprecated/i, 'the badge beside the scheme');
    assert.match(text, /The API description marks this scheme deprecated: it still works, but prefer another\./);
    // The samples send the OAuth token, not the deprecated key.
    const samples = await page.locator('.api-code').first().innerText();
    assert.doesNotMatch(samples, /X-Ledger-Key/);
    assert.match(samples, /Authorization: Bearer/);

    const twin = readFileSync(path.join(built.root, `${history.replace(/^\//, '')}.md`), 'utf8');
    assert.match(
      twin,
      /- API key in the header `X-Ledger-Key` \(\*\*deprecated\*\*: The API description marks this scheme deprecated: it still works, but prefer another\.\)/,
    );

    const dialog = await openConsole(page);
    const radios = dialog.getByRole('radiogroup', {name: 'Security alternatives'}).getByRole('radio');
    assert.equal(await radios.count(), 2);
    assert.equal(await radios.nth(0).isChecked(), false, 'the deprecated alternative is not the one chosen');
    assert.equal(await radios.nth(1).isChecked(), true);
    assert.match((await dialog.getByRole('radiogroup').innerText()) ?? '', /legacyKey: API key \(header X-Ledger-Key\) \(deprecated\)/);
    await radios.nth(0).check();
    const scheme = dialog.locator('[data-scheme="legacyKey"]');
    assert.match(await scheme.innerText(), /Deprecated/i);
    assert.match(await dialog.getByTestId('scheme-deprecated-legacyKey').innerText(), /marks this scheme deprecated: it still works/);
    await field(dialog, 'legacyKey.value').fill('k-2019');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(api.requests.at(-1)!.headers['x-ledger-key'], 'k-2019');
  });
});
