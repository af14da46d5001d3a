/**
 * Requests that are not one JSON body, from the OpenAPI 3.2 test description
 * (tests/fixtures/oas-3.2/openapi.yaml), sent by the samples of all eight languages to a recording
 * server (a loopback HTTP server that keeps the method, headers and raw body): a form-urlencoded
 * body by its `encoding` (registerMeter, and createBillingCustomer shaped like Stripe's), multipart parts with a file and typed parts
 * (attachMeterDocument), a binary upload (uploadMeterPhoto), XML (submitReadingsXml), a whole
 * query string (listReadings, `in: querystring`), methods outside the eight (searchMeters QUERY,
 * copyMeter COPY, purgeMeterCache PURGE), and streamed responses (streamReadings server-sent
 * events, exportReadings JSON Lines) that each sample must print line by line as they arrive: the
 * server sends the first event and holds the rest until the sample has printed it.
 *
 * What the server received is compared with the intended request: parsed form fields, multipart
 * parts with their content types and file bytes, the upload's bytes, the XML text.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after} from 'node:test';
import {parse} from 'yaml';
import {bodyShape, renderSampleSources, type SampleRequest} from './code-samples';
import {PageDataBuilder, sampleRequest} from './page-data';
import {prepareCwd, RUNNERS, sampleEnv} from './sample-runners';
import type {OperationPage} from './client/page-data-format';

const FIXTURE = path.join(__dirname, '../../tests/fixtures/oas-3.2/openapi.yaml');
const work = mkdtempSync(path.join(tmpdir(), 'code-samples-bodies-'));
after(() => rmSync(work, {recursive: true, force: true}));

/**
 * The variables the samples read. The query key holds characters that change a query unless the
 * sample percent-encodes them; curl writes it into the URL as it is (see curl() in code-samples.ts),
 * so its key keeps to the characters a query carries as data.
 */
const ENV = {API_ACCESS_TOKEN: 'env-access-token', API_QUERY_KEY: 'key/with+reserved&chars'};
const envOf = (lang: string) => (lang === 'curl' ? {...ENV, API_QUERY_KEY: 'key/with=reserved.chars'} : ENV);
/** The files the samples read, by the names the portal gives them (portalFileName). */
const PDF = Buffer.from('%PDF-1.4\n\x00\x01\xfe\xff binary\r\n%%EOF', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x0d, 0x0a, 0x00, 0xff, 0xd9]);
const FILES: Record<string, Buffer> = {'file.pdf': PDF, 'upload.jpg': JPEG};

/* ------------------------------------------------------------------ the requests, from page data */

/** The 3.2 methods the page builder may not list yet (core32): moved to a fixed field of a copy, then sent as written. */
function moved(doc: Record<string, any>, method: string, p: string): Record<string, any> {
  const copy = structuredClone(doc);
  const item = copy.paths[p];
  item.post = method === 'query' ? item.query : item.additionalOperations[method];
  delete item.query;
  delete item.additionalOperations;
  return copy;
}

function page(doc: Record<string, any>, method: string, p: string): OperationPage {
  try {
    return new PageDataBuilder(doc as never).operation(method, p);
  } catch (error) {
    if (!/No operation/.test((error as Error).message)) throw error;
    return {...new PageDataBuilder(moved(doc, method, p) as never).operation('post', p), method: method as never};
  }
}

