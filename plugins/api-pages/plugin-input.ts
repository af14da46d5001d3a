/**
 * The one place that adapts the processed document to docusaurus-plugin-openapi-docs, which we use
 * only for the list of pages and the sidebar (our generators in markdown.ts write the pages).
 *
 * The plugin derives page ids from `kebabCase(operationId ?? summary)`, takes every key of a path
 * item other than a few for an HTTP method (a path-level `x-internal: true` became an operation),
 * crashes without `paths`, converts the whole document to a Postman collection (failing with
 * "Loading of api failed" on shapes that converter dislikes) and dereferences every schema
 * (slow, and fragile with circular schemas). So it gets a skeleton instead of the document:
 *
 * - one operation per page, with `operationId` = the pipeline's final slug (`x-portal-slug`, a
 *   fixed point of kebabCase, so the plugin's id is that slug), `summary` = the page title,
 *   the tags, `deprecated`, and where the real operation is (`x-portal-method`, `x-portal-path`,
 *   `x-portal-kind`; the original operationId stays in the processed document for display);
 * - webhooks under `x-webhooks`, the same way;
 * - `info.title` = the overview slug (the plugin's overview id is kebabCase of the title);
 * - the declared tags (names and display names, for the sidebar order), no components.
 */
import {listOperations, documentOverviewSlug} from '../../openapi/pipeline/checks';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

export interface PluginPageRef {
  kind: 'operation' | 'webhook';
  method: string;
  /** Path, or the event name of a webhook. */
  path: string;
  title: string;
}

export function pluginDocument(doc: Json): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const webhooks: Record<string, Record<string, Json>> = {};
  for (const op of listOperations(doc, {webhooks: true})) {
    const source = (op.kind === 'webhook' ? (doc.webhooks ?? doc['x-webhooks']) : doc.paths)[op.path][op.method];
    const target = op.kind === 'webhook' ? webhooks : paths;
    // A fresh object per key: path strings such as "__proto__" stay own keys.
    if (!Object.prototype.hasOwnProperty.call(target, op.path)) Object.defineProperty(target, op.path, {value: {}, enumerable: true, writable: true, configurable: true});
    target[op.path][op.method] = {
      operationId: op.slug,
      summary: op.title,
      ...(op.tags.length ? {tags: op.tags} : {}),
      ...(source.deprecated === true ? {deprecated: true} : {}),
      responses: {default: {description: ''}},
      'x-portal-kind': op.kind,
      'x-portal-method': op.method,
      'x-portal-path': op.path,
    };
  }
  const tags = Array.isArray(doc.tags)
    ? doc.tags
        .filter((t: Json) => t && typeof t.name === 'string')
        .map((t: Json) => ({name: t.name, ...(typeof t['x-displayName'] === 'string' ? {'x-displayName': t['x-displayName']} : {})}))
    : [];
  return {
    openapi: '3.0.3',
    info: {title: documentOverviewSlug(doc), version: String(doc.info?.version ?? '')},
    ...(tags.length ? {tags} : {}),
    paths,
    ...(Object.keys(webhooks).length ? {'x-webhooks': webhooks} : {}),
  };
}

/** Where the real operation of a plugin item is (its `api` carries the skeleton's x-portal-* keys). */
export function pageRef(api: Json): PluginPageRef {
  return {
    kind: api['x-portal-kind'] === 'webhook' ? 'webhook' : 'operation',
    method: String(api['x-portal-method'] ?? api.method),
    path: String(api['x-portal-path'] ?? api.path),
    title: String(api.summary ?? ''),
  };
}
