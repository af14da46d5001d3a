import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isObject, type OpenApiDocument, type Operation, type Parameter, type Schema, type SecurityScheme} from './document';
import {listOperations} from './operations';

/**
 * A processed document using every object the type describes, in its 3.0 and 3.1 shapes, with
 * the pipeline's `x-portal-*` fields. It is checked by the typecheck (`tsc --noEmit` includes the
 * tests): a type that stopped accepting one of these shapes fails there.
 */
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: {title: 'T', version: '1', 'x-portal-slug': 't', 'x-portal-source': 'openapi.yaml', 'x-logo': {url: 'x'}},
  servers: [{url: 'https://{region}.api.test', variables: {region: {default: 'eu', enum: ['eu', 'us']}}}],
  security: [{basic: []}, {oauth: ['read']}],
  tags: [{name: 'Things', 'x-displayName': 'All things'}],
  paths: {
    '/things/{id}': {
      parameters: [{$ref: '#/components/parameters/Id'}],
      get: {
        operationId: 'getThing',
        'x-portal-slug': 'get-thing',
        'x-portal-title': 'Get a thing',
        'x-codeSamples': [{lang: 'curl', source: 'curl …'}],
        parameters: [{name: 'expand', in: 'query', explode: false, schema: {type: ['array', 'null'], items: {type: 'string'}}}],
        responses: {
          '200': {
            description: 'The thing.',
            headers: {'X-Rate': {schema: {type: 'integer'}, example: 5}},
            content: {
              'application/json': {
                schema: {$ref: '#/components/schemas/Thing', description: 'beside the $ref (3.1)'},
                examples: {one: {$ref: '#/components/examples/One'}},
              },
            },
          },
          '404': {$ref: '#/components/responses/NotFound'},
        },
        callbacks: {
          done: {
            '{$request.body#/url}': {
              post: {requestBody: {content: {'application/json': {schema: true}}}, responses: {'204': {description: 'OK.'}}},
            },
          },
        },
      },
    },
  },
  webhooks: {created: {post: {summary: 'Created', responses: {'200': {description: 'OK.'}}}}},
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id'],
        properties: {
          id: {type: 'integer', exclusiveMinimum: 0},
          old: {type: 'string', nullable: true, deprecated: true, 'x-deprecated-by': 'id'},
        },
        additionalProperties: false,
      },
      Any: true,
      Unresolved: {description: '(unresolved reference #/x)', 'x-portal-unresolved': '#/x'},
    },
    parameters: {Id: {name: 'id', in: 'path', required: true, schema: {type: 'string'}}},
    responses: {NotFound: {description: 'No such thing.'}},
    examples: {One: {summary: 'One', value: {id: 1}}},
    securitySchemes: {
      basic: {type: 'http', scheme: 'basic'},
      oauth: {
        type: 'oauth2',
        flows: {authorizationCode: {authorizationUrl: 'https://a.test/auth', tokenUrl: 'https://a.test/token', scopes: {read: 'Read.'}}},
      },
    },
  },
};

test("the typed document is the document the model reads: operations, then webhooks, with the pipeline's slugs and titles", () => {
  assert.deepEqual(
    listOperations(doc, {webhooks: true}).map((o) => [o.kind, o.method, o.path, o.slug, o.title]),
    [
      ['operation', 'get', '/things/{id}', 'get-thing', 'Get a thing'],
      ['webhook', 'post', 'created', 'created', 'Created'],
    ],
  );
});

test('shapes the document never holds are refused by the type', () => {
  // @ts-expect-error: info needs a title and a version
  const noTitle: OpenApiDocument = {openapi: '3.0.3', info: {version: '1'}, paths: {}};
  // @ts-expect-error: "body" parameters are Swagger 2.0 (the pipeline converts them to request bodies)
  const bodyParameter: Parameter = {name: 'b', in: 'body'};
  // @ts-expect-error: an extension is an `x-` field; another unknown field is a typo
  const typo: Operation = {sumary: 'Get'};
  // @ts-expect-error: a schema is an object or a boolean
  const stringSchema: Schema = 'string';
  // @ts-expect-error: the five scheme types of OpenAPI 3.1
  const basicAuth: SecurityScheme = {type: 'basic'};
  assert.ok([noTitle, bodyParameter, typo, stringSchema, basicAuth].every((v) => v !== undefined));
});

test('isObject: a JSON object, never null, an array or a primitive', () => {
  for (const yes of [{}, {a: 1}, Object.create(null)]) assert.equal(isObject(yes), true);
  for (const no of [null, undefined, [], [1], 'x', 0, true]) assert.equal(isObject(no), false, JSON.stringify(no));
});
