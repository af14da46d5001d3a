/**
 * Our own document: it builds with zero lint problems, has the 22 operations with the exact page
 * slugs of the product specification, and follows the API design conventions of issue 3.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {before, describe, it} from 'node:test';
import {buildProcessedSpec, OUR_SOURCE, type BuildResult} from './build';
import {listOperations, overviewSlug, pageSlug} from '../model/operations';
import {HTTP_METHODS} from '../model/methods';
import {lintSource} from './lint';
import {resolveLocal} from './examples';
import {runCli, tempOutput} from './test-helpers';
import {SPEC_OPERATION_PAGES} from '../../tests/spec-pages';

/** The docs routes of the product specification (/docs/api/<slug>). */
const SPEC_SLUGS: readonly string[] = SPEC_OPERATION_PAGES;

/** Issue 3: summaries per tag, exactly. */
const SUMMARIES_BY_TAG: Record<string, string[]> = {
  'Bill Profiles': ['Create bill profile', 'Get a bill profile', 'Get a list of bill profiles', 'Update bill profile'],
  Contacts: ['Create contact', 'Get contact', 'Get contacts', 'Update contact'],
  Customers: ['Create customer', 'Get customer', 'Update customer', 'Get customer ledger', 'Get customer summaries', 'Get customer types'],
  Invoices: ['Create invoice', 'Download invoice', 'Get invoices for a customer'],
  Tickets: ['Create ticket', 'Get single ticket', 'Get tickets', 'Update ticket', 'Get ticket options'],
};

type Obj = Record<string, any>;

let result: BuildResult;
let doc: Obj;
const resolve = (node: unknown): Obj => resolveLocal(doc, node).node as Obj;

function operations(): {method: string; path: string; op: Obj}[] {
  const out: {method: string; path: string; op: Obj}[] = [];
  for (const [p, item] of Object.entries(doc.paths as Obj)) {
    for (const m of HTTP_METHODS) if (item[m]) out.push({method: m, path: p, op: item[m]});
  }
  return out;
}

before(async () => {
  result = await buildProcessedSpec({
    source: OUR_SOURCE,
    strict: true,
    serverUrl: 'https://api.example.test/v9',
    serverDescription: 'Test server',
  });
  doc = result.document as Obj;
});

