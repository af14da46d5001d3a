/**
 * Runs inside main.js, before the app's first `preload()`. Every page-chunk script of the HTML
 * comes before main.js and is `defer`, so by now each one has either run (its chunk is installed
 * and webpack will not ask for it again) or failed. A failed one must go: webpack's loader reuses
 * a script element with the same src and would wait on it for two minutes instead of fetching
 * the chunk again (and showing the lazy-loading error if that fails too). Removing the ones that
 * ran changes nothing. See ./template.ts.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {PAGE_CHUNK_ATTRIBUTE} from './template';

if (ExecutionEnvironment.canUseDOM) {
  document.querySelectorAll(`script[${PAGE_CHUNK_ATTRIBUTE}]`).forEach((script) => script.remove());
}

export {};
