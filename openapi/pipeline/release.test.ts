/**
 * Releases (release.ts): `spec:release` refusals and output on temporary folders, semver order,
 * and the seeded history in openapi/releases (each release passes the pipeline like our source).
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {buildProcessedSpec} from './build';
import {compareSemver, listReleases, loadRelease, parseSemver, RELEASES_DIR, ReleaseError, writeRelease} from './release';

const ROOT = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'releases-'));
after(() => rmSync(tmp, {recursive: true, force: true}));

/** A small valid source document at `version`. */
function source(version: string): string {
  const file = path.join(tmp, `source-${version}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: {title: 'Things API', version},
      servers: [{url: 'https://api.example.test'}],
      paths: {
        '/things': {get: {operationId: 'listThings', summary: 'List things', tags: ['Things'], responses: {'200': {description: 'OK'}}}},
      },
    }),
  );
  return file;
}

describe('semantic versions', () => {
  test('parse and order', () => {
    assert.equal(parseSemver('v1.0.0'), undefined);
    assert.equal(parseSemver('1.0'), undefined);
    assert.deepEqual(parseSemver('2.10.3-rc.1')?.prerelease, ['rc', '1']);
    const sorted = ['1.10.0', '1.2.0', '2.0.0-rc.1', '2.0.0', '1.2.0-beta'].sort(compareSemver);
    assert.deepEqual(sorted, ['1.2.0-beta', '1.2.0', '1.10.0', '2.0.0-rc.1', '2.0.0']);
  });
});

describe('writeRelease (npm run spec:release)', () => {
  const dir = path.join(tmp, 'releases');

  test('writes the bundled document without the portal decorations, with the release date', async () => {
    const {file, previous} = await writeRelease({version: '1.0.0', source: source('1.0.0'), dir, date: '2025-02-03'});
    assert.equal(previous, undefined);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(doc.info.version, '1.0.0');
    assert.equal(doc.info['x-release-date'], '2025-02-03');
    assert.equal(doc.paths['/things'].get['x-portal-slug'], undefined);
    assert.equal(doc.paths['/things'].get['x-portal-title'], undefined);
    assert.equal(doc.info['x-portal-source'], undefined);
    assert.deepEqual(doc.servers, [{url: 'https://api.example.test'}]);
  });

  test('refuses a version that is not semver', async () => {
    await assert.rejects(
      writeRelease({version: 'v1.1', source: source('1.1.0'), dir}),
      (e: Error) => e instanceof ReleaseError && /"v1.1" is not a semantic version/.test(e.message),
    );
  });

  test('refuses an existing version', async () => {
    await assert.rejects(writeRelease({version: '1.0.0', source: source('1.0.0'), dir}), /release 1\.0\.0 exists already/);
  });

  test('refuses a version not above the last', async () => {
    await assert.rejects(
      writeRelease({version: '0.9.0', source: source('0.9.0'), dir}),
      /release 0\.9\.0 is not above the last release 1\.0\.0/,
    );
  });

  test('refuses a source whose info.version says another version, naming the field', async () => {
    await assert.rejects(
      writeRelease({version: '1.1.0', source: source('1.0.0'), dir}),
      /#\/info\/version: is "1\.0\.0"; set it to "1\.1\.0"/,
    );
  });

  test('the CLI: exit 0 when written, 1 when refused', () => {
    const run = (version: string, src: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'release-cli.ts'), version], {
        cwd: ROOT,
        encoding: 'utf8',
        env: {...process.env, NODE_OPTIONS: '', OPENAPI_SOURCE: src, RELEASE_DATE: '2025-03-01'},
      });
    // The CLI writes to openapi/releases: only its refusals are run here (nothing is written).
    const refused = run('1.0.0', source('1.0.0'));
    assert.equal(refused.status, 1, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /spec:release: release 1\.0\.0 exists already/);
    const usage = run('', source('1.0.0'));
    assert.equal(usage.status, 1);
  });
});

describe('the seeded history', () => {
  test('at least three releases, oldest first, each info.version matching its name', () => {
    const releases = listReleases();
    assert.ok(releases.length >= 3, releases.map((r) => r.version).join(', '));
    assert.deepEqual(
      releases.slice(0, 3).map((r) => r.version),
      ['1.0.0', '1.1.0', '2.0.0'],
    );
    for (const r of releases) assert.equal(loadRelease(r).info?.version, r.version);
  });

  test('every release passes the pipeline as strictly as our source', async () => {
    for (const r of listReleases(RELEASES_DIR)) {
      const result = await buildProcessedSpec({source: r.file, strict: true});
      assert.ok(result.stats.operations > 0, r.file);
    }
  });
});
