/**
 * The API reference as a reader sees it, driven by the processed OpenAPI document (nothing typed
 * by hand): every operation page shows its method, path, parameters, required body fields and
 * response codes in their own elements; code samples remember the language; the request console
 * loads on demand, delivers exactly the request the reader composed to a loopback API, tells a
 * CORS failure from an unreachable server, refuses hostile paths and keeps credentials per origin.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import type {Locator, Page} from 'playwright-core';
import {FAILURE} from '../../src/components/ApiConsole/request';
import {copiedBy, gotoHydrated, useSite} from './harness';
import {deref, describedOperations, processedDocument, type DescribedOperation} from './description';

/* eslint-disable @typescript-eslint/no-explicit-any */
const site = useSite();
const doc = processedDocument();
const operations = describedOperations();
const schemes: Record<string, any> = doc.components?.securitySchemes ?? {};

describe('every operation page shows what the document says', () => {
  test('the document has operations to check', () => {
    assert.ok(operations.length >= 1);
  });
  for (const op of operations) {
    test(`${op.method.toUpperCase()} ${op.path} (${op.route})`, async () => {
      const page = await site.page();
      const res = await gotoHydrated(page, site, op.route);
      assert.equal(res?.status(), 200);
      const article = page.locator('article');
      assert.equal((await article.locator('h1').first().textContent())?.trim(), op.title);
      const endpoint = article.locator('[data-operation-endpoint]');
      assert.equal((await endpoint.locator('.operation-method').textContent())?.trim(), op.method.toUpperCase(), 'method badge');
      assert.equal((await endpoint.locator('[data-operation-path]').textContent())?.trim(), op.path, 'path element');
      for (const p of op.parameters) {
        const row = article.locator(`li[data-param="${p.in}:${p.name}"]`);
        assert.equal(await row.count(), 1, `one row for parameter ${p.in}:${p.name}`);
        assert.equal((await row.locator('code').first().textContent())?.trim(), p.name, `parameter ${p.name} named`);
        assert.equal(
          await row.getByText('required', {exact: true}).count(),
          p.required ? 1 : 0,
          `parameter ${p.name} marked required iff it is`,
        );
      }
      assert.equal(await article.locator('li[data-param]').count(), op.parameters.length, 'no other parameter rows');
      const bodySection = article.locator('section:has(#request-body)');
      assert.equal(await bodySection.count(), op.hasBody ? 1 : 0, 'request body section present iff the operation has a body');
      const body = op.hasBody ? ((await bodySection.textContent()) ?? '') : '';
      for (const field of op.requiredBodyFields)
        assert.ok(body.includes(field), `required body field ${field} shown in the request body section`);
      for (const status of op.statuses) {
        const summary = article.locator(`details#response-${status} > summary`);
        assert.equal(await summary.count(), 1, `response ${status} has its element`);
        assert.match((await summary.textContent()) ?? '', new RegExp(`^${status}`), `response ${status} summary starts with its code`);
      }
      assert.equal(await article.locator('details[id^="response-"]').count(), op.statuses.length, 'no other responses');
    });
  }
});

describe('responses and nested attributes', () => {
  test('closed responses and child attributes render when opened', async () => {
    const op = operations.find((o) => o.statuses.some((s) => /^[45]/.test(s)));
    assert.ok(op, 'an operation with an error response');
    const page = await site.page();
    await gotoHydrated(page, site, op.route);
    const status = op.statuses.find((s) => /^[45]/.test(s))!;
    const response = page.locator(`details#response-${status}`);
    assert.equal(await response.evaluate((d) => (d as HTMLDetailsElement).open), false, 'error responses start closed');
    await response.locator('summary').click();
    await response.getByText('Content type').first().waitFor();
    // Open visible child-attribute disclosures breadth-first: the deeper ones are empty until opened.
    let filledOnOpen = 0;
    for (let i = 0; i < 12 && filledOnOpen === 0; i++) {
      const closed = page
        .locator('details:not([open]):has(> summary:text-matches("^(Child attributes|Attributes of each item)$"))')
        .filter({visible: true})
        .first();
      if ((await closed.count()) === 0) break;
      const handle = (await closed.elementHandle())!; // the locator moves on once this one is open
      const empty = (await handle.$$('li')).length === 0;
      await (await handle.$(':scope > summary'))!.click();
      if (empty) {
        await page.waitForFunction((el) => el.querySelectorAll('li').length > 0, handle);
        filledOnOpen++;
      }
    }
    assert.ok(filledOnOpen > 0, 'a nested disclosure rendered its attributes when opened');
  });
});

