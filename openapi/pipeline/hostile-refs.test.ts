/**
 * Issue 22 row 1: the build reads only what the reference policy admits (resolver.ts), for every
 * path that reads a file or URL named by the document: `$ref`s of the lint and the bundle, example
 * `externalValue`s, the Swagger 2.0 conversion, absolute paths, `../`, symbolic links, files that
 * are not JSON or YAML (by name and by content) and URLs (never without OPENAPI_REF_HOSTS, never
 * to loopback or private addresses even with it). The hostile documents are in tests/hostile/refs/.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {pathToFileURL} from 'node:url';
import {buildProcessedSpec} from './build';
import {SpecError} from './errors';
import {publicAddress} from './net-policy';
import {refPolicyFor} from './resolver';
import {PROJECT_ROOT, runCli, shown, tempOutput} from './test-helpers';

const HOSTILE = path.join(PROJECT_ROOT, 'tests', 'hostile', 'refs');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-refs-'));
after(() => fs.rmSync(scratch, {recursive: true, force: true}));

/** What a leak would put into the processed document: the repository's package.json, or the fake secrets. */
const LEAK = /developer-portal|FAKE_API_TOKEN|hostile-fixture|secret-from-outside/;

/** Builds `source` (writing to a temporary output); returns the SpecError, checking nothing was written. */
async function refused(source: string, refs?: Parameters<typeof buildProcessedSpec>[0]['refs']): Promise<SpecError> {
  const output = tempOutput();
  try {
    const result = await buildProcessedSpec({source, strict: false, output, refs});
    assert.fail(
      `${source} should not build; it did${LEAK.test(JSON.stringify(result.document)) ? ', with the referenced content in it' : ''}`,
    );
  } catch (err) {
    assert.ok(err instanceof SpecError, `expected a SpecError, got ${String(err)}`);
    assert.equal(fs.existsSync(output), false, 'no processed document is written');
    assert.ok(!LEAK.test(err.message), `the message must not quote the refused file: ${err.message}`);
    return err;
  }
}

/** The one refusal of `err`: its sentence names the $ref, the file and pointer, and how to allow it. */
function onlyRefusal(err: SpecError) {
  const problems = err.problems.filter((p) => p.rule === 'ref-policy');
  assert.equal(problems.length, 1, err.message);
  return problems[0]!;
}

function write(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, text);
  return file;
}

/** A one-operation document whose 200 schema is `$ref: <ref>`. */
function docReferencing(ref: string): string {
  return [
    'openapi: 3.0.3',
    'info: {title: Probe, version: "1.0"}',
    'paths:',
    '  /probe:',
    '    get:',
    '      operationId: getProbe',
    '      summary: Get probe',
    '      responses:',
    "        '200':",
    '          description: OK',
    '          content:',
    '            application/json:',
    '              schema:',
    `                $ref: ${JSON.stringify(ref)}`,
    '',
  ].join('\n');
}

