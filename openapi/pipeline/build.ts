/**
 * buildProcessedSpec: source document in, processed (bundled, linted, checked) JSON document out.
 * cli.ts wires it to the portal configuration; tests call it directly on fixtures.
 */
import fs from 'node:fs';
import path from 'node:path';
import {applyServer, bundleSource} from './bundle';
import type {OpenApiDocument} from '../model/document';
import {listOperations} from '../model/operations';
import {convertSwagger, mapConvertedProblems, type Conversion} from './convert';
import {displayPath, SpecError, type SpecProblem} from './errors';
import {lintSource, UNSAFE_PATTERN_RULE, type LintOutcome, type ReadOptions} from './lint';
import {lintInWorker} from './lint-worker';
import {inspectRoot} from './load';
import {dropInvalidTagParents} from './tag-parents';
import {assignPages, PAGE_RULES, replaceUnresolvedRefs, summariseWarnings} from './pages';
import {REF_POLICY_RULE, refPolicyFor, type RefPolicy} from './resolver';
import {PORTAL_RULES} from './checks';
import {PhaseClock} from '../../plugins/build-shared/phase-timing';

/**
 * Rules of the warnings about what the portal worked around in a foreign document (printed by rule
 * with their first pointers); other findings are style findings of the recommended ruleset (counted).
 */
export const WORKAROUND_RULES: ReadonlySet<string> = new Set([
  ...Object.values(PAGE_RULES),
  'struct',
  'no-unresolved-refs',
  'swagger2openapi',
  'bundle',
  UNSAFE_PATTERN_RULE,
  // OpenAPI 3.2 slips: a tag parent missing or in a cycle (the parent is ignored), in: querystring
  // twice or beside in: query, an additionalOperations key naming a fixed method (no page).
  'spec-no-invalid-tag-parents',
  'spec-querystring-parameters',
  PORTAL_RULES.additionalOperations,
]);

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
  /**
   * Lint on a worker thread, beside the bundling (true), or first, on this thread (false).
   * Default: on a worker when the root file has LINT_WORKER_MIN_BYTES or more.
   */
  lintOnWorker?: boolean;
  /**
   * What the document's references may reach (resolver.ts). Default: refPolicyFor(source), i.e.
   * files under the document's folder (or OPENAPI_REF_ROOT) and the hosts of OPENAPI_REF_HOSTS.
   */
  refs?: RefPolicy;
  /** Phase timings for the benchmark (plugins/build-shared/phase-timing.ts); the caller flushes it. */
  clock?: PhaseClock;
}

/**
 * Root files from this size on are linted on a worker thread by default. Redocly's lint time grows
 * with the document's size and dominates a large document's pipeline; starting the worker (loading
 * tsx and Redocly again) costs more CPU than a small document's whole lint, so a small one (ours,
 * split into small files) is linted on this thread (BENCHMARKS.md, "Measurements behind the code").
 */
export const LINT_WORKER_MIN_BYTES = 1_000_000;

export interface BuildStats {
  /** Operations under `paths`. */
  operations: number;
  /** Webhooks (OpenAPI 3.1 `webhooks` or `x-webhooks`); they get pages too. */
  webhooks: number;
  schemas: number;
  tags: number;
  /** Non-fatal lint findings (foreign documents only), by severity. */
  findings: {errors: number; warnings: number};
  durationMs: number;
}

export interface BuildResult {
  document: OpenApiDocument;
  stats: BuildStats;
  /** Non-fatal findings, for callers that want to show them. */
  findings: SpecProblem[];
  source: string;
  output?: string;
  /** Absolute paths of the files the document was read from: the root and every file it references. */
  files: string[];
}

export function envSet(name: string): boolean {
  const value = process.env[name];
  return value !== undefined && value.trim() !== '';
}

/**
 * The portal's own run (npm run spec, and the dev server's live preview): our document is strict
 * and gets the configured API base address; another document keeps its servers unless API_BASE_URL is set.
 */
