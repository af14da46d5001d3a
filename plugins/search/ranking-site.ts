/**
 * A small site for the ranking tests (./ranking.test.ts), indexed the way the build indexes ours:
 * its pages go through plugins/search (assembleDocuments, serializeIndex: compact
 * sub-indexes; splitContentPart: the body text as a part loaded after the index) and its OpenAPI
 * operations through plugins/search/api-records (operationRecords, apiRecordDocuments: the
 * API entry). The engine then loads it as the browser does, parts included.
 *
 * The content is a cut-down copy of our description and pages (openapi/source, docs, blog): the
 * operations, summaries, parameter and field names as they are there, each operation page's text
 * (its description, then its parameter names, as the built page leaves them to the index), the
 * overview's sections and two blog posts. Small enough to read, with the same competition between
 * operations, fields and prose that the judged queries (tests/search/judged-queries.ts) measure
 * on the real build.
 */
import {apiEntry, apiRecordDocuments, operationRecords} from './api-records';
import {assembleDocuments, serializeIndex, splitContentPart, type ParsedPage, type ThemeConfig} from './index';
import {searchClientConfig} from '../../src/config/search';
import {SearchEngine} from '../../src/components/Search/engine';
import {CONTENT_PART_FILE, type EngineOptions} from '../../src/components/Search/types';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Query and path parameter names. */
  parameters: string[];
  /** Request body property names. */
  body?: string[];
  /** Response body property names (200/201, JSON). */
  response: string[];
  /** Non-JSON media type of the response (application/pdf). */
  media?: string;
  description: string;
}

const LIST = ['page', 'page_size', 'total_count', 'has_more', 'items'];
const CUSTOMER = ['id', 'account_number', 'name', 'status', 'email', 'tax_exempt', 'balance', 'created_at'];
const CONTACT = ['id', 'customer_id', 'first_name', 'last_name', 'email', 'roles', 'receives_invoices'];

export const OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/bill-profiles',
    operationId: 'createBillProfile',
    summary: 'Create bill profile',
    tag: 'Bill Profiles',
    parameters: ['Idempotency-Key'],
    body: ['name', 'status', 'currency', 'bill_cycle', 'late_fee'],
    response: ['id', 'name', 'status', 'currency', 'late_fee'],
    description:
      'Creates a bill profile: the currency, bill cycle, payment terms, invoice delivery, proration and late-fee rules applied to every customer assigned to it.',
  },
  {
    method: 'post',
    path: '/customers',
    operationId: 'createCustomer',
    summary: 'Create customer',
    tag: 'Customers',
    parameters: ['Idempotency-Key'],
    body: ['name', 'status', 'email', 'tax_exempt'],
    response: CUSTOMER,
    description:
      "Creates a customer account. Choose a customer type and an active bill profile: the bill profile fixes the customer's currency, bill cycle and payment terms.",
  },
  {
    method: 'get',
    path: '/customers/{customer_id}',
    operationId: 'getCustomer',
    summary: 'Get customer',
    tag: 'Customers',
    parameters: ['customer_id'],
    response: CUSTOMER,
    description:
      'Returns one customer with its status, addresses, tax settings and current balance. For the history behind the balance use Get customer ledger.',
  },
  {
    method: 'patch',
    path: '/customers/{customer_id}',
    operationId: 'updateCustomer',
    summary: 'Update customer',
    tag: 'Customers',
    parameters: ['customer_id'],
    body: ['name', 'status', 'email', 'tax_exempt'],
    response: CUSTOMER,
    description: 'Partially updates a customer (PATCH semantics): only the fields you send change, and null clears a nullable field.',
  },
  {
    method: 'get',
    path: '/customers/{customer_id}/ledger',
    operationId: 'getCustomerLedger',
    summary: 'Get customer ledger',
    tag: 'Customers',
    parameters: ['customer_id', 'from', 'to', 'entry_type', 'page', 'page_size'],
    response: LIST,
    description:
      "Returns the customer's account history: invoices, payments, adjustments, credits and refunds, oldest first, each with its signed amount and the running balance after it.",
  },
  {
    method: 'get',
    path: '/customer-types',
    operationId: 'getCustomerTypes',
    summary: 'Get customer types',
    tag: 'Customers',
    parameters: ['active', 'page', 'page_size'],
    response: LIST,
    description: 'Returns the customer types configured for your account, ordered by name.',
  },
  {
    method: 'post',
    path: '/invoices',
    operationId: 'createInvoice',
    summary: 'Create invoice',
    tag: 'Invoices',
    parameters: ['Idempotency-Key'],
    body: ['customer_id', 'issue_date', 'due_date', 'line_items', 'finalize'],
    response: ['id', 'invoice_number', 'status', 'total'],
    description:
      'Creates a one-off invoice for a customer outside the regular bill run. With finalize set to false the invoice stays a draft.',
  },
  {
    method: 'get',
    path: '/invoices/{invoice_id}/pdf',
    operationId: 'downloadInvoice',
    summary: 'Download invoice',
    tag: 'Invoices',
    parameters: ['invoice_id'],
    response: [],
    media: 'application/pdf',
    description: 'Returns the invoice as a PDF document, exactly as the customer receives it. Drafts are rendered with a DRAFT watermark.',
  },
  {
    method: 'get',
    path: '/customers/{customer_id}/invoices',
    operationId: 'getInvoicesForACustomer',
    summary: 'Get invoices for a customer',
    tag: 'Invoices',
    parameters: ['customer_id', 'status', 'issued_from', 'issued_to', 'page', 'page_size'],
    response: LIST,
    description: "Returns a customer's invoices, newest first, with their line items, totals and payment status.",
  },
  {
    method: 'post',
    path: '/contacts',
    operationId: 'createContact',
    summary: 'Create contact',
    tag: 'Contacts',
    parameters: ['Idempotency-Key'],
    body: CONTACT.slice(1),
    response: CONTACT,
    description: 'Adds a contact to an existing customer. Give the billing role to email invoices to this contact.',
  },
  {
    method: 'get',
    path: '/contacts',
    operationId: 'getContacts',
    summary: 'Get contacts',
    tag: 'Contacts',
    parameters: ['customer_id', 'email', 'role', 'page', 'page_size'],
    response: LIST,
    description:
      "Returns contacts one page at a time. Filter by customer_id to get one customer's contacts, or by email to find the contact behind an address.",
  },
  {
    method: 'get',
    path: '/contacts/{contact_id}',
    operationId: 'getContact',
    summary: 'Get contact',
    tag: 'Contacts',
    parameters: ['contact_id'],
    response: CONTACT,
    description: 'Returns one contact with its roles, phone numbers and whether it receives invoices by email.',
  },
  {
    method: 'patch',
    path: '/contacts/{contact_id}',
    operationId: 'updateContact',
    summary: 'Update contact',
    tag: 'Contacts',
    parameters: ['contact_id'],
    body: CONTACT.slice(2),
    response: CONTACT,
    description: 'Partially updates a contact (PATCH semantics): roles is replaced as a whole, so send the complete list.',
  },
  {
    method: 'post',
    path: '/tickets',
    operationId: 'createTicket',
    summary: 'Create ticket',
    tag: 'Tickets',
    parameters: ['Idempotency-Key'],
    body: ['customer_id', 'subject', 'priority_id', 'assignee_id'],
    response: ['id', 'status_id', 'is_open'],
    description: 'Opens a support or billing ticket for a customer, for example from your own portal or CRM.',
  },
  {
    method: 'get',
    path: '/tickets',
    operationId: 'getTickets',
    summary: 'Get tickets',
    tag: 'Tickets',
    parameters: ['customer_id', 'is_open', 'status_id', 'assignee_id', 'page', 'page_size'],
    response: LIST,
    description:
      'Returns tickets, most recently updated first. Filter by customer, status or assignee, or by is_open to get the working queue.',
  },
  {
    method: 'get',
    path: '/ticket-options',
    operationId: 'getTicketOptions',
    summary: 'Get ticket options',
    tag: 'Tickets',
    parameters: [],
    response: ['statuses', 'priorities', 'categories', 'assignees'],
    description: 'Returns the statuses, priorities, categories and assignees configured for tickets in your account.',
  },
];

