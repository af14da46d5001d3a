import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const phase = require('./phase.cjs') as {
  checkBundle(paths: {serverBundlePath: string; clientManifestPath: string}, token: string): void;
  markerPath(serverBundlePath: string): string;
};

function bundleDir(): {serverBundlePath: string; clientManifestPath: string} {
  const root = mkdtempSync(path.join(tmpdir(), 'split-phase-'));
  mkdirSync(path.join(root, 'build/__server'), {recursive: true});
  mkdirSync(path.join(root, '.docusaurus'));
  return {
    serverBundlePath: path.join(root, 'build/__server/server.bundle.js'),
    clientManifestPath: path.join(root, '.docusaurus/client-manifest.json'),
  };
}

test('checkBundle: the rendering process takes a bundle only when both files are there and the marker names its run', () => {
  const paths = bundleDir();
  assert.throws(
    () => phase.checkBundle(paths, 't1'),
    /the server bundle .*server\.bundle\.js is missing: the bundling process did not finish/,
  );
  writeFileSync(paths.serverBundlePath, '');
  assert.throws(() => phase.checkBundle(paths, 't1'), /the client manifest .*client-manifest\.json is missing/);
  writeFileSync(paths.clientManifestPath, '{}');
  assert.throws(() => phase.checkBundle(paths, 't1'), /portal-split-build\.json does not name this build \(token t1\)/);
  writeFileSync(phase.markerPath(paths.serverBundlePath), JSON.stringify({token: 'an earlier run'}));
  assert.throws(() => phase.checkBundle(paths, 't1'), /does not name this build/);
  writeFileSync(phase.markerPath(paths.serverBundlePath), JSON.stringify({token: 't1'}));
  assert.doesNotThrow(() => phase.checkBundle(paths, 't1'));
});
