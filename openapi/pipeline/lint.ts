/**
 * Linting with @redocly/openapi-core: the `recommended` ruleset, example validation as errors,
 * and the portal checks (checks.ts). Linting runs on the *source* (not the bundle) so every
 * problem points at the file and JSON pointer where it has to be fixed.
 */
import {createConfig, lint, parseYaml, type Config, type NormalizedProblem} from '@redocly/openapi-core';
import path from 'node:path';
import {PORTAL_RULES, portalPlugin} from './checks';
import {typeTreePlugin} from './type-tree';
import type {SpecProblem} from './errors';
import {localRefTokens} from '../model/pointer';
import {nodeAt, refOf} from '../model/refs';
import {PolicyResolver, REF_POLICY_RULE, refPolicyFor, refusalProblems, type RefPolicy} from './resolver';

/** Rules on top of `recommended`: example validation as errors, and the portal checks. */
export const LINT_RULES = {
  // Replaced by portal/operation-summary (our document) and portal/operation-slug (any document).
  'operation-summary': 'off',
  // Every example must match its schema; `recommended` only warns about these.
  'no-invalid-media-type-examples': {severity: 'error', allowAdditionalProperties: false},
  'no-invalid-parameter-examples': 'error',
  'no-invalid-schema-examples': 'error',
  // OpenAPI 3.2 (Redocly's own rules, named here so a ruleset change cannot turn them off).
  'spec-no-invalid-tag-parents': 'error',
  'spec-querystring-parameters': 'error',
  [PORTAL_RULES.additionalOperations]: 'error',
} as const;

/**
 * Extra rules for our own document only: every page titled by a summary and filed under a tag,
 * slugs from the operationId, unique; error examples name only fields the operation has (a body
 * field only when it has a request body, else one of its parameters). A foreign document gets titles and slugs decided for it
 * (pages.ts), with warnings instead.
 */
export const STRICT_ONLY_RULES = {
  [PORTAL_RULES.slug]: 'error',
  [PORTAL_RULES.uniqueSlug]: 'error',
  [PORTAL_RULES.summary]: 'error',
  [PORTAL_RULES.tag]: 'error',
  [PORTAL_RULES.idMatchesSummary]: 'error',
  [PORTAL_RULES.errorExampleFields]: 'error',
} as const;

/**
 * Findings that make a foreign document unusable: a reference that does not resolve. Structural
 * slips (`struct`: a misplaced keyword in one schema, a missing description…) are warnings for a
 * foreign document: the page generator works around them (see pages.ts for what it fills in).
 */
export const STRUCTURAL_RULES: ReadonlySet<string> = new Set(['no-unresolved-refs']);

/**
 * An unresolved reference inside the document itself (`#/…`, or a discriminator mapping value,
 * which may be a bare schema name) is worked around: the page shows an empty schema (see
 * pages.ts: replaceUnresolvedRefs). A reference to a file that is missing is not.
 */
function localUnresolved(p: SpecProblem): boolean {
  return (
    p.rule === 'no-unresolved-refs' && (/\/discriminator\/mapping\//.test(p.pointer ?? '') || p.message.includes('Can\'t resolve $ref "#'))
  );
}

const cachedConfigs = new Map<boolean, Promise<Config>>();

/** Redocly configuration: `recommended` + LINT_RULES (+ STRICT_ONLY_RULES when strict). */
export function lintConfig(strict = false): Promise<Config> {
  let config = cachedConfigs.get(strict);
  if (!config) {
    const rules = strict ? {...LINT_RULES, ...STRICT_ONLY_RULES} : {...LINT_RULES};
    config = createConfig({extends: ['recommended'], plugins: [portalPlugin, typeTreePlugin], rules} as Parameters<typeof createConfig>[0]);
    cachedConfigs.set(strict, config);
  }
  return config;
}

/** Absolute paths in messages (e.g. from ENOENT errors) are shown relative to the working directory. */
function tidyMessage(message: string): string {
  const cwd = process.cwd() + path.sep;
  return message.trim().split(cwd).join('');
}

/** The `$ref` string at `pointer` in a source file, to say which reference failed. */
function refAt(body: string, pointer: string): string | undefined {
  try {
    const keys = localRefTokens(pointer.startsWith('#') ? pointer : `#${pointer}`);
    return keys ? refOf(nodeAt(parseYaml(body), keys)) : undefined;
  } catch {
    return undefined;
  }
}

export function toSpecProblem(problem: NormalizedProblem): SpecProblem {
  const loc = problem.location[0];
  let message = tidyMessage(problem.message);
  if (problem.ruleId === 'no-unresolved-refs' && loc?.pointer !== undefined) {
    const ref = refAt(loc.source.body, loc.pointer);
    if (ref) message = message.replace("Can't resolve $ref", `Can't resolve $ref ${JSON.stringify(ref)}`);
  }
  const base = {message, rule: problem.ruleId, severity: problem.severity} as const;
  if (!loc) return {...base, file: '(unknown file)', pointer: '#'};
  const file = loc.source.absoluteRef;
  if (loc.pointer !== undefined) return {...base, file, pointer: loc.pointer || '#'};
  return {...base, file, line: loc.start?.line, col: loc.start?.col};
}

/** A node reached through several references is reported once per reference; keep one. */
export function dedupe(problems: SpecProblem[]): SpecProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.rule}|${p.file}|${p.pointer ?? `${p.line}:${p.col}`}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface LintOutcome {
  /** Problems that stop the build in the chosen mode. */
  fatal: SpecProblem[];
  /** Problems reported as a summary only (style findings on a foreign document). */
  findings: SpecProblem[];
}