interface Case {
  name: string;
  req: SampleRequest;
  /** Checks what the server received (and, for a stream, what the sample printed). */
  check(got: Received, stdout: string, lang: string): void;
  /** A stream: what the server sends before it holds the rest until the sample has printed it. */
  first?: string;
}

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
/** Pairs in a stable order: Go's url.Values.Encode sorts by name (a name's values keep their order). */
const sorted = (pairs: [string, string][]) => [...pairs].sort(byName);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** The parts of a multipart body, split at the boundary its Content-Type names. */
function multipartOf(body: Buffer, contentType: string | undefined): Part[] {
  const m = /^multipart\/form-data;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  assert.ok(m, `a multipart/form-data Content-Type with a boundary: ${contentType}`);
  const boundary = m[1] ?? m[2];
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delimiter);
  assert.ok(pos >= 0, 'the body starts with the boundary');
  pos += delimiter.length;
  while (body.subarray(pos, pos + 2).toString() !== '--') {
    assert.equal(body.subarray(pos, pos + 2).toString(), '\r\n', 'CRLF after a boundary');
    const end = body.indexOf(next, pos);
    assert.ok(end > 0, 'each part ends at a boundary');
    const raw = body.subarray(pos + 2, end);
    const split = raw.indexOf('\r\n\r\n');
    const headers = new Map(
      raw
        .subarray(0, split)
        .toString('utf8')
        .split('\r\n')
        .map((l): [string, string] => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const disposition = headers.get('content-disposition') ?? '';
    const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
    assert.ok(name !== undefined, `a part with a name: ${disposition}`);
    const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
    parts.push({
      name,
      ...(filename !== undefined ? {filename} : {}),
      ...(headers.has('content-type') ? {contentType: headers.get('content-type')} : {}),
      data: raw.subarray(split + 4),
    });
    pos = end + next.length;
  }
  return parts;
}

const LOOKUP = {status: ['active'], near: 'Leeds, UK', minReadings: 10};
const RESERVED_LINK = "https://hooks.example.test/a/b?x=1&y=2#top;v@2!$'()*,";
const SSE_FIRST = 'event: reading\nid: 1\ndata: {"meter":"m_7f3a","value":12.5,"at":"2026-01-01T00:00:00Z"}\n\n';
const SSE_REST =
  'event: heartbeat\ndata: {}\n\nevent: reading\nid: 2\ndata: {"meter":"m_7f3a","value":12.75,"at":"2026-01-01T00:15:00Z"}\n\n';
const JSONL_FIRST = '{"meter":"m_7f3a","value":1,"at":"2026-01-01T00:00:00Z"}\n';
const PARTS_FIRST = '--batch_7\r\nContent-Type: application/json\r\n\r\n{"batch":1,"readings":[]}\r\n';
const PARTS_REST = '--batch_7\r\nContent-Type: application/json\r\n\r\n{"batch":2,"readings":[]}\r\n--batch_7--\r\n';
const JSONL_REST = '{"meter":"m_7f3a","value":2,"at":"2026-01-01T00:15:00Z"}\n{"meter":"m_7f3a","value":3,"at":"2026-01-01T00:30:00Z"}\n';
/** The answers the recording server streams, by path: sent up to `first`, the rest held until the sample printed it. */
const STREAMS: Record<string, {type: string; first: string; rest: string}> = {
  '/v1/readings/stream': {type: 'text/event-stream', first: SSE_FIRST, rest: SSE_REST},
  '/v1/readings/export': {type: 'application/jsonl', first: JSONL_FIRST, rest: JSONL_REST},
  '/v1/readings/batches': {type: 'multipart/mixed; boundary=batch_7', first: PARTS_FIRST, rest: PARTS_REST},
};
/** The lines of a stream as a sample prints them: without blank lines and without the status some print first. */
const printedLines = (stdout: string) => stdout.split(/\r?\n/).filter((l) => l !== '' && !/^200( OK)?$/.test(l));

function cases(origin: string): Case[] {
  const text = readFileSync(FIXTURE, 'utf8').replaceAll('API_ORIGIN', origin).replaceAll('AUTH_ORIGIN', 'http://127.0.0.1:9');
  const doc = parse(text) as Record<string, any>;
  // Two queries no client's parameter API can say, added here: a JSON query string, and an
  // allowReserved value beside a plain one and an API key the samples append from the environment.
  doc.components.securitySchemes.queryKey = {type: 'apiKey', in: 'query', name: 'api_key'};
  const ok = {'200': {description: 'OK', content: {'application/json': {schema: {type: 'object'}}}}};
  doc.paths['/meters/lookup'] = {
    get: {
      operationId: 'lookupMeters',
      parameters: [{name: 'filter', in: 'querystring', content: {'application/json': {schema: {type: 'object'}, example: LOOKUP}}}],
      responses: ok,
    },
  };
  doc.paths['/meters/by-link'] = {
    get: {
      operationId: 'meterByLink',
      security: [{queryKey: []}],
      parameters: [
        {name: 'link', in: 'query', required: true, allowReserved: true, schema: {type: 'string'}, example: RESERVED_LINK},
        {name: 'note', in: 'query', required: true, schema: {type: 'string'}, example: 'a/b c'},
      ],
      responses: ok,
    },
  };
  const req = (method: string, p: string) => sampleRequest(page(doc, method, p));
  /** A GET whose answer the server streams (STREAMS): the sample asks for `accept` and prints every line, in order. */
  const streamed = (name: string, p: string, accept: string): Case => {
    const {first, rest} = STREAMS[`/v1${p}`]!;
    return {
      name,
      req: req('get', p),
      first,
      check(got, stdout) {
        assert.equal(got.headers.accept, accept);
        assert.deepEqual(printedLines(stdout), printedLines(first + rest), 'every line, in order');
      },
    };
  };
  const expectAuth = (got: Received) => assert.equal(got.headers.authorization, `Bearer ${ENV.API_ACCESS_TOKEN}`, 'bearer token');
  const jsonBody = (method: string, value: unknown) => (got: Received) => {
    assert.equal(got.method, method);
    assert.equal(got.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(got.body.toString('utf8')), value, 'the JSON body');
    expectAuth(got);
  };
  /** A POST of form fields: the decoded fields, their order within a name kept (Go sorts by name). */
  const formBody = (fields: [string, string][]) => (got: Received) => {
    assert.equal(got.method, 'POST');
    assert.equal(got.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.deepEqual(sorted([...new URLSearchParams(got.body.toString('utf8'))]), sorted(fields), 'form fields, decoded');
    expectAuth(got);
  };
  return [
    {
      name: 'registerMeter: a form-urlencoded body by its encoding (labels form explode, location deepObject)',
      req: req('post', '/meters'),
      check: formBody([
        ['kind', 'electric'],
        ['labels', 'north'],
        ['labels', 'roof'],
        ['location[city]', 'Leeds'],
        ['location[postcode]', 'LS1 4AP'],
        ['alertUrl', 'https://hooks.example.test/alerts'],
      ]),
    },
    {
      name: 'createBillingCustomer: a Stripe-like form body (nested deepObject, a map, a deepObject list, a form list)',
      req: req('post', '/billing/customers'),
      check: formBody([
        ['email', 'ada@example.test'],
        ['address[city]', 'Leeds'],
        ['address[line1]', '1 Park Row'],
        ['address[postal_code]', 'LS1 5AB'],
        ['shipping[name]', 'Ada'],
        ['shipping[address][city]', 'York'],
        ['shipping[address][postal_code]', 'YO1 7HH'],
        ['metadata[plan]', 'gold'],
        ['metadata[region]', 'north'],
        ['expand[0]', 'default_source'],
        ['expand[1]', 'tax'],
        ['preferred_locales', 'en-GB'],
        ['preferred_locales', 'fr'],
      ]),
    },
    {
      name: 'attachMeterDocument: multipart parts, a PDF file and a JSON part typed by encoding',
      req: req('post', '/meters/{meterId}/documents'),
      check(got, _stdout, lang) {
        assert.equal(got.method, 'POST');
        assert.equal(got.url, '/v1/meters/m_7f3a/documents');
        const parts = multipartOf(got.body, got.headers['content-type']);
        assert.deepEqual(
          parts.map((p) => p.name),
          ['title', 'file', 'meta'],
          'the parts, in order',
        );
        const [title, file, meta] = parts as [Part, Part, Part];
        assert.equal(title.data.toString('utf8'), 'Calibration certificate');
        assert.equal(title.contentType, undefined, 'a plain text field has no Content-Type (HTML)');
        assert.equal(title.filename, undefined, 'a plain text field has no file name');
        assert.equal(file.filename, 'file.pdf', 'the file part is named');
        assert.equal(file.contentType, 'application/pdf', "the file part's type from encoding");
        assert.ok(file.data.equals(PDF), `the file's bytes, exactly (${lang})`);
        assert.equal(meta.contentType, 'application/json', "the object part's type from encoding");
        assert.deepEqual(JSON.parse(meta.data.toString('utf8')), {issuer: 'string'});
        expectAuth(got);
      },
    },
    {
      name: 'uploadMeterPhoto: a binary upload read from a file',
      req: req('put', '/meters/{meterId}/photo'),
      check(got) {
        assert.equal(got.method, 'PUT');
        assert.equal(got.headers['content-type'], 'image/jpeg');
        assert.ok(got.body.equals(JPEG), `the image's bytes, exactly: got ${got.body.toString('hex')}`);
        expectAuth(got);
      },
    },
    {
      name: 'submitReadingsXml: the XML example as it is',
      req: req('post', '/readings'),
      check(got) {
        assert.equal(got.method, 'POST');
        assert.equal(got.headers['content-type'], 'application/xml');
        assert.equal(got.body.toString('utf8'), '<reading><meter>m_7f3a</meter><value>12.5</value></reading>');
      },
    },
    {
      name: 'listReadings: the whole query string (in: querystring) from the example object',
      req: req('get', '/readings'),
      check(got) {
        assert.equal(got.method, 'GET');
        const [p, query = ''] = got.url.split('?');
        assert.equal(p, '/v1/readings');
        assert.deepEqual(
          sorted([...new URLSearchParams(query)]),
          sorted([
            ['meter', 'm_7f3a'],
            ['from', '2026-01-01'],
            ['limit', '50'],
          ]),
        );
        assert.equal(got.body.length, 0, 'no body');
      },
    },
    {
      name: 'lookupMeters: a JSON query string (in: querystring, application/json), percent-encoded',
      req: req('get', '/meters/lookup'),
      check(got) {
        assert.equal(got.url, `/v1/meters/lookup?${encodeURIComponent(JSON.stringify(LOOKUP))}`);
        expectAuth(got);
      },
    },
    {
      name: 'meterByLink: an allowReserved value sent with its reserved characters, then a plain value and a query API key',
      req: req('get', '/meters/by-link'),
      check(got, _stdout, lang) {
        const at = got.url.indexOf('?');
        assert.equal(got.url.slice(0, at), '/v1/meters/by-link');
        // WHATWG URL parsing (fetch) encodes "'" in the query of an http(s) URL; the server reads the same value.
        const query = got.url.slice(at + 1).replaceAll('%27', "'");
        // ":", "/", "?", "@", "!", "$", "'", "(", ")", "*", "," and ";" as they are; "&", "=", "#" and "+" still encoded.
        assert.ok(query.startsWith("link=https://hooks.example.test/a/b?x%3D1%26y%3D2%23top;v@2!$'()*,&"), query);
        assert.deepEqual(
          [...new URLSearchParams(query)],
          [
            ['link', RESERVED_LINK],
            ['note', 'a/b c'],
            ['api_key', envOf(lang).API_QUERY_KEY],
          ],
        );
        assert.equal(got.headers.authorization, undefined, 'no bearer token: the operation asks for the query key');
      },
    },
    {
      name: 'searchMeters: QUERY with a JSON body',
      req: req('query', '/meters'),
      check: jsonBody('QUERY', {status: ['active'], minReadings: 10}),
    },
    {
      name: 'copyMeter: COPY (additionalOperations) with a JSON body',
      req: req('COPY', '/meters/{meterId}'),
      check: jsonBody('COPY', {targetId: 'm_8b22'}),
    },
    {
      name: 'purgeMeterCache: PURGE (additionalOperations) without a body',
      req: req('PURGE', '/meters/{meterId}'),
      check(got) {
        assert.equal(got.method, 'PURGE');
        assert.equal(got.url, '/v1/meters/m_7f3a');
        assert.equal(got.body.length, 0, 'no body');
      },
    },
    streamed('streamReadings: server-sent events printed as they arrive', '/readings/stream', 'text/event-stream'),
    streamed('exportReadings: JSON Lines printed as they arrive', '/readings/export', 'application/jsonl'),
    streamed(
      'getReadingBatches: a multipart/mixed answer described part by part (itemSchema), printed as it arrives',
      '/readings/batches',
      'multipart/mixed',
    ),
  ];
}

/* ------------------------------------------------------------------ the recording server */

interface Recorder {
  origin: string;
  received: Received[];
  /** Lets a held stream finish (the sample printed its first event). */
  release(): void;
  close(): void;
}

async function recordingServer(): Promise<Recorder> {
  const received: Received[] = [];
  let release = () => {};
  const stream = (res: ServerResponse, type: string, first: string, rest: string) => {
    res.writeHead(200, {'Content-Type': type, 'Cache-Control': 'no-cache'});
    res.write(first);
    // The rest waits until the sample has printed the first event: a sample that reads the whole body first never gets it.
    new Promise<void>((resolve) => (release = resolve)).then(() => res.end(rest));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks)});
      const streamed = Object.hasOwn(STREAMS, req.url ?? '') ? STREAMS[req.url!] : undefined;
      if (streamed) stream(res, streamed.type, streamed.first, streamed.rest);
      else res.writeHead(200, {'Content-Type': 'application/json'}).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received,
    release: () => release(),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Runs a sample; `onOutput` sees stdout as it grows. Killed after `timeoutMs`. */
function runSample(
  cmd: string,
  args: string[],
  opts: {cwd: string; env: NodeJS.ProcessEnv},
  onOutput: (stdout: string) => void,
  timeoutMs = 60_000,
): Promise<{code: number | null; stdout: string; stderr: string; timedOut: boolean}> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {...opts, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      onOutput(stdout);
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr, timedOut});
    });
  });
}

