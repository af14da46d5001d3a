/**
 * Link prefetching that never blocks the main thread.
 *
 * Docusaurus's <Link> calls `window.docusaurus.prefetch(path)` as soon as a link scrolls into view.
 * In 3.7 that call matches the path against every route and scans every route's chunk list with a
 * regular expression, then adds one `<link rel="prefetch">` per chunk, again for chunks another
 * link already asked for: an API page with 20 visible links added 172 of them (19 distinct files)
 * in one long task right after hydration, and the scan grows with the number of pages.
 *
 * This module keeps the same global and the same behaviour (the chunks of linked pages are fetched
 * at low priority; nothing on slow or data-saving connections) but queues the requests and serves
 * them in idle time, a few at a time (at most 8 ms of work per idle callback, see
 * ./idle-queue.ts), with a route → chunk table built once and each file prefetched once.
 * `preload` (on hover / touch) is untouched.
 */
import {matchPath} from '@docusaurus/router';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import {chunkTable, matchedRoutePaths, type ChunkTree, type RouteLike} from './route-chunks';
import {createIdleQueue} from './idle-queue';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => false | Promise<unknown>;
  preload: (routePath: string) => false | Promise<unknown>;
}

declare const __webpack_require__: {gca?: (chunkName: string) => string | undefined};

function slowConnection(): boolean {
  const connection = (navigator as Navigator & {connection?: {effectiveType?: string; saveData?: boolean}}).connection;
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

const whenIdle: (cb: (deadline: {timeRemaining(): number}) => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window
    ? (cb) => window.requestIdleCallback(cb, {timeout: 2000})
    : (cb) => setTimeout(() => cb({timeRemaining: () => 8}), 50);

function addPrefetchLink(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve(); // a missing file shows in the console; prefetching is best effort
    document.head.appendChild(link);
  });
}

function createIdlePrefetch(): DocusaurusGlobal['prefetch'] {
  const asked = new Set<string>();
  const files = new Set<string>();
  let table: Map<string, string[]> | undefined;
  // A page to prefetch is one step (its chunk files, from the route table), then one step per new
  // file (its <link>): inserting a link is the costly part, so the slice can end between two.
  type Step = {path: string; done: (v: unknown) => void} | {file: string; done: (v: unknown) => void};
  const enqueue = createIdleQueue<Step>({
    whenIdle,
    now: () => performance.now(),
    sliceMs: 8,
    work: (step) => {
      if ('file' in step) {
        void addPrefetchLink(step.file).then(step.done);
        return;
      }
      table ??= chunkTable(routesChunkNames as Record<string, ChunkTree>);
      const mine: string[] = [];
      for (const routePath of matchedRoutePaths(routes as RouteLike[], step.path, matchPath)) {
        for (const name of table.get(routePath) ?? []) {
          const file = __webpack_require__.gca?.(name);
          if (!file || file.includes('undefined') || files.has(file)) continue;
          files.add(file);
          mine.push(file);
        }
      }
      // The page's promise settles once each of its files has (Docusaurus's prefetch contract).
      const steps: Step[] = [];
      const settled = mine.map((file) => new Promise((done) => steps.push({file, done})));
      void Promise.all(settled).then(step.done);
      return steps;
    },
  });

  return (routePath: string) => {
    if (slowConnection() || asked.has(routePath)) return false;
    asked.add(routePath);
    return new Promise((done) => enqueue({path: routePath, done}));
  };
}

// Docusaurus assigns window.docusaurus after client modules are imported: intercept the
// assignment and swap in the idle prefetch, keeping everything else of the object.
if (ExecutionEnvironment.canUseDOM) {
  let current: DocusaurusGlobal | undefined;
  const prefetch = createIdlePrefetch();
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      current = Object.freeze({...value, prefetch});
    },
  });
}

export {};
