/**
 * The Markdown twin compared whole, section by section: every label an agent or a reader who pastes
 * the page reads (type labels, required/read-only badges, constraints, reason phrases, the order of
 * the sections and the blank lines between them) is in the expected text, so a wrong label or a lost
 * section fails here and not only after a build. The rules of the schema walk (the depth limit,
 * circular schemas, fields listed once) each have a page built to show that rule.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {OperationPage, SchemaNode} from '../api-pages/client/page-data-format';
import {parseDataModule} from '../api-pages/client/page-data-format';
import {operationMarkdown, securityLabel} from './operation-markdown';

const Address: SchemaNode = {
  type: 'object',
  description: '<p>A postal address.</p>',
  required: ['line1'],
  properties: {
    line1: {type: 'string', maxLength: 100, description: '<p>First line.</p>'},
    country: {type: 'string', pattern: '^[A-Z]{2}$', example: 'US'},
  },
};
const Line: SchemaNode = {
  type: 'object',
  properties: {
    amount: {type: 'number', format: 'double', minimum: 0, exclusiveMaximum: 1000000},
    note: {type: 'string', nullable: true, description: '<ul><li>shown on the invoice</li><li>max one line</li></ul>'},
  },
};
const Invoice: SchemaNode = {
  type: 'object',
  description: '<p>An invoice.</p>',
  required: ['id', 'lines'],
  properties: {
    id: {type: 'string', readOnly: true, description: '<p>Identifier.</p>'},
    status: {type: 'string', enum: ['draft', 'open', 'paid'], default: 'draft'},
    billing: {ref: 'Address'},
    shipping: {ref: 'Address', description: '<p>Where goods go.</p>'},
    lines: {type: 'array', minItems: 1, items: {ref: 'Line'}},
    metadata: {type: 'object', maxProperties: 20, additionalProperties: {type: 'string', maxLength: 500}},
    parent: {ref: 'Invoice'},
  },
};

/** A page with every section: head, authentication alternatives, parameters, body, responses, sample. */
function fullPage(): OperationPage {
  return {
    method: 'get',
    path: '/customers/{customerId}/invoices',
    operationId: 'listInvoices',
    summary: 'List invoices',
    deprecated: true,
    description: '<p>Lists the <strong>invoices</strong> of a customer.</p><ul><li>newest first</li><li>20 a page</li></ul>',
    servers: [{url: 'https://api.example.com/v2', description: 'Production'}, {url: 'https://sandbox.example.com/v2'}],
    security: [
      [
        {key: 'k', type: 'apiKey', in: 'header', name: 'X-Api-Key'},
        {key: 'b', type: 'http', scheme: 'bearer'},
      ],
      [{key: 'o', type: 'oauth2', scopes: ['invoices:read', 'customers:read']}],
      [{key: 'i', type: 'openIdConnect', scopes: ['openid', 'profile']}],
    ],
    parameters: [
      {
        name: 'customerId',
        in: 'path',
        required: true,
        description: '<p>The customer.</p>',
        schema: {type: 'integer', format: 'int64', minimum: 1},
        example: 42,
      },
      {
        name: 'status',
        in: 'query',
        required: false,
        description: '<p>Only these.</p>',
        schema: {type: 'string', enum: ['open', 'paid'], default: 'open'},
      },
      {
        name: 'X-Request-Id',
        in: 'header',
        required: false,
        deprecated: true,
        description: '<p>Traces the call.</p><p>Any text.</p>',
        schema: {type: 'string', format: 'uuid'},
        example: 'r-1',
      },
      {name: 'session', in: 'cookie', required: false, schema: {type: 'string'}},
    ],
    requestBody: {
      required: false,
      description: '<p>A filter.</p>',
      content: [
        {mediaType: 'application/json', schema: {ref: 'Invoice'}, example: {status: 'open'}},
        {
          mediaType: 'application/xml',
          schema: {type: 'object', description: '<p>The same, as XML.</p>'},
          exampleHtml: '<span>&lt;filter/&gt;</span>',
          exampleGiven: false,
        },
      ],
    },
    responses: [
      {
        status: '200',
        description: '<p>The invoices.</p>',
        headers: [
          {name: 'X-Total', schema: {type: 'integer', minimum: 0}, description: '<p>How many in all.</p>'},
          {name: 'Link', schema: {type: 'string'}},
        ],
        content: [
          {
            mediaType: 'application/json',
            schema: {ref: 'Invoice'},
            exampleHtml: '<span class="p">{</span><span class="s">"id"</span>: <span class="s">"in_1"</span><span class="p">}</span>',
          },
        ],
      },
      {status: '204', headers: [], content: []},
      {
        status: 'default',
        description: '<p>An error.</p>',
        headers: [],
        content: [{mediaType: 'application/problem+json', schema: {type: 'object', description: '<p>A problem.</p>'}}],
      },
    ],
    schemas: {Invoice, Address, Line},
    samples: [
      {id: 'curl', label: 'cURL', html: '<span>curl https://api.example.com/v2/customers/42/invoices \\</span>\n  -H "X-Api-Key: $KEY"'},
    ],
  };
}

