/**
 * The Markdown twins of the built site: for every HTML page of build/ (but the 404 and search
 * pages) a `<route>.md` beside it (`/` -> `/index.md`), plus `/llms.txt`, `/llms-full.txt` and
 * `/agent-docs.json` (the index the MCP server reads: pages and operations).
 *
 * API operation pages are written from their page data (docs/api/<slug>.data.js), the same data
 * the HTML renders (./operation-markdown). Every other page is the built HTML's article content
 * converted to Markdown (./html-markdown); category index pages list their items with links to
 * their twins.
 */
import {existsSync, promises as fs} from 'node:fs';
import path from 'node:path';
import type {ChildNode, Element, Document} from 'domhandler';
import {listOperations} from '../../openapi/model/operations';
import {allCategories, homeCategories, operationTree} from '../../openapi/model/tags';
import {apiPageRoute} from '../../openapi/model/routes';
import type {OperationPage} from '../api-pages/client/page-data-format';
import {CONTROL_CHARACTERS, copyableText, hex4} from '../../src/components/CopyButton/copyable-text';
import {DomUtils, htmlToMarkdown, parseDocument, tidy} from './html-markdown';
import {parseDataModule, SCHEMA_DIR} from '../api-pages/client/page-data-format';
import {operationMarkdown} from './operation-markdown';
import {mapLimited} from '../build-shared/map-limited';
import {embedGuideParts} from '../guides/twin';

export interface AgentDocsOptions {
  outDir: string;
  /** Public URL of the site (`https://developers.rev.io`), links in the twins are absolute. */
  siteUrl: string;
  /** Path the site is served under (`/`). */
  baseUrl: string;
  /** The generated API pages (docs/api): page data modules. */
  apiDocsDir: string;
  /** The processed OpenAPI document (tags of the operations, title and summary). */
  processedSpec: string;
  /** Site title and tagline (llms.txt heading and summary). */
  title: string;
  tagline: string;
  /** Older API versions (plugins/api-versions): their pages under their own route base. */
  versions?: {id: string; routeBasePath: string; apiDocsDir: string; processedSpec: string}[];
}

export interface TwinPage {
  route: string;
  /** Site path of the twin, e.g. "/docs/api/get-contact.md". */
  markdownPath: string;
  title: string;
  description: string;
  kind: 'operation' | 'overview' | 'category' | 'doc' | 'blog' | 'page' | 'home';
  /** For operations. */
  operation?: {method: string; path: string; operationId?: string; tags: string[]; webhook?: string};
  /** An older API version's page (its id, e.g. "v1"); absent for the current version and other pages. */
  version?: string;
  markdown: string;
}

export interface AgentDocsIndex {
  title: string;
  siteUrl: string;
  baseUrl: string;
  pages: Omit<TwinPage, 'markdown'>[];
}

const SKIP_ROUTES = new Set(['/404', '/search']);

async function htmlFiles(dir: string, root = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, {withFileTypes: true})) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (p !== path.join(root, 'assets')) out.push(...(await htmlFiles(p, root)));
    } else if (entry.name.endsWith('.html')) out.push(p);
  }
  return out;
}

/** Site route of a built HTML file: build/a/b/index.html -> {baseUrl}a/b; build/index.html -> {baseUrl}. */
export function routeOfFile(outDir: string, file: string, baseUrl: string): string {
  const rel = path.relative(outDir, file).split(path.sep).join('/');
  const clean = rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `${baseUrl.replace(/\/$/, '')}/${clean}`.replace(/\/$/, '') || '/';
}

/** Site path of a route's twin: "/x" -> "/x.md", the base route -> "{base}index.md". */
export function markdownPathOf(route: string, baseUrl: string): string {
  return route === baseUrl || route === baseUrl.replace(/\/$/, '') || route === '/'
    ? `${baseUrl.replace(/\/?$/, '/')}index.md`
    : `${route}.md`;
}

