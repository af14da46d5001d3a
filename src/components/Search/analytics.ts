/**
 * Site-search analytics: each query the reader settles on is reported once (not each keystroke)
 * with its term and result count:
 * - `window.gtag('event', 'search', {search_term, search_results})` when gtag is on the page,
 * - `window._paq.push(['trackSiteSearch', term, false, count])` when Matomo is,
 * - always a DOM event `portal:site-search` on window with `detail: {term, count, source}`.
 */
export const SITE_SEARCH_EVENT = 'portal:site-search';
export const REPORT_DELAY_MS = 800;

export interface SiteSearchDetail {
  term: string;
  count: number;
  /** Where the query was typed: the modal or the search page. */
  source: 'modal' | 'page';
}

interface AnalyticsWindow {
  gtag?: (command: 'event', action: string, params: Record<string, unknown>) => void;
  _paq?: {push(entry: unknown[]): void};
  dispatchEvent(event: Event): boolean;
}

export function reportSiteSearch(detail: SiteSearchDetail, target: AnalyticsWindow = window as unknown as AnalyticsWindow): void {
  try {
    target.gtag?.('event', 'search', {search_term: detail.term, search_results: detail.count});
  } catch {
    /* a broken tracker must not break search */
  }
  try {
    target._paq?.push(['trackSiteSearch', detail.term, false, detail.count]);
  } catch {
    /* idem */
  }
  target.dispatchEvent(new CustomEvent<SiteSearchDetail>(SITE_SEARCH_EVENT, {detail}));
}

/**
 * Debounced reporter: `queue` after each answered query; the last one is reported once the reader
 * pauses for `delay` ms, or at once on `flush` (a result is chosen, the modal closes). The same
 * term is not reported twice in a row.
 */
export function createSearchReporter(
  source: SiteSearchDetail['source'],
  options: {delay?: number; report?: (detail: SiteSearchDetail) => void} = {},
) {
  const delay = options.delay ?? REPORT_DELAY_MS;
  const report = options.report ?? ((d: SiteSearchDetail) => reportSiteSearch(d));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: SiteSearchDetail | null = null;
  let lastTerm: string | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const detail = pending;
    pending = null;
    if (!detail || detail.term === lastTerm) return;
    lastTerm = detail.term;
    report(detail);
  };

  return {
    queue(term: string, count: number) {
      const trimmed = term.trim();
      if (timer) clearTimeout(timer);
      timer = null;
      if (!trimmed) {
        pending = null;
        return;
      }
      pending = {term: trimmed, count, source};
      timer = setTimeout(flush, delay);
    },
    flush,
    /** Drop what is pending (e.g. the query was cleared). */
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