export const UNSAFE_PATTERN_RULE = 'unsafe-pattern';

/** What to read besides `file` (see resolver.ts), and the file whose folder a conversion stands for. */
export interface ReadOptions {
  policy: RefPolicy;
  /** The document as the user named it, when `file` is its Swagger 2.0 conversion. */
  source?: string;
  /** The root document's OpenAPI 3.2 `$self` (load.ts), when it has one. */
  self?: string;
}

/** The resolver every lint and bundle of `file` reads through. */
export function resolverFor(file: string, read: ReadOptions): PolicyResolver {
  const roots = read.source ? [file, read.source] : [file];
  return new PolicyResolver({
    policy: read.policy,
    roots,
    aliases: read.source ? {[path.resolve(file)]: path.resolve(read.source)} : undefined,
    self: read.self ? {uri: read.self, file: path.resolve(file)} : undefined,
  });
}

/**
 * What the resolver refused or took out, as problems: a refused reference is fatal in any mode; an
 * unsafe pattern is fatal for our document and a warning for a foreign one.
 */
export async function readProblems(resolver: PolicyResolver, strict: boolean, read: ReadOptions, file: string): Promise<SpecProblem[]> {
  const shownFile = (f: string) => (read.source && path.resolve(f) === path.resolve(file) ? read.source : f);
  const patterns: SpecProblem[] = resolver.patterns.map((p) => ({
    file: shownFile(p.file),
    pointer: p.pointer,
    message: strict
      ? `pattern ${JSON.stringify(p.pattern)} ${p.reason}; our own document must not have such a pattern: rewrite it without nested or overlapping repetition.`
      : `pattern ${JSON.stringify(p.pattern)} ${p.reason}; it is left out of the processed document, so no example, response check or mock runs it.`,
    rule: UNSAFE_PATTERN_RULE,
    severity: strict ? 'error' : 'warn',
  }));
  return [...(await refusalProblems(resolver, shownFile)), ...patterns];
}

/** Redocly's own report of a read the policy refused (replaced by the policy's sentence). */
export function isRefusedRead(p: SpecProblem): boolean {
  return p.rule === 'no-unresolved-refs' && p.message.includes('refused by the reference policy');
}

/**
 * Lints the document at `file`.
 * - strict (our own document): every problem, error or warning, is fatal.
 * - not strict (somebody else's document): only structural problems are fatal.
 * - any document: a reference the policy refuses is fatal (resolver.ts).
 */
export async function lintSource(file: string, strict: boolean, read: ReadOptions = {policy: refPolicyFor(file)}): Promise<LintOutcome> {
  const config = await lintConfig(strict);
  const externalRefResolver = resolverFor(file, read);
  const linted = (await lint({ref: file, config, externalRefResolver})).filter((p) => !p.ignored).map(toSpecProblem);
  const problems = dedupe([...(await readProblems(externalRefResolver, strict, read, file)), ...linted.filter((p) => !isRefusedRead(p))]);
  const fatal: SpecProblem[] = [];
  const findings: SpecProblem[] = [];
  for (const p of problems) {
    if (strict || p.rule === REF_POLICY_RULE || (STRUCTURAL_RULES.has(p.rule) && !localUnresolved(p))) fatal.push(p);
    // What the portal works around is a warning, whatever severity the ruleset gives it.
    else if (p.rule === 'struct' || p.rule === 'no-unresolved-refs') findings.push({...p, severity: 'warn'});
    else findings.push(p);
  }
  return {fatal, findings};
}
