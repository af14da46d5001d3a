import {test} from 'node:test';
import assert from 'node:assert/strict';
import {categoryPageData} from '@site/plugins/api-versions/plugin';
import type {VersionPages} from '@site/plugins/api-versions/client/mapping';
import {cardEndpoint} from './endpoint';

const version = (id: string, base: string, operations: VersionPages['operations']): VersionPages => ({
  id,
  label: id,
  release: '',
  base,
  overview: 'api',
  categories: [],
  operations,
});
// As the category pages get them: the plugin's data for them, made from the page lists.
const versions = categoryPageData([
  version('v2', '/docs', [
    ['list-widgets', 'listWidgets', 'GET /widgets', 'widgets', 'List widgets', ''],
    ['widget-created', '', 'webhook widget.created', 'widgets', 'Widget created', ''],
  ]),
  version('v1', '/v1/docs', [['list-widgets', 'listWidgets', 'GET /v1-widgets/{widget id}', 'widgets', 'List widgets', '']]),
]);

test('cardEndpoint: the method (lower case) and path of the page the card links to, in its own version', () => {
  assert.deepEqual(cardEndpoint('/docs/api/list-widgets', '/', versions), {method: 'get', path: '/widgets'});
  assert.deepEqual(
    cardEndpoint('/v1/docs/api/list-widgets', '/', versions),
    {method: 'get', path: '/v1-widgets/{widget id}'},
    'the older version, and a path with a space',
  );
  assert.deepEqual(cardEndpoint('/docs/api/widget-created', '/', versions), {method: 'webhook', path: 'widget.created'});
});

test('cardEndpoint: links carry the base URL; a trailing slash is the same page', () => {
  assert.deepEqual(cardEndpoint('/portal/docs/api/list-widgets', '/portal/', versions), {method: 'get', path: '/widgets'});
  assert.deepEqual(cardEndpoint('/portal/v1/docs/api/list-widgets/', '/portal/', versions), {
    method: 'get',
    path: '/v1-widgets/{widget id}',
  });
  assert.equal(cardEndpoint('/docs/api/list-widgets', '/portal/', versions), undefined, 'outside the site');
});

test('cardEndpoint: no endpoint for what is not an operation page', () => {
  assert.equal(cardEndpoint('/docs/api/api', '/', versions), undefined, 'the overview');
  assert.equal(cardEndpoint('/docs/category/api/widgets', '/', versions), undefined, 'a category');
  assert.equal(cardEndpoint('/docs/guides/list-widgets', '/', versions), undefined, 'a page with the same last segment elsewhere');
  assert.equal(cardEndpoint('/docs/api/list-widgets/more', '/', versions), undefined, 'deeper than an operation page');
  assert.equal(cardEndpoint('/docs/api/unknown', '/', versions), undefined);
});
