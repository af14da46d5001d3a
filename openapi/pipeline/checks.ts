/**
 * Portal checks: what the page generator needs from every operation, on top of the OpenAPI rules.
 *
 * - every operation has a `summary` (the page title),
 * - no two operations produce the same page slug (nor the overview page's slug, from `info.title`);
 *   the slug is `pageSlug(operationId ?? summary)` (openapi/model/operations.ts: the words, kebab-cased),
 * - every operation has at least one tag (tags become the sidebar categories),
 * - our own document only: `pageSlug(operationId) === pageSlug(summary)`, so the page slug is the
 *   summary's whichever field the generator reads.
 *
 * They run as Redocly rules (plugin "portal"), so problems carry the real source file and JSON
 * pointer even when the operation lives in a split file. For any document the portal is pointed
 * at, an operation must give a page slug (an operationId or a summary) and slugs must be unique;
 * the generator titles a page without summary by its operationId and files untagged operations
 * by their path's first segment (openapi/model/tags.ts). Our own document is held to all the rules above.
 */
import type {Location, Oas3Rule, Plugin, UserContext} from '@redocly/openapi-core';
import {displayPath} from './errors';
import {operationSlug, overviewSlug, pageSlug} from '../model/operations';
import {ADDITIONAL_OPERATIONS, additionalMethodProblem} from '../model/methods';

interface OperationNode {
  operationId?: unknown;
  summary?: unknown;
  tags?: unknown;
}

type OnOperation = (op: OperationNode, ctx: UserContext, what: string) => void;

/**
 * Visitor calling `onOperation` for every operation under `paths` (not for operations inside
 * callbacks), with "METHOD /path" for messages.
 */
function operationsVisitor(onOperation: OnOperation) {
  let currentPath = '';
  let depth = 0; // > 0 while inside an operation: callbacks contain path items too
  return {
    Paths: {
      PathItem: {
        enter(_item: unknown, ctx: UserContext) {
          if (depth === 0) currentPath = String(ctx.key);
        },
        Operation: {
          enter(op: OperationNode, ctx: UserContext) {
            depth++;
            if (depth === 1) onOperation(op, ctx, `${String(ctx.key).toUpperCase()} ${currentPath}`);
          },
          leave() {
            depth--;
          },
        },
      },
    },
  };
}

const OperationSummaryRule: Oas3Rule = () =>
  operationsVisitor((op, ctx, what) => {
    if (typeof op.summary !== 'string' || op.summary.trim() === '') {
      ctx.report({
        message: `${what} has no summary; every operation needs one (it is the page title and, without an operationId, the page slug).`,
        location: ctx.location.key(),
      });
    } else if (pageSlug(op.summary) === '') {
      ctx.report({
        message: `${what}: summary ${JSON.stringify(op.summary)} gives an empty page slug; use words.`,
        location: ctx.location.child('summary'),
      });
    }
  });

/** Any document: the page needs an address, from the operationId or else the summary. */
const OperationSlugRule: Oas3Rule = () =>
  operationsVisitor((op, ctx, what) => {
    if (operationSlug(op) === '') {
      ctx.report({
        message: `${what} has neither an operationId nor a summary that gives a page slug; add one (the page address and title come from them).`,
        location: ctx.location.key(),
      });
    }
  });

const OperationTagRule: Oas3Rule = () =>
  operationsVisitor((op, ctx, what) => {
    const tags = Array.isArray(op.tags) ? op.tags.filter((t) => typeof t === 'string' && t.trim() !== '') : [];
    if (tags.length === 0) {
      ctx.report({
        message: `${what} has no tag; every operation needs at least one (tags are the sidebar categories).`,
        location: Array.isArray(op.tags) ? ctx.location.child('tags') : ctx.location.key(),
      });
    }
  });

/** Our own document: the page slug must read like the title, so operationId and summary must agree. */
const OperationIdMatchesSummaryRule: Oas3Rule = () =>
  operationsVisitor((op, ctx, what) => {
    if (typeof op.operationId !== 'string' || typeof op.summary !== 'string') return;
    const fromId = pageSlug(op.operationId);
    const fromSummary = pageSlug(op.summary);
    if (fromId !== fromSummary) {
      ctx.report({
        message:
          `${what}: operationId ${JSON.stringify(op.operationId)} gives page slug "${fromId}" but summary ` +
          `${JSON.stringify(op.summary)} gives "${fromSummary}"; the page generator uses the operationId, so make them agree ` +
          `(for this summary: "${lowerCamel(op.summary)}").`,
        location: ctx.location.child('operationId'),
      });
    }
  });

