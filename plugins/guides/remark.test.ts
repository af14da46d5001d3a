/**
 * The guide components resolved at build time (./remark.ts, ./resolve.ts): each kind of reference
 * the description lacks fails with the guide's file, line and what is missing; a foreign
 * description only warns; what resolves becomes data, imports and plain links.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {parseMdx} from './scan';
import {apiLinkProps, partsModuleSource, transformGuide} from './remark';
import {guidePartMarkdown} from './markdown';
import {fixtureSite} from './guides.fixtures';
import type {GuidePart} from './client/guide-parts';

/* eslint-disable @typescript-eslint/no-explicit-any */

async function run(mdx: string, foreign = false) {
  const site = fixtureSite();
  const file = path.join(site.siteDir, 'docs', 'guides', 'widgets.mdx');
  const tree = await parseMdx(mdx);
  try {
    const result = transformGuide(tree, file, {processedSpec: site.processedSpec, foreign, outDir: site.outDir, siteDir: site.siteDir});
    const module = result.module ? readFileSync(path.join(site.outDir, `${result.module}.js`), 'utf8') : undefined;
    return {result, tree, module};
  } finally {
    rmSync(site.siteDir, {recursive: true, force: true});
  }
}

async function failure(mdx: string): Promise<string> {
  try {
    await run(mdx);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('the guide was accepted');
}

const find = (tree: any, test: (n: any) => boolean): any[] => [
  ...(test(tree) ? [tree] : []),
  ...(tree.children ?? []).flatMap((c: any) => find(c, test)),
];

test('every part resolves into the page data module; the components are imported once each', async () => {
  const {result, tree, module} = await run(
    [
      '# Widgets',
      '',
      '<OperationCard operationId="getWidget" />',
      '',
      '<RequestExample operationId="createWidget" params={{"Idempotency-Key": "guide-0001"}} body={{name: "Cog", size: 2}} />',
      '',
      '<ResponseExample operationId="createWidget" status="201" />',
      '',
      '<SchemaTable schema="Widget" />',
      '',
      '<SchemaTable operationId="createWidget" body />',
      '',
      '<TryIt operationId="getWidget" params={{widget_id: 42, expand: "parts"}} />',
      '',
      '<OperationCard operationId="createWidget" />',
    ].join('\n'),
  );
  assert.deepEqual(
    result.parts.map((p) => p.kind),
    ['operation', 'request', 'response', 'schema', 'schema', 'try', 'operation'],
  );
  assert.deepEqual(result.problems, []);
  const [card, request, response, schema, body, tryIt] = result.parts as any[];
  assert.deepEqual(
    {method: card.method, path: card.path, summary: card.summary, href: card.href},
    {method: 'get', path: '/widgets/{widget_id}', summary: 'Get a widget', href: '/docs/api/get-widget'},
  );
  // The eight languages, with the guide's header and body (the reference's generators and variables).
  assert.deepEqual(
    request.samples.map((s: any) => s.id),
    ['curl', 'javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby'],
  );
  const curl = request.samples[0].html.replace(/<[^>]+>/g, '');
  assert.match(curl, /guide-0001/);
  assert.match(curl, /&quot;Cog&quot;|"Cog"/);
  assert.match(curl, /\$API_USERNAME:\$API_PASSWORD/);
  assert.match(response.html.replace(/<[^>]+>/g, ''), /Sprocket/);
  assert.equal(response.href, '/docs/api/create-widget#response-201');
  assert.deepEqual(schema.schema, {ref: 'Widget'});
  assert.deepEqual(Object.keys(schema.schemas), ['Widget']);
  assert.equal(schema.href, '/docs/api/create-widget#response-201');
  assert.equal(body.mode, 'request');
  assert.equal(body.href, '/docs/api/create-widget#request-body');
  assert.deepEqual(tryIt.params, {'path:widget_id': '42', 'query:expand': 'parts'});
  // The data module: one string literal, and the TryIt part's page data as a lazy import.
  assert.match(module!, /^const parts = JSON\.parse\(/);
  assert.match(module!, /parts\[5\]\.load = \(\) => import\("@site\/docs\/api\/get-widget\.data\.js"\);/);
  const imports = tree.children.filter((n: any) => n.type === 'mdxjsEsm').map((n: any) => n.value);
  assert.deepEqual(
    imports.slice(1),
    ['OperationCard', 'RequestExample', 'ResponseExample', 'SchemaTable', 'TryIt'].map(
      (c) => `import ${c} from '@site/src/components/Guide/${c}';`,
    ),
  );
  assert.match(imports[0], /^import __guideParts from "@site\/generated\/docs-guides-widgets-[0-9a-f]{6}\.js";$/);
  // Each element now reads its entry of the module.
  const elements = find(tree, (n) => n.type === 'mdxJsxFlowElement');
  assert.deepEqual(
    elements.map((e: any) => e.attributes[0].value.value),
    [0, 1, 2, 3, 4, 5, 6].map((i) => `__guideParts[${i}]`),
  );
});

test('ApiLink and api: links become plain links to the page and anchor', async () => {
  const {tree, result} = await run(
    [
      'See <ApiLink operationId="getWidget" parameter="expand">the expand parameter</ApiLink>,',
      '[the 404](api:getWidget#response=404), [a widget](api:schema:Widget), [create](api:createWidget) and <ApiLink operationId="getWidget" />.',
    ].join('\n'),
  );
  assert.equal(result.module, undefined, 'links alone need no data module');
  const links = find(tree, (n) => n.type === 'link');
  assert.deepEqual(
    links.map((l: any) => l.url),
    [
      '/docs/api/get-widget#parameter-query-expand',
      '/docs/api/get-widget#response-404',
      '/docs/api/create-widget#response-201',
      '/docs/api/create-widget',
      '/docs/api/get-widget',
    ],
  );
  assert.deepEqual(links[4].children, [{type: 'inlineCode', value: 'Get a widget'}]);
});

test('a missing operation fails with file, line and what is missing (and a near name)', async () => {
  const message = await failure('# Widgets\n\n<OperationCard operationId="getwidget" />\n');
  assert.match(
    message,
    /docs\/guides\/widgets\.mdx:3:1: <OperationCard operationId="getwidget">: operation "getwidget" is not in the API description \(did you mean "getWidget"\?\)/,
  );
});

test('a missing schema fails', async () => {
  assert.match(
    await failure('<SchemaTable schema="Gadget" />'),
    /widgets\.mdx:1:1: <SchemaTable schema="Gadget">: schema "Gadget" is not in the API description/,
  );
});

test('a body field the schema does not have fails (closed objects), as does a wrong type', async () => {
  const misspelt = await failure('Text\n\n<RequestExample operationId="createWidget" body={{nme: "Cog"}} />');
  assert.match(
    misspelt,
    /widgets\.mdx:3:1: <RequestExample operationId="createWidget">: the request body of POST \/widgets does not match the API description: .*must have required property 'name'/,
  );
  assert.match(misspelt, /nme/);
  assert.match(await failure('<TryIt operationId="createWidget" body={{name: "Cog", size: "big"}} />'), /\/size must be integer/);
});

test('a missing status, and a response without an example, fail', async () => {
  assert.match(
    await failure('<ResponseExample operationId="getWidget" status="409" />'),
    /response "409" is not a response of GET \/widgets\/\{widget_id\} \(it has: 200, 404\)/,
  );
  assert.match(
    await failure('<ResponseExample operationId="getWidget" status="404" />'),
    /response "404" of GET \/widgets\/\{widget_id\} has no example/,
  );
  assert.match(
    await failure('<SchemaTable operationId="getWidget" response="404" />'),
    /response "404" of GET \/widgets\/\{widget_id\} has no body schema/,
  );
  assert.match(
    await failure('[gone](api:getWidget#response=410)'),
    /widgets\.mdx:1:1: \[…\]\(api:getWidget#response=410\): response "410" is not a response/,
  );
});

test('a missing parameter, or a value its schema refuses, fails', async () => {
  assert.match(
    await failure('<RequestExample operationId="getWidget" params={{widget: 7}} />'),
    /parameter "widget" is not a parameter of GET \/widgets\/\{widget_id\} \(it has: path:widget_id, query:expand\)/,
  );
  assert.match(
    await failure('<RequestExample operationId="getWidget" params={{expand: "everything"}} />'),
    /the value of parameter "expand" of GET \/widgets\/\{widget_id\} does not match the API description: .*must be equal to one of the allowed values/,
  );
  assert.match(
    await failure('<ApiLink operationId="getWidget" parameter="page" />'),
    /<ApiLink operationId="getWidget" parameter="page">: parameter "page" is not a parameter/,
  );
});

test('a body for an operation without one, a computed prop and a malformed api: link fail', async () => {
  assert.match(
    await failure('<RequestExample operationId="getWidget" body={{name: "x"}} />'),
    /GET \/widgets\/\{widget_id\} takes no request body, but the guide gives one/,
  );
  assert.match(
    await failure('<RequestExample operationId="createWidget" body={{name: `a${1}`}} />'),
    /the body prop of <RequestExample> must be a literal value/,
  );
  assert.match(await failure('[x](api:getWidget#field=size)'), /is not an API link: write api:<operationId>/);
  assert.deepEqual(apiLinkProps('api:schema:Widget'), {schema: 'Widget'});
});

test('every problem of a page is listed in one failure', async () => {
  const message = await failure('<OperationCard operationId="a" />\n\n<OperationCard operationId="b" />\n');
  assert.match(message, /^Guides refer to what the API description \(openapi\.json\) does not have:/);
  assert.match(message, /widgets\.mdx:1:1: .*"a"/);
  assert.match(message, /widgets\.mdx:3:1: .*"b"/);
});

test('with a foreign description a missing reference warns, renders as missing, and the page builds', async (t) => {
  const warn = t.mock.method(console, 'warn', () => undefined);
  const {result} = await run('<OperationCard operationId="createCustomer" />\n\n[a customer](api:getCustomer)\n', true);
  assert.deepEqual(result.parts, [{kind: 'missing', what: 'OperationCard operationId "createCustomer"'}]);
  assert.equal(result.problems.length, 2);
  const warned = warn.mock.calls.map((c) => String(c.arguments[0]));
  assert.equal(warned.length, 2);
  assert.match(warned[0]!, /^\[guides\] docs\/guides\/widgets\.mdx:1:1: .*operation "createCustomer" is not in the API description/);
});

test('the data module of a page without TryIt has no import; with one, the import of its operation page data', () => {
  assert.equal(
    partsModuleSource([{kind: 'missing', what: 'x'}]),
    'const parts = JSON.parse("[{\\"kind\\":\\"missing\\",\\"what\\":\\"x\\"}]");\nexport default parts;\n',
  );
  const source = partsModuleSource([
    {kind: 'try', title: 'GET /a', href: '/docs/api/a', params: {}, slug: 'get-a'} as GuidePart & {slug: string},
  ]);
  assert.doesNotMatch(source.split('\n')[0]!, /slug/);
  assert.match(source, /parts\[0\]\.load = \(\) => import\("@site\/docs\/api\/get-a\.data\.js"\);/);
});

test('the Markdown of each part: all eight languages of a request, fields of a schema, links through the twin mapper', async () => {
  const {result} = await run(
    '<RequestExample operationId="createWidget" />\n\n<SchemaTable schema="Widget" />\n\n<TryIt operationId="getWidget" params={{expand: "owner"}} />\n',
  );
  const link = (p: string) => `https://x.test${p}.md`;
  const request = guidePartMarkdown(result.parts[0]!, link);
  for (const label of ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby'])
    assert.ok(request.includes(`\n${label}:\n`), `${label} in\n${request}`);
  assert.match(request, /^Request: \[POST \/widgets\]\(https:\/\/x\.test\/docs\/api\/create-widget\.md\)/);
  assert.match(request, /```bash\ncurl --request POST/);
  const schema = guidePartMarkdown(result.parts[1]!, link);
  assert.match(schema, /\*\*Widget\*\*/);
  assert.match(schema, /`name`/);
  assert.match(
    guidePartMarkdown(result.parts[2]!, link),
    /Try it: open \[GET \/widgets\/\{widget_id\}\]\(https:\/\/x\.test\/docs\/api\/get-widget\.md\) and press "Try it", with `expand` = `owner`\./,
  );
});
