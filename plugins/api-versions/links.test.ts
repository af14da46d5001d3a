/**
 * Links between operations of an older version stay in that version: the deprecated "Get customer
 * balance" of v1 names its replacement with a link to v1's page of it, not the current version's.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {PageDataBuilder} from '../api-pages/page-data';
import type {OpenApiDocument} from '../../openapi/model/document';
import {CURRENT_SITE_TARGET, GenerationRun} from '../api-pages/markdown';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: {title: 'T', version: '1.1.0'},
  paths: {
    '/balance': {
      get: {
        operationId: 'getBalance',
        summary: 'Get balance',
        deprecated: true,
        'x-deprecated-by': 'getLedger',
        'x-portal-slug': 'get-balance',
        responses: {200: {description: 'ok'}},
      },
    },
    '/ledger': {
      get: {operationId: 'getLedger', summary: 'Get ledger', 'x-portal-slug': 'get-ledger', responses: {200: {description: 'ok'}}},
    },
  },
};

test('the replacement of a deprecated operation links its page in the version being built', () => {
  assert.deepEqual(new PageDataBuilder(structuredClone(doc)).operation('get', '/balance').deprecatedBy, {
    label: 'Get ledger',
    href: '/docs/api/get-ledger',
  });
  assert.deepEqual(new PageDataBuilder(structuredClone(doc), undefined, '/v1/docs').operation('get', '/balance').deprecatedBy, {
    label: 'Get ledger',
    href: '/v1/docs/api/get-ledger',
  });
});

test("gen:api's builder takes the route base of its generation target (the older versions' run)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'version-links-'));
  try {
    const file = path.join(dir, 'v1.json');
    writeFileSync(file, JSON.stringify(doc));
    const older = new GenerationRun(file, {
      docsBasePath: '/v1/docs',
      downloadPath: '/v1/openapi/openapi.json',
      checksPath: 'v1/api-checks',
    });
    assert.equal(older.builder().operation('get', '/balance').deprecatedBy?.href, '/v1/docs/api/get-ledger');
    assert.equal(
      new GenerationRun(file, CURRENT_SITE_TARGET).builder().operation('get', '/balance').deprecatedBy?.href,
      '/docs/api/get-ledger',
    );
    // The older run's builder is its own: a later run did not change it.
    assert.equal(older.builder().operation('get', '/balance').deprecatedBy?.href, '/v1/docs/api/get-ledger');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
