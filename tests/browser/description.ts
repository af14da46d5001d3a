/**
 * What the browser suite expects of the API reference, derived from the source of truth: the
 * processed OpenAPI document (through the pipeline's own listOperations/documentOverviewSlug) and the
 * sidebar gen:api generated from it. Nothing here is a typed list of pages.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {documentOverviewSlug, listOperations} from '../../openapi/pipeline/checks';
import {resolveLocal} from '../../openapi/pipeline/examples';
import {portalConfig} from '../../portal.config';

/* eslint-disable @typescript-eslint/no-explicit-any */
export const ROOT = path.resolve(__dirname, '../..');

let cached: any;
/** The processed document the site was built from. */
export function processedDocument(): any {
  cached ??= JSON.parse(readFileSync(portalConfig.processedSpec, 'utf8'));
  return cached;
}

/** Follow local `$ref`s ("#/components/…") to the node they name (the pipeline's own resolver). */
export function deref(node: any, doc = processedDocument()): any {
  return resolveLocal(doc, node).node;
}

/** Top-level properties and required names of a schema, following $ref and allOf. */
function schemaFields(schema: any, doc: any): {properties: Record<string, any>; required: string[]} {
  const s = deref(schema, doc);
  if (!s || typeof s !== 'object') return {properties: {}, required: []};
  const parts = [s, ...(s.allOf ?? []).map((p: any) => schemaFields(p, doc))];
  const properties = Object.assign({}, ...parts.map((p: any) => p.properties ?? {}));
  const required = [...new Set(parts.flatMap((p: any) => p.required ?? []))] as string[];
  return {properties, required};
}

export interface DescribedParameter {
  name: string;
  in: string;
  required: boolean;
}

export interface DescribedOperation {
  method: string;
  path: string;
  operationId?: string;
  /** The page title: the summary, else the operationId. */
  title: string;
  slug: string;
  /** Site path of the page, e.g. "/docs/api/get-contact". */
  route: string;
  tags: string[];
  parameters: DescribedParameter[];
  hasBody: boolean;
  /** Top-level required request body fields that a client sends (readOnly ones left out). */
  requiredBodyFields: string[];
  /** Top-level request body property names. */
  bodyFields: string[];
  /** Response status codes in document order ("200", "404", "default"…). */
  statuses: string[];
  security: Record<string, string[]>[];
}

/** Every operation of the processed document, in document order. */
export function describedOperations(doc = processedDocument()): DescribedOperation[] {
  return listOperations(doc).map((ref) => {
    const item = doc.paths[ref.path];
    const op = item[ref.method];
    const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) => deref(p, doc));
    const byKey = new Map<string, any>();
    for (const p of parameters) byKey.set(`${p.in}:${p.name}`, p); // operation level wins
    const body = deref(op.requestBody, doc);
    const media: any = body ? Object.values(body.content ?? {})[0] : undefined;
    const fields = media?.schema ? schemaFields(media.schema, doc) : {properties: {}, required: []};
    return {
      method: ref.method,
      path: ref.path,
      operationId: ref.operationId,
      title: ref.title,
      slug: ref.slug ?? '',
      route: `/docs/api/${ref.slug ?? ''}`,
      tags: ref.tags,
      parameters: [...byKey.values()].map((p) => ({name: p.name, in: p.in, required: Boolean(p.required)})),
      hasBody: Boolean(body),
      bodyFields: Object.keys(fields.properties),
      requiredBodyFields: fields.required.filter((name) => !deref(fields.properties[name], doc)?.readOnly),
      statuses: Object.keys(op.responses ?? {}),
      security: op.security ?? doc.security ?? [],
    };
  });
}

/** Route of the API overview page (from info.title, as the plugin names it). */
export function overviewRoute(doc = processedDocument()): string {
  return `/docs/api/${documentOverviewSlug(doc)}`;
}

export interface SidebarCategory {
  label: string;
  /** Route of the category's generated index page. */
  route: string;
  /** Routes of its pages, in sidebar order. */
  items: string[];
}

/**
 * The categories of the sidebar gen:api generated (docs/api/sidebar.ts), read as data: label,
 * index route and the routes of the pages in it.
 */
export function sidebarCategories(): SidebarCategory[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const items = require(path.join(ROOT, 'docs/api/sidebar.ts')).default as any[];
  return items
    .filter((item) => item.type === 'category')
    .map((cat) => ({
      label: cat.label,
      route: `/docs${cat.link.slug}`,
      items: cat.items.filter((i: any) => i.type === 'doc').map((i: any) => `/docs/${i.id}`),
    }));
}

/**
 * The sidebar's top-level links in order, from the generated sidebar: doc pages (the overview,
 * the changelog) by route, categories by their index route.
 */
export function sidebarTopLinks(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const items = require(path.join(ROOT, 'docs/api/sidebar.ts')).default as any[];
  return items.map((item) => (item.type === 'category' ? `/docs${item.link.slug}` : `/docs/${item.id}`));
}

/** "Bill Profiles" -> "bill-profiles", as the category slugs are made. */
export const categorySlug = (label: string) => kebabCase(label);
