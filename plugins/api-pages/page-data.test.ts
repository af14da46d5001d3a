import {test} from 'node:test';
import assert from 'node:assert/strict';
import {PageDataBuilder, PageDataError, sampleRequest} from './page-data';
import type {OpenApiDocument, Response} from '../../openapi/model/document';
import {renderSampleSources, responseFile} from './code-samples';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: {title: 'Test API', version: '1.0.0'},
  servers: [{url: 'https://api.example.com/v1'}],
  security: [{basic: [], key: []}],
  tags: [{name: 'Things'}],
  components: {
    securitySchemes: {
      basic: {type: 'http', scheme: 'basic'},
      key: {type: 'apiKey', in: 'header', name: 'X-Key'},
    },
    parameters: {
      Id: {name: 'id', in: 'path', required: true, schema: {type: 'integer'}, example: 42},
    },
    schemas: {
      Base: {type: 'object', required: ['id'], properties: {id: {type: 'integer', readOnly: true}}},
      Thing: {
        allOf: [
          {$ref: '#/components/schemas/Base'},
          {
            type: 'object',
            description: 'A *thing*.',
            required: ['name'],
            properties: {
              name: {type: 'string', maxLength: 80},
              parent: {$ref: '#/components/schemas/Thing'},
              tags: {type: 'array', items: {$ref: '#/components/schemas/Tag'}},
            },
          },
        ],
      },
      Tag: {type: 'string', enum: ['a', 'b']},
      Unused: {type: 'object'},
    },
  },
  paths: {
    '/things/{id}': {
      parameters: [{$ref: '#/components/parameters/Id'}],
      patch: {
        operationId: 'updateThing',
        summary: 'Update thing',
        tags: ['Things'],
        parameters: [{name: 'dry_run', in: 'query', schema: {type: 'boolean'}, example: true}],
        requestBody: {
          required: true,
          content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}, example: {name: 'Lamp'}}},
        },
        responses: {
          '200': {description: 'The thing.', content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}},
          '404': {description: 'Not found.'},
        },
      },
    },
    '/things/{id}/pdf': {
      get: {
        summary: 'Download thing',
        tags: ['Things'],
        parameters: [{$ref: '#/components/parameters/Id'}],
        responses: {'200': {description: 'PDF', content: {'application/pdf': {schema: {type: 'string', format: 'binary'}}}}},
      },
    },
  },
};

test('keeps component references and carries each reached schema once', () => {
  const page = new PageDataBuilder(doc).operation('patch', '/things/{id}');
  assert.deepEqual(page.requestBody?.content[0].schema, {ref: 'Thing'});
  assert.deepEqual(Object.keys(page.schemas).sort(), ['Tag', 'Thing']);
  assert.equal(page.schemas.Unused, undefined);
});

test('merges allOf into one object with combined required fields', () => {
  const page = new PageDataBuilder(doc).operation('patch', '/things/{id}');
  const thing = page.schemas.Thing;
  assert.deepEqual(Object.keys(thing.properties ?? {}), ['id', 'name', 'parent', 'tags']);
  assert.deepEqual(thing.required, ['id', 'name']);
  assert.match(thing.description ?? '', /<em>thing<\/em>/);
  assert.deepEqual(thing.properties?.parent, {ref: 'Thing'}, 'the self reference stays a reference');
});

test('merges path-level and operation parameters, resolving $ref', () => {
  const page = new PageDataBuilder(doc).operation('patch', '/things/{id}');
  assert.deepEqual(
    page.parameters.map((p) => `${p.in}:${p.name}:${p.required}`),
    ['path:id:true', 'query:dry_run:false'],
  );
  assert.equal(page.parameters[0].example, 42);
});

test('resolves global security into scheme details', () => {
  const page = new PageDataBuilder(doc).operation('patch', '/things/{id}');
  assert.deepEqual(
    page.security[0].map((s) => s.key),
    ['basic', 'key'],
  );
  assert.equal(page.security[0][1].name, 'X-Key');
});

