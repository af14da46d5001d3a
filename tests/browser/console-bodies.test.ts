/**
 * The request console with bodies that are not JSON and with streamed responses, in Chromium,
 * against a loopback API that records the bytes it receives (issue 24). The site is a copy built
 * from tests/fixtures/oas-3.2/openapi.yaml with the API's loopback origin written in (as
 * console-auth.test.ts does): form fields (deepObject), multipart with a file, a binary upload,
 * XML, the QUERY and COPY methods with their bodies, an `in: querystring` object, and a
 * server-sent event stream whose events arrive one by one, can be stopped, and are checked
 * against the item schema.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type IncomingHttpHeaders, type Server, type ServerResponse} from 'node:http';
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Locator} from 'playwright-core';
import {buildCopy, copyProject, PROJECT_ROOT} from '../build/site-copy';
import {answeredPreflight, corsHeaders, freePorts} from './loopback';
import {copiedBy, gotoHydrated, useSite, type TrackedPage} from './harness';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const api = {requests: [] as Seen[], origin: '', server: null as Server | null};
/** The open event stream's response and whether the browser closed it. */
const sse = {response: null as ServerResponse | null, closed: false};
const copy = copyProject('console-bodies');

const [PORT] = freePorts(1);
api.origin = `http://127.0.0.1:${PORT}`;
{
  const fixture = readFileSync(path.join(PROJECT_ROOT, 'tests/fixtures/oas-3.2/openapi.yaml'), 'utf8');
  const source = path.join(copy.dir, 'openapi.yaml');
  writeFileSync(source, fixture.replace(/API_ORIGIN/g, api.origin).replace(/AUTH_ORIGIN/g, 'https://auth.meters.test'));
  const run = buildCopy(copy.dir, {OPENAPI_SOURCE: source});
  if (run.status !== 0)
    throw new Error(`The fixture site did not build (status ${run.status}):\n${(run.stdout + run.stderr).slice(-3000)}`);
}

const METER = {id: 'm_7f3a', kind: 'electric', status: 'active'};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 200 answer written step by step: text is sent at once, a number waits that many ms, 'end' ends it (else it stays open). */
function paced(res: ServerResponse, headers: Record<string, string>, steps: (string | number)[]): void {
  res.writeHead(200, {...headers, 'Cache-Control': 'no-store'});
  res.flushHeaders();
  void (async () => {
    for (const step of steps) {
      if (typeof step === 'number') await sleep(step);
      else if (step === 'end') res.end();
      else res.write(step);
    }
  })();
}

before(
  async () => {
    api.server = createServer((req, res) => {
      const cors = corsHeaders(req, 'GET, POST, PUT, QUERY, COPY, PURGE');
      if (answeredPreflight(req, res, cors)) return;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        api.requests.push({method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks)});
        if (req.url?.startsWith('/v1/readings/stream')) {
          // Server-sent events with pauses: a valid reading, a heartbeat, an invalid reading, then silence until Stop.
          sse.closed = false;
          sse.response = res;
          res.on('close', () => (sse.closed = true));
          return paced(res, {...cors, 'Content-Type': 'text/event-stream'}, [
            'event: reading\nid: 1\ndata: {"meter":"m_7f3a","value":12.5,"at":"2026-01-01T00:00:00Z"}\n\n',
            1500,
            'event: heartbeat\ndata: {"meter":"m_7f3a","value":0,"at":"2026-01-01T00:05:00Z"}\n\n',
            1500,
            'event: reading\nid: 2\ndata: {"meter":"m_7f3a","value":"high","at":"2026-01-01T00:15:00Z"}\n\n',
          ]);
        }
        if (req.url === '/v1/readings/batches') {
          // multipart/mixed, one batch a part: a valid one, then after a pause one whose readings are no list, then the end.
          // The first part is complete only once the next delimiter arrives.
          return paced(res, {...cors, 'Content-Type': 'multipart/mixed; boundary="batch 7"'}, [
            'preamble\r\n--batch 7\r\nContent-Type: application/json\r\n\r\n{"batchId":"b1","readings":[]}\r\n',
            300,
            '--batch 7\r\nContent-Type: application/json\r\n\r\n',
            1500,
            '{"batchId":"b2","readings":"none"}\r\n--batch 7--\r\n',
            'end',
          ]);
        }
        if (req.method === 'PUT' || req.url?.startsWith('/v1/meters/m_7f3a/documents') || req.url === '/v1/readings')
          return void res
            .writeHead(req.method === 'POST' && req.url === '/v1/readings' ? 202 : req.method === 'PUT' ? 204 : 201, cors)
            .end();
        const body = req.method === 'QUERY' || req.url?.startsWith('/v1/readings') ? [] : METER;
        res.writeHead(req.method === 'POST' ? 201 : 200, {...cors, 'Content-Type': 'application/json'}).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => api.server!.listen(PORT, '127.0.0.1', r));
  },
  {timeout: 60_000},
);

