/**
 * `<link rel="alternate" type="text/markdown" href="….md">` in a built page's <head>, pointing at
 * its Markdown twin (./pages writes one for every page but these). Applied by plugins/csp in its
 * one rewrite of every page: Docusaurus runs postBuild hooks in parallel, so two plugins rewriting
 * the same files would lose each other's changes.
 */
import path from 'node:path';
import {markdownPathOf, routeOfFile} from './pages';

const NO_TWIN = new Set(['/404', '/search']);

/** The twin's site path for a built HTML file, or undefined when the page has none. */
export function twinPathOfFile(outDir: string, file: string, baseUrl: string): string | undefined {
  const route = routeOfFile(outDir, file, baseUrl);
  if (NO_TWIN.has(route.slice(baseUrl.length - 1))) return undefined;
  if (path.relative(outDir, file).split(path.sep)[0] === 'assets') return undefined;
  return markdownPathOf(route, baseUrl);
}

export function withMarkdownAlternate(html: string, href: string | undefined): string {
  if (!href || html.includes('type="text/markdown"')) return html;
  const tag = `<link rel="alternate" type="text/markdown" href="${href.replace(/"/g, '&quot;')}">`;
  return html.replace(/<\/head>/i, `${tag}</head>`);
}
