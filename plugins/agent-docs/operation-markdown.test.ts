/**
 * The Markdown twin of an API operation page, written from page data (the shape the HTML page
 * renders, src/components/ApiOperation/types.ts). The Markdown is read back with a GFM renderer
 * (markdown-it) where structure matters: the parameter table keeps one cell per column whatever
 * the names and descriptions hold, names in code spans are exact, links are absolute.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import type {Element} from 'domhandler';
import type {OperationPage, SchemaNode} from '../../src/components/ApiOperation/types';
import {DomUtils, parseDocument} from './html-markdown';
import {operationMarkdown, securityLabel} from './operation-markdown';

const gfm = new MarkdownIt();
const readBack = (markdown: string) => parseDocument(gfm.render(markdown));
const all = (root: ReturnType<typeof readBack> | Element, tag: string) => DomUtils.getElementsByTagName(tag, root, true);
const text = (el: Element) => DomUtils.textContent(el).replace(/\s+/g, ' ').trim();
const SITE = 'https://docs.example.com';
const link = (href: string) => (href.startsWith('/') ? `${SITE}${href}.md` : href);

function page(over: Partial<OperationPage> = {}): OperationPage {
  return {
    method: 'post',
    path: '/things/{thingId}',
    operationId: 'createThing',
    summary: 'Create a thing',
    description: '<p>Creates a <em>thing</em>. See <a href="/docs/api/get-thing">Get a thing</a>.</p>',
    servers: [{url: 'https://api.example.com/v1', description: 'Production'}],
    security: [[{key: 'basic', type: 'http', scheme: 'basic'}]],
    parameters: [],
    responses: [{status: '204', description: '<p>Done.</p>', headers: [], content: []}],
    schemas: {},
    samples: [
      {id: 'python', label: 'Python', html: '<span class="k">import</span> requests'},
      {id: 'curl', label: 'cURL', html: '<span class="t">curl -X POST \\</span>\n  <span class="s">"https://api.example.com/v1/things/1?a=1&amp;b=2"</span>'},
    ],
    ...over,
  };
}

/** The Markdown between a heading and the next heading of the same or a higher level. */
function section(md: string, heading: string): string {
  const lines = md.split('\n');
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `no "${heading}" in:\n${md}`);
  const level = heading.match(/^#+/)![0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.match(/^#+/)![0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n').trim();
}

test('the head: title, method and path, operation id, base URL, authentication, description with absolute links', () => {
  const md = operationMarkdown(page(), {link});
  assert.ok(md.startsWith('# Create a thing\n\n`POST /things/{thingId}`\n\nOperation ID: `createThing`\n\nBase URL: `https://api.example.com/v1` (Production)\n\n'), md);
  assert.match(md, /^Authentication: HTTP Basic authentication/m);
  const links = all(readBack(md), 'a').map((a) => [text(a), a.attribs.href]);
  assert.deepEqual(links, [['Get a thing', `${SITE}/docs/api/get-thing.md`]]);
  assert.deepEqual(all(readBack(md), 'em').map(text), ['thing']);
  assert.ok(md.endsWith('\n') && !md.endsWith('\n\n'));
});

test('authentication alternatives and combinations; no security says so', () => {
  const md = operationMarkdown(
    page({
      security: [
        [{key: 'k', type: 'apiKey', in: 'header', name: 'X-Api-Key'}, {key: 't', type: 'http', scheme: 'bearer', bearerFormat: 'JWT'}],
        [{key: 'o', type: 'oauth2', scopes: ['read:things']}],
      ],
    }),
  );
  assert.match(md, /^Authentication \(any one of\):\n\n- API key in the header `X-Api-Key` \*\*and\*\* Bearer token \(`Authorization: Bearer <token>`, JWT\)\n- OAuth 2\.0 \(scopes: `read:things`\)$/m);
  assert.match(operationMarkdown(page({security: []})), /^Authentication: none\.$/m);
  assert.equal(securityLabel({key: 'c', type: 'apiKey', in: 'cookie', name: 'sid'}), 'API key in the cookie `sid`');
});

