/**
 * A small API description for the changelog's tests, and edits of it that make each kind of change.
 */

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export function baseDocument(version = '1.0.0'): Json {
  return {
    openapi: '3.0.3',
    info: {title: 'Things API', version},
    servers: [{url: 'https://api.example.test/v1'}],
    tags: [{name: 'Things', description: 'Things.'}],
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          summary: 'List things',
          description: 'Returns things.',
          tags: ['Things'],
          parameters: [
            {name: 'status', in: 'query', required: false, description: 'Only things in this status.', schema: {$ref: '#/components/schemas/Status'}},
            {name: 'limit', in: 'query', required: false, description: 'At most this many.', schema: {type: 'integer'}},
          ],
          responses: {
            '200': {description: 'The things.', content: {'application/json': {schema: {type: 'array', items: {$ref: '#/components/schemas/Thing'}}}}},
            '429': {description: 'Too many requests.'},
          },
        },
        post: {
          operationId: 'createThing',
          summary: 'Create thing',
          description: 'Creates a thing.',
          tags: ['Things'],
          requestBody: {required: true, content: {'application/json': {schema: {$ref: '#/components/schemas/ThingCreate'}}}},
          responses: {'201': {description: 'Created.', content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}}},
        },
      },
      '/things/{thing_id}': {
        get: {
          operationId: 'getThing',
          summary: 'Get thing',
          description: 'Returns one thing.',
          tags: ['Things'],
          parameters: [{name: 'thing_id', in: 'path', required: true, description: 'The thing.', schema: {type: 'integer'}}],
          responses: {'200': {description: 'The thing.', content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}}, '404': {description: 'No such thing.'}},
        },
        delete: {
          operationId: 'deleteThing',
          summary: 'Delete thing',
          description: 'Deletes a thing.',
          tags: ['Things'],
          parameters: [{name: 'thing_id', in: 'path', required: true, description: 'The thing.', schema: {type: 'integer'}}],
          responses: {'204': {description: 'Deleted.'}},
        },
      },
    },
    components: {
      schemas: {
        Status: {type: 'string', description: 'Lifecycle.', enum: ['new', 'active', 'archived']},
        Kind: {type: 'string', description: 'What it is.', enum: ['small', 'large']},
        Thing: {
          type: 'object',
          required: ['id', 'name', 'status'],
          properties: {
            id: {type: 'integer'},
            name: {type: 'string', description: 'Its name.'},
            status: {$ref: '#/components/schemas/Status'},
            kind: {$ref: '#/components/schemas/Kind'},
            label: {type: 'string', description: 'Old label.'},
          },
        },
        ThingCreate: {
          type: 'object',
          required: ['name'],
          properties: {name: {type: 'string', description: 'Its name.'}, label: {type: 'string', description: 'Old label.'}},
        },
      },
    },
  };
}

export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Crafted changes, each applied to a copy of baseDocument(). */
export const EDITS: Record<string, (d: Json) => void> = {
  'removed operation': (d) => {
    delete d.paths['/things/{thing_id}'].delete;
  },
  'new required parameter': (d) => {
    d.paths['/things'].get.parameters.push({name: 'owner', in: 'query', required: true, description: 'Owner id.', schema: {type: 'string'}});
  },
  'narrowed enum': (d) => {
    // The list filter no longer accepts `archived` (the responses keep the full Status).
    d.components.schemas.StatusFilter = {type: 'string', description: 'Lifecycle.', enum: ['new', 'active']};
    d.paths['/things'].get.parameters[0].schema = {$ref: '#/components/schemas/StatusFilter'};
  },
  'new optional field': (d) => {
    d.components.schemas.ThingCreate.properties.color = {type: 'string', description: 'Its colour.'};
  },
  'description-only edit': (d) => {
    d.paths['/things'].get.description = 'Returns the things of your account, newest first.';
    d.components.schemas.Thing.properties.name.description = 'The name people see.';
  },
  'new operation': (d) => {
    d.paths['/things/{thing_id}'].put = {
      operationId: 'replaceThing',
      summary: 'Replace thing',
      description: 'Replaces a thing.',
      tags: ['Things'],
      parameters: [{name: 'thing_id', in: 'path', required: true, description: 'The thing.', schema: {type: 'integer'}}],
      requestBody: {required: true, content: {'application/json': {schema: {$ref: '#/components/schemas/ThingCreate'}}}},
      responses: {'200': {description: 'Replaced.'}},
    };
  },
  'response enum gains a value': (d) => {
    d.components.schemas.Kind.enum.push('medium');
  },
  'parameter type changed': (d) => {
    d.paths['/things'].get.parameters[1].schema = {type: 'string'};
  },
  'error response removed': (d) => {
    delete d.paths['/things'].get.responses['429'];
  },
  'server URL changed': (d) => {
    d.servers[0].url = 'https://api.example.test/v2';
  },
  'field deprecated with replacement': (d) => {
    for (const name of ['Thing', 'ThingCreate']) {
      Object.assign(d.components.schemas[name].properties.label, {deprecated: true, 'x-deprecated-by': 'name'});
    }
  },
  'operation deprecated with replacement': (d) => {
    d.paths['/things/{thing_id}'].delete.deprecated = true;
    d.paths['/things/{thing_id}'].delete['x-deprecated-by'] = 'createThing';
  },
};

export function edited(name: string, version = '1.1.0'): Json {
  const doc = baseDocument(version);
  EDITS[name]!(doc);
  return doc;
}

/** An edit of a document, in place. */
export type Edit = (d: Json) => void;

/** The fixture (1.0.0) and the fixture with `edit` (1.1.0), `before` applied to both first. */
export function editedPair(edit: Edit, before: Edit = () => {}): [Json, Json] {
  const a = baseDocument();
  before(a);
  const b = baseDocument('1.1.0');
  before(b);
  edit(b);
  return [a, b];
}
