/**
 * Which API pages exist, their front matter and the sidebar: what docusaurus-plugin-openapi-docs
 * (4.7.1) used to decide, computed here from the document without dereferencing it.
 *
 * The plugin's `gen-api-docs` command first bundles and fully dereferences the document
 * (json-schema-ref-parser, then a cycle-replacing JSON.stringify), converts it to a Postman
 * collection and samples every request body, none of which our generators use. On Stripe's
 * description (775 heavily shared, circular schemas) that step never finished (16 min, 3.1 GB).
 * The page list only needs paths, methods, operationIds, summaries, tags and `x-position`, so it
 * is planned here with the plugin's rules:
 *
 * - page id (slug): from `listOperations()` (openapi/pipeline/checks.ts): kebabCase(operationId ??
 *   summary) today; `x-portal-slug` when the pipeline sets it. Title: `x-portal-title` when the
 *   pipeline provides one, else summary ?? operationId. Webhooks: kebabCase(operationId ?? summary
 *   ?? event name);
 * - front matter description: the first line of the description (else the summary), `"` → `'`;
 * - the overview page's id: kebabCase(info.title with its first space turned into "-", lowercased);
 * - order: operations in document order (path, then the path item's own method order), webhooks
 *   after them, operations with `x-position` first;
 * - sidebar: the overview first, then one category per tag (declared tags in `tags` order, then
 *   undeclared ones as operations use them) labelled by `x-displayName`, linking to a generated
 *   index at /category/api/<kebab tag>; items `className: "api-method <method>"`; operations
 *   without a tag in a final "UNTAGGED" category.
 */
import kebabCase from 'lodash/kebabCase';
import {HTTP_METHODS, listOperations, overviewSlug, type OperationRef} from '../../openapi/pipeline/checks';
import type {OpenApiDocument} from './page-data';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export interface PlannedOperation {
  /** Page id = slug: the page is /docs/api/<id>. */
  id: string;
  title: string;
  /** First line of the description, for the front matter. */
  description: string;
  /** HTTP method, or "event" for a webhook (as the plugin names it). */
  method: string;
  path: string;
  /** Set for webhooks: the event name and the path item's method. */
  webhook?: {event: string; method: string};
  tags: string[];
  deprecated: boolean;
  position?: number;
}

export interface PagePlan {
  info?: {id: string; title: string; description: string};
  operations: PlannedOperation[];
  sidebar: SidebarItem[];
}

export type SidebarItem =
  | {type: 'doc'; id: string; label?: string; className?: string}
  | {type: 'category'; label: string; link?: {type: 'generated-index'; title: string; slug: string}; items: SidebarItem[]};

/** The plugin's quoting for front matter: unescaped double quotes become single quotes. */
const unquote = (text: string) => text.replace(/((?:^|[^\\])(?:\\{2})*)"/g, "$1'");

function firstLine(text: string | undefined): string {
  const line = text?.match(/[^\r\n]+/)?.[0];
  return line ? unquote(line).replace(/\s+$/, '') : '';
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** What listOperations() gives, plus the title once the pipeline provides one (`x-portal-title`). */
type OperationListing = OperationRef & {title?: string};

export function planPages(doc: OpenApiDocument, webhooks: {event: string; method: string; op: Json}[] = []): PagePlan {
  const plan: PagePlan = {operations: [], sidebar: []};
  if (doc.info?.title || doc.info?.description) {
    plan.info = {id: overviewSlug(doc.info.title ?? ''), title: unquote(doc.info.title ?? ''), description: firstLine(doc.info.description)};
  }
  const listed = new Map<string, OperationListing>();
  for (const ref of listOperations(doc) as OperationListing[]) listed.set(`${ref.method} ${ref.path}`, ref);
  const methods = new Set<string>(HTTP_METHODS);
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of Object.keys(item)) {
      if (!methods.has(method)) continue;
      const op = item[method];
      const ref = listed.get(`${method} ${p}`);
      if (!ref || !op || typeof op !== 'object') continue;
      const title = ref.title ?? str(op['x-portal-title']) ?? ref.summary ?? ref.operationId ?? 'Missing summary';
      plan.operations.push({
        id: ref.slug ?? '',
        title: unquote(title),
        description: firstLine(str(op.description) ?? ref.summary ?? ref.operationId),
        method,
        path: p,
        tags: ref.tags,
        deprecated: Boolean(op.deprecated),
        ...(typeof op['x-position'] === 'number' ? {position: op['x-position']} : {}),
      });
    }
  }
  for (const {event, method, op} of webhooks) {
    const summary = str(op.summary) ?? (str(op.operationId) === undefined ? event : undefined);
    const title = str(op['x-portal-title']) ?? summary ?? str(op.operationId) ?? 'Missing summary';
    plan.operations.push({
      id: str(op['x-portal-slug']) ?? (op.operationId ? kebabCase(op.operationId) : kebabCase(summary ?? event)),
      title: unquote(title),
      description: firstLine(str(op.description) ?? summary ?? str(op.operationId)),
      method: 'event',
      path: 'webhook',
      webhook: {event, method},
      tags: Array.isArray(op.tags) ? op.tags.filter((t: unknown): t is string => typeof t === 'string') : [],
      deprecated: Boolean(op.deprecated),
    });
  }
  // Stable: operations with x-position first, in position order; the rest keep document order.
  const positioned = plan.operations.filter((o) => o.position !== undefined).sort((a, b) => a.position! - b.position!);
  plan.operations = [...positioned, ...plan.operations.filter((o) => o.position === undefined)];
  plan.sidebar = sidebarOf(doc, plan);
  return plan;
}