describe('references out of the document folder are refused (tests/hostile/refs)', () => {
  it('a $ref climbing out with ../ stops the build with one sentence naming the $ref, the pointer and OPENAPI_REF_ROOT', async () => {
    const source = path.join(HOSTILE, 'climb', 'openapi.yaml');
    const err = await refused(source);
    const p = onlyRefusal(err);
    assert.equal(p.file, source);
    assert.equal(p.pointer, '#/paths/~1leak/get/responses/200/content/application~1json/schema/$ref');
    assert.match(
      p.message,
      /^the reference "\.\.\/\.\.\/\.\.\/\.\.\/package\.json" \(package\.json\) was not read: it is outside tests\/hostile\/refs\/climb; to allow it, move the file under the document's folder or set OPENAPI_REF_ROOT to a folder that holds both\.$/,
    );
    assert.ok(
      err.message.includes(`${shown(source)}#/paths/~1leak/get/responses/200/content/application~1json/schema/$ref: the reference`),
      err.message,
    );
  });

  it('an absolute path (or file:// URL) to a file elsewhere is refused; OPENAPI_REF_ROOT over both folders allows it', async () => {
    const secret = write(
      path.join(scratch, 'absolute', 'elsewhere', 'creds.json'),
      JSON.stringify({type: 'string', description: 'secret-from-outside'}),
    );
    const source = write(path.join(scratch, 'absolute', 'doc', 'openapi.yaml'), docReferencing(secret));
    const p = onlyRefusal(await refused(source));
    assert.ok(p.message.includes(JSON.stringify(secret)) && p.message.includes('OPENAPI_REF_ROOT'), p.message);
    // The same file as a file:// URL.
    const asUrl = write(path.join(scratch, 'absolute', 'doc', 'openapi-url.yaml'), docReferencing(pathToFileURL(secret).href));
    assert.match(onlyRefusal(await refused(asUrl)).message, /was not read: it is outside/);
    // The user names a wider root: the same reference is read.
    const result = await buildProcessedSpec({source, strict: false, refs: {root: path.join(scratch, 'absolute'), hosts: []}});
    assert.match(JSON.stringify(result.document), /secret-from-outside/);
  });

  it('OPENAPI_REF_ROOT and OPENAPI_REF_HOSTS are read by refPolicyFor; a bad host entry is one clear error', () => {
    const source = path.join(HOSTILE, 'climb', 'openapi.yaml');
    assert.deepEqual(refPolicyFor(source, {}), {root: path.dirname(source), hosts: []});
    assert.deepEqual(
      refPolicyFor(source, {OPENAPI_REF_ROOT: PROJECT_ROOT, OPENAPI_REF_HOSTS: 'Schemas.Example.com, api.example.net:8443'}),
      {
        root: PROJECT_ROOT,
        hosts: ['schemas.example.com', 'api.example.net:8443'],
      },
    );
    assert.throws(
      () => refPolicyFor(source, {OPENAPI_REF_HOSTS: 'http://x.example/'}),
      /OPENAPI_REF_HOSTS: "http:\/\/x\.example\/" is not a host name/,
    );
  });

  it('a symbolic link inside the folder that points out of it is refused (a file link and a folder link)', async () => {
    const outside = write(path.join(scratch, 'links', 'outside', 'shared.yaml'), 'type: string\ndescription: secret-from-outside\n');
    const dir = path.join(scratch, 'links', 'doc');
    fs.mkdirSync(dir, {recursive: true});
    fs.symlinkSync(outside, path.join(dir, 'shared.yaml'));
    fs.symlinkSync(path.dirname(outside), path.join(dir, 'common'));
    for (const ref of ['./shared.yaml', './common/shared.yaml']) {
      const source = write(path.join(dir, `openapi-${ref.length}.yaml`), docReferencing(ref));
      const p = onlyRefusal(await refused(source));
      assert.match(p.message, /was not read: it is outside .*\(through a symbolic link to .*outside\/shared\.yaml\)/, p.message);
    }
  });

  it('a dotenv file beside the document is refused by its name', async () => {
    const p = onlyRefusal(await refused(path.join(HOSTILE, 'dotenv', 'openapi.yaml')));
    assert.match(
      p.message,
      /the reference "\.\/fake-secrets\.env" .* was not read: it is not a \.json, \.yaml or \.yml file; only JSON or YAML files can be referenced\./,
    );
  });

  it('a file named .yaml whose content is not a YAML object is refused by its content, without quoting it', async () => {
    const p = onlyRefusal(await refused(path.join(HOSTILE, 'not-yaml-content', 'openapi.yaml')));
    assert.match(p.message, /"\.\/settings\.yaml" .* was not read: its content is not a JSON or YAML object or array/);
    // A file that does not parse stops the build too, at its line and column (not as a string schema).
    const unparsable = path.join(scratch, 'unparsable');
    const broken = write(path.join(unparsable, 'broken.json'), '{"type": "string",\n  "description": [unclosed\n');
    const err = await refused(write(path.join(unparsable, 'openapi.yaml'), docReferencing('./broken.json')));
    assert.ok(
      err.problems.some((p) => p.file === broken && p.line !== undefined && /Failed to parse/.test(p.message)),
      err.message,
    );
  });

  it('an example externalValue out of the folder is refused (Redocly reads it like a $ref)', async () => {
    const p = onlyRefusal(await refused(path.join(HOSTILE, 'external-value', 'openapi.yaml')));
    assert.equal(p.pointer, '#/paths/~1leak/get/responses/200/content/application~1json/examples/leak/externalValue');
  });

  it('a Swagger 2.0 document: the conversion reads through the same policy (swagger2openapi resolves nothing)', async () => {
    const source = path.join(HOSTILE, 'swagger2', 'swagger.yaml');
    const p = onlyRefusal(await refused(source));
    assert.equal(p.file, source);
    assert.equal(p.pointer, '#/paths/~1leak/get/responses/200/schema/$ref');
    // A Swagger 2.0 document with references inside its folder still converts, its pieces brought in.
    const dir = path.join(scratch, 'swagger-inside');
    write(path.join(dir, 'definitions.yaml'), 'Thing:\n  type: object\n  properties:\n    name: {type: string}\n');
    const inside = write(
      path.join(dir, 'swagger.yaml'),
      fs.readFileSync(source, 'utf8').replace("'../../../../package.json'", "'./definitions.yaml#/Thing'"),
    );
    const result = await buildProcessedSpec({source: inside, strict: false});
    assert.deepEqual((result.document.components?.schemas as Record<string, unknown>).Thing, {
      type: 'object',
      properties: {name: {type: 'string'}},
    });
  });

  it('npm run spec: exit code 1, the sentence, no stack trace, nothing written', () => {
    const output = tempOutput();
    const run = runCli({OPENAPI_SOURCE: path.join(HOSTILE, 'climb', 'openapi.yaml'), OPENAPI_PROCESSED: output});
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.stderr,
      /tests\/hostile\/refs\/climb\/openapi\.yaml#\/paths\/~1leak\/get\/responses\/200\/content\/application~1json\/schema\/\$ref: the reference "\.\.\/\.\.\/\.\.\/\.\.\/package\.json" \(package\.json\) was not read/,
    );
    assert.doesNotMatch(run.stderr, /\n\s+at /);
    assert.equal(fs.existsSync(output), false);
    // The documented way to allow it.
    const allowed = runCli({
      OPENAPI_SOURCE: path.join(HOSTILE, 'climb', 'openapi.yaml'),
      OPENAPI_PROCESSED: output,
      OPENAPI_REF_ROOT: PROJECT_ROOT,
    });
    assert.equal(allowed.status, 0, allowed.stderr);
  });
});

