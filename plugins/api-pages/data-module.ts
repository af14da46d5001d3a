/**
 * The page data module: the contract between the generator (plugins/api-pages/markdown.ts writes
 * one per page, docs/api/<id>.data.js), the pages that import it (src/components/ApiOperation,
 * ApiOverview) and the Markdown twins that read it back (plugins/agent-docs). Writer and reader
 * sit here together, so a change of form changes both.
 */

/** File name of a page's data module, beside its MDX. */
export const dataModuleName = (id: string): string => `${id}.data.js`;

/** Folder of the shared schema modules in docs/api ("_" keeps it out of the docs). */
export const SCHEMA_DIR = '_schemas';

/** A module whose default export is `value`, parsed from one string literal (see dataModuleSource). */
export function jsonModuleSource(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
}

/**
 * A page's data as a JavaScript module that parses one string literal. As a `.json` module the
 * bundler parses every value into its own tree and tracks each key as an export (twice: client and
 * server bundles): at 1,000 operations that alone held about 0.5 GB of the build's memory. A single
 * string costs one allocation, and `JSON.parse` of a literal is also the fastest way for a browser to
 * load a large object.
 */
export function dataModuleSource(data: unknown): string {
  if (!(data as {lazySchemas?: boolean}).lazySchemas) return jsonModuleSource(data);
  const json = JSON.stringify(JSON.stringify(data));
  // A page of a large schema graph: the schemas it does not carry load from the shared modules.
  return [`const data = JSON.parse(${json});`, `data.loadSchemaIndex = () => import('./${SCHEMA_DIR}/index.js');`, 'export default data;', ''].join('\n');
}

/**
 * Reads the page data back from a generated data module: `export default JSON.parse("…");`, or, for
 * a page of a large schema graph, `const data = JSON.parse("…");` followed by its schema loader.
 */
export function parseDataModule(source: string): unknown {
  const text = source.trim();
  const whole = /^export default JSON\.parse\(([\s\S]*)\);$/.exec(text)?.[1];
  // The string literal holds no raw line break (JSON.stringify escapes them): the first line is it.
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const lazy = firstLine.startsWith('const data = JSON.parse(') && firstLine.endsWith(');') ? firstLine.slice('const data = JSON.parse('.length, -2) : undefined;
  const literal = whole ?? lazy;
  if (literal === undefined) throw new Error(`not a page data module (it starts "${text.slice(0, 40)}")`);
  return JSON.parse(JSON.parse(literal) as string);
}
