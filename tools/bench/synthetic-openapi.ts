/**
 * Deterministic synthetic OpenAPI 3.0.3 documents for the build-scaling benchmark.
 *
 * Shapes modelled on real billing APIs: resources grouped under tags (three resources per tag),
 * each resource with list / create / get / update / replace / delete operations plus sub-resource
 * and action operations; path parameters, paging / filter / sort / expand query parameters, a
 * header parameter, request bodies with nested objects and arrays, component schemas `$ref`'d and
 * reused across operations (Money, Address, Metadata, LineItem, Pagination, Error ...), and several
 * responses per operation (2xx plus shared 400/401/403/404/409/422/429 responses).
 *
 * Every operation's summary and operationId give the same, unique page slug (lodash kebabCase),
 * so documents pass the portal's checks. Same seed and size -> byte-identical document.
 */
import {HTTP_METHODS} from '../../openapi/model/methods';

/** mulberry32: small, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'billing',
  'usage',
  'service',
  'account',
  'payment',
  'credit',
  'tax',
  'product',
  'order',
  'partner',
  'carrier',
  'network',
  'device',
  'discount',
  'contract',
  'inventory',
  'provisioning',
  'rating',
  'settlement',
  'recurring',
  'prepaid',
  'wholesale',
  'retail',
  'regional',
  'portal',
  'agent',
  'commission',
  'dispute',
  'collection',
  'ledger',
];
const NOUNS = [
  'profile',
  'record',
  'plan',
  'adjustment',
  'batch',
  'rule',
  'schedule',
  'template',
  'group',
  'event',
  'line',
  'package',
  'rate',
  'request',
  'report',
  'statement',
  'subscription',
  'transaction',
  'voucher',
  'window',
  'zone',
  'allocation',
  'assignment',
  'bundle',
  'charge',
  'export',
  'feature',
  'hold',
  'note',
  'option',
];
const SUB_NOUNS = ['note', 'attachment', 'history entry', 'contact', 'audit event', 'comment', 'tag', 'link'];
const ACTIONS = ['archive', 'approve', 'cancel', 'recalculate', 'suspend', 'restore', 'close', 'reopen'];
const WORDS = (
  'the a resource is used to record each billing period and its charges customers are invoiced ' +
  'according to their plan when usage is rated the amount is added to the next statement partners ' +
  'may read these records through the API values are in the account currency unless noted ' +
  'timestamps are UTC ISO 8601 requests are idempotent when an Idempotency-Key header is sent ' +
  'lists are paged and sorted by creation time by default filters combine with AND'
).split(' ');

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
function pascal(words: string): string {
  return words
    .split(/[\s-]+/)
    .map(cap)
    .join('');
}
function camel(words: string): string {
  const p = pascal(words);
  return p.charAt(0).toLowerCase() + p.slice(1);
}
function plural(noun: string): string {
  if (/entry$/.test(noun)) return noun.replace(/entry$/, 'entries');
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}
function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? 'an' : 'a';
}
function kebab(words: string): string {
  return words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Resource {
  name: string; // "billing profile"
  schema: string; // "BillingProfile"
  segment: string; // "billing-profiles"
  idParam: string; // "billingProfileId"
  tag: string;
}

export interface SyntheticOptions {
  /** Exact number of operations to produce. */
  operations: number;
  /** PRNG seed (default 42). */
  seed?: number;
}

export type OpenApiDocument = Record<string, unknown> & {paths: Record<string, Record<string, unknown>>};

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});