test('code samples use example values, credentials from the environment and the body example', () => {
  const page = new PageDataBuilder(doc).operation('patch', '/things/{id}');
  const req = sampleRequest(page);
  assert.equal(req.url, 'https://api.example.com/v1/things/42');
  assert.deepEqual(req.query, [['dry_run', 'true']]);
  assert.deepEqual(req.auth.headers, [{name: 'X-Key', envVar: 'API_KEY'}]);
  assert.ok(req.auth.basic);
  assert.deepEqual(req.body, {mediaType: 'application/json', value: {name: 'Lamp'}});
  assert.deepEqual(
    page.samples.map((s) => s.id),
    ['curl', 'javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby'],
  );
  assert.match(page.samples[0].html, /<span class=[ksnfpc]>/);
});

test('a list query example is sent form-style: the key once per item, or comma-separated with explode: false', () => {
  const listDoc = structuredClone(doc);
  listDoc.paths['/things/{id}']!.patch!.parameters = [
    {$ref: '#/components/parameters/Id'},
    {name: 'kind', in: 'query', schema: {type: 'array', items: {type: 'string'}}, example: ['a', 'b']},
    {name: 'ids', in: 'query', explode: false, schema: {type: 'array', items: {type: 'integer'}}, example: [1, 2]},
  ];
  const req = sampleRequest(new PageDataBuilder(listDoc).operation('patch', '/things/{id}'));
  assert.deepEqual(req.query, [
    ['kind', 'a'],
    ['kind', 'b'],
    ['ids', '1,2'],
  ]);
});

test('a query no parameter API can say is written out (rawQuery): an allowReserved value, a JSON query string; a form query string stays pairs', () => {
  const at = (parameters: unknown[]) => {
    const d = structuredClone(doc);
    d.paths['/things/{id}']!.patch!.parameters = [{$ref: '#/components/parameters/Id'}, ...(parameters as never[])];
    return sampleRequest(new PageDataBuilder(d).operation('patch', '/things/{id}'));
  };
  const reserved = at([
    {name: 'next', in: 'query', allowReserved: true, schema: {type: 'string'}, example: 'https://x.test/p?a=1&b=2'},
    {name: 'tags', in: 'query', allowReserved: true, explode: false, schema: {type: 'array'}, example: ['a/b', 'c d']},
    {name: 'q', in: 'query', schema: {type: 'string'}, example: 'a/b'},
  ]);
  assert.deepEqual(reserved.query, []);
  assert.equal(reserved.rawQuery, 'next=https://x.test/p?a%3D1%26b%3D2&tags=a/b,c%20d&q=a%2Fb');
  const json = at([
    {name: 'filter', in: 'querystring', content: {'application/json': {schema: {type: 'object'}, example: {status: ['active'], n: 1}}}},
  ]);
  assert.deepEqual([json.query, json.rawQuery], [[], encodeURIComponent('{"status":["active"],"n":1}')]);
  const form = at([
    {
      name: 'filter',
      in: 'querystring',
      content: {'application/x-www-form-urlencoded': {schema: {type: 'object'}, example: {a: 'x y', b: [1, 2]}}},
    },
  ]);
  assert.deepEqual(form.query, [
    ['a', 'x y'],
    ['b', '1'],
    ['b', '2'],
  ]);
  assert.equal(form.rawQuery, undefined, "form pairs go to the clients' parameter APIs");
  const plain = at([{name: 'q', in: 'query', schema: {type: 'string'}, example: 'a/b'}]);
  assert.deepEqual([plain.query, plain.rawQuery], [[['q', 'a/b']], undefined]);
});

