/**
 * Loads the browser's collation data before hydration instead of during it.
 *
 * On a narrow screen the first render after hydration mounts the theme's mobile sidebar, whose
 * props are compared with `localeCompare`; the first such call in a page makes V8 initialise ICU
 * collation, a large part of that render on the API pages (BENCHMARKS.md, "Measurements behind the code"),
 * enough to make it a long task. Running one comparison in its own task while the page's chunks
 * download moves that cost out of the render.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) {
  setTimeout(() => 'a'.localeCompare('b'), 0);
}

export {};
