/**
 * The Markdown twin and the HTML page describe a schema from one display model
 * (src/components/SchemaView/model.ts): for every kind of field, parameter, variant and top-level
 * schema, the twin's type label, labels and constraint line are the page's, item for item, in the
 * page's order (the page wraps values in <code>, the twin in code spans). The built pages are
 * compared with their twins in build-output.site.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {OperationPage, SchemaNode} from '../api-pages/client/page-data-format';
import {
  constraintItems,
  fieldBadges,
  fieldConstraints,
  parameterConstraints,
  resolve,
  typeLabel,
  type ConstraintItem,
  type FieldBadge,
} from '../../src/components/SchemaView/model';
import {operationMarkdown} from './operation-markdown';

const schemas: Record<string, SchemaNode> = {
  Address: {type: 'object', properties: {city: {type: 'string'}}},
  Contact: {type: 'object', properties: {email: {type: 'string', format: 'email'}}},
  Code: {type: 'string', enum: ['EUR', 'USD'], maxLength: 3},
  List: {type: 'array', items: {ref: 'List'}},
  Pet: {oneOf: [{ref: 'Cat'}, {type: 'string', maxLength: 9}, {type: 'integer', minimum: 1}]},
  Cat: {type: 'object', properties: {lives: {type: 'integer'}}},
};

/** One field of each kind the page shows differently; the expected twin line of each. */
const FIELDS: [string, SchemaNode, string][] = [
  ['email', {type: 'string', format: 'email', maxLength: 80}, '(string<email>, required, max length: `80`)'],
  ['nullable', {type: 'integer', nullable: true}, '(integer | null, required)'],
  [
    'status',
    {type: 'string', enum: ['open', 'paid'], default: 'open'},
    '(string, required, Allowed values: `open`, `paid`, default: `open`)',
  ],
  // OpenAPI 3.1 `const` arrives as a one-value enum.
  ['kind', {type: 'string', enum: ['invoice']}, '(string, required, Allowed values: `invoice`)'],
  [
    'contacts',
    {type: 'array', items: {ref: 'Contact'}, minItems: 1, maxItems: 5, uniqueItems: true},
    '(array of Contact, required, min items: `1`, max items: `5`, unique items)',
  ],
  ['codes', {type: 'array', items: {ref: 'Code'}}, '(array of string, required, Allowed values: `EUR`, `USD`, max length: `3`)'],
  ['address', {ref: 'Address', readOnly: true}, '(Address, required, read-only)'],
  ['pet', {ref: 'Pet'}, '(Pet, required)'],
  ['either', {anyOf: [{type: 'string'}, {type: 'integer'}]}, '(any of, required)'],
  ['list', {ref: 'List'}, '(array of List (circular), required)'],
  [
    'old30',
    {type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false, multipleOf: 0.5},
    '(number, required, greater than: `0`, maximum: `1`, multiple of: `0.5`)',
  ],
  ['new31', {type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10}, '(number, required, greater than: `0`, less than: `10`)'],
  [
    'name',
    {type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z]+$', example: 'ada'},
    '(string, required, min length: `1`, max length: `40`, pattern: `^[a-z]+$`, example: `ada`)',
  ],
  [
    'meta',
    {type: 'object', minProperties: 1, maxProperties: 9, additionalProperties: {type: 'string'}},
    '(map of string to string, required, min properties: `1`, max properties: `9`)',
  ],
  [
    'secret',
    {type: 'string', writeOnly: true, deprecated: true, deprecatedBy: 'token'},
    '(string, required, write-only, deprecated, use `token` instead)',
  ],
  ['count', {type: 'integer', default: 0, example: 3}, '(integer, required, default: `0`, example: `3`)'],
  ['missing', {ref: 'Gone'}, '(Gone, required)'],
];

const code = (s: string) => `\`${s}\``;
/** The page's items with its <code> elements written as code spans. */
const itemMarkdown = (item: ConstraintItem) =>
  item.kind === 'values'
    ? `${item.label}: ${item.values.map(code).join(', ')}`
    : item.kind === 'value'
      ? `${item.label}: ${code(item.value)}`
      : item.label;
const badgeMarkdown = (badge: FieldBadge) => (badge.kind === 'replacement' ? `use ${code(badge.by)} instead` : badge.kind);

function page(): OperationPage {
  const properties = Object.fromEntries(FIELDS.map(([name, node]) => [name, node]));
  return {
    method: 'post',
    path: '/things',
    summary: 'Make a thing',
    servers: [],
    security: [],
    parameters: [
      {name: 'limit', in: 'query', required: false, schema: {type: 'integer', minimum: 1, maximum: 100, default: 20}},
      {name: 'currency', in: 'query', required: false, schema: {ref: 'Code'}, example: 'USD'},
      {name: 'tags', in: 'query', required: false, schema: {type: 'array', items: {ref: 'Code'}}},
      {name: 'since', in: 'query', required: false, schema: {type: 'string', format: 'date', example: '2024-01-01'}},
    ],
    requestBody: {
      required: true,
      content: [{mediaType: 'application/json', schema: {type: 'object', required: FIELDS.map(([name]) => name), properties}}],
    },
    responses: [
      {status: '200', headers: [], content: [{mediaType: 'application/json', schema: {ref: 'Pet'}}]},
      {
        status: '201',
        headers: [],
        content: [{mediaType: 'text/plain', schema: {type: 'string', format: 'uuid', maxLength: 36, example: 'x'}}],
      },
    ],
    schemas,
    samples: [],
  } as OperationPage;
}

