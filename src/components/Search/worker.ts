/**
 * The search Web Worker: fetches and loads the indexes (ours and the external sources) and answers
 * queries, so neither JSON parsing nor lunr ever runs on the page's main thread.
 *
 * Protocol (see ./rpc.ts): {id, kind: 'init', request} -> IndexLoadStatus[];
 * {id, kind: 'search', query, limit} -> SearchResponse; {id, kind: 'complete'} -> the warnings of
 * index parts left out, once every part is loaded or left out.
 */
import {SearchEngine, type FetchLike} from './engine';
import type {WorkerRequest, WorkerResponse} from './rpc';
import type {IndexLoadStatus} from './types';

interface WorkerScope {
  postMessage(message: WorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void;
}
const scope = self as unknown as WorkerScope;

const engine = new SearchEngine();
let ready: Promise<IndexLoadStatus[]> | null = null;
const fetchIndex: FetchLike = (url) => fetch(url, {credentials: 'same-origin'});

scope.addEventListener('message', (event) => {
  const message = event.data;
  void handle(message).then(
    (value) => scope.postMessage({id: message.id, ok: true, value}),
    (error: unknown) => scope.postMessage({id: message.id, ok: false, error: error instanceof Error ? error.message : String(error)}),
  );
});

async function handle(message: WorkerRequest): Promise<unknown> {
  if (message.kind === 'init') {
    ready ??= engine.init(message.request, fetchIndex);
    return ready;
  }
  if (!ready) throw new Error('search worker used before init');
  await ready;
  if (message.kind === 'complete') return engine.complete();
  return engine.search(message.query, message.limit);
}
