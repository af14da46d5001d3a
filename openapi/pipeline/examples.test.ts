/**
 * Every example in the processed document validates against its schema (ajv, independent of
 * Redocly), and the validator itself catches the mistakes it is meant to catch.
 */
import assert from 'node:assert/strict';
import {before, describe, it} from 'node:test';
import {buildProcessedSpec, OUR_SOURCE} from './build';
import {collectExamples, validateExamples} from './examples';

describe('examples of our document (ajv)', () => {
  let doc: Record<string, any>;
  before(async () => {
    doc = (await buildProcessedSpec({source: OUR_SOURCE, strict: true})).document;
  });

  it('validates every media-type, parameter, header and schema example', () => {
    const {checked, failures} = validateExamples(doc);
    assert.deepEqual(failures, []);
    assert.ok(checked > 500, `only ${checked} examples found`);
  });

  it('finds the examples of every request body and every JSON success response', () => {
    const pointers = collectExamples(doc).map((c) => c.schemaPointer);
    for (const [p, item] of Object.entries(doc.paths as Record<string, any>)) {
      for (const [method, op] of Object.entries(item as Record<string, any>)) {
        const base = `#/paths/${p.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`;
        if (op.requestBody) assert.ok(pointers.includes(`${base}/requestBody/content/application~1json/schema`), `${method} ${p} body`);
        const code = method === 'post' ? '201' : '200';
        if (op.responses[code].content['application/json']) {
          assert.ok(pointers.includes(`${base}/responses/${code}/content/application~1json/schema`), `${method} ${p} ${code}`);
        }
      }
    }
  });

  it('fails when an example is changed to break its schema', () => {
    const broken = structuredClone(doc);
    broken.components.examples.Contact.value.roles = ['owner'];
    broken.components.examples.CustomerCreateRequest.value.email = 'not-an-email';
    const {failures} = validateExamples(broken);
    const text = JSON.stringify(failures);
    assert.match(text, /#\/components\/examples\/Contact\/value/);
    assert.match(text, /must be equal to one of the allowed values/);
    assert.match(text, /must match format \\"email\\"/);
  });
});

describe('example validator', () => {
  const schemas = {
    Money: {
      type: 'object',
      required: ['amount', 'currency'],
      properties: {amount: {type: 'string', format: 'decimal'}, currency: {type: 'string', pattern: '^[A-Z]{3}$'}},
    },
    Thing: {
      type: 'object',
      required: ['id', 'name', 'note'],
      properties: {
        id: {type: 'integer', readOnly: true},
        name: {type: 'string', maxLength: 5},
        note: {type: 'string', nullable: true},
        price: {allOf: [{$ref: '#/components/schemas/Money'}], readOnly: true},
      },
    },
    ThingPage: {
      allOf: [
        {type: 'object', required: ['total'], properties: {total: {type: 'integer'}}},
        {type: 'object', required: ['items'], properties: {items: {type: 'array', items: {$ref: '#/components/schemas/Thing'}}}},
      ],
    },
  };
  const docWith = (requestExample: unknown, responseExample: unknown) => ({
    openapi: '3.0.3',
    paths: {
      '/things': {
        post: {
          requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}, example: requestExample}}},
          responses: {
            '200': {
              description: 'ok',
              content: {'application/json': {schema: {$ref: '#/components/schemas/ThingPage'}, example: responseExample}},
            },
          },
        },
      },
    },
    components: {schemas},
  });
  const goodItem = {id: 1, name: 'abc', note: null, price: {amount: '1.50', currency: 'USD'}};

  it('accepts valid examples (nullable, allOf envelope, readOnly left out of a request)', () => {
    const {failures, checked} = validateExamples(docWith({name: 'abc', note: 'x'}, {total: 1, items: [goodItem]}));
    assert.equal(checked, 2);
    assert.deepEqual(failures, []);
  });

  it('rejects read-only properties in requests, unknown properties, null where not nullable, bad decimals', () => {
    const {failures} = validateExamples(
      docWith(
        {id: 3, name: 'abc', note: 'x'},
        {total: 1, extra: true, items: [{...goodItem, name: null, price: {amount: '1,50', currency: 'USD'}}]},
      ),
    );
    const text = failures.flatMap((f) => f.errors).join('\n');
    assert.match(text, /unevaluated properties: id/);
    assert.match(text, /unevaluated properties: extra/);
    assert.match(text, /\/items\/0\/name must be string/);
    assert.match(text, /\/items\/0\/price\/amount must match format "decimal"/);
  });

  it('checks schema-level examples too', () => {
    const doc = {openapi: '3.0.3', paths: {}, components: {schemas: {Code: {type: 'string', pattern: '^[A-Z]{3}$', example: 'usd'}}}};
    const {failures} = validateExamples(doc);
    assert.equal(failures.length, 1);
    assert.equal(failures[0].pointer, '#/components/schemas/Code/example');
  });
});
