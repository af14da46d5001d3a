/** Messages between the page and the search worker (a tiny request/response protocol). */
import type {InitRequest} from './types';

export type WorkerRequest =
  | {id: number; kind: 'init'; request: InitRequest}
  | {id: number; kind: 'search'; query: string; limit: number}
  | {id: number; kind: 'complete'};

export type WorkerResponse = {id: number; ok: true; value: unknown} | {id: number; ok: false; error: string};

/** A request without its id (distributes over the union). */
export type WorkerRequestBody = WorkerRequest extends infer R ? (R extends {id: number} ? Omit<R, 'id'> : never) : never;

type Pending = {resolve(value: unknown): void; reject(error: Error): void};

/** Where requests go: a Worker, or anything with the same two methods (tests, fallbacks). */
export interface MessagePortLike {
  postMessage(message: WorkerRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerResponse>) => void): void;
}

export function createRpc(port: MessagePortLike) {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  port.addEventListener('message', (event) => {
    const message = event.data;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new Error(message.error));
  });
  return {
    call<T>(request: WorkerRequestBody): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, {resolve: resolve as (v: unknown) => void, reject});
        port.postMessage({...request, id} as WorkerRequest);
      });
    },
    /** Reject everything still waiting (the worker died). */
    failAll(error: Error) {
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    },
  };
}
