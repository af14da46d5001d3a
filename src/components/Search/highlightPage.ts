/**
 * Highlighting of the searched terms on the page a result leads to: the terms arrive as repeated
 * `_highlight` query parameters (`?_highlight=customer&_highlight=ledger`) and each occurrence
 * that starts a word is wrapped in <mark> inside the page's article(s) (or <main>). Small and
 * dependency-free: it is part of the first-load bundle (the navbar search button runs it).
 */
export const HIGHLIGHT_PARAM = '_highlight';
export const MARK_ATTRIBUTE = 'data-search-highlight';

const SKIP_SELECTOR = 'script,style,noscript,textarea,input,select,button,svg,mark,template,.theme-doc-toc-mobile > button';

export function highlightTermsFromSearch(search: string): string[] {
  const terms = new URLSearchParams(search)
    .getAll(HIGHLIGHT_PARAM)
    .map((t) => t.trim())
    .filter((t) => t.length > 0 && t.length <= 100);
  return [...new Set(terms)].slice(0, 12);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Remove the marks this module added under root. */
export function clearHighlights(root: ParentNode): void {
  const marks = root.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`);
  marks.forEach((mark) => {
    const parent = mark.parentNode;
    if (!parent) return;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parent.normalize();
  });
}

/** Wrap every word-initial occurrence of the terms (case-insensitive) in <mark>. Returns the count. */
export function highlightTerms(root: Element, terms: readonly string[]): number {
  const words = [...terms].filter(Boolean).sort((a, b) => b.length - a.length);
  if (words.length === 0) return 0;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.map(escapeRegExp).join('|')})`, 'giu');
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      const parent = node.parentElement;
      if (!parent || parent.closest(SKIP_SELECTOR)) return NodeFilter.FILTER_REJECT;
      return node.nodeValue && node.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);

  let count = 0;
  for (const node of nodes) {
    const text = node.nodeValue ?? '';
    pattern.lastIndex = 0;
    let match = pattern.exec(text);
    if (!match) continue;
    const fragment = doc.createDocumentFragment();
    let cursor = 0;
    while (match) {
      if (match[0].length === 0) {
        pattern.lastIndex += 1;
      } else {
        if (match.index > cursor) fragment.appendChild(doc.createTextNode(text.slice(cursor, match.index)));
        const mark = doc.createElement('mark');
        mark.setAttribute(MARK_ATTRIBUTE, '');
        mark.textContent = match[0];
        fragment.appendChild(mark);
        cursor = match.index + match[0].length;
        count += 1;
      }
      match = pattern.exec(text);
    }
    if (cursor < text.length) fragment.appendChild(doc.createTextNode(text.slice(cursor)));
    node.parentNode?.replaceChild(fragment, node);
  }
  return count;
}

/** The elements whose text is highlighted: the page's articles, else <main>. */
export function highlightRoots(doc: Document): Element[] {
  const articles = Array.from(doc.querySelectorAll('article'));
  if (articles.length > 0) return articles;
  const main = doc.querySelector('main');
  return main ? [main] : [];
}

/** Clear previous marks and mark the terms of `search` (a location.search string). */
export function applySearchHighlight(doc: Document, search: string): number {
  const roots = highlightRoots(doc);
  roots.forEach(clearHighlights);
  const terms = highlightTermsFromSearch(search);
  if (terms.length === 0) return 0;
  return roots.reduce((n, root) => n + highlightTerms(root, terms), 0);
}
