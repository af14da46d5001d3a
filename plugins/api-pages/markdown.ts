/**
 * Markdown generators for docusaurus-plugin-openapi-docs. The plugin decides which pages exist
 * (one per operation, slug from the summary; the overview from `info`; the sidebar with a
 * generated index per tag). These generators replace its heavy default output: each page is a
 * few lines of MDX that import a data module (JSON parsed from one string) written beside it,
 * rendered by our own lean components (src/components/ApiOperation, src/components/ApiOverview).
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import kebabCase from 'lodash/kebabCase';
import {portalConfig, projectRoot} from '../../portal.config';
import type {SecuritySchemeData} from '../../src/components/ApiOperation/types';
import type {OverviewPage} from '../../src/components/ApiOverview/types';
import {existsSync} from 'node:fs';
import {POSTMAN_FILE, YAML_FILE} from '../agent-docs/downloads';
import {descriptionSummary, markdownToHtml, splitMarkdownSections} from './markdown-html';
import {listOperations, type OperationRef} from '../../openapi/pipeline/checks';
import type {OperationPage} from '../../src/components/ApiOperation/types';
import {PageDataBuilder, PageDataError, type OpenApiDocument} from './page-data';

export const API_DOCS_DIR = path.join(projectRoot, 'docs/api');
export const SPEC_DOWNLOAD_PATH = '/openapi/openapi.json';

/** Where this generation run reads the processed document and writes pages (see generate.ts). */
const target = {processedSpec: portalConfig.processedSpec, outDir: API_DOCS_DIR};

export function setGenerationTarget(processedSpec: string, outDir: string): void {
  target.processedSpec = processedSpec;
  target.outDir = outDir;
  cached = undefined; // the file may have been rewritten since it was last read
}

let cached: {file: string; builder: PageDataBuilder; pages: Map<string, OperationRef>} | undefined;

