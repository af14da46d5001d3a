/**
 * The Markdown twin of an API operation page, written from page data (the shape the HTML page
 * renders, plugins/api-pages/client/page-data-format.ts). The Markdown is read back with a GFM renderer
 * (markdown-it) where structure matters: the parameter table keeps one cell per column whatever
 * the names and descriptions hold, names in code spans are exact, links are absolute.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import type {Element} from 'domhandler';
import type {OperationPage, SchemaNode} from '../api-pages/client/page-data-format';
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
      {
        id: 'curl',
        label: 'cURL',
        html: '<span class="t">curl -X POST \\</span>\n  <span class="s">"https://api.example.com/v1/things/1?a=1&amp;b=2"</span>',
      },
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
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
}

test('the head: title, method and path, operation id, base URL, authentication, description with absolute links', () => {
  const md = operationMarkdown(page(), {link});
  assert.ok(
    md.startsWith(
      '# Create a thing\n\n`POST /things/{thingId}`\n\nOperation ID: `createThing`\n\nBase URL: `https://api.example.com/v1` (Production)\n\n',
    ),
    md,
  );
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
        [
          {key: 'k', type: 'apiKey', in: 'header', name: 'X-Api-Key'},
          {key: 't', type: 'http', scheme: 'bearer', bearerFormat: 'JWT'},
        ],
        [{key: 'o', type: 'oauth2', scopes: ['read:things']}],
      ],
    }),
  );
  assert.match(
    md,
    /^Authentication \(any one of\):\n\n- API key in the header `X-Api-Key` \*\*and\*\* Bearer token \(`Authorization: Bearer <token>`, JWT\)\n- OAuth 2\.0 \(scopes: `read:things`\)$/m,
  );
  assert.match(operationMarkdown(page({security: []})), /^Authentication: none\.$/m);
  assert.equal(securityLabel({key: 'c', type: 'apiKey', in: 'cookie', name: 'sid'}), 'API key in the cookie `sid`');
});

test('parameters: one table row each, | and backticks in names, enums and descriptions stay inside their cell', () => {
  const md = operationMarkdown(
    page({
      parameters: [
        {
          name: 'thingId',
          in: 'path',
          required: true,
          description: '<p>The id, see <a href="/docs/ids">ids</a>.</p>',
          schema: {type: 'integer', minimum: 1},
          example: 42,
        },
        {
          name: 'fil`ter',
          in: 'query',
          required: false,
          description: '<p>Either <code>a|b</code> or c | d</p>',
          schema: {type: 'string', enum: ['a|b', 'c`d']},
        },
        {
          name: 'X-Trace',
          in: 'header',
          required: false,
          deprecated: true,
          description: '<p>Line one</p><ul><li>item</li></ul>',
          schema: {type: 'string', format: 'uuid'},
        },
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
  assert.deepEqual(
    rows.map((r) => all(r[0]!, 'code').map((c) => DomUtils.textContent(c))),
    [['thingId'], ['fil`ter'], ['X-Trace']],
  );
  assert.deepEqual(
    rows.map((r) => text(r[1]!)),
    ['path', 'query', 'header'],
  );
  assert.deepEqual(
    rows.map((r) => text(r[3]!)),
    ['yes', 'no', 'no'],
  );
  assert.equal(text(rows[0]![2]!), 'integer, minimum: 1');
  assert.deepEqual(
    all(rows[1]![2]!, 'code').map((c) => DomUtils.textContent(c)),
    ['a|b', 'c`d'],
  );
  assert.equal(text(rows[1]![4]!), 'Either a|b or c | d');
  assert.equal(text(rows[2]![2]!), 'string<uuid>');
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
    requestBody: {
      required: true,
      description: '<p>The new node.</p>',
      content: [{mediaType: 'application/json', schema: {ref: 'Node'}, example: {name: 'root', children: []}}],
    },
    responses: [
      {
        status: '201',
        description: '<p>Created.</p>',
        headers: [{name: 'Location', schema: {type: 'string', format: 'uri'}, description: '<p>Where it is.</p>'}],
        content: [
          {
            mediaType: 'application/json',
            schema: {ref: 'Node'},
            exampleHtml: '<span class="p">{</span><span class="s">"name"</span>: <span class="s">"root"</span><span class="p">}</span>',
            exampleGiven: false,
          },
        ],
      },
      {
        status: '404',
        description: '<p>Not there.</p>',
        headers: [],
        content: [{mediaType: 'application/problem+json', schema: {ref: 'Problem'}}],
      },
      {status: '599', headers: [], content: []},
    ],
    schemas: {Node, Cat, Problem},
  });
}

test('request body: nested field list with types, required, constraints and descriptions; one example', () => {
  const md = operationMarkdown(treePage(), {link});
  const body = section(md, '## Request body');
  assert.match(body, /^Required\.\n\nThe new node\.\n\nContent type: `application\/json`\n\nSchema: Node\n/);
  assert.ok(body.includes('- `name` (string, required, max length: `40`): Its `` `name` `` | label'), body);
  assert.ok(
    body.includes(
      '- `pet` (one of)\n  - One of (by `kind`):\n    - **Cat** (Cat) when `kind` is `Cat`\n      - `lives` (integer, minimum: `0`, maximum: `9`)',
    ),
    body,
  );
  assert.ok(body.includes('    - **Nickname** (string)'), body);
  assert.ok(body.includes('- `labels` (map of string to string)\n  - `*` (any other key) (string)'), body);
  assert.ok(body.includes('  - `note` (string | null, default: `x`)'), body);
  // Read back: the list nests, and the name with backticks is one exact code span.
  const doc = readBack(body);
  const top = all(doc, 'ul')[0]!.children.filter((c): c is Element => c.type === 'tag' && c.name === 'li');
  assert.deepEqual(
    top.map((li) => DomUtils.textContent(all(li, 'code')[0]!)),
    ['name', 'parent', 'children', 'pet', 'labels', 'inline'],
  );
  assert.ok(all(doc, 'code').some((c) => DomUtils.textContent(c) === '`name`'));
  const example = section(md, '## Request body').split('Example:')[1]!;
  assert.equal(example.trim(), '```json\n{\n  "name": "root",\n  "children": []\n}\n```');
});

test('circular schemas are marked where they recur, never expanded again', () => {
  const md = operationMarkdown(treePage(), {link});
  const body = section(md, '## Request body');
  assert.ok(body.includes('- `parent` (Node, circular: Node, described above)'), body);
  assert.ok(body.includes('- `children` (array of Node, circular: Node, described above)'), body);
  assert.ok(body.includes('    - **Node** (Node) when `kind` is `Node` (circular: see above)'), body);
  assert.ok(body.includes('      - `owner` (Node, circular: Node, described above)'), body);
  // A reference back into an inline schema (the page data's `circular`): marked too, not typed "any".
  assert.ok(body.includes('  - `again` (circular: inline, described above)'), body);
  assert.ok(!body.includes('`again` (any'), body);
  // Node's own fields are listed once in the whole page; the response refers back to them.
  assert.equal(md.match(/- `name` \(string, required/g)?.length, 1);
  assert.match(section(md, '### 201 Created'), /^Schema: Node, fields of Node as listed above$/m);
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
  assert.ok(section(md, '### 200 OK').includes('  - **Expr** (Expr) (circular: see above)'), md);
});

test('responses: every status with its text, headers, media type, schema description with absolute links, example', () => {
  const md = operationMarkdown(treePage(), {link});
  const headings = md.split('\n').filter((l) => l.startsWith('### '));
  assert.deepEqual(headings, ['### 201 Created', '### 404 Not Found', '### 599']);
  const created = section(md, '### 201 Created');
  assert.ok(
    created.startsWith('Created.\n\nHeaders:\n\n- `Location` (string<uri>): Where it is.\n\nContent type: `application/json`'),
    created,
  );
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
      requestBody: {
        required: true,
        content: [{mediaType: 'application/json', schema: {type: 'object', properties: {id: {type: 'string'}}}}],
      },
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
    const next = [1, 2, 3]
      .map((k) => i + k)
      .filter((n) => n < 5)
      .map((n) => `N${n}`);
    schemas[`N${i}`] = {
      type: 'object',
      properties: {
        id: {type: 'string', description: `Identifier of N${i}. ${'Long text. '.repeat(20)}`},
        ...Object.fromEntries(
          next.map((n, k) => [`to_${n.toLowerCase()}`, i === 0 && k === 0 ? {anyOf: [{type: 'string'}, {ref: n}]} : {ref: n}]),
        ),
        ...(next.length ? {list: {type: 'array', items: {ref: next[0]!}}} : {}),
      },
    };
  }
  return page({
    responses: [
      {
        status: '200',
        description: '<p>OK.</p>',
        headers: [],
        content: [{mediaType: 'application/json', schema: {ref: 'N0'}, exampleHtml: '{}'}],
      },
    ],
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
  for (const line of cut)
    assert.match(
      line,
      /fields not listed here: `#\/components\/schemas\/N\d`( and `#\/components\/schemas\/N\d`)* in the OpenAPI description/,
      line,
    );
  const note = small.split('\n').filter((l) => /levels? of nesting/.test(l));
  assert.equal(note.length, 1);
  assert.match(note[0]!, /\[the OpenAPI description\]\(https:\/\/docs\.example\.com\/openapi\/openapi\.json\)/);
  // The top level is always there: every field of the response schema.
  for (const name of ['id', 'to_n1', 'to_n2', 'to_n3', 'list'])
    assert.match(section(small, '### 200 OK'), new RegExp(`^- \`${name}\``, 'm'));
});

test('a schema cut by the depth limit is listed in full where it comes again higher up', () => {
  // Leaf is first met below the depth limit, then as a top-level field: there its fields are listed.
  const schemas: Record<string, SchemaNode> = {
    Deep: {type: 'object', properties: {a: {type: 'object', properties: {b: {ref: 'Leaf'}}}}},
    Leaf: {type: 'object', properties: {leaf_field: {type: 'string'}}},
    Top: {type: 'object', properties: {deep: {ref: 'Deep'}, leaf: {ref: 'Leaf'}}},
  };
  const md = operationMarkdown(
    page({
      responses: [
        {status: '200', description: '<p>OK.</p>', headers: [], content: [{mediaType: 'application/json', schema: {ref: 'Top'}}]},
      ],
      schemas,
    }),
    {budget: Infinity, depth: 2},
  );
  const body = section(md, '### 200 OK');
  assert.match(body, /^ {2}- `a` \(object, fields not listed here\)$/m, body);
  assert.match(body, /^- `leaf` \(Leaf\)\n {2}- `leaf_field` \(string\)$/m, 'Leaf is listed where it comes again');
  assert.match(md, /This page lists fields down to 2 levels of nesting; .* complete in the OpenAPI description\./);
});

/* Every label and section the twin prints, one rule at a time. */

