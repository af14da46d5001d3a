import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {MediaTypeData, OperationPage, SchemaNode} from '../../../plugins/api-pages/client/page-data-format';
import {
  bodyKind,
  fieldValues,
  formFields,
  formPairs,
  formUrlEncoded,
  formValue,
  FieldError,
  multipartBody,
  multipartCurl,
  multipartParts,
  prepareBody,
  querystringText,
} from './body';
import {buildRequest} from './request';
import {curlPreview} from './preview';

const schemas: Record<string, SchemaNode> = {
  MeterForm: {
    type: 'object',
    required: ['kind'],
    properties: {
      kind: {type: 'string', enum: ['electric', 'gas']},
      labels: {type: 'array', items: {type: 'string'}},
      location: {type: 'object', properties: {city: {type: 'string'}, postcode: {type: 'string'}}},
      count: {type: 'integer'},
      id: {type: 'string', readOnly: true},
    },
  },
};
const document: SchemaNode = {
  type: 'object',
  required: ['file'],
  properties: {
    title: {type: 'string'},
    file: {type: 'string', contentMediaType: 'application/pdf'},
    meta: {type: 'object', properties: {issuer: {type: 'string'}}},
    tags: {type: 'array', items: {type: 'string'}},
  },
};

test('bodyKind: form, multipart, JSON, text and XML, files', () => {
  const kind = (mediaType: string, schema?: SchemaNode) => bodyKind({mediaType, schema}, schemas);
  assert.equal(kind('application/x-www-form-urlencoded'), 'form');
  assert.equal(kind('multipart/form-data'), 'multipart');
  assert.equal(kind('application/json'), 'json');
  assert.equal(kind('application/merge-patch+json'), 'json');
  assert.equal(kind('application/xml'), 'text');
  assert.equal(kind('text/plain', {type: 'string'}), 'text');
  assert.equal(kind('image/jpeg', {type: 'string', contentMediaType: 'image/jpeg'}), 'file');
  assert.equal(kind('application/octet-stream'), 'file');
  assert.equal(kind('text/csv', {type: 'string', format: 'binary'}), 'file');
});

test('formFields: a field per property, inner fields for an object, read-only left out, files only for multipart', () => {
  const fields = formFields({ref: 'MeterForm'}, schemas, false);
  assert.deepEqual(
    fields.map((f) => [f.label, f.input, f.required]),
    [
      ['kind', 'enum', true],
      ['labels', 'list', false],
      ['location[city]', 'text', false],
      ['location[postcode]', 'text', false],
      ['count', 'text', false],
    ],
  );
  assert.deepEqual(
    formFields(document, {}, true).map((f) => [f.key, f.input]),
    [
      ['title', 'text'],
      ['file', 'file'],
      ['meta.issuer', 'text'],
      ['tags', 'list'],
    ],
  );
  assert.equal(formFields(document, {}, false).find((f) => f.key === 'file')?.input, 'text');
});

test('fieldValues and formValue: the example in, typed values out, empty fields left out', () => {
  const fields = formFields({ref: 'MeterForm'}, schemas, false);
  const values = fieldValues(fields, {kind: 'gas', labels: ['a', 'b'], location: {city: 'Leeds'}, count: 3});
  assert.deepEqual(values, {kind: 'gas', labels: 'a,b', 'location.city': 'Leeds', count: '3'});
  assert.deepEqual(formValue(fields, values, schemas), {kind: 'gas', labels: ['a', 'b'], location: {city: 'Leeds'}, count: 3});
  const json = formFields({type: 'object', properties: {deep: {type: 'array', items: {type: 'object'}}}}, {}, false);
  assert.throws(
    () => formValue(json, {deep: '[{'}, {}),
    (e: unknown) => e instanceof FieldError && e.field === 'deep' && /"deep" is not valid JSON/.test(e.message),
  );
});