test('a whole twin: head, authentication alternatives, parameters, request body, responses, example request', () => {
  assert.equal(
    operationMarkdown(fullPage(), {link: (href) => href}),
    [
      '# List invoices',
      '',
      '`GET /customers/{customerId}/invoices`',
      '',
      '**Deprecated.**',
      '',
      'Operation ID: `listInvoices`',
      '',
      'Base URLs:',
      '',
      '- `https://api.example.com/v2` (Production)',
      '- `https://sandbox.example.com/v2`',
      '',
      'Authentication (any one of):',
      '',
      '- API key in the header `X-Api-Key` **and** Bearer token (`Authorization: Bearer <token>`)',
      '- OAuth 2.0 (scopes: `invoices:read`, `customers:read`)',
      '- OpenID Connect (scopes: `openid`, `profile`)',
      '',
      'Lists the **invoices** of a customer.',
      '',
      '- newest first',
      '- 20 a page',
      '',
      '## Parameters',
      '',
      '| Name | In | Type | Required | Description |',
      '| --- | --- | --- | --- | --- |',
      '| `customerId` | path | integer<int64>, minimum: `1` | yes | The customer. Example: `42` |',
      '| `status` | query | string, Allowed values: `open`, `paid`, default: `open` | no | Only these. |',
      '| `X-Request-Id` | header | string<uuid> | no | Traces the call. Any text. (deprecated) Example: `r-1` |',
      '| `session` | cookie | string | no |  |',
      '',
      '## Request body',
      '',
      'Optional.',
      '',
      'A filter.',
      '',
      'Content type: `application/json`',
      '',
      'Schema: Invoice',
      '',
      '- `id` (string, required, read-only): Identifier.',
      '- `status` (string, Allowed values: `draft`, `open`, `paid`, default: `draft`)',
      '- `billing` (Address): A postal address.',
      '  - `line1` (string, required, max length: `100`): First line.',
      '  - `country` (string, pattern: `^[A-Z]{2}$`, example: `US`)',
      '- `shipping` (Address, fields of Address as listed above): Where goods go.',
      '- `lines` (array of Line, required, min items: `1`)',
      '  - `amount` (number<double>, minimum: `0`, less than: `1000000`)',
      '  - `note` (string | null): - shown on the invoice - max one line',
      '- `metadata` (map of string to string, max properties: `20`)',
      '  - `*` (any other key) (string, max length: `500`)',
      '- `parent` (Invoice, circular: Invoice, described above): An invoice.',
      '',
      'Example:',
      '',
      '```json',
      '{',
      '  \"status\": \"open\"',
      '}',
      '```',
      '',
      'Content type: `application/xml`',
      '',
      'Schema: object. The same, as XML.',
      '',
      'Example (generated from the schema):',
      '',
      '```xml',
      '<filter/>',
      '```',
      '',
      '## Responses',
      '',
      '### 200 OK',
      '',
      'The invoices.',
      '',
      'Headers:',
      '',
      '- `X-Total` (integer): How many in all.',
      '- `Link` (string)',
      '',
      'Content type: `application/json`',
      '',
      'Schema: Invoice, fields of Invoice as listed above',
      '',
      'Example:',
      '',
      '```json',
      '{\"id\": \"in_1\"}',
      '```',
      '',
      '### 204 No Content',
      '',
      '### default',
      '',
      'An error.',
      '',
      'Content type: `application/problem+json`',
      '',
      'Schema: object. A problem.',
      '',
      '## Example request',
      '',
      '```bash',
      'curl https://api.example.com/v2/customers/42/invoices \\',
      '  -H \"X-Api-Key: $KEY\"',
      '```',
    ].join('\n') + '\n',
  );
});