test("a parameter whose schema is a component reference with its own example or default beside it: the samples send this use's value", () => {
  const refDoc = structuredClone(doc);
  refDoc.components!.schemas!.Size = {type: 'integer', minimum: 1, example: 10, default: 20};
  refDoc.components!.schemas!.Page = {type: 'integer', minimum: 1, default: 1};
  refDoc.paths['/things/{id}']!.patch!.parameters = [
    {$ref: '#/components/parameters/Id'},
    // allOf [ref, annotations] stays a reference with the annotations beside it (page-data's mergeAllOf).
    {name: 'size', in: 'query', required: true, schema: {allOf: [{$ref: '#/components/schemas/Size'}], example: 75}},
    {name: 'page', in: 'query', required: true, schema: {allOf: [{$ref: '#/components/schemas/Page'}], default: 3}},
    {name: 'plain', in: 'query', required: true, schema: {$ref: '#/components/schemas/Size'}},
  ];
  const page = new PageDataBuilder(refDoc).operation('patch', '/things/{id}');
  assert.deepEqual(
    page.parameters.find((p) => p.name === 'size')!.schema,
    {ref: 'Size', example: 75},
    'the page data keeps the reference and its annotation',
  );
  assert.deepEqual(sampleRequest(page).query, [
    ['size', '75'],
    ['page', '3'],
    ['plain', '10'],
  ]);
});

test("cookie parameters and cookie API keys go into the samples' Cookie header", () => {
  const cookieDoc = structuredClone(doc);
  cookieDoc.components!.securitySchemes!.session = {type: 'apiKey', in: 'cookie', name: 'session_id'};
  const op = cookieDoc.paths['/things/{id}']!.patch!;
  op.security = [{session: []}];
  op.parameters = [
    {$ref: '#/components/parameters/Id'},
    {name: 'lang', in: 'cookie', required: true, schema: {type: 'string'}, example: 'en US'},
  ];
  const req = sampleRequest(new PageDataBuilder(cookieDoc).operation('patch', '/things/{id}'));
  assert.deepEqual(req.cookies, [['lang', 'en US']]);
  assert.deepEqual(req.auth.cookies, [{name: 'session_id', envVar: 'API_SESSION'}]);
  const curl = renderSampleSources(req).find((s) => s.id === 'curl')!.code;
  assert.match(curl, /--cookie "lang=en%20US; session_id=\$API_SESSION"/);
});

test('OpenAPI 3.2 security: the device flow, oauth2MetadataUrl and deprecated reach the page; samples skip a deprecated alternative', () => {
  const d = structuredClone(doc);
  d.components!.securitySchemes!.old = {type: 'apiKey', in: 'header', name: 'X-Old', deprecated: true};
  d.components!.securitySchemes!.device = {
    type: 'oauth2',
    oauth2MetadataUrl: 'https://auth.x/.well-known/oauth-authorization-server',
    flows: {deviceAuthorization: {deviceAuthorizationUrl: 'https://auth.x/device', tokenUrl: 'https://auth.x/token', scopes: {r: 'Read'}}},
  };
  const op = d.paths['/things/{id}']!.patch!;
  op.security = [{old: []}, {device: ['r']}];
  const page = new PageDataBuilder(d).operation('patch', '/things/{id}');
  assert.deepEqual(page.security, [
    [{key: 'old', type: 'apiKey', in: 'header', name: 'X-Old', deprecated: true}],
    [
      {
        key: 'device',
        type: 'oauth2',
        scopes: ['r'],
        flows: {
          deviceAuthorization: {deviceAuthorizationUrl: 'https://auth.x/device', tokenUrl: 'https://auth.x/token', scopes: {r: 'Read'}},
        },
        oauth2MetadataUrl: 'https://auth.x/.well-known/oauth-authorization-server',
      },
    ],
  ]);
  const req = sampleRequest(page);
  assert.deepEqual(req.auth.headers, [], 'the deprecated API key is not what the samples send');
  assert.equal(req.auth.bearer?.tokenVar, 'API_ACCESS_TOKEN');
  op.security = [{old: []}];
  assert.deepEqual(
    sampleRequest(new PageDataBuilder(d).operation('patch', '/things/{id}')).auth.headers,
    [{name: 'X-Old', envVar: 'API_OLD'}],
    'the only alternative is still used',
  );
});

