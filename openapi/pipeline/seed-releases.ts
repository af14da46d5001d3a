/**
 * One-off: seeds openapi/releases/ with the history of our API description, derived from the
 * working source (which is 2.0.0) by editing copies of its bundled form backwards:
 *
 * - 2.0.0 (the source): breaking — served under `/v2` (1.x: `/v1`); "Get customer balance" removed (deprecated in 1.1.0 for "Get
 *   customer ledger"); `Idempotency-Key` becomes a required header of "Create invoice"; the
 *   `status` filter of "Get invoices for a customer" loses the value `all`. Deprecation — contact
 *   field `receives_invoices`, replaced by `roles` (`x-deprecated-by: roles`).
 * - 1.1.0: non-breaking — new operation "Get customer ledger", new optional field `external_id` on
 *   customers; deprecation — "Get customer balance" (`x-deprecated-by: getCustomerLedger`);
 *   documentation only — reworded descriptions of "Get contacts" and "Create ticket".
 * - 1.0.0: the first release.
 *
 * Release dates (`info['x-release-date']`): 1.0.0 2025-01-14, 1.1.0 2025-05-06, 2.0.0 2025-10-07.
 * Each written file is then checked by building it with the pipeline (strict, like our source).
 * Usage: npx tsx openapi/pipeline/seed-releases.ts [--force]   (refuses to overwrite without --force)
 */
import fs from 'node:fs';
import path from 'node:path';
import {buildProcessedSpec, OUR_SOURCE} from './build';
import {
  isObject,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type PathItem,
  type Schema,
  type SchemaObject,
} from '../model/document';
import {operationAt as methodOf, type HttpMethod} from '../model/methods';
import {localRefTokens} from '../model/pointer';
import {displayPath} from './errors';
import {RELEASES_DIR, releaseDocument, releaseText} from './release';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Inserts `key: value` into an object right after `after` (key order is document order). */
function insertAfter<T>(obj: Record<string, T>, after: string, key: string, value: T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(obj)) {
    out[k] = v;
    if (k === after) out[key] = value;
  }
  if (!(key in out)) out[key] = value;
  return out;
}

/** Deletes components nothing refers to any more (the recommended ruleset warns about unused ones). */
function pruneComponents(doc: OpenApiDocument): void {
  const components = doc.components as Record<string, Record<string, unknown>>;
  const used = new Set<string>();
  const queue: unknown[] = [];
  const {components: _omit, ...rest} = doc;
  queue.push(rest);
  while (queue.length) {
    const node = queue.pop();
    if (!node || typeof node !== 'object') continue;
    const ref = (node as {$ref?: unknown}).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/') && !used.has(ref)) {
      used.add(ref);
      const [, kind, name] = localRefTokens(ref) ?? [];
      queue.push(components[kind!]?.[name!]);
    }
    for (const v of Object.values(node)) if (v && typeof v === 'object') queue.push(v);
  }
  for (const kind of ['schemas', 'parameters', 'responses', 'examples', 'headers', 'requestBodies']) {
    for (const name of Object.keys(components[kind] ?? {})) if (!used.has(`#/components/${kind}/${name}`)) delete components[kind]![name];
  }
}

const ERROR_RESPONSES = (codes: string[]) =>
  Object.fromEntries(
    codes.map((c) => [
      c,
      {
        $ref: `#/components/responses/${{'400': 'BadRequest', '401': 'Unauthorized', '403': 'Forbidden', '404': 'NotFound', '429': 'TooManyRequests', '500': 'InternalServerError'}[c]}`,
      },
    ]),
  );

/** 1.x's "Get customer balance", removed in 2.0.0. */
function balanceOperation(deprecated: boolean): Operation {
  const op: Operation = {
    operationId: 'getCustomerBalance',
    summary: 'Get customer balance',
    description: deprecated
      ? 'Deprecated since 1.1.0 and removed in 2.0.0: use Get customer ledger, whose entries carry the `running_balance`.\n\n' +
        "Returns a customer's current balance and past-due amount, as of now."
      : "Returns a customer's current balance and past-due amount, as of now. Use it to show what a customer owes in a customer portal.",
    tags: ['Customers'],
    parameters: [{$ref: '#/components/parameters/CustomerId'}],
    responses: {
      '200': {
        description: 'The balance of the customer.',
        headers: {
          'X-RateLimit-Limit': {$ref: '#/components/headers/X-RateLimit-Limit'},
          'X-RateLimit-Remaining': {$ref: '#/components/headers/X-RateLimit-Remaining'},
          'X-RateLimit-Reset': {$ref: '#/components/headers/X-RateLimit-Reset'},
          'X-Request-Id': {$ref: '#/components/headers/X-Request-Id'},
        },
        content: {
          'application/json': {
            schema: {$ref: '#/components/schemas/CustomerBalance'},
            example: {
              customer_id: 100482,
              balance: {amount: '149.50', currency: 'USD'},
              past_due_amount: {amount: '0.00', currency: 'USD'},
              as_of: '2025-03-12T09:30:00Z',
            },
          },
        },
      },
      ...ERROR_RESPONSES(['401', '403', '404', '429', '500']),
    },
  };
  if (deprecated) {
    op.deprecated = true;
    op['x-deprecated-by'] = 'getCustomerLedger';
  }
  return op;
}

