import {test} from 'node:test';
import assert from 'node:assert/strict';
import {commonChunkThreshold} from './plugin';
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
