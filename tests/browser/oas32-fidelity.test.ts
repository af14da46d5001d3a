/**
 * Every fact the description says, on the operation page (issue 24, fidelity), read in a real
 * browser from the site built of the OpenAPI 3.2 test description (tests/fixtures/oas-3.2):
 * callbacks, read-only fields in webhook payloads, maps and min/max properties, a component that
 * is only `allOf: [{$ref}]`, every named example (dataValue, serializedValue), streamed bodies
 * (itemSchema), response summary, discriminator defaultMapping, components.mediaTypes,
 * `style: cookie` and `allowReserved`. Pages are found by operationId through the built document's
 * slugs, so a change of slug rules does not break the test.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Locator, Page} from 'playwright-core';
import {gotoHydrated, useSite} from './harness';
import {fixtureSite} from '../build/fixture-site';
import {apiPageRoute, callbackAnchor} from '../../openapi/model/routes';

const fixture = fixtureSite('tests/fixtures/oas-3.2/openapi.yaml', {
  API_ORIGIN: 'https://api.meters.test',
  AUTH_ORIGIN: 'https://auth.meters.test',
});
const site = useSite({root: fixture.root});
const processed = JSON.parse(readFileSync(path.join(fixture.dir, 'openapi/processed/openapi.json'), 'utf8'));

/** The page route of the operation (or webhook) with this operationId, from the built document's slugs. */
function route(operationId: string): string {
  for (const group of [processed.paths, processed.webhooks]) {
    for (const item of Object.values<any>(group ?? {})) {
      for (const op of [...Object.values<any>(item), ...Object.values<any>(item.additionalOperations ?? {})]) {
        if (op && typeof op === 'object' && op.operationId === operationId) return apiPageRoute(op['x-portal-slug']);
      }
    }
  }
  throw new Error(`no operation ${operationId} in the built document`);
}

/** The visible text of an element, white space folded. */
const text = async (l: Locator) =>
  ((await l.innerText()) ?? '')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The list item of a field `name` directly under a schema view. */
const field = (scope: Locator, name: string) =>
  scope
    .locator('li')
    .filter({has: scope.page().locator(`xpath=./div/code[normalize-space()="${name}"]`)})
    .first();

async function open(operationId: string): Promise<Page> {
  const page = await site.page();
  await gotoHydrated(page, site, route(operationId));
  return page;
}