function lowerCamel(text: string): string {
  const words = pageSlug(text).split('-').filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

const UniqueSlugRule: Oas3Rule = () => {
  let overview: {slug: string} | undefined;
  const seen = new Map<string, {what: string; location: Location}>();
  const clashes: {message: string; location: Location}[] = [];
  return [
    {
      Info(info: {title?: unknown}) {
        if (typeof info.title === 'string' && overviewSlug(info.title)) overview = {slug: overviewSlug(info.title)};
      },
      Root: {
        leave(_root: unknown, ctx: UserContext) {
          for (const clash of clashes) ctx.report(clash);
          const op = overview && seen.get(overview.slug);
          if (overview && op) {
            ctx.report({
              message: `${op.what}: its page slug "${overview.slug}" is the overview page's slug (from info.title); reword one of them.`,
              location: op.location,
            });
          }
        },
      },
    },
    operationsVisitor((op, ctx, what) => {
      const slug = operationSlug(op);
      if (!slug) return;
      const field = typeof op.operationId === 'string' && op.operationId !== '' ? 'operationId' : 'summary';
      const location = ctx.location.child(field);
      const first = seen.get(slug);
      if (first) {
        clashes.push({
          message:
            `${what}: ${field} ${JSON.stringify(op[field])} gives page slug "${slug}", which ${first.what} ` +
            `(${displayPath(first.location.source.absoluteRef)}${first.location.pointer}) already uses; ` +
            `page slugs must be unique, so change one ${field}.`,
          location,
        });
      } else {
        seen.set(slug, {what, location});
      }
    }),
  ];
};

/** A node with its location, after following `$ref`s (each resolved from the file that holds it). */
interface Located {
  node: unknown;
  location: Location;
}

function follow(ctx: UserContext, node: unknown, location: Location): Located | undefined {
  let current: Located = {node, location};
  for (let hops = 0; hops < 32; hops++) {
    const ref = (current.node as {$ref?: unknown} | null)?.$ref;
    if (typeof current.node !== 'object' || current.node === null || typeof ref !== 'string') return current;
    const resolved = ctx.resolve(current.node as {$ref: string}, current.location.source.absoluteRef);
    if (!resolved.location || resolved.node === undefined) return undefined;
    current = {node: resolved.node, location: resolved.location};
  }
  return undefined;
}

const entriesOf = (node: unknown): [string, unknown][] =>
  typeof node === 'object' && node !== null && !Array.isArray(node) ? Object.entries(node) : [];

/**
 * Our own document: the fields an error example names are fields the operation has. An error
 * example (the one Error model: `error.details[].field`) names either a JSON pointer into the
 * request body (`/billing_address/postal_code`) or a parameter (`page_size`, `customer_id`,
 * `Idempotency-Key`). A pointer in an example of an operation without a request body, or a name
 * that is none of the operation's parameters, tells the reader about a request they cannot send
 * (a GET's 400 example about request-body fields). Shared responses are checked once per
 * operation that uses them; the report names the operation and points at the example.
 */
const ErrorExampleFieldsRule: Oas3Rule = () => {
  let pathItem: Located | undefined;
  let currentPath = '';
  let depth = 0;
  return {
    Paths: {
      PathItem: {
        enter(item: unknown, ctx: UserContext) {
          if (depth === 0) {
            pathItem = {node: item, location: ctx.location};
            currentPath = String(ctx.key);
          }
        },
        Operation: {
          enter(node: OperationNode, ctx: UserContext) {
            depth++;
            if (depth !== 1 || !pathItem) return;
            const op = node as Record<string, unknown>;
            const what = `${String(ctx.key).toUpperCase()} ${currentPath}`;
            const parameters = new Map<string, string>();
            const collect = (list: unknown, location: Location) => {
              if (!Array.isArray(list)) return;
              list.forEach((entry, i) => {
                const p = follow(ctx, entry, location.child(i))?.node as {name?: unknown; in?: unknown} | undefined;
                if (typeof p?.name !== 'string') return;
                // Header names are case-insensitive.
                parameters.set(p.in === 'header' ? p.name.toLowerCase() : p.name, `${String(p.in)} parameter ${p.name}`);
              });
            };
            collect((pathItem.node as {parameters?: unknown}).parameters, pathItem.location.child('parameters'));
            collect(op.parameters, ctx.location.child('parameters'));
            const hasBody = op.requestBody !== undefined;
            const named = [...parameters.values()].map((p) => p.replace(/^.* parameter /, ''));
            const offer = named.length ? `name one of its parameters (${named.join(', ')})` : 'set `field` to null';
            for (const [status, rawResponse] of entriesOf(op.responses)) {
              const response = follow(ctx, rawResponse, ctx.location.child(['responses', status]));
              if (!response) continue;
              for (const [mediaType, rawMedia] of entriesOf((response.node as {content?: unknown}).content)) {
                const media = follow(ctx, rawMedia, response.location.child(['content', mediaType]));
                if (!media) continue;
                const examples: Located[] = [];
                const m = media.node as {example?: unknown; examples?: unknown};
                if (m.example !== undefined) examples.push({node: m.example, location: media.location.child('example')});
                for (const [name, raw] of entriesOf(m.examples)) {
                  const ex = follow(ctx, raw, media.location.child(['examples', name]));
                  const value = (ex?.node as {value?: unknown} | undefined)?.value;
                  if (ex && value !== undefined) examples.push({node: value, location: ex.location.child('value')});
                }
                for (const example of examples) {
                  const details = (example.node as {error?: {details?: unknown}} | null)?.error?.details;
                  if (!Array.isArray(details)) continue;
                  details.forEach((detail, i) => {
                    const field = (detail as {field?: unknown} | null)?.field;
                    if (typeof field !== 'string' || field === '') return;
                    const location = example.location.child(['error', 'details', i, 'field']);
                    if (field.startsWith('/')) {
                      if (!hasBody) {
                        ctx.report({
                          message: `${what} has no request body, but its ${status} example names the request-body field "${field}"; give it an example that names what this request can get wrong: ${offer}.`,
                          location,
                        });
                      }
                    } else if (!parameters.has(field) && !parameters.has(field.toLowerCase())) {
                      ctx.report({
                        message: `${what}: its ${status} example names "${field}", which is none of its parameters; ${offer}${hasBody ? ', or a JSON pointer into its request body' : ''}.`,
                        location,
                      });
                    }
                  });
                }
              }
            }
          },
          leave() {
            depth--;
          },
        },
      },
    },
  };
};

/**
 * Any document (OpenAPI 3.2): an `additionalOperations` key must be a method no fixed field holds
 * (the specification: "no POST entry, as the post field is used for this method"), compared
 * without case, and an HTTP method token. Such an entry gets no page (../model/methods.ts).
 */
const AdditionalOperationsRule: Oas3Rule = () => {
  let depth = 0;
  return {
    Operation: {
      enter() {
        depth++;
      },
      leave() {
        depth--;
      },
    },
    PathItem(item: unknown, ctx: UserContext) {
      const extra = (item as {additionalOperations?: unknown} | null)?.additionalOperations;
      for (const [key] of entriesOf(extra)) {
        const problem = additionalMethodProblem(key);
        if (!problem) continue;
        const where = depth === 0 ? ` of ${String(ctx.key)}` : '';
        ctx.report({
          message: `additionalOperations${where}: ${problem}. This entry gets no page.`,
          location: ctx.location.child([ADDITIONAL_OPERATIONS, key]).key(),
        });
      }
    },
  };
};

export const PORTAL_PLUGIN_ID = 'portal';

/** Rule ids (as used in lint config and problem reports) of the portal checks. */
export const PORTAL_RULES = {
  summary: `${PORTAL_PLUGIN_ID}/operation-summary`,
  tag: `${PORTAL_PLUGIN_ID}/operation-tag`,
  uniqueSlug: `${PORTAL_PLUGIN_ID}/unique-page-slug`,
  slug: `${PORTAL_PLUGIN_ID}/operation-slug`,
  idMatchesSummary: `${PORTAL_PLUGIN_ID}/operation-id-matches-summary`,
  errorExampleFields: `${PORTAL_PLUGIN_ID}/error-example-fields`,
  additionalOperations: `${PORTAL_PLUGIN_ID}/additional-operations`,
} as const;

export const portalPlugin: Plugin = {
  id: PORTAL_PLUGIN_ID,
  rules: {
    oas3: {
      'operation-summary': OperationSummaryRule,
      'operation-tag': OperationTagRule,
      'unique-page-slug': UniqueSlugRule,
      'operation-slug': OperationSlugRule,
      'operation-id-matches-summary': OperationIdMatchesSummaryRule,
      'error-example-fields': ErrorExampleFieldsRule,
      'additional-operations': AdditionalOperationsRule,
    },
  },
};