function load(file: string): NonNullable<typeof cached> {
  if (!cached || cached.file !== file) {
    let doc: OpenApiDocument;
    try {
      doc = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: cannot read the processed OpenAPI document (${(error as Error).message}). Run "npm run spec".`);
    }
    const pages = new Map(listOperations(doc, {webhooks: true}).map((op) => [op.slug ?? '', op]));
    cached = {file, builder: new PageDataBuilder(doc), pages};
  }
  return cached;
}

/** The page-data builder for the processed document (read once per generation run). */
export function getBuilder(file = target.processedSpec): PageDataBuilder {
  return load(file).builder;
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
export function frontMatter(fields: Record<string, string | number | boolean | null>): string {
  const yamlValue = (v: string | number | boolean | null) =>
    JSON.stringify(typeof v === 'string' ? v.replace(/\\/g, '\u29f5') : v).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return ['---', ...Object.entries(fields).map(([k, v]) => `${k}: ${yamlValue(v)}`), '---', ''].join('\n');
}

/** File name of a page's data module, beside its MDX. */
export const dataModuleName = (id: string): string => `${id}.data.js`;

/**
 * A page's data as a JavaScript module that parses one string literal. As a `.json` module the
 * bundler parses every value into its own tree and tracks each key as an export (twice: client and
 * server bundles): at 1,000 operations that alone held about 0.5 GB of the build's memory. A single
 * string costs one allocation, and `JSON.parse` of a literal is also the fastest way for a browser to
 * load a large object.
 */
export function dataModuleSource(data: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
}

function writeData(id: string, data: unknown): void {
  mkdirSync(target.outDir, {recursive: true});
  writeFileSync(path.join(target.outDir, dataModuleName(id)), dataModuleSource(data));
}

/** Escapes text for use in an MDX heading or paragraph. */
export function escapeMdx(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~&-]/g, (c) => `\\${c}`);
}

interface ApiItem {
  id: string;
  title: string;
  api: {method: string; path: string; operationId?: string; summary?: string; description?: string};
  /** The plugin fills the front matter's `description` with the description's raw first line. */
  frontMatter?: {description?: string};
}

export function createApiPageMD(item: ApiItem): string {
  const {builder, pages} = load(target.processedSpec);
  // The page's operation as the pipeline listed it (the plugin's id is the pipeline's slug).
  const ref = pages.get(item.id);
  const where = ref ? (ref.kind === 'webhook' ? `webhook "${ref.path}"` : `${ref.method.toUpperCase()} ${ref.path}`) : item.id;
  let data: OperationPage;
  try {
    if (!ref) throw new PageDataError(`the plugin made a page "${item.id}" that the pipeline did not list`);
    data = ref.kind === 'webhook' ? builder.webhook(ref.path, ref.method) : builder.operation(ref.method, ref.path);
    writeData(item.id, data);
  } catch (error) {
    const message = (error as Error).message;
    const source = builder.doc.info?.['x-portal-source'];
    const file = typeof source === 'string' ? source : target.processedSpec;
    const via = typeof source === 'string' ? `, processed document ${target.processedSpec}` : '';
    throw new Error(`${file}${message.startsWith('#') ? '' : ': '}${message} (page ${where}${via})`);
  }
  const op = (ref.kind === 'webhook' ? (builder.doc.webhooks ?? builder.doc['x-webhooks']) : builder.doc.paths)[ref.path][ref.method];
  return [
    frontMatter({
      id: item.id,
      title: ref.title,
      description: descriptionSummary(op.description) || ref.title,
      sidebar_label: ref.title,
      hide_table_of_contents: true,
      hide_title: true,
      sidebar_class_name: `${ref.kind === 'webhook' ? 'event' : ref.method} api-method`,
      custom_edit_url: null,
    }),
    "import ApiOperation from '@site/src/components/ApiOperation';",
    `import operation from './${dataModuleName(item.id)}';`,
    '',
    '<ApiOperation operation={operation} />',
    '',
  ].join('\n');
}

interface InfoItem {
  id: string;
  title: string;
  frontMatter?: {description?: string};
}

export function buildOverview(doc: OpenApiDocument): OverviewPage {
  const tags = doc.tags ?? [];
  const opTags = new Map<string, number>();
  for (const pathItem of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Record<string, unknown>>(pathItem ?? {})) {
      if (!op || typeof op !== 'object') continue;
      if (!['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method)) continue;
      for (const t of (op.tags as string[] | undefined) ?? []) opTags.set(t, (opTags.get(t) ?? 0) + 1);
    }
  }
  const names = [...tags.map((t) => t.name).filter((n) => opTags.has(n)), ...[...opTags.keys()].filter((n) => !tags.some((t) => t.name === n))];
  const sections = splitMarkdownSections(doc.info.description ?? '');
  const schemes: SecuritySchemeData[] = Object.entries<Record<string, string>>(doc.components?.securitySchemes ?? {}).map(([key, s]) => ({
    key,
    type: s.type as SecuritySchemeData['type'],
    ...(s.scheme ? {scheme: String(s.scheme).toLowerCase()} : {}),
    ...(s.in ? {in: s.in as SecuritySchemeData['in']} : {}),
    ...(s.name ? {name: s.name} : {}),
    ...(s.description ? {description: markdownToHtml(s.description)} : {}),
  }));
  return {
    title: doc.info.title,
    version: doc.info.version,
    servers: (doc.servers ?? []).map((s: {url: string; description?: string}) => ({url: s.url, ...(s.description ? {description: s.description} : {})})),
    securitySchemes: schemes,
    downloadUrl: SPEC_DOWNLOAD_PATH,
    // Written by gen:api before the pages (plugins/agent-docs/downloads.ts); a skipped one is not offered.
    downloads: [
      {file: YAML_FILE, label: 'YAML'},
      {file: POSTMAN_FILE, label: 'Postman collection'},
    ]
      .filter((d) => existsSync(path.join(projectRoot, 'static', path.dirname(SPEC_DOWNLOAD_PATH), d.file)))
      .map((d) => ({label: d.label, href: `${path.posix.dirname(SPEC_DOWNLOAD_PATH)}/${d.file}`})),
    operationCount: [...opTags.values()].reduce((a, b) => a + b, 0),
    categories: names.map((name) => {
      const tag = tags.find((t) => t.name === name);
      return {
        label: (tag?.['x-displayName'] as string | undefined) ?? name,
        href: `/docs/category/api/${kebabCase(name)}`,
        count: opTags.get(name) ?? 0,
        ...(tag?.description ? {description: markdownToHtml(tag.description)} : {}),
      };
    }),
    sections: sections.map(({level, title, id, html}) => ({level, title, id, html})),
  };
}

export function createInfoPageMD(item: InfoItem): string {
  const {doc} = getBuilder();
  const overview = buildOverview(doc);
  writeData(item.id, overview);
  const lines = [
    frontMatter({
      id: item.id,
      title: String(doc.info.title),
      description: descriptionSummary(doc.info.description),
      sidebar_label: 'Introduction',
      sidebar_position: 0,
      hide_title: true,
      custom_edit_url: null,
    }),
    "import ApiHtml from '@site/src/components/ApiHtml';",
    "import ApiOverview, {ApiCategoryList} from '@site/src/components/ApiOverview';",
    `import overview from './${dataModuleName(item.id)}';`,
    '',
    '<ApiOverview overview={overview} />',
    '',
  ];
  overview.sections.forEach((s, i) => {
    if (s.level > 0) lines.push(`${'#'.repeat(s.level)} ${escapeMdx(s.title)} {#${s.id}}`, '');
    if (s.html) lines.push(`<ApiHtml html={overview.sections[${i}].html} />`, '');
  });
  lines.push('## API reference {#api-reference}', '', '<ApiCategoryList categories={overview.categories} />', '');
  return lines.join('\n');
}

export function createTagPageMD(): string {
  // Categories link to generated index pages (categoryLinkSource "auto"); no tag pages are written.
  return '';
}