describe('URLs: never without OPENAPI_REF_HOSTS, never to loopback or private addresses', () => {
  let server: http.Server;
  let port = 0;
  const requests: string[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(JSON.stringify({type: 'string', description: 'secret-from-outside'}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function metadataDoc(host: string): string {
    const template = fs.readFileSync(path.join(HOSTILE, 'metadata-url', 'openapi.template.yaml'), 'utf8');
    return write(
      path.join(scratch, `metadata-${host}`, 'openapi.yaml'),
      template.replaceAll('{{HOST}}', host).replaceAll('{{PORT}}', String(port)),
    );
  }

  it('by default no URL is fetched: the sentence says how to allow a host', async () => {
    const p = onlyRefusal(await refused(metadataDoc('127.0.0.1')));
    assert.match(
      p.message,
      /the build reads no URL unless its host is allowed; to allow it, list its host in OPENAPI_REF_HOSTS \(e\.g\. OPENAPI_REF_HOSTS=127\.0\.0\.1:\d+\)/,
    );
    assert.deepEqual(requests, []);
  });

  it('an allowed host that is a loopback address is refused before any connection', async () => {
    const p = onlyRefusal(await refused(metadataDoc('127.0.0.1'), {root: scratch, hosts: ['127.0.0.1']}));
    assert.match(p.message, /127\.0\.0\.1 is a loopback, private, link-local or reserved address; such addresses are never read/);
    assert.deepEqual(requests, []);
  });

  it('an allowed host name that resolves to loopback is refused after DNS resolution', async () => {
    const p = onlyRefusal(await refused(metadataDoc('localhost'), {root: scratch, hosts: ['localhost']}));
    assert.match(p.message, /localhost resolves to (127\.0\.0\.1|::1), which is a loopback, private, link-local or reserved address/);
    assert.deepEqual(requests, []);
  });

  it('publicAddress: loopback, private, link-local, metadata, CGNAT, multicast, IPv6 ULA and embedded IPv4 are not public', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      'ff02::1',
    ]) {
      assert.equal(publicAddress(ip), false, ip);
    }
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) assert.equal(publicAddress(ip), true, ip);
    assert.equal(publicAddress('not-an-ip'), false);
  });
});
