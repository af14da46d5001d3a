/**
 * The request console's security schemes, shared links and response check, in Chromium, against
 * real servers: a loopback API that records what reaches it, and a real OAuth 2.0 / OpenID Connect
 * authorization server (oauth2-mock-server: PKCE S256 verification, client credentials,
 * discovery). The site is a copy built from tests/fixtures/console-auth.yaml (every scheme kind,
 * alternatives and combinations) with the servers' loopback origins written into it, so our own
 * API description carries no fake schemes.
 *
 * Credentials are checked where they must not be: in any URL the browser requested, in storage
 * (unless the reader opted in), in the console log, and in requests to hosts other than the
 * chosen server (or, for the OAuth client secret and code, the token URL).
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {OAuth2Server} from 'oauth2-mock-server';
import type {Locator, Page, Request} from 'playwright-core';
import {buildCopy, copyProject, PROJECT_ROOT} from '../build/site-copy';
import {answeredPreflight, corsHeaders, freePorts} from './loopback';
import {copiedBy, gotoHydrated, useSite, type TrackedPage} from './harness';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

const api = {requests: [] as Seen[], origin: '', server: null as Server | null};
const auth = new OAuth2Server();
/** What reached the authorization server: authorize queries and token request bodies. */
const authSeen = {authorize: [] as URLSearchParams[], token: [] as {body: Record<string, string>; authorization?: string}[]};
const copy = copyProject('console-auth');

// The site is built before the fixture serves it (useSite's hook checks for it), so the servers'
// ports are chosen now: two loopback ports the system hands out and frees, taken again in before().
const [apiPort, authPort] = freePorts(2);
const PORTS = {api: apiPort, auth: authPort};
api.origin = `http://127.0.0.1:${PORTS.api}`;
{
  const fixture = readFileSync(path.join(PROJECT_ROOT, 'tests/fixtures/console-auth.yaml'), 'utf8');
  const source = path.join(copy.dir, 'console-auth.yaml');
  writeFileSync(source, fixture.replace(/API_ORIGIN/g, api.origin).replace(/AUTH_ORIGIN/g, `http://127.0.0.1:${PORTS.auth}`));
  const run = buildCopy(copy.dir, {OPENAPI_SOURCE: source});
  if (run.status !== 0)
    throw new Error(`The fixture site did not build (status ${run.status}):\n${(run.stdout + run.stderr).slice(-3000)}`);
}

before(
  async () => {
    api.server = createServer((req, res) => {
      const cors = corsHeaders(req, 'GET, POST');
      if (answeredPreflight(req, res, cors)) return;
      api.requests.push({method: req.method ?? '', url: req.url ?? '', headers: req.headers});
      req.resume();
      // "/widgets/bad" answers a body that breaks the documented schema (size 0, name missing).
      const bad = req.url?.startsWith('/v1/widgets/bad');
      const body = req.url?.startsWith('/v1/reports')
        ? [{id: 'r1', name: 'Report', size: 2}]
        : bad
          ? {id: 'w-bad', size: 0}
          : {id: 'w-1', name: 'Sprocket', size: 3};
      res.writeHead(req.method === 'POST' ? 201 : 200, {...cors, 'Content-Type': 'application/json'}).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => api.server!.listen(PORTS.api, '127.0.0.1', r));
    await auth.issuer.keys.generate('RS256');
    await auth.start(PORTS.auth, '127.0.0.1');
    // The issuer the server names must be the one its discovery address was made from (the console
    // checks it: OpenID Connect Discovery §4.3); oauth2-mock-server says "localhost" by default.
    auth.issuer.url = authOrigin();
    auth.service.on('beforeAuthorizeRedirect', (redirect: {url: URL}, req: {url?: string}) => {
      authSeen.authorize.push(new URL(req.url ?? '/', 'http://x').searchParams);
      if (tamperState) redirect.url.searchParams.set('state', 'forged-state');
    });
    auth.service.on('beforeResponse', (_res: unknown, req: {body: Record<string, string>; headers: IncomingHttpHeaders}) => {
      authSeen.token.push({body: req.body, authorization: req.headers.authorization});
    });
  },
  {timeout: 60_000},
);

after(async () => {
  await new Promise<void>((r) => api.server?.close(() => r()) ?? r());
  await auth.stop();
  copy.dispose();
});

const site = useSite({root: path.join(copy.dir, 'build')});
let tamperState = false;
const authOrigin = () => `http://127.0.0.1:${auth.address().port}`;

/** Every request the page's context makes (the sign-in pop-up included). */
function recordRequests(page: Page): Request[] {
  const all: Request[] = [];
  page.context().on('request', (r) => all.push(r));
  return all;
}

/** Everything the pages could have leaked a secret into: URLs, storage, console lines. */
async function assertNoLeak(page: TrackedPage, requests: Request[], secret: string, allowedOrigins: string[], logged: string[]) {
  for (const r of requests) {
    assert.ok(!r.url().includes(secret) && !r.url().includes(encodeURIComponent(secret)), `secret in a URL: ${r.url()}`);
    // Requests of the closed sign-in pop-up keep only the headers Playwright saw when they left.
    const headers = await r.allHeaders().catch(() => r.headers());
    const carries = Object.values(headers).some((v) => v.includes(secret)) || (r.postData() ?? '').includes(secret);
    if (carries) assert.ok(allowedOrigins.includes(new URL(r.url()).origin), `secret sent to ${r.url()}`);
  }
  const stored = await page.evaluate(() => JSON.stringify({local: {...localStorage}, session: {...sessionStorage}}));
  assert.ok(!stored.includes(secret), 'secret absent from storage');
  assert.ok(!logged.some((l) => l.includes(secret)), 'secret absent from the console log');
}

function consoleLines(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  return lines;
}

async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: 'Try it'}).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', {name: 'Send request'}).waitFor();
  return dialog;
}

