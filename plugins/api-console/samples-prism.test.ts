/**
 * Code samples that run: every generated sample of every operation of the processed document,
 * in every language (curl, JavaScript/Node, Python, Java, Go, C#, PHP, Ruby), is executed against
 * a real Stoplight Prism process serving that document, and must get the operation's documented
 * success status without a single request violation reported by Prism.
 *
 * The samples are the generator's real output (page data -> sampleRequest -> renderSampleSources,
 * the path gen:api takes); the only change is the document's `servers`, pointed at the mock, the
 * way a reader points a sample at their base URL. Between the samples and Prism sits a
 * pass-through recorder (plain HTTP forwarding, nothing rewritten) that notes the status and
 * Prism's `sl-violations` header of each exchange: several samples (Go, Java, Ruby) print
 * the status instead of failing on an error status.
 *
 * Run time: each compiled language is compiled once (javac, mcs, go build for all operations);
 * JavaScript, Python, Ruby, Java and C# run all their samples in one process (BATCH), the others
 * one process per sample; everything shares a pool of cpus() workers.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {createServer, request as httpRequest, type Server} from 'node:http';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {cpus, tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {listOperations} from '../../openapi/model/operations';
import {loadPortalConfig} from '../../portal.config';
import {renderSampleSources, responseFile, SAMPLE_LANGUAGES, type SampleRequest} from '../api-pages/code-samples';
import {PageDataBuilder, sampleRequest} from '../api-pages/page-data';
import {goEnv, prepareCwd, RUNNERS} from '../api-pages/sample-runners';
import {parse} from 'yaml';
import {startPrism, type MockServer} from './prism';
import {guideRequests, type GuideRequest} from '../guides/scan';
import {GuideResolver} from '../guides/resolve';

const portalConfig = loadPortalConfig();

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'samples-prism-'));

interface Exchange {
  method: string;
  url: string;
  status: number;
  violations: string | undefined;
}

let mock: MockServer;
/** Prism serving the bodies that are not JSON of the 3.2 test description (bodiesDocument). */
let bodiesMock: MockServer;
const recorders: Server[] = [];
/** Every RequestExample of the guides, blog and pages (plugins/guides). */
let guideCalls: GuideRequest[] = [];

before(async () => {
  guideCalls = await guideRequests();
  mock = await startPrism({spec: portalConfig.processedSpec});
  const bodies = path.join(work, 'bodies.json');
  writeFileSync(bodies, JSON.stringify(bodiesDocument('http://127.0.0.1:9')));
  bodiesMock = await startPrism({spec: bodies});
});

