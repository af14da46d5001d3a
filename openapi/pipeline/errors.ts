/**
 * Problems the pipeline reports, and how they are printed.
 *
 * Every problem names the file it was found in and where inside that file:
 *   openapi/source/paths/contacts.yaml#/paths/~1contacts/post/responses/201: <message> [rule-id]
 * or, for a parse error that has no JSON pointer yet, the line and column:
 *   openapi/source/paths/contacts.yaml:12:5: <message> [rule-id]
 */
import path from 'node:path';

export interface SpecProblem {
  /** Absolute path (or URL) of the file the problem is in. */
  file: string;
  /** JSON pointer inside that file, starting with "#" ("#" alone = the document root). */
  pointer?: string;
  /** 1-based line/column, used when there is no pointer (parse errors). */
  line?: number;
  col?: number;
  message: string;
  /** Lint rule or check that found it (e.g. "struct", "no-unresolved-refs", "portal/operation-summary"). */
  rule: string;
  severity: 'error' | 'warn';
}

/** Path shown to people: relative to the working directory when the file is below it. */
export function displayPath(file: string): string {
  if (/^[a-z]+:\/\//i.test(file)) return file;
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

export function formatLocation(problem: Pick<SpecProblem, 'file' | 'pointer' | 'line' | 'col'>): string {
  const file = displayPath(problem.file);
  if (problem.pointer !== undefined) return `${file}${problem.pointer.startsWith('#') ? '' : '#'}${problem.pointer}`;
  if (problem.line !== undefined) return `${file}:${problem.line}:${problem.col ?? 1}`;
  return `${file}#`;
}

export function formatProblem(problem: SpecProblem): string {
  return `${formatLocation(problem)}: ${problem.message} [${problem.rule}]`;
}

/**
 * Thrown when the document must not be published. `message` holds the whole human-readable report
 * (one line per problem), so callers can print it as is; `problems` holds the structured list.
 */
export class SpecError extends Error {
  readonly problems: SpecProblem[];

  constructor(headline: string, problems: SpecProblem[], options: {list?: boolean; maxListed?: number} = {}) {
    const {list = true, maxListed = 50} = options;
    const listed = list ? problems.slice(0, maxListed).map((p) => `  ${formatProblem(p)}`) : [];
    if (list && problems.length > maxListed) listed.push(`  … and ${problems.length - maxListed} more`);
    super([headline, ...listed].join('\n'));
    this.name = 'SpecError';
    this.problems = problems;
  }
}

/** A single problem as a SpecError (document-level failures: unreadable file, wrong version…). */
export function specError(problem: Omit<SpecProblem, 'severity'>): SpecError {
  const full: SpecProblem = {...problem, severity: 'error'};
  return new SpecError(formatProblem(full), [full], {list: false});
}
