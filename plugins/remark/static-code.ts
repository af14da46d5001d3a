/**
 * Remark plugin for hand-written content (blog, pages, guides): code fences are highlighted at build
 * time, like the API pages' samples, instead of by Prism in the reader's browser.
 *
 * The theme's CodeBlock highlights while the page hydrates: a chunk of its own and the longest
 * main-thread task of a blog post (BENCHMARKS.md, "Measurements behind the code"). Here each fence becomes `<StaticCode>` (registered in
 * src/theme/MDXComponents.tsx) carrying the raw code (for the copy button) and the token markup of
 * plugins/api-pages/highlight.ts. Fences whose meta asks for more than a title (line highlighting,
 * line numbers, live code…) are left to the theme's CodeBlock, which supports them.
 */
import {highlight} from '../api-pages/highlight';

interface MdNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  name?: string;
  attributes?: {type: 'mdxJsxAttribute'; name: string; value: string}[];
  children?: MdNode[];
}

/** The title of a fence meta made only of `title="…"` (or '…'); '' for no meta; null for any other meta. */
export function titleOnly(meta: string | null | undefined): string | null {
  const text = (meta ?? '').trim();
  if (!text) return '';
  const match = /^title=(?:"([^"]*)"|'([^']*)')$/.exec(text);
  return match ? (match[1] ?? match[2] ?? '') : null;
}

export function staticCodeNode(code: string, language: string, title: string): MdNode {
  const attribute = (name: string, value: string) => ({type: 'mdxJsxAttribute' as const, name, value});
  return {
    type: 'mdxJsxFlowElement',
    name: 'StaticCode',
    attributes: [
      attribute('language', language),
      ...(title ? [attribute('title', title)] : []),
      attribute('code', code),
      attribute('html', highlight(code, language || undefined)),
    ],
    children: [],
  };
}

export default function remarkStaticCode() {
  return (tree: MdNode) => {
    const walk = (node: MdNode) => {
      if (!node.children) return;
      node.children = node.children.map((child) => {
        if (child.type === 'code') {
          const title = titleOnly(child.meta);
          return title === null ? child : staticCodeNode(child.value ?? '', child.lang ?? '', title);
        }
        walk(child);
        return child;
      });
    };
    walk(tree);
  };
}
