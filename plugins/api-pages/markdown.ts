/**
 * The MDX of the API pages (which pages exist: ./pages.ts). Each page is a few lines of MDX that
 * import a data module (JSON parsed from one string) written beside it, rendered by our own lean
 * components (src/components/ApiOperation, src/components/ApiOverview).
 */
import {PhaseClock} from '../build-shared/phase-timing';
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {listOperations} from '../../openapi/model/operations';
import {projectRoot} from '../../portal.config';
import type {SecuritySchemeData} from './client/page-data-format';
import type {OverviewPage} from './client/page-data-format';
import {POSTMAN_FILE, YAML_FILE} from '../agent-docs/downloads';
import {markdownToHtml, splitMarkdownSections} from './markdown-html';
import {PUBLIC_DIR} from './public-files';
import {CLOSURE_BUDGET, PageDataBuilder, serverData} from './page-data';
import type {OpenApiDocument, SecurityScheme} from '../../openapi/model/document';
import {infoFrontMatter, operationFrontMatter, type PagePlan, type PlannedOperation} from './pages';
import type {OlderVersionNoticeProps} from '../api-versions/client/notice';
import {categoryRoute} from '../../openapi/model/routes';
import {operationsBelow, operationTree} from '../../openapi/model/tags';
import {dataModuleName, dataModuleSource, jsonModuleSource, SCHEMA_DIR} from './client/page-data-format';

export {frontMatter} from './pages';

export const API_DOCS_DIR = path.join(projectRoot, 'docs/api');
export const SPEC_DOWNLOAD_PATH = '/openapi/openapi.json';

/**
 * Where the pages of a generation run are served: the docs route base ("/docs"; "/v1/docs" for an
 * older API version, see plugins/api-versions) and the processed document's download path.
 */
export interface SiteTarget {
  docsBasePath: string;
  downloadPath: string;
  /** Folder of the response check files under the site's base URL, no slashes around ("api-checks"). */
  checksPath: string;
}

export const CURRENT_SITE_TARGET: SiteTarget = {docsBasePath: '/docs', downloadPath: SPEC_DOWNLOAD_PATH, checksPath: 'api-checks'};

/**
 * API_SCHEMA_BUDGET: bytes of schema closure a page carries before the rest loads on demand from the
 * shared schema modules (default CLOSURE_BUDGET, 64 KB). 0 makes every page with schemas load them
 * on demand, as on the largest documents (the build-level tests use it on a small one).
 */
function schemaBudget(): number {
  const value = process.env.API_SCHEMA_BUDGET?.trim();
  if (!value) return CLOSURE_BUDGET;
  if (!/^\d+$/.test(value)) throw new Error(`API_SCHEMA_BUDGET must be a number of bytes, got "${value}"`);
  return Number(value);
}