test('binary responses are saved to a file in the samples', () => {
  const page = new PageDataBuilder(doc).operation('get', '/things/{id}/pdf');
  const req = sampleRequest(page);
  assert.equal(req.accept, 'application/pdf');
  assert.equal(responseFile(req), 'response.pdf', 'no operationId: the stem is "response"');
});

test('generates a response example from the schema when none is given', () => {
  const page = new PageDataBuilder(doc).operation('patch', '/things/{id}');
  const ok = page.responses.find((r) => r.status === '200')!;
  assert.equal(ok.content[0].exampleGiven, false);
  assert.match(ok.content[0].exampleHtml ?? '', /name/);
});

test('an unresolved reference names the operation and the reference', () => {
  const broken = structuredClone(doc);
  (broken.paths['/things/{id}']!.patch!.responses!['200'] as Response).content!['application/json']!.schema = {
    $ref: '#/components/schemas/Missing',
  };
  assert.throws(
    () => new PageDataBuilder(broken).operation('patch', '/things/{id}'),
    (e: Error) => {
      assert.ok(e instanceof PageDataError);
      assert.match(e.message, /#\/paths\/~1things~1\{id\}\/patch/);
      assert.match(e.message, /#\/components\/schemas\/Missing/);
      return true;
    },
  );
});

test('webhooks: found by operationId, rendered as the payload the API sends', () => {
  const withHooks = structuredClone(doc);
  withHooks['x-webhooks'] = {
    'thing-created': {
      post: {
        operationId: 'thingCreated',
        summary: 'Thing created',
        requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}},
        responses: {'200': {description: 'Acknowledged.'}},
      },
    },
  };
  const builder = new PageDataBuilder(withHooks);
  assert.deepEqual(builder.findWebhook({operationId: 'thingCreated'}), {event: 'thing-created', method: 'post'});
  const page = builder.webhook('thing-created', 'post');
  assert.equal(page.webhook, 'thing-created');
  assert.deepEqual(page.samples, []);
  assert.deepEqual(page.security, []);
  assert.deepEqual(page.requestBody?.content[0].schema, {ref: 'Thing'});
  assert.throws(() => builder.findWebhook({operationId: 'nope'}), /No webhook with operationId "nope"/);
});

test('an unknown operation is an error', () => {
  assert.throws(() => new PageDataBuilder(doc).operation('delete', '/things/{id}'), /No operation "DELETE \/things\/\{id\}"/);
});

test("only a method names an operation: a path item's parameters or servers are none", () => {
  const withShared = structuredClone(doc);
  withShared.paths['/things/{id}']!.parameters = [{$ref: '#/components/parameters/Id'}];
  withShared.paths['/things/{id}']!.servers = [{url: 'https://a.test'}];
  for (const key of ['parameters', 'servers']) {
    assert.throws(
      () => new PageDataBuilder(withShared).operation(key, '/things/{id}'),
      new RegExp(`No operation "${key.toUpperCase()} /things/\\{id\\}"`),
    );
  }
});

test('webhookList: the webhooks of the operation list, in document order, with their operation objects', () => {
  const withHooks = structuredClone(doc);
  const created = {operationId: 'thingCreated', responses: {'200': {description: 'OK.'}}};
  const deleted = {summary: 'Thing deleted', responses: {'200': {description: 'OK.'}}};
  withHooks.webhooks = {'thing-created': {post: created, parameters: []}, 'thing-deleted': {put: deleted, delete: deleted}};
  const list = new PageDataBuilder(withHooks).webhookList();
  assert.deepEqual(
    list.map((w) => `${w.method} ${w.event}`),
    ['post thing-created', 'put thing-deleted', 'delete thing-deleted'],
  );
  assert.equal(list[0]!.op, withHooks.webhooks['thing-created']!.post, 'the operation object of the document');
  assert.deepEqual(new PageDataBuilder(withHooks).findWebhook({summary: 'Thing deleted'}), {event: 'thing-deleted', method: 'put'});
  assert.deepEqual(new PageDataBuilder(doc).webhookList(), [], 'no webhooks');
});