/** A page with nothing optional: the parts it lacks leave no heading and no stray blank line. */
function barePage(over: Partial<OperationPage> = {}): OperationPage {
  return {
    method: 'delete',
    path: '/things/{id}',
    summary: 'Delete a thing',
    servers: [],
    security: [],
    parameters: [],
    responses: [],
    schemas: {},
    samples: [],
    ...over,
  };
}

const ok = (schema: SchemaNode): OperationPage['responses'][number] => ({
  status: '200',
  headers: [],
  content: [{mediaType: 'application/json', schema}],
});

test('a bare twin: no description, servers, operation id or sample; a body and a response without descriptions', () => {
  assert.equal(
    operationMarkdown(
      barePage({
        requestBody: {required: true, content: [{mediaType: 'text/plain'}]},
        responses: [{status: '202', headers: [], content: []}],
      }),
    ),
    [
      '# Delete a thing',
      '',
      '`DELETE /things/{id}`',
      '',
      'Authentication: none.',
      '',
      '## Request body',
      '',
      'Required.',
      '',
      'Content type: `text/plain`',
      '',
      '## Responses',
      '',
      '### 202 Accepted',
    ].join('\n') + '\n',
  );
  assert.equal(operationMarkdown(barePage()), '# Delete a thing\n\n`DELETE /things/{id}`\n\nAuthentication: none.\n');
});

test('a webhook twin: the event and the method it is sent with, the payload; no base URL, no authentication', () => {
  const md = operationMarkdown(
    barePage({
      webhook: 'invoice.paid',
      method: 'post',
      path: 'invoice.paid',
      operationId: 'invoicePaid',
      summary: 'Invoice paid',
      servers: [{url: 'https://api.example.com'}],
      security: [[{key: 'b', type: 'http', scheme: 'basic'}]],
      description: '<p>Sent when paid.</p>',
      requestBody: {
        required: true,
        description: '<p>The invoice.</p>',
        content: [
          {
            mediaType: 'application/json',
            schema: {type: 'object', required: ['id'], properties: {id: {type: 'string'}}},
            example: {id: 'in_1'},
          },
        ],
      },
      responses: [{status: '200', description: '<p>Received.</p>', headers: [], content: []}],
    }),
  );
  assert.equal(
    md,
    [
      '# Invoice paid',
      '',
      'Webhook `invoice.paid`: the API sends `POST` requests to your endpoint.',
      '',
      'Operation ID: `invoicePaid`',
      '',
      'Sent when paid.',
      '',
      '## Payload',
      '',
      'Required.',
      '',
      'The invoice.',
      '',
      'Content type: `application/json`',
      '',
      'Schema: object',
      '',
      '- `id` (string, required)',
      '',
      'Example:',
      '',
      '```json',
      '{',
      '  "id": "in_1"',
      '}',
      '```',
      '',
      '## Responses',
      '',
      '### 200 OK',
      '',
      'Received.',
    ].join('\n') + '\n',
  );
});

/** A component whose fields lead back to itself in every way a schema can: a map, a variant, arrays. */
const Node: SchemaNode = {
  type: 'object',
  properties: {
    kids: {type: 'object', additionalProperties: {ref: 'Node'}},
    pick: {oneOf: [{ref: 'Node'}, {circular: 'inline'}, {type: 'string'}]},
    grid: {type: 'array', items: {type: 'array', items: {type: 'array', items: {type: 'array', items: {ref: 'Node'}}}}},
    deep: {
      type: 'array',
      items: {type: 'array', items: {type: 'array', items: {type: 'array', items: {type: 'object', properties: {z: {type: 'string'}}}}}},
    },
    map: {type: 'object', additionalProperties: {type: 'object', properties: {v: {type: 'string'}}}},
    tags: {type: 'array', items: {type: 'string'}},
    self: {ref: 'Node'},
    alt: {anyOf: [{type: 'integer'}]},
    name: {type: 'string'},
  },
};
const nodePage = () => barePage({responses: [ok({ref: 'Node'})], schemas: {Node}});
const head = [
  '# Delete a thing',
  '',
  '`DELETE /things/{id}`',
  '',
  'Authentication: none.',
  '',
  '## Responses',
  '',
  '### 200 OK',
  '',
  'Content type: `application/json`',
  '',
  'Schema: Node',
  '',
];
const cutNote = (levels: string) =>
  `This page lists fields down to ${levels} of nesting; the schemas marked "fields not listed here" are complete in the OpenAPI description.`;