after(async () => {
  sse.response?.destroy();
  await new Promise<void>((r) => api.server?.close(() => r()) ?? r());
  copy.dispose();
});

const site = useSite({root: path.join(copy.dir, 'build')});

/** The site path of the operation page whose title is `summary` (read from the built HTML, so slugs may change). */
function pageOf(summary: string): string {
  const root = path.join(copy.dir, 'build');
  // The title as the HTML writes it: regex characters escaped, an apostrophe possibly as an entity.
  const pattern = summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "(?:'|&#x27;|&#39;)");
  const title = new RegExp(`<h1[^>]*>[^<]*${pattern}`);
  const stack = [path.join(root, 'docs')];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) stack.push(file);
      else if (name === 'index.html' && title.test(readFileSync(file, 'utf8')))
        return `/${path.relative(root, dir).split(path.sep).join('/')}/`;
    }
  }
  throw new Error(`No page titled "${summary}" in the build`);
}

async function openConsole(page: TrackedPage, summary: string): Promise<Locator> {
  await gotoHydrated(page, site, pageOf(summary));
  await page.getByRole('button', {name: 'Try it'}).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', {name: 'Send request'}).waitFor();
  return dialog;
}

/** Sends (anyway, if the pre-send check objects) and waits for the request to reach the API. */
async function send(dialog: Locator, matching: (s: Seen) => boolean): Promise<Seen> {
  const before = api.requests.length;
  await dialog.getByRole('button', {name: 'Send request'}).click();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = api.requests.slice(before).find(matching);
    if (found) return found;
    const anyway = dialog.getByRole('button', {name: 'Send anyway'});
    if (await anyway.isVisible().catch(() => false)) {
      const problems = await dialog.getByTestId('console-problems').textContent();
      throw new Error(`The console did not send: ${problems}`);
    }
    if (Date.now() > deadline)
      throw new Error(
        `No matching request reached the API; it saw ${JSON.stringify(api.requests.slice(before).map((r) => `${r.method} ${r.url}`))}`,
      );
    await sleep(100);
  }
}

const field = (dialog: Locator, key: string) => dialog.locator(`[data-field="${key}"]`);