test('parameters: one table row each, | and backticks in names, enums and descriptions stay inside their cell', () => {
  const md = operationMarkdown(
    page({
      parameters: [
        {name: 'thingId', in: 'path', required: true, description: '<p>The id, see <a href="/docs/ids">ids</a>.</p>', schema: {type: 'integer', minimum: 1}, example: 42},
        {name: 'fil`ter', in: 'query', required: false, description: '<p>Either <code>a|b</code> or c | d</p>', schema: {type: 'string', enum: ['a|b', 'c`d']}},
        {name: 'X-Trace', in: 'header', required: false, deprecated: true, description: '<p>Line one</p><ul><li>item</li></ul>', schema: {type: 'string', format: 'uuid'}},
      ],
    }),
    {link},
  );
  const table = section(md, '## Parameters');
  assert.equal(table.split('\n').length, 5, table);
  const doc = readBack(table);
  const header = all(doc, 'th').map(text);
  assert.deepEqual(header, ['Name', 'In', 'Type', 'Required', 'Description']);
  const rows = all(all(doc, 'tbody')[0]!, 'tr').map((tr) => all(tr, 'td'));
  assert.equal(rows.length, 3);
  for (const r of rows) assert.equal(r.length, 5, table);
  // Names are code spans holding the exact name.
  assert.deepEqual(rows.map((r) => all(r[0]!, 'code').map((c) => DomUtils.textContent(c))), [['thingId'], ['fil`ter'], ['X-Trace']]);
  assert.deepEqual(rows.map((r) => text(r[1]!)), ['path', 'query', 'header']);
  assert.deepEqual(rows.map((r) => text(r[3]!)), ['yes', 'no', 'no']);
  assert.equal(text(rows[0]![2]!), 'integer, >= 1');
  assert.deepEqual(all(rows[1]![2]!, 'code').map((c) => DomUtils.textContent(c)), ['"a|b"', '"c`d"']);
  assert.equal(text(rows[1]![4]!), 'Either a|b or c | d');
  assert.equal(text(rows[2]![2]!), 'string (uuid)');
  assert.match(text(rows[2]![4]!), /^Line one .*item.* \(deprecated\)$/);
  assert.equal(all(rows[0]![4]!, 'a')[0]!.attribs.href, `${SITE}/docs/ids.md`);
  assert.match(text(rows[0]![4]!), /Example: 42$/);
});

const Node: SchemaNode = {
  type: 'object',
  description: '<p>A node of a tree.</p>',
  required: ['name'],
  properties: {
    name: {type: 'string', maxLength: 40, description: '<p>Its <code>`name`</code> | label</p>'},
    parent: {ref: 'Node'},
    children: {type: 'array', items: {ref: 'Node'}},
    pet: {oneOf: [{ref: 'Cat'}, {ref: 'Node'}, {type: 'string', title: 'Nickname'}], discriminator: {propertyName: 'kind'}},
    labels: {type: 'object', additionalProperties: {type: 'string'}},
    inline: {type: 'object', properties: {again: {circular: 'inline'}, note: {type: 'string', nullable: true, default: 'x'}}},
  },
};
const Cat: SchemaNode = {type: 'object', properties: {lives: {type: 'integer', minimum: 0, maximum: 9}, owner: {ref: 'Node'}}};
const Problem: SchemaNode = {type: 'object', description: '<p>See <a href="/docs/errors">errors</a>.</p>'};

function treePage(): OperationPage {
  return page({
    requestBody: {required: true, description: '<p>The new node.</p>', content: [{mediaType: 'application/json', schema: {ref: 'Node'}, example: {name: 'root', children: []}}]},
    responses: [
      {
        status: '201',
        description: '<p>Created.</p>',
        headers: [{name: 'Location', schema: {type: 'string', format: 'uri'}, description: '<p>Where it is.</p>'}],
        content: [{mediaType: 'application/json', schema: {ref: 'Node'}, exampleHtml: '<span class="p">{</span><span class="s">"name"</span>: <span class="s">"root"</span><span class="p">}</span>', exampleGiven: false}],
      },
      {status: '404', description: '<p>Not there.</p>', headers: [], content: [{mediaType: 'application/problem+json', schema: {ref: 'Problem'}}]},
      {status: '599', headers: [], content: []},
    ],
    schemas: {Node, Cat, Problem},
  });
}

