import assert from 'node:assert/strict';
import {test} from 'node:test';
import {addImportOrigins, type ChunkGroupLike, type ClientManifest} from './manifest';

const group = (ids: (string | number)[][], requests: (string | null)[], initial = false): ChunkGroupLike => ({
  isInitial: () => initial,
  chunks: ids.map((i) => ({ids: i})),
  origins: requests.map((request) => ({request})),
});

test('each import() request gets the ids of the chunks it loads; entry groups and keys already there are kept', () => {
  const manifest: ClientManifest = {entrypoints: ['main'], origins: {main: [1, 2], '611': [611]}, assets: {}};
  const added = addImportOrigins(manifest, [
    group([[1], [2]], [null], true),
    group([['5e95c892'], [611]], ['@theme/DocItem']),
    group([[3623]], ['@site/docs/api/x.mdx', '@site/docs/api/x.mdx']),
    // The same request reached from a second place: its chunks are merged, not repeated.
    group([[611], [9053]], ['@theme/DocItem']),
  ]);
  assert.equal(added, 2);
  assert.deepEqual(manifest.origins, {
    main: [1, 2],
    '611': [611],
    '@theme/DocItem': ['5e95c892', 611, 9053],
    '@site/docs/api/x.mdx': [3623],
  });
});

test("a request already in the manifest (a chunk named like it) keeps its entries and gains the import's", () => {
  const manifest: ClientManifest = {entrypoints: [], origins: {'@theme/X': [7]}, assets: {}};
  assert.equal(addImportOrigins(manifest, [group([[8]], ['@theme/X'])]), 0);
  assert.deepEqual(manifest.origins['@theme/X'], [7, 8]);
});

test('a chunk without ids (not emitted) adds nothing but the key', () => {
  const manifest: ClientManifest = {entrypoints: [], origins: {}, assets: {}};
  addImportOrigins(manifest, [{isInitial: () => false, chunks: [{ids: null}], origins: [{request: 'a'}]}]);
  assert.deepEqual(manifest.origins, {a: []});
});
