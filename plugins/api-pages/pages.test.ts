import {test} from 'node:test';
import assert from 'node:assert/strict';
import {DESCRIPTION_MAX, planPages, sidebarSource, operationFrontMatter} from './pages';
import type {OpenApiDocument} from './page-data';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: {title: 'Widget Store API', version: '1', description: 'First "line".\nSecond line.'},
  tags: [{name: 'Widgets', 'x-displayName': 'All widgets'}, {name: 'Unused'}],
  paths: {
    '/widgets': {
      parameters: [],
      post: {operationId: 'createWidget', summary: 'Create a "widget"', tags: ['Widgets']},
      get: {summary: 'List widgets', description: 'Lists them.  \nMore.', tags: ['Widgets', 'Extra'], deprecated: true},
    },
    '/health': {get: {summary: 'Health check'}},
    '/first': {get: {summary: 'Pinned', tags: ['Widgets'], 'x-position': 1}},
  },
  webhooks: {'widget.created': {post: {summary: 'Widget created', tags: ['Widgets']}}},
};

test('pages: the plugin rules for ids, titles, order and descriptions', () => {
  const plan = planPages(doc);
  assert.deepEqual(plan.info, {id: 'widget-store-api', title: 'Widget Store API', description: "First 'line'. Second line."});
  // Titles are exact (front matter JSON-quotes them); descriptions are the plain text of the first line.
  assert.deepEqual(
    plan.operations.map((o) => [o.id, o.title, o.method, o.description]),
    [
      ['pinned', 'Pinned', 'get', 'Pinned'],
      ['create-widget', 'Create a "widget"', 'post', 'Create a "widget"'],
      ['list-widgets', 'List widgets', 'get', 'Lists them.'],
      ['health-check', 'Health check', 'get', 'Health check'],
      ['widget-created', 'Widget created', 'event', 'Widget created'],
    ],
  );
  assert.match(operationFrontMatter(plan.operations[1]), /^title: "Create a \\"widget\\""$/m);
  assert.match(operationFrontMatter(plan.operations[1]), /^sidebar_class_name: "post api-method"$/m);
});

test('pages: sidebar: overview, declared tags, undeclared tags, UNTAGGED', () => {
  const plan = planPages(doc);
  const sidebar = plan.sidebar;
  assert.deepEqual(sidebar[0], {type: 'doc', id: 'api/widget-store-api'});
  assert.deepEqual(sidebar.slice(1).map((c) => c.type === 'category' && [c.label, c.link?.slug, c.items.length]), [
    ['All widgets', '/category/api/widgets', 4],
    ['Extra', '/category/api/extra', 1],
    ['UNTAGGED', undefined, 1],
  ]);
  const widgets = sidebar[1].type === 'category' ? sidebar[1].items : [];
  // customProps: the method badge and path of the category page's card.
  assert.deepEqual(widgets[2], {type: 'doc', id: 'api/list-widgets', label: 'List widgets', className: 'menu__list-item--deprecated api-method get', customProps: {method: 'get', path: '/widgets'}});
  assert.deepEqual(widgets[3], {type: 'doc', id: 'api/widget-created', label: 'Widget created', className: 'api-method event', customProps: {method: 'webhook', path: 'widget.created'}});
  const source = sidebarSource(sidebar);
  assert.match(source, /^const sidebar: SidebarsConfig = \{\n {2}"apisidebar": \[\n {4}\{\n {6}"type": "doc",\n {6}"id": "api\/widget-store-api"\n {4}\},/m);
  assert.match(source, /export default sidebar\.apisidebar;\n$/);
});

test('pages: slugs and titles the pipeline sets (x-portal-slug, x-portal-title) win', () => {
  const own: OpenApiDocument = {
    openapi: '3.0.3',
    info: {title: 'T', version: '1'},
    paths: {'/a': {get: {summary: 'Get a', 'x-portal-title': 'Fetch A'}}},
  };
  const plan = planPages(own);
  assert.equal(plan.operations[0].title, 'Fetch A');
  const slugged: OpenApiDocument = {
    openapi: '3.0.3',
    info: {title: 'T', version: '1', 'x-portal-slug': 'overview'},
    paths: {'/a': {get: {summary: 'Get a', 'x-portal-slug': 'get-the-a'}}},
  };
  const p2 = planPages(slugged);
  assert.equal(p2.operations[0].id, 'get-the-a');
  assert.equal(p2.info.id, 'overview');
});

test('pages: front matter is JSON-quoted; a backslash is written as U+29F5', () => {
  const own: OpenApiDocument = {openapi: '3.0.3', info: {title: 'T', version: '1'}, paths: {'/c': {get: {summary: 'Download to C:\\'}}}};
  const fm = operationFrontMatter(planPages(own).operations[0]);
  assert.match(fm, /^title: "Download to C:\u29f5"$/m);
  assert.ok(!fm.includes('\\'));
});

test('pages: a long description keeps its leading sentences that fit in the front matter', () => {
  const long = `Returns the widget. ${'It has every field it has, '.repeat(6)}and more.`;
  const plan = planPages({...doc, paths: {'/long': {get: {summary: 'Long one', tags: ['Widgets'], description: long}}}});
  assert.ok(long.length > DESCRIPTION_MAX);
  assert.equal(plan.operations[0]!.description, 'Returns the widget.');
});
