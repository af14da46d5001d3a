/**
 * The console's request flow after the pre-send check, out of the component: send the prepared
 * request, read the answer (text pretty-printed when it is JSON, anything else as a file to save),
 * and say what happened in the reader's words (a redirect not followed, a proxy that refused, a
 * request sent without some credentials, a timeout, CORS or the network). The component turns
 * the outcome into state; everything the flow needs from the browser is passed in, so its tests
 * run it with a fake fetch.
 */
import {diagnoseFailure, FAILURE} from './request';
import {downloadName} from './download';
import {proxyErrorMessage, TRY_IT_FAILURE, type TryItConfig} from './try-it';
import {streamFormat, type StreamFormat} from './stream';

/** What the console shows of a response. */
export interface SentResponse {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  body: string;
  download?: {url: string; name: string; size: number; type: string};
  /** Where the browser ended up after following a redirect (requests without credentials only). */
  redirectedTo?: string;
  /** A streamed response (server-sent events, JSON Lines, JSON text sequences, multipart parts): read item by item (./stream.ts). */
  streamed?: StreamFormat;
}

export type SendOutcome =
  /** An answer: shown, announced, with an error beside it when the proxy refused or credentials were left out. */
  | {
      kind: 'response';
      response: SentResponse;
      announcement: string;
      error?: string;
      contentType: string;
      /** The body still to read, for a streamed response (response.streamed): the caller reads it as it arrives. */
      stream?: ReadableStream<Uint8Array>;
    }
  /** No answer to show: the message says why (and is announced). */
  | {kind: 'failed'; message: string; announce: boolean};

export interface SendContext {
  /** The request as built (buildRequest): its URL without the proxy, and the credentials it could not carry. */
  request: {url: string; notSent?: {reason: string}[]};
  /** The browser's Request, through the proxy when it is used. */
  prepared: Request;
  viaProxy: boolean;
  tryIt: TryItConfig;
  /** Whether the proxy could carry this request (named in the CORS and network messages). */
  proxyAvailable: boolean;
  /** The operationId, for the name of a file with no Content-Disposition name. */
  operationId?: string;
  /**
   * The operation describes a multipart answer part by part (3.2 `itemSchema`): a multipart
   * response is then read as a stream of parts; otherwise it is a file to save, as it may hold
   * binary parts that text would garble.
   */
  multipartStream?: boolean;
  signal: AbortSignal;
  origin: string;
  fetch: typeof fetch;
  now: () => number;
  createObjectURL: (blob: Blob) => string;
}

/** Media types the console shows as text; anything else is a file to save. */
const TEXTUAL = /json|text|xml|html|javascript/;

export async function sendRequest(ctx: SendContext): Promise<SendOutcome> {
  const {request, viaProxy, tryIt} = ctx;
  const started = ctx.now();
  try {
    const response = await ctx.fetch(ctx.prepared, {signal: ctx.signal});
    if (response.type === 'opaqueredirect') {
      // Sent with redirect: 'manual' (it carries a credential): the redirect was not followed.
      return {kind: 'failed', message: FAILURE.redirect(request.url.split('?')[0]), announce: true};
    }
    const type = response.headers.get('content-type') ?? '';
    const headers = [...response.headers.entries()];
    let body = '';
    let download: SentResponse['download'];
    const found = streamFormat(type);
    const format = found === 'multipart' && !ctx.multipartStream ? undefined : found;
    const stream = format && response.body ? response.body : undefined;
    if (stream) {
      // Left unread: the console shows each item as it arrives, until the stream ends or Stop.
    } else if (TEXTUAL.test(type) || type === '') {
      body = await response.text();
      if (/json/.test(type)) {
        try {
          body = JSON.stringify(JSON.parse(body), null, 2);
        } catch {
          // Not valid JSON after all: show it as it came.
        }
      }
    } else {
      const blob = await response.blob();
      const ext =
        type
          .split('/')[1]
          ?.split(/[;+]/)[0]
          ?.replace(/[^A-Za-z0-9-]/g, '') || 'bin';
      const name = downloadName(response.headers.get('content-disposition'), `${ctx.operationId ?? 'response'}.${ext}`);
      download = {url: ctx.createObjectURL(blob), name, size: blob.size, type};
    }
    const ms = Math.round(ctx.now() - started);
    const sent: SentResponse = {
      status: response.status,
      statusText: response.statusText,
      ms,
      headers,
      body,
      download,
      ...(response.redirected ? {redirectedTo: response.url} : {}),
      ...(stream ? {streamed: format} : {}),
    };
    const announcement = `Response: ${response.status} ${response.statusText}, in ${ms} ms${download ? `, a file to download (${download.name})` : ''}${stream ? ', a stream: its items appear as they arrive' : ''}.`;
    const proxyError = viaProxy ? response.headers.get('x-proxy-error') : null;
    const notSent = request.notSent?.map((n) => n.reason);
    const error = proxyError
      ? TRY_IT_FAILURE.proxyRefused(tryIt.proxyUrl!, proxyErrorMessage(body, proxyError))
      : notSent?.length
        ? `Sent without some credentials: ${notSent.join(' ')}`
        : undefined;
    return {kind: 'response', response: sent, announcement, contentType: type, ...(error ? {error} : {}), ...(stream ? {stream} : {})};
  } catch (e) {
    if ((e as Error).name === 'AbortError') return {kind: 'failed', message: FAILURE.timeout, announce: false};
    if (e instanceof TypeError && viaProxy)
      return {kind: 'failed', message: TRY_IT_FAILURE.proxyUnreachable(tryIt.proxyUrl!), announce: false};
    if (e instanceof TypeError) {
      const probe = (url: string) =>
        ctx.fetch(url, {mode: 'no-cors', method: 'HEAD', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(10000)});
      const kind = await diagnoseFailure(request.url, probe);
      const message =
        kind === 'cors'
          ? FAILURE.cors(ctx.origin, tryIt, ctx.proxyAvailable)
          : FAILURE.network(request.url.split('?')[0], tryIt, ctx.proxyAvailable);
      return {kind: 'failed', message, announce: false};
    }
    return {kind: 'failed', message: `The request did not complete: ${(e as Error).message}.`, announce: false};
  }
}
