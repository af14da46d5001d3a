/**
 * Remark plugin for hand-written content (guides, blog, pages): the API-aware components.
 *
 * For each `<OperationCard>`, `<SchemaTable>`, `<RequestExample>`, `<ResponseExample>` and
 * `<TryIt>` of a page, the part is resolved from the processed description (./resolve.ts) at build
 * time and written, with the page's other parts, into one data module per page
 * (plugins/guides/generated/<page>.js); the element gets `data={…}` from it and the import of its
 * component is added. `<ApiLink …>` and links written `[text](api:…)` become ordinary links to the
 * right page and anchor (no component, no JavaScript).
 *
 * A reference the description lacks (or a body that does not validate) fails the build with the
 * file, line and what is missing; with a foreign description (OPENAPI_SOURCE) it is a warning and
 * the part says it is missing, as plugins/remark/api-links.ts does for plain links.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {Parser} from 'acorn';
import {projectRoot} from '../../portal.config';
import {dataModuleName} from '../api-pages/client/page-data-format';
import {readProcessedDocument} from '../api-pages/markdown';
import type {GuidePart} from './client/guide-parts';
import {GuideReferenceError, GuideResolver, type GuideParams} from './resolve';

/** Components resolved into the page's data module, each in its own file under src/components/Guide. */
export const GUIDE_COMPONENTS = ['OperationCard', 'SchemaTable', 'RequestExample', 'ResponseExample', 'TryIt'] as const;
type ComponentName = (typeof GUIDE_COMPONENTS)[number];
const LINK_COMPONENT = 'ApiLink';
/** The link syntax: `[text](api:getCustomer)`, `api:getContacts#parameter=page_size`, `api:getCustomer#response=404`, `api:schema:Customer`. */
const API_SCHEME = 'api:';

export interface GuideOptions {
  processedSpec: string;
  /** A foreign description (OPENAPI_SOURCE): missing references warn instead of failing. */
  foreign: boolean;
  /** Where the data modules go (default plugins/guides/generated). */
  outDir?: string;
  /** Site root the file names in messages are relative to (default: the project's). */
  siteDir?: string;
}

export const GENERATED_DIR = path.join(projectRoot, 'plugins/guides/generated');
/** The import of a page's data module and its local name in the MDX. */
const PARTS = '__guideParts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Node = any;

/** One resolver per version of the processed document (the live preview rewrites it). */
let cached: {file: string; version: string; resolver: GuideResolver} | undefined;
export function resolverFor(processedSpec: string): GuideResolver {
  if (!existsSync(processedSpec)) throw new Error(`${processedSpec} does not exist: run "npm run spec" (build and start run it for you).`);
  const {mtimeMs, size} = statSync(processedSpec);
  const version = `${mtimeMs}:${size}`;
  if (cached?.file !== processedSpec || cached.version !== version)
    cached = {file: processedSpec, version, resolver: new GuideResolver(readProcessedDocument(processedSpec))};
  return cached.resolver;
}

/** A literal prop value (`{{customer_id: "cus_1", page_size: 10}}`) from its estree; anything computed is refused. */
function literal(node: Node, source: string): unknown {
  switch (node?.type) {
    case 'Literal':
      if (node.regex || typeof node.value === 'bigint') break;
      return node.value;
    case 'TemplateLiteral':
      if (node.expressions.length === 0) return node.quasis[0].value.cooked;
      break;
    case 'UnaryExpression':
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') return -node.argument.value;
      break;
    case 'ArrayExpression':
      return node.elements.map((e: Node) => literal(e, source));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init' || p.method)
          throw new GuideReferenceError(`only plain values are allowed in ${source}`);
        const key = p.key.type === 'Identifier' ? p.key.name : String(p.key.value);
        Object.defineProperty(out, key, {value: literal(p.value, source), enumerable: true, writable: true, configurable: true});
      }
      return out;
    }
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      break;
  }
  throw new GuideReferenceError(`${source} must be a literal value (strings, numbers, booleans, null, arrays and objects of them)`);
}

/** The element's props: strings as written, `{…}` expressions as literal values, a bare name as true. */
export function props(element: Node): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attribute of element.attributes ?? []) {
    if (attribute.type !== 'mdxJsxAttribute') throw new GuideReferenceError(`<${element.name}> takes no spread props`);
    const v = attribute.value;
    if (v === null || v === undefined) out[attribute.name] = true;
    else if (typeof v === 'string') out[attribute.name] = v;
    else out[attribute.name] = literal(v.data?.estree?.body?.[0]?.expression, `the ${attribute.name} prop of <${element.name}>`);
  }
  return out;
}

