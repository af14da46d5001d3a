/** Page data for the examples panel: file bodies are marked, header examples carried. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {binaryBody, PageDataBuilder} from './page-data';
import type {OpenApiDocument} from '../../openapi/model/document';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: {title: 'Files', version: '1.0.0'},
  components: {headers: {Disposition: {description: 'File name.', schema: {type: 'string'}, example: 'attachment; filename="a.pdf"'}}},
  paths: {
    '/files/{id}': {
      get: {
        responses: {
          '200': {
            description: 'The file.',
            headers: {
              'Content-Disposition': {$ref: '#/components/headers/Disposition'},
              'X-Count': {schema: {type: 'integer', example: 3}},
              'X-Named': {examples: {one: {value: 'v1'}}, schema: {type: 'string'}},
            },
            content: {'application/pdf': {schema: {type: 'string', format: 'binary'}}},
          },
          '400': {description: 'Bad.', content: {'application/json': {example: {error: 'bad'}}}},
          '404': {description: 'Gone.', content: {'text/plain': {schema: {type: 'string'}}}},
        },
      },
    },
  },
};

test('a file body without an example is marked binary; JSON and text bodies are not', () => {
  const page = new PageDataBuilder(doc).operation('get', '/files/{id}');
  const [ok, bad, gone] = page.responses;
  assert.equal(ok!.content[0]!.binary, true);
  assert.equal(bad!.content[0]!.binary, undefined);
  assert.ok(bad!.content[0]!.exampleHtml);
  assert.equal(gone!.content[0]!.binary, undefined);
  // The file's panel markup is made here, at build time (the page only orders the tabs).
  const html = ok!.content[0]!.binaryHtml ?? '';
  assert.match(html, /Content-Type<\/span>: application\/pdf/);
  assert.match(html, /Content-Disposition<\/span>: attachment; filename="a.pdf"/);
  assert.match(html, /binary body: the PDF file itself/);
  assert.equal(bad!.content[0]!.binaryHtml, undefined);
});

test("response headers carry their example: the header's own, its first named example, else its schema's", () => {
  const page = new PageDataBuilder(doc).operation('get', '/files/{id}');
  assert.deepEqual(
    page.responses[0]!.headers.map((h) => [h.name, h.example]),
    [
      ['Content-Disposition', 'attachment; filename="a.pdf"'],
      ['X-Count', 3],
      ['X-Named', 'v1'],
    ],
  );
});

test('binaryBody: format binary or a media type the page cannot show as text', () => {
  assert.equal(binaryBody('application/pdf', undefined), true);
  assert.equal(binaryBody('image/png', {}), true);
  assert.equal(binaryBody('application/octet-stream', {type: 'string'}), true);
  assert.equal(binaryBody('text/csv', {type: 'string', format: 'binary'}), true);
  for (const t of [
    'application/json',
    'application/problem+json',
    'text/plain',
    'application/xml',
    'application/x-yaml',
    'multipart/form-data',
    'application/x-www-form-urlencoded',
    '*/*',
  ])
    assert.equal(binaryBody(t, {type: 'string'}), false, t);
});