test('formPairs: each style and explode of the Encoding Object', () => {
  const value = {kind: 'gas', labels: ['north', 'roof'], location: {city: 'Leeds', postcode: 'LS1 4AP'}};
  assert.equal(
    formUrlEncoded(formPairs(value, {location: {style: 'deepObject', explode: true}})),
    'kind=gas&labels=north&labels=roof&location%5Bcity%5D=Leeds&location%5Bpostcode%5D=LS1+4AP',
  );
  // The default (form, exploded): an object's properties become keys of their own.
  assert.deepEqual(formPairs(value), [
    ['kind', 'gas'],
    ['labels', 'north'],
    ['labels', 'roof'],
    ['city', 'Leeds'],
    ['postcode', 'LS1 4AP'],
  ]);
  assert.deepEqual(formPairs(value, {labels: {style: 'form', explode: false}, location: {explode: false}}).slice(1), [
    ['labels', 'north,roof'],
    ['location', 'city,Leeds,postcode,LS1 4AP'],
  ]);
  assert.deepEqual(formPairs({l: ['a', 'b']}, {l: {style: 'spaceDelimited'}}), [['l', 'a b']]);
  assert.deepEqual(formPairs({l: ['a', 'b']}, {l: {style: 'pipeDelimited'}}), [['l', 'a|b']]);
  // deepObject lists by index, as the code samples write them (Stripe and Rails read both forms).
  assert.deepEqual(formPairs({o: {a: [1, 2]}}, {o: {style: 'deepObject'}}), [
    ['o[a][0]', '1'],
    ['o[a][1]', '2'],
  ]);
});

test('multipart: parts with their Content-Type, a file as its bytes, the body byte for byte', async () => {
  const fields = formFields(document, {}, true);
  const file = new File(['%PDF-1.4 x'], 'cert.pdf', {type: ''});
  const parts = multipartParts(
    fields,
    {title: 'Calibration "2026"', 'meta.issuer': 'Acme', tags: 'a,b'},
    {file},
    {},
    {file: {contentType: 'application/pdf'}, meta: {contentType: 'application/json'}},
  );
  assert.deepEqual(
    parts.map((p) => [p.name, p.filename, p.contentType]),
    [
      ['title', undefined, undefined],
      ['file', 'cert.pdf', 'application/pdf'],
      ['meta', undefined, 'application/json'],
      ['tags', undefined, undefined],
      ['tags', undefined, undefined],
    ],
  );
  const {contentType, body} = multipartBody(parts, 'XyZ');
  assert.equal(contentType, 'multipart/form-data; boundary=XyZ');
  assert.equal(
    await body.text(),
    [
      '--XyZ',
      'Content-Disposition: form-data; name="title"',
      '',
      'Calibration "2026"',
      '--XyZ',
      'Content-Disposition: form-data; name="file"; filename="cert.pdf"',
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4 x',
      '--XyZ',
      'Content-Disposition: form-data; name="meta"',
      'Content-Type: application/json',
      '',
      '{"issuer":"Acme"}',
      '--XyZ',
      'Content-Disposition: form-data; name="tags"',
      '',
      'a',
      '--XyZ',
      'Content-Disposition: form-data; name="tags"',
      '',
      'b',
      '--XyZ--',
      '',
    ].join('\r\n'),
  );
  assert.deepEqual(multipartCurl(parts).slice(0, 3), [
    ['-F', 'title=Calibration "2026"'],
    ['-F', 'file=@cert.pdf;type=application/pdf'],
    ['-F', 'meta={"issuer":"Acme"};type=application/json'],
  ]);
  assert.deepEqual(multipartCurl([{name: 'n', data: '@etc/passwd'}]), [['--form-string', 'n=@etc/passwd']]);
  // A part name with a quote or a line break cannot break out of its header.
  const odd = await multipartBody([{name: 'a"\r\nX: y', data: 'v'}], 'B').body.text();
  assert.match(odd, /name="a%22%0D%0AX: y"\r\n\r\nv/);
});

