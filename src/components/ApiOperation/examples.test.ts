/** The "Response example" panel's tabs (./examples.ts): success first, files shown as what arrives. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {binaryExampleHtml, fileKind, responseExamples} from './examples';
import type {ResponseData} from '../../../plugins/api-pages/client/page-data-format';

const json = (status: string, html = `{"status": ${status}}`): ResponseData => ({
  status,
  headers: [],
  content: [{mediaType: 'application/json', exampleHtml: html}],
});
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

test("the success response comes first, the others keep the document's order", () => {
  const tabs = responseExamples([json('400'), json('201'), json('404'), json('200'), json('default')]);
  assert.deepEqual(
    tabs.map((t) => t.id),
    ['201', '200', '400', '404', 'default'],
  );
  assert.equal(tabs[0]!.html, '{"status": 201}');
});

test('responses with nothing to show get no tab', () => {
  const empty: ResponseData = {status: '204', headers: [], content: []};
  const noExample: ResponseData = {status: '200', headers: [], content: [{mediaType: 'application/json'}]};
  assert.deepEqual(
    responseExamples([empty, noExample, json('400')]).map((t) => t.id),
    ['400'],
  );
});

test('a file download shows its media type, its documented file headers and a note that the body is the file', () => {
  const pdf: ResponseData = {
    status: '200',
    headers: [
      {name: 'Content-Disposition', example: 'attachment; filename="INV-2025-004211.pdf"'},
      {name: 'X-Request-Id', example: 'abc'},
      {name: 'Content-Length'},
    ],
    content: [{mediaType: 'application/pdf', binary: true}],
  };
  // As plugins/api-pages/page-data.ts stores it at build time.
  pdf.content[0]!.binaryHtml = binaryExampleHtml(pdf, pdf.content[0]!);
  const tabs = responseExamples([json('400'), pdf]);
  assert.deepEqual(
    tabs.map((t) => t.id),
    ['200', '400'],
  );
  assert.equal(
    text(tabs[0]!.html),
    [
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="INV-2025-004211.pdf"',
      'Content-Length: …',
      '',
      '<binary body: the PDF file itself, a file download>',
    ].join('\n'),
  );
  assert.ok(!tabs[0]!.html.includes('X-Request-Id'), 'only the headers that describe the file');
});

test('text from the document is escaped in the file tab', () => {
  const html = binaryExampleHtml(
    {status: '200', headers: [{name: 'Content-Disposition', example: '<img src=x onerror=alert(1)>'}], content: []},
    {mediaType: 'application/x-<b>', binary: true},
  );
  assert.ok(!/<img|<b>/.test(html), html);
});

test('fileKind names common files', () => {
  assert.equal(fileKind('application/pdf'), 'PDF file');
  assert.equal(fileKind('image/png'), 'PNG image');
  assert.equal(fileKind('application/zip; charset=binary'), 'ZIP file');
  assert.equal(fileKind('application/octet-stream'), 'file');
  assert.equal(fileKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 'file');
});