test('circular schemas: through a map, a variant, an inline marker, arrays however deep; never expanded again', () => {
  const recurring = [
    '- `kids` (map of string to Node, circular: Node, described above)',
    '- `pick` (one of)',
    '  - One of:',
    '    - **Node** (Node) (circular: see above)',
    '    - **inline** (circular) (circular: see above)',
    '    - **option 3** (string)',
    '- `grid` (array of array of array of array of Node, circular: Node, described above)',
    '- `deep` (array of array of array of array of object)',
    '  - `z` (string)',
    '- `map` (map of string to object)',
  ];
  const tail = [
    '- `tags` (array of string)',
    '- `self` (Node, circular: Node, described above)',
    '- `alt` (any of)',
    '  - Any of:',
    '    - **option 1** (integer)',
    '- `name` (string)',
  ];
  assert.equal(
    operationMarkdown(nodePage()),
    [...head, ...recurring, '  - `*` (any other key) (object)', '    - `v` (string)', ...tail].join('\n') + '\n',
  );
  // At two levels the map's values are cut: the only field the limit reaches, and the note says so.
  assert.equal(
    operationMarkdown(nodePage(), {depth: 2, budget: Infinity}),
    [...head, ...recurring, '  - `*` (any other key) (object, fields not listed here)', ...tail, '', cutNote('2 levels')].join('\n') + '\n',
  );
});

test('the depth limit: every field with something under it says "fields not listed here", whatever holds the fields', () => {
  assert.equal(
    operationMarkdown(nodePage(), {depth: 1, budget: Infinity}),
    [
      ...head,
      '- `kids` (map of string to Node, circular: Node, described above)',
      '- `pick` (one of, fields not listed here: `#/components/schemas/Node` in the OpenAPI description)',
      '- `grid` (array of array of array of array of Node, circular: Node, described above)',
      // Fields four arrays down are still fields: cut, and said so (they were left out without a word).
      '- `deep` (array of array of array of array of object, fields not listed here)',
      '- `map` (map of string to object, fields not listed here)',
      '- `tags` (array of string)',
      '- `self` (Node, circular: Node, described above)',
      '- `alt` (any of, fields not listed here)',
      '- `name` (string)',
      '',
      cutNote('1 level'),
    ].join('\n') + '\n',
  );
});

test('fields listed once: a component used again refers back, an empty one never claims to be "listed above"', () => {
  const md = operationMarkdown(
    barePage({
      responses: [
        ok({type: 'object', properties: {a: {ref: 'Empty'}, b: {ref: 'Empty'}, l1: {ref: 'List'}, l2: {ref: 'List'}, c: {ref: 'Item'}}}),
      ],
      requestBody: {required: true, content: [{mediaType: 'application/json', schema: {ref: 'List'}}]},
      schemas: {
        Empty: {type: 'object', properties: {}},
        List: {type: 'array', items: {ref: 'Item'}},
        Item: {type: 'object', properties: {q: {type: 'string'}}},
      },
    }),
  );
  assert.equal(
    md.slice(md.indexOf('## Request body')),
    [
      '## Request body',
      '',
      'Required.',
      '',
      'Content type: `application/json`',
      '',
      'Schema: array of Item',
      '',
      '- `q` (string)',
      '',
      '## Responses',
      '',
      '### 200 OK',
      '',
      'Content type: `application/json`',
      '',
      'Schema: object',
      '',
      '- `a` (Empty)',
      '- `b` (Empty)',
      '- `l1` (array of Item, fields of List as listed above)',
      '- `l2` (array of Item, fields of List as listed above)',
      '- `c` (Item, fields of Item as listed above)',
    ].join('\n') + '\n',
  );
  // A response whose whole schema was listed in the request refers back and lists nothing.
  const again = operationMarkdown(
    barePage({
      requestBody: {required: true, content: [{mediaType: 'application/json', schema: {ref: 'Item'}}]},
      responses: [ok({ref: 'Item', description: '<p>The item.</p>'})],
      schemas: {Item: {type: 'object', description: '<p>An item.</p>', properties: {q: {type: 'string'}}}},
    }),
  );
  assert.equal(
    again.slice(again.indexOf('### 200 OK')),
    '### 200 OK\n\nContent type: `application/json`\n\nSchema: Item, fields of Item as listed above\n',
  );
});

