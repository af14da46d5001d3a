/**
 * Runs an operation's generated checks (request and response, ./check-keys.ts) in a worker
 * (./check-worker.ts) under a time budget. A check whose pattern backtracks catastrophically
 * would otherwise freeze the page: when the budget is spent the worker is terminated (a fresh one
 * serves the next run) and the run reports a timeout, which the console shows as "check skipped".
 */
import type {ResponseValidator} from '../../../plugins/api-pages/client/page-data-format';

export type CheckError = NonNullable<ResponseValidator['errors']>[number];

/** What the page asks the worker: run check `key` of the module at `url` on `data`. */
export interface CheckRequest {
  id: number;
  url: string;
  key: string;
  data: unknown;
}

export type CheckRun =
  | {kind: 'ran'; valid: boolean; errors: CheckError[]}
  /** The module has no check under this key (with the build's reason when it skipped one). */
  | {kind: 'missing'; skipped?: string}
  | {kind: 'timeout'; budgetMs: number}
  | {kind: 'error'; message: string};

/** Runs check `key` on `data`. */
export type RunCheck = (key: string, data: unknown) => Promise<CheckRun>;

/** How long one check may take before it is stopped. */
export const CHECK_BUDGET_MS = 2000;

interface WorkerLike {
  postMessage(message: CheckRequest): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<CheckRun & {id: number}>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

const defaultWorker = (): WorkerLike => new Worker(new URL('./check-worker.ts', import.meta.url));

/**
 * A runner for the check module at `url` (an absolute URL). `makeWorker` and `budgetMs` are for
 * the tests; by default each runner has its own worker, started on first use.
 */
export function checkRunner(url: string, budgetMs = CHECK_BUDGET_MS, makeWorker: () => WorkerLike = defaultWorker): RunCheck {
  let worker: WorkerLike | null = null;
  let next = 0;
  const waiting = new Map<number, (run: CheckRun) => void>();
  const settleAll = (run: CheckRun) => {
    for (const resolve of waiting.values()) resolve(run);
    waiting.clear();
  };
  const start = (): WorkerLike => {
    const w = makeWorker();
    w.onmessage = (e) => {
      const {id, ...run} = e.data;
      waiting.get(id)?.(run as CheckRun);
      waiting.delete(id);
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      settleAll({kind: 'error', message: `the check stopped (${e.message || 'worker error'})`});
      w.terminate();
      if (worker === w) worker = null;
    };
    return w;
  };
  return (key, data) =>
    new Promise<CheckRun>((resolve) => {
      let w: WorkerLike;
      try {
        w = worker ??= start();
      } catch (e) {
        return resolve({kind: 'error', message: `this browser cannot run checks off the page (${(e as Error).message})`});
      }
      const id = next++;
      const timer = setTimeout(() => {
        // The check is still running: stop it (and anything queued behind it) for good.
        w.terminate();
        if (worker === w) worker = null;
        waiting.delete(id);
        settleAll({kind: 'error', message: 'an earlier check took too long and was stopped'});
        resolve({kind: 'timeout', budgetMs});
      }, budgetMs);
      waiting.set(id, (run) => {
        clearTimeout(timer);
        resolve(run);
      });
      w.postMessage({id, url, key, data});
    });
}
