/**
 * The Markdown twins read page data back from the modules `gen:api` writes. Both forms must parse:
 * the plain one and the one of a large schema graph, whose page loads its other schemas on demand
 * (GitHub's build failed on the second form: "not a page data module").
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {dataModuleSource, parseDataModule} from './data-module';

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