test('authentication labels: each kind of scheme says how the credential is sent', () => {
  assert.equal(
    securityLabel({key: 'b', type: 'http', scheme: 'basic'}),
    'HTTP Basic authentication (`Authorization: Basic <base64 of username:password>`)',
  );
  assert.equal(securityLabel({key: 'b', type: 'http', scheme: 'bearer'}), 'Bearer token (`Authorization: Bearer <token>`)');
  assert.equal(
    securityLabel({key: 'b', type: 'http', scheme: 'bearer', bearerFormat: 'JWT'}),
    'Bearer token (`Authorization: Bearer <token>`, JWT)',
  );
  assert.equal(securityLabel({key: 'd', type: 'http', scheme: 'digest'}), 'HTTP digest authentication');
  assert.equal(securityLabel({key: 'k', type: 'apiKey', in: 'query', name: 'api_key'}), 'API key in the query `api_key`');
  assert.equal(
    securityLabel({key: 'myKey', type: 'apiKey'}),
    'API key in the header `myKey`',
    'header by default, the scheme key when no name',
  );
  assert.equal(securityLabel({key: 'o', type: 'oauth2'}), 'OAuth 2.0');
  assert.equal(securityLabel({key: 'o', type: 'oauth2', scopes: []}), 'OAuth 2.0');
  assert.equal(securityLabel({key: 'o', type: 'oauth2', scopes: ['a', 'b:c']}), 'OAuth 2.0 (scopes: `a`, `b:c`)');
  assert.equal(securityLabel({key: 'i', type: 'openIdConnect'}), 'OpenID Connect');
  assert.equal(securityLabel({key: 'i', type: 'openIdConnect', scopes: ['openid']}), 'OpenID Connect (scopes: `openid`)');
  assert.equal(securityLabel({key: 'm', type: 'mutualTLS'} as never), 'mutualTLS');
});

