/**
 * buildProcessedSpec: source document in, processed (bundled, linted, checked) JSON document out.
 * cli.ts wires it to the portal configuration; tests call it directly on fixtures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { applyServer, bundleSource, type OpenApiDocument } from './bundle';
import { listOperations } from './checks';
import { displayPath, SpecError, type SpecProblem } from './errors';
import { lintSource } from './lint';
import { inspectRoot } from './load';

/** Our own document: the default `specSource` of portal.config.ts. */
export const OUR_SOURCE = path.resolve(__dirname, '..', 'source', 'openapi.yaml');

export interface BuildOptions {
  /** Root of the OpenAPI document (YAML or JSON, OpenAPI 3.x). */
  source: string;
  /** Where to write the processed JSON; nothing is written when omitted. */
  output?: string;
  /**
   * Our own document: every lint problem (error or warning) stops the build.
   * Otherwise only structural problems and the portal checks do; style findings are counted.
   */
  strict: boolean;
  /** When set, the processed document's only server is this URL (see applyServer). */
  serverUrl?: string;
  /** Description of that server entry. */
  serverDescription?: string;
}

export interface BuildStats {
  operations: number;
  schemas: number;
  tags: number;
  /** Non-fatal lint findings (foreign documents only), by severity. */
  findings: { errors: number; warnings: number };
  durationMs: number;
}

export interface BuildResult {
  document: OpenApiDocument;
  stats: BuildStats;
  /** Non-fatal findings, for callers that want to show them. */
  findings: SpecProblem[];
  source: string;
  output?: string;
}

function countTags(doc: OpenApiDocument): number {
  const names = new Set<string>();
  for (const tag of doc.tags ?? []) if (tag && typeof tag.name === 'string') names.add(tag.name);
  for (const op of listOperations(doc)) for (const t of op.tags) names.add(t);
  return names.size;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export async function buildProcessedSpec(options: BuildOptions): Promise<BuildResult> {
  const started = process.hrtime.bigint();
  const source = path.resolve(options.source);
  const mode = options.strict ? 'strict' : 'foreign';

  inspectRoot(source);

  const lintOutcome = await lintSource(source, options.strict);
  if (lintOutcome.fatal.length > 0) {
    const errors = lintOutcome.fatal.filter((p) => p.severity === 'error').length;
    const warnings = lintOutcome.fatal.length - errors;
    const what = [errors && plural(errors, 'error'), warnings && plural(warnings, 'warning')].filter(Boolean).join(' and ');
    const why =
      mode === 'strict'
        ? 'our own document must lint with zero errors and zero warnings'
        : 'the document is not valid OpenAPI or the portal cannot make pages from it';
    throw new SpecError(`OpenAPI document ${displayPath(source)}: ${what} (${why}):`, lintOutcome.fatal);
  }

  const bundled = await bundleSource(source);
  const bundleErrors = bundled.problems.filter((p) => options.strict || p.severity === 'error');
  if (bundleErrors.length > 0) {
    throw new SpecError(`OpenAPI document ${displayPath(source)}: cannot bundle it:`, bundleErrors);
  }
  const document = bundled.document;

  if (options.serverUrl !== undefined) {
    applyServer(document, options.serverUrl, options.serverDescription ?? 'API base address');
  }

  if (options.output) {
    const output = path.resolve(options.output);
    fs.mkdirSync(path.dirname(output), { recursive: true });
    // Write to a temporary file first so a reader never sees half a document.
    const tmp = `${output}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(document, null, 2)}\n`);
    fs.renameSync(tmp, output);
  }

  const findings = [...lintOutcome.findings, ...bundled.problems.filter((p) => !bundleErrors.includes(p))];
  const errors = findings.filter((p) => p.severity === 'error').length;
  const stats: BuildStats = {
    operations: listOperations(document).length,
    schemas: Object.keys(document.components?.schemas ?? {}).length,
    tags: countTags(document),
    findings: { errors, warnings: findings.length - errors },
    durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
  };
  return { document, stats, findings, source, output: options.output ? path.resolve(options.output) : undefined };
}

/** The one line the CLI prints on success. */
export function summaryLine(result: BuildResult): string {
  const { stats } = result;
  const target = result.output ? ` -> ${displayPath(result.output)}` : '';
  const parts = [plural(stats.operations, 'operation'), plural(stats.schemas, 'schema'), plural(stats.tags, 'tag')];
  let line = `spec: ${displayPath(result.source)}${target}: ${parts.join(', ')} in ${stats.durationMs} ms`;
  const { errors, warnings } = stats.findings;
  if (errors + warnings > 0) {
    line +=
      `; ${plural(errors, 'lint error')} and ${plural(warnings, 'warning')} from the recommended ruleset ` +
      '(not fatal for a foreign document; run with OPENAPI_LINT_DETAILS=1 to list them)';
  }
  return line;
}
