/**
 * The Markdown twins read page data back from the modules `gen:api` writes. Both forms must parse:
 * the plain one and the one of a large schema graph, whose page loads its other schemas on demand
 * (GitHub's build failed on the second form: "not a page data module").
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {dataModuleName, dataModuleSource, parseDataModule, SCHEMA_DIR} from './page-data-format';

const page = {method: 'get', path: '/a', summary: 'Line one\nline "two" \\ `x` </script>', responses: [], schemas: {Pet: {type: 'object'}}};

test('a plain page data module round-trips', () => {
  const source = dataModuleSource(page);
  assert.match(source, /^export default JSON\.parse\(/);
  assert.deepEqual(parseDataModule(source), page);
});

test('a page that loads schemas on demand round-trips, loader line and all', () => {
  const lazy = {...page, lazySchemas: true};
  const source = dataModuleSource(lazy);
  assert.match(source, /^const data = JSON\.parse\(/);
  assert.match(source, /loadSchemaIndex/);
  assert.deepEqual(parseDataModule(source), lazy);
});

test('anything else is refused with the start of the text', () => {
  assert.throws(() => parseDataModule('module.exports = {}'), /not a page data module \(it starts "module\.exports/);
});

test('the module names the generated pages import: "<id>.data.js" beside the page, shared schemas under "_schemas/" (kept out of the docs)', () => {
  assert.equal(dataModuleName('get-customer'), 'get-customer.data.js');
  assert.equal(SCHEMA_DIR, '_schemas');
});

test('a page data module runs as the bundler runs it: its default export is the data; a lazy one loads the shared schema index beside it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-module-'));
  try {
    writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n');
    mkdirSync(path.join(dir, SCHEMA_DIR));
    writeFileSync(path.join(dir, SCHEMA_DIR, 'index.js'), 'export default {Pet: () => null};\n');
    writeFileSync(path.join(dir, dataModuleName('plain')), dataModuleSource(page));
    writeFileSync(path.join(dir, dataModuleName('lazy')), dataModuleSource({...page, lazySchemas: true}));
    const plain = (await import(pathToFileURL(path.join(dir, dataModuleName('plain'))).href)).default;
    assert.deepEqual(plain, page);
    const lazy = (await import(pathToFileURL(path.join(dir, dataModuleName('lazy'))).href)).default;
    assert.equal(lazy.summary, page.summary);
    const index = await lazy.loadSchemaIndex();
    assert.deepEqual(Object.keys(index.default), ['Pet']);
    assert.ok(dataModuleSource({...page, lazySchemas: true}).endsWith('export default data;\n'));
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