test('authentication labels, OpenAPI 3.2: the flows (device flow included), the metadata URL, a deprecated scheme', () => {
  assert.equal(
    securityLabel({
      key: 'o',
      type: 'oauth2',
      scopes: ['r'],
      oauth2MetadataUrl: 'https://auth.x/.well-known/oauth-authorization-server',
      flows: {authorizationCode: {scopes: {}}, deviceAuthorization: {scopes: {}}},
    }),
    'OAuth 2.0 (scopes: `r`; flows: authorization code, device authorization; endpoints from the authorization server metadata `https://auth.x/.well-known/oauth-authorization-server`)',
  );
  assert.equal(
    securityLabel({key: 'k', type: 'apiKey', in: 'header', name: 'X-Old', deprecated: true}),
    'API key in the header `X-Old` (**deprecated**: The API description marks this scheme deprecated: it still works, but prefer another.)',
  );
});

test('the head: deprecated, no operation id, base URLs with and without descriptions, an optional security alternative', () => {
  const md = operationMarkdown(
    page({
      deprecated: true,
      operationId: undefined,
      servers: [{url: 'https://a.example/v1'}, {url: 'https://b.example/v1', description: 'Sandbox'}],
      security: [[{key: 'basic', type: 'http', scheme: 'basic'}], []],
    }),
  );
  assert.ok(
    md.startsWith(
      '# Create a thing\n\n`POST /things/{thingId}`\n\n**Deprecated.**\n\nBase URLs:\n\n- `https://a.example/v1`\n- `https://b.example/v1` (Sandbox)\n\nAuthentication (any one of):\n\n- HTTP Basic authentication (`Authorization: Basic <base64 of username:password>`)\n- none\n\nCreates a *thing*.',
    ),
    md,
  );
  assert.ok(!md.includes('Operation ID'));
  const one = operationMarkdown(page({servers: [{url: 'https://a.example/v1'}], deprecated: false}));
  assert.match(one, /^Base URL: `https:\/\/a\.example\/v1`\n\nAuthentication: HTTP Basic/m);
  assert.ok(!one.includes('Deprecated'));
  const none = operationMarkdown(page({servers: [], description: undefined}));
  assert.ok(!/Base URL/.test(none));
  assert.ok(
    none.includes('Authentication: HTTP Basic authentication (`Authorization: Basic <base64 of username:password>`).\n\n## Responses'),
    none,
  );
});

