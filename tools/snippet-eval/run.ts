/**
 * Evaluation behind the decision in plugins/api-pages/README.md ("Code samples: hand-written generators"), not a test:
 * our generators against @scalar/snippetz and httpsnippet on the hostile payloads of
 * code-samples.fixtures.ts, each sample run for real (bash + curl, python3 + requests, node
 * fetch) against a recording server. The libraries are not dependencies of the portal: install
 * them outside the repo first (mkdir /tmp/snip && cd /tmp/snip && npm install httpsnippet@3
 * @scalar/snippetz), then: npx tsx tools/snippet-eval/run.ts (LANGS=curl,python,javascript).
 */
import {createServer, type IncomingHttpHeaders} from 'node:http';
import type {AddressInfo} from 'node:net';
import {execFile} from 'node:child_process';
import {mkdtempSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {renderSampleSources, type SampleRequest} from '../../plugins/api-pages/code-samples';
import {PAYLOADS, CANARY_VALUE, SAMPLE_ENV} from '../../plugins/api-pages/code-samples.fixtures';
const run = promisify(execFile);

/** Each generator's target and client for our sample languages. */
const SNIPPETZ_TARGET: Record<string, [string, string]> = {
  curl: ['shell', 'curl'],
  python: ['python', 'requests'],
  javascript: ['js', 'fetch'],
};
const HTTPSNIPPET_TARGET: Record<string, [string, string]> = {
  curl: ['shell', 'curl'],
  python: ['python', 'requests'],
  javascript: ['javascript', 'fetch'],
};

(async () => {
  const {snippetz} = await import('/tmp/snip/node_modules/@scalar/snippetz/dist/index.js' as string);
  const {HTTPSnippet} = require('/tmp/snip/node_modules/httpsnippet');
  const received: {url: string; headers: IncomingHttpHeaders; body: Buffer}[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({url: req.url!, headers: req.headers, body: Buffer.concat(chunks)});
      res.writeHead(200, {'Content-Type': 'application/json'}).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headerValue = (p: string) => p.replace(/[^\x20-\x7e]/g, '').trim() || 'x';
  const cases: {name: string; req: SampleRequest}[] = [];
  PAYLOADS.filter((p) => !p.includes('\0')).forEach((p, i) => {
    for (const kind of ['json', 'text'] as const) {
      cases.push({
        name: `payload ${i} ${kind}`,
        req: {
          method: 'post',
          url: `${base}/v1/things`,
          query: [
            [p, p],
            ['plain', p],
          ],
          headers: [['X-P', headerValue(p)]],
          auth: {headers: [], query: []},
          body: kind === 'json' ? {mediaType: 'application/json', value: {[p]: p, list: [p]}} : {mediaType: 'text/plain', value: p},
          accept: 'application/json',
        },
      });
    }
  });
  const har = (r: SampleRequest) => ({
    method: r.method.toUpperCase(),
    url: r.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    queryString: r.query.map(([name, value]) => ({name, value})),
    headers: [
      {name: 'Accept', value: r.accept!},
      {name: 'Content-Type', value: r.body!.mediaType},
      ...r.headers.map(([name, value]) => ({name, value})),
    ],
    postData: {mimeType: r.body!.mediaType, text: typeof r.body!.value === 'string' ? r.body!.value : JSON.stringify(r.body!.value)},
  });
  const gens: Record<string, (r: SampleRequest, lang: string) => string | undefined> = {
    ours: (r, lang) => renderSampleSources(r).find((s) => s.id === lang)?.code,
    snippetz: (r, lang) => (lang === 'python' ? 'import requests\n' : '') + snippetz().print(...SNIPPETZ_TARGET[lang]!, har(r)),
    httpsnippet: (r, lang) => {
      const s = new HTTPSnippet(har(r));
      const [t, c] = HTTPSNIPPET_TARGET[lang]!;
      const out = s.convert(t, c);
      return Array.isArray(out) ? out[0] : out;
    },
  };
  const runner: Record<string, [string, string, (f: string) => string[]]> = {
    curl: ['.sh', 'bash', (f) => [f]],
    python: ['.py', 'python3', (f) => [f]],
    javascript: ['.mjs', process.execPath, (f) => [f]],
  };
  for (const lang of (process.env.LANGS ?? 'curl,python,javascript').split(',')) {
    for (const [gen, fn] of Object.entries(gens)) {
      let ok = 0,
        wrong = 0,
        crashed = 0,
        pwned = 0;
      const problems: string[] = [];
      for (const c of cases) {
        const code = fn(c.req, lang);
        if (!code) {
          crashed++;
          continue;
        }
        const dir = mkdtempSync(path.join(tmpdir(), 'eval-'));
        const file = path.join(dir, `s${runner[lang][0]}`);
        writeFileSync(file, code);
        const before = received.length;
        try {
          await run(runner[lang][1], runner[lang][2](file), {
            cwd: dir,
            env: {PATH: process.env.PATH, HOME: dir, ...SAMPLE_ENV},
            timeout: 20000,
          });
        } catch (e) {
          crashed++;
          problems.push(`${c.name}: ${(e as {stderr?: string}).stderr?.slice(0, 160)}`);
          continue;
        }
        if (readdirSync(dir).some((f) => f.includes('PWNED'))) pwned++;
        const got = received[before];
        if (!got || received.length - before !== 1) {
          crashed++;
          continue;
        }
        const q = [...new URLSearchParams(got.url.split('?')[1] ?? '')];
        const v = c.req.body!.value;
        const bodyOk =
          typeof v === 'string'
            ? got.body.equals(Buffer.from(v))
            : (() => {
                try {
                  return JSON.stringify(JSON.parse(got.body.toString())) === JSON.stringify(v);
                } catch {
                  return false;
                }
              })();
        const good =
          JSON.stringify(q) === JSON.stringify(c.req.query) &&
          got.headers['x-p'] === c.req.headers[0][1] &&
          bodyOk &&
          !got.body.toString().includes(CANARY_VALUE) &&
          String(got.headers['content-type']) === c.req.body!.mediaType;
        if (good) ok++;
        else {
          wrong++;
          if (problems.length < 4)
            problems.push(
              `${c.name}: query ${JSON.stringify(q) === JSON.stringify(c.req.query) ? 'ok' : JSON.stringify(q).slice(0, 80)} header ${got.headers['x-p'] === c.req.headers[0][1]} body ${bodyOk} ct ${got.headers['content-type']}`,
            );
        }
      }
      console.log(
        `${lang.padEnd(10)} ${gen.padEnd(11)} exact ${ok}/${cases.length}, wrong ${wrong}, failed to run ${crashed}, PWNED ${pwned}`,
      );
      for (const p of problems.slice(0, 3)) console.log(`    ${p.replace(/\n/g, ' ')}`);
    }
  }
  server.close();
})();