const CUSTOMER_BALANCE_SCHEMA: SchemaObject = {
  type: 'object',
  description: "A customer's balance at one moment.",
  required: ['customer_id', 'balance', 'past_due_amount', 'as_of'],
  properties: {
    customer_id: {type: 'integer', format: 'int64', minimum: 1, description: 'The customer.', example: 100482},
    balance: {$ref: '#/components/schemas/Money'},
    past_due_amount: {$ref: '#/components/schemas/Money'},
    as_of: {type: 'string', format: 'date-time', description: 'When the balance was computed.', example: '2025-03-12T09:30:00Z'},
  },
};

/** Replaces `from` with `to` in `text`, which must contain it (the source changed otherwise: update this script). */
function replaceOnce(text: string, from: string, to: string, where: string): string {
  if (!text.includes(from)) throw new Error(`${where} no longer contains ${JSON.stringify(from)}: update seed-releases.ts`);
  return text.replace(from, to);
}

/** Every string of a document with the v2 base URL in it, pointed at v1's. */
function v1Urls<T>(node: T): T;
function v1Urls(node: unknown): unknown {
  if (typeof node === 'string') return node.split(V2_URL).join(V1_URL);
  if (Array.isArray(node)) return node.map(v1Urls);
  if (isObject(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, v1Urls(v)]));
  return node;
}

const V2_URL = 'https://api.rev.io/v2';
const V1_URL = 'https://api.rev.io/v1';

/** The operation at `method path` of our document (the edits below name only operations it has). */
const operationAt = (doc: OpenApiDocument, path: string, method: HttpMethod): Operation => methodOf(doc.paths[path], method)!;
/** A component schema of our document (an object schema). */
const schemaOf = (doc: OpenApiDocument, name: string): SchemaObject => doc.components!.schemas![name] as SchemaObject;

/** 2.0.0 -> 1.1.0 */
function toV110(v2: OpenApiDocument): OpenApiDocument {
  let doc = clone(v2);
  doc.info.version = '1.1.0';
  doc.info['x-release-date'] = '2025-05-06';
  // Version 1 is served under /v1 (2.0.0 moved to /v2): servers, examples and the overview's prose.
  doc = v1Urls(doc);
  let overview = String(doc.info.description);
  overview = replaceOnce(overview, '`/v2` for this version', '`/v1` for this version', '#/info/description');
  overview = replaceOnce(
    overview,
    'The major version is part of the URL: `/v2` for version 2, `/v1` for version 1. Within a\nmajor version',
    'The major version is part of the URL (`/v1`). Within a major version',
    '#/info/description',
  );
  overview = replaceOnce(
    overview,
    'Breaking changes ship as a new major version with its own URL (`/v3` next), run side by side\nwith the old one.',
    'Breaking changes ship as a new major version (`/v2`), run side by side with the old one.',
    '#/info/description',
  );
  doc.info.description = overview;
  // "Get customer balance" existed (deprecated in 1.1.0 in favour of the new ledger).
  doc.paths = insertAfter<PathItem>(doc.paths, '/customers/{customer_id}/ledger', '/customers/{customer_id}/balance', {
    get: balanceOperation(true),
  });
  const components = doc.components!;
  components.schemas = insertAfter<Schema>(components.schemas!, 'CustomerSummaryPage', 'CustomerBalance', CUSTOMER_BALANCE_SCHEMA);
  // Idempotency-Key was optional on Create invoice.
  const create = operationAt(doc, '/invoices', 'post');
  create.parameters = create.parameters!.map((p) =>
    '$ref' in p && p.$ref === '#/components/parameters/IdempotencyKeyRequired' ? {$ref: '#/components/parameters/IdempotencyKey'} : p,
  );
  create.description = String(create.description).replace(
    'The\n`Idempotency-Key` header is required: a retry without one could bill the customer twice.',
    'Send an\n`Idempotency-Key`: retrying without one can bill the customer twice.',
  );
  // The status filter of a customer's invoices accepted `all`.
  const invoices = operationAt(doc, '/customers/{customer_id}/invoices', 'get');
  const status = invoices.parameters!.find((p): p is Parameter => 'name' in p && p.name === 'status')!;
  status.description = 'Only invoices with this status; `all` returns every status, as does leaving the parameter out.';
  status.schema = {$ref: '#/components/schemas/InvoiceStatusFilter'};
  const invoiceStatus = schemaOf(doc, 'InvoiceStatus');
  components.schemas = insertAfter<Schema>(components.schemas!, 'InvoiceStatus', 'InvoiceStatusFilter', {
    ...invoiceStatus,
    description: `${invoiceStatus.description} \`all\`: any status.`,
    enum: [...invoiceStatus.enum!, 'all'],
  });
  operationAt(doc, '/contacts', 'post').description = String(operationAt(doc, '/contacts', 'post').description).replace(
    "Give the `billing` role to email invoices to this contact when the customer's\nbill profile delivers by email (`receives_invoices` is deprecated).",
    "Set `receives_invoices` to `true` to email invoices to this contact when the\ncustomer's bill profile delivers by email.",
  );
  // receives_invoices was not deprecated.
  for (const name of ['Contact', 'ContactCreate', 'ContactUpdate']) {
    const field = schemaOf(doc, name).properties!.receives_invoices as SchemaObject;
    delete field.deprecated;
    delete field['x-deprecated-by'];
    if (name === 'Contact')
      field.description = 'When `true` and the bill profile delivers by `email`, invoices are emailed to this contact.';
    else delete field.description;
  }
  pruneComponents(doc);
  return doc;
}