test('field labels: the type, then every constraint in a fixed order', () => {
  const md = operationMarkdown(
    page({
      requestBody: {
        required: true,
        content: [
          {
            mediaType: 'application/json',
            schema: {
              type: 'object',
              properties: {
                all: {
                  type: ['integer', 'null'],
                  format: 'int64',
                  enum: [1, 'a'],
                  minimum: 1,
                  exclusiveMinimum: true,
                  maximum: 9,
                  exclusiveMaximum: 10,
                  multipleOf: 2,
                  minLength: 1,
                  maxLength: 2,
                  pattern: '^a$',
                  minItems: 1,
                  maxItems: 3,
                  uniqueItems: true,
                  minProperties: 1,
                  maxProperties: 4,
                  default: 5,
                  readOnly: true,
                  writeOnly: true,
                  deprecated: true,
                  example: 6,
                },
                bounds: {type: 'number', minimum: 0, maximum: 1, exclusiveMaximum: false},
                zero: {
                  type: 'integer',
                  minimum: 0,
                  maximum: 0,
                  multipleOf: 0,
                  minLength: 0,
                  maxLength: 0,
                  minItems: 0,
                  maxItems: 0,
                  minProperties: 0,
                  maxProperties: 0,
                  default: 0,
                  example: 0,
                  enum: [],
                },
                falsy: {
                  type: 'boolean',
                  default: false,
                  example: false,
                  uniqueItems: false,
                  readOnly: false,
                  writeOnly: false,
                  deprecated: false,
                  pattern: '',
                },
                objex: {type: 'object', example: {a: 1}, default: null},
                deep: {
                  type: 'array',
                  items: {type: 'array', items: {type: 'array', items: {type: 'array', items: {type: 'array', items: {type: 'string'}}}}},
                },
                noType: {items: {type: 'string'}},
                one: {oneOf: [{type: 'string'}, {type: 'object', title: 'T', properties: {x: {type: 'string'}}}]},
                any: {anyOf: [{type: 'string'}]},
                props: {properties: {x: {}}},
                nothing: {},
              },
            },
          },
        ],
      },
    }),
  );
  assert.equal(
    section(md, '## Request body'),
    [
      'Required.',
      '',
      'Content type: `application/json`',
      '',
      'Schema: object',
      '',
      '- `all` (integer | null<int64>, read-only, write-only, deprecated, Allowed values: `1`, `a`, greater than: `1`, less than: `10`, multiple of: `2`, min length: `1`, max length: `2`, pattern: `^a$`, min items: `1`, max items: `3`, unique items, min properties: `1`, max properties: `4`, default: `5`, example: `6`)',
      '- `bounds` (number, minimum: `0`, maximum: `1`)',
      '- `zero` (integer, minimum: `0`, maximum: `0`, multiple of: `0`, min length: `0`, max length: `0`, min items: `0`, max items: `0`, min properties: `0`, max properties: `0`, default: `0`, example: `0`)',
      '- `falsy` (boolean, pattern: ``, default: `false`, example: `false`)',
      '- `objex` (object, default: `null`)',
      '- `deep` (array of array of array of array of array of items)',
      '- `noType` (array of string)',
      '- `one` (one of)',
      '  - One of:',
      '    - **option 1** (string)',
      '    - **T** (object)',
      '      - `x` (string)',
      '- `any` (any of)',
      '  - Any of:',
      '    - **option 1** (string)',
      '- `props` (any)',
      '  - `x` (any)',
      '- `nothing` (any)',
    ].join('\n'),
  );
});

