/**
 * Page data of a foreign document with HTML in its descriptions (tests/fixtures/html-descriptions.json):
 * every description field, wherever it sits (operation, parameter, response, schema property,
 * overview sections, tags), keeps its markup and carries nothing unsafe. The same document is
 * built and read in Chromium by tests/build/html-descriptions.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {buildOverview} from './markdown';
import {PageDataBuilder} from './page-data';

/* eslint-disable @typescript-eslint/no-explicit-any */
const doc = JSON.parse(readFileSync(path.join(__dirname, '../../tests/fixtures/html-descriptions.json'), 'utf8'));

/** Every HTML string of the page data: description fields and overview section bodies. */
function htmlFields(node: any, where = '', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((n, i) => htmlFields(n, `${where}[${i}]`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'description' || (k === 'html' && !where.includes('samples'))) && typeof v === 'string') out.push([`${where}.${k}`, v]);
      else htmlFields(v, `${where}.${k}`, out);
    }
  }
  return out;
}

function assertSafe(fields: [string, string][]): void {
  for (const [where, html] of fields) {
    assert.ok(!/&lt;\/?(code|em|b|i|kbd|table|ul|li|br)\b/.test(html), `${where} escapes markup: ${html}`);
    assert.ok(!/<(script|style|iframe)|\son\w+=|style=|javascript:/i.test(html), `${where} carries unsafe markup: ${html}`);
  }
}

test('operation page data: every description renders its HTML, safely', () => {
  const page = new PageDataBuilder(doc).operation('get', '/widgets/{id}');
  const fields = htmlFields(page);
  assertSafe(fields);
  const byWhere = Object.fromEntries(fields);
  assert.match(byWhere['.description'], /<code><em>customField<\/em>__c<\/code>/);
  assert.match(byWhere['.description'], /<a href="https:\/\/docs\.acme\.example\/widgets" rel="noopener noreferrer">the guide<\/a>/);
  assert.match(byWhere['.parameters[0].description'], /<kbd>wid_123<\/kbd>/);
  assert.match(byWhere['.responses[0].description'], /<i>widget<\/i>/);
  assert.match(
    byWhere['.schemas.Widget.properties.name__c.description'],
    /<code><em>customField<\/em>__c<\/code>.<br \/>Up to <b>255<\/b>/,
  );
  // Ours first, then the document's (x-codeSamples), a label of ours marked as the document's.
  assert.deepEqual(
    page.samples.map((s) => s.label),
    ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby', 'Curl (API description)', 'C# (API description)', 'Swift'],
  );
});

test('overview data: info sections and tag descriptions render their HTML, safely', () => {
  const overview = buildOverview(doc);
  const fields = [...htmlFields(overview), ...overview.sections.map((s, i): [string, string] => [`sections[${i}]`, s.html])];
  assertSafe(fields);
  assert.match(overview.sections[0].html, /The <b>Acme<\/b> billing API/);
  assert.match(overview.sections[0].html, /<table><thead><tr><th>Plan<\/th>/);
  assert.match(overview.categories[0].description!, /<code><em>customField<\/em>__c<\/code>/);
});