test('a component is looked up only where a schema refers to it (even one named "undefined")', () => {
  const md = operationMarkdown(
    barePage({
      responses: [ok({type: 'object', properties: {s: {type: 'string'}}})],
      schemas: {undefined: {type: 'object', properties: {bad: {type: 'string'}}}},
    }),
  );
  assert.ok(md.endsWith('Schema: object\n\n- `s` (string)\n'), md);
});

test('the depth asked for is the deepest written, even when a deeper listing would be shorter', () => {
  // One level cuts `o` with a long note; two levels list its one field in fewer characters.
  const page = barePage({
    responses: [ok({ref: 'Obj'})],
    schemas: {Obj: {type: 'object', properties: {o: {ref: 'In'}}}, In: {type: 'object', properties: {p: {type: 'string'}}}},
  });
  const two = operationMarkdown(page, {depth: 2, budget: Infinity});
  const one = operationMarkdown(page, {depth: 1, budget: two.length});
  assert.ok(one.length > two.length);
  assert.ok(one.includes('- `o` (In, fields not listed here: `#/components/schemas/In` in the OpenAPI description)\n'), one);
  assert.ok(!one.includes('`p`'), one);
});

test('an error other than the budget is not swallowed by the retries at smaller depths', () => {
  const broken = {...barePage(), responses: [{status: '200', headers: null, content: []}]} as unknown as OperationPage;
  assert.throws(() => operationMarkdown(broken), TypeError);
  assert.throws(() => operationMarkdown(broken, {budget: 1}), TypeError);
  // A broken field three levels down: the shallower listings would not reach it, and must not hide it.
  const deep = barePage({
    responses: [
      ok({
        type: 'object',
        properties: {a: {type: 'object', properties: {b: {type: 'object', properties: {c: null as unknown as SchemaNode}}}}},
      }),
    ],
  });
  assert.throws(() => operationMarkdown(deep), TypeError);
  assert.doesNotThrow(() => operationMarkdown(deep, {depth: 2}));
});

test('one-line descriptions: a list or paragraphs in a cell or a field become one line, no break survives', () => {
  const md = operationMarkdown(
    barePage({
      parameters: [
        {
          name: 'p',
          in: 'query',
          required: false,
          description: '<ul><li>one</li><li>two</li></ul>',
          schema: {type: 'string', format: 'a\nb'},
        },
      ],
      responses: [ok({type: 'object', properties: {f: {type: 'string', description: '<p>First.</p><ul><li>a</li><li>b</li></ul>'}}})],
    }),
  );
  assert.ok(md.includes('\n| `p` | query | string<a b> | no | - one - two |\n'), md);
  assert.ok(md.includes('\n- `f` (string): First. - a - b\n'), md);
});

test('authentication labels: the scheme type decides, whatever other fields a scheme carries', () => {
  assert.equal(securityLabel({key: 'h', type: 'http'}), 'HTTP authentication');
  assert.equal(securityLabel({key: 'k', type: 'apiKey', in: 'header', name: 'X-Key', scheme: 'basic'}), 'API key in the header `X-Key`');
  assert.equal(securityLabel({key: 'o', type: 'oauth2', scheme: 'bearer', scopes: ['a']}), 'OAuth 2.0 (scopes: `a`)');
  assert.equal(securityLabel({key: 'i', type: 'openIdConnect', scopes: ['openid', 'email']}), 'OpenID Connect (scopes: `openid`, `email`)');
});

test('page data modules: only the two forms gen:api writes, whole; anything else is named by its first 40 characters', () => {
  const data = {summary: 'S'};
  const literal = JSON.stringify(JSON.stringify(data));
  assert.deepEqual(parseDataModule(`export default JSON.parse(${literal});`), data);
  assert.deepEqual(parseDataModule(`const data = JSON.parse(${literal});\nexport default data;`), data);
  const refused = (source: string) => `not a page data module (it starts "${source.trim().slice(0, 40)}")`;
  for (const source of [
    `// generated\nexport default JSON.parse(${literal});`,
    `export default JSON.parse(${literal});\n// end`,
    `const data = JSON.parse(${literal}).x;`,
    `const data = load(${literal});`,
    'module.exports = require("./data-of-a-long-name.json");',
  ]) {
    assert.throws(() => parseDataModule(source), {message: refused(source)}, source);
  }
});
