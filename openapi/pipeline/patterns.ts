/**
 * Regular expressions from the document (`pattern`, `patternProperties`) are checked for
 * catastrophic backtracking before anything runs them: Redocly's example rules and ajv at build
 * time, the response checks the console runs in the browser (plugins/api-pages/response-checks.ts),
 * the mock's request validation. A pattern whose matching time can grow faster than linearly with
 * the input (exponential or polynomial backtracking, as `^(a+)+$`) is unsafe; so is one that cannot
 * be shown safe.
 *
 * The check is recheck's (https://makenowjust-labs.github.io/recheck/), on its pure JavaScript
 * backend (no native binary, no Java). A verdict never depends on how busy the machine is: the same
 * document gives the same pages everywhere. recheck's own size limits bound each check (its
 * automaton checker gives up on a pattern too large to model, and then the fuzzer runs a fixed
 * number of rounds from a fixed seed); PATTERN_CHECK_MS is only a guard against a hang, far above
 * what any real pattern takes. At most PATTERN_CHECK_LIMIT patterns are checked per process:
 * those after it count as unsafe (the build says so) instead of making the build slow. Verdicts are
 * cached per pattern for the process.
 *
 * `removeUnsafePatterns` is applied by the pipeline's resolver (resolver.ts) to every file it
 * reads, before any lint rule sees it: an unsafe pattern is taken out of the schema and reported
 * with its file and JSON pointer (a warning for a foreign document; our own document's build stops).
 */
import {escapeToken} from '../model/pointer';

// recheck picks its backend from these at each call: the pure JavaScript one, on this thread.
process.env.RECHECK_BACKEND ??= 'pure';
process.env.RECHECK_SYNC_BACKEND ??= 'pure';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const {checkSync} = require('recheck') as typeof import('recheck');

/**
 * A guard against a check that does not end, far above a real check: real patterns take well under
 * a second even on a busy 2-core machine (EC2's seven patterns that need recheck: 1.7 s together).
 * A wall-clock limit near real check times made verdicts, and so pages, depend on the machine's load.
 */
export const PATTERN_CHECK_MS = 10_000;
/** How many patterns one process asks recheck about (GitHub's document needs 4, EC2's 7). */
export const PATTERN_CHECK_LIMIT = 1_000;
/**
 * CPU time (not wall time: a busy machine does not spend it faster) all the checks of one process
 * may take: a document full of patterns recheck cannot settle (@readme/oas-examples' readme.json:
 * six, each running to the guard) would otherwise add minutes to the build.
 */
export const PATTERN_CPU_BUDGET_MS = 30_000;

const cpuMs = (): number => {
  const {user, system} = process.cpuUsage();
  return (user + system) / 1000;
};

export interface PatternVerdict {
  safe: boolean;
  /** Why it is unsafe, as a clause: "can backtrack exponentially (attack: 'a'×30 + '!')". */
  reason?: string;
}

const verdicts = new Map<string, PatternVerdict>();

/**
 * True for a pattern whose matching time is linear by its shape, without asking recheck: anchored
 * at both ends (^…$), no groups, no alternation, no backreference, at most one unbounded
 * quantifier (`*`, `+`, `{n,}`), which then applies to one character, escape or class, and bounded
 * ranges (`?`, `{n,m}`) whose choices multiply to at most 64. A match attempt can only start at the
 * beginning and tries each length of the one repetition at most 64 times. Most
 * patterns of real documents are of this kind (`^[A-Za-z0-9_-]+$`, `^[0-9a-f]{40}$`,
 * `^\\+[1-9][0-9]{6,14}$`), and recheck is slow on some of them.
 */
export function linearByShape(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  let unbounded = 0;
  let choices = 1;
  for (let i = 1; i < pattern.length - 1; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9k]/.test(next)) return false; // backreference
      i++;
    } else if (c === '[') {
      // A class: up to its closing bracket (escapes inside skipped).
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      if (i >= pattern.length - 1) return false;
    } else if (c === '(' || c === ')' || c === '|' || c === '^' || c === '$') {
      return false;
    } else if (c === '*' || c === '+') {
      unbounded++;
    } else if (c === '?') {
      if (!/[*+?}]/.test(pattern[i - 1] ?? '')) choices *= 2; // optional, not a lazy suffix
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) return false;
      if (m[2] !== undefined && m[3] === '') unbounded++;
      else if (m[3] !== undefined) choices *= Math.max(1, Number(m[3]) - Number(m[1]) + 1);
      i += m[0].length - 1;
    }
    if ((c === '*' || c === '+' || c === '?' || c === '}') && /[*+?{]/.test(pattern[i + 1] ?? '') && pattern[i + 1] !== '?') return false;
  }
  return unbounded <= 1 && choices <= 64;
}
let checked = 0;
let spentCpuMs = 0;

