/**
 * A small API description for the changelog's tests, and edits of it that make each kind of change.
 */

import {operationAt, type HttpMethod} from '../../openapi/model/methods';
import type {OpenApiDocument, Operation, Parameter, SchemaObject} from '../../openapi/model/document';

export function baseDocument(version = '1.0.0'): OpenApiDocument {
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
            {
              name: 'status',
              in: 'query',
              required: false,
              description: 'Only things in this status.',
              schema: {$ref: '#/components/schemas/Status'},
            },
            {name: 'limit', in: 'query', required: false, description: 'At most this many.', schema: {type: 'integer'}},
          ],
          responses: {
            '200': {
              description: 'The things.',
              content: {'application/json': {schema: {type: 'array', items: {$ref: '#/components/schemas/Thing'}}}},
            },
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
          responses: {
            '200': {description: 'The thing.', content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}},
            '404': {description: 'No such thing.'},
          },
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

/** The fixture's operation at `method path` (it is there: the edits below name only those). */
const op = (d: OpenApiDocument, path: string, method: HttpMethod): Operation => operationAt(d.paths[path], method)!;
/** The fixture's parameter `i` of an operation (written inline, never as a reference). */
const param = (d: OpenApiDocument, path: string, method: HttpMethod, i: number): Parameter =>
  op(d, path, method).parameters![i] as Parameter;
/** A component schema of the fixture (an object schema). */
const schema = (d: OpenApiDocument, name: string): SchemaObject => d.components!.schemas![name] as SchemaObject;
/** A property of a component schema of the fixture. */
const property = (d: OpenApiDocument, name: string, key: string): SchemaObject => schema(d, name).properties![key] as SchemaObject;

/** Crafted changes, each applied to a copy of baseDocument(). */
export const EDITS: Record<string, Edit> = {
  'removed operation': (d) => {
    delete d.paths['/things/{thing_id}']!.delete;
  },
  'new required parameter': (d) => {
    op(d, '/things', 'get').parameters!.push({
      name: 'owner',
      in: 'query',
      required: true,
      description: 'Owner id.',
      schema: {type: 'string'},
    });
  },
  'narrowed enum': (d) => {
    // The list filter no longer accepts `archived` (the responses keep the full Status).
    d.components!.schemas!.StatusFilter = {type: 'string', description: 'Lifecycle.', enum: ['new', 'active']};
    param(d, '/things', 'get', 0).schema = {$ref: '#/components/schemas/StatusFilter'};
  },
  'new optional field': (d) => {
    schema(d, 'ThingCreate').properties!.color = {type: 'string', description: 'Its colour.'};
  },
  'description-only edit': (d) => {
    op(d, '/things', 'get').description = 'Returns the things of your account, newest first.';
    property(d, 'Thing', 'name').description = 'The name people see.';
  },
  'new operation': (d) => {
    d.paths['/things/{thing_id}']!.put = {
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
    schema(d, 'Kind').enum!.push('medium');
  },
  'parameter type changed': (d) => {
    param(d, '/things', 'get', 1).schema = {type: 'string'};
  },
  'error response removed': (d) => {
    delete op(d, '/things', 'get').responses!['429'];
  },
  'server URL changed': (d) => {
    d.servers![0]!.url = 'https://api.example.test/v2';
  },
  'field deprecated with replacement': (d) => {
    for (const name of ['Thing', 'ThingCreate']) {
      Object.assign(property(d, name, 'label'), {deprecated: true, 'x-deprecated-by': 'name'});
    }
  },
  'operation deprecated with replacement': (d) => {
    op(d, '/things/{thing_id}', 'delete').deprecated = true;
    op(d, '/things/{thing_id}', 'delete')['x-deprecated-by'] = 'createThing';
  },
};

export function edited(name: string, version = '1.1.0'): OpenApiDocument {
  const doc = baseDocument(version);
  EDITS[name]!(doc);
  return doc;
}

/** An edit of a document, in place. */
export type Edit = (d: OpenApiDocument) => void;

/** The fixture (1.0.0) and the fixture with `edit` (1.1.0), `before` applied to both first. */
export function editedPair(edit: Edit, before: Edit = () => {}): [OpenApiDocument, OpenApiDocument] {
  const a = baseDocument();
  before(a);
  const b = baseDocument('1.1.0');
  before(b);
  edit(b);
  return [a, b];
}