/** 1.1.0 -> 1.0.0 */
function toV100(v11: OpenApiDocument): OpenApiDocument {
  const doc = clone(v11);
  doc.info.version = '1.0.0';
  doc.info['x-release-date'] = '2025-01-14';
  delete doc.paths['/customers/{customer_id}/ledger'];
  doc.paths['/customers/{customer_id}/balance']!.get = balanceOperation(false);
  // No external_id on customers yet.
  for (const name of ['Customer', 'CustomerCreate', 'CustomerUpdate']) {
    const schema = schemaOf(doc, name);
    delete schema.properties!.external_id;
    if (Array.isArray(schema.required)) schema.required = schema.required.filter((f: string) => f !== 'external_id');
  }
  for (const example of Object.values(doc.components!.examples!)) {
    const value = (example as {value?: unknown} | null | undefined)?.value;
    if (value && typeof value === 'object') delete (value as Record<string, unknown>).external_id;
  }
  const q = operationAt(doc, '/customer-summaries', 'get').parameters!.find((p): p is Parameter => 'name' in p && p.name === 'q');
  if (q)
    q.description = String(q.description)
      .replace(', account number or external id', ' or account number')
      .replace(' name, account number or external id', ' name or account number');
  // Documentation-only edits made in 1.1.0.
  operationAt(doc, '/contacts', 'get').description = 'Returns the contacts of your account. Filter by customer with `customer_id`.';
  operationAt(doc, '/tickets', 'post').description = 'Opens a support ticket for a customer.';
  pruneComponents(doc);
  return doc;
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const v2 = await releaseDocument(OUR_SOURCE);
  if (v2.info?.version !== '2.0.0')
    throw new Error(`${displayPath(OUR_SOURCE)}#/info/version is ${String(v2.info?.version)}; this script derives the history from 2.0.0`);
  v2.info['x-release-date'] = '2025-10-07';
  const v11 = toV110(v2);
  const v10 = toV100(v11);
  fs.mkdirSync(RELEASES_DIR, {recursive: true});
  for (const doc of [v10, v11, v2]) {
    const file = path.join(RELEASES_DIR, `${doc.info!.version}.json`);
    if (fs.existsSync(file) && !force) throw new Error(`${displayPath(file)} exists (run with --force to rewrite the seeded history)`);
    fs.writeFileSync(file, releaseText(doc));
    // Every release must pass the pipeline as our own document does.
    const built = await buildProcessedSpec({source: file, strict: true});
    console.log(`seed-releases: ${displayPath(file)}: ${built.stats.operations} operations, ${built.stats.schemas} schemas`);
  }
}

main().catch((error: unknown) => {
  console.error(`seed-releases: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
