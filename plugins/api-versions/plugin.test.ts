import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {commonChunkThreshold, loadVersionPages} from './plugin';
import {versionTarget} from './client/mapping';
import {indexBuildData} from '../search/child';
import type {VersionPages} from './client/mapping';

const older = (operations: number, categories: number): VersionPages => ({
  id: 'v1',
  label: 'v1',
  release: '1.0.0',
  base: '/v1/docs',
  overview: 'o',
  categories: Array.from({length: categories}, (_, i) => `c${i}`),
  operations: Array.from(
    {length: operations},
    (_, i) => [`op${i}`, '', `GET /x${i}`, '', `Op ${i}`, ''] as [string, string, string, string, string, string],
  ),
});

test("common chunk threshold: half of the pages besides the older versions', plus all of theirs", () => {
  // 75 routes of which 29 are v1's (23 operations, 5 categories, overview): 23 + 29 = 52.
  const config = {optimization: {splitChunks: {cacheGroups: {common: {minChunks: 75 * 0.5}}}}};
  assert.equal(commonChunkThreshold(config, [older(23, 5)]), 52);
  assert.equal(commonChunkThreshold(config, []), 37.5, "no older version: Docusaurus's own");
  assert.equal(commonChunkThreshold({optimization: {splitChunks: false}}, [older(1, 1)]), undefined, 'nothing to adjust');
});

test("search index: docs under an older version's route base are not the latest version (an index of their own)", () => {
  const version = (p: string) => ({path: p, isLast: true, docs: [{permalink: `${p}/api/x`}]});
  const data = indexBuildData(
    {
      routesPaths: [],
      outDir: '/out',
      baseUrl: '/portal/',
      siteConfig: {},
      plugins: [
        {name: 'docusaurus-plugin-content-docs', content: {loadedVersions: [version('/portal/docs')]}},
        {name: 'docusaurus-plugin-content-docs', content: {loadedVersions: [version('/portal/v1/docs')]}},
        {name: 'docusaurus-plugin-content-docs', content: {loadedVersions: [version('/portal/v1/docsx')]}},
      ],
    },
    ['/v1/docs'],
  );
  assert.deepEqual(
    data.plugins.map((p) => p.content.loadedVersions[0]!.isLast),
    [true, false, true],
  );
});

test("page lists: each operation's category is its sidebar category (nav tag, else path group); parent categories are listed; badge tags are not", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'versions-tags-'));
  const file = (doc: unknown, name: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, JSON.stringify(doc));
    return f;
  };
  const current = file(
    {
      openapi: '3.2.0',
      info: {title: 'Meters', version: '2.0.0'},
      tags: [{name: 'metering'}, {name: 'meters', parent: 'metering'}, {name: 'beta', kind: 'badge'}],
      paths: {
        '/meters': {get: {operationId: 'listMeters', tags: ['beta', 'meters']}},
        '/v2/audits': {get: {operationId: 'listAudits'}},
      },
    },
    'current.json',
  );
  const old = file(
    {
      openapi: '3.2.0',
      info: {title: 'Meters', version: '1.0.0'},
      tags: [{name: 'metering'}, {name: 'meters', parent: 'metering'}],
      paths: {'/meters/{id}': {get: {operationId: 'getMeter', tags: ['meters']}}, '/v1/audits/{id}': {get: {operationId: 'getAudit'}}},
    },
    'old.json',
  );
  const [now, v1] = loadVersionPages({
    versions: [
      {id: 'current', label: 'v2', base: '/docs', processedSpec: current},
      {id: 'v1', label: 'v1', base: '/v1/docs', processedSpec: old},
    ],
  });
  assert.deepEqual(now!.categories, ['meters', 'audits', 'metering']);
  assert.deepEqual(
    now!.operations.map((o) => [o[0], o[3]]),
    [
      ['list-meters', 'meters'],
      ['list-audits', 'audits'],
    ],
  );
  // An operation v2 does not have opens its category there; a parent category page maps to itself.
  assert.equal(versionTarget('/v1/docs/api/get-meter', v1!, now!).to, '/docs/category/api/meters');
  assert.equal(versionTarget('/v1/docs/api/get-audit', v1!, now!).to, '/docs/category/api/audits');
  assert.equal(versionTarget('/v1/docs/category/api/metering', v1!, now!).to, '/docs/category/api/metering');
});