test("fields: the twin writes the page's type label, labels and constraint line, in the page's order", () => {
  const md = operationMarkdown(page());
  const lines = md.split('\n');
  for (const [name, node, expected] of FIELDS) {
    const line = lines.find((l) => l.startsWith(`- \`${name}\` (`));
    assert.ok(line, `no line for ${name} in\n${md}`);
    // The wording, pinned.
    assert.equal(line.slice(`- \`${name}\` `.length), expected, name);
    // The same items the page renders, from the model.
    const {node: shown} = resolve(node, schemas);
    const circular = name === 'list' ? ' (circular)' : '';
    const parts = [
      `${typeLabel(node, schemas)}${circular}`,
      ...fieldBadges(shown, true).map(badgeMarkdown),
      ...fieldConstraints(node, schemas).map(itemMarkdown),
    ];
    assert.equal(line, `- \`${name}\` (${parts.join(', ')})`, name);
  }
});

test("parameters: the type column is the page's label and constraint line without the example, which has its own place", () => {
  const md = operationMarkdown(page());
  const rows = md.split('\n').filter((l) => l.startsWith('| `'));
  assert.deepEqual(rows, [
    '| `limit` | query | integer, minimum: `1`, maximum: `100`, default: `20` | no |  |',
    '| `currency` | query | string, Allowed values: `EUR`, `USD`, max length: `3` | no | Example: `USD` |',
    '| `tags` | query | array of string, Allowed values: `EUR`, `USD` | no |  |',
    '| `since` | query | string<date> | no | Example: `2024-01-01` |',
  ]);
  for (const p of page().parameters) {
    const items = parameterConstraints(p.schema, p.example, schemas);
    const type = [
      typeLabel(p.schema, schemas),
      ...items.filter((i) => !(i.kind === 'value' && i.label === 'example')).map(itemMarkdown),
    ].join(', ');
    assert.ok(
      rows.some((r) => r.startsWith(`| \`${p.name}\` | query | ${type} |`)),
      `${p.name}: ${type}`,
    );
  }
});

test("variants and a schema without attributes: the page's constraint line under their label", () => {
  const md = operationMarkdown(page());
  // A variant with attributes has them listed instead (as on the page).
  assert.ok(
    md.includes(
      '- `pet` (Pet, required)\n  - One of:\n    - **Cat** (Cat)\n      - `lives` (integer)\n    - **option 2** (string, max length: `9`)\n    - **option 3** (integer, minimum: `1`)\n',
    ),
    md,
  );
  assert.ok(md.includes('Schema: Pet, fields of Pet as listed above\n'), md);
  const leaf: SchemaNode = {type: 'string', format: 'uuid', maxLength: 36, example: 'x'};
  assert.equal(
    [typeLabel(leaf, schemas), ...constraintItems(leaf).map(itemMarkdown)].join(', '),
    'string<uuid>, max length: `36`, example: `x`',
  );
  assert.ok(md.includes('Schema: string<uuid>, max length: `36`, example: `x`\n'), md);
});

test("what the page leaves out, the twin leaves out: a circular variant's constraints, a missing component's; a replaced parameter is named", () => {
  const md = operationMarkdown({
    ...page(),
    parameters: [{name: 'old', in: 'query', required: false, deprecated: true, deprecatedBy: 'new', schema: {type: 'string'}}],
    requestBody: {required: true, content: [{mediaType: 'application/json', schema: {ref: 'Loop'}}]},
    responses: [{status: '200', headers: [], content: [{mediaType: 'application/json', schema: {ref: 'Gone', maxLength: 3}}]}],
    schemas: {Loop: {oneOf: [{ref: 'Loop'}, {type: 'string', minLength: 2}], minProperties: 1}},
  });
  assert.ok(md.includes('| `old` | query | string | no | (deprecated; use `new` instead) |'), md);
  // The page shows "Circular reference to Loop" there, without Loop's constraint line (which it
  // shows once, for the whole value, above the variants).
  assert.ok(
    md.includes(
      'Schema: Loop, min properties: `1`\n\n- One of:\n  - **Loop** (Loop) (circular: see above)\n  - **option 2** (string, min length: `2`)\n',
    ),
    md,
  );
  // The page shows the name and "Loading attributes…" for a component it does not have.
  assert.ok(md.includes('Schema: Gone\n'), md);
});
