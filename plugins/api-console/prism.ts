/**
 * Stoplight Prism, the mock server of "Try it": started as a child process on the processed
 * description. Used by `npm run mock` (mock-cli.ts), `PORTAL_MOCK=1 npm start` (with-mock.ts)
 * and the tests, each of which starts its own Prism on a free port.
 *
 * What Prism does with our document (checked by prism.test.ts):
 * - every operation answers with the document's example for its success status;
 * - requests are validated (parameters, body, security): an invalid one gets the document's own
 *   error response. Prism picks 422 when the operation defines it and 400 otherwise, for any
 *   request violation (its fixed order, not configurable), so an invalid body on a create or
 *   update operation gets our 422 example, an invalid query or path parameter our 400;
 * - it answers CORS itself (`--cors`, on by default): preflights echo the requested origin,
 *   method and headers; answers echo the Origin (`*` without one) and expose every header.
 * - binary responses without an example (the invoice PDF) get a placeholder body built from the
 *   schema (the text "string") with the documented Content-Type and headers.
 *
 * The mock never calls out (issue 22 row 9). Prism is handed a copy of the document made by
 * mockDocument(), not the document itself:
 * - without `callbacks` (on operations, webhooks and in components): Prism runs every callback of an
 *   operation after answering it, a POST to a URL taken from the request (`{$request.body#/callbackUrl}`),
 *   and has no option to turn that off;
 * - without references to anything outside the document (`$ref`s that do not start with "#",
 *   `externalValue`s): Prism dereferences the whole document when it starts, and would fetch them;
 * - without patterns that can backtrack catastrophically (openapi/pipeline/patterns.ts): Prism
 *   validates every request against the document's schemas.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {isHttpMethod, pathItemOperations} from '../../openapi/model/methods';
import {isObject} from '../../openapi/model/document';
import {escapeToken, pointerOf} from '../../openapi/model/pointer';
import {removeUnsafePatterns} from '../../openapi/pipeline/patterns';
import {projectRoot} from '../../portal.config';

export const PRISM_BIN = path.join(projectRoot, 'node_modules/@stoplight/prism-cli/dist/index.js');

export interface MockServer {
  /** Base URL of the mock: the document's paths are served right under it. */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything Prism printed so far (its request log), after the note on what its copy of the document leaves out. */
  log(): string;
  /** What Prism's copy of the document leaves out (mockDocument), one line, or '' when nothing. */
  note: string;
  stop(): Promise<void>;
}

export interface PrismOptions {
  /** The processed OpenAPI document. */
  spec: string;
  /** Port; 0 (default) finds a free one. */
  port?: number;
  host?: string;
  /** How long Prism may take to start (default 60 s: the machine may be busy). */
  startTimeoutMs?: number;
  /** Pass Prism's output through to this process's stdout/stderr as well. */
  inherit?: boolean;
}

export interface MockDocument {
  doc: unknown;
  /** JSON pointers of what was taken out. */
  callbacks: string[];
  externalRefs: string[];
  patterns: string[];
  /**
   * JSON pointers of the operations Prism 5 does not route: OpenAPI 3.2 `query` and
   * `additionalOperations` (it knows the eight methods of 3.0/3.1). It answers them 405 ("Route
   * resolved, but no method matched"), or 404 where the path has no other method, with a
   * problem+json body; the note says so.
   */
  unserved: string[];
}

