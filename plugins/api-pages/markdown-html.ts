/**
 * CommonMark descriptions from the OpenAPI document, rendered to HTML at build time. Raw HTML in
 * a description is allowed (real documents use it a lot) and the whole result goes through the
 * allowlist of ./sanitize, so a foreign document cannot inject script, styles or frames; fenced
 * code is highlighted with the same build-time highlighter as the code samples.
 */
import {DomUtils, parseDocument} from 'htmlparser2';
import MarkdownIt from 'markdown-it';
import {escapeHtml, highlight} from './highlight';
import {sanitizeDescriptionHtml} from './sanitize';

const md: MarkdownIt = new MarkdownIt({
  html: true,
  linkify: true,
  typographer: false,
  highlight: (code, lang) =>
    `<pre class="api-code language-${escapeHtml(lang || 'text')}" tabindex="0"><code>${highlight(code, lang || undefined)}</code></pre>`,
});

// Only URLs with a scheme become links: "Rev.io" in running text stays text.
md.linkify.set({fuzzyLink: false, fuzzyEmail: false});

// External links get rel="noopener noreferrer" from the sanitizer (for Markdown and raw HTML links alike).

/* Large documents repeat descriptions ("The ID of the customer."): each text is rendered once. */
const rendered = new Map<string, string>();
const CACHE_LIMIT = 20_000;

/**
 * Block HTML for a Markdown description (raw HTML allowed, sanitized); undefined for an empty
 * one. Every description of every page goes through here.
 */
export function markdownToHtml(markdown: string | undefined): string | undefined {
  if (typeof markdown !== 'string' || !markdown.trim()) return undefined;
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = sanitizeDescriptionHtml(md.render(markdown)).trim();
    if (rendered.size >= CACHE_LIMIT) rendered.clear();
    rendered.set(markdown, html);
  }
  return html || undefined;
}

/**
 * The first paragraph of a description as plain text (what the reader sees of its HTML), for
 * places that show text only: the page's meta description and the cards of category pages (which
 * cut it at a word boundary). A paragraph, not a line: a description wrapped in its source file
 * would otherwise end mid-phrase ("…and an active bill"). Written into
 * the generated front matter's double-quoted YAML, so backslashes are escaped and double quotes
 * become single ones (as the plugin does).
 */
export function descriptionSummary(markdown: unknown): string {
  if (typeof markdown !== 'string') return '';
  // The lines from the first text up to a blank line, or to a hard line break ("  " or "\\" at
  // the end of a line: the author's own end of the line).
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim());
  const paragraph: string[] = [];
  for (let i = Math.max(start, 0); start >= 0 && i < lines.length && lines[i]!.trim(); i++) {
    paragraph.push(lines[i]!);
    if (/( {2,}|\\)$/.test(lines[i]!)) break;
  }
  const first = paragraph.join('\n').replace(/( {2,}|\\)$/, '');
  const html = markdownToHtml(first);
  if (!html) return '';
  const text = DomUtils.textContent(parseDocument(html, {decodeEntities: true}))
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.replace(/\\/g, '\\\\').replace(/"/g, "'");
}

export interface MarkdownSection {
  /** Heading level (2 or 3), or 0 for the text before the first heading. */
  level: number;
  /** Plain-text heading. */
  title: string;
  /** Slug for the heading id. */
  id: string;
  /** HTML of the section body (without its heading). */
  html: string;
}

export function slugify(text: string, used: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'section';
  let slug = base;
  for (let n = 1; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

/**
 * Split a long Markdown document (such as `info.description`) at its level-2 and level-3
 * headings, so the page generator can emit real headings (table of contents, anchors, search
 * sections) and render each body as HTML.
 */
export function splitMarkdownSections(markdown: string): MarkdownSection[] {
  const tokens = md.parse(markdown, {});
  const lines = markdown.split('\n');
  const used = new Set<string>();
  const sections: MarkdownSection[] = [];
  let current = {level: 0, title: '', id: '', start: 0};
  const flush = (end: number) => {
    const body = lines.slice(current.start, end).join('\n');
    const html = markdownToHtml(body) ?? '';
    if (current.level > 0 || html) sections.push({level: current.level, title: current.title, id: current.id, html});
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type !== 'heading_open' || !t.map) continue;
    const level = Number(t.tag.slice(1));
    if (level < 1 || level > 3) continue;
    const inline = tokens[i + 1];
    const title = (inline.children ?? [])
      .map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : ''))
      .join('')
      .trim();
    flush(t.map[0]);
    // A level-1 heading inside a description becomes a level-2 heading on the page (the page title is the h1).
    current = {level: Math.max(level, 2), title, id: slugify(title, used), start: t.map[1]};
  }
  flush(lines.length);
  return sections;
}