test('querystringText: the query object as form-urlencoded (or JSON) text', () => {
  assert.equal(
    querystringText({meter: 'm_7f3a', from: '2026-01-01', limit: 50}, 'application/x-www-form-urlencoded'),
    'meter=m_7f3a&from=2026-01-01&limit=50',
  );
  assert.equal(querystringText({q: 'a b&c', tags: ['x', 'y']}, undefined), 'q=a+b%26c&tags=x&tags=y');
  assert.equal(querystringText({a: 1}, 'application/json'), '%7B%22a%22%3A1%7D');
  assert.equal(querystringText({a: 1}, 'application/vnd.api+json; charset=utf-8'), '%7B%22a%22%3A1%7D');
  assert.equal(querystringText({a: 1}, 'text/plain'), 'a=1', 'any type but JSON is form pairs');
});

const op = (method: string, media: MediaTypeData, extra: Partial<OperationPage> = {}): OperationPage => ({
  method: method as OperationPage['method'],
  path: '/meters',
  summary: 's',
  servers: [{url: 'https://api.test/v1'}],
  security: [],
  parameters: [],
  requestBody: {required: true, content: [media]},
  responses: [],
  schemas,
  samples: [],
  ...extra,
});
const input = (over: Partial<Parameters<typeof prepareBody>[2]> = {}) => ({text: '', fields: {}, files: {}, boundary: 'BND', ...over});

test('buildRequest with a prepared body: form, multipart, a file, XML; custom methods keep their body', async () => {
  const form = op('post', {
    mediaType: 'application/x-www-form-urlencoded',
    schema: {ref: 'MeterForm'},
    encoding: {location: {style: 'deepObject'}},
  });
  const built = buildRequest(
    form,
    'https://api.test/v1',
    {},
    {},
    prepareBody(form.requestBody!.content[0], schemas, input({fields: {kind: 'gas', 'location.city': 'Leeds'}})),
  );
  assert.equal(built.init.headers['Content-Type'], 'application/x-www-form-urlencoded');
  assert.equal(built.init.body, 'kind=gas&location%5Bcity%5D=Leeds');

  const multi = op('post', {mediaType: 'multipart/form-data', schema: document, encoding: {file: {contentType: 'application/pdf'}}});
  const file = new File(['PDF'], 'c.pdf');
  const m = buildRequest(
    multi,
    'https://api.test/v1',
    {},
    {},
    prepareBody(multi.requestBody!.content[0], {}, input({fields: {title: 'T'}, files: {file}})),
  );
  assert.equal(m.init.headers['Content-Type'], 'multipart/form-data; boundary=BND');
  assert.ok(m.init.body instanceof Blob);
  assert.match(await (m.init.body as Blob).text(), /filename="c.pdf"\r\nContent-Type: application\/pdf\r\n\r\nPDF\r\n--BND--/);

  const photo = op('put', {mediaType: 'image/jpeg', schema: {type: 'string', contentMediaType: 'image/jpeg'}});
  const jpeg = new File([new Uint8Array([0xff, 0xd8, 0x00, 0xff])], 'p.jpg');
  const p = buildRequest(photo, 'https://api.test/v1', {}, {}, prepareBody(photo.requestBody!.content[0], {}, input({file: jpeg})));
  assert.equal(p.init.headers['Content-Type'], 'image/jpeg');
  assert.deepEqual([...new Uint8Array(await (p.init.body as Blob).arrayBuffer())], [0xff, 0xd8, 0x00, 0xff]);
  assert.equal(prepareBody(photo.requestBody!.content[0], {}, input()), undefined, 'no file chosen: nothing to send');

  const xml = op('post', {mediaType: 'application/xml'});
  const x = buildRequest(xml, 'https://api.test/v1', {}, {}, prepareBody(xml.requestBody!.content[0], {}, input({text: '<r>1</r>'})));
  assert.deepEqual([x.init.headers['Content-Type'], x.init.body], ['application/xml', '<r>1</r>']);
  // The second documented media type, when the reader chooses it: its own Content-Type.
  const two = op(
    'post',
    {mediaType: 'application/json'},
    {requestBody: {required: true, content: [{mediaType: 'application/json'}, {mediaType: 'text/plain'}]}},
  );
  const t = buildRequest(two, 'https://api.test/v1', {}, {}, prepareBody(two.requestBody!.content[1], {}, input({text: 'a,1'})));
  assert.deepEqual([t.init.headers['Content-Type'], t.init.body], ['text/plain', 'a,1']);
  const blank = buildRequest(two, 'https://api.test/v1', {}, {}, prepareBody(two.requestBody!.content[1], {}, input({text: '  '})));
  assert.deepEqual([blank.init.headers['Content-Type'], blank.init.body], [undefined, undefined], 'blank text: no body');

  for (const method of ['query', 'COPY', 'PURGE']) {
    const custom = op(method, {mediaType: 'application/json'});
    const c = buildRequest(custom, 'https://api.test/v1', {}, {}, '{"a":1}');
    assert.deepEqual([c.init.method, c.init.body], [method.toUpperCase(), '{"a":1}']);
    const preview = curlPreview(custom, 'https://api.test/v1', {}, '{"a":1}', 'https://docs.test/', 0, () => false);
    assert.ok('curl' in preview && preview.curl.startsWith(`curl -i -X ${method.toUpperCase()} `), JSON.stringify(preview));
  }
});

