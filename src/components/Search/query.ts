/**
 * From the text the reader typed to a list of lunr queries, most precise first. The engine runs
 * them in order and keeps the first `limit` distinct documents, like the theme's own client.
 *
 * - Tokens are split like lunr splits the indexed text (whitespace and hyphens) and trimmed of
 *   non-word characters at both ends (lunr's trimmer), lower-cased.
 * - English stop words are removed from the index (the default filter is kept), so they are dropped
 *   from queries too, except the last token, which may be a word still being typed ("a" -> "api").
 * - Queries: all terms required and exact (stemmed); then the last term as a prefix; then, for
 *   3+ terms, each term left out once. Typos are corrected by the engine, only for words that find
 *   nothing (./typo.ts).
 */
import lunr from 'lunr';

export const MAX_QUERY_TOKENS = 12;

export interface QueryTerm {
  value: string;
  /** lunr.Query.wildcard flags. */
  wildcard: number;
  usePipeline: boolean;
}

export interface PlannedQuery {
  /** The reader's tokens this query matches (used to mark them and for _highlight). */
  tokens: string[];
  terms: QueryTerm[];
}

export function tokenizeQuery(input: string): string[] {
  return input
    .toLowerCase()
    .split(/[\s-]/)
    .map((t) => t.replace(/^\W+/, '').replace(/\W+$/, ''))
    .filter((t) => t.length > 0)
    .slice(0, MAX_QUERY_TOKENS);
}

export function isStopWord(token: string): boolean {
  return (lunr.stopWordFilter as unknown as (t: string) => string | undefined)(token) === undefined;
}

interface PlanOptions {
  /** true: the index was built without the English stop-word filter. */
  removeDefaultStopWordFilter: boolean;
}

const exact = (value: string): QueryTerm => ({value, wildcard: lunr.Query.wildcard.NONE, usePipeline: true});
const prefix = (value: string): QueryTerm => ({value, wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false});

export function planQueries(tokens: readonly string[], options: PlanOptions): PlannedQuery[] {
  if (tokens.length === 0) return [];
  const keepStopWords = options.removeDefaultStopWordFilter;
  const last = tokens[tokens.length - 1]!;
  const head = tokens.slice(0, -1).filter((t) => keepStopWords || !isStopWord(t));
  const lastIsStop = !keepStopWords && isStopWord(last);
  const words = lastIsStop ? head : [...head, last];

  const plans: PlannedQuery[] = [];
  const seen = new Set<string>();
  const add = (plan: PlannedQuery) => {
    if (plan.terms.length === 0) return;
    const terms = plan.terms.map((t) => `${t.value}|${t.wildcard}|${t.usePipeline}`);
    // prettier-ignore
    // Stryker disable next-line StringLiteral: each term's key ends with its usePipeline (true|false), so joined without a separator two different term lists still give different keys unless a word itself holds "|0|true"
    const key = terms.join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    plans.push(plan);
  };

  // 1. Every word, exact.
  add({tokens: words, terms: words.map(exact)});
  // 2. The last token is probably incomplete: as a prefix.
  add({tokens: [...head, last], terms: [...head.map(exact), prefix(last)]});
  // Typos are not guessed here: the engine corrects words that find nothing (./typo.ts).
  // 4. Long queries: each word left out once.
  if (words.length >= 3) {
    for (const i of [...words.keys()].reverse()) {
      const subset = words.filter((_, j) => j !== i);
      add({tokens: subset, terms: subset.map(exact)});
    }
  }
  return plans;
}
