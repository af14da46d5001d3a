/**
 * Which API pages exist, their front matter and the sidebar: what docusaurus-plugin-openapi-docs
 * (4.7.1) used to decide, computed here from the document without dereferencing it.
 *
 * The plugin's `gen-api-docs` command first bundles and fully dereferences the document
 * (json-schema-ref-parser, then a cycle-replacing JSON.stringify), converts it to a Postman
 * collection and samples every request body, none of which our generators use. On Stripe's
 * description (hundreds of heavily shared, circular schemas) that step never finished
 * (BENCHMARKS.md, "Measurements behind the code").
 * The page list only needs paths, methods, operationIds, summaries, tags and `x-position`, so it
 * is planned here with the plugin's rules:
 *
 * - page id (slug) and title: the pipeline's (`listOperations()`, openapi/pipeline/checks.ts:
 *   `x-portal-slug` / `x-portal-title` of the processed document), webhooks included;
 * - front matter description: the plain text of the description's first paragraph
 *   (descriptionSummary), its leading sentences up to DESCRIPTION_MAX characters (leadSentences),
 *   else the title;
 *   every value JSON-quoted (frontMatter());
 * - the overview page's id: `documentOverviewSlug()` (`info['x-portal-slug']`, else from the title);
 * - order: operations in document order (path, then the path item's own method order), webhooks
 *   after them, operations with `x-position` first;
 * - sidebar: the overview first, then the category tree of openapi/model/tags.ts (nav tags nested
 *   by `parent` or `x-tagGroups`, labelled by `summary`, else `x-displayName`, else the name;
 *   untagged operations by their path's first segment), each category linking to a generated
 *   index at /category/api/<kebab tag> and listing its operations, then its child categories;
 *   items `className: "api-method <method>"`. A tag's `externalDocs` rides along as the
 *   category's `customProps` for its index page. The category cards' method and path are not in
 *   the sidebar (every docs page loads it): the category page reads them from the version page
 *   lists of plugins/api-versions.
 */
import type {CategoryProps} from './client/category-props';
import {documentOverviewSlug, listOperations} from '../../openapi/model/operations';
import {isHttpMethod, operationAt} from '../../openapi/model/methods';
import {descriptionSummary} from './markdown-html';
import {safeHref} from './sanitize';
import {leadSentences} from './client/cut';
import {categoryIndexSlug} from '../../openapi/model/routes';
import type {OpenApiDocument} from '../../openapi/model/document';
import {navigationTree, readTags, type NavCategory} from '../../openapi/model/tags';

export interface PlannedOperation {
  /** Page id = slug: the page is /docs/api/<id>. */
  id: string;
  title: string;
  /** Plain text of the description's first line, for the front matter. */
  description: string;
  /** HTTP method, or "event" for a webhook (as the plugin named it). */
  method: string;
  path: string;
  /** Set for webhooks: the event name and the path item's method. */
  webhook?: {event: string; method: string};
  tags: string[];
  deprecated: boolean;
  position?: number;
}

export interface PagePlan {
  info: {id: string; title: string; description: string};
  operations: PlannedOperation[];
  sidebar: SidebarItem[];
}

export type SidebarItem =
  | {type: 'doc'; id: string; label?: string; className?: string}
  | {
      type: 'category';
      label: string;
      link?: {type: 'generated-index'; title: string; slug: string; description?: string};
      customProps?: CategoryProps;
      items: SidebarItem[];
    };

/**
 * Longest front matter description: a search result's snippet length, and what every docs page
 * loads of every other page (the docs metadata the category cards read).
 */
export const DESCRIPTION_MAX = 160;
/** Longest tag description on a category page: a paragraph, whole sentences. */
export const CATEGORY_DESCRIPTION_MAX = 600;

export interface PlanOptions {
  /** The changelog page (plugins/changelog) is listed right after the overview. */
  changelog?: {id: string; label: string};
}

export function planPages(doc: OpenApiDocument, options: PlanOptions = {}): PagePlan {
  const info = {
    id: documentOverviewSlug(doc),
    title: String(doc.info?.title ?? ''),
    description: leadSentences(descriptionSummary(doc.info?.description), DESCRIPTION_MAX),
  };
  const planned: PlannedOperation[] = [];
  for (const ref of listOperations(doc, {webhooks: true})) {
    // listOperations() lists only operations that are objects, from these same maps.
    const items = ref.kind === 'webhook' ? (doc.webhooks ?? doc['x-webhooks'])! : doc.paths;
    const op = operationAt(items[ref.path], ref.method)!;
    planned.push({
      id: ref.slug ?? '',
      title: ref.title,
      description: leadSentences(descriptionSummary(op.description), DESCRIPTION_MAX) || ref.title,
      method: ref.kind === 'webhook' ? 'event' : ref.method,
      path: ref.kind === 'webhook' ? 'webhook' : ref.path,
      ...(ref.kind === 'webhook' ? {webhook: {event: ref.path, method: ref.method}} : {}),
      // A tag with no text names no category (its address would be /category/api/): the page is untagged.
      tags: ref.tags.filter((t) => t.trim() !== ''),
      deprecated: op.deprecated === true,
      ...(typeof op['x-position'] === 'number' ? {position: op['x-position']} : {}),
    });
  }
  // Stable: operations with x-position first, in position order; the rest keep document order.
  const positioned = planned.filter((o) => o.position !== undefined).sort((a, b) => a.position! - b.position!);
  const operations = [...positioned, ...planned.filter((o) => o.position === undefined)];
  const sidebar = sidebarOf(doc, info.id, operations);
  if (options.changelog)
    sidebar.splice(1, 0, {type: 'doc', id: `api/${options.changelog.id}`, label: options.changelog.label, className: 'api-changelog'});
  return {info, operations, sidebar};
}

