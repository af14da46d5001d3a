/**
 * `npm run spec:check-breaking`: exit codes and output, on temporary release folders and sources
 * made from ./fixtures.ts (the CLI itself runs in a child process).
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {baseDocument, edited} from './fixtures';

const ROOT = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'check-breaking-'));
after(() => rmSync(tmp, {recursive: true, force: true}));

let n = 0;
/** A releases folder holding 1.0.0 (the fixture) and a working source. */
function setup(source: object | undefined): {releases: string; source: string} {
  const dir = path.join(tmp, String(n++));
  const releases = path.join(dir, 'releases');
  mkdirSync(releases, {recursive: true});
  writeFileSync(path.join(releases, '1.0.0.json'), JSON.stringify(baseDocument('1.0.0')));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(source ?? baseDocument('1.0.0')));
  return {releases, source: file};
}

function run(s: {releases: string; source: string}): {code: number | null; out: string; err: string} {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'plugins/changelog/check-breaking.ts'), '--source', s.source, '--releases', s.releases],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {...process.env, NODE_OPTIONS: ''},
    },
  );
  return {code: r.status, out: r.stdout, err: r.stderr};
}

const withVersion = (doc: {info: {version: string}}, v: string) => ({...doc, info: {...doc.info, version: v}});

describe('spec:check-breaking', () => {
  test('no change: exit 0', () => {
    const r = run(setup(undefined));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /no breaking changes since 1\.0\.0/);
  });

  test('non-breaking change in a minor version: exit 0', () => {
    const r = run(setup(edited('new optional field', '1.1.0')));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /no breaking changes since 1\.0\.0 \(1 change: 1 non-breaking/);
  });

  test('breaking changes without a major bump: exit 1, each change with its location', () => {
    const doc = edited('removed operation', '1.1.0');
    doc.paths['/things']!.get!.parameters!.push({
      name: 'owner',
      in: 'query',
      required: true,
      description: 'Owner id.',
      schema: {type: 'string'},
    });
    const s = setup(doc);
    const r = run(s);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.err, /2 breaking changes since the last release 1\.0\.0, but .*openapi\.json#\/info\/version is 1\.1\.0/);
    assert.match(
      r.err,
      /GET \/things \(List things\): New required query parameter `owner`\.\n\s+at .*openapi\.json \(bundled\)#\/paths\/~1things\/get\/parameters\/2/,
    );
    // A removal points into the release it was removed from.
    assert.match(
      r.err,
      /DELETE \/things\/\{thing_id\} \(Delete thing\): Operation removed\.\n\s+at .*releases\/1\.0\.0\.json#\/paths\/~1things~1\{thing_id\}\/delete/,
    );
    assert.match(r.err, /release them as 2\.0\.0/);
  });

  test('a removed success response (200) without a major bump: exit 1; a removed error response (429): exit 0', () => {
    const success = edited('error response removed', '1.1.0');
    delete success.paths['/things/{thing_id}']!.get!.responses!['200'];
    const r = run(setup(success));
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.err, /1 breaking change since the last release 1\.0\.0/);
    assert.match(r.err, /GET \/things\/\{thing_id\} \(Get thing\): Response `200` is no longer documented\./);
    const error = run(setup(edited('error response removed', '1.1.0')));
    assert.equal(error.code, 0, error.err);
    assert.match(error.out, /no breaking changes since 1\.0\.0/);
  });

  test('the same breaking change with a major bump: exit 0, listed', () => {
    const r = run(setup(edited('removed operation', '2.0.0')));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /1 breaking change since 1\.0\.0, allowed by the major version 2\.0\.0/);
    assert.match(r.out, /Operation removed/);
  });

  test('a version below the last release: exit 1', () => {
    const r = run(setup(withVersion(baseDocument(), '0.9.0')));
    assert.equal(r.code, 1);
    assert.match(r.err, /0\.9\.0 is below the last release 1\.0\.0/);
  });

  test('a version that is not semver: exit 2, naming the field', () => {
    const r = run(setup(withVersion(baseDocument(), 'v1')));
    assert.equal(r.code, 2);
    assert.match(r.err, /openapi\.json#\/info\/version: "v1" is not a semantic version/);
  });

  test('a badly named release file: exit 2, naming it', () => {
    const s = setup(undefined);
    writeFileSync(path.join(s.releases, 'latest.json'), '{}');
    const r = run(s);
    assert.equal(r.code, 2);
    assert.match(r.err, /latest\.json: a release file must be named <semantic version>\.json/);
  });

  test('no releases yet: exit 0', () => {
    const s = setup(undefined);
    rmSync(path.join(s.releases, '1.0.0.json'));
    const r = run(s);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /no releases in .* yet/);
  });
});