test('curlPreview: -F parts without a Content-Type header, a file as --data-binary @name', () => {
  const multi = op('post', {mediaType: 'multipart/form-data', schema: document, encoding: {file: {contentType: 'application/pdf'}}});
  const prepared = prepareBody(multi.requestBody!.content[0], {}, input({fields: {title: 'T'}, files: {file: new File(['x'], 'c.pdf')}}));
  const preview = curlPreview(multi, 'https://api.test/v1', {}, prepared, 'https://docs.test/', 0, () => false);
  assert.ok('curl' in preview);
  assert.doesNotMatch(preview.curl, /Content-Type/);
  assert.match(preview.curl, /-F 'title=T' \\\n  -F 'file=@c\.pdf;type=application\/pdf'/);
  const photo = op('put', {mediaType: 'image/jpeg'});
  const p = curlPreview(
    photo,
    'https://api.test/v1',
    {},
    prepareBody(photo.requestBody!.content[0], {}, input({file: new File(['x'], 'p.jpg')})),
    'https://docs.test/',
    0,
    () => false,
  );
  assert.ok('curl' in p);
  assert.match(p.curl, /-H 'Content-Type: image\/jpeg' \\\n  --data-binary '@p\.jpg'/);
});

test('buildRequest: an in: querystring parameter makes up the query, a malformed one is refused with its name', () => {
  const page = op(
    'get',
    {mediaType: 'application/json'},
    {
      requestBody: undefined,
      parameters: [{name: 'filter', in: 'querystring', required: false, mediaType: 'application/x-www-form-urlencoded'}],
    },
  );
  const built = buildRequest(page, 'https://api.test/v1', {'querystring:filter': '{"meter":"m 1","limit":50}'}, {}, undefined);
  assert.equal(built.url, 'https://api.test/v1/meters?meter=m+1&limit=50');
  assert.equal(buildRequest(page, 'https://api.test/v1', {'querystring:filter': ''}, {}, undefined).url, 'https://api.test/v1/meters');
  assert.throws(
    () => buildRequest(page, 'https://api.test/v1', {'querystring:filter': '{x'}, {}, undefined),
    /query object "filter" is not valid JSON/,
  );
  assert.throws(
    () => buildRequest(page, 'https://api.test/v1', {'querystring:filter': '[1]'}, {}, undefined),
    /"filter" must be a JSON object/,
  );
});