test('request body: nested field list with types, required, constraints and descriptions; one example', () => {
  const md = operationMarkdown(treePage(), {link});
  const body = section(md, '## Request body');
  assert.match(body, /^Required\.\n\nThe new node\.\n\nContent type: `application\/json`\n\nSchema: object \(Node\)\n/);
  assert.ok(body.includes('- `name` (string, required, max length 40): Its `` `name` `` | label'), body);
  assert.ok(body.includes('- `pet` (one of)\n  - One of (by `kind`):\n    - **Cat** (object (Cat))\n      - `lives` (integer, >= 0, <= 9)'), body);
  assert.ok(body.includes('    - **Nickname** (string)'), body);
  assert.ok(body.includes('- `labels` (object)\n  - `*` (any other key) (string)'), body);
  assert.ok(body.includes('  - `note` (string | null, default `"x"`)'), body);
  // Read back: the list nests, and the name with backticks is one exact code span.
  const doc = readBack(body);
  const top = all(doc, 'ul')[0]!.children.filter((c): c is Element => c.type === 'tag' && c.name === 'li');
  assert.deepEqual(top.map((li) => DomUtils.textContent(all(li, 'code')[0]!)), ['name', 'parent', 'children', 'pet', 'labels', 'inline']);
  assert.ok(all(doc, 'code').some((c) => DomUtils.textContent(c) === '`name`'));
  const example = section(md, '## Request body').split('Example:')[1]!;
  assert.equal(example.trim(), '```json\n{\n  "name": "root",\n  "children": []\n}\n```');
});