/* ------------------------------------------------------------------ the tests */

test('the requests of the 3.2 description: form fields, multipart parts with files, an upload, QUERY/COPY/PURGE, a query string, streams', async () => {
  const list = cases('http://api.test');
  const get = (name: string) => list.find((c) => c.name.startsWith(name))!.req;
  assert.deepEqual(get('registerMeter').body?.encoding, {
    labels: {style: 'form', explode: true},
    location: {style: 'deepObject', explode: true},
  });
  assert.deepEqual(get('attachMeterDocument').body?.files, ['file']);
  assert.equal(get('uploadMeterPhoto').body?.file, true);
  assert.equal(get('searchMeters').method.toUpperCase(), 'QUERY');
  assert.deepEqual(get('listReadings').query, [
    ['meter', 'm_7f3a'],
    ['from', '2026-01-01'],
    ['limit', '50'],
  ]);
  assert.equal(get('streamReadings').stream, true);
  assert.equal(get('streamReadings').download, undefined, 'a stream is printed, not saved');
  assert.equal(get('exportReadings').stream, true);
  assert.equal(get('getReadingBatches').stream, true, 'a multipart answer described part by part is a stream');
  assert.equal(get('getReadingBatches').download, undefined);
  const shape = bodyShape(get('attachMeterDocument').body!);
  assert.equal(shape.kind, 'multipart');
  // No sample sets a multipart Content-Type by hand (it would lack the boundary).
  for (const s of renderSampleSources(get('attachMeterDocument')))
    assert.doesNotMatch(s.code, /Content-Type['"]?\s*(=>|:|,|\]\s*=)\s*['"]?multipart\/form-data['"]/, s.id);
});