/** The processed document, read; an error names the file and what to run. */
export function readProcessedDocument(file: string): OpenApiDocument {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the processed OpenAPI document (${(error as Error).message}). Run "npm run spec".`);
  }
}

/**
 * One generation of API pages: where it reads the processed document, where its pages are served,
 * and the files it makes (path relative to the output folder -> content), which generate.ts writes
 * to the folder once the whole set is made. Each run is its own object: two runs (the current
 * version's and an older one's) share nothing.
 */
export class GenerationRun {
  readonly files = new Map<string, string>();
  private pageData: PageDataBuilder | undefined;

  constructor(
    readonly processedSpec: string,
    readonly site: SiteTarget = CURRENT_SITE_TARGET,
    /** The benchmark's phase timings (plugins/build-shared/phase-timing.ts); off unless asked. */
    readonly clock = new PhaseClock('gen:api', undefined),
  ) {}

  /** Adds a file to this run's output (relative to the output folder, "/" separated). */
  emit(relativePath: string, content: string): void {
    this.files.set(relativePath, content);
  }

  /** The page-data builder for the processed document (read once per run). */
  builder(): PageDataBuilder {
    this.pageData ??= new PageDataBuilder(
      this.clock.time('read document', () => readProcessedDocument(this.processedSpec)),
      schemaBudget(),
      this.site.docsBasePath,
      this.clock,
    );
    return this.pageData;
  }

  /**
   * Writes a page's response check file (./response-checks.ts checkFile) under the site's checks
   * folder, named by page and content hash (a host may cache it for good); returns its path from
   * the site's base URL, or undefined when the page has no check.
   */
  writeCheckModule(id: string, file: string | undefined): string | undefined {
    if (!file) return undefined;
    const name = `${id}.${createHash('sha256').update(file).digest('hex').slice(0, 10)}.js`;
    this.emit(`${PUBLIC_DIR}/${this.site.checksPath}/${name}`, file);
    return `${this.site.checksPath}/${name}`;
  }

  /**
   * The shared schema modules: one per component schema (the schema and what its attribute list
   * reads), and an index that maps each name to a lazy import of its module. Pages that do not carry
   * their whole schema closure load the index, then the modules of what a reader opens.
   */
  writeSchemaModules(): number {
    const builder = this.builder();
    const names = builder.schemaNames();
    const index: string[] = [];
    names.forEach((name, i) => {
      this.emit(`${SCHEMA_DIR}/${i}.js`, jsonModuleSource(builder.schemaModule(name)));
      // A computed key: a schema named "__proto__" stays an own key of the index.
      index.push(`  [${JSON.stringify(name)}]: () => import('./${i}.js'),`);
    });
    this.emit(`${SCHEMA_DIR}/index.js`, `export default {\n${index.join('\n')}\n};\n`);
    return names.length;
  }

  writeData(id: string, data: unknown): void {
    this.emit(dataModuleName(id), dataModuleSource(data));
  }

  /** The overview page's MDX and its data module beside it. */
  writeOverviewPage(info: PagePlan['info'], notice?: OlderVersionNoticeProps): void {
    const overview = buildOverview(this.builder().doc, this.site);
    this.writeData(info.id, overview);
    this.emit(`${info.id}.info.mdx`, overviewPageMdx(info, overview, notice));
  }
}

/** Escapes text for use in an MDX heading or paragraph. */
export function escapeMdx(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~&-]/g, (c) => `\\${c}`);
}

/**
 * The import and the element of an older API version's notice (plugins/api-versions/client/notice.ts), at
 * the top of the page; nothing for the current version's pages, which so never load its component.
 */
function noticeMdx(notice: OlderVersionNoticeProps | undefined): {imports: string[]; element: string[]} {
  if (!notice) return {imports: [], element: []};
  return {
    imports: ["import OlderVersionNotice from '@site/src/components/OlderVersionNotice';"],
    element: [`<OlderVersionNotice {...${JSON.stringify(notice)}} />`, ''],
  };
}

/** The MDX of an operation page: front matter, the import of its data module, an older version's notice. */
export function operationPageMdx(page: PlannedOperation, notice?: OlderVersionNoticeProps): string {
  const older = noticeMdx(notice);
  return [
    operationFrontMatter(page),
    "import ApiOperation from '@site/src/components/ApiOperation';",
    ...older.imports,
    `import operation from './${dataModuleName(page.id)}';`,
    '',
    ...older.element,
    '<ApiOperation operation={operation} />',
    '',
  ].join('\n');
}

export function buildOverview(doc: OpenApiDocument, site: SiteTarget = CURRENT_SITE_TARGET): OverviewPage {
  const refs = listOperations(doc, {webhooks: true});
  // The sidebar's top-level categories (pages.ts), each with the pages below it, webhooks included.
  const top = operationTree(doc, refs);
  const sections = splitMarkdownSections(doc.info.description ?? '');
  const schemes: SecuritySchemeData[] = Object.entries<Partial<SecurityScheme>>(doc.components?.securitySchemes ?? {}).map(([key, s]) => ({
    key,
    type: s.type as SecuritySchemeData['type'],
    ...(s.scheme ? {scheme: String(s.scheme).toLowerCase()} : {}),
    ...(s.in ? {in: s.in as SecuritySchemeData['in']} : {}),
    ...(s.name ? {name: s.name} : {}),
    ...(s.description ? {description: markdownToHtml(s.description)} : {}),
    // OpenAPI 3.2: the flows' names (the device flow), the metadata URL and `deprecated` are shown too.
    ...(s.type === 'oauth2' && s.flows && typeof s.flows === 'object'
      ? {
          flows: Object.fromEntries(
            Object.keys(s.flows)
              .filter((k) => !k.startsWith('x-'))
              .map((k) => [k, {scopes: {}}]),
          ),
        }
      : {}),
    ...(typeof s.oauth2MetadataUrl === 'string' ? {oauth2MetadataUrl: s.oauth2MetadataUrl} : {}),
    ...(s.deprecated === true ? {deprecated: true} : {}),
  }));
  return {
    title: doc.info.title,
    version: doc.info.version,
    servers: (doc.servers ?? []).map((s) => serverData(s, s.url)),
    securitySchemes: schemes,
    downloadUrl: site.downloadPath,
    // Written by gen:api before the pages (plugins/agent-docs/downloads.ts); a skipped one is not offered.
    downloads: [
      {file: YAML_FILE, label: 'YAML'},
      {file: POSTMAN_FILE, label: 'Postman collection'},
    ]
      .filter((d) => existsSync(path.join(projectRoot, 'static', path.dirname(site.downloadPath), d.file)))
      .map((d) => ({label: d.label, href: `${path.posix.dirname(site.downloadPath)}/${d.file}`})),
    operationCount: refs.filter((r) => r.kind === 'operation').length,
    webhookCount: refs.filter((r) => r.kind === 'webhook').length,
    categories: top.map((node) => ({
      label: node.label,
      href: categoryRoute(node.slug, site.docsBasePath),
      count: operationsBelow(node).length,
      ...(node.tag?.description ? {description: markdownToHtml(node.tag.description)} : {}),
    })),
    sections: sections.map(({level, title, id, html}) => ({level, title, id, html})),
  };
}

/** The overview page's MDX (its data module: GenerationRun.writeOverviewPage). */
export function overviewPageMdx(info: PagePlan['info'], overview: OverviewPage, notice?: OlderVersionNoticeProps): string {
  const older = noticeMdx(notice);
  const lines = [
    infoFrontMatter(info),
    "import ApiHtml from '@site/src/components/ApiHtml';",
    "import ApiOverview, {ApiCategoryList} from '@site/src/components/ApiOverview';",
    ...older.imports,
    `import overview from './${dataModuleName(info.id)}';`,
    '',
    ...older.element,
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
