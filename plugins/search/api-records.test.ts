import {test} from 'node:test';
import assert from 'node:assert/strict';
import {apiEntry, apiRecordDocuments, operationRecords, schemaPropertyNames} from './api-records';
import {parseApiEntry} from '../../src/components/Search/engine';

const DOC = {
  openapi: '3.0.3',
  paths: {
    '/customers/{customer_id}': {
      parameters: [{$ref: '#/components/parameters/CustomerId'}],
      get: {
        operationId: 'getCustomer',
        summary: 'Get customer',
        tags: ['Customers'],
        parameters: [{name: 'expand', in: 'query'}],
        responses: {
          '200': {content: {'application/json': {schema: {$ref: '#/components/schemas/Customer'}}}},
          '404': {content: {'application/json': {schema: {properties: {error_code: {}}}}}},
        },
      },
    },
    '/invoices/{invoice_id}/pdf': {
      get: {
        operationId: 'downloadInvoice',
        summary: 'Download invoice',
        tags: ['Invoices'],
        responses: {'200': {content: {'application/pdf': {schema: {type: 'string'}}}}},
      },
    },
    '/contacts': {
      post: {
        operationId: 'createContact',
        summary: 'Create contact',
        requestBody: {content: {'application/json': {schema: {allOf: [{properties: {first_name: {}}}, {properties: {email: {}}}]}}}},
        responses: {'201': {content: {'application/json': {schema: {type: 'array', items: {properties: {id: {}}}}}}}},
      },
    },
  },
  components: {
    parameters: {CustomerId: {name: 'customer_id', in: 'path'}},
    schemas: {Customer: {properties: {account_number: {}, billing_address: {properties: {city: {}}}}}},
  },
};

test('operation records: parameters (path item and operation), body fields to the first level, non-JSON media', () => {
  const records = operationRecords(DOC);
  assert.deepEqual(
    records.map((r) => `${r.method} ${r.path} ${r.slug}`),
    ['get /customers/{customer_id} get-customer', 'get /invoices/{invoice_id}/pdf download-invoice', 'post /contacts create-contact'],
  );
  assert.deepEqual(records[0]!.names, ['customer_id', 'expand', 'account_number', 'billing_address'], 'no 4xx fields, no nested city');
  assert.deepEqual(records[1]!.names, ['pdf']);
  assert.deepEqual(records[2]!.names, ['first_name', 'email', 'id']);
  assert.deepEqual(records[2]!.tags, []);
});

test('schemaPropertyNames survives reference cycles', () => {
  const doc = {
    components: {schemas: {Node: {properties: {child: {$ref: '#/components/schemas/Node'}}, allOf: [{$ref: '#/components/schemas/Node'}]}}},
  };
  assert.deepEqual(schemaPropertyNames(doc, {$ref: '#/components/schemas/Node'}), ['child']);
});

test('records get the id of their page (its URL and title not repeated); operations without a page are left out', () => {
  const titles = [
    {i: 7, t: 'Get customer', u: '/base/docs/api/get-customer'},
    {i: 9, t: 'Invoice as PDF', u: '/base/docs/api/download-invoice'},
  ];
  const docs = apiRecordDocuments(operationRecords(DOC), titles);
  assert.deepEqual(docs, [
    {
      i: 7,
      m: 'GET',
      a: '/customers/{customer_id}',
      o: 'getCustomer',
      g: ['Customers'],
      k: 'customer_id expand account_number billing_address',
    },
    {i: 9, t: 'Download invoice', m: 'GET', a: '/invoices/{invoice_id}/pdf', o: 'downloadInvoice', g: ['Invoices'], k: 'pdf'},
  ]);
  // The engine gives them back from the page titles.
  const api = parseApiEntry([{documents: titles, index: {}}, apiEntry(docs)], new Map(titles.map((t) => [t.i, t])));
  assert.deepEqual(
    api!.records.map((r) => [r.doc.t, r.doc.u]),
    [
      ['Get customer', '/base/docs/api/get-customer'],
      ['Download invoice', '/base/docs/api/download-invoice'],
    ],
  );
});