function attackText(attack: {pattern?: string} | undefined): string {
  return attack?.pattern ? ` (slow input: ${attack.pattern})` : '';
}

/** The verdict on `pattern`, as ajv compiles it (unicode flag), cached. */
export function checkPattern(pattern: string): PatternVerdict {
  const cached = verdicts.get(pattern);
  if (cached) return cached;
  let verdict: PatternVerdict;
  if (!/[*+?{]/.test(pattern) || linearByShape(pattern)) {
    // No quantifier (every match attempt is bounded by the pattern's length), or linear by its shape.
    verdict = {safe: true};
  } else if (checked >= PATTERN_CHECK_LIMIT) {
    verdict = {
      safe: false,
      reason: `was not checked: the build checks at most ${PATTERN_CHECK_LIMIT} patterns, and that many were checked already`,
    };
  } else if (spentCpuMs >= PATTERN_CPU_BUDGET_MS) {
    verdict = {
      safe: false,
      reason: `was not checked: the ${PATTERN_CPU_BUDGET_MS / 1000} s of CPU time for checking the document's patterns were spent`,
    };
  } else {
    checked++;
    const started = cpuMs();
    // The automaton checker is exact; the fuzzer (what 'auto' picks for large counted repetitions)
    // is slower and only says it found no attack. The fuzzer is asked only when the automaton cannot model the pattern.
    const run = (flags: string) => {
      const exact = checkSync(pattern, flags, {timeout: PATTERN_CHECK_MS, checker: 'automaton'});
      return exact.status === 'unknown' && exact.error.kind === 'unsupported'
        ? checkSync(pattern, flags, {timeout: PATTERN_CHECK_MS, checker: 'fuzz'})
        : exact;
    };
    let result: ReturnType<typeof run> | Error;
    try {
      result = run('u');
      if (result.status === 'unknown' && result.error.kind === 'invalid') result = run('');
    } catch (e) {
      // recheck itself can fail on a large pattern (a RangeError from its recursion on some of
      // AWS's patterns): not shown safe, so treated like a timeout, never a crashed build.
      result = e instanceof Error ? e : new Error(String(e));
    }
    spentCpuMs += cpuMs() - started;
    if (result instanceof Error) verdict = {safe: false, reason: `could not be checked (the checker failed: ${result.message})`};
    else if (result.status === 'safe') verdict = {safe: true};
    else if (result.status === 'vulnerable') {
      const c = result.complexity;
      const growth = c.type === 'exponential' ? 'exponentially' : `polynomially (degree ${c.degree})`;
      verdict = {safe: false, reason: `can backtrack ${growth} with the length of the input${attackText(result.attack)}`};
    } else if (result.error.kind === 'invalid') {
      // Not a regular expression at all: not ours to judge here (ajv and the lint report it).
      verdict = {safe: true};
    } else {
      verdict = {
        safe: false,
        reason: `could not be shown safe (${result.error.kind === 'timeout' ? `the check did not end within ${PATTERN_CHECK_MS / 1000} s` : result.error.kind})`,
      };
    }
  }
  verdicts.set(pattern, verdict);
  return verdict;
}

/** True when `pattern` may be compiled and run on any input. */
export function patternIsSafe(pattern: string): boolean {
  return checkPattern(pattern).safe;
}

export interface PatternFinding {
  /** JSON pointer (in the file it was found in) of the `pattern` or `patternProperties` entry. */
  pointer: string;
  pattern: string;
  reason: string;
}

/**
 * Takes every unsafe `pattern` (a string under the key `pattern`) and every `patternProperties`
 * entry with an unsafe name out of a parsed file, in place; returns what it took out. Every such
 * key is looked at, wherever it is: a file fragment does not say which of its objects are schemas,
 * and a property may be called `example` or `value` (a key `pattern` in example data is judged too).
 */
export function removeUnsafePatterns(node: unknown, pointer = '#', out: PatternFinding[] = [], seen = new Set<object>()): PatternFinding[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return out;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((child, i) => removeUnsafePatterns(child, `${pointer}/${i}`, out, seen));
    return out;
  }
  const obj = node as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    const here = `${pointer}/${escapeToken(key)}`;
    if (key === 'pattern' && typeof value === 'string') {
      const verdict = checkPattern(value);
      if (!verdict.safe) {
        out.push({pointer: here, pattern: value, reason: verdict.reason!});
        delete obj[key];
      }
      continue;
    }
    if (key === 'patternProperties' && value && typeof value === 'object' && !Array.isArray(value)) {
      const map = value as Record<string, unknown>;
      for (const name of Object.keys(map)) {
        const verdict = checkPattern(name);
        if (!verdict.safe) {
          out.push({pointer: `${here}/${escapeToken(name)}`, pattern: name, reason: verdict.reason!});
          delete map[name];
        }
      }
    }
    removeUnsafePatterns(value, here, out, seen);
  }
  return out;
}