describe('request console: bodies that are not JSON (issue 24)', () => {
  test('form-urlencoded: one field per property, nested objects as deepObject, sent as the encoding says', async () => {
    const page = await site.page();
    const dialog = await openConsole(page, 'Register a meter');
    assert.equal(await dialog.locator('textarea').count(), 0, 'no JSON textarea for a form body');
    assert.equal(await field(dialog, 'location.city').inputValue(), 'Leeds', 'fields start from the example');
    await field(dialog, 'location.city').fill('York & Selby');
    await field(dialog, 'labels').fill('north,roof,east');
    const seen = await send(dialog, (r) => r.method === 'POST' && r.url === '/v1/meters');
    assert.equal(seen.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(
      seen.body.toString(),
      'kind=electric&labels=north&labels=roof&labels=east&location%5Bcity%5D=York+%26+Selby&location%5Bpostcode%5D=LS1+4AP&alertUrl=https%3A%2F%2Fhooks.example.test%2Falerts',
    );
    await dialog.getByTestId('console-status').waitFor();
    // The preview sends the same bytes.
    await dialog.getByText('Request preview (curl)').click();
    assert.match((await dialog.getByTestId('console-preview').textContent()) ?? '', /--data-binary 'kind=electric&labels=north/);
  });

  test('multipart with a file: each part with its Content-Type, the file byte for byte; links keep fields, never files', async () => {
    const page = await site.page({clipboard: true});
    const dialog = await openConsole(page, 'Attach a document to a meter');
    const pdf = Buffer.from('%PDF-1.7\n\x00\xff binary\r\n--not-a-boundary\n', 'latin1');
    await field(dialog, 'title').fill('Calibration certificate');
    await field(dialog, 'meta.issuer').fill('Acme Labs');
    await field(dialog, 'file').setInputFiles({name: 'cert.pdf', mimeType: 'application/pdf', buffer: pdf});
    const seen = await send(dialog, (r) => r.method === 'POST' && r.url === '/v1/meters/m_7f3a/documents');
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(String(seen.headers['content-type']))?.[1];
    assert.ok(boundary, `multipart Content-Type with a boundary: ${seen.headers['content-type']}`);
    const expected = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCalibration certificate\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cert.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"issuer":"Acme Labs"}\r\n`,
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    assert.equal(seen.body.toString('latin1'), expected.toString('latin1'));
    const link = await copiedBy(page, () => dialog.getByRole('button', {name: 'Copy link'}).click());
    assert.match((await dialog.getByTestId('console-share-status').textContent()) ?? '', /never credentials nor files/);
    const shared = JSON.parse(Buffer.from(link.split('#try=')[1], 'base64url').toString()) as {fields?: Record<string, string>};
    assert.deepEqual(shared.fields, {title: 'Calibration certificate', 'meta.issuer': 'Acme Labs'});
    // Opened, the link restores the fields; the file is chosen again.
    const other = await site.page();
    await other.goto(link);
    const reopened = other.getByRole('dialog');
    await field(reopened, 'meta.issuer').waitFor();
    assert.equal(await field(reopened, 'meta.issuer').inputValue(), 'Acme Labs');
    assert.equal(await field(reopened, 'file').evaluate((el) => (el as HTMLInputElement).files?.length ?? 0), 0);
  });

  test('a binary body: a file picker, the file sent as it is with the body media type', async () => {
    const page = await site.page();
    const dialog = await openConsole(page, 'Upload a meter photo');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x0d, 0x0a, 0xff, 0xd9]);
    await field(dialog, 'body').setInputFiles({name: 'meter.jpg', mimeType: 'image/jpeg', buffer: jpeg});
    const seen = await send(dialog, (r) => r.method === 'PUT' && r.url === '/v1/meters/m_7f3a/photo');
    assert.equal(seen.headers['content-type'], 'image/jpeg');
    assert.deepEqual([...seen.body], [...jpeg]);
    await dialog.getByText('Request preview (curl)').click();
    assert.match((await dialog.getByTestId('console-preview').textContent()) ?? '', /--data-binary '@meter\.jpg'/);
  });

  test('an XML body: the example in a textarea, sent as typed with its media type', async () => {
    const page = await site.page();
    const dialog = await openConsole(page, 'Submit readings as XML');
    const textarea = dialog.locator('textarea');
    assert.equal(await textarea.inputValue(), '<reading><meter>m_7f3a</meter><value>12.5</value></reading>');
    await textarea.fill('<reading><meter>m_7f3a</meter><value>13</value></reading>');
    const seen = await send(dialog, (r) => r.method === 'POST' && r.url === '/v1/readings');
    assert.equal(seen.headers['content-type'], 'application/xml');
    assert.equal(seen.body.toString(), '<reading><meter>m_7f3a</meter><value>13</value></reading>');
    // The other documented media type: its example, sent with its Content-Type.
    await dialog.getByTestId('console-body-media').selectOption('text/plain');
    assert.equal(await textarea.inputValue(), 'm_7f3a,12.5,2026-01-01T00:00:00Z');
    const text = await send(dialog, (r) => r.method === 'POST' && r.url === '/v1/readings' && r.headers['content-type'] === 'text/plain');
    assert.equal(text.body.toString(), 'm_7f3a,12.5,2026-01-01T00:00:00Z');
  });

  test('QUERY and COPY: sent as their method with their JSON body; the preview shows the method', async () => {
    const page = await site.page();
    let dialog = await openConsole(page, 'Search meters');
    const query = await send(dialog, (r) => r.method === 'QUERY');
    assert.equal(query.url, '/v1/meters');
    assert.deepEqual(JSON.parse(query.body.toString()), {status: ['active'], minReadings: 10});
    assert.equal(query.headers['content-type'], 'application/json');
    await dialog.getByText('Request preview (curl)').click();
    assert.match((await dialog.getByTestId('console-preview').textContent()) ?? '', /^curl -i -X QUERY /);
    dialog = await openConsole(page, "Copy a meter's settings");
    const copied = await send(dialog, (r) => r.method === 'COPY');
    assert.equal(copied.url, '/v1/meters/m_7f3a');
    assert.deepEqual(JSON.parse(copied.body.toString()), {targetId: 'm_8b22'});
  });

  test('in: querystring: one editor for the whole query, fields or JSON, serialised as form-urlencoded', async () => {
    const page = await site.page();
    const dialog = await openConsole(page, 'List readings');
    assert.equal(await field(dialog, 'meter').inputValue(), 'm_7f3a');
    await field(dialog, 'limit').fill('20');
    await field(dialog, 'meter').fill('m 7/f');
    let seen = await send(dialog, (r) => r.method === 'GET' && r.url.startsWith('/v1/readings'));
    assert.equal(seen.url, '/v1/readings?meter=m+7%2Ff&from=2026-01-01&limit=20');
    await dialog.getByRole('radio', {name: 'JSON'}).check();
    const json = dialog.locator('textarea[data-field="querystring:filter"]');
    assert.deepEqual(JSON.parse(await json.inputValue()), {meter: 'm 7/f', from: '2026-01-01', limit: 20});
    await json.fill('{"meter": "m_1", "limit": 5}');
    seen = await send(dialog, (r) => r.method === 'GET' && r.url.startsWith('/v1/readings') && r.url.includes('m_1'));
    assert.equal(seen.url, '/v1/readings?meter=m_1&limit=5');
  });
});

describe('request console: streamed responses (issue 24)', () => {
  /** Sends the operation's request; returns once its first item shows, alone, while the server holds the rest back. */
  async function firstItem(summary: string) {
    const page = await site.page();
    const dialog = await openConsole(page, summary);
    await dialog.getByRole('button', {name: 'Send request'}).click();
    const items = dialog.getByTestId('console-stream-item');
    await items.first().waitFor();
    assert.equal(await items.count(), 1, 'the first item shows while the server holds the others back');
    assert.equal(await dialog.getByTestId('console-stream').getAttribute('data-state'), 'open');
    return {page, dialog, items};
  }

  test('server-sent events appear one by one before the stream ends, are checked, and Stop closes it', async () => {
    const {page, dialog, items} = await firstItem('Stream readings');
    assert.equal(await items.first().getByTestId('console-stream-event').textContent(), 'reading');
    await page.waitForFunction(() => document.querySelector('[data-testid="console-stream-item"]')?.getAttribute('data-check') === 'valid');
    await items.nth(1).waitFor();
    assert.equal(await items.count(), 2);
    await items.nth(2).waitFor({timeout: 10_000});
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="console-stream-item"]')[2]?.getAttribute('data-check') === 'invalid',
    );
    const problem = (await items.nth(2).getByTestId('console-stream-problem').textContent()) ?? '';
    assert.match(problem, /\/data\/value/);
    assert.match(problem, /number/);
    assert.equal(sse.closed, false, 'the stream is still open');
    await dialog.getByTestId('console-stream-stop').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="console-stream"]')?.getAttribute('data-state') === 'stopped');
    const deadline = Date.now() + 5000;
    while (!sse.closed && Date.now() < deadline) await sleep(50);
    assert.ok(sse.closed, 'Stop closed the connection');
    assert.match((await dialog.getByTestId('console-stream-state').textContent()) ?? '', /Stopped after 3 items/);
  });

  test('multipart/mixed: each body part appears as it completes, with its type, and is checked against the item schema', async () => {
    const {page, dialog, items} = await firstItem('Get reading batches');
    assert.equal(await items.first().getByTestId('console-stream-type').textContent(), 'application/json');
    assert.equal(await items.first().locator('pre').textContent(), '{"batchId":"b1","readings":[]}');
    await page.waitForFunction(() => document.querySelector('[data-testid="console-stream-item"]')?.getAttribute('data-check') === 'valid');
    await page.waitForFunction(() => document.querySelector('[data-testid="console-stream"]')?.getAttribute('data-state') === 'ended');
    assert.equal(await items.count(), 2);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="console-stream-item"]')[1]?.getAttribute('data-check') === 'invalid',
    );
    assert.match((await items.nth(1).getByTestId('console-stream-problem').textContent()) ?? '', /\/readings/);
    assert.match((await dialog.getByTestId('console-stream-state').textContent()) ?? '', /The stream ended after 2 items/);
  });
});
