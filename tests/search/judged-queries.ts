/**
 * Judged search queries for the real site: what a developer types, and the pages a reader would
 * want for it, written down by hand after reading those pages (the built HTML and the text the
 * index holds for them). They are literal: never computed with the search engine, so a change of
 * ranking, tokenizing or index content that loses a right answer fails the tests that use them:
 * - tests/search/judged-queries.test.ts: the engine code on build/search-index.json (fast, Node);
 * - tests/browser/search.test.ts: the search modal (5 results, spec §9) and the /search page.
 *
 * Expectations (targets are site paths; with "#anchor" they name one section of the page):
 * - top1: the first result is this page (or this section);
 * - top5: each of these is among the first 5 results (the modal shows 5; on /search, the first
 *   5 items of the list), in any order;
 * - none: no result at all.
 * A query states only what a reader would insist on: where several pages are equally right, it
 * lists them in top5 and gives no top1.
 *
 * Two parts: LITERAL_QUERIES below, written by hand; and, for every operation of the processed
 * OpenAPI document, its exact "METHOD /path" and its operationId, each of which must give that
 * operation's page first (generatedApiQueries: derived from the document, never from the engine;
 * the benchmark applies the same rule to GitHub's description). JUDGED_QUERIES is both.
 */
import {readFileSync} from 'node:fs';
import {listOperations} from '../../openapi/model/operations';

export type QueryKind =
  /** A resource name, singular or plural. */
  | 'resource'
  /** An operation's summary, as in its page title. */
  | 'operation'
  /** A topic of the API overview (a section of /docs/api/rev-io-api). */
  | 'concept'
  /** A field, parameter or a word of one operation's description. */
  | 'field'
  /** Words of the blog, the markdown page and other prose. */
  | 'prose'
  /** A word one edit away from an indexed one. */
  | 'typo'
  /** An HTTP path such as "/customers/{id}/ledger", or its words. */
  | 'path'
  /** A method and a path ("POST /customers", "get contacts"). */
  | 'method-path'
  /** An operationId. */
  | 'operationId'
  /** A question in words, answered by the guides, the overview and the blog. */
  | 'question'
  /** Letters that are in no page. */
  | 'nothing';

export interface Expectation {
  top1?: string;
  top5?: readonly string[];
  none?: true;
}

export interface JudgedQuery {
  query: string;
  kind: QueryKind;
  expect: Expectation;
  /** Why these answers are right, from the pages themselves. */
  why?: string;
}

const API = '/docs/api/';
const OVERVIEW = '/docs/api/rev-io-api';
/** The guides (docs/guides): the first answer for a topic they are about. */
const GUIDES = '/docs/guides/';