/** The binary upload a sample reads (portalFileName of an image/jpeg body), in every directory a sample runs in. */
const UPLOAD = {name: 'upload.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x0a, 0xff, 0xd9])};

/**
 * The operations of tests/fixtures/oas-3.2/openapi.yaml whose bodies Prism judges: the form bodies
 * by their `encoding` (registerMeter; createBillingCustomer, shaped like Stripe's) and the binary
 * upload (uploadMeterPhoto), in a 3.1 document of their own (Prism does not read 3.2). Prism
 * cannot judge the others: a multipart part typed application/json is to it a string, an XML body
 * is not parsed, custom methods and streams it does not serve; the samples of those run against a
 * recording server (plugins/api-pages/code-samples.bodies.test.ts). Prism reads a repeated form
 * field as a list only when `encoding` names the field (form explode is also the default): the
 * description's lists say so.
 */
function bodiesDocument(server: string) {
  const full = parse(readFileSync(path.join(__dirname, '../../tests/fixtures/oas-3.2/openapi.yaml'), 'utf8'));
  const {callbacks: _callbacks, ...registerMeter} = full.paths['/meters'].post;
  const photo = full.paths['/meters/{meterId}/photo'];
  return {
    openapi: '3.1.0',
    info: {title: 'Bodies that are not JSON', version: '1'},
    servers: [{url: server}],
    security: full.security,
    paths: {
      '/meters': {post: registerMeter},
      '/billing/customers': {post: full.paths['/billing/customers'].post},
      '/meters/{meterId}/photo': {parameters: photo.parameters, put: photo.put},
    },
    components: {
      schemas: full.components.schemas,
      parameters: full.components.parameters,
      securitySchemes: {
        ledgerOAuth: {type: 'oauth2', flows: {authorizationCode: full.components.securitySchemes.ledgerOAuth.flows.authorizationCode}},
      },
    },
  };
}

/** The operations of bodiesDocument, their samples generated for `server`. */
function bodyOperations(server: string): Operation[] {
  return operationsOf(bodiesDocument(server));
}

/**
 * The guides' samples go to `<recorder>/__guide<i>/…`: the recorder tells them apart by that
 * prefix (two guides may call the same operation) and takes it off before Prism sees the request.
 */
const GUIDE_PREFIX = /^\/__guide\d+(?=\/)/;

after(async () => {
  for (const r of recorders) {
    r.closeAllConnections();
    await new Promise<void>((resolve) => r.close(() => resolve()));
  }
  // Every Prism this file started: one left running keeps the file's process alive until the runner's limit.
  await Promise.all([mock?.stop(), bodiesMock?.stop()]);
  rmSync(work, {recursive: true, force: true});
});

/**
 * A recorder in front of the mock: forwards each request to Prism as it came and the answer back
 * as it came, and notes the exchange. One per language, so exchanges are told apart by address.
 */
async function startRecorder(mockUrl: string): Promise<{base: string; exchanges: Exchange[]}> {
  const target = new URL(mockUrl);
  const exchanges: Exchange[] = [];
  const recorder = createServer((req, res) => {
    const upstream = httpRequest(
      {host: target.hostname, port: target.port, method: req.method, path: req.url!.replace(GUIDE_PREFIX, ''), headers: req.headers},
      (answer) => {
        const violations = answer.headers['sl-violations'];
        exchanges.push({
          method: req.method!,
          url: req.url!,
          status: answer.statusCode!,
          violations: Array.isArray(violations) ? violations.join() : violations,
        });
        res.writeHead(answer.statusCode!, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', (e) => res.destroy(e));
    req.pipe(upstream);
  });
  recorders.push(recorder);
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  return {base: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`, exchanges};
}

interface Operation {
  name: string;
  req: SampleRequest;
  /** The documented success status (the first 2xx response). */
  success: number;
  /** The request path (with path parameters filled) the recorder sees. */
  path: string;
}

/** The processed document with every server pointed at `server`. */
function documentAt(server: string) {
  const file = portalConfig.processedSpec;
  assert.ok(existsSync(file), `${file} is missing: run "npm run spec" first`);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.servers = [{url: server}];
  for (const item of Object.values<Record<string, {servers?: unknown}>>(doc.paths ?? {})) {
    delete item.servers;
    for (const op of Object.values(item)) if (op && typeof op === 'object') delete op.servers;
  }
  return doc;
}

/**
 * The guides' request examples, made by the same resolver as their pages (the guide's parameter
 * values and body in the reference's generators), each sent under its own prefix (GUIDE_PREFIX).
 */
function guideOperations(server: string): Operation[] {
  assert.ok(guideCalls.length > 0, 'the guides have request examples (docs/guides/quickstart.mdx has two)');
  const doc = documentAt(server);
  const resolver = new GuideResolver(doc);
  return guideCalls.map((call, i) => {
    const op = listOperations(doc).find((o) => o.operationId === call.operationId);
    assert.ok(op, `${call.where}: operation ${call.operationId}`);
    const success = Object.keys(doc.paths[op.path][op.method].responses).find((s) => /^2\d\d$/.test(s));
    assert.ok(success, `${call.where}: ${op.method.toUpperCase()} ${op.path} documents a 2xx response`);
    const req = resolver.sampleRequest(call.operationId, call.params, call.body);
    req.url = req.url.replace(server, `${server}/__guide${i}`);
    return {name: `${call.where} (${op.method.toUpperCase()} ${op.path})`, req, success: Number(success), path: new URL(req.url).pathname};
  });
}

/** The operations of the processed document, their samples generated for `server`. */
function operations(server: string): Operation[] {
  return operationsOf(documentAt(server));
}

function operationsOf(doc: unknown): Operation[] {
  const builder = new PageDataBuilder(doc as never);
  return listOperations(builder.doc).map((op) => {
    const page = builder.operation(op.method, op.path);
    const success = page.responses.map((r) => r.status).find((s) => /^2\d\d$/.test(s));
    assert.ok(success, `${op.method.toUpperCase()} ${op.path} documents a 2xx response`);
    const req = sampleRequest(page);
    return {name: `${op.method.toUpperCase()} ${op.path}`, req, success: Number(success), path: new URL(req.url).pathname};
  });
}

/** Values for every environment variable the samples read (credentials are checked by Prism for presence). */
function sampleEnv(ops: Operation[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const {req} of ops) {
    const {basic, bearer, headers, query} = req.auth;
    if (basic) Object.assign(env, {[basic.userVar]: 'mock-user', [basic.passwordVar]: 'mock-password'});
    if (bearer) env[bearer.tokenVar] = 'mock-token';
    for (const k of [...headers, ...query]) env[k.envVar] = `mock-${k.envVar.toLowerCase()}`;
  }
  return env;
}

/** Runs up to `limit` jobs at once. */
function pool(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}
const slot = pool(Math.max(2, cpus().length));

test('Prism serves every operation of the processed document', () => {
  const ops = operations(mock.url);
  assert.ok(ops.length > 0);
  for (const op of ops) assert.match(mock.log(), /Prism is listening/, op.name);
  assert.doesNotMatch(mock.log(), /error|fatal/i, `Prism reported problems with the document:\n${mock.log()}`);
});

/**
 * Languages whose start-up is the cost (a JVM, Mono, an interpreter importing its HTTP library):
 * one process runs all of the language's samples in turn, each isolated as the language allows
 * (its own module, class, script scope), and prints `#SAMPLE <i> OK` or `#SAMPLE <i> FAIL <why>`.
 * The samples are the same files; only the driver around them is added. Go binaries, curl and
 * PHP (whose samples each require the autoloader) start fast and run one process per sample.
 */
const BATCH: Record<string, (dir: string, count: number, compiled: string) => [string, string[]]> = {
  javascript: (dir, count) => {
    const driver = path.join(dir, 'batch.mjs');
    writeFileSync(
      driver,
      [
        "import {pathToFileURL} from 'node:url';",
        `for (let i = 0; i < ${count}; i++) {`,
        '  try {',
        `    await import(pathToFileURL(${JSON.stringify(dir)} + '/s' + i + '.mjs').href);`,
        "    console.log('#SAMPLE ' + i + ' OK');",
        '  } catch (e) {',
        "    console.log('#SAMPLE ' + i + ' FAIL ' + String((e && e.message) || e).replace(/\\n/g, ' '));",
        '  }',
        '}',
      ].join('\n'),
    );
    return [process.execPath, [driver]];
  },
  python: (dir, count) => [
    'python3',
    [
      '-c',
      [
        'import runpy, sys',
        `for i in range(${count}):`,
        '    try:',
        `        runpy.run_path(${JSON.stringify(dir)} + "/s%d.py" % i, run_name="__main__")`,
        '        print("#SAMPLE %d OK" % i, flush=True)',
        '    except BaseException as e:',
        '        print(("#SAMPLE %d FAIL %s: %s" % (i, type(e).__name__, e)).replace("\\n", " "), flush=True)',
      ].join('\n'),
    ],
  ],
  ruby: (dir, count) => [
    'ruby',
    [
      '-e',
      `${count}.times { |i| begin; load(File.join(${JSON.stringify(dir)}, "s#{i}.rb"), true); puts "#SAMPLE #{i} OK"; rescue Exception => e; puts "#SAMPLE #{i} FAIL #{e.class}: #{e.message.gsub("\\n", " ")}"; end; $stdout.flush }`,
    ],
  ],
  java: (dir, count, classes) => {
    const src = path.join(dir, 'BatchMain.java');
    writeFileSync(
      src,
      [
        'public class BatchMain {',
        '  public static void main(String[] args) {',
        `    for (int i = 0; i < ${count}; i++) {`,
        '      try {',
        '        Class.forName("Example" + i).getMethod("main", String[].class).invoke(null, (Object) new String[0]);',
        '        System.out.println("#SAMPLE " + i + " OK");',
        '      } catch (Throwable e) {',
        '        Throwable cause = e.getCause() != null ? e.getCause() : e;',
        '        System.out.println("#SAMPLE " + i + " FAIL " + String.valueOf(cause).replace("\\n", " "));',
        '      }',
        '      System.out.flush();',
        '    }',
        '  }',
        '}',
      ].join('\n'),
    );
    return ['java', ['-Dfile.encoding=UTF-8', '-cp', classes, src]];
  },
  // csMain (sample-runners.ts) has the loop: `samples.exe all`.
  csharp: (_dir, _count, exe) => ['mono', [exe, 'all']],
};

const SAMPLE_SETS: [string, (server: string) => Operation[], () => MockServer][] = [
  ['every sample of every operation gets its documented success status from the mock', operations, () => mock],
  ['every request example of the guides gets its documented success status from the mock', guideOperations, () => mock],
  [
    'form bodies by their encoding (deepObject, Stripe-like) and a binary upload of the 3.2 test description get their success status from the mock',
    bodyOperations,
    () => bodiesMock,
  ],
];

for (const [setIndex, [title, sampleSet, mockOf]] of SAMPLE_SETS.entries())
  describe(title, {concurrency: true}, () => {
    for (const {id: lang} of SAMPLE_LANGUAGES) {
      test(`${lang}`, async () => {
        const {base, exchanges} = await startRecorder(mockOf().url);
        const ops = sampleSet(base);
        const env = sampleEnv(ops);
        const samples = ops.map((op) => {
          const code = renderSampleSources(op.req).find((s) => s.id === lang)?.code;
          assert.ok(code, `a ${lang} sample for ${op.name}`);
          return {...op, code};
        });
        // Each set in its own folder: the sets run at the same time, and a language's files are numbered from 0 in each.
        const dir = path.join(work, `set${setIndex}`, lang);
        mkdirSync(dir, {recursive: true});
        const runner = RUNNERS[lang];
        assert.ok(runner, `a runner for ${lang}`);
        samples.forEach((s, i) => writeFileSync(path.join(dir, `s${i}${runner.ext}`), s.code));
        const command = await slot(() =>
          runner.prepare(
            dir,
            samples.map((s) => s.code),
          ),
        );
        const runEnv = (cwd: string) => ({PATH: process.env.PATH, HOME: cwd, LANG: 'C.UTF-8', GOCACHE: goEnv().GOCACHE, ...env});
        const failures: string[] = [];

        /** The checks after sample i ran (its output, the directory it ran in). */
        const checkSample = (i: number, output: string, cwd: string) => {
          const s = samples[i];
          // Operations differ by method and path: this sample's exchanges are the ones with its own.
          const mine = exchanges.filter((x) => x.method === s.req.method.toUpperCase() && x.url.split('?')[0] === s.path);
          if (mine.length !== 1)
            return void failures.push(`${lang} sample of ${s.name}: ${mine.length} requests reached the mock instead of one\n${output}`);
          const exchange = mine[0];
          if (exchange.status !== s.success || exchange.violations) {
            failures.push(
              `${lang} sample of ${s.name}: the mock answered ${exchange.status} (documented success: ${s.success})${exchange.violations ? `, violations: ${exchange.violations}` : ''}\n${output}\n${s.code}`,
            );
          }
          const file = responseFile(s.req);
          if (file) {
            const saved = readdirSync(cwd).filter((f) => f !== 'vendor');
            if (!saved.includes(file))
              failures.push(`${lang} sample of ${s.name}: the response was not saved as ${file} (files: ${saved.join(', ') || 'none'})`);
          }
        };

        const batch = BATCH[lang];
        /** A directory to run in: PHP's autoloader, the file an upload reads. */
        const runDir = () => {
          const cwd = mkdtempSync(path.join(dir, 'cwd-'));
          prepareCwd(lang, cwd);
          writeFileSync(path.join(cwd, UPLOAD.name), UPLOAD.bytes);
          return cwd;
        };
        if (batch) {
          const cwd = runDir();
          // What prepare compiled: Java's class directory (after -cp), C#'s executable.
          const compiled = lang === 'java' ? command(0, cwd)[1][2] : lang === 'csharp' ? command(0, cwd)[1][0] : '';
          const [cmd, args] = batch(dir, samples.length, compiled);
          let output: string;
          try {
            const r = await slot(() => run(cmd, args, {cwd, timeout: 600000, maxBuffer: 64 << 20, env: runEnv(cwd)}));
            output = `${r.stdout}${r.stderr}`;
          } catch (error) {
            const e = error as {stdout?: string; stderr?: string; message: string};
            assert.fail(`the ${lang} batch of samples did not finish: ${`${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || e.message}`);
          }
          samples.forEach((s, i) => {
            const marker = new RegExp(`^#SAMPLE ${i} (OK|FAIL.*)$`, 'm').exec(output);
            if (!marker) failures.push(`${lang} sample of ${s.name}: no outcome reported (the batch stopped?)\n${output.slice(-2000)}`);
            else if (marker[1] !== 'OK') failures.push(`${lang} sample of ${s.name} failed: ${marker[1].slice(5)}\n${s.code}`);
            else checkSample(i, marker[0], cwd);
          });
        } else {
          await Promise.all(
            samples.map((s, i) =>
              slot(async () => {
                const cwd = runDir();
                const [cmd, args] = command(i, cwd);
                try {
                  const r = await run(cmd, args, {cwd, timeout: 120000, env: runEnv(cwd)});
                  checkSample(i, `${r.stdout}${r.stderr}`, cwd);
                } catch (error) {
                  const e = error as {stdout?: string; stderr?: string; message: string};
                  failures.push(
                    `${lang} sample of ${s.name} failed: ${`${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || e.message}\n${s.code}`,
                  );
                }
              }),
            ),
          );
        }
        if (failures.length)
          assert.fail(
            `${failures.length} of ${samples.length} ${lang} samples did not get their success status:\n\n${failures.join('\n\n')}`,
          );
      });
    }
  });
