/**
 * Reading guides outside the MDX compiler: the live preview re-resolves the pages that embed API
 * parts when the description changes (refreshGuides), and the sample tests run every
 * RequestExample of the guides against the mock (guideRequests). Both parse MDX with the same
 * remark-mdx syntax the build uses and go through ./remark.ts, so they see the same parts.
 */
import {existsSync, promises as fs, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {projectRoot} from '../../portal.config';
import {GENERATED_DIR, transformGuide, props, type GuideOptions} from './remark';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Node = any;

/** Where hand-written content that may embed API parts lives. */
export const CONTENT_DIRS = ['docs', 'blog', 'src/pages'];

/** An MDX file's syntax tree (remark-mdx, front matter and directives as the build reads them). */
export async function parseMdx(source: string): Promise<Node> {
  const [{unified}, {default: remarkParse}, {default: remarkMdx}, {default: remarkFrontmatter}, {default: remarkDirective}] =
    await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-mdx'),
      import('remark-frontmatter'),
      import('remark-directive'),
    ]);
  return unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter).use(remarkDirective).parse(source);
}

/** The .mdx files of the content folders (the generated API pages left out). */
export function contentFiles(siteDir = projectRoot): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (p !== path.join(siteDir, 'docs', 'api') && entry.name !== 'node_modules') walk(p);
      } else if (entry.name.endsWith('.mdx')) out.push(p);
    }
  };
  CONTENT_DIRS.forEach((d) => walk(path.join(siteDir, d)));
  return out.sort();
}

export interface GuideRequest {
  /** "docs/guides/quickstart.mdx:42". */
  where: string;
  operationId: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

/** Every `<RequestExample>` of the content, with the values it gives. */
export async function guideRequests(siteDir = projectRoot): Promise<GuideRequest[]> {
  const out: GuideRequest[] = [];
  for (const file of contentFiles(siteDir)) {
    const source = await fs.readFile(file, 'utf8');
    if (!source.includes('<RequestExample')) continue;
    const tree = await parseMdx(source);
    const visit = (node: Node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'RequestExample') {
        const p = props(node);
        out.push({
          where: `${path.relative(siteDir, file)}:${node.position?.start.line}`,
          operationId: String(p.operationId),
          ...(p.params ? {params: p.params as Record<string, unknown>} : {}),
          ...(p.body !== undefined ? {body: p.body} : {}),
        });
      }
      (node.children ?? []).forEach(visit);
    };
    visit(tree);
  }
  return out;
}

/**
 * Re-resolves every page whose data module exists (the live preview, after the description
 * changed): each module is rewritten when its content changes, so the dev server updates the
 * page. Returns the problems (our own description: the file:line messages, as the build gives them).
 */
export async function refreshGuides(options: GuideOptions): Promise<{pages: number; errors: string[]}> {
  const siteDir = options.siteDir ?? projectRoot;
  const outDir = options.outDir ?? GENERATED_DIR;
  if (!existsSync(outDir)) return {pages: 0, errors: []};
  const errors: string[] = [];
  let pages = 0;
  for (const name of readdirSync(outDir).filter((f) => f.endsWith('.json'))) {
    const {source} = JSON.parse(readFileSync(path.join(outDir, name), 'utf8')) as {source: string};
    const file = path.join(siteDir, source);
    if (!existsSync(file)) continue;
    try {
      transformGuide(await parseMdx(await fs.readFile(file, 'utf8')), file, options);
      pages++;
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  return {pages, errors};
}