const schema = (names: readonly string[]) => ({type: 'object', properties: Object.fromEntries(names.map((n) => [n, {type: 'string'}]))});

/** The operations as an OpenAPI document, the input of the index builder. */
export function openApiDocument(operations: readonly Operation[] = OPERATIONS): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of operations) {
    const content = op.media
      ? {[op.media]: {schema: {type: 'string', format: 'binary'}}}
      : {'application/json': {schema: schema(op.response)}};
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      parameters: op.parameters.map((name) => ({
        name,
        in: op.path.includes(`{${name}}`) ? 'path' : name === 'Idempotency-Key' ? 'header' : 'query',
        schema: {type: 'string'},
      })),
      ...(op.body ? {requestBody: {content: {'application/json': {schema: schema(op.body)}}}} : {}),
      responses: {[op.method === 'post' ? '201' : '200']: {description: 'OK', content}},
    };
  }
  return {openapi: '3.0.3', info: {title: 'Rev.io API', version: '2.0.0'}, paths};
}

const API = '/docs/api/';

/** An operation's page (at its slug) as the built HTML gives it to the index: its description and parameter names. */
const operationPage = (op: Operation, slug: string): {url: string; parsed: ParsedPage} => ({
  url: `${API}${slug}`,
  parsed: {
    pageTitle: op.summary,
    description: op.description,
    keywords: '',
    breadcrumb: ['API Reference', op.tag],
    sections: [
      {title: op.summary, hash: '', content: `${op.description} ${op.parameters.filter((p) => p !== 'Idempotency-Key').join(' ')}`.trim()},
    ],
  },
});

export const OVERVIEW = `${API}rev-io-api`;

