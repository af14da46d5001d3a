import {test, mock} from 'node:test';
import assert from 'node:assert/strict';
import {createSearchReporter, reportSiteSearch, SITE_SEARCH_EVENT, type SiteSearchDetail} from './analytics';

test('a burst of queries is reported once, with the last term and its count', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const reports: SiteSearchDetail[] = [];
  const reporter = createSearchReporter('modal', {delay: 800, report: (d) => reports.push(d)});
  for (const [term, count] of [
    ['l', 9],
    ['le', 7],
    ['led', 5],
    ['ledger', 4],
  ] as const) {
    reporter.queue(term, count);
    t.mock.timers.tick(100);
  }
  assert.deepEqual(reports, []);
  t.mock.timers.tick(800);
  assert.deepEqual(reports, [{term: 'ledger', count: 4, source: 'modal'}]);
  // The same term again is not a new search.
  reporter.queue('ledger', 4);
  t.mock.timers.tick(1000);
  assert.equal(reports.length, 1);
});

test('flush reports at once; cancel and empty queries report nothing', (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const reports: SiteSearchDetail[] = [];
  const reporter = createSearchReporter('page', {report: (d) => reports.push(d)});
  reporter.queue('invoice', 3);
  reporter.flush();
  assert.deepEqual(reports, [{term: 'invoice', count: 3, source: 'page'}]);
  reporter.queue('ticket', 2);
  reporter.cancel();
  reporter.queue('   ', 0);
  t.mock.timers.tick(5000);
  reporter.flush();
  assert.equal(reports.length, 1);
});

test('reportSiteSearch calls gtag and Matomo when present and always dispatches the DOM event', () => {
  const target = new EventTarget() as EventTarget & {gtag?: (...a: unknown[]) => void; _paq?: {push(e: unknown[]): void}};
  const gtag = mock.fn();
  const paq: unknown[][] = [];
  target.gtag = gtag;
  target._paq = {push: (e) => paq.push(e)};
  const seen: unknown[] = [];
  target.addEventListener(SITE_SEARCH_EVENT, (e) => seen.push((e as CustomEvent).detail));
  reportSiteSearch({term: 'ledger', count: 4, source: 'modal'}, target as never);
  assert.deepEqual(gtag.mock.calls[0]!.arguments, ['event', 'search', {search_term: 'ledger', search_results: 4}]);
  assert.deepEqual(paq, [['trackSiteSearch', 'ledger', false, 4]]);
  assert.deepEqual(seen, [{term: 'ledger', count: 4, source: 'modal'}]);
  // Without trackers (and with a throwing one) the event still goes out.
  const bare = new EventTarget() as EventTarget & {gtag?: () => void};
  bare.gtag = () => {
    throw new Error('tracker down');
  };
  let fired = 0;
  bare.addEventListener(SITE_SEARCH_EVENT, () => (fired += 1));
  reportSiteSearch({term: 'x', count: 0, source: 'page'}, bare as never);
  assert.equal(fired, 1);
});