const hasClass = (el: Element, name: string) => (el.attribs.class ?? '').split(/\s+/).some((c) => c === name || c.startsWith(`${name}_`));
const findOne = (doc: Document | ChildNode[], test: (el: Element) => boolean): Element | null =>
  DomUtils.findOne(test, Array.isArray(doc) ? doc : doc.children, true);

function metaContent(doc: Document, name: string): string {
  const el = findOne(doc, (e) => e.name === 'meta' && (e.attribs.name === name || e.attribs.property === name));
  return el?.attribs.content?.trim() ?? '';
}

function pageTitle(doc: Document): string {
  const h1 = findOne(doc, (e) => e.name === 'h1');
  if (h1) return DomUtils.textContent(h1).replace(/\s+/g, ' ').trim();
  const title = findOne(doc, (e) => e.name === 'title');
  return title
    ? DomUtils.textContent(title)
        .replace(/\s*\|[^|]*$/, '')
        .trim()
    : '';
}

interface Converted {
  kind: TwinPage['kind'];
  markdown: string;
}

/** A page's Markdown; the API parts a guide embeds (plugins/guides) as their own Markdown, not their HTML. */
function convertHtml(doc: Document, route: string, baseUrl: string, link: (href: string) => string): Converted {
  const site = baseUrl.replace(/\/$/, '');
  const restore = embedGuideParts(doc, (sitePath) => link(`${site}${sitePath}`));
  const converted = convertPage(doc, route, baseUrl, link);
  return {...converted, markdown: restore(converted.markdown)};
}

