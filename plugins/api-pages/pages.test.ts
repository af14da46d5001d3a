import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  CATEGORY_DESCRIPTION_MAX,
  DESCRIPTION_MAX,
  frontMatter,
  infoFrontMatter,
  planPages,
  sidebarSource,
  operationFrontMatter,
  methodClasses,
  type SidebarItem,
} from './pages';
import type {OpenApiDocument} from '../../openapi/model/document';

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

test('pages: sidebar: overview, declared tags, undeclared tags, untagged operations by path', () => {
  const plan = planPages(doc);
  const sidebar = plan.sidebar;
  assert.deepEqual(sidebar[0], {type: 'doc', id: 'api/widget-store-api'});
  assert.deepEqual(
    sidebar.slice(1).map((c) => c.type === 'category' && [c.label, c.link?.slug, c.items.length]),
    [
      ['All widgets', '/category/api/widgets', 4],
      ['Extra', '/category/api/extra', 1],
      ['Health', '/category/api/health', 1],
    ],
  );
  const widgets = sidebar[1].type === 'category' ? sidebar[1].items : [];
  // Nothing but what the sidebar shows: every docs page loads the sidebar (the cards' method and
  // path come from plugins/api-versions' page lists).
  assert.deepEqual(widgets[2], {
    type: 'doc',
    id: 'api/list-widgets',
    label: 'List widgets',
    className: 'menu__list-item--deprecated api-method get',
  });
  assert.deepEqual(widgets[3], {type: 'doc', id: 'api/widget-created', label: 'Widget created', className: 'api-method event'});
  const source = sidebarSource(sidebar);
  assert.match(
    source,
    /^const sidebar: SidebarsConfig = \{\n {2}"apisidebar": \[\n {4}\{\n {6}"type": "doc",\n {6}"id": "api\/widget-store-api"\n {4}\},/m,
  );
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

test('pages: x-position pages first, by position; the others keep document order', () => {
  const plan = planPages({
    openapi: '3.0.3',
    info: {title: 'T', version: '1'},
    paths: {
      '/a': {get: {summary: 'A'}},
      '/b': {get: {summary: 'B', 'x-position': 2}},
      '/c': {get: {summary: 'C', 'x-position': '1'}},
      '/d': {get: {summary: 'D', 'x-position': 1}},
      '/e': {get: {summary: 'E'}},
    },
  });
  assert.deepEqual(
    plan.operations.map((o) => [o.title, o.position]),
    [
      ['D', 1],
      ['B', 2],
      ['A', undefined],
      ['C', undefined],
      ['E', undefined],
    ],
  );
});

test('pages: categories follow the declared tag order, not the order of use; tags without pages get none', () => {
  const plan = planPages({
    openapi: '3.0.3',
    info: {title: 'T', version: '1'},
    tags: [{name: 'Zebra', 'x-displayName': 42}, {name: 'Empty'}, {name: 'Apple'}],
    paths: {'/a': {get: {summary: 'A', tags: ['Apple', 'Loose']}}, '/z': {get: {summary: 'Z', tags: ['Zebra']}}},
  });
  assert.deepEqual(plan.sidebar, [
    {type: 'doc', id: 'api/t'},
    // A display name that is not a string is not shown: the tag's name is.
    {
      type: 'category',
      label: 'Zebra',
      link: {type: 'generated-index', title: 'Zebra', slug: '/category/api/zebra'},
      items: [{type: 'doc', id: 'api/z', label: 'Z', className: 'api-method get'}],
    },
    {
      type: 'category',
      label: 'Apple',
      link: {type: 'generated-index', title: 'Apple', slug: '/category/api/apple'},
      items: [{type: 'doc', id: 'api/a', label: 'A', className: 'api-method get'}],
    },
    {
      type: 'category',
      label: 'Loose',
      link: {type: 'generated-index', title: 'Loose', slug: '/category/api/loose'},
      items: [{type: 'doc', id: 'api/a', label: 'A', className: 'api-method get'}],
    },
  ]);
});

test('pages: the changelog is listed right after the overview; webhooks from x-webhooks', () => {
  const plan = planPages(
    {
      openapi: '3.0.3',
      info: {title: 'T', version: '1'},
      paths: {},
      'x-webhooks': {'order.paid': {post: {summary: 'Order paid', tags: ['Events']}}},
    },
    {changelog: {id: 'changelog', label: 'Changelog'}},
  );
  assert.deepEqual(plan.sidebar.slice(0, 2), [
    {type: 'doc', id: 'api/t'},
    {type: 'doc', id: 'api/changelog', label: 'Changelog', className: 'api-changelog'},
  ]);
  assert.equal(plan.sidebar.length, 3);
  assert.deepEqual(plan.operations, [
    {
      id: 'order-paid',
      title: 'Order paid',
      description: 'Order paid',
      method: 'event',
      path: 'webhook',
      webhook: {event: 'order.paid', method: 'post'},
      tags: ['Events'],
      deprecated: false,
    },
  ]);
  assert.deepEqual(planPages({openapi: '3.0.3', info: {title: 'T', version: '1'}, paths: {}}, {}).sidebar, [{type: 'doc', id: 'api/t'}]);
});

test('pages: a document without info or descriptions plans an empty overview', () => {
  const plan = planPages({openapi: '3.0.3', paths: {'/x': {get: {operationId: 'getX'}}}} as unknown as OpenApiDocument);
  assert.deepEqual(plan.info, {id: '', title: '', description: ''});
  assert.deepEqual(
    plan.operations.map((o) => [o.id, o.title, o.description]),
    [['get-x', 'getX', 'getX']],
  );
  // Without a slug of any kind (the pipeline always writes x-portal-slug) the id is empty, not undefined.
  assert.equal(planPages({openapi: '3.0.3', info: {title: 'T', version: '1'}, paths: {'/y': {get: {}}}}).operations[0].id, '');
});

test('pages: front matter of an operation page and of the overview, exactly', () => {
  const [op] = planPages({
    openapi: '3.0.3',
    info: {title: 'T', version: '1'},
    paths: {'/a': {delete: {summary: 'Remove A', description: 'Removes it.'}}},
  }).operations;
  assert.equal(
    operationFrontMatter(op, {draft: false}),
    [
      '---',
      'id: "remove-a"',
      'title: "Remove A"',
      'description: "Removes it."',
      'sidebar_label: "Remove A"',
      'hide_table_of_contents: true',
      'hide_title: true',
      'sidebar_class_name: "delete api-method"',
      'custom_edit_url: null',
      'draft: false',
      '---',
      '',
    ].join('\n'),
  );
  assert.equal(
    infoFrontMatter({id: 'shop-api', title: 'Shop API', description: 'Sells.'}, {banner: 'v2'}),
    [
      '---',
      'id: "shop-api"',
      'title: "Shop API"',
      'description: "Sells."',
      'sidebar_label: "Introduction"',
      'sidebar_position: 0',
      'hide_title: true',
      'custom_edit_url: null',
      'banner: "v2"',
      '---',
      '',
    ].join('\n'),
  );
});

test('pages: front matter escapes the characters YAML does not take raw', () => {
  assert.equal(frontMatter({t: 'a\u2028b\u0085c\u007fd\ufeffe\u2029'}), '---\nt: "a\\u2028b\\u0085c\\u007fd\\ufeffe\\u2029"\n---\n');
  assert.equal(frontMatter({n: 3, b: true, z: null}), '---\nn: 3\nb: true\nz: null\n---\n');
});

test('pages: sidebar: nested 3.2 tags (operations, then child categories), labels from summary, externalDocs as customProps', () => {
  const nested: OpenApiDocument = {
    openapi: '3.2.0',
    info: {title: 'Meters', version: '1'},
    tags: [
      {name: 'metering', summary: 'Metering'},
      {name: 'readings', summary: 'Readings', parent: 'metering', externalDocs: {url: 'https://x.test/r'}},
      {name: 'live', summary: 'Live readings', parent: 'readings', kind: 'nav'},
      {name: 'beta', kind: 'badge'},
    ],
    paths: {
      '/readings': {get: {summary: 'List readings', tags: ['readings', 'beta']}},
      '/readings/live': {get: {summary: 'Stream readings', tags: ['live']}},
      '/v1/audits': {get: {summary: 'List audits', tags: ['beta']}},
    },
  };
  const shape = (items: SidebarItem[]): unknown[] =>
    items.map((i) =>
      i.type === 'doc'
        ? i.id
        : {
            label: i.label,
            title: i.link?.title,
            slug: i.link?.slug,
            ...(i.customProps ? {props: i.customProps} : {}),
            items: shape(i.items),
          },
    );
  assert.deepEqual(shape(planPages(nested).sidebar), [
    'api/meters',
    {
      label: 'Metering',
      title: 'Metering',
      slug: '/category/api/metering',
      items: [
        {
          label: 'Readings',
          title: 'Readings',
          slug: '/category/api/readings',
          props: {externalDocs: {url: 'https://x.test/r'}},
          items: [
            'api/list-readings',
            {label: 'Live readings', title: 'Live readings', slug: '/category/api/live', items: ['api/stream-readings']},
          ],
        },
      ],
    },
    {label: 'Audits', title: 'Audits', slug: '/category/api/audits', items: ['api/list-audits']},
  ]);
});

test('sidebar method classes: fixed methods and event as they are, OpenAPI 3.2 additionalOperations as custom-method method-<name>', () => {
  assert.equal(methodClasses('get'), 'get');
  assert.equal(methodClasses('query'), 'query');
  assert.equal(methodClasses('event'), 'event');
  assert.equal(methodClasses('PURGE'), 'custom-method method-purge');
  assert.equal(methodClasses('M-SEARCH'), 'custom-method method-m-search');
  assert.equal(methodClasses("X'*Y"), 'custom-method method-x-y');
});

test("pages: a category page's description is its tag's first paragraph as text, on the link only", () => {
  const described: OpenApiDocument = {
    openapi: '3.1.0',
    info: {title: 'Shop', version: '1'},
    tags: [
      {
        name: 'Orders',
        description:
          'Orders are what a **customer** buys: see [the guide](https://x.test/orders).\n\nA second paragraph stays on the overview.',
      },
      {name: 'Refunds'},
      {name: 'Hostile', description: '<img src=x onerror=alert(1)> Returns <script>alert(1)</script>are sent back.'},
      {name: 'Long', description: `${'A sentence about refunds and credit notes. '.repeat(30)}`},
    ],
    paths: {
      '/orders': {get: {summary: 'List orders', tags: ['Orders']}},
      '/refunds': {get: {summary: 'List refunds', tags: ['Refunds']}},
      '/long': {get: {summary: 'Read long', tags: ['Long']}},
      '/hostile': {get: {summary: 'Read hostile', tags: ['Hostile']}},
    },
  };
  const categories = planPages(described).sidebar.filter((i) => i.type === 'category');
  const link = (label: string) => categories.find((c) => c.label === label)!.link!;
  assert.equal(link('Orders').description, 'Orders are what a customer buys: see the guide.');
  assert.equal(link('Refunds').description, undefined);
  // Text only: markup in a foreign description never reaches the page as markup.
  assert.equal(link('Hostile').description, 'Returns are sent back.');
  const long = link('Long').description!;
  assert.ok(long.length <= CATEGORY_DESCRIPTION_MAX && long.endsWith('notes.'), long);
  // Not on the category itself: Docusaurus would put it in the sidebar every docs page loads.
  for (const c of categories) assert.equal((c as {description?: string}).description, undefined);
});
