/**
 * Our reference never sends a reader to a schema by its component name: pages show fields and
 * types, not `components/schemas` names, so "see CustomerStatus" named something no page shows
 * (issue 21). Every description of our document (operations, parameters, responses, headers,
 * schemas and their properties, the overview) is checked for the names of its component schemas
 * that are not ordinary words (two or more capitals: CustomerStatus, InvoiceLine…).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {OUR_SOURCE} from '../../openapi/pipeline/build';
import {releaseDocument} from '../../openapi/pipeline/release';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Every `description` string of a document with its JSON pointer. */
function descriptions(node: any, pointer = '#', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((v, i) => descriptions(v, `${pointer}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      const at = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (k === 'description' && typeof v === 'string') out.push([at, v]);
      else descriptions(v, at, out);
    }
  }
  return out;
}

test('no description of our document names a component schema the pages do not show by name', async () => {
  const doc: any = await releaseDocument(OUR_SOURCE);
  const names = Object.keys(doc.components?.schemas ?? {}).filter((n) => /^[A-Z][a-z0-9]+[A-Z]/.test(n));
  assert.ok(names.includes('CustomerStatus'), 'the check knows the compound names (CustomerStatus among them)');
  const found = descriptions(doc).flatMap(([at, text]) =>
    names.filter((n) => new RegExp(`\\b${n}\\b`).test(text)).map((n) => `${at}: ${n}`),
  );
  assert.deepEqual(found, []);
});
