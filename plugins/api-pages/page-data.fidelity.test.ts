/**
 * What the description says reaches the page data and the Markdown twin (issue 24, fidelity):
 * callbacks, read-only fields in webhook payloads, maps, a component that is only another, every
 * named example (3.2 dataValue / serializedValue, externalValue), streamed bodies (itemSchema),
 * response summary, discriminator defaultMapping, components.mediaTypes, style cookie and
 * allowReserved. Read from the OpenAPI 3.2 test description, tests/fixtures/oas-3.2/openapi.yaml.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {PageDataBuilder, safeExternalValue, streamKind} from './page-data';
import type {OpenApiDocument} from '../../openapi/model/document';
import type {OperationPage} from './client/page-data-format';
import {operationMarkdown} from '../agent-docs/operation-markdown';
import {
  constraintItems,
  discriminatorValues,
  hasChildren,
  resolve,
  serializationItems,
  typeLabel,
} from '../../src/components/SchemaView/model';
import {exampleEntries} from '../../src/components/ApiOperation/examples';
import {htmlText} from '../agent-docs/html-markdown';

const doc = parse(
  readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/oas-3.2/openapi.yaml'), 'utf8')
    .replaceAll('API_ORIGIN', 'https://api.meters.test')
    .replaceAll('AUTH_ORIGIN', 'https://auth.meters.test'),
) as OpenApiDocument;

const build = () => new PageDataBuilder(doc);

test('callbacks: each callback operation with its name, URL expression, method, payload and responses; its schemas travel with the page', () => {
  const page = build().operation('post', '/meters');
  assert.equal(page.callbacks?.length, 1);
  const [c] = page.callbacks!;
  assert.equal(c!.name, 'meterAlert');
  assert.equal(c!.expression, '{$request.body#/alertUrl}');
  assert.equal(c!.method, 'post');
  assert.equal(c!.operationId, 'meterAlertCallback');
  assert.equal(c!.summary, 'Meter alert');
  assert.match(c!.description ?? '', /<code>alertUrl<\/code>/);
  assert.deepEqual(c!.requestBody?.content[0]?.schema, {ref: 'Alert'});
  assert.equal(c!.requestBody?.required, true);
  assert.deepEqual(
    c!.responses.map((r) => [r.status, r.description]),
    [['204', '<p>Alert received.</p>']],
  );
  // The payload's variants are on the page (its HTML shows them).
  for (const name of ['Alert', 'SilentAlert', 'GenericAlert']) assert.ok(page.schemas[name], name);
  // An operation without callbacks has no such field.
  assert.equal(build().operation('get', '/meters').callbacks, undefined);
});

test('callbacks in the twin: a section with name, method and expression, payload fields and the expected answers', () => {
  const md = operationMarkdown(build().operation('post', '/meters'));
  const section = md.slice(md.indexOf('## Callbacks'));
  assert.ok(md.includes('## Callbacks'), md);
  assert.ok(section.includes('Callback `meterAlert` (operation `meterAlertCallback`): `POST {$request.body#/alertUrl}`'), section);
  assert.ok(section.includes('`silentSince` (string<date-time>)'), section);
  assert.ok(section.includes('#### 204 No Content'), section);
});

test("webhook payloads are written by the API: a generated example keeps read-only fields; a request body's leaves them out", () => {
  const b = build();
  const webhook = b.webhook('meterRetired', 'post');
  const payload = webhook.requestBody!.content[0]!.example as Record<string, unknown>;
  assert.ok('id' in payload && 'installedAt' in payload, JSON.stringify(payload));
  // A callback's payload too.
  const alert = b.operation('post', '/meters').callbacks![0]!.requestBody!.content[0]!.example;
  assert.ok(alert && typeof alert === 'object');
  // The same Meter as a request body (the client writes it): no read-only field.
  const request = new PageDataBuilder({
    ...doc,
    paths: {'/m': {post: {requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Meter'}}}}, responses: {}}}},
  }).operation('post', '/m');
  const body = request.requestBody!.content[0]!.example as Record<string, unknown>;
  assert.ok(!('id' in body) && !('installedAt' in body), JSON.stringify(body));
  assert.ok('kind' in body);
});

test('maps: "map of string to …" with the value type; min/max properties on the value and the field', () => {
  const page = build().operation('get', '/meters/{meterId}');
  const meter = page.schemas.Meter!;
  assert.equal(typeLabel(meter.properties!.labels, page.schemas), 'map of string to string');
  assert.equal(typeLabel(meter.properties!.limits, page.schemas), 'map of string to Threshold');
  assert.deepEqual(constraintItems(meter.properties!.labels!), [{kind: 'value', label: 'max properties', value: '20'}]);
  assert.deepEqual(constraintItems(meter), [{kind: 'value', label: 'min properties', value: '3'}]);
  // An object with named fields and additional ones is still an object; `true` is no map.
  assert.equal(typeLabel({type: 'object', properties: {a: {}}, additionalProperties: {type: 'string'}}, {}), 'object');
  assert.equal(typeLabel({type: 'object', additionalProperties: true}, {}), 'object');
  assert.equal(
    typeLabel({type: 'object', additionalProperties: {type: 'array', items: {ref: 'T'}}}, {T: {type: 'object'}}),
    'map of string to array of T',
  );
  const md = operationMarkdown(page);
  assert.ok(md.includes('Schema: Meter, min properties: `3`'), md);
  assert.ok(md.includes('- `labels` (map of string to string, max properties: `20`): Free-form labels.'), md);
  assert.ok(md.includes('- `limits` (map of string to Threshold): Alert thresholds per reading kind.'), md);
});

test("a component that is only allOf [$ref Y] shows Y's fields under its own name", () => {
  const page = build().operation('get', '/readings/batches');
  const item = page.responses[0]!.content[0]!.itemSchema!;
  assert.deepEqual(item, {ref: 'Batch'});
  const {node, name, missing} = resolve(item, page.schemas);
  assert.equal(missing, undefined);
  assert.equal(name, 'Batch');
  assert.deepEqual(Object.keys(node.properties ?? {}), ['batchId', 'readings']);
  assert.equal(typeLabel(item, page.schemas), 'Batch');
  assert.equal(typeLabel({type: 'array', items: item}, page.schemas), 'array of Batch');
  assert.ok(hasChildren(item, page.schemas));
  // A chain that loops ends (and reads as missing fields, not a hang).
  assert.equal(resolve({ref: 'A'}, {A: {ref: 'B'}, B: {ref: 'A'}}).node.properties, undefined);
  const md = operationMarkdown(page);
  assert.ok(md.includes('- `batchId` (string)'), md);
  assert.ok(md.includes('- `readings` (array of Reading)'), md);
});

test('named examples: every one under its name, summary and description; dataValue read like value', () => {
  const page = build().operation('get', '/meters/{meterId}');
  const media = page.responses[0]!.content[0]!;
  assert.deepEqual(
    media.examples?.map((e) => [e.name, e.summary]),
    [
      ['electric', 'An electricity meter'],
      ['gas', 'A gas meter'],
    ],
  );
  // The first one's HTML is the body's exampleHtml (carried once); exampleEntries gives it back.
  assert.equal(media.examples![0]!.html, undefined);
  const entries = exampleEntries(media);
  assert.match(htmlText(entries[0]!.html!), /"id": "m_7f3a"/);
  assert.match(htmlText(entries[1]!.html!), /"id": "m_9c01"/);
  assert.match(entries[1]!.description ?? '', /cubic metres/);
  const md = operationMarkdown(page);
  assert.ok(md.includes('Example `electric` (An electricity meter):'), md);
  assert.ok(md.includes('Example `gas` (A gas meter):\n\nGas meters report in cubic metres.'), md);
  assert.ok(md.includes('"id": "m_9c01"'), md);
});

test('serializedValue is shown as written; externalValue is linked when http(s) or relative, dropped otherwise', () => {
  const page = build().operation('get', '/readings/stream');
  const media = page.responses[0]!.content[0]!;
  const text = htmlText(media.exampleHtml!);
  assert.ok(text.startsWith('event: reading\nid: 1\ndata: {"meter":"m_7f3a","value":12.5'), text);
  assert.equal(media.exampleGiven, true);
  assert.deepEqual(safeExternalValue('https://x.test/a.json'), 'https://x.test/a.json');
  assert.deepEqual(safeExternalValue('examples/a.json'), 'examples/a.json');
  assert.equal(safeExternalValue('javascript:alert(1)'), undefined);
  assert.equal(safeExternalValue('//evil.test/a'), undefined);
  const external = new PageDataBuilder({
    ...doc,
    paths: {
      '/x': {
        get: {
          responses: {
            '200': {
              description: 'x',
              content: {
                'application/json': {
                  examples: {
                    big: {summary: 'A large one', externalValue: 'https://x.test/big.json'},
                    bad: {summary: 'Not a link', externalValue: 'javascript:alert(1)'},
                  },
                },
              },
            },
          },
        },
      },
    },
  }).operation('get', '/x');
  const list = external.responses[0]!.content[0]!.examples!;
  assert.deepEqual(list[0], {name: 'big', summary: 'A large one', externalValue: 'https://x.test/big.json'});
  assert.deepEqual(list[1], {name: 'bad', summary: 'Not a link'});
  assert.ok(operationMarkdown(external).includes('Kept outside the description: <https://x.test/big.json>'));
});

test('streamed bodies: the item schema, the framing, and generated examples of several items', () => {
  const b = build();
  const sse = b.operation('get', '/readings/stream').responses[0]!.content[0]!;
  assert.equal(sse.stream, 'sse');
  assert.equal(sse.schema, undefined);
  const event = resolve(sse.itemSchema, {}).node;
  assert.deepEqual(Object.keys(event.properties ?? {}), ['event', 'id', 'data']);
  assert.deepEqual(event.properties!.data, {type: 'string', contentMediaType: 'application/json', contentSchema: {ref: 'Reading'}});
  const page = b.operation('get', '/readings/stream');
  assert.equal(typeLabel(event.properties!.data, page.schemas), 'string (application/json: Reading)');
  assert.ok(hasChildren(event.properties!.data, page.schemas));
  const exports = b.operation('get', '/readings/export').responses[0]!.content;
  assert.deepEqual(
    exports.map((m) => [m.mediaType, m.stream, m.itemSchema?.ref, m.binary]),
    [
      ['application/jsonl', 'lines', 'Reading', undefined],
      ['application/x-ndjson', 'lines', 'Reading', undefined],
      ['application/json-seq', 'json-seq', 'Reading', undefined],
    ],
  );
  // No example in the document: two items, framed as the media type sends them.
  const lines = htmlText(exports[0]!.exampleHtml!).split('\n');
  assert.equal(lines.length, 2);
  for (const line of lines) assert.deepEqual(Object.keys(JSON.parse(line)), ['meter', 'value', 'at']);
  assert.equal(exports[0]!.exampleGiven, false);
  // SSE without an example: two events whose data is the contentSchema's JSON.
  const generated = new PageDataBuilder({
    ...doc,
    paths: {
      '/s': {
        get: {
          responses: {
            '200': {
              description: 's',
              content: {
                'text/event-stream': {
                  itemSchema: (doc.paths!['/readings/stream']!.get!.responses!['200'] as any).content['text/event-stream'].itemSchema,
                },
              },
            },
          },
        },
      },
    },
  }).operation('get', '/s');
  const transcript = htmlText(generated.responses[0]!.content[0]!.exampleHtml!);
  const events = transcript.split('\n\n');
  assert.equal(events.length, 2, transcript);
  const data = /^data: (.*)$/m.exec(events[0]!)?.[1];
  assert.deepEqual(Object.keys(JSON.parse(data!)), ['meter', 'value', 'at']);
  assert.equal(streamKind('multipart/mixed'), 'multipart');
  assert.equal(streamKind('Text/Event-Stream; charset=utf-8'), 'sse');
  const md = operationMarkdown(page);
  assert.ok(md.includes('Server-sent events: the response is a stream, each event is:\n\nItem schema: object'), md);
  assert.ok(md.includes('- `data` (string (application/json: Reading), required)\n  - `meter` (string, required)'), md);
  assert.ok(md.includes('Example `twoReadings` (Two readings and a heartbeat):'), md);
});

test('3.2 details: response summary, components.mediaTypes, defaultMapping, style cookie and allowReserved', () => {
  const b = build();
  const list = b.operation('get', '/meters');
  assert.equal(list.responses[0]!.summary, 'The meters');
  const [site, session] = list.parameters;
  assert.equal(site!.allowReserved, true);
  assert.equal(session!.style, 'cookie');
  assert.deepEqual(serializationItems(site!), [
    {kind: 'flag', label: "reserved characters (:/?#[]@!$&'()*+,;=) sent unencoded (allowReserved)"},
  ]);
  assert.deepEqual(serializationItems(session!), [
    {kind: 'value', label: 'style', value: 'cookie'},
    {kind: 'flag', label: 'sent as name=value cookie pairs'},
  ]);
  // A location's default style is no news.
  assert.deepEqual(serializationItems({in: 'query', style: 'form'}), []);
  const tariff = b.operation('get', '/tariffs/{tariffId}');
  const notFound = tariff.responses.find((r) => r.status === '404')!;
  assert.equal(notFound.summary, 'Not found');
  // The media type is a $ref into components.mediaTypes, resolved.
  assert.deepEqual(Object.keys(notFound.content[0]!.schema?.properties ?? {}), ['title', 'status']);
  assert.match(htmlText(notFound.content[0]!.exampleHtml!), /"status": 404/);
  const alert = b.operation('post', '/meters').schemas.Alert!;
  assert.equal(alert.discriminator?.defaultMapping, '#/components/schemas/GenericAlert');
  assert.deepEqual(discriminatorValues(alert.discriminator, 'SilentAlert'), {values: ['silent'], fallback: false});
  assert.deepEqual(discriminatorValues(alert.discriminator, 'GenericAlert'), {values: [], fallback: true});
  // Without a mapping entry, a component's own name is its value.
  assert.deepEqual(discriminatorValues({propertyName: 'kind'}, 'Cat'), {values: ['Cat'], fallback: false});
  const md = operationMarkdown(list);
  assert.ok(md.includes('### 200 The meters'), md);
  assert.ok(md.includes("| `site` | query | string, reserved characters (:/?#[]@!$&'()*+,;=) sent unencoded (allowReserved) |"), md);
  assert.ok(md.includes('| `session` | cookie | object, style: `cookie`, sent as name=value cookie pairs |'), md);
  assert.ok(
    operationMarkdown(b.operation('post', '/meters')).includes('**GenericAlert** (GenericAlert) when `type` is any other value (default)'),
  );
});

test('a page carries the schemas its streamed bodies and callbacks reach', () => {
  const page: OperationPage = build().operation('get', '/readings/batches');
  assert.deepEqual(Object.keys(page.schemas).sort(), ['Batch', 'BatchBase', 'Reading']);
});

test("allOf: a property two parts describe must satisfy both (one part's enum, the other's items)", () => {
  const page = new PageDataBuilder({
    openapi: '3.1.0',
    info: {title: 't', version: '1'},
    components: {
      schemas: {
        Trip: {type: 'object', properties: {id: {type: 'string'}, price: {type: 'number'}}},
        Wrapper: {
          type: 'object',
          properties: {data: {type: 'array', items: {type: 'object'}}, reason: {type: 'string', enum: ['spam', 'resolved']}},
        },
        Page: {
          allOf: [
            {$ref: '#/components/schemas/Wrapper'},
            {properties: {data: {type: 'array', items: {$ref: '#/components/schemas/Trip'}}, reason: {description: 'Why.', minLength: 3}}},
          ],
        },
      },
    },
    paths: {
      '/p': {get: {responses: {'200': {description: 'p', content: {'application/json': {schema: {$ref: '#/components/schemas/Page'}}}}}}},
    },
  }).operation('get', '/p');
  const node = page.schemas.Page!;
  assert.deepEqual(node.properties!.reason!.enum, ['spam', 'resolved']);
  assert.equal(node.properties!.reason!.minLength, 3);
  assert.equal(typeLabel(node.properties!.data, page.schemas), 'array of Trip');
  const md = operationMarkdown(page);
  assert.ok(md.includes('- `data` (array of Trip)\n  - `id` (string)\n  - `price` (number)'), md);
  assert.ok(md.includes('- `reason` (string, Allowed values: `spam`, `resolved`, min length: `3`): Why.'), md);
});

test('a map that is a component reads "map of string to …" too', () => {
  const schemas = {CustomFields: {type: 'object', title: 'CustomFields', additionalProperties: {description: 'A field.'}}};
  assert.equal(typeLabel({ref: 'CustomFields'}, schemas), 'map of string to any');
});
