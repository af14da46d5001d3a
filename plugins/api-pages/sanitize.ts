/**
 * The one gate for HTML that comes from the OpenAPI document (raw HTML in descriptions, and the
 * HTML the Markdown renderer makes of them): an allowlist applied at build time with
 * sanitize-html, so the pages carry only inert markup.
 *
 * Kept: text formatting, code, links (http, https, mailto and relative), lists, tables, headings,
 * block quotes, details/summary, images with an absolute http(s) address (the site's
 * Content-Security-Policy then decides which hosts load). Dropped: scripts and every event
 * handler, `style` elements and attributes (nothing can be positioned over the page), iframes,
 * objects, embeds, forms and their controls, SVG and MathML, meta/base/link, `id`/`name` (no DOM
 * clobbering), `target`, and any URL whose scheme the browser would read as something other than
 * http(s)/mailto — decided by the WHATWG URL parser itself, after entity decoding, so encoded,
 * split or mixed-case `javascript:` forms are judged as the browser would judge them.
 */
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  // text
  'p',
  'br',
  'hr',
  'span',
  'div',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'samp',
  'var',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'dfn',
  'wbr',
  'time',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  // links and images
  'a',
  'img',
  // lists
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  // tables
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  // disclosure, figures
  'details',
  'summary',
  'figure',
  'figcaption',
];

/**
 * Elements dropped with everything inside them (their text is not content). Void elements (meta,
 * link, base, frame, embed, input…) have nothing inside: they are dropped as any element outside
 * ALLOWED_TAGS is, keeping the text around them.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'iframe',
  'frameset',
  'object',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
];

/** The token classes of the build-time highlighter (plugins/api-pages/highlight.ts). */
const HIGHLIGHT_CLASSES = ['c', 'k', 's', 'n', 'f', 'p'];

const BASE = 'https://relative.invalid/base/';

/**
 * The URL as the browser will resolve it: `undefined` when it cannot be parsed. `value` is the
 * attribute after entity decoding (htmlparser2 decodes it); the URL parser strips leading and
 * trailing C0 controls and spaces and removes tabs and newlines anywhere, as browsers do.
 */
function resolve(value: string): URL | undefined {
  return URL.canParse(value, BASE) ? new URL(value, BASE) : undefined;
}

const isRelative = (url: URL) => url.origin === new URL(BASE).origin;

/** Link targets a reader may follow: web pages, mail addresses, and pages of this site. */
export function safeHref(value: string): boolean {
  const url = resolve(value);
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:');
}

/**
 * Image sources: absolute http(s) addresses only. Written as one (`http:`, `https:` or `//` first,
 * which leaves no other scheme), and read as one by the browser: a leading space the URL parser
 * does not strip (a no-break space) makes it a path on this site, which isRelative refuses.
 */
export function safeImageSrc(value: string): boolean {
  if (!/^[\s\u0000-\u001f]*(https?:)?\/\//i.test(value)) return false;
  const url = resolve(value);
  return !!url && !isRelative(url);
}

/** Table alignment from Markdown tables (`style="text-align:…"`) as the `align` attribute, no style. */
function alignOf(attribs: sanitizeHtml.Attributes): string | undefined {
  // prettier-ignore
  // Stryker disable next-line StringLiteral: without a style there is no text-align to find, in '' or in any other text without one
  const fromStyle = /(?:^|;)\s*text-align\s*:\s*(left|right|center)\s*(?:;|$)/i.exec(attribs.style ?? '')?.[1];
  const value = (fromStyle ?? attribs.align)?.toLowerCase();
  return ['left', 'right', 'center'].find((a) => a === value);
}

/**
 * A quotation's source (q, blockquote, del, ins): kept only when it is a safe link target. Without
 * a cite, `attribs` and `rest` are the same.
 */
const cited: sanitizeHtml.Transformer = (tagName, attribs) => {
  const {cite, ...rest} = attribs;
  return {tagName, attribs: safeHref(cite) ? attribs : rest};
};

const cell: sanitizeHtml.Transformer = (tagName, attribs) => {
  const {style: _style, align: _align, ...rest} = attribs;
  const align = alignOf(attribs);
  return {tagName, attribs: align ? {...rest, align} : rest};
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  nonTextTags: DROPPED_WITH_CONTENT,
  // Any other element is discarded (sanitize-html's default mode), its text kept.
  allowedAttributes: {
    '*': ['title', 'lang', 'dir'],
    a: ['href', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    // class on pre and span: allowedClasses below.
    pre: ['tabindex'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    th: ['colspan', 'rowspan', 'scope', 'align'],
    td: ['colspan', 'rowspan', 'align'],
    col: ['span'],
    colgroup: ['span'],
    details: ['open'],
    time: ['datetime'],
    q: ['cite'],
    blockquote: ['cite'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
  },
  allowedClasses: {
    pre: ['api-code', /^language-[\w-]+$/],
    span: HIGHLIGHT_CLASSES,
  },
  // sanitize-html's own scheme check runs too, a second lock: ours (the transforms below) follows the
  // browser's URL parser and refuses every URL this one would, so no test can tell either away alone.
  allowedSchemes: ['http', 'https', 'mailto'],
  // prettier-ignore
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration,StringLiteral: the img transform (safeImageSrc) already keeps only http(s) sources
  allowedSchemesByTag: {img: ['http', 'https']},
  // prettier-ignore
  // Stryker disable next-line ArrayDeclaration,StringLiteral: the a, img and cite transforms already keep only safe href, src and cite values
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  transformTags: {
    // The document's own rel is never kept (rel="opener"); allowedAttributes drops target and the rest.
    a: (tagName, attribs) => {
      const {href, rel: _rel, ...out} = attribs;
      if (href !== undefined && safeHref(href)) {
        out.href = href;
        const url = resolve(href)!;
        // External pages get no opener and no referrer; links within the site stay plain.
        if (!isRelative(url) && url.protocol !== 'mailto:') out.rel = 'noopener noreferrer';
      }
      return {tagName, attribs: out};
    },
    // An img without a src has nothing to keep (safeImageSrc of no text is false): exclusiveFilter drops it.
    img: (tagName, attribs) => {
      const {src, ...rest} = attribs;
      return {tagName, attribs: safeImageSrc(src) ? attribs : rest};
    },
    // Code blocks scroll: keyboard users can reach them, never ahead of the page's order.
    pre: (tagName, attribs) => ({tagName, attribs: {...attribs, tabindex: '0'}}),
    q: cited,
    blockquote: cited,
    del: cited,
    ins: cited,
    th: cell,
    td: cell,
  },
  // An image without a usable source is left out entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Inert HTML for HTML (or Markdown-rendered HTML) taken from the OpenAPI document. */
export function sanitizeDescriptionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