describe('code samples', () => {
  test('six or more languages, the choice remembered across pages and reloads', async () => {
    const [first, second] = operations;
    const page = await site.page();
    await gotoHydrated(page, site, first.route);
    const tabs = page.getByRole('tablist', {name: 'Request language'}).getByRole('tab');
    const labels = await tabs.allTextContents();
    assert.ok(labels.length >= 6, `languages: ${labels.join(', ')}`);
    for (const l of ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#']) assert.ok(labels.includes(l), `${l} offered`);
    await page.getByRole('tab', {name: 'Python'}).click();
    assert.match((await page.locator('pre[data-language="python"]').textContent()) ?? '', /import requests/);
    await gotoHydrated(page, site, second.route);
    await page.waitForFunction(() => document.querySelector('pre[data-language]')?.getAttribute('data-language') === 'python');
    await page.reload();
    await page.waitForFunction(() => document.querySelector('pre[data-language]')?.getAttribute('data-language') === 'python');
    assert.equal(await page.evaluate(() => localStorage.getItem('portal.codeSampleLanguage')), 'python');
  });

  test('samples are static highlighted HTML and the copy button copies the code', async () => {
    const page = await site.page({clipboard: true});
    await gotoHydrated(page, site, operations[0].route);
    assert.ok((await page.locator('pre[data-language="curl"] span[class]').count()) > 3, 'highlighted tokens in the HTML');
    const copied = await copiedBy(page, () => page.getByRole('button', {name: 'Copy cURL'}).click());
    assert.match(copied, /^curl --request /);
    assert.equal(copied, await page.locator('pre[data-language="curl"] code').textContent(), 'the sample shown');
    await page.getByRole('button', {name: 'Copied'}).waitFor();
  });
});

// ---------------------------------------------------------------------------------------------
// The request console against loopback APIs.

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface LoopbackApi {
  /** Base URL with the "/v1" base path. */
  base: string;
  origin: string;
  /** Every request but CORS preflights, in arrival order. */
  requests: Seen[];
  preflights: Seen[];
  close(): Promise<void>;
}

/** A loopback API on 127.0.0.1 (port 0) that records requests; `cors: false` sends no CORS headers. */
async function startApi({cors}: {cors: boolean}): Promise<LoopbackApi> {
  const requests: Seen[] = [];
  const preflights: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = {method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks)};
      const allow: Record<string, string> = cors
        ? {
            'Access-Control-Allow-Origin': String(req.headers.origin ?? '*'),
            // Echo what the preflight asks for: "*" never covers Authorization.
            'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? ''),
            'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
            'Access-Control-Expose-Headers': 'X-Request-Id',
            Vary: 'Origin',
          }
        : {};
      if (req.method === 'OPTIONS') {
        preflights.push(seen);
        return void res.writeHead(204, allow).end();
      }
      requests.push(seen);
      res.writeHead(200, {...allow, 'Content-Type': 'application/json', 'X-Request-Id': 'req_test_1'});
      res.end(JSON.stringify({id: 'mock-123', received: seen.body.length}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base: `${origin}/v1`,
    origin,
    requests,
    preflights,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A loopback port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const {port} = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** The first alternative of an operation's security, resolved to scheme objects with their keys. */
function schemesOf(op: DescribedOperation): {key: string; scheme: any}[] {
  return Object.keys(op.security[0] ?? {}).map((key) => ({key, scheme: schemes[key]}));
}

const schemeKind = (s: any) =>
  s.type === 'http' ? `http:${String(s.scheme).toLowerCase()}` : s.type === 'apiKey' ? `apiKey:${s.in}` : s.type;
const kindsOf = (op: DescribedOperation) =>
  schemesOf(op)
    .map(({scheme}) => schemeKind(scheme))
    .sort()
    .join('+') || 'none';

/** The operation's raw OpenAPI object. */
const rawOperation = (op: DescribedOperation) => doc.paths[op.path][op.method];
/** Accept the console sends: the first media type of the first 2xx response with content. */
function expectedAccept(op: DescribedOperation): string | undefined {
  for (const [status, r] of Object.entries<any>(rawOperation(op).responses ?? {})) {
    const content = Object.keys(deref(r).content ?? {});
    if (/^2/.test(status) && content.length) return content[0];
  }
  return undefined;
}
const bodyMediaType = (op: DescribedOperation) => Object.keys(deref(rawOperation(op).requestBody)?.content ?? {})[0];

// One operation per security combination the document uses (the first of each), plus one with
// a body, one with a header parameter and the one with the most query parameters when the picks
// so far have none: derived, not listed.
const picks = [...new Set(operations.map(kindsOf))].map((kinds) => operations.find((o) => kindsOf(o) === kinds)!);
const queryCount = (o: DescribedOperation) => o.parameters.filter((p) => p.in === 'query').length;
const withQuery = [...operations].sort((a, b) => queryCount(b) - queryCount(a))[0];
if (withQuery && queryCount(withQuery) > 0 && !picks.includes(withQuery)) picks.push(withQuery);
const withBody = operations.find((o) => o.hasBody && o.requiredBodyFields.length > 0) ?? operations.find((o) => o.hasBody);
if (withBody && !picks.some((o) => o.hasBody)) picks.push(withBody);
const withHeader = operations.find((o) => o.parameters.some((p) => p.in === 'header'));
if (withHeader && !picks.some((o) => o.parameters.some((p) => p.in === 'header'))) picks.push(withHeader);
const withPathParam = operations.find((o) => o.parameters.some((p) => p.in === 'path'));

/** Headers the browser adds on its own; every other header that arrives must be expected. */
const BROWSER_HEADERS =
  /^(host|connection|content-length|user-agent|accept-encoding|accept-language|origin|referer|pragma|cache-control|priority|sec-.*)$/;

/** Credentials the test types for a scheme, keyed by the console's credential field keys. */
function credentialsFor(
  op: DescribedOperation,
  tag: string,
): {fields: Record<string, string>; headers: Record<string, string>; query: [string, string][]} {
  const fields: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const {key, scheme} of schemesOf(op)) {
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      const user = `jürgen-${tag}`;
      const pass = `pässwörd €${tag}`;
      fields[`${key}.username`] = user;
      fields[`${key}.password`] = pass;
      headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}`;
    } else if (scheme.type === 'apiKey') {
      const value = `key-${key}-${tag}`;
      fields[`${key}.value`] = value;
      if (scheme.in === 'header') headers[String(scheme.name).toLowerCase()] = value;
      else if (scheme.in === 'query') query.push([scheme.name, value]);
    } else {
      const value = `token-${key}-${tag}`;
      fields[`${key}.token`] = value;
      headers.authorization = `Bearer ${value}`;
    }
  }
  return {fields, headers, query};
}

async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: 'Try it'}).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', {name: 'Send request'}).waitFor();
  return dialog;
}

async function useCustomServer(dialog: Locator, url: string): Promise<void> {
  await dialog.getByLabel('Base URL').selectOption({label: 'Custom URL…'});
  await dialog.getByLabel('Custom base URL').fill(url);
}

const field = (dialog: Locator, key: string) => dialog.locator(`[data-credential="${key}"] input`);
const param = (dialog: Locator, key: string) => dialog.locator(`[data-param="${key}"]`).locator('input, select');

/** Send, and when the check before sending lists problems, "Send anyway". */
async function sendAnyway(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', {name: 'Send request'}).click();
  const problems = dialog.getByTestId('console-problems');
  await problems.or(dialog.getByTestId('console-status')).or(dialog.getByRole('alert')).first().waitFor();
  if (await problems.isVisible()) await dialog.getByRole('button', {name: 'Send anyway'}).click();
}

/** Client-side navigation (the console's in-memory credentials survive it, as for a reader). */
async function navigateInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
  }, route);
}

describe('request console', () => {
  let api: LoopbackApi;
  before(async () => {
    api = await startApi({cors: true});
  });
  after(() => api.close());

  test('the picks cover every security combination the document uses, a body, a header and query parameters', () => {
    assert.deepEqual(new Set(picks.map(kindsOf)), new Set(operations.map(kindsOf)));
    assert.ok(
      picks.some((o) => queryCount(o) > 1),
      'an operation with several query parameters',
    );
    assert.ok(
      picks.some((o) => o.hasBody),
      'an operation with a body',
    );
    assert.ok(
      picks.some((o) => o.parameters.some((p) => p.in === 'header')),
      'an operation with a header parameter',
    );
  });

  for (const op of picks) {
    test(`delivers exactly the composed request: ${op.method.toUpperCase()} ${op.path} (${kindsOf(op)})`, async () => {
      const page = await site.page();
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await gotoHydrated(page, site, op.route);
      await page.waitForLoadState('networkidle');
      const loaded = scripts.length;
      assert.equal(await page.locator('dialog').count(), 0, 'no console before it is opened');
      const dialog = await openConsole(page);
      assert.ok(scripts.length > loaded, 'the console arrived as its own chunk on demand');

      await useCustomServer(dialog, api.base);
      const creds = credentialsFor(op, 'a');
      for (const [key, value] of Object.entries(creds.fields)) await field(dialog, key).fill(value);

      // Every parameter gets a value of the test's choosing: text with characters to encode, or
      // the first allowed value of an enumeration.
      let path = op.path;
      const query: [string, string][] = [];
      const headers: Record<string, string> = {};
      for (const p of op.parameters) {
        const control = param(dialog, `${p.in}:${p.name}`);
        let value: string;
        if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
          const options = await control
            .locator('option')
            .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== ''));
          value = options[0];
          await control.selectOption(value);
        } else if ((await control.getAttribute('type')) === 'date') {
          // A date input takes dates only (the browser keeps nothing else).
          value = '2025-01-31';
          await control.fill(value);
        } else {
          value = p.in === 'path' ? `id ${p.name}+ü` : p.in === 'header' ? `hdr-${p.name}-1` : `v ${p.name}&=/ü`;
          await control.fill(value);
        }
        if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(value));
        else if (p.in === 'query') query.push([p.name, value]);
        else if (p.in === 'header') headers[p.name.toLowerCase()] = value;
      }
      let body: string | undefined;
      if (op.hasBody) {
        body = `{\n  ${op.bodyFields.map((f) => `${JSON.stringify(f)}: "välue of ${f}"`).join(',\n  ')}\n}`;
        await dialog.getByLabel('Request body').fill(body);
      }

      // The values break the documented types on purpose (encoding is the point): the console
      // lists the problems before sending, and "Send anyway" sends exactly what was typed.
      await sendAnyway(dialog);
      await dialog.getByTestId('console-status').waitFor();
      assert.equal(await dialog.getByTestId('console-status').textContent(), '200');
      assert.match((await dialog.getByTestId('console-body').textContent()) ?? '', /"id": "mock-123"/);

      assert.equal(api.requests.length, 1, 'one request reached the API');
      const got = api.requests.shift()!;
      assert.equal(got.method, op.method.toUpperCase());
      const search = [...query, ...creds.query].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      assert.equal(got.url, `/v1${path}${search ? `?${search}` : ''}`, 'path with the path parameters, query string in order');

      const expected: Record<string, string> = {...headers, ...creds.headers};
      const accept = expectedAccept(op);
      if (accept) expected.accept = accept;
      if (body !== undefined) expected['content-type'] = bodyMediaType(op);
      const delivered = Object.fromEntries(Object.entries(got.headers).filter(([k]) => !BROWSER_HEADERS.test(k)));
      assert.deepEqual(delivered, expected, 'every header that reached the server');
      assert.equal(got.headers.origin, new URL(site.url).origin);
      assert.deepEqual(got.body, Buffer.from(body ?? '', 'utf8'), 'the body, byte for byte');

      await page.keyboard.press('Escape');
      await dialog.waitFor({state: 'detached'});
    });
  }

  test('an unreachable server: the console tried, and says the server could not be reached', async () => {
    const port = await closedPort();
    const page = await site.page({allow: ['failedResource']});
    const op = operations.find((o) => !o.parameters.some((p) => p.required)) ?? operations[0];
    await gotoHydrated(page, site, op.route);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`));
    const dialog = await openConsole(page);
    const base = `http://127.0.0.1:${port}/v1`;
    await useCustomServer(dialog, base);
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const sent = failed.filter((f) => f.startsWith(`${op.method.toUpperCase()} ${base}`) || f.startsWith(`OPTIONS ${base}`));
    assert.ok(
      sent.length > 0 && sent.every((f) => f.endsWith('net::ERR_CONNECTION_REFUSED')),
      `the console tried ${base} and the connection was refused: ${failed.join('; ')}`,
    );
    const url = sent[0].split(' ')[1].split('?')[0];
    assert.equal(await alert.textContent(), FAILURE.network(url));
  });

  test('a server that does not allow this site (no CORS headers): the CORS message', async () => {
    const closed = await startApi({cors: false});
    try {
      const page = await site.page({allow: ['cors', 'failedResource']});
      const op = picks[0];
      await gotoHydrated(page, site, op.route);
      const dialog = await openConsole(page);
      await useCustomServer(dialog, closed.base);
      for (const [key, value] of Object.entries(credentialsFor(op, 'c').fields)) await field(dialog, key).fill(value);
      await dialog.getByRole('button', {name: 'Send request'}).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      assert.equal(await alert.textContent(), FAILURE.cors(new URL(site.url).origin));
      // The server was reached: the browser's preflight (or the request) arrived, then the probe.
      assert.ok(closed.preflights.length + closed.requests.length > 0, 'the server saw the attempt');
      assert.ok(
        closed.requests.some((r) => r.method === 'HEAD' && r.headers.authorization === undefined),
        'the probe arrived without credentials',
      );
    } finally {
      await closed.close();
    }
  });

  test('a hostile path parameter is refused: nothing leaves for any host', async () => {
    assert.ok(withPathParam, 'an operation with a path parameter');
    const op = withPathParam;
    api.requests.length = 0;
    api.preflights.length = 0;
    const page = await site.page();
    const seen: string[] = [];
    await page.route('**/*', (route) => {
      seen.push(route.request().url());
      return route.continue();
    });
    await gotoHydrated(page, site, op.route);
    const dialog = await openConsole(page);
    await useCustomServer(dialog, api.base);
    for (const [key, value] of Object.entries(credentialsFor(op, 'h').fields)) await field(dialog, key).fill(value);
    const name = op.parameters.find((p) => p.in === 'path')!.name;
    await param(dialog, `path:${name}`).fill('//evil.example/collect');
    // Refused even when the reader insists past the schema check.
    await sendAnyway(dialog);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    assert.equal(
      await alert.textContent(),
      `Refused: the path parameter "${name}" ("//evil.example/collect") would change the request path: a path parameter is one path segment, without "/" or "\\" and not "." or "..". Nothing was sent.`,
    );
    const siteOrigin = new URL(site.url).origin;
    assert.deepEqual(
      seen.filter((u) => new URL(u).origin !== siteOrigin),
      [],
      'every request the page made went to the site itself',
    );
    assert.equal(api.requests.length + api.preflights.length, 0, 'nothing reached the loopback API');
  });

  test('credentials typed for one server origin are not pre-filled for another origin', async () => {
    const first = operations.find((o) => schemesOf(o).length > 0);
    assert.ok(first, 'an operation with security');
    const second = operations.find((o) => o !== first && kindsOf(o) === kindsOf(first));
    assert.ok(second, `a second operation with the same security (${kindsOf(first)})`);
    const other = await startApi({cors: true});
    try {
      const page = await site.page();
      await gotoHydrated(page, site, first.route);
      let dialog = await openConsole(page);
      await useCustomServer(dialog, api.base);
      const typed = credentialsFor(first, 's');
      for (const [key, value] of Object.entries(typed.fields)) await field(dialog, key).fill(value);
      await page.keyboard.press('Escape');
      await dialog.waitFor({state: 'detached'});

      await navigateInApp(page, second.route);
      await page.locator('article h1').filter({hasText: second.title}).waitFor();
      dialog = await openConsole(page);
      const keys = Object.keys(credentialsFor(second, 's').fields);
      const values = () => Promise.all(keys.map((k) => field(dialog, k).inputValue()));
      // The document's own server (another origin than the one the credentials were typed for).
      const documentServer = await dialog.getByLabel('Base URL').inputValue();
      assert.notEqual(new URL(documentServer).origin, api.origin);
      assert.deepEqual(
        await values(),
        keys.map(() => ''),
        `nothing pre-filled for ${documentServer}`,
      );
      // Another loopback origin: still nothing, and a request there carries no credentials.
      await useCustomServer(dialog, other.base);
      await dialog.getByTestId('console-credential-origin').filter({hasText: other.origin}).waitFor();
      assert.deepEqual(
        await values(),
        keys.map(() => ''),
        `nothing pre-filled for ${other.origin}`,
      );
      for (const p of second.parameters.filter((x) => x.required)) {
        const control = param(dialog, `${p.in}:${p.name}`);
        if ((await control.inputValue()) === '') await control.fill('1');
      }
      await sendAnyway(dialog);
      await dialog.getByTestId('console-status').waitFor();
      assert.equal(other.requests.length, 1);
      const leaked = Object.keys(typed.headers).filter((h) => other.requests[0].headers[h] !== undefined);
      assert.deepEqual(leaked, [], 'no credential header reached the other origin');
      // Back on the origin they were typed for, they are there (kept in memory for the visit).
      await dialog.getByLabel('Custom base URL').fill(api.base);
      await dialog.getByTestId('console-credential-origin').filter({hasText: api.origin}).waitFor();
      assert.deepEqual(
        await values(),
        keys.map((k) => typed.fields[k]),
        `pre-filled again for ${api.origin}`,
      );
    } finally {
      await other.close();
    }
  });
});