export const LITERAL_QUERIES: readonly JudgedQuery[] = [
  // Resources: the operations of that resource come first.
  {
    query: 'ledger',
    kind: 'resource',
    expect: {top1: `${API}get-customer-ledger`, top5: ['/blog/long-blog-post']},
    why: 'the one ledger operation; the blog post "Reconciling customer ledgers" is about it',
  },
  {query: 'customer', kind: 'resource', expect: {top1: `${API}get-customer`, top5: [`${API}create-customer`]}},
  {
    query: 'invoice',
    kind: 'resource',
    expect: {top5: [`${API}create-invoice`, `${API}download-invoice`, `${API}get-invoices-for-a-customer`]},
  },
  {
    query: 'invoices',
    kind: 'resource',
    expect: {top5: [`${API}create-invoice`, `${API}download-invoice`, `${API}get-invoices-for-a-customer`]},
  },
  {query: 'ticket', kind: 'resource', expect: {top5: [`${API}get-tickets`, `${API}create-ticket`, `${API}get-single-ticket`]}},
  {query: 'tickets', kind: 'resource', expect: {top1: `${API}get-tickets`, top5: [`${API}create-ticket`, `${API}get-single-ticket`]}},
  {query: 'contact', kind: 'resource', expect: {top5: [`${API}get-contact`, `${API}get-contacts`, `${API}create-contact`]}},
  {
    query: 'bill profile',
    kind: 'resource',
    expect: {top5: [`${API}get-a-bill-profile`, `${API}create-bill-profile`, `${API}get-a-list-of-bill-profiles`]},
  },

  // Operations by their summary.
  {query: 'create customer', kind: 'operation', expect: {top1: `${API}create-customer`}},
  {query: 'get customer', kind: 'operation', expect: {top1: `${API}get-customer`}},
  {query: 'update customer', kind: 'operation', expect: {top1: `${API}update-customer`}},
  {query: 'get customer ledger', kind: 'operation', expect: {top1: `${API}get-customer-ledger`}},
  {query: 'customer ledger', kind: 'operation', expect: {top1: `${API}get-customer-ledger`, top5: ['/blog/long-blog-post']}},
  {query: 'customer types', kind: 'operation', expect: {top1: `${API}get-customer-types`}},
  {query: 'customer summaries', kind: 'operation', expect: {top1: `${API}get-customer-summaries`}},
  {query: 'customer summary', kind: 'operation', expect: {top1: `${API}get-customer-summaries`}},
  {query: 'create contact', kind: 'operation', expect: {top1: `${API}create-contact`}},
  {query: 'update contact', kind: 'operation', expect: {top1: `${API}update-contact`}},
  {query: 'create bill profile', kind: 'operation', expect: {top1: `${API}create-bill-profile`}},
  {query: 'get a bill profile', kind: 'operation', expect: {top1: `${API}get-a-bill-profile`}},
  {query: 'update bill profile', kind: 'operation', expect: {top1: `${API}update-bill-profile`}},
  {query: 'list bill profiles', kind: 'operation', expect: {top1: `${API}get-a-list-of-bill-profiles`}},
  {query: 'create invoice', kind: 'operation', expect: {top1: `${API}create-invoice`}},
  {query: 'download invoice', kind: 'operation', expect: {top1: `${API}download-invoice`}},
  {query: 'invoices for a customer', kind: 'operation', expect: {top1: `${API}get-invoices-for-a-customer`}},
  {query: 'create ticket', kind: 'operation', expect: {top1: `${API}create-ticket`}},
  {query: 'get tickets', kind: 'operation', expect: {top1: `${API}get-tickets`}},
  {query: 'single ticket', kind: 'operation', expect: {top1: `${API}get-single-ticket`}},
  {query: 'update ticket', kind: 'operation', expect: {top1: `${API}update-ticket`}},
  {query: 'ticket options', kind: 'operation', expect: {top1: `${API}get-ticket-options`}},

  // Topics of the API overview: its section first; where a guide (docs/guides) is about the topic,
  // the guide first and the overview's section among the first 5.
  {query: 'authentication', kind: 'concept', expect: {top1: `${GUIDES}authentication`, top5: [`${OVERVIEW}#authentication`]}},
  {query: 'base url', kind: 'concept', expect: {top1: `${OVERVIEW}#base-url`}},
  {query: 'pagination', kind: 'concept', expect: {top1: `${GUIDES}pagination`, top5: [`${OVERVIEW}#pagination`]}},
  {query: 'idempotency', kind: 'concept', expect: {top1: `${GUIDES}idempotency`, top5: [`${OVERVIEW}#idempotency`]}},
  {
    query: 'idempotency key',
    kind: 'concept',
    expect: {top5: [`${GUIDES}idempotency`]},
    why: "the guide explains the Idempotency-Key header (the migration guide's section on the key is as right)",
  },
  {query: 'errors', kind: 'concept', expect: {top1: `${GUIDES}errors`, top5: [`${OVERVIEW}#errors`]}},
  {query: 'status codes', kind: 'concept', expect: {top1: `${OVERVIEW}#status-codes-and-what-to-do`}},
  {query: 'rate limits', kind: 'concept', expect: {top1: `${GUIDES}rate-limits`, top5: [`${OVERVIEW}#rate-limits`]}},
  {query: 'rate limit', kind: 'concept', expect: {top1: `${GUIDES}rate-limits`, top5: [`${OVERVIEW}#rate-limits`]}},
  {query: 'versioning', kind: 'concept', expect: {top1: `${OVERVIEW}#versioning`}},
  {
    query: 'patch',
    kind: 'concept',
    expect: {top1: `${OVERVIEW}#updating-resources`},
    why: 'the section says update operations use PATCH with partial-update semantics',
  },
  {
    query: 'subscription key',
    kind: 'concept',
    expect: {top1: `${GUIDES}authentication`},
    why: 'the guide says where the key comes from, how it is sent and rotated',
  },

  // Fields and words of one operation's description.
  {query: 'watermark', kind: 'field', expect: {top1: `${API}download-invoice`}, why: '"Drafts are rendered with a DRAFT watermark"'},
  {
    query: 'customer_id',
    kind: 'field',
    expect: {top5: [`${API}get-contacts`, `${API}get-tickets`]},
    why: 'both list operations filter by customer_id',
  },
  {
    query: 'refunds',
    kind: 'field',
    expect: {top5: [`${API}get-customer-ledger`]},
    why: 'the ledger lists invoices, payments, adjustments, credits and refunds',
  },
  {
    query: 'late fee',
    kind: 'field',
    expect: {top5: [`${API}create-bill-profile`, `${API}get-a-bill-profile`]},
    why: 'a bill profile holds the late-fee rule',
  },
  {
    query: 'assignee',
    kind: 'field',
    expect: {top5: [`${API}get-ticket-options`, `${API}get-tickets`]},
    why: 'ticket options list the assignees; tickets are filtered by assignee',
  },

  // The blog and the markdown page.
  {query: 'docusaurus', kind: 'prose', expect: {top1: '/blog/first-blog-post#why-docusaurus'}},
  {query: 'blog post', kind: 'prose', expect: {top1: '/blog/first-blog-post'}, why: '"The first post on the Developer Portal blog"'},
  {query: 'welcome', kind: 'prose', expect: {top1: '/blog/welcome'}},
  {query: 'reconciling', kind: 'prose', expect: {top1: '/blog/long-blog-post'}},
  {
    query: 'retry',
    kind: 'prose',
    expect: {top5: ['/blog/mdx-blog-post', `${GUIDES}errors`]},
    why: '"Designing retries for 429 responses" and the guide "Errors and retries"',
  },
  {query: '429', kind: 'prose', expect: {top1: '/blog/mdx-blog-post', top5: ['/blog/mdx-blog-post#what-a-429-tells-you']}},
  {query: 'style guide', kind: 'prose', expect: {top1: '/markdown-page'}, why: 'the markdown page is "Style guide for API examples"'},
  {query: 'dark mode', kind: 'prose', expect: {top1: '/blog/welcome#light-or-dark'}},
  {
    query: 'openapi',
    kind: 'prose',
    expect: {top5: ['/blog/first-blog-post#one-source-of-truth']},
    why: '"generated from one OpenAPI description"',
  },

  // Typos one edit away.
  {query: 'ledgr', kind: 'typo', expect: {top1: `${API}get-customer-ledger`}},
  {query: 'customr', kind: 'typo', expect: {top1: `${API}get-customer`}},

  {
    query: 'custmer',
    kind: 'typo',
    expect: {top5: [`${API}get-customer`, `${API}create-customer`]},
    why: 'customer, one letter left out (as "customer")',
  },
  {query: 'invocie', kind: 'typo', expect: {top5: [`${API}create-invoice`, `${API}download-invoice`]}, why: 'two letters swapped'},
  {query: 'ticekts', kind: 'typo', expect: {top1: `${API}get-tickets`}},
  {query: 'idempotncy', kind: 'typo', expect: {top1: `${GUIDES}idempotency`}},
  {query: 'paginaton', kind: 'typo', expect: {top1: `${GUIDES}pagination`}},

  // Paths, with and without parameters, and their words.
  {query: '/customers/{customer_id}/ledger', kind: 'path', expect: {top1: `${API}get-customer-ledger`}},
  {
    query: '/customers/{id}/ledger',
    kind: 'path',
    expect: {top1: `${API}get-customer-ledger`},
    why: 'another parameter name, the same path',
  },
  {query: '/invoices/{invoice_id}/pdf', kind: 'path', expect: {top1: `${API}download-invoice`}},
  {query: '/customer-types', kind: 'path', expect: {top1: `${API}get-customer-types`}},
  {query: '/tickets', kind: 'path', expect: {top5: [`${API}get-tickets`, `${API}create-ticket`]}, why: 'GET and POST share the path'},
  {query: '/contacts/{contact_id}', kind: 'path', expect: {top5: [`${API}get-contact`, `${API}update-contact`]}},
  {query: 'customers ledger', kind: 'path', expect: {top1: `${API}get-customer-ledger`}},
  {query: 'pdf', kind: 'path', expect: {top1: `${API}download-invoice`}, why: 'GET /invoices/{invoice_id}/pdf returns application/pdf'},

  // A method and a path or resource.
  {query: 'post customers', kind: 'method-path', expect: {top1: `${API}create-customer`}},
  {query: 'GET customers', kind: 'method-path', expect: {top5: [`${API}get-customer`, `${API}get-customer-ledger`]}},
  {query: 'get /customers/{id}', kind: 'method-path', expect: {top1: `${API}get-customer`}},
  {query: 'patch /tickets/{ticket_id}', kind: 'method-path', expect: {top1: `${API}update-ticket`}},
  {
    query: 'get contacts',
    kind: 'method-path',
    expect: {top1: `${API}get-contacts`},
    why: 'the list, not Get contact ("get" is an English stop word)',
  },
  {query: 'get invoices', kind: 'method-path', expect: {top1: `${API}get-invoices-for-a-customer`}},

  // operationIds written otherwise.
  {query: 'create_customer', kind: 'operationId', expect: {top1: `${API}create-customer`}},
  {query: 'getcustomerledger', kind: 'operationId', expect: {top1: `${API}get-customer-ledger`}},
  {query: 'get-ticket-options', kind: 'operationId', expect: {top1: `${API}get-ticket-options`}},

  // Field and parameter names.
  {query: 'account_number', kind: 'field', expect: {top5: [`${API}get-customer`, `${API}create-customer`]}, why: 'a field of the customer'},
  {query: 'tax_exempt', kind: 'field', expect: {top5: [`${API}create-customer`, `${API}update-customer`]}},
  {query: 'entry_type', kind: 'field', expect: {top1: `${API}get-customer-ledger`}, why: 'the ledger filter, in no other operation'},
  {query: 'receives_invoices', kind: 'field', expect: {top5: [`${API}create-contact`, `${API}get-contact`]}},
  {query: 'due_date', kind: 'field', expect: {top1: `${API}create-invoice`}, why: 'only Create invoice takes a due_date'},

  // Questions: the prose answers them.
  {
    query: 'how do retries work',
    kind: 'question',
    expect: {top5: ['/blog/mdx-blog-post']},
    why: 'the post "Designing retries for 429 responses"',
  },
  {query: 'how do I paginate', kind: 'question', expect: {top1: `${GUIDES}pagination`, top5: [`${OVERVIEW}#pagination`]}},
  {query: 'what is idempotency', kind: 'question', expect: {top1: `${GUIDES}idempotency`, top5: [`${OVERVIEW}#idempotency`]}},

  // Nothing.
  {query: 'zzzxqv', kind: 'nothing', expect: {none: true}},
  {query: 'qqxzzvv', kind: 'nothing', expect: {none: true}},
  {query: 'asdfghjkl', kind: 'nothing', expect: {none: true}},
  {query: 'xyzzy plugh', kind: 'nothing', expect: {none: true}},
  {query: '/zzqx', kind: 'nothing', expect: {none: true}},
];