function convertPage(doc: Document, route: string, baseUrl: string, link: (href: string) => string): Converted {
  const title = pageTitle(doc);
  const withTitle = (markdown: string) => (/^# /.test(markdown) ? markdown : `# ${title}\n\n${markdown}`);
  const generated = findOne(doc, (e) => hasClass(e, 'generatedIndexPage'));
  if (generated) {
    const lead = findOne([generated], (e) => e.name === 'header');
    const intro = lead
      ? htmlToMarkdown(
          lead.children.filter((c) => !(c.type === 'tag' && (c as Element).name === 'h1')),
          {link},
        )
      : '';
    const items = DomUtils.findAll((e) => e.name === 'a' && hasClass(e, 'card'), generated.children).map((a) => {
      const name = findOne([a], (e) => e.name === 'h2');
      const text = (name?.attribs.title ?? (name ? DomUtils.textContent(name) : '')).replace(/^[^\p{L}\p{N}]+/u, '').trim();
      const description = findOne([a], (e) => e.name === 'p');
      const desc = (description?.attribs.title ?? (description ? DomUtils.textContent(description) : '')).trim();
      return `- [${text}](${link(a.attribs.href ?? '')})${desc ? `: ${desc}` : ''}`;
    });
    return {kind: 'category', markdown: `# ${title}\n\n${intro ? `${intro}\n\n` : ''}${items.join('\n')}`};
  }
  const docContent = findOne(doc, (e) => hasClass(e, 'theme-doc-markdown'));
  if (docContent) return {kind: 'doc', markdown: withTitle(htmlToMarkdown([docContent], {link}))};
  const main = findOne(doc, (e) => e.name === 'main');
  const nodes: ChildNode[] = [];
  const home = route === baseUrl || route === '/' || route === baseUrl.replace(/\/$/, '');
  if (home) {
    const hero = findOne(doc, (e) => e.name === 'header' && hasClass(e, 'hero'));
    if (hero) nodes.push(hero);
  }
  if (main) nodes.push(main);
  const kind: TwinPage['kind'] = home ? 'home' : route.startsWith(`${baseUrl.replace(/\/$/, '')}/blog`) ? 'blog' : 'page';
  return {kind, markdown: withTitle(htmlToMarkdown(nodes, {link}))};
}

/** "First sentence or line" of a Markdown text, for one-line descriptions. */
function firstLine(markdown: string): string {
  const para = markdown.split(/\n\n/).find((p) => p.trim() && !/^(#|`|\||-|Operation ID|Base URL|Authentication)/.test(p.trim())) ?? '';
  return para
    .replace(/\s+/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .slice(0, 200);
}

/** A page of the index: a twin without its Markdown (which is on disk once written). */
export type TwinInfo = Omit<TwinPage, 'markdown'>;

/**
 * Writes the twins, llms.txt, llms-full.txt and agent-docs.json into outDir. Each twin is written
 * as soon as it is made and only its index entry is kept; llms-full.txt is then streamed from the
 * twin files (a large document's twins run to a hundred megabytes or more: holding them all, and
 * their concatenation, made this the largest process of the build after Docusaurus itself).
 */
export async function writeAgentDocs(options: AgentDocsOptions): Promise<{pages: TwinInfo[]; llmsTxt: number; llmsFullTxt: number}> {
  const {outDir, baseUrl} = options;
  const origin = options.siteUrl.replace(/\/$/, '');
  const files = await htmlFiles(outDir);
  const routes = new Map<string, string>(); // route -> file
  for (const file of files) {
    const route = routeOfFile(outDir, file, baseUrl);
    if (!SKIP_ROUTES.has(route.slice(baseUrl.length - 1))) routes.set(route, file);
  }
  const link = (href: string): string => {
    if (!href.startsWith('/') || href.startsWith('//')) return href;
    const m = /^([^?#]*)([?#].*)?$/.exec(href)!;
    const p = m[1]!.replace(/\/$/, '') || '/';
    if (routes.has(p)) return `${origin}${markdownPathOf(p, baseUrl)}${m[2]?.startsWith('#') ? m[2] : ''}`;
    return `${origin}${href}`;
  };

  const doc = JSON.parse(await fs.readFile(options.processedSpec, 'utf8'));
  const tagsOf = (document: unknown) => new Map(listOperations(document).map((op) => [op.slug ?? '', op.tags]));
  const site = baseUrl.replace(/\/$/, '');
  // The current version's API pages, then each older version's (under its own route base).
  const apiSets = [
    {
      version: undefined as string | undefined,
      prefix: `${site}${apiPageRoute('')}`,
      dir: options.apiDocsDir,
      tagsBySlug: tagsOf(doc),
      description: `${origin}${baseUrl}openapi/openapi.json`,
    },
    ...(await Promise.all(
      (options.versions ?? []).map(async (v) => ({
        version: v.id,
        prefix: `${site}${apiPageRoute('', v.routeBasePath)}`,
        dir: v.apiDocsDir,
        tagsBySlug: tagsOf(JSON.parse(await fs.readFile(v.processedSpec, 'utf8'))),
        description: `${origin}${baseUrl}${v.id}/openapi/openapi.json`,
      })),
    )),
  ];
  const versionOf = (route: string) =>
    options.versions?.find((v) => route === `${site}${v.routeBasePath}` || route.startsWith(`${site}${v.routeBasePath}/`))?.id;

  // The shared schema modules that large-graph pages load on demand (read once per folder, when first needed).
  const shared = new Map<string, Promise<OperationPage['schemas']>>();
  const sharedSchemas = (dir: string): Promise<OperationPage['schemas']> => {
    let schemas = shared.get(dir);
    if (!schemas) shared.set(dir, (schemas = readSharedSchemas(path.join(dir, SCHEMA_DIR))));
    return schemas;
  };

  const pages: TwinInfo[] = [];
  const twinFile = (p: TwinInfo) => path.join(outDir, p.markdownPath.slice(baseUrl.length));
  // Every twin, and so llms-full.txt, and the titles and descriptions of llms.txt and the index
  // pass copyableText: text of the document reaches an agent or a clipboard without a raw control
  // character (a twin's prose shows it as a visible \u0015 escape).
  const add = async (page: TwinPage): Promise<void> => {
    const {markdown: raw, ...info} = page;
    const markdown = copyableText(raw);
    info.title = copyableText(info.title);
    info.description = copyableText(info.description);
    if (!info.description && info.kind === 'category') info.description = `${(markdown.match(/^- /gm) ?? []).length} pages`;
    if (!info.description) info.description = firstLine(markdown.replace(/^# .*\n/, ''));
    await fs.mkdir(path.dirname(twinFile(info)), {recursive: true});
    await fs.writeFile(twinFile(info), markdown);
    pages.push(info);
  };
  // 16 pages at a time: a 1,500-page reference does not hold every page's DOM at once.
  await mapLimited([...routes], 16, async ([route, file]) => {
    // Operation pages are written from their data: only the <head> of their HTML is read.
    const head = await readHead(file);
    const meta = metaContent(parseDocument(head ?? (await fs.readFile(file, 'utf8'))), 'description');
    let dom: Document | undefined;
    const full = async (): Promise<Document> => (dom ??= parseDocument(await fs.readFile(file, 'utf8')));
    // The site-wide default (the tagline) says nothing about the page.
    const description = meta === options.tagline || meta === `${options.title}: ${options.tagline}.` ? '' : meta;
    const version = versionOf(route);
    const base: Pick<TwinPage, 'route' | 'markdownPath' | 'description' | 'version'> = {
      route,
      markdownPath: markdownPathOf(route, baseUrl),
      description,
      ...(version ? {version} : {}),
    };
    const api = apiSets.find((set) => route.startsWith(set.prefix));
    if (api) {
      const {tagsBySlug} = api;
      const slug = route.slice(api.prefix.length);
      const dataFile = path.join(api.dir, `${slug}.data.js`);
      const data = existsSync(dataFile)
        ? (readDataModule(dataFile, await fs.readFile(dataFile, 'utf8')) as Partial<OperationPage>)
        : undefined;
      if (data && typeof data.method === 'string' && Array.isArray(data.responses)) {
        // A page of a large schema graph carries only what its HTML shows; its twin lists every field.
        const page = (data.lazySchemas ? {...data, schemas: {...(await sharedSchemas(api.dir)), ...data.schemas}} : data) as OperationPage;
        const markdown = operationMarkdown(page, {link, description: api.description});
        await add({
          ...base,
          title: page.summary,
          description: description || firstLine(markdown.split('\n').slice(2).join('\n')),
          kind: 'operation',
          operation: {
            method: page.method,
            path: page.path,
            tags: tagsBySlug.get(slug) ?? (page.webhook ? ['Webhooks'] : []),
            ...(page.operationId ? {operationId: page.operationId} : {}),
            ...(page.webhook ? {webhook: page.webhook} : {}),
          },
          markdown,
        });
        return;
      }
      const page = await full();
      const converted = convertHtml(page, route, baseUrl, link);
      await add({...base, title: pageTitle(page), kind: data ? 'overview' : converted.kind, markdown: `${tidy(converted.markdown)}\n`});
      return;
    }
    const page = await full();
    const converted = convertHtml(page, route, baseUrl, link);
    await add({...base, title: pageTitle(page), kind: converted.kind, markdown: `${tidy(converted.markdown)}\n`});
  });
  pages.sort((a, b) => a.route.localeCompare(b.route));

  const {llms, ordered} = llmsFiles(pages, options, doc);
  await fs.writeFile(path.join(outDir, 'llms.txt'), llms);
  const llmsFullTxt = await writeLlmsFull(path.join(outDir, 'llms-full.txt'), ordered, twinFile, (p) => `${origin}${p.markdownPath}`);
  const index: AgentDocsIndex = {title: options.title, siteUrl: origin, baseUrl, pages};
  // JSON escapes for the control characters JSON.stringify leaves raw (DEL, C1, bidirectional): the same data, no raw one in the file.
  await fs.writeFile(
    path.join(outDir, 'agent-docs.json'),
    JSON.stringify(index).replace(CONTROL_CHARACTERS, (c) => `\\u${hex4(c)}`),
  );
  return {pages, llmsTxt: Buffer.byteLength(llms), llmsFullTxt};
}

/**
 * llms-full.txt: the twins in llms.txt's order, each with its source URL under its title,
 * separated by rules, read back one at a time from the files just written. Returns its bytes.
 */
async function writeLlmsFull(
  file: string,
  ordered: TwinInfo[],
  twinFile: (p: TwinInfo) => string,
  url: (p: TwinInfo) => string,
): Promise<number> {
  const out = await fs.open(file, 'w');
  let bytes = 0;
  const write = async (text: string) => {
    await out.write(text);
    bytes += Buffer.byteLength(text);
  };
  try {
    for (const [i, p] of ordered.entries()) {
      let text = (await fs.readFile(twinFile(p), 'utf8')).replace(/^(# .*)\n/, `$1\n\nSource: ${url(p)}\n`);
      if (i === 0) text = text.trimStart();
      if (i === ordered.length - 1) text = text.trimEnd();
      await write(`${i ? '\n---\n\n' : ''}${text}`);
    }
    await write('\n');
  } finally {
    await out.close();
  }
  return bytes;
}

/** The downloads build/openapi/ holds (written by ./downloads at gen:api time). */
export const DOWNLOADS = [
  {file: 'openapi.json', label: 'OpenAPI description (JSON)', note: 'the processed OpenAPI 3 document every page is built from'},
  {file: 'openapi.yaml', label: 'OpenAPI description (YAML)', note: 'the same document as YAML'},
  {
    file: 'postman-collection.json',
    label: 'Postman Collection v2.1',
    note: 'one request per operation, folders by tag, a baseUrl variable and the authentication',
  },
] as const;

/** llms.txt and the order of llms-full.txt: guides, the reference by category, older versions, the blog. */
export function llmsFiles(
  pages: TwinInfo[],
  options: AgentDocsOptions,
  doc: {info?: {title?: string; description?: string}; tags?: {name: string}[]},
): {llms: string; ordered: TwinInfo[]} {
  const origin = options.siteUrl.replace(/\/$/, '');
  const url = (p: TwinInfo) => `${origin}${p.markdownPath}`;
  const item = (p: TwinInfo, prefix = '') => `- [${p.title}](${url(p)})${prefix || p.description ? `: ${prefix}${p.description}` : ''}`;
  const sections: {title: string; pages: TwinInfo[]; prefix?: (p: TwinInfo) => string}[] = [];
  // Older API versions' pages get a section each, after the current reference.
  const older = pages.filter((p) => p.version);
  pages = pages.filter((p) => !p.version);
  const overview = pages.filter((p) => p.kind === 'overview');
  const guides = pages.filter((p) => p.kind === 'doc' || p.kind === 'page' || p.kind === 'home');
  sections.push({title: 'Guides', pages: [...overview, ...guides.filter((p) => p.kind !== 'home')]});
  const ops = pages.filter((p) => p.kind === 'operation');
  const opLine = (p: TwinInfo) =>
    p.operation!.webhook ? `webhook \`${p.operation!.webhook}\`. ` : `\`${p.operation!.method.toUpperCase()} ${p.operation!.path}\`. `;
  // One section per category, in sidebar order, titled by its trail ("Metering › Readings"); each
  // page once, under its home (openapi/model/tags.ts: its first nav tag, else its path group).
  const top = operationTree(doc, listOperations(doc, {webhooks: true}));
  const homes = homeCategories(top);
  const homeOf = new Map([...homes].map(([ref, chain]) => [ref.slug ?? '', chain.at(-1)!]));
  const titles = new Map([...homes.values()].map((chain) => [chain.at(-1)!, chain.map((n) => n.label).join(' › ')]));
  const slugOf = (p: TwinInfo) => p.route.slice(p.route.lastIndexOf('/') + 1);
  for (const node of allCategories(top)) {
    const filed = ops.filter((p) => homeOf.get(slugOf(p)) === node);
    if (filed.length) sections.push({title: `API reference: ${titles.get(node)}`, pages: filed, prefix: opLine});
  }
  const unfiled = ops.filter((p) => !homeOf.has(slugOf(p)));
  if (unfiled.length) sections.push({title: 'API reference: other operations', pages: unfiled, prefix: opLine});
  for (const v of options.versions ?? []) {
    const vPages = older.filter((p) => p.version === v.id);
    const order = (p: TwinInfo) => (p.kind === 'overview' ? 0 : p.kind === 'operation' ? 1 : 2);
    vPages.sort((a, b) => order(a) - order(b));
    sections.push({title: `API reference, version ${v.id}`, pages: vPages, prefix: (p) => (p.operation ? opLine(p) : '')});
  }
  const blogPosts = pages.filter((p) => p.kind === 'blog' && !/\/blog(\/(tags|authors|archive|page)(\/|$)|$)/.test(p.route));
  sections.push({title: 'Blog', pages: blogPosts});
  const optional = pages.filter((p) => p.kind === 'category' || p.kind === 'home' || (p.kind === 'blog' && !blogPosts.includes(p)));

  const summary = `${options.tagline}. ${doc.info?.title ? `Reference of the ${doc.info.title}` : 'API reference'} (${ops.length} operations), guides and blog; every page is also available as Markdown at its URL with ".md" appended.`;
  const lines = [`# ${options.title}`, '', `> ${summary}`, ''];
  lines.push(`All pages in one file: [llms-full.txt](${origin}${options.baseUrl}llms-full.txt).`, '');
  for (const s of sections) {
    if (!s.pages.length) continue;
    lines.push(`## ${s.title}`, '', ...s.pages.map((p) => item(p, s.prefix?.(p))), '');
  }
  const downloads = DOWNLOADS.filter((d) => existsSync(path.join(options.outDir, 'openapi', d.file)));
  if (downloads.length) {
    lines.push('## Downloads', '', ...downloads.map((d) => `- [${d.label}](${origin}${options.baseUrl}openapi/${d.file}): ${d.note}`), '');
  }
  if (optional.length) lines.push('## Optional', '', ...optional.map((p) => item(p)), '');
  const llms = copyableText(`${lines.join('\n').trim()}\n`);

  const ordered = [...new Set([...sections.flatMap((s) => s.pages), ...optional])];
  return {llms, ordered};
}

/** Bytes read for a page's <head> (Docusaurus heads are ~6 KB; a longer one is read whole). */
const HEAD_BYTES = 32 * 1024;

/** The text of a built page up to its </head>, reading only the file's start; undefined when that is not enough. */
async function readHead(file: string): Promise<string | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const {bytesRead} = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.search(/<\/head\s*>/i);
    return end < 0 ? undefined : text.slice(0, end);
  } finally {
    await handle.close();
  }
}

/** Every schema of the shared modules in `dir` (one module per schema and what it reads). */
async function readSharedSchemas(dir: string): Promise<OperationPage['schemas']> {
  const all: OperationPage['schemas'] = {};
  const files = (await fs.readdir(dir)).filter((f) => /^\d+\.js$/.test(f));
  for (const f of files) {
    const file = path.join(dir, f);
    const module = readDataModule(file, await fs.readFile(file, 'utf8'));
    for (const [name, schema] of Object.entries(module as OperationPage['schemas'])) {
      if (!Object.prototype.hasOwnProperty.call(all, name))
        Object.defineProperty(all, name, {value: schema, enumerable: true, writable: true, configurable: true});
    }
  }
  return all;
}

/** parseDataModule, with the file named in its error. */
function readDataModule(file: string, source: string): unknown {
  try {
    return parseDataModule(source);
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
}
