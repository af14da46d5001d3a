/**
 * Response checks: Ajv's standalone code per operation, from one Ajv instance per document. Each
 * module must stand alone (hold every function its validators call), whatever was compiled before.
 */
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {test} from 'node:test';
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import vm from 'node:vm';
import {CHECK_RUNTIME} from '../../src/components/ApiConsole/check-runtime';
import {checkFile, requiredModules, responseCheckModule, shareSubschemas} from './response-checks';

const doc = {
  openapi: '3.0.3',
  info: {title: 't', version: '1'},
  paths: {
    '/a': {get: {responses: {200: {description: 'ok', content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}}}}}}},
    '/c': {
      get: {
        responses: {
          400: {description: 'bad', content: {'application/json': {schema: {$ref: '#/components/schemas/Error'}}}},
          500: {description: 'down', content: {'application/problem+json': {schema: {$ref: '#/components/schemas/Error'}}}},
        },
      },
    },
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
      Pet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: {type: 'string'},
          age: {type: 'integer', minimum: 0, exclusiveMinimum: true},
          owner: {$ref: '#/components/schemas/Owner'},
        },
      },
      Owner: {
        type: 'object',
        properties: {email: {type: 'string', format: 'email'}, since: {type: 'string', format: 'date-time'}},
        nullable: true,
      },
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

test('a component is compiled once per document: the responses that use it call the same function', () => {
  const c = responseCheckModule(doc, doc.paths['/c'].get);
  assert.deepEqual(c.checked, ['400 application/json', '500 application/problem+json']);
  // Error's code (its "message" is required) appears once, called by both responses' validators.
  assert.equal(c.source!.split('missingProperty: "message"').length - 1, 1, 'one copy of the Error validator');
  const checks = load(c.source!).checks;
  assert.equal(checks['400 application/json']!({message: 'x'}), true);
  assert.equal(checks['500 application/problem+json']!({}), false);
});

test('the served file is an ES module that runs with the helpers it lists', async () => {
  const b = responseCheckModule(doc, doc.paths['/b'].get);
  const a = responseCheckModule(doc, doc.paths['/a'].get);
  // Owner's date-time format is a function of the format table (email is a regular expression
  // inlined in the code): listed, so the console loads the table first.
  assert.deepEqual(a.requires, ['ajv-formats/dist/formats']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'check-file-'));
  const file = path.join(dir, 'a.mjs');
  writeFileSync(file, checkFile(a)!);
  const mod = (await import(pathToFileURL(file).href)) as {
    requires: string[];
    default: (require: (id: string) => unknown) => {checks: Record<string, (d: unknown) => boolean>};
  };
  assert.deepEqual(mod.requires, a.requires);
  const asked: string[] = [];
  const nodeRequire = createRequire(__filename);
  const checks = mod.default((id) => (asked.push(id), nodeRequire(id))).checks;
  assert.equal(checks['200 application/json']!({name: 'Rex', owner: {email: 'rex@example.com'}}), true);
  assert.equal(checks['200 application/json']!({name: 'Rex', owner: {email: 'nope'}}), false);
  assert.equal(checks['200 application/json']!({name: 'Rex', owner: {since: '2025-02-30T25:00:00Z'}}), false);
  assert.equal(checks['200 application/json']!({name: 'Rex', owner: {since: '2025-02-03T10:00:00Z'}}), true);
  assert.deepEqual([...new Set(asked)], a.requires);
  assert.equal(checkFile({checked: [], skipped: {}, requires: []}), undefined);
  assert.ok(b.source);
});

test('every helper a check may require is one the console provides, and resolves', () => {
  assert.deepEqual(requiredModules('const a = require("x/y").default; require("x/y"); require("z")'), ['x/y', 'z']);
  for (const id of Object.keys(CHECK_RUNTIME)) assert.ok(require.resolve(id), id);
});

