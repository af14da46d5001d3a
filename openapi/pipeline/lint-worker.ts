/**
 * lintSource (lint.ts) on a worker thread, so that the rest of the pipeline (bundling, page
 * assignment) runs beside it instead of after it. Redocly's lint is CPU-bound and most of a large
 * document's `npm run spec` (BENCHMARKS.md, "Measurements behind the code"). build.ts waits for the lint's outcome before it writes anything or reports any other
 * problem, so the result and every message are those of the sequential pipeline.
 *
 * One worker serves every lint of the process (the live preview lints on each save, the corpus
 * runner document after document): it is started on first use, keeps Redocly and its
 * configuration loaded, and does not keep the process alive while idle.
 */
import {Worker, isMainThread, parentPort, workerData} from 'node:worker_threads';
import type {LintOutcome, ReadOptions} from './lint';
import {refPolicyFor} from './resolver';

interface LintRequest {
  id: number;
  file: string;
  strict: boolean;
  /** Sent with each request: the worker reads only what this admits (it never reads the environment). */
  read: ReadOptions;
}

type LintReply = {id: number; outcome: LintOutcome} | {id: number; error: {message: string; stack?: string}};

/** Marks the worker this module starts (and not any other worker that happens to import it). */
const WORKER_MARK = 'portal-openapi-lint';

interface Pending {
  resolve: (outcome: LintOutcome) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(): Worker {
  // The worker loads this TypeScript file through tsx's CommonJS hook, whatever loader (tsx, the
  // node test runner, Docusaurus's config loader) the parent runs under.
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(__filename)});`;
  const started = new Worker(bootstrap, {eval: true, execArgv: [], workerData: {mark: WORKER_MARK}});
  started.on('message', (reply: LintReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if ('outcome' in reply) job.resolve(reply.outcome);
    else job.reject(Object.assign(new Error(reply.error.message), {stack: reply.error.stack}));
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the OpenAPI lint worker (openapi/pipeline/lint-worker.ts) stopped with exit code ${code}`)));
  return started;
}

/** lintSource(file, strict, read), computed on the lint worker thread. */
export function lintInWorker(file: string, strict: boolean, read: ReadOptions = {policy: refPolicyFor(file)}): Promise<LintOutcome> {
  worker ??= startWorker();
  const id = ++nextId;
  const result = new Promise<LintOutcome>((resolve, reject) => pending.set(id, {resolve, reject}));
  worker.ref();
  worker.postMessage({id, file, strict, read} satisfies LintRequest);
  return result;
}

if (!isMainThread && (workerData as {mark?: string} | null)?.mark === WORKER_MARK) {
  // Loaded here, not at the top: the main thread only needs the functions above.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const {lintSource} = require('./lint') as typeof import('./lint');
  parentPort!.on('message', ({id, file, strict, read}: LintRequest) => {
    lintSource(file, strict, read).then(
      (outcome) => parentPort!.postMessage({id, outcome} satisfies LintReply),
      (error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error));
        parentPort!.postMessage({id, error: {message: e.message, stack: e.stack}} satisfies LintReply);
      },
    );
  });
}