/** Build a synthetic document with exactly `operations` operations. */
export function generateSyntheticOpenApi(options: SyntheticOptions): OpenApiDocument {
  const total = Math.max(1, Math.floor(options.operations));
  const rnd = seededRandom(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const sentence = (min: number, max: number) => {
    const n = int(min, max);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(pick(WORDS));
    return `${cap(words.join(' '))}.`;
  };
  const paragraph = (sentences: number) => Array.from({length: sentences}, () => sentence(6, 16)).join(' ');

  // Resource names: every adjective x noun pair, in a seeded order; unique by construction.
  const pairs: string[] = [];
  for (const a of ADJECTIVES) for (const n of NOUNS) pairs.push(`${a} ${n}`);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }

  const schemas: Record<string, unknown> = {
    Money: {
      type: 'object',
      description: 'An amount of money in a currency.',
      required: ['amount', 'currency'],
      properties: {
        amount: {type: 'number', format: 'double', example: 129.5},
        currency: {type: 'string', pattern: '^[A-Z]{3}$', example: 'USD'},
      },
    },
    Address: {
      type: 'object',
      properties: {
        line1: {type: 'string', example: '100 Main Street'},
        line2: {type: 'string', nullable: true},
        city: {type: 'string', example: 'Atlanta'},
        state: {type: 'string', example: 'GA'},
        postal_code: {type: 'string', example: '30301'},
        country: {type: 'string', example: 'US', minLength: 2, maxLength: 2},
      },
    },
    Metadata: {
      type: 'object',
      description: 'Free-form key/value pairs kept with the record.',
      additionalProperties: {type: 'string', maxLength: 500},
    },
    AuditInfo: {
      type: 'object',
      readOnly: true,
      properties: {
        created_at: {type: 'string', format: 'date-time'},
        created_by: {type: 'string'},
        updated_at: {type: 'string', format: 'date-time'},
        updated_by: {type: 'string'},
      },
    },
    LineItem: {
      type: 'object',
      required: ['description', 'quantity', 'unit_price'],
      properties: {
        description: {type: 'string', example: 'Monthly service'},
        quantity: {type: 'integer', minimum: 1, example: 2},
        unit_price: ref('Money'),
        tax_codes: {type: 'array', items: {type: 'string'}},
        period: {
          type: 'object',
          properties: {start: {type: 'string', format: 'date'}, end: {type: 'string', format: 'date'}},
        },
      },
    },
    Pagination: {
      type: 'object',
      required: ['total_count', 'page', 'page_size', 'has_more'],
      properties: {
        total_count: {type: 'integer', example: 42},
        page: {type: 'integer', example: 1},
        page_size: {type: 'integer', example: 25},
        has_more: {type: 'boolean', example: true},
      },
    },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {type: 'string', example: 'validation_failed'},
        message: {type: 'string', example: 'The request is not valid.'},
        details: {
          type: 'array',
          items: {
            type: 'object',
            properties: {field: {type: 'string'}, issue: {type: 'string'}},
          },
        },
        request_id: {type: 'string', format: 'uuid'},
      },
    },
  };

  const errorResponse = (description: string) => ({
    description,
    content: {'application/json': {schema: ref('Error')}},
  });
  const responses = {
    BadRequest: errorResponse('The request is malformed or a parameter is out of range.'),
    Unauthorized: errorResponse('Credentials are missing or wrong.'),
    Forbidden: errorResponse('The API user may not perform this operation.'),
    NotFound: errorResponse('No record with this id exists in the account.'),
    Conflict: errorResponse('The record was changed by another request; read it again and retry.'),
    Unprocessable: errorResponse('The body is well-formed but breaks a business rule.'),
    TooManyRequests: {
      ...errorResponse('Too many requests; wait for the number of seconds in Retry-After.'),
      headers: {'Retry-After': {schema: {type: 'integer'}, description: 'Seconds to wait.'}},
    },
  };
  const rref = (name: keyof typeof responses) => ({$ref: `#/components/responses/${name}`});
  const parameters = {
    Page: {name: 'page', in: 'query', description: 'Page number, from 1.', schema: {type: 'integer', minimum: 1, default: 1}},
    PageSize: {
      name: 'page_size',
      in: 'query',
      description: 'Items per page.',
      schema: {type: 'integer', minimum: 1, maximum: 100, default: 25},
    },
    Sort: {
      name: 'sort',
      in: 'query',
      description: 'Sort field; prefix with `-` for descending.',
      schema: {type: 'string', enum: ['created_at', '-created_at', 'name', '-name']},
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Makes a create request safe to retry.',
      schema: {type: 'string', maxLength: 64},
    },
  };
  const pref = (name: keyof typeof parameters) => ({$ref: `#/components/parameters/${name}`});

  const paths: Record<string, Record<string, unknown>> = {};
  const tags: {name: string; description: string}[] = [];
  let count = 0;
  let resourceIndex = 0;
  const add = (p: string, method: string, op: Record<string, unknown>) => {
    if (count >= total) return;
    (paths[p] ??= {})[method] = op;
    count++;
  };

  while (count < total) {
    if (resourceIndex >= pairs.length) throw new Error(`synthetic-openapi: at most ${pairs.length * 12} operations`);
    const name = pairs[resourceIndex];
    const tagName = `${pascal(pairs[resourceIndex - (resourceIndex % 3)]).replace(/([a-z])([A-Z])/g, '$1 $2')} resources`;
    if (resourceIndex % 3 === 0) tags.push({name: tagName, description: paragraph(2)});
    resourceIndex++;
    const r: Resource = {
      name,
      schema: pascal(name),
      segment: kebab(plural(name)),
      idParam: `${camel(name)}Id`,
      tag: tagName,
    };
    const status = ['draft', 'active', 'suspended', 'closed'];
    const extraProps: Record<string, unknown> = {};
    for (let i = 0, n = int(2, 8); i < n; i++) {
      const field = `${pick(ADJECTIVES)}_${pick(NOUNS)}`;
      extraProps[field] = pick([
        {type: 'string', description: sentence(4, 10)},
        {type: 'integer', format: 'int64', minimum: 0},
        {type: 'boolean', default: false},
        {type: 'string', format: 'date'},
        ref('Money'),
      ]);
    }
    schemas[r.schema] = {
      type: 'object',
      description: paragraph(int(1, 3)),
      required: ['id', 'name', 'status'],
      properties: {
        id: {type: 'integer', format: 'int64', readOnly: true, example: int(1000, 99999)},
        name: {type: 'string', maxLength: 120, example: `${cap(name)} ${int(1, 99)}`},
        status: {type: 'string', enum: status, example: 'active'},
        customer_id: {type: 'integer', format: 'int64'},
        total: ref('Money'),
        billing_address: ref('Address'),
        items: {type: 'array', items: ref('LineItem')},
        settings: {
          type: 'object',
          properties: {
            auto_renew: {type: 'boolean'},
            notify: {type: 'array', items: {type: 'string', format: 'email'}},
            thresholds: {
              type: 'array',
              items: {type: 'object', properties: {level: {type: 'integer'}, action: {type: 'string', enum: ['email', 'suspend']}}},
            },
          },
        },
        ...extraProps,
        metadata: ref('Metadata'),
        audit: ref('AuditInfo'),
      },
    };
    schemas[`${r.schema}Input`] = {
      type: 'object',
      required: ['name'],
      properties: {
        name: {type: 'string', maxLength: 120},
        status: {type: 'string', enum: status},
        customer_id: {type: 'integer', format: 'int64'},
        billing_address: ref('Address'),
        items: {type: 'array', minItems: 0, maxItems: 200, items: ref('LineItem')},
        metadata: ref('Metadata'),
      },
    };
    schemas[`${r.schema}List`] = {
      allOf: [ref('Pagination'), {type: 'object', properties: {items: {type: 'array', items: ref(r.schema)}}}],
    };

    const collection = `/${r.segment}`;
    const item = `${collection}/{${r.idParam}}`;
    const idParam = {
      name: r.idParam,
      in: 'path',
      required: true,
      description: `Id of the ${name}.`,
      schema: {type: 'integer', format: 'int64', minimum: 1},
    };
    const json = (schema: unknown) => ({'application/json': {schema}});
    const common = {'400': rref('BadRequest'), '401': rref('Unauthorized'), '403': rref('Forbidden'), '429': rref('TooManyRequests')};
    const op = (summary: string, extra: Record<string, unknown>) => ({
      tags: [r.tag],
      summary,
      operationId: camel(summary),
      description: paragraph(int(1, 4)),
      ...extra,
    });
    const filters = Array.from({length: int(1, 4)}, (_, i) => ({
      name: `filter_${i}_${pick(NOUNS)}`,
      in: 'query',
      description: sentence(4, 9),
      schema: pick([{type: 'string'}, {type: 'integer'}, {type: 'string', enum: status}, {type: 'array', items: {type: 'string'}}]),
      ...(i === 0 ? {} : {style: 'form', explode: false}),
    }));

    add(
      collection,
      'get',
      op(`List ${plural(name)}`, {
        parameters: [
          pref('Page'),
          pref('PageSize'),
          pref('Sort'),
          ...filters,
          {name: 'expand', in: 'query', schema: {type: 'array', items: {type: 'string', enum: ['items', 'audit']}}},
        ],
        responses: {'200': {description: `A page of ${plural(name)}.`, content: json(ref(`${r.schema}List`))}, ...common},
      }),
    );
    add(
      collection,
      'post',
      op(`Create ${article(name)} ${name}`, {
        parameters: [pref('IdempotencyKey')],
        requestBody: {required: true, content: json(ref(`${r.schema}Input`))},
        responses: {
          '201': {
            description: 'Created.',
            headers: {Location: {schema: {type: 'string'}, description: 'URL of the new record.'}},
            content: json(ref(r.schema)),
          },
          ...common,
          '409': rref('Conflict'),
          '422': rref('Unprocessable'),
        },
      }),
    );
    add(
      item,
      'get',
      op(`Get ${article(name)} ${name}`, {
        parameters: [idParam, {name: 'expand', in: 'query', schema: {type: 'array', items: {type: 'string'}}}],
        responses: {'200': {description: `The ${name}.`, content: json(ref(r.schema))}, ...common, '404': rref('NotFound')},
      }),
    );
    add(
      item,
      'patch',
      op(`Update ${article(name)} ${name}`, {
        parameters: [idParam],
        requestBody: {required: true, content: json(ref(`${r.schema}Input`))},
        responses: {
          '200': {description: 'Updated.', content: json(ref(r.schema))},
          ...common,
          '404': rref('NotFound'),
          '409': rref('Conflict'),
          '422': rref('Unprocessable'),
        },
      }),
    );
    add(
      item,
      'put',
      op(`Replace ${article(name)} ${name}`, {
        parameters: [idParam, pref('IdempotencyKey')],
        requestBody: {required: true, content: json(ref(`${r.schema}Input`))},
        responses: {'200': {description: 'Replaced.', content: json(ref(r.schema))}, ...common, '404': rref('NotFound')},
      }),
    );
    add(
      item,
      'delete',
      op(`Delete ${article(name)} ${name}`, {
        parameters: [idParam],
        responses: {'204': {description: 'Deleted.'}, ...common, '404': rref('NotFound'), '409': rref('Conflict')},
      }),
    );
    const sub = SUB_NOUNS[resourceIndex % SUB_NOUNS.length];
    const subSchema = `${r.schema}${pascal(sub)}`;
    schemas[subSchema] = {
      type: 'object',
      properties: {
        id: {type: 'integer', readOnly: true},
        text: {type: 'string', description: sentence(3, 8)},
        author: {type: 'string'},
        tags: {type: 'array', items: {type: 'string'}},
        audit: ref('AuditInfo'),
      },
    };
    add(
      `${item}/${kebab(plural(sub))}`,
      'get',
      op(`List ${plural(sub)} of ${article(name)} ${name}`, {
        parameters: [idParam, pref('Page'), pref('PageSize')],
        responses: {
          '200': {
            description: `A page of ${plural(sub)}.`,
            content: json({allOf: [ref('Pagination'), {type: 'object', properties: {items: {type: 'array', items: ref(subSchema)}}}]}),
          },
          ...common,
          '404': rref('NotFound'),
        },
      }),
    );
    add(
      `${item}/${kebab(plural(sub))}`,
      'post',
      op(`Add ${article(sub)} ${sub} to ${article(name)} ${name}`, {
        parameters: [idParam],
        requestBody: {content: json(ref(subSchema))},
        responses: {'201': {description: 'Added.', content: json(ref(subSchema))}, ...common, '404': rref('NotFound')},
      }),
    );
    const subId = {
      name: `${camel(sub)}Id`,
      in: 'path',
      required: true,
      description: `Id of the ${sub}.`,
      schema: {type: 'integer'},
    };
    add(
      `${item}/${kebab(plural(sub))}/{${camel(sub)}Id}`,
      'delete',
      op(`Remove ${article(sub)} ${sub} from ${article(name)} ${name}`, {
        parameters: [idParam, subId],
        responses: {'204': {description: 'Removed.'}, ...common, '404': rref('NotFound')},
      }),
    );
    for (let i = 0, n = int(1, 3); i < n; i++) {
      const action = ACTIONS[(resourceIndex + i) % ACTIONS.length];
      add(
        `${item}/${action}`,
        'post',
        op(`${cap(action)} ${article(name)} ${name}`, {
          parameters: [idParam, pref('IdempotencyKey')],
          requestBody: {
            content: json({
              type: 'object',
              properties: {
                reason: {type: 'string', maxLength: 500},
                effective_date: {type: 'string', format: 'date'},
                notify: {type: 'boolean'},
              },
            }),
          },
          responses: {
            '200': {description: `The ${name} after the ${action} action.`, content: json(ref(r.schema))},
            '202': {description: 'Accepted; the action completes asynchronously.'},
            ...common,
            '404': rref('NotFound'),
            '409': rref('Conflict'),
          },
        }),
      );
    }
  }

  return {
    openapi: '3.0.3',
    info: {
      title: `Synthetic Billing API ${total}`,
      version: '1.0.0',
      description: `A generated document with ${total} operations for the build-scaling benchmark.\n\n${paragraph(4)}`,
      contact: {name: 'Benchmark', url: 'https://synthetic-billing.test/support', email: 'bench@synthetic-billing.test'},
      license: {name: 'Proprietary', url: 'https://synthetic-billing.test/legal'},
    },
    servers: [{url: 'https://api.synthetic-billing.test/v1', description: 'Production'}],
    security: [{basicAuth: [], subscriptionKey: []}],
    tags,
    paths,
    components: {
      securitySchemes: {
        basicAuth: {type: 'http', scheme: 'basic', description: 'API user name and password.'},
        subscriptionKey: {type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key'},
      },
      parameters,
      responses,
      schemas,
    },
  };
}

/** Number of operations in a document (any of the eight HTTP methods under `paths`). */
export function countOperations(doc: {paths?: Record<string, Record<string, unknown>>}): number {
  let n = 0;
  for (const item of Object.values(doc.paths ?? {})) for (const m of HTTP_METHODS) if (item && item[m]) n++;
  return n;
}