/** An element's opening tag as the guide wrote it, for messages: `<RequestExample operationId="createCustomer">`. */
function tag(element: Node): string {
  const named = (element.attributes ?? [])
    .filter((a: Node) => a.type === 'mdxJsxAttribute' && (typeof a.value === 'string' || a.value === null))
    .map((a: Node) => (a.value === null ? a.name : `${a.name}="${a.value}"`));
  return `<${[element.name, ...named].join(' ')}>`;
}

/** A `[text](api:…)` destination as ApiLink props. */
export function apiLinkProps(url: string): Record<string, string> {
  const rest = url.slice(API_SCHEME.length);
  if (rest.startsWith('schema:')) return {schema: rest.slice('schema:'.length)};
  const [operationId, hash = ''] = rest.split(/#(.*)/s);
  const [key, value] = hash.split(/=(.*)/s);
  if (!hash) return {operationId: operationId!};
  if ((key === 'parameter' || key === 'response') && value) return {operationId: operationId!, [key]: value};
  throw new GuideReferenceError(
    `"${url}" is not an API link: write api:<operationId>, api:<operationId>#parameter=<name>, api:<operationId>#response=<status> or api:schema:<Name>`,
  );
}

function resolvePart(resolver: GuideResolver, name: ComponentName, p: Record<string, unknown>): GuidePart & {slug?: string} {
  switch (name) {
    case 'OperationCard':
      return resolver.operation(p.operationId);
    case 'SchemaTable':
      return resolver.schemaTable(p);
    case 'RequestExample':
      return resolver.requestExample(p.operationId, p.params as GuideParams | undefined, p.body);
    case 'ResponseExample':
      return resolver.responseExample(p.operationId, p.status);
    case 'TryIt':
      return resolver.tryIt(p.operationId, p.params as GuideParams | undefined, p.body);
  }
}

/** What the guide asked for, said in a missing part and in the warning. */
function asked(p: Record<string, unknown>): string {
  return Object.entries(p)
    .filter(([, v]) => typeof v === 'string')
    .map(([k, v]) => `${k} "${v}"`)
    .join(', ');
}

const esm = (code: string): Node => ({
  type: 'mdxjsEsm',
  value: code,
  data: {estree: Parser.parse(code, {ecmaVersion: 2022, sourceType: 'module'})},
});
const expression = (code: string): Node => ({
  type: 'mdxJsxAttributeValueExpression',
  value: code,
  data: {estree: Parser.parse(code, {ecmaVersion: 2022, sourceType: 'module'})},
});

/** The module name of a page's parts: its path from the site root, made a file name, and a short hash of it. */
export function moduleNameOf(relativePath: string): string {
  const slug = relativePath
    .replace(/\.[^.]+$/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}-${createHash('sha256').update(relativePath).digest('hex').slice(0, 6)}`;
}

/** A page's data module: the parts as one string literal, TryIt parts with the lazy import of their operation's page data. */
export function partsModuleSource(parts: (GuidePart & {slug?: string})[]): string {
  const loaders: string[] = [];
  const plain = parts.map((part, i) => {
    if (part.kind !== 'try') return part;
    const {slug, ...rest} = part as GuidePart & {slug: string};
    loaders.push(`parts[${i}].load = () => import(${JSON.stringify(`@site/docs/api/${dataModuleName(slug)}`)});`);
    return rest;
  });
  return [`const parts = JSON.parse(${JSON.stringify(JSON.stringify(plain))});`, ...loaders, 'export default parts;', ''].join('\n');
}

function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, content);
}

export interface TransformResult {
  /** The page's data module name (undefined: the page embeds no part). */
  module?: string;
  parts: GuidePart[];
  /** "file:line:column: what" of each problem (warnings with a foreign description). */
  problems: string[];
}

/**
 * Resolves and rewrites the API parts of one page's tree; writes its data module (and the JSON the
 * Markdown twins read). Throws, listing every problem, when a reference of our own description is missing.
 */
export function transformGuide(tree: Node, filePath: string, options: GuideOptions): TransformResult {
  const siteDir = options.siteDir ?? projectRoot;
  const outDir = options.outDir ?? GENERATED_DIR;
  const relative = path.relative(siteDir, filePath).split(path.sep).join('/');
  const problems: string[] = [];
  const parts: (GuidePart & {slug?: string})[] = [];
  const used = new Set<ComponentName>();
  const name = moduleNameOf(relative);
  let resolver: GuideResolver | undefined;
  const resolve = () => (resolver ??= resolverFor(options.processedSpec));
  const where = (node: Node) => `${relative}:${node.position?.start.line ?? '?'}:${node.position?.start.column ?? '?'}`;
  const problem = (node: Node, what: string, error: unknown): void => {
    if (!(error instanceof GuideReferenceError)) throw error;
    problems.push(`${where(node)}: ${what}: ${error.message}`);
  };

  const linkNode = (node: Node, p: Record<string, unknown>, children: Node[] | undefined, what: string): Node[] => {
    try {
      const {href, label} = resolve().link(p);
      return [
        {
          type: 'link',
          url: href,
          title: null,
          children: children?.length ? children : [{type: 'inlineCode', value: label}],
          position: node.position,
        },
      ];
    } catch (error) {
      problem(node, what, error);
      return children?.length ? children : [{type: 'text', value: asked(p)}];
    }
  };

  const walk = (node: Node): void => {
    if (!Array.isArray(node.children)) return;
    node.children = node.children.flatMap((child: Node): Node[] => {
      if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name === LINK_COMPONENT) {
        let p: Record<string, unknown>;
        try {
          p = props(child);
        } catch (error) {
          problem(child, tag(child), error);
          return [];
        }
        walk(child);
        const link = linkNode(child, p, child.children, tag(child));
        return child.type === 'mdxJsxFlowElement' ? [{type: 'paragraph', children: link}] : link;
      }
      if (child.type === 'link' && typeof child.url === 'string' && child.url.startsWith(API_SCHEME)) {
        walk(child);
        let p: Record<string, string>;
        try {
          p = apiLinkProps(child.url);
        } catch (error) {
          problem(child, `[…](${child.url})`, error);
          return child.children ?? [];
        }
        return linkNode(child, p, child.children, `[…](${child.url})`);
      }
      if (
        (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') &&
        (GUIDE_COMPONENTS as readonly string[]).includes(child.name)
      ) {
        const component = child.name as ComponentName;
        let part: GuidePart & {slug?: string};
        try {
          part = resolvePart(resolve(), component, props(child));
        } catch (error) {
          problem(child, tag(child), error);
          let p: Record<string, unknown> = {};
          try {
            p = props(child);
          } catch {
            // the problem is already reported
          }
          part = {kind: 'missing', what: `${component} ${asked(p)}`.trim()};
        }
        const index = parts.push(part) - 1;
        used.add(component);
        return [
          {
            ...child,
            attributes: [
              {type: 'mdxJsxAttribute', name: 'data', value: expression(`${PARTS}[${index}]`)},
              {type: 'mdxJsxAttribute', name: 'part', value: `${name}:${index}`},
            ],
            children: [],
          },
        ];
      }
      walk(child);
      return [child];
    });
  };
  walk(tree);

  if (problems.length) {
    if (!options.foreign) {
      throw new Error(
        `${problems.length === 1 ? 'A guide refers' : 'Guides refer'} to what the API description (${path.relative(siteDir, options.processedSpec)}) does not have:\n  ${problems.join('\n  ')}`,
      );
    }
    for (const line of problems) console.warn(`[guides] ${line} (rendered as missing: the description is not ours)`);
  }
  if (parts.length === 0) return {parts, problems};

  writeIfChanged(path.join(outDir, `${name}.js`), partsModuleSource(parts));
  writeIfChanged(path.join(outDir, `${name}.json`), `${JSON.stringify({source: relative, parts: parts.map(({slug: _s, ...p}) => p)})}\n`);
  // The imports: the page's parts, and each component used that the page does not import itself.
  const declared = new Set<string>();
  for (const n of tree.children ?? []) {
    if (n.type !== 'mdxjsEsm') continue;
    for (const statement of n.data?.estree?.body ?? []) for (const s of statement.specifiers ?? []) declared.add(s.local?.name);
  }
  const imports = [
    `import ${PARTS} from ${JSON.stringify(`@site/${path.relative(siteDir, outDir).split(path.sep).join('/')}/${name}.js`)};`,
  ];
  for (const c of used) if (!declared.has(c)) imports.push(`import ${c} from '@site/src/components/Guide/${c}';`);
  tree.children.unshift(...imports.map(esm));
  return {module: name, parts, problems};
}

/** The remark plugin (docusaurus.config.ts: docs, blog and pages). */
export default function remarkGuides(options: GuideOptions) {
  return (tree: Node, file: {path?: string; history?: string[]}) => {
    const filePath = file.path ?? file.history?.[0];
    if (!filePath || filePath.includes(`${path.sep}docs${path.sep}api${path.sep}`)) return; // generated API pages embed nothing
    transformGuide(tree, filePath, options);
  };
}
