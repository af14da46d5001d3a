/**
 * The site's Content-Security-Policy, made at build time from the built pages themselves: every
 * inline script the HTML carries is allowed by its SHA-256 hash (never 'unsafe-inline'), the
 * API's servers may be reached by the request console and serve images, and nothing may frame,
 * embed objects or rebase the site. Pure functions; plugins/csp/index.ts applies them to build/.
 */
import {createHash} from 'node:crypto';

/** Script types a browser executes (a JSON-LD block or a template is data, not script). */
const EXECUTABLE = /^\s*$|^\s*(text|application)\/(x-)?(java|ecma)script\s*$|^\s*module\s*$/i;

/** A script element: its attributes and its text (the text ends at the first "</script", as in a browser). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Whether a script element with these attributes runs its inline text: no src, and an executable type (or none). */
function runsInline(attrs: string): boolean {
  if (/\ssrc\s*=/i.test(attrs)) return false;
  // One of the three value groups matched; join('') reads the undefined others as "".
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
  return EXECUTABLE.test(type ? type.slice(1).join('') : '');
}

/** The inline scripts of an HTML document (their exact text, as the browser hashes it). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT)].filter((m) => runsInline(m[1]!)).map((m) => m[2]!);
}

/**
 * The page with each executable inline script's text replaced by `transform(text)` (the same
 * scripts inlineScripts finds; src scripts and data blocks stay as they are).
 */
export function mapInlineScripts(html: string, transform: (text: string) => string): string {
  return html.replace(SCRIPT, (whole, attrs: string, text: string) => {
    if (!runsInline(attrs)) return whole;
    // The open tag's attributes hold no ">", so the first ">text<" is the script's text.
    return whole.replace(`>${text}<`, () => `>${transform(text)}<`);
  });
}

/** The CSP source expression of a script's text: 'sha256-…'. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`; // a string is hashed as its UTF-8 bytes
}

export interface PolicyInput {
  /** Hash sources of every inline script of the site. */
  scriptHashes: Iterable<string>;
  /** Origins of the API's servers (the console calls them; descriptions may show their images). */
  apiOrigins: string[];
  /** Extra image sources (PORTAL_IMG_SRC); default: self, data: and the API's origins. */
  imgSrc?: string[];
  /** Extra connect sources (PORTAL_CONNECT_SRC). */
  connectSrc?: string[];
}

// What a policy source may hold. Origins used to be pasted into the policy as text, so a server
// URL such as "https://!;script-src-elem/v1" ended connect-src and started a directive of its
// own, "https://*/v1" allowed every host, "https://a;b,c.example/v1" split the header into three
// policies and a "$" became an nginx variable. The URL parser accepts all of these hosts; the
// CSP grammar does not. So a host is kept only when every character is one a CSP host-source may
// hold: dot-separated labels of letters, digits and "-", or an IPv6 literal in brackets.
const LABELS = '[a-z0-9-]+(?:\\.[a-z0-9-]+)*';
const IPV6 = '\\[[0-9a-f:.]+\\]';
const HOST = new RegExp(`^(?:${LABELS}|${IPV6})$`); // for URL hostnames, which the URL parser lowercases

/**
 * The one function that turns a URL from a document (a server) or the configuration (the mock,
 * the proxy) into a policy source: `scheme://host[:port]` when the scheme is http or https and
 * the host is legal in a CSP host-source, else the reason it is refused (for a build warning).
 */
export function policySource(url: string): {source: string} | {refused: string} {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {refused: 'it is not an absolute URL'};
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return {refused: `its scheme "${parsed.protocol}" is not http: or https:`};
  if (!HOST.test(parsed.hostname)) {
    return {
      refused: `its host "${parsed.hostname}" holds characters a policy source may not (letters, digits, "-" and "." only, or an IPv6 address in brackets)`,
    };
  }
  return {source: `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`};
}

/**
 * A source the operator writes (PORTAL_CONNECT_SRC, PORTAL_IMG_SRC): 'self' or 'none', a scheme
 * ("https:", "data:", "blob:"), or a host-source whose host follows the same character rule as
 * policySource, with the wildcards an operator may mean ("*", "*.example.com", port "*") and a
 * plain path. Returns why it is refused, or undefined when it is fine.
 */
export function operatorSourceProblem(text: string): string | undefined {
  if (text === "'self'" || text === "'none'") return undefined;
  if (/^[a-z][a-z0-9+.-]*:$/i.test(text)) return undefined;
  const hostSource = new RegExp(
    `^(?:(?:https?|wss?)://)?(?:\\*|(?:\\*\\.)?${LABELS}|${IPV6})(?::(?:\\d{1,5}|\\*))?(?:/[a-z0-9._~%/-]*)?$`,
    'i',
  );
  if (hostSource.test(text)) return undefined;
  return `"${text}" is not a CSP source this portal accepts: 'self', 'none', a scheme such as https: or data:, or [scheme://]host[:port][/path] with a host of letters, digits, "-" and "." (a leading "*." allowed) or a bracketed IPv6 address`;
}