/** Page path of an operation: /docs/api/{slug}. */
const operationPage = (slug: string) => `${API}${slug}`;

/**
 * For every operation of an OpenAPI document: its "METHOD /path" and its operationId must give its
 * page first. Derived from the document alone.
 */
export function generatedApiQueries(document: unknown, pagePath: (slug: string) => string = operationPage): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  for (const op of listOperations(document)) {
    if (!op.slug) continue;
    const page = pagePath(op.slug);
    out.push({query: `${op.method.toUpperCase()} ${op.path}`, kind: 'method-path', expect: {top1: page}, why: 'its exact method and path'});
    if (op.operationId) out.push({query: op.operationId, kind: 'operationId', expect: {top1: page}, why: 'its operationId'});
  }
  return out;
}

function processedDocumentFile(): string {
  // Lazy: portal.config reads the environment.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../portal.config') as typeof import('../../portal.config')).loadPortalConfig().processedSpec;
}

/** The literal queries, then the generated ones that do not repeat a literal query. */
export function judgedQueries(document: unknown = JSON.parse(readFileSync(processedDocumentFile(), 'utf8'))): JudgedQuery[] {
  const literal = new Set(LITERAL_QUERIES.map((j) => j.query.toLowerCase()));
  return [...LITERAL_QUERIES, ...generatedApiQueries(document).filter((j) => !literal.has(j.query.toLowerCase()))];
}