describe('samples of the 3.2 description sent to a recording server', {concurrency: true}, () => {
  for (const lang of Object.keys(RUNNERS)) {
    test(`${lang}: every request arrives as the description says, streams are printed line by line as they arrive`, async () => {
      const server = await recordingServer();
      try {
        const list = cases(server.origin);
        const dir = path.join(work, lang);
        mkdirSync(dir, {recursive: true});
        const codes = list.map((c) => {
          const code = renderSampleSources(c.req).find((s) => s.id === lang)?.code;
          assert.ok(code, `${lang} sample of ${c.name}`);
          return code;
        });
        codes.forEach((code, i) => writeFileSync(path.join(dir, `s${i}${RUNNERS[lang].ext}`), code));
        const command = await RUNNERS[lang].prepare(dir, codes);
        for (const [i, c] of list.entries()) {
          const cwd = mkdtempSync(path.join(dir, 'cwd-'));
          prepareCwd(lang, cwd);
          for (const [name, bytes] of Object.entries(FILES)) writeFileSync(path.join(cwd, name), bytes);
          const before = server.received.length;
          const [cmd, args] = command(i, cwd);
          const first = printedLines(c.first ?? '').at(-1) ?? '';
          const r = await runSample(cmd, args, {cwd, env: sampleEnv(cwd, envOf(lang))}, (out) => out.includes(first) && server.release());
          const where = `${lang} sample of ${c.name}`;
          assert.ok(!r.timedOut, `${where} did not finish: a stream read whole never gets its end\nstdout:\n${r.stdout}\n${codes[i]}`);
          assert.equal(r.code, 0, `${where} failed:\n${r.stderr}${r.stdout}\n${codes[i]}`);
          assert.equal(server.received.length - before, 1, `${where} made one request`);
          try {
            c.check(server.received[before]!, r.stdout, lang);
          } catch (error) {
            (error as Error).message = `${where}: ${(error as Error).message}\n--- sample:\n${codes[i]}\n--- stdout:\n${r.stdout}`;
            throw error;
          }
        }
      } finally {
        server.close();
      }
    });
  }
});
