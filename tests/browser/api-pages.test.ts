/**
 * The API reference as a reader sees it, driven by the processed OpenAPI document (nothing typed
 * by hand): every operation page shows its method, path, parameters, required body fields and
 * response codes; code samples remember the language; the request console loads on demand and
 * sends a real request.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import kebabCase from 'lodash/kebabCase';
import {portalConfig} from '../../portal.config';
import {openSite, type Site} from './harness';

/* eslint-disable @typescript-eslint/no-explicit-any */
const doc = JSON.parse(readFileSync(portalConfig.processedSpec, 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function resolve(node: any): any {
  while (node?.$ref) node = node.$ref.slice(2).split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((n: any, k: string) => n[k], doc);
  return node;
}

/** Top-level required fields of a schema, following $ref and allOf. */
function requiredFields(schema: any): string[] {
  const s = resolve(schema);
  if (!s) return [];
  const own: string[] = s.required ?? [];
  return [...new Set([...own, ...(s.allOf ?? []).flatMap(requiredFields)])].filter((name) => {
    const props = Object.assign({}, resolve(s).properties, ...(s.allOf ?? []).map((p: any) => resolve(p).properties ?? {}));
    return !resolve(props[name])?.readOnly;
  });
}

const operations = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => {
    const op = item[method];
    const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
    const body = resolve(op.requestBody);
    const media: any = body ? Object.values(body.content ?? {})[0] : undefined;
    return {
      method,
      path,
      slug: kebabCase(op.operationId ?? op.summary),
      summary: op.summary as string,
      params: params.map((p) => p.name as string),
      requiredBody: media?.schema ? requiredFields(media.schema) : [],
      hasBody: Boolean(body),
      statuses: Object.keys(op.responses),
    };
  }),
);

let site: Site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