const field = (dialog: Locator, key: string) => dialog.locator(`[data-credential="${key}"] input`);
const lastApiRequest = () => api.requests[api.requests.length - 1];

/**
 * Resolves when the sign-in pop-up the next click opens has closed. The close listener is set the
 * moment the pop-up appears (a pop-up that hands its answer back quickly may close before a later
 * listener would be registered), and a pop-up already closed by then counts.
 */
function closedPopup(page: Page): Promise<void> {
  return page.waitForEvent('popup').then((popup) => (popup.isClosed() ? undefined : popup.waitForEvent('close').then(() => undefined)));
}

describe('request console: security schemes', () => {
  test('OAuth 2.0 authorization code with PKCE (S256): sign-in pop-up, state, token, bearer request', async () => {
    const page = await site.page();
    const requests = recordRequests(page);
    const logged = consoleLines(page);
    await gotoHydrated(page, site, '/docs/api/get-widget');
    const dialog = await openConsole(page);
    // The alternatives as the document states them: OAuth, or Basic + API key together.
    const radios = dialog.getByRole('radiogroup', {name: 'Security alternatives'}).getByRole('radio');
    assert.equal(await radios.count(), 2);
    assert.match(
      (await dialog.getByRole('radiogroup').textContent()) ?? '',
      /oauthCode: OAuth 2\.0.*basicAuth: HTTP Basic \+ headerKey: API key \(header X-Api-Key\)/,
    );
    assert.equal(
      await dialog.locator('[data-scheme="oauthCode"] input[type=checkbox]:checked').count(),
      1,
      'the required scope starts checked',
    );
    assert.equal(await dialog.getByTestId('console-redirect-uri').textContent(), `${new URL(site.url).origin}/oauth2-redirect/`);
    await field(dialog, 'oauthCode.clientId').fill('portal-console');
    await dialog.locator('[data-param="path:widget_id"] input').fill('w-1');

    const popupClosed = closedPopup(page);
    await dialog.getByRole('button', {name: 'Authorize'}).click();
    await popupClosed;
    await dialog.getByTestId('oauth-status-oauthCode').filter({hasText: 'Access token received'}).waitFor();

    const asked = authSeen.authorize.at(-1)!;
    assert.equal(asked.get('code_challenge_method'), 'S256');
    assert.equal(asked.get('client_id'), 'portal-console');
    assert.equal(asked.get('scope'), 'widgets.read');
    const exchange = authSeen.token.at(-1)!;
    assert.equal(exchange.body.grant_type, 'authorization_code');
    const verifier = exchange.body.code_verifier;
    assert.match(verifier, /^[A-Za-z0-9_-]{43,128}$/);
    assert.equal(createHash('sha256').update(verifier).digest('base64url'), asked.get('code_challenge'), 'challenge = S256(verifier)');
    const token = await field(dialog, 'oauthCode.token').inputValue();
    assert.ok(token.length > 20, 'the access token fills the token field');

    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(lastApiRequest().headers.authorization, `Bearer ${token}`);
    assert.equal(lastApiRequest().url, '/v1/widgets/w-1');
    await assertNoLeak(page as TrackedPage, requests, token, [api.origin], logged);
    await assertNoLeak(page as TrackedPage, requests, verifier, [authOrigin()], logged);
    assert.ok(!(await page.evaluate(() => location.href)).includes('code='), 'the portal page URL holds no code');
  });

  test('a forged state is refused: the code is not exchanged', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/docs/api/get-widget');
    const dialog = await openConsole(page);
    await field(dialog, 'oauthCode.clientId').fill('portal-console');
    const before = authSeen.token.length;
    tamperState = true;
    try {
      const popupClosed = closedPopup(page);
      await dialog.getByRole('button', {name: 'Authorize'}).click();
      await popupClosed;
      const alert = dialog.getByTestId('oauth-status-oauthCode');
      await alert.filter({hasText: 'Refused'}).waitFor();
      assert.match((await alert.textContent()) ?? '', /does not carry the state this console sent/);
    } finally {
      tamperState = false;
    }
    assert.equal(authSeen.token.length, before, 'no token request');
    assert.equal(await field(dialog, 'oauthCode.token').inputValue(), '');
  });

  test('client credentials: the secret goes to the token URL only; remember is opt-in and Forget clears it', async () => {
    const page = await site.page();
    const requests = recordRequests(page);
    const logged = consoleLines(page);
    await gotoHydrated(page, site, '/docs/api/create-widget');
    const dialog = await openConsole(page);
    const secret = 'cl1ent-s3cret-value';
    await field(dialog, 'clientCreds.clientId').fill('machine');
    await field(dialog, 'clientCreds.clientSecret').fill(secret);
    await dialog.getByRole('button', {name: 'Get token'}).click();
    await dialog.getByTestId('oauth-status-clientCreds').filter({hasText: 'Access token received'}).waitFor();
    const exchange = authSeen.token.at(-1)!;
    assert.equal(exchange.body.grant_type, 'client_credentials');
    assert.equal(exchange.body.scope, 'widgets.write');
    assert.equal(exchange.authorization, `Basic ${Buffer.from(`machine:${secret}`).toString('base64')}`);
    const token = await field(dialog, 'clientCreds.token').inputValue();
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(lastApiRequest().headers.authorization, `Bearer ${token}`);
    await assertNoLeak(page as TrackedPage, requests, secret, [authOrigin()], logged);
    await assertNoLeak(page as TrackedPage, requests, token, [api.origin], logged);

    // Opt in: the credentials are in session storage; Forget empties memory and storage.
    await dialog.getByLabel(/Remember in this tab until it closes/).check();
    assert.ok(((await page.evaluate(() => sessionStorage.getItem('portal.console.credentials'))) ?? '').includes(secret));
    await dialog.getByRole('button', {name: 'Forget credentials'}).click();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('portal.console.credentials')), null);
    assert.equal(await field(dialog, 'clientCreds.clientSecret').inputValue(), '');
    assert.equal(await dialog.getByLabel(/Remember in this tab until it closes/).isChecked(), false);
  });

  test('OpenID Connect discovery, then PKCE with the discovered endpoints', async () => {
    const page = await site.page();
    const requests = recordRequests(page);
    await gotoHydrated(page, site, '/docs/api/list-reports');
    const dialog = await openConsole(page);
    await dialog.getByTestId('oauth-status-oidc').filter({hasText: 'Provider settings read'}).waitFor();
    assert.ok(
      requests.some((r) => r.url() === `${authOrigin()}/.well-known/openid-configuration`),
      'discovery fetched from the document URL',
    );
    await field(dialog, 'oidc.clientId').fill('portal-oidc');
    const popupClosed = closedPopup(page);
    await dialog.getByRole('button', {name: 'Authorize'}).click();
    await popupClosed;
    await dialog.getByTestId('oauth-status-oidc').filter({hasText: 'Access token received'}).waitFor();
    assert.equal(authSeen.authorize.at(-1)!.get('scope'), 'openid');
    const token = await field(dialog, 'oidc.token').inputValue();
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(lastApiRequest().headers.authorization, `Bearer ${token}`);
  });

  test('API key in the query (warned) and in a cookie (honestly not sent); Basic + header key together', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, '/docs/api/list-reports');
    let dialog = await openConsole(page);
    const radios = dialog.getByRole('radio');
    await radios.nth(1).check();
    assert.match((await dialog.locator('[data-scheme="queryKey"] [role=note]').textContent()) ?? '', /query string \("api_key"\)/);
    await field(dialog, 'queryKey.value').fill('qk-1');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(lastApiRequest().url, '/v1/reports?api_key=qk-1');
    await radios.nth(2).check();
    assert.match(
      (await dialog.locator('[data-scheme="cookieKey"] [role=note]').textContent()) ?? '',
      /Browsers do not let a web page set the Cookie header/,
    );
    await field(dialog, 'cookieKey.value').fill('ck-1');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByRole('alert').filter({hasText: 'Sent without some credentials'}).waitFor();
    assert.equal(lastApiRequest().headers.cookie, undefined, 'no cookie reached the API');

    await gotoHydrated(page, site, '/docs/api/get-widget');
    dialog = await openConsole(page);
    await dialog.getByRole('radio').nth(1).check();
    await field(dialog, 'basicAuth.username').fill('ann');
    await field(dialog, 'basicAuth.password').fill('pw');
    await field(dialog, 'headerKey.value').fill('hk-1');
    await dialog.locator('[data-param="path:widget_id"] input').fill('w-2');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(lastApiRequest().headers.authorization, `Basic ${Buffer.from('ann:pw').toString('base64')}`);
    assert.equal(lastApiRequest().headers['x-api-key'], 'hk-1');
  });
});