/**
 * The distinct origins of absolute URLs the operator configured (the console's mock server and
 * proxy), as policy sources; throws naming a URL policySource refuses.
 */
export function originsOf(urls: string[]): string[] {
  return [
    ...new Set(
      urls.map((u) => {
        const result = policySource(u);
        if ('refused' in result) throw new Error(`Content-Security-Policy: "${u}" cannot be a policy source: ${result.refused}`);
        return result.source;
      }),
    ),
  ];
}

export type Directives = [name: string, values: string[]][];

/**
 * The policy's directives. `connect-src` admits https: and loopback because the console lets a
 * reader send to a server URL of their own ("Custom URL…", a local mock): that is the console's
 * purpose, and connect-src does not let script run.
 */
export function directives(input: PolicyInput): Directives {
  const hashes = [...new Set(input.scriptHashes)].sort();
  const origins = [...new Set(input.apiOrigins)].sort();
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes]],
    // React and the theme set style attributes (transforms, sizes): inline styles stay allowed.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...(input.imgSrc ?? origins)]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...origins, 'https:', 'http://localhost:*', 'http://127.0.0.1:*', ...(input.connectSrc ?? [])]],
    // The search worker is a same-origin script; the console offers downloads as blob: URLs.
    ['worker-src', ["'self'"]],
    ['media-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

/** Directives a <meta> policy may carry (frame-ancestors, report-uri and sandbox are header-only). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** A single source expression: no whitespace, ";" or "," (which end a directive or a policy), no control character. */
const SINGLE_SOURCE = /^[^\s;,\x00-\x1f\x7f]+$/;

export function serialize(policy: Directives, {meta = false} = {}): string {
  return policy
    .filter(([name]) => !(meta && HEADER_ONLY.has(name)))
    .map(([name, values]) => {
      // The last guard: whatever reached the directives, one value can only ever be one source.
      for (const v of values)
        if (!SINGLE_SOURCE.test(v))
          throw new Error(`Content-Security-Policy: ${JSON.stringify(v)} in ${name} is not a single source expression`);
      return [name, ...values].join(' ');
    })
    .join('; ');
}

/** The headers every response of the site should carry (hosting config and our static server). */
export function securityHeaders(policy: Directives): [string, string][] {
  return [
    ['Content-Security-Policy', serialize(policy)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ];
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The document with its policy as the first element of <head> (a <meta> policy only governs
 * what comes after it). A document that already has one is returned unchanged.
 */
export function withMetaPolicy(html: string, policy: Directives): string {
  if (/<meta[^>]+http-equiv=["']?Content-Security-Policy/i.test(html)) return html;
  const tag = `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(serialize(policy, {meta: true}))}">`;
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) throw new Error('no <head> element to put the Content-Security-Policy in');
  const at = head.index + head[0].length;
  // After <meta charset>, which must stay within the first 1024 bytes.
  const charset = /^\s*<meta charset=[^>]*>/i.exec(html.slice(at));
  const insertAt = charset ? at + charset[0].length : at;
  return html.slice(0, insertAt) + tag + html.slice(insertAt);
}

/** Throws unless a header value is one line of printable text (a newline would start another header or directive). */
function oneLine(name: string, value: string, where: string): string {
  if (/[\x00-\x1f\x7f]/.test(value)) throw new Error(`${where}: the ${name} header holds a control character or line break`);
  return value;
}

/** Netlify / Cloudflare Pages `_headers`: the headers for every path. */
export function headersFile(headers: [string, string][]): string {
  return ['/*', ...headers.map(([k, v]) => `  ${k}: ${oneLine(k, v, '_headers')}`), ''].join('\n');
}

/**
 * A value as an nginx string: double-quoted, with `"` and `\` escaped. add_header interpolates
 * variables and nginx's string syntax has no dependable escape for "$", so
 * a value holding "$" is refused rather than written as a variable (the policy's sources never
 * hold one: policySource and operatorSourceProblem refuse it first).
 */
export function nginxQuote(value: string): string {
  if (value.includes('$')) throw new Error(`nginx snippet: ${JSON.stringify(value)} holds "$", which nginx would read as a variable`);
  return `"${oneLine('nginx', value, 'nginx snippet').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** An nginx snippet for a `server` or `location` block serving build/. */
export function nginxSnippet(headers: [string, string][]): string {
  return [
    '# Security headers of the Developer Portal (generated by the build: the script hashes change',
    '# with the site). Include it in the server block that serves build/: include this_file;',
    ...headers.map(([k, v]) => `add_header ${k} ${nginxQuote(v)} always;`),
    '',
  ].join('\n');
}

/** Read the `/*` block of a `_headers` file back (our static server serves what we ship). */
export function parseHeadersFile(text: string): [string, string][] {
  const out: [string, string][] = [];
  let inAll = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line)) inAll = line.trim() === '/*';
    else if (inAll) {
      const m = /^\s+([^:\s]+):\s*/.exec(line);
      if (m) out.push([m[1]!, line.slice(m[0].length)]);
    }
  }
  return out;
}