function sidebarOf(doc: OpenApiDocument, plan: PagePlan): SidebarItem[] {
  const declared: {name: string; [k: string]: Json}[] = doc.tags ?? [];
  const used = [...new Set(plan.operations.flatMap((o) => o.tags).filter(Boolean))];
  const names = [...new Set([...declared.map((t) => t.name).filter((n) => used.includes(n)), ...used])];
  const docItem = (o: PlannedOperation): SidebarItem => ({
    type: 'doc',
    id: `api/${o.id}`,
    label: o.title,
    className: [o.deprecated ? 'menu__list-item--deprecated' : '', 'api-method', o.method].filter(Boolean).join(' '),
  });
  const items: SidebarItem[] = [];
  if (plan.info) items.push({type: 'doc', id: `api/${plan.info.id}`});
  for (const name of names) {
    const tag = declared.find((t) => t.name === name);
    const ops = plan.operations.filter((o) => o.tags.includes(name));
    if (!ops.length) continue;
    items.push({
      type: 'category',
      label: str(tag?.['x-displayName']) ?? name,
      link: {type: 'generated-index', title: name, slug: `/category/api/${kebabCase(name)}`},
      items: ops.map(docItem),
    });
  }
  const untagged = plan.operations.filter((o) => o.tags.length === 0);
  if (untagged.length) items.push({type: 'category', label: 'UNTAGGED', items: untagged.map(docItem)});
  return items;
}

/** A value in the plugin's sidebar notation (JSON5: bare keys, double quotes, trailing commas). */
function json5(value: Json, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => `${inner}${json5(v, inner)},\n`).join('')}${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return '{}';
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${json5(v, inner)},\n`).join('')}${indent}}`;
  }
  return JSON.stringify(value);
}

/** docs/api/sidebar.ts, as the plugin wrote it. */
export function sidebarSource(items: SidebarItem[]): string {
  return [
    'import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";',
    '',
    `const sidebar: SidebarsConfig = ${json5({apisidebar: items})};`,
    '',
    'export default sidebar.apisidebar;',
    '',
  ].join('\n');
}

/** Front matter of an operation page (the former api.mustache template). */
export function operationFrontMatter(o: PlannedOperation): string {
  return [
    '---',
    `id: ${o.id}`,
    `title: ${JSON.stringify(o.title)}`,
    `description: ${JSON.stringify(o.description)}`,
    `sidebar_label: ${JSON.stringify(o.title)}`,
    'hide_table_of_contents: true',
    'hide_title: true',
    `sidebar_class_name: ${JSON.stringify(`${o.method} api-method`)}`,
    'custom_edit_url: null',
    '---',
    '',
  ].join('\n');
}

/** Front matter of the overview page. */
export function infoFrontMatter(info: NonNullable<PagePlan['info']>): string {
  return [
    '---',
    `id: ${info.id}`,
    `title: ${JSON.stringify(info.title)}`,
    `description: ${JSON.stringify(info.description)}`,
    'sidebar_label: Introduction',
    'sidebar_position: 0',
    'hide_title: true',
    'custom_edit_url: null',
    '---',
    '',
  ].join('\n');
}
