/**
 * The guides' embedded API parts in the Markdown twins (plugins/agent-docs): each element the
 * components render carries `data-guide-part="<page module>:<index>"`; the twin gets the part's
 * Markdown (./markdown.ts: all eight languages of a request, the fields of a schema…) in its place,
 * read from the JSON the remark plugin wrote beside the page's data module.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {ChildNode, Document, Element} from 'domhandler';
import {DomUtils, parseDocument} from 'htmlparser2';
import {projectRoot} from '../../portal.config';
import type {GuidePart} from './client/guide-parts';
import {guidePartMarkdown} from './markdown';

export const GUIDE_PARTS_DIR = path.join(projectRoot, 'plugins/guides/generated');

const token = (i: number) => `GUIDEPARTZ${i}Z`;

/**
 * Replaces the guide parts in `nodes` by placeholders; returns the function that puts each part's
 * Markdown in place of its placeholder in the converted text. `link` maps a site path (no base URL).
 */
export function embedGuideParts(
  nodes: Document | ChildNode[],
  link: (sitePath: string) => string,
  dir = GUIDE_PARTS_DIR,
): (markdown: string) => string {
  const elements = DomUtils.findAll(
    (e: Element) => typeof e.attribs['data-guide-part'] === 'string',
    Array.isArray(nodes) ? nodes : nodes.children,
  );
  if (!elements.length) return (markdown) => markdown;
  const modules = new Map<string, GuidePart[] | undefined>();
  const texts: string[] = [];
  for (const element of elements) {
    const [name = '', index = ''] = element.attribs['data-guide-part']!.split(':');
    if (!modules.has(name)) {
      const file = path.join(dir, `${path.basename(name)}.json`);
      modules.set(name, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as {parts: GuidePart[]}).parts : undefined);
    }
    const part = modules.get(name)?.[Number(index)];
    if (!part) continue; // no data (a page built elsewhere): the twin keeps the HTML's text
    texts.push(guidePartMarkdown(part, link));
    DomUtils.replaceElement(element, parseDocument(`<p>${token(texts.length - 1)}</p>`).children[0]!);
  }
  return (markdown) => markdown.replace(/GUIDEPARTZ(\d+)Z/g, (_m, i: string) => texts[Number(i)] ?? '');
}