export const JUDGED_QUERIES: readonly JudgedQuery[] = judgedQueries();

/** How one query did: first result right, first five right, reciprocal rank of the first right result. */
export interface JudgedScore {
  top1: boolean;
  top5: boolean;
  reciprocalRank: number;
}

export function scoreJudged(judged: JudgedQuery, urls: readonly string[]): JudgedScore {
  const {top1, top5, none} = judged.expect;
  if (none) return {top1: urls.length === 0, top5: urls.length === 0, reciprocalRank: urls.length === 0 ? 1 : 0};
  const wanted = top1 ? [top1] : [...(top5 ?? [])];
  const rank = urls.findIndex((u) => wanted.some((t) => hitsTarget(u, t)));
  return {
    top1: rank === 0,
    top5: rank >= 0 && rank < 5 && (top5 ?? []).every((t) => urls.slice(0, 5).some((u) => hitsTarget(u, t))),
    reciprocalRank: rank < 0 ? 0 : 1 / (rank + 1),
  };
}

/** Share of queries right at 1 and at 5, and the mean reciprocal rank. */
export function summarizeScores(scores: readonly JudgedScore[]): {queries: number; top1: number; top5: number; mrr: number} {
  const n = scores.length || 1;
  return {
    queries: scores.length,
    top1: scores.filter((s) => s.top1).length / n,
    top5: scores.filter((s) => s.top5).length / n,
    mrr: scores.reduce((sum, s) => sum + s.reciprocalRank, 0) / n,
  };
}

