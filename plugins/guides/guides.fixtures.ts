/** A small API description for the guide tests: what each kind of reference can hit or miss. */
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WIDGETS = {
  openapi: '3.0.3',
  info: {title: 'Widgets API', version: '1.0.0'},
  servers: [{url: 'https://api.widgets.test/v1'}],
  security: [{basicAuth: []}],
  paths: {
    '/widgets': {
      post: {
        operationId: 'createWidget',
        summary: 'Create a widget',
        parameters: [{name: 'Idempotency-Key', in: 'header', schema: {type: 'string', minLength: 8}}],
        requestBody: {
          required: true,
          content: {'application/json': {schema: {$ref: '#/components/schemas/WidgetCreate'}, example: {name: 'Sprocket', size: 3}}},
        },
        responses: {
          '201': {
            description: 'Created',
            content: {'application/json': {schema: {$ref: '#/components/schemas/Widget'}, example: {id: 7, name: 'Sprocket', size: 3}}},
          },
          '422': {description: 'Invalid', content: {'application/json': {schema: {$ref: '#/components/schemas/Error'}}}},
        },
      },
    },
    '/widgets/{widget_id}': {
      get: {
        operationId: 'getWidget',
        summary: 'Get a widget',
        parameters: [
          {name: 'widget_id', in: 'path', required: true, schema: {type: 'integer', minimum: 1}, example: 7},
          {name: 'expand', in: 'query', schema: {type: 'string', enum: ['parts', 'owner']}},
        ],
        responses: {
          '200': {
            description: 'The widget',
            content: {'application/json': {schema: {$ref: '#/components/schemas/Widget'}, example: {id: 7, name: 'Sprocket', size: 3}}},
          },
          '404': {description: 'No such widget'},
        },
      },
    },
  },
  components: {
    securitySchemes: {basicAuth: {type: 'http', scheme: 'basic'}},
    schemas: {
      WidgetCreate: {
        type: 'object',
        required: ['name'],
        properties: {name: {type: 'string', minLength: 1}, size: {type: 'integer', minimum: 1}},
      },
      Widget: {
        type: 'object',
        required: ['id', 'name'],
        properties: {id: {type: 'integer', readOnly: true}, name: {type: 'string'}, size: {type: 'integer'}},
      },
      Error: {type: 'object', properties: {code: {type: 'string'}, message: {type: 'string'}}},
      Unused: {type: 'object', properties: {x: {type: 'string'}}},
    },
  },
};

/** The fixture written to a temporary folder, with a site folder beside it for guides and data modules. */
export function fixtureSite(doc: unknown = WIDGETS): {siteDir: string; processedSpec: string; outDir: string} {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'guides-'));
  const processedSpec = path.join(siteDir, 'openapi.json');
  writeFileSync(processedSpec, JSON.stringify(doc));
  return {siteDir, processedSpec, outDir: path.join(siteDir, 'generated')};
}