test('streamed responses (3.2 itemSchema): one check per item; an SSE event is checked with its JSON data against contentSchema', () => {
  const streams = {
    openapi: '3.2.0',
    info: {title: 't', version: '1'},
    paths: {
      '/s': {
        get: {
          responses: {
            200: {
              description: 'events',
              content: {
                'text/event-stream': {
                  itemSchema: {
                    type: 'object',
                    required: ['data'],
                    properties: {
                      event: {type: 'string', enum: ['reading']},
                      data: {type: 'string', contentMediaType: 'application/json', contentSchema: {$ref: '#/components/schemas/Reading'}},
                    },
                  },
                },
                'application/jsonl': {itemSchema: {$ref: '#/components/schemas/Reading'}},
              },
            },
          },
        },
      },
    },
    components: {schemas: {Reading: {type: 'object', required: ['value'], properties: {value: {type: 'number'}}}}},
  };
  const m = responseCheckModule(streams, streams.paths['/s'].get);
  assert.deepEqual(m.checked, ['200 text/event-stream item', '200 application/jsonl item']);
  const checks = load(m.source!).checks;
  const event = checks['200 text/event-stream item']!;
  assert.equal(event({event: 'reading', data: {value: 1.5}}), true);
  assert.equal(event({event: 'reading', data: {value: 'high'}}), false, 'the data against contentSchema');
  assert.equal(event({event: 'other', data: {value: 1}}), false, 'the event name against the event schema');
  const line = checks['200 application/jsonl item']!;
  assert.equal(line({value: 2}), true);
  assert.equal(line({}), false);
});

/** A user object as a dereferenced document writes it: the same inline schema in every place. */
const USER = {
  type: 'object',
  required: ['login', 'id'],
  properties: {
    login: {type: 'string', minLength: 1, description: 'The account name.'},
    id: {type: 'integer', minimum: 1},
    site_admin: {type: 'boolean'},
    html_url: {type: 'string', format: 'uri'},
    plan: {type: 'object', properties: {name: {type: 'string'}, seats: {type: 'integer', minimum: 0}}, required: ['name']},
  },
};
const derefDoc = {
  openapi: '3.0.3',
  info: {title: 'dereferenced', version: '1'},
  paths: {
    '/issues/{n}': {
      get: {
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {user: USER, assignees: {type: 'array', items: USER}, closed_by: {...USER, nullable: true}},
                },
              },
            },
          },
        },
      },
    },
    '/users/{u}': {get: {responses: {200: {description: 'ok', content: {'application/json': {schema: USER}}}}}},
  },
};

test('a schema repeated inline (a dereferenced document) is compiled once and called from every place', () => {
  const m = responseCheckModule(derefDoc, derefDoc.paths['/issues/{n}'].get);
  // The user's own checks ("login" is required) appear once, not once per place: user and
  // assignees[] share them; closed_by differs (nullable) and has its own copy.
  assert.equal(m.source!.split('missingProperty: "login"').length - 1, 2);
  const check = load(m.source!).checks['200 application/json']!;
  const user = {login: 'octocat', id: 1, plan: {name: 'pro', seats: 2}};
  assert.equal(check({user, assignees: [user, user], closed_by: null}), true);
  for (const [bad, where] of [
    [{user: {...user, login: ''}}, '/user/login'],
    [{assignees: [user, {id: 2}]}, '/assignees/1'],
    [{user: {...user, plan: {seats: -1}}}, '/user/plan'],
    [{closed_by: {...user, id: 0}}, '/closed_by/id'],
  ] as const) {
    assert.equal(check(bad), false, where);
    const paths = (check as unknown as {errors: {instancePath: string}[]}).errors.map((e) => e.instancePath);
    assert.ok(paths.includes(where), `${where} in ${paths.join(', ')}`);
  }
  // Another operation that uses the same schema gets it from the same compiled function.
  const users = responseCheckModule(derefDoc, derefDoc.paths['/users/{u}'].get);
  assert.equal(load(users.source!).checks['200 application/json']!({login: 'x', id: 0}), false);
});

test('shareSubschemas: repeated and large subschemas become references; place-bound ones and small ones stay', () => {
  const registered: string[] = [];
  const register = (sub: object) => {
    const text = JSON.stringify(sub);
    if (!registered.includes(text)) registered.push(text);
    return `s${registered.indexOf(text)}`;
  };
  const shared = shareSubschemas(
    {type: 'object', properties: {a: USER, b: {type: 'array', items: USER}, c: {type: 'string'}}},
    register,
  ) as {
    properties: Record<string, unknown>;
  };
  assert.deepEqual(shared.properties.a, {$ref: 's0'});
  assert.deepEqual(shared.properties.b, {type: 'array', items: {$ref: 's0'}});
  assert.deepEqual(shared.properties.c, {type: 'string'}, 'small: inline');
  assert.equal(registered.length, 1);
  // A local pointer or an unevaluatedProperties keyword ties the subschemas to their place.
  const local = {type: 'object', properties: {a: USER, b: {$ref: '#/properties/a'}}};
  assert.equal(shareSubschemas(local, register), local);
  const unevaluated = {allOf: [USER], unevaluatedProperties: false};
  assert.equal(shareSubschemas(unevaluated, register), unevaluated);
});