/** Does a result URL (path, ?_highlight=…, #anchor) hit a target ("/path" or "/path#anchor")? */
export function hitsTarget(url: string, target: string): boolean {
  const u = new URL(url, 'https://site.invalid');
  const t = new URL(target, 'https://site.invalid');
  if (u.pathname !== t.pathname) return false;
  return t.hash === '' || u.hash === t.hash;
}

/**
 * What is wrong with the results of a query (result URLs in order, at least the first 5), as
 * sentences; empty when every expectation holds.
 */
export function checkJudged(judged: JudgedQuery, urls: readonly string[]): string[] {
  const problems: string[] = [];
  const {top1, top5, none} = judged.expect;
  const shown = `got: ${urls.slice(0, 5).join(' , ') || '(nothing)'}`;
  if (none && urls.length > 0) problems.push(`"${judged.query}": expected no result; ${shown}`);
  if (!none && urls.length === 0) problems.push(`"${judged.query}": expected results, got none`);
  if (top1 && !(urls[0] !== undefined && hitsTarget(urls[0], top1))) problems.push(`"${judged.query}": expected ${top1} first; ${shown}`);
  for (const target of top5 ?? []) {
    if (!urls.slice(0, 5).some((u) => hitsTarget(u, target)))
      problems.push(`"${judged.query}": expected ${target} in the first 5; ${shown}`);
  }
  return problems;
}