describe('request console: shared links and the response check', () => {
  test('Copy link round trip: operation, server, parameters and body restored; never credentials', async () => {
    const page = await site.page({clipboard: true});
    await gotoHydrated(page, site, '/docs/api/get-widget');
    const dialog = await openConsole(page);
    await dialog.getByRole('radio').nth(1).check();
    await field(dialog, 'basicAuth.username').fill('ann');
    await field(dialog, 'basicAuth.password').fill('top-secret-pw');
    await dialog.locator('[data-param="path:widget_id"] input').fill('w ü/7');
    await dialog.locator('[data-param="query:expand"] input').fill('owner');
    const link = await copiedBy(page, () => dialog.getByRole('button', {name: 'Copy link'}).click());
    await dialog.getByTestId('console-share-status').waitFor();
    assert.match(link, /#try=/);
    assert.ok(
      !link.includes('top-secret-pw') && !Buffer.from(link.split('#try=')[1], 'base64url').toString('utf8').includes('top-secret-pw'),
      'no password in the link',
    );
    assert.ok(!Buffer.from(link.split('#try=')[1], 'base64url').toString('utf8').includes('ann'), 'no user name in the link');

    const other = await site.page();
    await other.goto(link);
    const restored = other.getByRole('dialog');
    await restored.getByRole('button', {name: 'Send request'}).waitFor();
    assert.equal(await restored.locator('[data-param="path:widget_id"] input').inputValue(), 'w ü/7');
    assert.equal(await restored.locator('[data-param="query:expand"] input').inputValue(), 'owner');
    assert.equal(await restored.getByLabel('Base URL').inputValue(), `${api.origin}/v1`);
    assert.equal(await restored.getByRole('radio').nth(1).isChecked(), true, 'the chosen alternative');
    assert.equal(await field(restored, 'basicAuth.password').inputValue(), '', 'no credentials restored');

    const post = await site.page({clipboard: true});
    await gotoHydrated(post, site, '/docs/api/create-widget');
    const d2 = await openConsole(post);
    const body = '{\n  "id": "shared",\n  "name": "Über",\n  "size": 9\n}';
    await d2.getByLabel('Request body').fill(body);
    const link2 = await copiedBy(post, () => d2.getByRole('button', {name: 'Copy link'}).click());
    await d2.getByTestId('console-share-status').waitFor();
    const third = await site.page();
    await third.goto(link2);
    await third.getByRole('dialog').getByLabel('Request body').waitFor();
    assert.equal(await third.getByRole('dialog').getByLabel('Request body').inputValue(), body);
  });

  test('the response is checked against the documented schema: mismatches with their JSON pointers, under the CSP', async () => {
    const page = await site.page();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as {reportViolation: (v: string) => void}).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await gotoHydrated(page, site, '/docs/api/get-widget');
    assert.match((await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '', /script-src 'self'/);
    const dialog = await openConsole(page);
    await dialog.locator('[data-param="path:widget_id"] input').fill('bad');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const check = dialog.getByTestId('console-check');
    await check.waitFor();
    assert.equal(await check.getAttribute('data-check'), 'invalid');
    const pointers = await dialog.getByTestId('console-check-pointer').allTextContents();
    assert.deepEqual(pointers.sort(), ['/name', '/size']);
    assert.match((await check.textContent()) ?? '', /200 application\/json/);

    await dialog.locator('[data-param="path:widget_id"] input').fill('w-1');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.locator('[data-check="valid"]').waitFor();
    assert.deepEqual(violations, [], 'no CSP violation');
  });
});

/** A `#try=` link as share.ts writes it, with whatever a crafted link may hold. */
const crafted = (state: Record<string, unknown>) => `#try=${Buffer.from(JSON.stringify(state)).toString('base64url')}`;

describe('request console: links never carry or add credentials, and never move the sign-in (issue 22 rows 10, 12)', () => {
  test("a link setting a credential parameter (x-api-key, Authorization) is ignored: one key header, the reader's", async () => {
    const page = await site.page();
    const link = crafted({
      op: 'GET /widgets/{widget_id}',
      server: `${api.origin}/v1`,
      params: {'path:widget_id': 'w-1', 'header:x-api-key': 'FROM-LINK', 'header:Authorization': 'Bearer FROM-LINK'},
      alt: 1,
    });
    await page.goto(new URL(`/docs/api/get-widget${link}`, site.url).href);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', {name: 'Send request'}).waitFor();
    assert.equal(await dialog.locator('[data-param="header:x-api-key"] input').inputValue(), '', 'not restored');
    assert.equal(await dialog.locator('[data-param="header:Authorization"] input').inputValue(), '', 'not restored');
    await field(dialog, 'basicAuth.username').fill('ann');
    await field(dialog, 'basicAuth.password').fill('pw');
    await field(dialog, 'headerKey.value').fill('READER-KEY');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(lastApiRequest().headers['x-api-key'], 'READER-KEY');
    assert.equal(lastApiRequest().headers.authorization, `Basic ${Buffer.from('ann:pw').toString('base64')}`);
  });

  test('Copy link leaves out what was typed into credential parameters', async () => {
    const page = await site.page({clipboard: true});
    await gotoHydrated(page, site, '/docs/api/get-widget');
    const dialog = await openConsole(page);
    await dialog.locator('[data-param="path:widget_id"] input').fill('w-9');
    await dialog.locator('[data-param="header:x-api-key"] input').fill('TYPED-KEY');
    await dialog.locator('[data-param="header:Authorization"] input').fill('Bearer TYPED-TOKEN');
    const link = await copiedBy(page, () => dialog.getByRole('button', {name: 'Copy link'}).click());
    await dialog.getByTestId('console-share-status').waitFor();
    const state = Buffer.from(link.split('#try=')[1], 'base64url').toString('utf8');
    assert.ok(!state.includes('TYPED-KEY') && !state.includes('TYPED-TOKEN'), state);
    assert.deepEqual(JSON.parse(state).params, {'path:widget_id': 'w-9'});
  });

  test('relative OAuth URLs resolve against the listed server, not the unlisted one a link names', async () => {
    const page = await site.page();
    const requests = recordRequests(page);
    const unlisted = 'http://127.0.0.2:9/v1';
    await page.goto(new URL(`/docs/api/list-gadgets${crafted({op: 'GET /gadgets', server: unlisted, params: {}})}`, site.url).href);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('console-shared-server').waitFor();
    assert.match(
      (await dialog.getByText(/The token request goes to/).textContent()) ?? '',
      new RegExp(`goes to ${api.origin}/oauth/token only`),
    );
    await field(dialog, 'relativeOauth.clientId').fill('portal-console');
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', {name: 'Authorize'}).click();
    const opened = await popup;
    await opened.waitForURL(/\/oauth\/authorize/);
    assert.equal(new URL(opened.url()).origin, api.origin, 'the sign-in pop-up opened on the listed server');
    assert.ok(!requests.some((r) => r.url().startsWith('http://127.0.0.2:9')), 'nothing went to the unlisted server');
    await opened.close();
  });
});