export function portalBuildOptions(config: {specSource: string; processedSpec: string; apiBaseUrl: string}): BuildOptions {
  const source = path.resolve(config.specSource);
  const ours = source === OUR_SOURCE;
  const overrideServer = ours || envSet('API_BASE_URL');
  return {
    source,
    output: config.processedSpec,
    strict: ours,
    serverUrl: overrideServer ? config.apiBaseUrl : undefined,
    serverDescription: ours ? 'Rev.io API (production)' : 'API base address (API_BASE_URL)',
  };
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

/**
 * Everything between the lint and the output: bundle, page assignment, the strict mode's page
 * checks, the server. Throws the SpecError the sequential pipeline threw at the same step.
 */
async function processDocument(
  target: string,
  source: string,
  options: BuildOptions,
  read: ReadOptions,
  mapped: (problems: SpecProblem[]) => SpecProblem[],
  clock: PhaseClock,
  onWorker: boolean,
) {
  // The lint may run on a worker thread meanwhile: its CPU time is then in these phases' too.
  const bundled = await clock.timeAsync('bundle', () => bundleSource(target, read), {concurrent: onWorker});
  const bundleErrors = bundled.problems.filter((p) => options.strict || p.severity === 'error');
  if (bundleErrors.length > 0) {
    throw new SpecError(`OpenAPI document ${displayPath(source)}: cannot bundle it:`, mapped(bundleErrors));
  }
  // Titles, slugs, tag spellings: decided once, here (pages.ts).
  const pageProblems = clock.time(
    'pages',
    () => {
      if (!options.strict) replaceUnresolvedRefs(bundled.document);
      // The lint has reported them (spec-no-invalid-tag-parents); no reader follows them.
      dropInvalidTagParents(bundled.document);
      return assignPages(bundled.document, {file: source});
    },
    {concurrent: onWorker},
  );
  // assignPages has given the document an info object and paths: from here on it is the processed document.
  const document = bundled.document as unknown as OpenApiDocument;
  // Page generation names the source in its messages (pointers are those of the processed document).
  if (!options.strict && document.info) document.info['x-portal-source'] = displayPath(source);
  if (options.strict && pageProblems.length > 0) {
    throw new SpecError(
      `OpenAPI document ${displayPath(source)}: ${plural(pageProblems.length, 'page problem')} (our own document must need no workaround):`,
      pageProblems,
    );
  }
  const operations = listOperations(document).length;
  const webhooks = listOperations(document, {webhooks: true}).length - operations;
  if (operations + webhooks === 0) {
    throw new SpecError(`OpenAPI document ${displayPath(source)} has no operations or webhooks, so there are no pages to make.`, [], {
      list: false,
    });
  }

  if (options.serverUrl !== undefined) {
    applyServer(document, options.serverUrl, options.serverDescription ?? 'API base address');
  }
  return {bundled, bundleErrors, document, pageProblems, operations, webhooks};
}

export async function buildProcessedSpec(options: BuildOptions): Promise<BuildResult> {
  const started = process.hrtime.bigint();
  const source = path.resolve(options.source);
  const mode = options.strict ? 'strict' : 'foreign';

  const root = inspectRoot(source);
  const policy = options.refs ?? refPolicyFor(source);
  // Swagger 2.0: converted to OpenAPI 3 first; the rest of the pipeline reads the converted file.
  let conversion: Conversion | undefined;
  const clock = options.clock ?? new PhaseClock('spec', undefined);
  if (root.swagger) conversion = await clock.timeAsync('Swagger 2 conversion', () => convertSwagger(source, root.swagger!, policy));
  const target = conversion?.file ?? source;
  // Every read of the lint and the bundle goes through this policy (resolver.ts).
  const read: ReadOptions = {policy, source: conversion ? source : undefined, self: root.self};
  const mapped = (problems: SpecProblem[]) => (conversion ? mapConvertedProblems(problems, target, source) : problems);

  // A large document is linted on a worker thread (lint-worker.ts) while this one bundles and
  // assigns pages; the lint's outcome is awaited before anything is written or any other problem
  // reported, so a document the lint refuses gets the lint's report, as when the lint ran first.
  // A small one is linted here, first.
  const onWorker = options.lintOnWorker ?? fs.statSync(target).size >= LINT_WORKER_MIN_BYTES;
  const linting = clock.timeAsync(
    onWorker ? 'lint (worker thread)' : 'lint',
    () => (onWorker ? lintInWorker(target, options.strict, read) : lintSource(target, options.strict, read)),
    {concurrent: onWorker},
  );
  // Awaited below; until then a failure must not count as an unhandled rejection (which ends the process).
  linting.catch(() => undefined);
  const checkedLint = async (): Promise<LintOutcome> => {
    const lintOutcome = await linting;
    if (lintOutcome.fatal.length > 0) {
      const errors = lintOutcome.fatal.filter((p) => p.severity === 'error').length;
      const warnings = lintOutcome.fatal.length - errors;
      const what = [errors && plural(errors, 'error'), warnings && plural(warnings, 'warning')].filter(Boolean).join(' and ');
      const why = lintOutcome.fatal.some((p) => p.rule === REF_POLICY_RULE)
        ? 'it references files or URLs the build does not read'
        : mode === 'strict'
          ? 'our own document must lint with zero errors and zero warnings'
          : 'the document is not valid OpenAPI or the portal cannot make pages from it';
      throw new SpecError(`OpenAPI document ${displayPath(source)}: ${what} (${why}):`, mapped(lintOutcome.fatal));
    }
    return lintOutcome;
  };

  try {
    if (!onWorker) await checkedLint();
    let processed: Awaited<ReturnType<typeof processDocument>>;
    try {
      processed = await processDocument(target, source, options, read, mapped, clock, onWorker);
    } catch (err) {
      await checkedLint();
      throw err;
    }
    const {bundled, bundleErrors, document, pageProblems, operations, webhooks} = processed;
    // Serialised while the lint may still be running; written only once it has passed.
    const text = options.output
      ? clock.time('serialise', () => `${JSON.stringify(document, null, 2)}\n`, {concurrent: onWorker})
      : undefined;
    const lintOutcome = await checkedLint();

    if (options.output) {
      const output = path.resolve(options.output);
      fs.mkdirSync(path.dirname(output), {recursive: true});
      // Write to a temporary file first so a reader never sees half a document.
      const tmp = `${output}.${process.pid}.tmp`;
      clock.time('write', () => fs.writeFileSync(tmp, text!));
      fs.renameSync(tmp, output);
    }

    const findings = [
      ...(conversion?.warnings ?? []),
      ...mapped(lintOutcome.findings),
      ...mapped(bundled.problems.filter((p) => !bundleErrors.includes(p))),
      ...pageProblems,
    ];
    const errors = findings.filter((p) => p.severity === 'error').length;
    const stats: BuildStats = {
      operations,
      webhooks,
      schemas: Object.keys(document.components?.schemas ?? {}).length,
      tags: countTags(document),
      findings: {errors, warnings: findings.length - errors},
      durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
    };
    const files = bundled.files.map((f) => (conversion && path.resolve(f) === path.resolve(conversion.file) ? source : path.resolve(f)));
    return {
      document,
      stats,
      findings,
      source,
      output: options.output ? path.resolve(options.output) : undefined,
      files: [...new Set(files)],
    };
  } finally {
    conversion?.dispose();
  }
}

/**
 * What the portal worked around in a foreign document, one line per rule with the first pointers:
 * "[spec] warning no-operation-title (4×): #/paths/~1v1~1x/get, …".
 */
export function workaroundLines(result: BuildResult): string[] {
  return summariseWarnings(result.findings.filter((p) => WORKAROUND_RULES.has(p.rule)));
}

/** The one line the CLI prints on success. */
export function summaryLine(result: BuildResult): string {
  const {stats} = result;
  const target = result.output ? ` -> ${displayPath(result.output)}` : '';
  const parts = [
    plural(stats.operations, 'operation'),
    ...(stats.webhooks ? [plural(stats.webhooks, 'webhook')] : []),
    plural(stats.schemas, 'schema'),
    plural(stats.tags, 'tag'),
  ];
  let line = `spec: ${displayPath(result.source)}${target}: ${parts.join(', ')} in ${stats.durationMs} ms`;
  const style = result.findings.filter((p) => !WORKAROUND_RULES.has(p.rule));
  const worked = result.findings.length - style.length;
  if (worked > 0) line += `; ${plural(worked, 'warning')} about what the portal worked around (listed above by rule)`;
  const errors = style.filter((p) => p.severity === 'error').length;
  const warnings = style.length - errors;
  if (errors + warnings > 0) {
    line +=
      `; ${plural(errors, 'lint error')} and ${plural(warnings, 'warning')} from the recommended ruleset ` +
      '(not fatal for a foreign document; run with OPENAPI_LINT_DETAILS=1 to list them)';
  }
  return line;
}