test('page data: a large schema graph carries what the page shows; the rest is in shared modules', () => {
  const graph: OpenApiDocument = {
    openapi: '3.0.3',
    info: {title: 'G', version: '1'},
    components: {
      schemas: {
        Root: {type: 'object', properties: {a: {$ref: '#/components/schemas/A'}}},
        A: {type: 'object', properties: {b: {$ref: '#/components/schemas/B'}, root: {$ref: '#/components/schemas/Root'}}},
        B: {type: 'object', properties: {c: {$ref: '#/components/schemas/C'}}},
        C: {type: 'object', properties: {x: {type: 'string'}}},
        Error: {type: 'object', properties: {message: {type: 'string'}}},
      },
    },
    paths: {
      '/r': {
        get: {
          operationId: 'getRoot',
          responses: {
            '200': {description: 'ok', content: {'application/json': {schema: {$ref: '#/components/schemas/Root'}}}},
            '400': {description: 'bad', content: {'application/json': {schema: {$ref: '#/components/schemas/Error'}}}},
          },
        },
      },
    },
  };
  const whole = new PageDataBuilder(graph).operation('get', '/r');
  assert.deepEqual(Object.keys(whole.schemas).sort(), ['A', 'B', 'C', 'Error', 'Root']);
  assert.equal(whole.lazySchemas, undefined);
  const builder = new PageDataBuilder(graph, 10);
  const page = builder.operation('get', '/r');
  // Root and the attributes its open disclosure (a: A) shows; B is only a type label there.
  assert.deepEqual(Object.keys(page.schemas).sort(), ['A', 'B', 'Root']);
  assert.equal(page.lazySchemas, true);
  assert.deepEqual(builder.schemaNames(), ['C', 'Error']);
  assert.deepEqual(Object.keys(builder.schemaModule('B')).sort(), ['B', 'C']);
  assert.deepEqual(Object.keys(builder.schemaModule('Error')), ['Error']);
});

test('page data: a circular reference that is not a component schema is marked', () => {
  const d: OpenApiDocument = {
    openapi: '3.0.3',
    info: {title: 'G', version: '1'},
    paths: {
      '/t': {
        get: {
          operationId: 'tree',
          responses: {'200': {description: 'ok', content: {'application/json': {schema: {$ref: '#/paths/~1t/get/x-tree'}}}}},
          'x-tree': {type: 'object', properties: {next: {$ref: '#/paths/~1t/get/x-tree'}}},
        },
      },
    },
  };
  const page = new PageDataBuilder(d).operation('get', '/t');
  assert.deepEqual(page.responses[0].content[0].schema, {type: 'object', properties: {next: {circular: 'x-tree'}}});
});

test('references are URI fragments: "%7B" in a pointer is "{"', () => {
  const doc = {
    openapi: '3.0.3',
    info: {title: 'T', version: '1'},
    paths: {
      '/a/{id}': {get: {parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], responses: {}}},
      '/b': {get: {parameters: [{$ref: '#/paths/~1a~1%7Bid%7D/get/parameters/0'}], responses: {}}},
    },
  };
  assert.equal(new PageDataBuilder(doc as never).operation('get', '/b').parameters[0].name, 'id');
});