describe('OpenAPI 3.2 fidelity: the operation page says what the description says', () => {
  test('callbacks: a section on the registering page with name, expression, method, payload and responses, linked from the header', async () => {
    const page = await open('registerMeter');
    const section = page.locator('[data-callbacks]');
    assert.equal(await text(section.getByRole('heading', {level: 2})), 'Callbacks');
    const anchor = callbackAnchor('meterAlert', 'post');
    const callback = page.locator('[data-callback="meterAlert"]');
    assert.equal(await callback.getByRole('heading', {level: 3}).getAttribute('id'), anchor);
    assert.equal(await text(callback.getByRole('heading', {level: 3})), 'Meter alert');
    assert.equal(await text(callback.locator('[data-callback-expression]')), '{$request.body#/alertUrl}');
    assert.match(await text(callback), /Callback meterAlert \(operation meterAlertCallback\)/);
    assert.match(await text(callback.locator('[class*="endpoint"]')), /^POST/);
    // The payload's variants and their fields, each chosen by its discriminator value.
    const payload = await text(callback);
    assert.match(payload, /SilentAlert when type is silent/);
    assert.match(payload, /GenericAlert when type is any other value \(default\)/);
    for (const name of ['meter', 'silentSince', 'message']) await field(callback, name).waitFor({state: 'visible', timeout: 10_000});
    // The answers the receiving server gives.
    assert.match(await text(callback.locator('details').filter({hasText: '204'})), /204 No Content Alert received\./);
    // The callback's name and expression are indexed for search (outside the skipped parts).
    assert.equal(await callback.getByRole('heading', {level: 3}).evaluate((h) => Boolean(h.closest('.search-skip'))), false);
    // The header links to it.
    await page.locator(`[data-callback-links] a[href="#${anchor}"]`).click();
    assert.equal(new URL(page.url()).hash, `#${anchor}`);
    // An operation without callbacks has neither the section nor the link.
    const other = await open('listMeters');
    assert.equal(await other.locator('[data-callbacks], [data-callback-links]').count(), 0);
  });

  test('webhook payloads show read-only fields (the API writes them); a request body still leaves them out', async () => {
    const page = await open('meterRetiredWebhook');
    const payload = page.locator('section').filter({has: page.getByRole('heading', {name: /Payload/})});
    for (const name of ['id', 'installedAt']) {
      const row = field(payload, name);
      await row.waitFor({state: 'visible', timeout: 10_000});
      assert.match(await text(row), /read-only/i);
    }
    // On the registering operation's request body (MeterForm) nothing read-only is shown, as before.
    const request = await open('registerMeter');
    const body = request.locator('section').filter({has: request.getByRole('heading', {name: /Request body/})});
    assert.equal(await body.getByText('read-only', {exact: true}).count(), 0);
  });

  test('maps read "map of string to …" with the value schema; min/max properties are shown', async () => {
    const page = await open('getMeter');
    const response = page.locator('#response-200');
    assert.match(await text(field(response, 'labels')), /^labels map of string to string Free-form labels\. max properties: 20/);
    assert.match(await text(field(response, 'limits')), /^limits map of string to Threshold/);
    // The whole value's constraint, above its fields.
    assert.match(await text(response), /Meter min properties: 3/);
    // The map's values: their fields behind the disclosure.
    const limits = field(response, 'limits');
    await limits.locator('summary').first().click();
    const value = field(limits, '{key}');
    assert.match(await text(value), /^\{key\} Threshold/);
    await value.locator('summary').first().click();
    for (const name of ['above', 'below']) await field(value, name).waitFor({state: 'visible', timeout: 10_000});
  });

  test("a component that is only allOf [$ref Y] shows Y's fields", async () => {
    const page = await open('getReadingBatches');
    const response = page.locator('#response-200');
    assert.match(await text(response.locator('[data-stream]')), /^A stream of parts \(multipart\), each part is: Batch/);
    for (const name of ['batchId', 'readings']) await field(response, name).waitFor({state: 'visible', timeout: 10_000});
    assert.match(await text(field(response, 'readings')), /array of Reading/);
  });

  test('named examples: every one under its name, summary and description (dataValue read like value)', async () => {
    const page = await open('getMeter');
    const examples = page.locator('#response-200 [data-named-examples]');
    assert.deepEqual(
      await examples.locator('details > summary').allInnerTexts(),
      ['electric An electricity meter', 'gas A gas meter'].map((s) => s),
    );
    const gas = examples.locator('details[data-example="gas"]');
    await gas.locator('summary').click();
    assert.match(await text(gas), /Gas meters report in cubic metres\./);
    assert.match(await gas.locator('pre code').innerText(), /"id": "m_9c01"/);
    const electric = examples.locator('details[data-example="electric"]');
    await electric.locator('summary').click();
    assert.match(await electric.locator('pre code').innerText(), /"id": "m_7f3a"/);
    // The examples panel opens on the first one.
    const panel = page.getByRole('region', {name: 'Response example', exact: true});
    assert.match(await panel.locator('pre code').first().innerText(), /"id": "m_7f3a"/);
  });

  test("streamed responses: the page says it is a stream, shows one event with data's content schema, and examples show several events", async () => {
    const page = await open('streamReadings');
    const stream = page.locator('#response-200 [data-stream="sse"]');
    assert.match(await text(stream), /^Server-sent events: the response is a stream, each event is:/);
    for (const name of ['event', 'id', 'data']) await field(stream, name).waitFor({state: 'visible', timeout: 10_000});
    const data = field(stream, 'data');
    assert.match(await text(data), /^data string \(application\/json: Reading\) required/i);
    await data.locator('summary').first().click();
    for (const name of ['meter', 'value', 'at']) await field(data, name).waitFor({state: 'visible', timeout: 10_000});
    // The serializedValue example, as written: three events.
    const panel = page.getByRole('region', {name: 'Response example', exact: true});
    const transcript = await panel.locator('pre code').first().innerText();
    assert.equal(transcript.match(/^event: /gm)?.length, 3, transcript);
    assert.match(transcript, /^event: heartbeat$/m);
    // JSON Lines without an example: two generated lines, each one item.
    const lines = await open('exportReadings');
    assert.match(
      await text(lines.locator('#response-200 [data-stream="lines"]').first()),
      /^A stream of JSON texts, one per line, each one is: Reading/,
    );
    const generated = await lines.getByRole('region', {name: 'Response example', exact: true}).locator('pre code').first().innerText();
    const items = generated.trim().split('\n');
    assert.equal(items.length, 2, generated);
    for (const item of items) assert.deepEqual(Object.keys(JSON.parse(item)), ['meter', 'value', 'at']);
  });

  test('3.2 details: response summary as the title, components.mediaTypes resolved, style cookie and allowReserved noted', async () => {
    const page = await open('listMeters');
    assert.equal(await text(page.locator('#response-200 [data-response-title]')), 'The meters');
    const site_ = await text(page.locator('[data-param="query:site"]'));
    assert.match(site_, /reserved characters \(:\/\?#\[\]@!\$&'\(\)\*\+,;=\) sent unencoded \(allowReserved\)/);
    const session = await text(page.locator('[data-param="cookie:session"]'));
    assert.match(session, /style: cookie/);
    assert.match(session, /sent as name=value cookie pairs/);
    const tariff = await open('getTariff');
    const notFound = tariff.locator('#response-404');
    assert.equal(await text(notFound.locator('[data-response-title]')), 'Not found');
    await notFound.locator('summary').first().click();
    // The media type object is a $ref into components.mediaTypes: its schema's fields show.
    for (const name of ['title', 'status']) await field(notFound, name).waitFor({state: 'visible', timeout: 10_000});
  });

  test('in: querystring: a "Query string" group with the media type, an example query and the fields of its schema', async () => {
    const page = await open('listReadings');
    const group = page.locator('[data-param="querystring:filter"]');
    await group.waitFor({state: 'visible', timeout: 10_000});
    const said = await text(group);
    assert.match(
      said,
      /The whole query string, one object encoded as application\/x-www-form-urlencoded, e\.g\. \?meter=m_7f3a&from=2026-01-01&limit=50\./,
    );
    for (const name of ['meter', 'from', 'limit']) await field(group, name).waitFor({state: 'visible', timeout: 10_000});
    assert.match(await text(page.locator('main')), /Query string/i, 'the group is labelled');
  });

  test('the Markdown twin says the same: callbacks, maps, named examples, the stream', () => {
    const twin = (operationId: string) => readFileSync(path.join(fixture.root, `${route(operationId)}.md`), 'utf8');
    const register = twin('registerMeter');
    assert.ok(register.includes('Callback `meterAlert` (operation `meterAlertCallback`): `POST {$request.body#/alertUrl}`'), register);
    const meter = twin('getMeter');
    assert.ok(meter.includes('- `limits` (map of string to Threshold)'), meter);
    assert.ok(meter.includes('Example `gas` (A gas meter):'), meter);
    const stream = twin('streamReadings');
    assert.ok(stream.includes('Server-sent events: the response is a stream, each event is:'), stream);
    // in: querystring: the fields of its schema, as the page lists them.
    const readings = twin('listReadings');
    const query = readings.slice(readings.indexOf('### Query string `filter`'));
    assert.ok(
      query.startsWith('### Query string `filter`\n\nThe whole query string, one object encoded as `application/x-www-form-urlencoded`.'),
      readings,
    );
    for (const name of ['meter', 'from', 'limit']) assert.match(query, new RegExp(`^- \`${name}\``, 'm'), `${name} listed`);
  });
});
