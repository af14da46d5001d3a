/**
 * "New in / Changed in" marks name releases of the version the reader is looking at: a v2 page is
 * never "Changed in v1.1.0"; a v1 page (built from 1.1.0) is marked by 1.1.0's changes.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {listReleases, loadRelease, RELEASES_DIR} from '../../openapi/pipeline/release';
import path from 'node:path';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import {buildChangelog, diffCodeFiles, feedXml, GUIDES_DIR, markReleases, migrationGuideRoute, RECENT_RELEASES} from './build';

const r = (version: string) => ({version});
const versions = (list: {version: string}[]) => list.map((x) => x.version);

test('markReleases: the recent releases of the same major, up to the version itself (newest first in, newest first out)', () => {
  const releases = ['3.0.0', '2.1.0', '2.0.1', '2.0.0', '1.1.0', '1.0.0'].map(r);
  assert.deepEqual(versions(markReleases(releases, '2.1.0')), ['2.1.0', '2.0.1'].slice(0, RECENT_RELEASES));
  assert.deepEqual(versions(markReleases(releases, '2.0.0')), ['2.0.0']);
  assert.deepEqual(versions(markReleases(releases, '1.1.0')), ['1.1.0', '1.0.0']);
  assert.deepEqual(versions(markReleases(releases, '2.2.0-beta.1')), ['2.1.0', '2.0.1'], 'a working version above the last release');
  assert.deepEqual(versions(markReleases(releases, '4.0.0')), [], 'a major with no release yet');
  assert.deepEqual(versions(markReleases(releases, '2024-01-01')), [], 'not a semantic version');
  assert.deepEqual(versions(markReleases(releases, undefined)), []);
});

const releases = listReleases(RELEASES_DIR);
const byVersion = (v: string) => loadRelease(releases.find((x) => x.version === v)!);

test("our releases: the current version's pages are marked by 2.x releases only, v1's by 1.x", () => {
  const v2 = buildChangelog({current: byVersion('2.0.0'), cache: false}).marks;
  assert.ok(v2.size > 0, 'some v2 operations changed in 2.0.0');
  assert.deepEqual(
    [...v2.values()].filter((m) => !m.version.startsWith('2.')),
    [],
    'a v2 page names a 2.x release',
  );
  const v1 = buildChangelog({current: byVersion('1.1.0'), cache: false}).marks;
  assert.deepEqual(
    [...v1.values()].filter((m) => m.version !== '1.1.0'),
    [],
    'a v1 page names 1.1.0',
  );
  assert.equal(v1.get('get-customer-ledger')?.kind, 'new', 'Get customer ledger is new in 1.1.0');
  assert.equal(v1.get('get-customer-ledger')?.href, '/docs/api/changelog#v1-1-0');
  assert.equal(v1.has('get-customer-balance'), true, 'deprecated in 1.1.0: changed');
});

test("the diff cache is keyed on every source a diff runs: this plugin's and the OpenAPI model it reads documents with, not the tests", () => {
  const files = diffCodeFiles().map((f) => path.relative(path.resolve(__dirname, '../..'), f).split(path.sep).join('/'));
  for (const needed of [
    'plugins/changelog/diff.ts',
    'plugins/changelog/build.ts',
    'openapi/model/operations.ts',
    'openapi/model/methods.ts',
    'openapi/model/refs.ts',
    'openapi/model/pointer.ts',
  ]) {
    assert.ok(files.includes(needed), `${needed} keys the cache`);
  }
  assert.deepEqual(
    files.filter((f) => f.endsWith('.test.ts')),
    [],
  );
});

test('the first release of a new major links the migration guide from the major before, when docs/guides has it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guides-'));
  try {
    const current = byVersion('2.0.0');
    const without = buildChangelog({current, cache: false, guidesDir: dir}).changelog;
    assert.deepEqual(
      without.releases.filter((r) => r.migrationGuide),
      [],
      'no guide, no link',
    );
    writeFileSync(path.join(dir, 'migrating-v1-to-v2.mdx'), '# v1 to v2\n');
    writeFileSync(path.join(dir, 'migrating-v0-to-v1.md'), '# not a release of ours\n');
    const {changelog} = buildChangelog({current, cache: false, guidesDir: dir});
    const linked = changelog.releases.filter((r) => r.migrationGuide).map((r) => [r.version, r.migrationGuide]);
    assert.deepEqual(
      linked,
      [['2.0.0', {href: '/docs/guides/migrating-v1-to-v2', title: 'Migrating from v1 to v2'}]],
      'only 2.0.0 (1.1.0 is no new major; 1.0.0 has no release before it)',
    );
    // The feed's item for 2.0.0 links it too.
    const feed = feedXml(changelog, {url: 'https://portal.example.test', baseUrl: '/', apiTitle: 'Rev.io API'});
    const item = feed.split('<item>').find((i) => i.includes('<title>Rev.io API 2.0.0'))!;
    assert.ok(
      item.includes(
        '&lt;a href=&quot;https://portal.example.test/docs/guides/migrating-v1-to-v2&quot;&gt;Migrating from v1 to v2&lt;/a&gt;',
      ),
      item,
    );
    assert.equal(feed.split('migrating-v1-to-v2').length - 1, 1, 'once, in 2.0.0 only');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('migrationGuideRoute: .mdx or .md in the guides folder; our docs/guides has the v1-to-v2 guide', () => {
  assert.equal(migrationGuideRoute(1, 2), '/docs/guides/migrating-v1-to-v2');
  assert.equal(migrationGuideRoute(2, 3), undefined);
  assert.equal(migrationGuideRoute(1, 2, path.join(GUIDES_DIR, 'no-such-folder')), undefined);
});
