/**
 * Response checks: Ajv's standalone code per operation, from one Ajv instance per document. Each
 * module must stand alone (hold every function its validators call), whatever was compiled before.
 */
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import vm from 'node:vm';
import {responseCheckModule} from './response-checks';

const doc = {
  openapi: '3.0.3',
  info: {title: 't', version: '1'},
  paths: {
    '/a': {get: {responses: {200: {description: 'ok', content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}}}}}}},
    '/b': {
      get: {
        responses: {
          200: {description: 'ok', content: {'application/json': {schema: {type: 'array', items: {$ref: '#/components/schemas/Pet'}}}}},
          404: {description: 'no', content: {'application/json': {schema: {$ref: '#/components/schemas/Error'}}}},
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {type: 'object', required: ['name'], properties: {name: {type: 'string'}, age: {type: 'integer', minimum: 0, exclusiveMinimum: true}, owner: {$ref: '#/components/schemas/Owner'}}},
      Owner: {type: 'object', properties: {email: {type: 'string', format: 'email'}}, nullable: true},
      Error: {type: 'object', required: ['message'], properties: {message: {type: 'string'}}},
    },
  },
};

/** Runs a generated CommonJS module and returns its exports. */
function load(source: string): {checks: Record<string, (data: unknown) => boolean & {errors?: unknown}>} {
  const module = {exports: {} as never};
  vm.runInNewContext(source, {module, exports: module.exports, require: createRequire(__filename)});
  return module.exports;
}

test('each operation gets a module that stands alone, from one shared compiler', () => {
  const a = responseCheckModule(doc, doc.paths['/a'].get);
  const b = responseCheckModule(doc, doc.paths['/b'].get);
  assert.deepEqual(a.checked, ['200 application/json']);
  assert.deepEqual(b.checked, ['200 application/json', '404 application/json']);
  // /b's module is generated after Pet was compiled for /a: it must still carry Pet's validator.
  for (const m of [a, b]) assert.ok(m.source);
  const checksA = load(a.source!).checks;
  const checksB = load(b.source!).checks;
  const pet = checksA['200 application/json']!;
  assert.equal(pet({name: 'Rex', age: 3, owner: null}), true, '3.0 nullable');
  assert.equal(pet({age: 3}), false, 'required name');
  assert.equal(pet({name: 'Rex', age: 0}), false, '3.0 boolean exclusiveMinimum');
  assert.equal(pet({name: 'Rex', owner: {email: 'not an email'}}), false, 'formats');
  const list = checksB['200 application/json']!;
  assert.equal(list([{name: 'a'}, {name: 'b'}]), true);
  assert.equal(list([{name: 'a'}, {}]), false);
  const error = checksB['404 application/json']!;
  assert.equal(error({message: 'gone'}), true);
  assert.equal(error({}), false);
});

test('an operation asked for twice gets a working module both times', () => {
  const first = responseCheckModule(doc, doc.paths['/a'].get);
  const again = responseCheckModule(doc, doc.paths['/a'].get);
  assert.equal(load(again.source!).checks['200 application/json']!({name: 'x'}), true);
  assert.equal(load(first.source!).checks['200 application/json']!({}), false);
});