test('circular schemas are marked where they recur, never expanded again', () => {
  const md = operationMarkdown(treePage(), {link});
  const body = section(md, '## Request body');
  assert.ok(body.includes('- `parent` (object (Node), circular: Node, described above)'), body);
  assert.ok(body.includes('- `children` (array of object (Node), circular: Node, described above)'), body);
  assert.ok(body.includes('    - **Node** (object (Node)) (circular: see above)'), body);
  assert.ok(body.includes('      - `owner` (object (Node), circular: Node, described above)'), body);
  // A reference back into an inline schema (the page data's `circular`): marked too, not typed "any".
  assert.ok(body.includes('  - `again` (circular: inline, described above)'), body);
  assert.ok(!body.includes('`again` (any'), body);
  // Node's own fields are listed once in the whole page; the response refers back to them.
  assert.equal(md.match(/- `name` \(string, required/g)?.length, 1);
  assert.match(section(md, '### 201 Created'), /^Schema: object \(Node\), fields of Node as listed above$/m);
  // A self-referencing schema ends; the output is finite and small.
  assert.ok(md.length < 5000, `${md.length} characters`);
});

test('an array of itself and a variant of itself at the top are marked, not followed', () => {
  const md = operationMarkdown(
    page({
      requestBody: {required: false, content: [{mediaType: 'application/json', schema: {ref: 'List'}}]},
      schemas: {List: {type: 'array', items: {ref: 'List'}}, Expr: {oneOf: [{ref: 'Expr'}, {type: 'number'}]}},
      responses: [{status: '200', headers: [], content: [{mediaType: 'application/json', schema: {ref: 'Expr'}}]}],
    }),
  );
  assert.equal(section(md, '## Request body'), 'Optional.\n\nContent type: `application/json`\n\nSchema: array of List (circular)');
  assert.ok(section(md, '### 200 OK').includes('  - **Expr** (one of (Expr)) (circular: see above)'), md);
});

test('responses: every status with its text, headers, media type, schema description with absolute links, example', () => {
  const md = operationMarkdown(treePage(), {link});
  const headings = md.split('\n').filter((l) => l.startsWith('### '));
  assert.deepEqual(headings, ['### 201 Created', '### 404 Not Found', '### 599']);
  const created = section(md, '### 201 Created');
  assert.ok(created.startsWith('Created.\n\nHeaders:\n\n- `Location` (string (uri)): Where it is.\n\nContent type: `application/json`'), created);
  assert.ok(created.includes('Example (generated from the schema):\n\n```json\n{"name": "root"}\n```'), created);
  const notFound = section(md, '### 404 Not Found');
  assert.ok(notFound.includes('Content type: `application/problem+json`'), notFound);
  const links = all(readBack(notFound), 'a').map((a) => a.attribs.href);
  assert.deepEqual(links, [`${SITE}/docs/errors.md`], notFound);
});

test('the curl sample is the example request, as plain text', () => {
  const md = operationMarkdown(page());
  assert.equal(section(md, '## Example request'), '```bash\ncurl -X POST \\\n  "https://api.example.com/v1/things/1?a=1&b=2"\n```');
  const python = operationMarkdown(page({samples: [{id: 'python', label: 'Python', html: 'import requests'}]}));
  assert.equal(section(python, '## Example request'), '```python\nimport requests\n```');
});

test('webhooks: the event instead of the path, the payload, no base URL or authentication', () => {
  const md = operationMarkdown(
    page({
      webhook: 'thing.created',
      path: 'thing.created',
      requestBody: {required: true, content: [{mediaType: 'application/json', schema: {type: 'object', properties: {id: {type: 'string'}}}}]},
    }),
  );
  assert.match(md, /^Webhook `thing\.created`: the API sends `POST` requests to your endpoint\.$/m);
  assert.ok(!/Base URL|Authentication/.test(md), md);
  assert.match(section(md, '## Payload'), /- `id` \(string\)/);
});

/**
 * A schema graph where every object leads to more objects, as in Stripe's document (there it never
 * ends; here it does after five kinds, so that every level fits without a budget).
 */
function wideGraph(): OperationPage {
  const schemas: Record<string, SchemaNode> = {};
  for (let i = 0; i < 5; i++) {
    const next = [1, 2, 3].map((k) => i + k).filter((n) => n < 5).map((n) => `N${n}`);
    schemas[`N${i}`] = {
      type: 'object',
      properties: {
        id: {type: 'string', description: `Identifier of N${i}. ${'Long text. '.repeat(20)}`},
        ...Object.fromEntries(next.map((n, k) => [`to_${n.toLowerCase()}`, i === 0 && k === 0 ? {anyOf: [{type: 'string'}, {ref: n}]} : {ref: n}])),
        ...(next.length ? {list: {type: 'array', items: {ref: next[0]!}}} : {}),
      },
    };
  }
  return page({
    responses: [{status: '200', description: '<p>OK.</p>', headers: [], content: [{mediaType: 'application/json', schema: {ref: 'N0'}, exampleHtml: '{}'}]}],
    schemas,
  });
}

test('a twin over the budget lists fields less deep, and says where the rest are', () => {
  const description = 'https://docs.example.com/openapi/openapi.json';
  const full = operationMarkdown(wideGraph(), {link, budget: Infinity, description});
  assert.doesNotMatch(full, /fields not listed here|levels? of nesting/, 'within the budget every level is listed');
  const budget = Math.floor(full.length * 0.7);
  const small = operationMarkdown(wideGraph(), {link, budget, description});
  assert.ok(small.length <= budget, `the twin fits: ${small.length} > ${budget}`);
  // Every schema that is cut names its place in the description, and the page says once why.
  const cut = small.split('\n').filter((l) => l.trimStart().startsWith('- ') && l.includes('fields not listed here'));
  assert.ok(cut.length > 0, small);
  for (const line of cut) assert.match(line, /fields not listed here: `#\/components\/schemas\/N\d`( and `#\/components\/schemas\/N\d`)* in the OpenAPI description/, line);
  const note = small.split('\n').filter((l) => /levels? of nesting/.test(l));
  assert.equal(note.length, 1);
  assert.match(note[0]!, /\[the OpenAPI description\]\(https:\/\/docs\.example\.com\/openapi\/openapi\.json\)/);
  // The top level is always there: every field of the response schema.
  for (const name of ['id', 'to_n1', 'to_n2', 'to_n3', 'list']) assert.match(section(small, '### 200 OK'), new RegExp(`^- \`${name}\``, 'm'));
});

test('a schema cut by the depth limit is listed in full where it comes again higher up', () => {
  // Leaf is first met below the depth limit, then as a top-level field: there its fields are listed.
  const schemas: Record<string, SchemaNode> = {
    Deep: {type: 'object', properties: {a: {type: 'object', properties: {b: {ref: 'Leaf'}}}}},
    Leaf: {type: 'object', properties: {leaf_field: {type: 'string'}}},
    Top: {type: 'object', properties: {deep: {ref: 'Deep'}, leaf: {ref: 'Leaf'}}},
  };
  const md = operationMarkdown(page({
    responses: [{status: '200', description: '<p>OK.</p>', headers: [], content: [{mediaType: 'application/json', schema: {ref: 'Top'}}]}],
    schemas,
  }), {budget: Infinity, depth: 2});
  const body = section(md, '### 200 OK');
  assert.match(body, /^ {2}- `a` \(object, fields not listed here\)$/m, body);
  assert.match(body, /^- `leaf` \(object \(Leaf\)\)\n {2}- `leaf_field` \(string\)$/m, 'Leaf is listed where it comes again');
  assert.match(md, /This page lists fields down to 2 levels of nesting; .* complete in the OpenAPI description\./);
});
