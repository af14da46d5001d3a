/**
 * The response checks (./response-checks.ts) of a generation, made on a worker thread while the
 * page data and code samples are made on the main one (from CHECK_WORKER_MIN_PAGES pages on): the
 * two do not depend on each other, and on two cores the checks (GitHub's 1,223 operations: about
 * 7 s of Ajv) no longer add to gen:api's wall time. The worker reads the processed document itself
 * and answers page by page, in the order asked; the main thread awaits each page's answer where it
 * used to compute it. The modules are the same: the checks depend only on the document.
 */
import {Worker, isMainThread, parentPort, workerData} from 'node:worker_threads';
import type {OpenApiDocument} from '../../openapi/model/document';
import {operationAt} from '../../openapi/model/methods';
import {checkFile, responseCheckModule} from './response-checks';

export interface CheckRequest {
  /** The page id (its check module is named after it). */
  id: string;
  path: string;
  method: string;
}

/** A page's check file (./response-checks.ts checkFile), or why it could not be made. */
export type CheckAnswer = {id: string; file?: string; hasSource: boolean} | {id: string; error: string};

interface Job {
  mark: typeof WORKER_MARK;
  processedSpec: string;
  pages: CheckRequest[];
}

const WORKER_MARK = 'portal-response-checks';

/** Where a generation gets its pages' checks: this thread or a worker. */
export interface CheckSource {
  answer(id: string): Promise<CheckAnswer>;
  close(): Promise<void>;
}

/**
 * From this many pages with checks on, they are made on a worker thread. Starting one (tsx, Ajv)
 * costs about a second, more than a small document's whole set of checks (ours: 22 operations).
 */
export const CHECK_WORKER_MIN_PAGES = 200;

/** The checks made on this thread, from the document the page data reads. */
export function checksOnThisThread(doc: OpenApiDocument, pages: CheckRequest[]): CheckSource {
  const byId = new Map(pages.map((p) => [p.id, p]));
  return {
    answer: async (id) => {
      const page = byId.get(id);
      if (!page) return {id, error: `no response check was asked for page ${id}`};
      try {
        const check = responseCheckModule(doc, operationAt(doc.paths?.[page.path], page.method));
        return {id, file: checkFile(check), hasSource: Boolean(check.source)};
      } catch (error) {
        return {id, error: (error as Error).message};
      }
    },
    close: async () => undefined,
  };
}

/** The answers of one generation's worker, by page id. */
export class ResponseCheckWorker implements CheckSource {
  private readonly worker: Worker;
  private readonly answers = new Map<string, CheckAnswer>();
  private readonly waiting = new Map<string, (answer: CheckAnswer) => void>();
  private failure?: Error;

  constructor(processedSpec: string, pages: CheckRequest[]) {
    // The worker loads this TypeScript file through tsx's CommonJS hook, whatever loader the
    // parent runs under (as openapi/pipeline/lint-worker.ts does).
    const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(__filename)});`;
    this.worker = new Worker(bootstrap, {eval: true, execArgv: [], workerData: {mark: WORKER_MARK, processedSpec, pages} satisfies Job});
    this.worker.on('message', (message: CheckAnswer) => {
      const resolve = this.waiting.get(message.id);
      if (resolve) {
        this.waiting.delete(message.id);
        resolve(message);
      } else this.answers.set(message.id, message);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const [id, resolve] of this.waiting) resolve({id, error: error.message});
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`the response check worker (plugins/api-pages/check-worker.ts) stopped with exit code ${code}`));
      else fail(new Error('the response check worker ended before answering'));
    });
  }

  /** The answer for page `id` (asked for when the worker was made). */
  answer(id: string): Promise<CheckAnswer> {
    const ready = this.answers.get(id);
    if (ready) {
      this.answers.delete(id);
      return Promise.resolve(ready);
    }
    if (this.failure) return Promise.resolve({id, error: this.failure.message});
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  /** Stops the worker (a generation that failed half-way does not wait for the rest). */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

if (!isMainThread && (workerData as Partial<Job> | null)?.mark === WORKER_MARK) {
  const {processedSpec, pages} = workerData as Job;
  let source: CheckSource | undefined;
  let readError = '';
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const {readProcessedDocument} = require('./markdown') as typeof import('./markdown');
    source = checksOnThisThread(readProcessedDocument(processedSpec), pages);
  } catch (error) {
    readError = (error as Error).message;
  }
  void (async () => {
    for (const page of pages) parentPort!.postMessage(source ? await source.answer(page.id) : {id: page.id, error: readError});
  })();
}