test('labels: tags of a kind other than nav (3.2 badge, audience) label the page, labelled by summary; nav tags do not', () => {
  const doc = {
    openapi: '3.2.0',
    info: {title: 'T', version: '1'},
    tags: [
      {name: 'meters', kind: 'nav'},
      {name: 'beta', summary: 'Beta', kind: 'badge', description: 'May change.\n\nMore.'},
      {name: 'internal', kind: 'audience'},
    ],
    paths: {
      '/m': {
        get: {summary: 'List', tags: ['meters', 'beta', 'internal', 'undeclared'], responses: {200: {description: 'ok'}}},
        post: {summary: 'Create', tags: ['meters'], responses: {200: {description: 'ok'}}},
      },
    },
  } as unknown as OpenApiDocument;
  const builder = new PageDataBuilder(doc);
  assert.deepEqual(builder.operation('get', '/m').labels, [
    {label: 'Beta', kind: 'badge', description: 'May change.'},
    {label: 'internal', kind: 'audience'},
  ]);
  assert.equal(builder.operation('post', '/m').labels, undefined);
});

test('what the console reads of bodies and streams: encoding, itemSchema, contentMediaType, a querystring parameter with its media type and example', () => {
  const doc = {
    openapi: '3.1.1',
    info: {title: 't', version: '1'},
    paths: {
      '/d': {
        post: {
          parameters: [
            {
              name: 'filter',
              in: 'querystring',
              content: {
                'application/x-www-form-urlencoded': {
                  schema: {type: 'object', properties: {limit: {type: 'integer'}}},
                  example: {limit: 5},
                },
              },
            },
          ],
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: {type: 'object', properties: {file: {type: 'string', contentMediaType: 'application/pdf'}}},
                encoding: {file: {contentType: 'application/pdf'}, tags: {style: 'form', explode: false}},
              },
            },
          },
          responses: {
            200: {
              description: 'events',
              content: {'text/event-stream': {itemSchema: {type: 'object', properties: {data: {type: 'string'}}}}},
            },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const page = new PageDataBuilder(doc).operation('post', '/d');
  const media = page.requestBody!.content[0];
  assert.deepEqual(media.encoding, {file: {contentType: 'application/pdf'}, tags: {style: 'form', explode: false}});
  assert.equal(media.schema?.properties?.file?.contentMediaType, 'application/pdf');
  assert.deepEqual(page.responses[0].content[0].itemSchema, {type: 'object', properties: {data: {type: 'string'}}});
  const [filter] = page.parameters;
  assert.deepEqual([filter.in, filter.mediaType, filter.example], ['querystring', 'application/x-www-form-urlencoded', {limit: 5}]);
});

test('OpenAPI 3.2: QUERY and additionalOperations pages carry their method and path; servers carry their name', () => {
  const doc = {
    openapi: '3.2.0',
    info: {title: 'Meters', version: '1'},
    servers: [
      {url: 'https://api.meters.test/v1', name: 'Production', description: 'Live'},
      {url: 'https://sandbox.meters.test/v1', name: '  '},
    ],
    paths: {
      '/meters': {query: {operationId: 'searchMeters', summary: 'Search meters', responses: {'200': {description: 'OK'}}}},
      '/meters/{id}': {
        parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
        additionalOperations: {PURGE: {summary: 'Purge', responses: {'204': {description: 'Gone'}}}},
      },
    },
  } as unknown as OpenApiDocument;
  const builder = new PageDataBuilder(doc);
  const query = builder.operation('query', '/meters');
  assert.equal(query.method, 'query');
  assert.deepEqual(query.servers, [
    {url: 'https://api.meters.test/v1', name: 'Production', description: 'Live'},
    {url: 'https://sandbox.meters.test/v1'},
  ]);
  const purge = builder.operation('PURGE', '/meters/{id}');
  assert.equal(purge.method, 'PURGE');
  assert.equal(purge.summary, 'Purge');
  assert.deepEqual(
    purge.parameters.map((p) => p.name),
    ['id'],
  );
  assert.throws(() => builder.operation('purge', '/meters/{id}'), /No operation "PURGE \/meters\/\{id\}"/);
});