describe('our OpenAPI document: pipeline', () => {
  it('lints with zero errors and zero warnings', async () => {
    const outcome = await lintSource(OUR_SOURCE, true);
    assert.deepEqual(
      outcome.fatal.map((p) => `${p.file}${p.pointer}: ${p.message}`),
      [],
    );
    assert.deepEqual(outcome.findings, []);
    assert.deepEqual(result.findings, []);
  });

  it('has 22 operations whose slugs are exactly the specification routes, from summary and from operationId', () => {
    assert.equal(result.stats.operations, 22);
    const ops = listOperations(doc);
    assert.deepEqual(ops.map((o) => pageSlug(o.summary ?? '')).sort(), [...SPEC_SLUGS].sort());
    assert.deepEqual(ops.map((o) => pageSlug(o.operationId ?? '')).sort(), [...SPEC_SLUGS].sort());
    assert.deepEqual(ops.map((o) => o.slug).sort(), [...SPEC_SLUGS].sort());
  });

  it('is titled "Rev.io API" (overview slug rev-io-api) with the five tags in order', () => {
    assert.equal(doc.info.title, 'Rev.io API');
    assert.equal(overviewSlug(doc.info.title), 'rev-io-api');
    assert.equal(doc.openapi, '3.0.3');
    assert.deepEqual(
      doc.tags.map((t: Obj) => t.name),
      Object.keys(SUMMARIES_BY_TAG),
    );
    for (const tag of doc.tags) assert.ok(tag.description.length > 80, `tag ${tag.name} needs a useful description`);
  });

  it('uses the exact summaries, one tag each, unique camelCase operationIds', () => {
    const byTag: Record<string, string[]> = {};
    const ids = new Set<string>();
    for (const {op, method, path} of operations()) {
      assert.equal(op.tags.length, 1, `${method} ${path}`);
      (byTag[op.tags[0]] ??= []).push(op.summary);
      assert.match(op.operationId, /^[a-z][a-zA-Z0-9]*$/);
      assert.ok(!ids.has(op.operationId), `duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
    }
    for (const [tag, summaries] of Object.entries(SUMMARIES_BY_TAG)) assert.deepEqual([...byTag[tag]].sort(), [...summaries].sort(), tag);
  });

  it('writes the processed document and replaces the servers with the configured API base address', () => {
    assert.deepEqual(doc.servers, [{url: 'https://api.example.test/v9', description: 'Test server'}]);
    const output = tempOutput();
    const run = runCli({OPENAPI_PROCESSED: output, API_BASE_URL: 'https://billing.example.test/api/v1'});
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /22 operations, \d+ schemas, 5 tags in \d+ ms/);
    const written = JSON.parse(fs.readFileSync(output, 'utf8'));
    assert.equal(written.servers.length, 1);
    // The address's major segment follows the document's (2.0.0: /v2; portal.config.ts versionBaseUrl).
    assert.equal(written.servers[0].url, 'https://billing.example.test/api/v2');
    // $refs are kept, not dereferenced
    assert.equal(written.paths['/contacts'].post.responses['400'].$ref, '#/components/responses/BadRequest');
  });
});

describe('our OpenAPI document: design conventions', () => {
  it('declares HTTP Basic plus a subscription-key header globally', () => {
    assert.deepEqual(doc.security, [{basicAuth: [], subscriptionKey: []}]);
    const schemes = doc.components.securitySchemes;
    assert.equal(schemes.basicAuth.type, 'http');
    assert.equal(schemes.basicAuth.scheme, 'basic');
    assert.equal(schemes.subscriptionKey.type, 'apiKey');
    assert.equal(schemes.subscriptionKey.in, 'header');
    for (const {op} of operations()) assert.equal(op.security, undefined, 'operations inherit the global security');
  });

  it('gives every operation an actionable description and documented, exemplified parameters', () => {
    for (const {op, method, path} of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.ok(op.description.length >= 150, `${where}: description too short`);
      for (const ref of op.parameters ?? []) {
        const p = resolve(ref);
        assert.ok(p.description, `${where}: parameter ${p.name} needs a description`);
        assert.ok(p.example !== undefined || p.examples !== undefined, `${where}: parameter ${p.name} needs an example`);
        if (p.in === 'path') assert.equal(p.required, true);
      }
      for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
        const names = (op.parameters ?? []).map((r: unknown) => resolve(r).name);
        assert.ok(names.includes(name.slice(1, -1)), `${where}: path parameter ${name} declared at operation level`);
      }
    }
  });

  it('gives every POST/PATCH a required JSON body with required fields and an example; PATCH says it is partial', () => {
    for (const {op, method, path} of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      if (method === 'get') {
        assert.equal(op.requestBody, undefined, where);
        continue;
      }
      const body = resolve(op.requestBody);
      assert.equal(body.required, true, where);
      const media = body.content['application/json'];
      assert.ok(media.examples && Object.keys(media.examples).length > 0, `${where}: body example`);
      const schema = resolve(media.schema);
      if (method === 'post') {
        assert.ok(schema.required.length >= 2, `${where}: create body must name required fields`);
        // Optional on most creates; required on Create invoice since 2.0.0 (IdempotencyKeyRequired).
        assert.ok(
          (op.parameters ?? []).some(
            (r: Obj) => r.$ref === '#/components/parameters/IdempotencyKey' || r.$ref === '#/components/parameters/IdempotencyKeyRequired',
          ),
          `${where}: Idempotency-Key`,
        );
      }
      if (method === 'patch') {
        assert.equal(schema.minProperties, 1, where);
        assert.match(op.description, /Partially updates .*\(PATCH semantics\)/, where);
      }
    }
  });

  it('documents a success response with schema and example, and the shared error responses that apply', () => {
    for (const {op, method, path} of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const codes = Object.keys(op.responses);
      const success = method === 'post' ? '201' : '200';
      assert.ok(codes.includes(success), `${where}: ${success}`);
      const ok = resolve(op.responses[success]);
      const [type, media] = Object.entries(ok.content as Obj)[0];
      if (type === 'application/pdf') {
        assert.equal(op.operationId, 'downloadInvoice');
        assert.deepEqual(media.schema, {type: 'string', format: 'binary'});
      } else {
        assert.equal(type, 'application/json', where);
        assert.ok(media.schema.$ref, `${where}: success schema is a component`);
        assert.ok(media.examples || media.example, `${where}: success example`);
      }
      const expected = ['401', '403', '429', '500'];
      if (op.operationId !== 'getTicketOptions') expected.push('400');
      if (path.includes('{')) expected.push('404');
      if (method !== 'get') expected.push('409', '422');
      for (const code of expected) assert.ok(codes.includes(code), `${where}: missing ${code}`);
      for (const code of codes.filter((c) => /^[45]/.test(c))) {
        const ref = op.responses[code].$ref as string;
        assert.match(ref, /^#\/components\/responses\//, `${where} ${code}: shared response`);
        assert.equal(resolve(op.responses[code]).content['application/json'].schema.$ref, '#/components/schemas/Error');
      }
    }
  });

  it('sends rate-limit headers on every response and Retry-After on 429', () => {
    for (const {op, method, path} of operations()) {
      for (const [code, ref] of Object.entries(op.responses as Obj)) {
        const headers = resolve(ref).headers ?? {};
        for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id']) {
          assert.ok(headers[h], `${method.toUpperCase()} ${path} ${code}: ${h}`);
        }
        if (code === '429') assert.ok(headers['Retry-After']);
        if (code === '201') assert.ok(headers.Location);
      }
    }
  });

  it('paginates every list the same way: page/page_size and a Page envelope', () => {
    const lists = operations().filter(({op}) =>
      /Page$/.test(resolve(op.responses['200'] ?? {}).content?.['application/json']?.schema?.$ref ?? ''),
    );
    assert.deepEqual(lists.map(({op}) => op.operationId).sort(), [
      'getAListOfBillProfiles',
      'getContacts',
      'getCustomerLedger',
      'getCustomerSummaries',
      'getCustomerTypes',
      'getInvoicesForACustomer',
      'getTickets',
    ]);
    for (const {op} of lists) {
      const refs = op.parameters.map((p: Obj) => p.$ref);
      assert.ok(refs.includes('#/components/parameters/Page') && refs.includes('#/components/parameters/PageSize'), op.operationId);
      const page = resolve(op.responses['200'].content['application/json'].schema);
      assert.equal(page.allOf[0].$ref, '#/components/schemas/PageMeta', op.operationId);
      assert.deepEqual(page.allOf[1].required, ['items']);
    }
    assert.deepEqual(doc.components.schemas.PageMeta.required, ['total_count', 'page', 'page_size', 'has_more']);
  });

  it('models money as a decimal string amount with an ISO 4217 currency, and uses typed formats', () => {
    const money = doc.components.schemas.Money;
    assert.deepEqual(money.required, ['amount', 'currency']);
    assert.equal(resolve(money.properties.amount).type, 'string');
    assert.equal(resolve(money.properties.currency).pattern, '^[A-Z]{3}$');
    const text = JSON.stringify(doc.components.schemas);
    for (const format of ['date', 'date-time', 'email', 'uuid', 'int64', 'decimal'])
      assert.ok(text.includes(`"format":"${format}"`), format);
    assert.ok(text.includes('"readOnly":true') && text.includes('"nullable":true') && text.includes('"enum"'));
    // no floating-point money anywhere
    assert.ok(!/"(amount|total|balance|subtotal|price)":\{"type":"number"/.test(text));
  });

  it('has an overview (info.description) with the required sections, tagged code fences and no raw HTML or stray braces', () => {
    const md: string = doc.info.description;
    for (const heading of [
      'Getting started',
      'Authentication',
      'Base URL',
      'Pagination',
      'Errors',
      'Rate limits',
      'Versioning',
      'Idempotency',
    ]) {
      assert.match(md, new RegExp(`^## ${heading}$`, 'm'), heading);
    }
    assert.match(md, /^### /m);
    const fences = [...md.matchAll(/^```(.*)$/gm)].map((m) => m[1]);
    assert.ok(fences.length >= 8 && fences.length % 2 === 0);
    const openings = fences.filter((_, i) => i % 2 === 0);
    for (const lang of openings) assert.ok(['bash', 'json', 'http'].includes(lang), `fence language "${lang}"`);
    for (const lang of ['bash', 'json', 'http']) assert.ok(openings.includes(lang), lang);
    const prose = md.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
    assert.doesNotMatch(prose, /[{}]/, 'curly braces outside code');
    assert.doesNotMatch(prose, /<\/?[a-zA-Z][^>]*>/, 'raw HTML outside code');
  });
});