const PROSE: {url: string; parsed: ParsedPage}[] = [
  {
    url: OVERVIEW,
    parsed: {
      pageTitle: 'Rev.io API',
      description: 'The Rev.io API: customers, contacts, bill profiles, invoices, the customer ledger and support tickets.',
      keywords: '',
      breadcrumb: ['API Reference'],
      sections: [
        {
          title: 'Rev.io API',
          hash: '',
          content:
            'The Rev.io API lets your systems work with the customer and billing records of your Rev.io account: customers and their contacts, invoices, the customer ledger and support tickets.',
        },
        {
          title: 'Authentication',
          hash: '#authentication',
          content:
            'Every request needs two credentials: HTTP Basic authentication with your API username and password, and the subscription key in the Ocp-Apim-Subscription-Key header.',
        },
        {
          title: 'Pagination',
          hash: '#pagination',
          content:
            'Every list operation uses the same page-number pagination. Ask for a page with two query parameters: page, the page number, and page_size, items per page.',
        },
        {
          title: 'Updating resources',
          hash: '#updating-resources',
          content:
            'Update operations use PATCH with partial-update semantics: only the fields you send change; null clears a nullable field.',
        },
        {
          title: 'Idempotency',
          hash: '#idempotency',
          content:
            'Network failures can leave you unsure whether a create request went through. Every POST accepts an Idempotency-Key header: a unique value you generate per new record. Retrying with the same key returns the original response.',
        },
        {
          title: 'Errors',
          hash: '#errors',
          content: 'Every error, whatever the operation, has the same JSON body with a code, a message and details.',
        },
        {
          title: 'Rate limits',
          hash: '#rate-limits',
          content: 'Each subscription key may make 300 requests per one-minute window. A 429 response tells you to wait.',
        },
      ],
    },
  },
  {
    url: '/blog/long-blog-post',
    parsed: {
      pageTitle: 'Reconciling customer ledgers without losing a cent',
      description: 'A step-by-step guide to reconciling the customer ledger of the billing API with your own accounting system.',
      keywords: '',
      breadcrumb: [],
      sections: [
        {
          title: 'Reconciling customer ledgers without losing a cent',
          hash: '',
          content: 'A step-by-step guide to reconciling the customer ledger of the billing API with your own accounting system.',
        },
        {
          title: 'What the ledger is, and what it is not',
          hash: '#what-the-ledger-is-and-what-it-is-not',
          content: "The ledger is the history of a customer's account: every invoice, payment, credit and refund.",
        },
        {
          title: 'Step 1: sync the ledger incrementally',
          hash: '#step-1-sync-the-ledger-incrementally',
          content: 'Read the ledger page by page from the last entry you have seen.',
        },
      ],
    },
  },
  {
    url: '/blog/mdx-blog-post',
    parsed: {
      pageTitle: 'Designing retries for 429 responses',
      description: 'How a client should react to 429 Too Many Requests from the billing API.',
      keywords: '',
      breadcrumb: [],
      sections: [
        {
          title: 'Designing retries for 429 responses',
          hash: '',
          content: 'How a client should react to 429 Too Many Requests from the billing API.',
        },
        {
          title: 'What a 429 tells you',
          hash: '#what-a-429-tells-you',
          content: 'A 429 means the subscription key has used its window: back off, then retry with jitter.',
        },
      ],
    },
  },
];

export const THEME_CONFIG: ThemeConfig = {
  hashed: false,
  language: ['en'],
  removeDefaultStopWordFilter: searchClientConfig.removeDefaultStopWordFilter ? ['en'] : [],
  ignoreCssSelectors: [],
};

export const ENGINE_OPTIONS: EngineOptions = {
  removeDefaultStopWordFilter: searchClientConfig.removeDefaultStopWordFilter,
  searchResultContextMaxLength: searchClientConfig.searchResultContextMaxLength,
  highlightSearchTermsOnTargetPage: searchClientConfig.highlightSearchTermsOnTargetPage,
  baseUrl: '/',
};

/** search-index.json and its content part, as the build writes them (JSON round-tripped). */
export function buildSiteIndex(operations: readonly Operation[] = OPERATIONS): {main: unknown; part: unknown} {
  const records = operationRecords(openApiDocument(operations));
  const pages = [...PROSE, ...operations.map((op, k) => operationPage(op, records[k]!.slug!))];
  const lists = assembleDocuments(pages);
  const entries: object[] = serializeIndex(lists, THEME_CONFIG);
  entries.push(apiEntry(apiRecordDocuments(records, lists[0]!)));
  const {main, part} = splitContentPart(entries);
  return JSON.parse(JSON.stringify({main, part})) as {main: unknown; part: unknown};
}

/** The engine with the site's index and its part loaded, as in the browser once the body text is in. */
export async function siteEngine(operations: readonly Operation[] = OPERATIONS): Promise<SearchEngine> {
  const {main, part} = buildSiteIndex(operations);
  const engine = new SearchEngine();
  const [status] = await engine.init(
    {options: ENGINE_OPTIONS, site: {heading: null, uri: 'search-index.json'}, externals: []},
    async (uri) => ({
      ok: true,
      status: 200,
      json: async () => (uri === CONTENT_PART_FILE ? part : main),
    }),
  );
  if (!status?.ok) throw new Error(`the test site's index was refused: ${status?.warning}`);
  const warnings = await engine.complete();
  if (warnings.length) throw new Error(`the test site's index part was refused: ${warnings.join('; ')}`);
  return engine;
}
