/**
 * One built page → what the search index keeps of it (title, description, keywords, breadcrumb,
 * sections). The same steps as the theme's own `parse` (@easyops-cn/docusaurus-search-local
 * dist/server/server/utils/parse.js), then the theme's own `parseDocument` / `parsePage`, but the
 * page is loaded with htmlparser2 (cheerio's `xml` option in HTML mode) instead of parse5.
 *
 * Why: on large documents the search child spent a third of its time in parse5 and another third
 * collecting its garbage; most of a page's HTML is the sidebar (BENCHMARKS.md, "Measurements behind the code").
 * htmlparser2 builds the same DOM (domhandler nodes) for the HTML Docusaurus writes: the index
 * files come out byte-identical (checked on the whole of our build and GitHub's; parse-page.test.ts
 * compares both parsers on representative pages so a cheerio or theme update that breaks the
 * equivalence fails there).
 *
 * The cheerio instance is the theme's own (resolved from its folder): parseDocument and parsePage
 * receive the `$` they were written against.
 *
 * Two things differ from the theme's parse, on purpose:
 * - a blog route that is not a post (the authors' pages, the archive, later pages of the list) is
 *   left out: those pages repeat the posts' titles and truncated text, so a post was found twice
 *   ("ledger": the post and its copy on its author's page). The theme leaves out only the blog's
 *   first list page and the tag pages. A post is the page with the post container
 *   (`#__blog-post-container`, Docusaurus's blogPostContainerID).
 * - an element of a heading that is a label of its own (a badge: "Deprecated") is one word apart
 *   from the heading's text: the theme's text() glued "Get customer balance" and "Deprecated".
 */
import {createRequire} from 'node:module';
import {parseDocument} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parseDocument.js';
import {parsePage} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parsePage.js';
import {blogPostContainerID} from '@docusaurus/utils-common';
import type {ParsedPage, ThemeConfig} from './index';

type CheerioRoot = import('@easyops-cn/docusaurus-search-local/dist/server/server/utils/parseDocument.js').ThemeCheerio;

const themeRequire = createRequire(require.resolve('@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse.js'));
const cheerio = themeRequire('cheerio') as {load(html: string, options: object): CheerioRoot};

/** htmlparser2, HTML mode (tag names case-insensitive, void and implied end tags), entities decoded. */
const LOAD_OPTIONS = {xml: {xmlMode: false, decodeEntities: true}};

export type PageType = 'docs' | 'blog' | 'page';

/**
 * The theme's parse() with htmlparser2: null for a page whose robots meta says noindex (unless
 * `forceIgnoreNoIndex`).
 */
export function parseBuiltPage(
  html: string,
  type: PageType,
  url: string,
  config: Pick<ThemeConfig, 'ignoreCssSelectors'> & {forceIgnoreNoIndex?: unknown},
): ParsedPage | null {
  const $ = cheerio.load(withoutInactiveSidebarEntries(html), LOAD_OPTIONS);
  if (!config.forceIgnoreNoIndex && $('meta[name="robots"]').attr('content')?.includes('noindex')) return null;
  if (type === 'blog' && $(`#${blogPostContainerID}`).length === 0) return null;
  separateLabels($);
  // The copy buttons of code blocks.
  $('div[class^="mdxCodeBlock_"] button').remove();
  for (const selector of config.ignoreCssSelectors ?? []) $(selector).remove();
  // "Version: x" badges of versioned docs.
  if (type === 'docs') {
    $('span.badge')
      .filter((_, element) => $(element).text().startsWith('Version:'))
      .remove();
  }
  return detached(type === 'page' ? parsePage($, url) : parseDocument($));
}

/** A docs sidebar entry that is a plain link to a page other than this one (see withoutInactiveSidebarEntries). */
const PLAIN_SIDEBAR_LINK = /<li class="theme-doc-sidebar-item-link [^"]*"><a class="menu__link"[^>]*>[^<]*<\/a><\/li>/g;

/**
 * A collapsed docs sidebar category that is not the active one: its link (bare "menu__link
 * menu__link--sublist", text without markup) and its caret button, nothing else (a collapsed
 * category renders no items).
 */
const COLLAPSED_SIDEBAR_CATEGORY =
  /<li class="theme-doc-sidebar-item-category [^"]*menu__list-item--collapsed"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist"[^>]*>[^<]*<\/a><button [^>]*><\/button><\/div><\/li>/g;

/**
 * The page without the docs sidebar's inactive entries, before it is parsed: plain page links and
 * collapsed categories. Nothing the index keeps comes from them: the breadcrumb reads the sidebar's
 * active category links (class "menu__link--active", inside ".menu__list-item-collapsible"), the
 * rest comes from the article, the head and the navbar. Only entries of exactly those shapes (bare
 * classes, not the active one, text without markup) are dropped; anything else stays.
 *
 * Why: every docs page carries the whole sidebar. On AWS EC2's document (1,188 operations in one
 * category) its links are 90 % of each page's 300 KB: the parse of 300 of its pages went from 17.4 s
 * to 4.7 s. On Autotask's (371 categories) its collapsed categories are 70 % of each page's 246 KB:
 * the parse of 151 of its pages went from 4.0 s to 2.1 s of CPU. Index unchanged (parse-page.test.ts).
 */
export function withoutInactiveSidebarEntries(html: string): string {
  return html.replace(PLAIN_SIDEBAR_LINK, '').replace(COLLAPSED_SIDEBAR_CATEGORY, '');
}

/**
 * Elements whose text runs on with the text beside them ("the <code>id</code>s"). Any other element
 * of a heading (a badge's span) is a word of its own.
 */
const RUNS_ON = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);

type Node = {type: string; name?: string};

/** A space between a heading's text and a label element beside it when nothing separates them. */
function separateLabels($: CheerioRoot): void {
  const isLabel = (node: Node) => node.type === 'tag' && !RUNS_ON.has(node.name ?? '');
  $('article h1, article h2, article h3').each((_, heading) => {
    const nodes = $(heading).contents().get() as Node[];
    for (let k = 1; k < nodes.length; k += 1) {
      const before = nodes[k - 1]!;
      const after = nodes[k]!;
      if (!isLabel(before) && !isLabel(after)) continue;
      if (/\S$/.test($(before).text()) && /^\S/.test($(after).text())) $(after).before(' ');
    }
  });
}

/**
 * A copy of the result whose strings own their characters. htmlparser2's text and attribute values
 * are slices of the page's HTML, and V8 keeps a sliced string's whole parent alive: a kept title
 * or description would hold its page's whole HTML until the index is written (on a large
 * document, more than the child's capped heap). parse5 builds new strings, so the theme's
 * parse never had this.
 */
function detached(page: ParsedPage): ParsedPage {
  return JSON.parse(JSON.stringify(page)) as ParsedPage;
}