function sidebarOf(doc: OpenApiDocument, overviewId: string, operations: PlannedOperation[]): SidebarItem[] {
  const docItem = (o: PlannedOperation): SidebarItem => ({
    type: 'doc',
    id: `api/${o.id}`,
    label: o.title,
    className: [o.deprecated ? 'menu__list-item--deprecated' : '', 'api-method', methodClasses(o.method)].filter(Boolean).join(' '),
  });
  const category = (node: NavCategory<PlannedOperation>): SidebarItem => {
    // A link a reader may follow (http, https, mailto): a foreign document's `javascript:` is dropped.
    const docs = node.tag?.externalDocs && safeHref(node.tag.externalDocs.url) ? node.tag.externalDocs : undefined;
    // The tag's description (its first paragraph, as text) under the category page's title and as its
    // meta description. On the link, not the category: the sidebar every docs page loads stays as it was.
    const description = leadSentences(descriptionSummary(node.tag?.description), CATEGORY_DESCRIPTION_MAX);
    return {
      type: 'category',
      label: node.label,
      link: {type: 'generated-index', title: node.label, slug: categoryIndexSlug(node.slug), ...(description ? {description} : {})},
      // The category page shows it (src/theme/DocCategoryGeneratedIndexPage); only tags that have one carry it.
      ...(docs ? {customProps: {externalDocs: docs}} : {}),
      items: [...node.operations.map(docItem), ...node.children.map(category)],
    };
  };
  return [{type: 'doc', id: `api/${overviewId}`}, ...navigation(doc, operations).map(category)];
}

/** The category tree of the planned pages (openapi/model/tags.ts): nested tags, x-tagGroups, untagged operations by path. */
export function navigation(doc: OpenApiDocument, operations: PlannedOperation[]): NavCategory<PlannedOperation>[] {
  const {tags} = readTags(
    doc,
    operations.flatMap((o) => o.tags),
  );
  // A webhook's planned path is "webhook": it files by its event (an untagged one goes to "Webhooks").
  return navigationTree(tags, operations, (o) => ({tags: o.tags, path: o.webhook?.event ?? o.path, webhook: o.webhook !== undefined}));
}

/** docs/api/sidebar.ts, as the plugin wrote it. */
export function sidebarSource(items: SidebarItem[]): string {
  return `import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";\n\nconst sidebar: SidebarsConfig = ${JSON.stringify({apisidebar: items}, null, 2)};\n\nexport default sidebar.apisidebar;\n`;
}

/**
 * Front matter written safely: every value JSON-quoted (a JSON string is a valid YAML
 * double-quoted scalar), plus the characters YAML does not allow unescaped.
 *
 * A backslash becomes U+29F5 (⧵, which looks the same): Docusaurus 3.7's mdx-loader copies the
 * front matter into the page's JavaScript with stringify-object 3.3, which does not escape
 * backslashes (`title: 'Download to C:\'` is a syntax error; `C:\new` would gain a newline).
 * Only the HTML title and meta description see it: the page and the sidebar take the exact text
 * from the data module and sidebar.ts.
 */
/** Front matter keys a caller adds to a generated page (an older API version's banner target). */
export type FrontMatterFields = Record<string, string | number | boolean | null>;

export function frontMatter(fields: FrontMatterFields): string {
  const yamlValue = (v: string | number | boolean | null) =>
    JSON.stringify(typeof v === 'string' ? v.replace(/\\/g, '\u29f5') : v).replace(
      /[\u007f-\u009f\u2028\u2029\ufeff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return ['---', ...Object.entries(fields).map(([k, v]) => `${k}: ${yamlValue(v)}`), '---', ''].join('\n');
}

/**
 * The sidebar item's method classes (src/css/api.css draws the badge from them): the fixed method
 * (`get`, `query`) or `event` as it is; an additionalOperations method (OpenAPI 3.2) as
 * `custom-method method-<name>`, lower case, letters, digits and dashes only (`PURGE` gives
 * `custom-method method-purge`).
 */
export function methodClasses(method: string): string {
  if (method === 'event' || isHttpMethod(method)) return method;
  return `custom-method method-${method.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`;
}

/** Front matter of an operation page (the former api.mustache template). */
export function operationFrontMatter(o: PlannedOperation, extra: FrontMatterFields = {}): string {
  return frontMatter({
    id: o.id,
    title: o.title,
    description: o.description,
    sidebar_label: o.title,
    hide_table_of_contents: true,
    hide_title: true,
    sidebar_class_name: `${methodClasses(o.method)} api-method`,
    custom_edit_url: null,
    ...extra,
  });
}

/** Front matter of the overview page. */
export function infoFrontMatter(info: PagePlan['info'], extra: FrontMatterFields = {}): string {
  return frontMatter({
    id: info.id,
    title: info.title,
    description: info.description,
    sidebar_label: 'Introduction',
    sidebar_position: 0,
    hide_title: true,
    custom_edit_url: null,
    ...extra,
  });
}