describe('every operation page shows what the document says', () => {
  test('the document has operations to check', () => {
    assert.ok(operations.length >= 1);
  });
  for (const op of operations) {
    test(`${op.method.toUpperCase()} ${op.path} (/docs/api/${op.slug})`, async () => {
      const page = await site.newPage();
      const res = await page.goto(site.at(`/docs/api/${op.slug}`), {waitUntil: 'load'});
      assert.equal(res?.status(), 200);
      const article = page.locator('article');
      assert.equal((await article.locator('h1').first().textContent())?.trim(), op.summary);
      const text = (await article.textContent()) ?? '';
      assert.ok(text.includes(op.method.toUpperCase()), 'method shown');
      assert.ok(text.includes(op.path), `path ${op.path} shown`);
      for (const name of op.params) assert.ok(text.includes(name), `parameter ${name} shown`);
      const bodySection = article.locator('section:has(#request-body)');
      assert.equal(await bodySection.count(), op.requiredBody.length > 0 || op.hasBody ? 1 : 0, 'request body section present when the operation has a body');
      const body = op.hasBody ? ((await bodySection.textContent()) ?? '') : '';
      for (const field of op.requiredBody) assert.ok(body.includes(field), `required body field ${field} shown`);
      const responses = (await article.locator('section:has(#responses)').textContent()) ?? '';
      for (const status of op.statuses) assert.ok(responses.includes(status), `response ${status} shown`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
});

describe('responses and nested attributes', () => {
  test('closed responses and child attributes render when opened', async () => {
    const op = operations.find((o) => o.statuses.some((s) => /^[45]/.test(s)))!;
    const page = await site.newPage();
    await page.goto(site.at(`/docs/api/${op.slug}`));
    const status = op.statuses.find((s) => /^[45]/.test(s))!;
    const response = page.locator(`details#response-${status}`);
    assert.equal(await response.evaluate((d) => (d as HTMLDetailsElement).open), false, 'error responses start closed');
    await response.locator('summary').click();
    await response.getByText('Content type').first().waitFor();
    // Open visible child-attribute disclosures breadth-first: the deeper ones are empty until opened.
    let filledOnOpen = 0;
    for (let i = 0; i < 12 && filledOnOpen === 0; i++) {
      const closed = page.locator('details:not([open]):has(> summary:text-matches("^(Child attributes|Attributes of each item)$"))').filter({visible: true}).first();
      if ((await closed.count()) === 0) break;
      const handle = (await closed.elementHandle())!; // the locator moves on once this one is open
      const empty = (await handle.$$('li')).length === 0;
      await (await handle.$(':scope > summary'))!.click();
      if (empty) {
        await page.waitForFunction((el) => el.querySelectorAll('li').length > 0, handle);
        filledOnOpen++;
      }
    }
    assert.ok(filledOnOpen > 0 || op.statuses.length === 0, 'a nested disclosure rendered its attributes when opened');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

describe('code samples', () => {
  test('six or more languages, the choice remembered across pages and reloads', async () => {
    const [first, second] = operations;
    const page = await site.newPage();
    await page.goto(site.at(`/docs/api/${first.slug}`));
    const tabs = page.getByRole('tablist', {name: 'Request language'}).getByRole('tab');
    const labels = await tabs.allTextContents();
    assert.ok(labels.length >= 6, `languages: ${labels.join(', ')}`);
    for (const l of ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#']) assert.ok(labels.includes(l), `${l} offered`);
    await page.getByRole('tab', {name: 'Python'}).click();
    assert.match((await page.locator('pre[data-language="python"]').textContent()) ?? '', /import requests/);
    await page.goto(site.at(`/docs/api/${second.slug}`));
    await page.waitForFunction(() => document.querySelector('pre[data-language]')?.getAttribute('data-language') === 'python');
    await page.reload();
    await page.waitForFunction(() => document.querySelector('pre[data-language]')?.getAttribute('data-language') === 'python');
    assert.equal(await page.evaluate(() => localStorage.getItem('portal.codeSampleLanguage')), 'python');
    await page.context().close();
  });

  test('samples are static highlighted HTML and the copy button copies the code', async () => {
    const context = await site.newContext({permissions: ['clipboard-read', 'clipboard-write']});
    const page = await context.newPage();
    await page.goto(site.at(`/docs/api/${operations[0].slug}`));
    assert.ok((await page.locator('pre[data-language="curl"] span[class]').count()) > 3, 'highlighted tokens in the HTML');
    await page.getByRole('button', {name: 'Copy cURL'}).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^curl --request /);
    await context.close();
  });
});

describe('request console', () => {
  let api: Server;
  let apiUrl = '';
  const seen: {method?: string; url?: string; headers: IncomingMessage['headers']; body: string}[] = [];
  before(async () => {
    api = createServer((req, res) => {
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': '*',
        'Access-Control-Expose-Headers': 'X-Request-Id',
      };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({method: req.method, url: req.url, headers: req.headers, body});
        res.writeHead(201, {...cors, 'Content-Type': 'application/json', 'X-Request-Id': 'req_test_1'});
        res.end(JSON.stringify({id: 'mock-123', echoed: body ? JSON.parse(body) : null}));
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`;
  });
  after(() => new Promise<void>((r) => api.close(() => r())));

  test('loads only when opened and sends the request with credentials, parameters and body', async () => {
    const op = operations.find((o) => o.method === 'post' && o.requiredBody.length > 0) ?? operations[0];
    const page = await site.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(site.at(`/docs/api/${op.slug}`), {waitUntil: 'networkidle'});
    const before = scripts.length;
    assert.equal(await page.locator('dialog').count(), 0, 'no console before it is opened');
    await page.getByRole('button', {name: 'Try it'}).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.ok(scripts.length > before, 'the console arrived as its own chunk on demand');

    await dialog.getByLabel('Base URL').selectOption({label: 'Custom URL…'});
    await dialog.getByLabel('Custom base URL').fill(apiUrl);
    const inputs = dialog.locator('fieldset:has(legend:text("Authentication")) input');
    const count = await inputs.count();
    for (let i = 0; i < count; i++) await inputs.nth(i).fill(`secret-${i}`);
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByTestId('console-status').waitFor();
    assert.equal(await dialog.getByTestId('console-status').textContent(), '201');
    assert.match((await dialog.getByTestId('console-body').textContent()) ?? '', /"id": "mock-123"/);

    const got = seen.at(-1)!;
    assert.equal(got.method, op.method.toUpperCase());
    const expectedPath = op.path.replace(/\{[^}]+\}/g, '[^/]+');
    assert.match(got.url ?? '', new RegExp(`^/v1${expectedPath}`));
    if (count >= 2) assert.equal(got.headers.authorization, `Basic ${Buffer.from('secret-0:secret-1').toString('base64')}`);
    for (const field of op.requiredBody) assert.ok(got.body.includes(`"${field}"`), `body carries ${field}`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'detached'});
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a server that cannot be reached gives a clear message, not a crash', async () => {
    const page = await site.newPage();
    await page.goto(site.at(`/docs/api/${operations[0].slug}`));
    await page.getByRole('button', {name: 'Try it'}).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Base URL').selectOption({label: 'Custom URL…'});
    await dialog.getByLabel('Custom base URL').fill('http://127.0.0.1:9');
    await dialog.getByRole('button', {name: 'Send request'}).click();
    await dialog.getByRole('alert').waitFor();
    assert.match((await dialog.getByRole('alert').textContent()) ?? '', /did not complete|Fill in the required/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
