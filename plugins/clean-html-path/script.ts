/**
 * The one inline script of the site (docusaurus.config.ts puts it in every page's <head>, before
 * the app's deferred scripts): product spec §2, "paths ending in index.html or .html are
 * normalised to the clean path", also on a plain static host that serves files as they are.
 *
 * Docusaurus 3.7's client does not do this reliably (facebook/docusaurus#9552, #9871, #10053): it
 * preloads the route of the raw path ("/blog/welcome/index.html" matches no route), hydrates
 * against the wrong tree and ends up with the page rendered twice, or with the not-found page
 * and the real page one under the other. Normalising the address before the app starts avoids it:
 * - "/x/index.html": a static host served x/index.html, the page of "/x" itself, so the address
 *   is only rewritten (history.replaceState): the router, the preload and hydration then all see
 *   "/x" and the server HTML matches what React renders.
 * - "/x.html": the build has no such file (pages are x/index.html), so the host answered with
 *   something else, typically 404.html; hydrating that as "/x" would mismatch. The document is
 *   dropped before its body is parsed (window.stop) and "/x" is loaded instead (location.replace),
 *   so the not-found page is never shown.
 * Query and hash are kept. Paths outside the site's base URL are left alone.
 *
 * CSP: the script is a constant for a given base URL; the CSP pass (plugins/csp) allows it by the
 * hash of its text, as it does every inline script of the built pages, and `cleanHtmlPathHash`
 * gives that 'sha256-…' source expression to an operator writing a policy by hand
 * (hosting/README.md).
 */
import {scriptHash} from '../csp/policy';

/**
 * The script's source for a site served under `baseUrl` (which starts and ends with "/").
 *
 * Every address it moves to is on the page's own origin BY CONSTRUCTION, whatever the host did
 * with the path: a plain host that answers "//evil.example/x.html" (or "/.//evil.example/x.html",
 * "/\evil.example/x.html", "/..//evil.example/x.html": the browser's pathname is
 * "//evil.example/x.html" for all of them) with its 404 page must not send the reader to
 * "//evil.example/x", a protocol-relative address of another host. So the clean path's leading
 * slashes and backslashes are collapsed to one "/", the target is parsed against the page's own
 * origin, and the script does nothing unless the result has exactly that origin.
 */
export function cleanHtmlPathScript(baseUrl: string): string {
  // Kept short and ES5 apart from URL: it runs before anything else, in every browser the site supports.
  return (
    `(function(b){var l=location,p=l.pathname,i=/\\/index\\.html$/.test(p),c,u;if(p.indexOf(b)!==0)return;` +
    `if(i){c=p.slice(0,-10);if(c!==b)c=c.slice(0,-1)}` +
    `else if(/\\.html$/.test(p)&&p.length>b.length+5)c=p.slice(0,-5);else return;` +
    `u=new URL("/"+c.replace(/^[\\/\\\\]+/,"")+l.search+l.hash,l.origin);if(u.origin!==l.origin)return;` +
    `if(i)history.replaceState(history.state,"",u.href);else{window.stop();l.replace(u.href)}` +
    `})(${JSON.stringify(baseUrl)})`
  );
}

/** The CSP source expression ('sha256-…') allowing the inline script for `baseUrl`. */
export function cleanHtmlPathHash(baseUrl: string): string {
  return scriptHash(cleanHtmlPathScript(baseUrl));
}
