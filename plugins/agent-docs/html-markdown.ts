/**
 * HTML -> Markdown, for the Markdown twins: the built pages' article content and the HTML
 * descriptions of the API page data. A small converter over htmlparser2's DOM (already used by
 * plugins/api-pages): headings, paragraphs, emphasis, code (inline and fenced, with the language
 * from `language-*` classes), links, images, lists (nested), tables (GFM), blockquotes, rules,
 * definition lists and <details>. Chrome that means nothing in a text file (buttons, SVG icons,
 * heading anchors, breadcrumbs, tables of contents, pagination) is left out.
 */
import {DomUtils, parseDocument} from 'htmlparser2';
import type {ChildNode, Element} from 'domhandler';

export interface HtmlToMarkdownOptions {
  /** Rewrites a link target (e.g. a site route to its Markdown twin). */
  link?: (href: string) => string;
  /** Rewrites an image source (e.g. to an absolute URL). */
  asset?: (src: string) => string;
}

/** Elements whose text is not content (void ones such as input, meta and link have no text to leave out). */
const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'svg', 'button', 'template', 'iframe', 'form', 'select', 'textarea', 'head']);
/** Classes (or class prefixes) of site chrome inside the content. */
const SKIP_CLASSES = [
  'hash-link',
  'theme-doc-breadcrumbs',
  'theme-doc-toc-mobile',
  'table-of-contents',
  'pagination-nav',
  'theme-doc-footer-edit-meta-row',
  'copy-page',
  'sr-only',
  'skipToContent',
  'theme-edit-this-page',
  'theme-last-updated',
  'buttonGroup',
  'codeBlockTitle',
];
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'pre',
  'blockquote',
  'table',
  'hr',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'body',
  'html',
]);

const isElement = (n: ChildNode): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style';
// prettier-ignore
// Stryker disable next-line StringLiteral,Regex: an empty class name (from the split) or the fallback's text is none of the classes looked for
const classes = (el: Element): string[] => (el.attribs.class ?? '').split(/\s+/);

function skipped(el: Element): boolean {
  if (SKIP_TAGS.has(el.name)) return true;
  if (el.attribs.hidden !== undefined || el.attribs['aria-hidden'] === 'true') return true;
  const cls = classes(el);
  return cls.some((c) => SKIP_CLASSES.some((s) => c === s || c.startsWith(`${s}_`)));
}

