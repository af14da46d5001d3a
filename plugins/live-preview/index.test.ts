/**
 * The plugin starts its watcher for `docusaurus start` only: the production build's client and
 * server configurations (and the dev server's server side, which start does not make) get nothing
 * from it, so `npm run build` neither watches files nor waits on a watcher.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {after, test} from 'node:test';
import type {LoadContext} from '@docusaurus/types';
import livePreviewPlugin from './index';
import type {SourceWatcher} from './watcher';

const root = path.resolve(__dirname, '../..');
const state = () =>
  (globalThis as unknown as Record<symbol, {watcher?: SourceWatcher} | undefined>)[Symbol.for('developer-portal.live-preview')];
after(() => state()?.watcher?.close());

const plugin = livePreviewPlugin({siteDir: root} as LoadContext, {
  specSource: path.join(root, 'openapi/source/openapi.yaml'),
  processedSpec: path.join(root, 'openapi/processed/openapi.json'),
  apiBaseUrl: 'https://api.rev.io/v1',
  ownDocument: true,
});
type Configure = (config: Record<string, unknown>, isServer: boolean) => {plugins?: unknown[]};
const configure = plugin.configureWebpack as unknown as Configure;

test('nothing in a production build (client or server) nor on the server side', () => {
  assert.deepEqual(configure({mode: 'production'}, false), {});
  assert.deepEqual(configure({mode: 'production'}, true), {});
  assert.deepEqual(configure({mode: 'development', watchOptions: {}}, true), {});
  assert.deepEqual(configure({mode: 'development'}, false), {}, 'a development build without watching (build --dev)');
  assert.equal(state()?.watcher, undefined, 'no watcher started');
});

test("the dev server's client configuration starts the watcher and gets the error plugin", () => {
  const result = configure({mode: 'development', watchOptions: {}}, false);
  assert.equal(result.plugins?.length, 1);
  assert.ok(state()?.watcher, 'the watcher runs');
  const again = configure({mode: 'development', watchOptions: {}}, false);
  assert.equal(again.plugins?.length, 1);
  state()!.watcher!.close();
});