test('component names in types: objects and variants are named, other types are not', () => {
  const md = operationMarkdown(
    page({
      requestBody: {
        required: true,
        content: [
          {
            mediaType: 'application/json',
            schema: {
              type: 'object',
              properties: {
                o: {ref: 'Obj'},
                v: {ref: 'Var'},
                a: {ref: 'AnyV'},
                s: {ref: 'Str'},
                n: {ref: 'Nul'},
                list: {type: 'array', items: {ref: 'Str'}},
                missing: {ref: 'Gone', description: '<p>Gone.</p>'},
              },
            },
          },
        ],
      },
      schemas: {
        Obj: {properties: {x: {type: 'string'}}},
        Var: {oneOf: [{type: 'string'}]},
        AnyV: {anyOf: [{type: 'integer'}]},
        Str: {type: 'string', format: 'date'},
        Nul: {type: 'object', nullable: true},
      },
    }),
  );
  const body = section(md, '## Request body');
  for (const line of [
    '- `o` (Obj)',
    '- `v` (Var)',
    '- `a` (AnyV)',
    '- `s` (string<date>)',
    '- `n` (Nul | null)',
    '- `list` (array of string<date>)',
    '- `missing` (Gone): Gone.',
  ]) {
    assert.ok(body.split('\n').includes(line), `${line}\n${body}`);
  }
});

test('parameters: the type column leaves the example out (it has its own place); examples as text or JSON', () => {
  const md = operationMarkdown(
    page({
      parameters: [
        {name: 'a', in: 'query', required: false, schema: {type: 'string', example: 'e', minLength: 1}, example: 'x|y'},
        {name: 'b', in: 'query', required: true, schema: {type: 'integer', example: 3}, example: 3},
        {name: 'c', in: 'cookie', required: false, schema: {type: 'object'}, example: {k: 'v'}},
        {name: 'd', in: 'header', required: false, description: '<p>Two\nlines</p>'},
      ],
    }),
  );
  assert.deepEqual(section(md, '## Parameters').split('\n').slice(2), [
    '| `a` | query | string, min length: `1` | no | Example: `x\\|y` |',
    '| `b` | query | integer | yes | Example: `3` |',
    '| `c` | cookie | object | no | Example: `{"k":"v"}` |',
    '| `d` | header | any | no | Two lines |',
  ]);
  assert.ok(!operationMarkdown(page()).includes('## Parameters'));
});