const collapse = (s: string) => s.replace(/[ \t\r\n\f]+/g, ' ');
/** Escapes characters that would start Markdown syntax in running text. */
const escapeText = (s: string) =>
  s
    .replace(/([\\`*[\]])/g, '\\$1')
    .replace(/(^|\W)_|_(?=\W|$)/g, (m) => m.replace('_', '\\_'))
    // Line starts that would open a heading, quote or list: "\#", "\-", "1\." (a backslash before a digit is no escape).
    .replace(/^(\s*)([#>+-])(?=\s)/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])(?=\s)/, '$1\\$2')
    .replace(/</g, '&lt;');

function codeLanguage(el: Element): string {
  const candidates: Element[] = [el, ...DomUtils.getElementsByTagName('code', el, true, 1)];
  for (let p = el.parent, i = 0; p && i < 4; p = p.parent, i++) if (p.type === 'tag') candidates.push(p as Element);
  for (const node of candidates) {
    const lang = classes(node).find((c) => c.startsWith('language-'));
    if (lang) return lang.slice('language-'.length);
  }
  return '';
}

/** Text of a code block: <br> as line breaks, block children (token lines) one per line. */
function codeText(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  if (!isElement(node)) return '';
  if (node.name === 'br') return '\n';
  // (A skipped <pre> never gets here: blocks() leaves it out.)
  if (skipped(node)) return '';
  const inner = node.children.map(codeText).join('');
  return (node.name === 'div' || classes(node).includes('token-line')) && !inner.endsWith('\n') ? `${inner}\n` : inner;
}

export function fence(code: string, lang = ''): string {
  const ticks = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${code.replace(/\n+$/, '')}\n${ticks}`;
}

/** A code span of `text` (whitespace collapsed), fenced with more backticks than it contains. */
export function codeSpan(text: string): string {
  const t = collapse(text);
  const ticks = '`'.repeat(Math.max(1, ...[...t.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  const pad = t.startsWith('`') || t.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${t}${pad}${ticks}`;
}

/**
 * Parentheses and white space would end a link destination early. White space is percent-encoded
 * as UTF-8 (a no-break space is %C2%A0, not %A0); encodeURIComponent leaves parentheses as they are.
 */
const urlEscape = (c: string) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c));

class Converter {
  constructor(private readonly options: HtmlToMarkdownOptions) {}

  private href(raw: string): string {
    return this.options.link ? this.options.link(raw) : raw;
  }

  inline(nodes: ChildNode[]): string {
    let out = '';
    nodes.forEach((n, i) => {
      const text = this.inlineNode(n);
      // Adjacent elements that CSS spaces apart (badges, metadata spans) stay apart in text.
      // (A leading space, when nothing came before, is trimmed by every caller.)
      if (
        i > 0 &&
        isElement(n) &&
        isElement(nodes[i - 1]!) &&
        text &&
        !/\s$/.test(out) &&
        !/^\s/.test(text) &&
        /^(span|a|time|small|code)$/.test(n.name)
      )
        out += ' ';
      out += text;
    });
    return out;
  }

  private inlineNode(node: ChildNode): string {
    if (node.type === 'text') return escapeText(collapse(node.data));
    if (!isElement(node) || skipped(node)) return '';
    const inner = () => this.inline(node.children);
    switch (node.name) {
      case 'br':
        return '  \n';
      case 'code':
      case 'kbd':
      case 'samp':
        return codeSpan(DomUtils.textContent(node));
      case 'strong':
      case 'b': {
        const t = inner().trim();
        return t ? `**${t}**` : '';
      }
      case 'em':
      case 'i': {
        const t = inner().trim();
        // Asterisks, not underscores: `a*b*c` is emphasis in CommonMark, `a_b_c` is not.
        return t ? `*${t}*` : '';
      }
      case 'del':
      case 's': {
        // Empty, "~~~~" at a line start would open a fenced code block.
        const t = inner().trim();
        return t ? `~~${t}~~` : '';
      }
      case 'a': {
        const text = inner().trim();
        const href = node.attribs.href;
        if (!href) return text;
        return text ? `[${text}](${this.href(href).replace(/[()\s]/g, urlEscape)})` : '';
      }
      case 'img': {
        const src = node.attribs.src;
        return src
          ? `![${collapse(node.attribs.alt ?? '').replace(/[[\]]/g, '')}](${this.options.asset ? this.options.asset(src) : src})`
          : '';
      }
      default:
        // A block element met in inline context (e.g. a <p> inside a table cell): its text, spaced.
        return BLOCK_TAGS.has(node.name) ? ` ${inner()} ` : inner();
    }
  }

  /** Markdown blocks of a list of nodes, separated by blank lines. */
  blocks(nodes: ChildNode[]): string {
    const out: string[] = [];
    // prettier-ignore
    // Stryker disable next-line ArrayDeclaration: inline() gives nothing for an entry that is not a node
    const run: ChildNode[] = [];
    const flush = () => {
      // Runs of spaces become one, except the two of a hard break ("  \n", from <br>, the only line break here).
      const text = this.inline(run.splice(0))
        .replace(/ {2,}(?!\n)/g, ' ')
        .trim();
      if (text) out.push(text);
    };
    for (const node of nodes) {
      if (isElement(node) && BLOCK_TAGS.has(node.name)) {
        flush();
        if (skipped(node)) continue;
        const block = this.block(node).trim();
        if (block) out.push(block);
      } else run.push(node);
    }
    flush();
    return out.join('\n\n');
  }

  private block(el: Element): string {
    switch (el.name) {
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6': {
        const text = collapse(this.inline(el.children)).trim();
        return text ? `${'#'.repeat(Number(el.name[1]))} ${text}` : '';
      }
      case 'pre':
        return fence(codeText(el), codeLanguage(el));
      case 'ul':
      case 'ol':
        return this.list(el);
      case 'blockquote':
        return this.blocks(el.children)
          .split('\n')
          .map((l) => (l ? `> ${l}` : '>'))
          .join('\n');
      case 'hr':
        return '---';
      case 'table':
        return this.table(el);
      case 'details': {
        const summary = el.children.find((c): c is Element => isElement(c) && c.name === 'summary');
        const rest = el.children.filter((c) => c !== summary);
        const title = summary ? collapse(this.inline(summary.children)).trim() : '';
        // blocks() trims what an empty part leaves.
        return `${title ? `**${title}**` : ''}\n\n${this.blocks(rest)}`;
      }
      case 'dl':
        return el.children
          .filter(isElement)
          .flatMap((c) => (c.name === 'div' ? c.children.filter(isElement) : [c]))
          .map((c) =>
            c.name === 'dt' ? `**${collapse(this.inline(c.children)).trim()}**` : `: ${this.blocks(c.children).replace(/\n/g, '\n  ')}`,
          )
          .join('\n');
      default: {
        // A Docusaurus code block (div.codeBlockContainer > … > pre) and any other container.
        return this.blocks(el.children);
      }
    }
  }

  private list(el: Element): string {
    const ordered = el.name === 'ol';
    let n = Number(el.attribs.start ?? 1) || 1;
    const items = el.children.filter((c): c is Element => isElement(c) && c.name === 'li');
    return items
      .map((li) => {
        const marker = ordered ? `${n++}.` : '-';
        const body = this.blocks(li.children) || '';
        const indent = ' '.repeat(marker.length + 1);
        return `${marker} ${body
          .split('\n')
          .map((l, i) => (i === 0 || !l ? l : indent + l))
          .join('\n')}`;
      })
      .join('\n');
  }

  private table(el: Element): string {
    const rows = DomUtils.getElementsByTagName('tr', el, true).filter((tr) => !skipped(tr));
    if (rows.length === 0) return '';
    const cells = rows.map((tr) =>
      tr.children
        .filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th'))
        .map((c) => collapse(this.inline(c.children)).trim().replace(/\|/g, '\\|')),
    );
    const width = Math.max(...cells.map((r) => r.length));
    const line = (r: string[]) => `| ${Array.from({length: width}, (_, i) => r[i] ?? '').join(' | ')} |`;
    const hasHead = rows[0]!.children.some((c) => isElement(c) && c.name === 'th');
    const head = hasHead ? cells[0]! : []; // line() pads it to the width
    const body = hasHead ? cells.slice(1) : cells;
    return [line(head), `| ${Array.from({length: width}, () => '---').join(' | ')} |`, ...body.map(line)].join('\n');
  }
}

/** Markdown of an HTML fragment (or of the given nodes). */
export function htmlToMarkdown(html: string | ChildNode[], options: HtmlToMarkdownOptions = {}): string {
  const nodes = typeof html === 'string' ? parseDocument(html).children : html;
  return tidy(new Converter(options).blocks(nodes));
}

/** Collapses runs of blank lines and trims the ends. */
export function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}

/** Plain text of an HTML fragment (entities decoded, whitespace kept). */
export function htmlText(html: string): string {
  return DomUtils.textContent(parseDocument(html));
}

export {parseDocument, DomUtils};
