/**
 * Child process of ./downloads: writes the processed OpenAPI document as YAML. Run apart so that
 * the serialisation (seconds for a document of tens of MB) runs beside the page generation on
 * another core instead of before it (BENCHMARKS.md, "Measurements behind the code").
 * Usage: tsx yaml-child.ts <openapi.json> <out.yaml>
 */
import {readFileSync, renameSync, writeFileSync} from 'node:fs';
import {stringify} from 'yaml';

/** The YAML text of a JSON document: no anchors or aliases, no folded lines. */
export function documentYaml(doc: unknown): string {
  return stringify(doc, {aliasDuplicateObjects: false, lineWidth: 0});
}

if (require.main === module) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: yaml-child.ts <openapi.json> <out.yaml>');
    process.exit(2);
  }
  try {
    // Written beside and renamed: a child killed half-way leaves no half file.
    const tmp = `${output}.${process.pid}.tmp`;
    writeFileSync(tmp, documentYaml(JSON.parse(readFileSync(input, 'utf8'))));
    renameSync(tmp, output);
  } catch (error) {
    console.error(`${input}: ${(error as Error).message}`);
    process.exit(1);
  }
}