test("request body: optional, its description, the schema's description when there are no fields, examples by media type", () => {
  const md = operationMarkdown(
    page({
      requestBody: {
        required: false,
        description: '<p>Body <em>text</em>.</p>',
        content: [
          {mediaType: 'application/xml', schema: {type: 'object', description: '<p>Desc</p>'}, example: '<a/>'},
          {mediaType: 'text/plain', schema: {type: 'string'}, example: 'plain'},
          {mediaType: 'application/json', example: {a: [1]}, exampleGiven: false},
          {mediaType: 'application/octet-stream', schema: {type: 'string', format: 'binary', description: '<p>Bytes.</p>'}},
        ],
      },
    }),
  );
  assert.equal(
    section(md, '## Request body'),
    [
      'Optional.',
      '',
      'Body *text*.',
      '',
      'Content type: `application/xml`',
      '',
      'Schema: object. Desc',
      '',
      'Example:',
      '',
      '```xml',
      '<a/>',
      '```',
      '',
      'Content type: `text/plain`',
      '',
      'Schema: string',
      '',
      'Example:',
      '',
      '```',
      'plain',
      '```',
      '',
      'Content type: `application/json`',
      '',
      'Example (generated from the schema):',
      '',
      '```json',
      '{',
      '  "a": [',
      '    1',
      '  ]',
      '}',
      '```',
      '',
      'Content type: `application/octet-stream`',
      '',
      'Schema: string<binary>. Bytes.',
    ].join('\n'),
  );
  // A response's example is the highlighted one (exampleHtml), never the request's raw example.
  const response = operationMarkdown(
    page({
      responses: [
        {
          status: '200',
          headers: [{name: 'X-Rate', schema: {type: 'integer'}}],
          content: [{mediaType: 'application/json', example: {no: 1}}],
        },
      ],
    }),
  );
  assert.equal(section(response, '### 200 OK'), 'Headers:\n\n- `X-Rate` (integer)\n\nContent type: `application/json`');
});