/** The document as Prism gets it: a copy without callbacks, outside references and unsafe patterns. */
export function mockDocument(source: unknown): MockDocument {
  const doc = structuredClone(source);
  const out: MockDocument = {doc, callbacks: [], externalRefs: [], patterns: [], unserved: []};
  for (const [p, item] of Object.entries(isObject(doc) && isObject(doc.paths) ? doc.paths : {})) {
    for (const {method, keys} of pathItemOperations(item)) {
      if (method === 'query' || !isHttpMethod(method)) out.unserved.push(pointerOf(['paths', p, ...keys]));
    }
  }
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${pointer}/${i}`));
      return;
    }
    const obj = node as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const here = `${pointer}/${escapeToken(key)}`;
      const value = obj[key];
      // Operations' callbacks (the key under a method, fixed or additionalOperations) and the components they may reference.
      if (
        key === 'callbacks' &&
        value &&
        typeof value === 'object' &&
        (pointer === '#/components' ||
          isHttpMethod(pointer.slice(pointer.lastIndexOf('/') + 1)) ||
          /\/additionalOperations\/[^/]+$/.test(pointer))
      ) {
        out.callbacks.push(here);
        delete obj[key];
      } else if (
        (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) ||
        (key === 'externalValue' && typeof value === 'string')
      ) {
        out.externalRefs.push(here);
        delete obj[key];
      } else walk(value, here);
    }
  };
  walk(doc, '#');
  out.patterns = removeUnsafePatterns(doc).map((f) => f.pointer);
  return out;
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The port of MOCK_PORT (default 4010), or a clear error naming the variable. */
export function mockPortFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.MOCK_PORT?.trim();
  if (!text) return 4010;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`MOCK_PORT must be a port number (0-65535), got "${text}"`);
  return port;
}

const LISTENING = /Prism is listening on (http:\/\/\S+)/;

function startOnce(opts: PrismOptions, port: number, spec: string): Promise<MockServer> {
  const host = opts.host ?? '127.0.0.1';
  const args = [PRISM_BIN, 'mock', '--host', host, '--port', String(port), '--verboseLevel', 'info', spec];
  const child = spawn(process.execPath, args, {stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'}});
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Prism did not start within ${opts.startTimeoutMs ?? 60000} ms on ${opts.spec}:\n${output.slice(-3000)}`));
    }, opts.startTimeoutMs ?? 60000);
    const onData = (chunk: Buffer, sink: NodeJS.WriteStream) => {
      const text = chunk.toString();
      // Keep the start of the log (the route list) and its recent end.
      output = output.length > 1 << 20 ? output.slice(0, 1 << 16) + output.slice(-(1 << 19)) + text : output + text;
      if (opts.inherit) sink.write(text);
      const m = LISTENING.exec(output);
      if (m) {
        clearTimeout(timer);
        // Prism prints its address without a trailing slash; the port is the one we asked for.
        resolve({url: `http://${host}:${port}`, port, child, log: () => output, note: '', stop});
      }
    };
    child.stdout!.on('data', (c: Buffer) => onData(c, process.stdout));
    child.stderr!.on('data', (c: Buffer) => onData(c, process.stderr));
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`Prism could not be started (${PRISM_BIN}): ${e.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        Object.assign(
          new Error(
            `Prism exited (${signal ?? `code ${code}`}) before listening on ${host}:${port} with ${opts.spec}:\n${output.slice(-3000)}`,
          ),
          {addressInUse: /EADDRINUSE/.test(output)},
        ),
      );
    });
  });
}

/**
 * Starts Prism on the document (its mockDocument() copy, in a temporary folder removed when the
 * mock stops); with port 0, on a free port (retried if another process took it first).
 */
export async function startPrism(opts: PrismOptions): Promise<MockServer> {
  if (!existsSync(opts.spec)) throw new Error(`The processed OpenAPI document ${opts.spec} is missing: run "npm run prepare:api" first.`);
  if (!existsSync(PRISM_BIN)) throw new Error(`Prism is not installed (${PRISM_BIN} is missing): run "npm install".`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(opts.spec, 'utf8'));
  } catch (e) {
    throw new Error(`The processed OpenAPI document ${opts.spec} is not JSON (${(e as Error).message}): run "npm run spec" again.`);
  }
  const copy = mockDocument(parsed);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-mock-'));
  const spec = path.join(dir, 'openapi.json');
  writeFileSync(spec, JSON.stringify(copy.doc));
  const dropped = [
    copy.callbacks.length ? `${copy.callbacks.length} callback object(s): the mock never calls out` : '',
    copy.externalRefs.length ? `${copy.externalRefs.length} reference(s) to outside the document` : '',
    copy.patterns.length ? `${copy.patterns.length} unsafe pattern(s)` : '',
  ].filter(Boolean);
  const unserved = copy.unserved.length
    ? `[mock] Prism does not serve QUERY or additionalOperations methods (OpenAPI 3.2): ${copy.unserved.length} operation(s) answer 405 (404 where their path has no other method).`
    : '';
  const note = [dropped.length ? `[mock] Prism gets a copy of ${opts.spec} without ${dropped.join(', ')}.` : '', unserved]
    .filter(Boolean)
    .join('\n');
  if (note && opts.inherit) console.log(note);
  const cleanup = () => rmSync(dir, {recursive: true, force: true});
  for (let attempt = 0; ; attempt++) {
    const port = opts.port || (await freePort(opts.host));
    try {
      const server = await startOnce(opts, port, spec);
      const log = server.log;
      server.child.once('exit', cleanup);
      return {...server, note, log: () => (note ? `${note}\n` : '') + log()};
    } catch (e) {
      if (!opts.port && attempt < 3 && (e as {addressInUse?: boolean}).addressInUse) continue;
      cleanup();
      throw e;
    }
  }
}
