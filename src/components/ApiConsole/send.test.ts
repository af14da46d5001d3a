/**
 * The console's request flow (send.ts) with a fake fetch: what the reader sees for each kind of
 * answer and each kind of failure.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {FAILURE} from './request';
import {sendRequest, type SendContext} from './send';
import {TRY_IT_FAILURE} from './try-it';

const URL_ = 'https://api.example.com/v1/invoices/7/pdf?x=1';

function context(
  answer: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  over: Partial<SendContext> = {},
): SendContext {
  let clock = 1000;
  return {
    request: {url: URL_},
    prepared: new Request(URL_),
    viaProxy: false,
    tryIt: {},
    proxyAvailable: false,
    operationId: 'downloadInvoice',
    signal: new AbortController().signal,
    origin: 'https://docs.example.com',
    fetch: answer as typeof fetch,
    // Each reading of the clock is 12.4 ms after the last: the response took 12 ms.
    now: () => (clock += 12.4),
    createObjectURL: (blob) => `blob:test/${blob.size}`,
    ...over,
  };
}

test('a JSON answer is pretty-printed, timed and announced; headers listed', async () => {
  const out = await sendRequest(
    context(
      async () =>
        new Response('{"id":7,"lines":[1,2]}', {status: 201, statusText: 'Created', headers: {'content-type': 'application/json'}}),
    ),
  );
  assert.equal(out.kind, 'response');
  if (out.kind !== 'response') return;
  assert.equal(out.response.body, '{\n  "id": 7,\n  "lines": [\n    1,\n    2\n  ]\n}');
  assert.equal(out.response.status, 201);
  assert.equal(out.response.ms, 12);
  assert.deepEqual(out.response.headers, [['content-type', 'application/json']]);
  assert.equal(out.announcement, 'Response: 201 Created, in 12 ms.');
  assert.equal(out.contentType, 'application/json');
  assert.equal(out.error, undefined);
  assert.equal(out.response.download, undefined);
});

test('text that says JSON but is not stays as it came; an answer with no type is text', async () => {
  const bad = await sendRequest(context(async () => new Response('{oops', {headers: {'content-type': 'application/problem+json'}})));
  assert.equal(bad.kind === 'response' && bad.response.body, '{oops');
  const none = await sendRequest(context(async () => new Response('plain')));
  assert.equal(none.kind === 'response' && none.response.body, 'plain');
});

test('a binary answer is a file to save, named by Content-Disposition or after the operation', async () => {
  const named = await sendRequest(
    context(
      async () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: {'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="invoice-7.pdf"'},
        }),
    ),
  );
  assert.ok(named.kind === 'response');
  assert.deepEqual(named.response.download, {url: 'blob:test/4', name: 'invoice-7.pdf', size: 4, type: 'application/pdf'});
  assert.equal(named.response.body, '');
  assert.equal(named.announcement, 'Response: 200 , in 12 ms, a file to download (invoice-7.pdf).');
  const unnamed = await sendRequest(
    context(async () => new Response(new Uint8Array([1]), {headers: {'content-type': 'application/zip; charset=x'}})),
  );
  assert.equal(unnamed.kind === 'response' && unnamed.response.download?.name, 'downloadInvoice.zip');
  const noId = await sendRequest(
    context(async () => new Response(new Uint8Array([1]), {headers: {'content-type': 'image/png'}}), {operationId: undefined}),
  );
  assert.equal(noId.kind === 'response' && noId.response.download?.name, 'response.png');
});

test('a multipart answer is a stream of parts when the operation describes its parts (itemSchema), else a file to save', async () => {
  const answer = async () => new Response('--b\r\n\r\none\r\n--b--\r\n', {headers: {'content-type': 'multipart/mixed; boundary=b'}});
  const parts = await sendRequest(context(answer, {multipartStream: true}));
  assert.ok(parts.kind === 'response');
  assert.equal(parts.response.streamed, 'multipart');
  assert.ok(parts.stream, 'the body is left to read as it arrives');
  assert.match(parts.announcement, /a stream: its items appear as they arrive/);
  const file = await sendRequest(context(answer));
  assert.ok(file.kind === 'response');
  assert.equal(file.response.streamed, undefined);
  assert.equal(file.response.download?.name, 'downloadInvoice.mixed');
  // Server-sent events stream whatever the operation says of multipart answers.
  const events = await sendRequest(context(async () => new Response('data: 1\n\n', {headers: {'content-type': 'text/event-stream'}})));
  assert.ok(events.kind === 'response');
  assert.equal(events.response.streamed, 'sse');
  assert.ok(events.stream);
  assert.equal(events.response.body, '', 'left unread for the stream reader');
});

test('a redirect the browser did not follow (credentialed request) is a failure, announced', async () => {
  const out = await sendRequest(context(async () => ({type: 'opaqueredirect'}) as Response));
  assert.deepEqual(out, {kind: 'failed', message: FAILURE.redirect('https://api.example.com/v1/invoices/7/pdf'), announce: true});
});

test('a followed redirect is shown with where it ended', async () => {
  const response = new Response('{}', {headers: {'content-type': 'application/json'}});
  Object.defineProperty(response, 'redirected', {value: true});
  Object.defineProperty(response, 'url', {value: 'https://api.example.com/v2/x'});
  const out = await sendRequest(context(async () => response));
  assert.equal(out.kind === 'response' && out.response.redirectedTo, 'https://api.example.com/v2/x');
});

test("the proxy's refusal and credentials left out are said beside the answer; a proxy header without the proxy is ignored", async () => {
  const refused = () =>
    new Response('{"error":"host not allowed"}', {
      status: 403,
      headers: {'content-type': 'application/json', 'x-proxy-error': 'host-not-allowed'},
    });
  const tryIt = {proxyUrl: 'https://proxy.example.com/p'};
  const via = await sendRequest(context(async () => refused(), {viaProxy: true, tryIt}));
  assert.ok(via.kind === 'response');
  assert.match(via.error ?? '', /^The portal's proxy \(https:\/\/proxy\.example\.com\) did not forward the request: /);
  const direct = await sendRequest(context(async () => refused(), {tryIt}));
  assert.equal(direct.kind === 'response' && direct.error, undefined);
  const partial = await sendRequest(
    context(async () => new Response('ok'), {request: {url: URL_, notSent: [{reason: 'The API key is empty.'}, {reason: 'No token.'}]}}),
  );
  assert.equal(partial.kind === 'response' && partial.error, 'Sent without some credentials: The API key is empty. No token.');
});

test('a timeout, an unreachable proxy, CORS, the network and anything else each have their message', async () => {
  const abort = Object.assign(new Error('aborted'), {name: 'AbortError'});
  assert.deepEqual(await sendRequest(context(async () => Promise.reject(abort))), {
    kind: 'failed',
    message: FAILURE.timeout,
    announce: false,
  });
  const tryIt = {proxyUrl: 'https://proxy.example.com'};
  assert.deepEqual(await sendRequest(context(async () => Promise.reject(new TypeError('Failed to fetch')), {viaProxy: true, tryIt})), {
    kind: 'failed',
    message: TRY_IT_FAILURE.proxyUnreachable('https://proxy.example.com'),
    announce: false,
  });
  // Direct: the no-cors probe (without the query) tells CORS (it answers) from the network (it fails too).
  const probed: string[] = [];
  const cors = await sendRequest(
    context(async (input, init) => {
      if (init?.mode === 'no-cors') {
        probed.push(String(input));
        return new Response(null, {status: 200});
      }
      throw new TypeError('Failed to fetch');
    }),
  );
  assert.deepEqual(probed, ['https://api.example.com/v1/invoices/7/pdf']);
  assert.deepEqual(cors, {kind: 'failed', message: FAILURE.cors('https://docs.example.com', {}, false), announce: false});
  const network = await sendRequest(context(async () => Promise.reject(new TypeError('Failed to fetch')), {proxyAvailable: true, tryIt}));
  assert.deepEqual(network, {
    kind: 'failed',
    message: FAILURE.network('https://api.example.com/v1/invoices/7/pdf', tryIt, true),
    announce: false,
  });
  assert.deepEqual(await sendRequest(context(async () => Promise.reject(new Error('boom')))), {
    kind: 'failed',
    message: 'The request did not complete: boom.',
    announce: false,
  });
});