test('every status code the twin names has its reason phrase; others stand alone', () => {
  const reasons: Record<string, string> = {
    200: 'OK',
    201: 'Created',
    202: 'Accepted',
    204: 'No Content',
    301: 'Moved Permanently',
    302: 'Found',
    304: 'Not Modified',
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    409: 'Conflict',
    410: 'Gone',
    412: 'Precondition Failed',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  const statuses = [...Object.keys(reasons), '418', 'default', '2XX'];
  const md = operationMarkdown(page({responses: statuses.map((status) => ({status, headers: [], content: []}))}));
  assert.deepEqual(
    md.split('\n').filter((l) => l.startsWith('### ')),
    statuses.map((s) => (reasons[s] ? `### ${s} ${reasons[s]}` : `### ${s}`)),
  );
  assert.ok(!operationMarkdown(page({responses: []})).includes('## Responses'));
});

test('the example request: our curl sample, else our first sample, never one the document wrote; none, no section', () => {
  const fromDoc = {id: 'curl', label: 'cURL', html: 'curl vendor', fromDocument: true};
  assert.equal(
    section(
      operationMarkdown(
        page({samples: [fromDoc, {id: 'go', label: 'Go', html: 'package main'}, {id: 'curl', label: 'cURL', html: 'curl ours'}]}),
      ),
      '## Example request',
    ),
    '```bash\ncurl ours\n```',
  );
  assert.equal(
    section(operationMarkdown(page({samples: [fromDoc, {id: 'go', label: 'Go', html: 'package main'}]})), '## Example request'),
    '```go\npackage main\n```',
  );
  assert.ok(!operationMarkdown(page({samples: [fromDoc]})).includes('## Example request'));
  assert.ok(!operationMarkdown(page({samples: []})).includes('## Example request'));
});

test('oneOf variants: named by component, title, or position; a discriminator is named; deep variants are cut', () => {
  const md = operationMarkdown(
    page({
      responses: [
        {
          status: '200',
          headers: [],
          content: [
            {
              mediaType: 'application/json',
              schema: {
                oneOf: [{ref: 'A'}, {type: 'object', title: 'Titled', properties: {t: {type: 'string'}}}, {type: 'integer'}],
                discriminator: {propertyName: 'kind'},
              },
            },
          ],
        },
      ],
      schemas: {A: {type: 'object', properties: {a: {type: 'string'}}}},
    }),
    {depth: 2, budget: Infinity},
  );
  assert.equal(
    section(md, '### 200 OK'),
    [
      'Content type: `application/json`',
      '',
      'Schema: one of',
      '',
      '- One of (by `kind`):',
      '  - **A** (A) when `kind` is `A` (fields not listed here: `#/components/schemas/A` in the OpenAPI description)',
      '  - **Titled** (object) (fields not listed here)',
      '  - **option 3** (integer)',
    ].join('\n'),
  );
  assert.match(
    md,
    /This page lists fields down to 2 levels of nesting; the schemas marked "fields not listed here" are complete in the OpenAPI description\.\n$/,
  );
  const one = operationMarkdown(
    page({
      responses: [
        {
          status: '200',
          headers: [],
          content: [
            {mediaType: 'application/json', schema: {type: 'object', properties: {o: {type: 'object', properties: {p: {type: 'string'}}}}}},
          ],
        },
      ],
    }),
    {depth: 1, budget: Infinity},
  );
  assert.match(one, /^- `o` \(object, fields not listed here\)$/m);
  assert.match(one, /lists fields down to 1 level of nesting;/);
});

test("a cut schema's place in the description is its JSON pointer, ~ and / escaped; variants of a cut field are named", () => {
  const md = operationMarkdown(
    page({
      responses: [
        {
          status: '200',
          headers: [],
          content: [
            {
              mediaType: 'application/json',
              schema: {
                type: 'object',
                properties: {
                  x: {ref: 'a/b~c'},
                  y: {oneOf: [{ref: 'V1'}, {ref: 'V2'}, {type: 'string'}]},
                  z: {type: 'array', items: {ref: 'V1'}},
                },
              },
            },
          ],
        },
      ],
      schemas: {
        'a/b~c': {type: 'object', properties: {q: {type: 'string'}}},
        V1: {type: 'object', properties: {v: {type: 'string'}}},
        V2: {type: 'object', properties: {w: {type: 'string'}}},
      },
    }),
    {depth: 1, budget: Infinity},
  );
  const body = section(md, '### 200 OK');
  assert.ok(body.includes('- `x` (a/b~c, fields not listed here: `#/components/schemas/a~1b~0c` in the OpenAPI description)'), body);
  assert.ok(
    body.includes(
      '- `y` (one of, fields not listed here: `#/components/schemas/V1` and `#/components/schemas/V2` in the OpenAPI description)',
    ),
    body,
  );
  assert.ok(body.includes('- `z` (array of V1, fields not listed here: `#/components/schemas/V1` in the OpenAPI description)'), body);
});

test('maps: the values of any other key are listed under `*`', () => {
  const md = operationMarkdown(
    page({
      responses: [
        {
          status: '200',
          headers: [],
          content: [
            {
              mediaType: 'application/json',
              schema: {
                type: 'object',
                additionalProperties: {type: 'object', description: '<p>Per key.</p>', properties: {n: {type: 'integer'}}},
              },
            },
          ],
        },
      ],
    }),
  );
  assert.equal(
    section(md, '### 200 OK'),
    'Content type: `application/json`\n\nSchema: map of string to object\n\n- `*` (any other key) (object): Per key.\n  - `n` (integer)',
  );
  const plain = operationMarkdown(
    page({
      responses: [
        {
          status: '200',
          headers: [],
          content: [{mediaType: 'application/json', schema: {type: 'object', additionalProperties: {type: 'string'}}}],
        },
      ],
    }),
  );
  assert.ok(plain.includes('\n- `*` (any other key) (string)\n'), plain);
  assert.ok(plain.includes('Schema: map of string to string\n'), plain);
  const bool = operationMarkdown(
    page({
      responses: [
        {status: '200', headers: [], content: [{mediaType: 'application/json', schema: {type: 'object', additionalProperties: true}}]},
      ],
    }),
  );
  assert.ok(!bool.includes('`*`'), bool);
});

test('the budget: the deepest listing that fits is chosen, and the shallowest is written whatever its length', () => {
  const full = operationMarkdown(wideGraph(), {budget: Infinity});
  assert.equal(operationMarkdown(wideGraph(), {budget: full.length}), full, 'a twin exactly at the budget is kept whole');
  const tiny = operationMarkdown(wideGraph(), {budget: 10});
  assert.match(tiny, /lists fields down to 1 level of nesting/);
  assert.ok(tiny.length > 10);
  const depth3 = operationMarkdown(wideGraph(), {budget: Infinity, depth: 3});
  assert.match(depth3, /lists fields down to 3 levels of nesting/);
  const shallower = operationMarkdown(wideGraph(), {budget: depth3.length, depth: 4});
  assert.ok(shallower.length <= depth3.length);
});

test('the head: tags that label the operation (3.2 kind badge, audience) are listed under the method and path', () => {
  const md = operationMarkdown(
    page({
      labels: [
        {label: 'Beta', kind: 'badge'},
        {label: 'Internal', kind: 'audience', description: 'For operators.'},
      ],
    }),
    {link},
  );
  assert.ok(md.startsWith('# Create a thing\n\n`POST /things/{thingId}`\n\nTags: **Beta**, **Internal** (audience).\n\nOperation ID:'), md);
  assert.doesNotMatch(operationMarkdown(page(), {link}), /^Tags:/m, 'no labels, no line');
});
