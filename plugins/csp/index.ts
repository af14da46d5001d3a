/**
 * Docusaurus plugin: after the build, every HTML page gets the site's Content-Security-Policy as
 * a <meta> tag (its own inline scripts allowed by hash), and build/ gets the policy (every inline
 * script of the site) with the other security headers as hosting config: `_headers` (Netlify,
 * Cloudflare Pages) and `security-headers.nginx.conf`. tools/serve/static-server.ts sends what
 * `_headers` says.
 */
import {jsonMember} from '../../openapi/model/json-member';
import {runJobInChild} from '../build-shared/job-child';
import {existsSync, readFileSync} from 'node:fs';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {twinPathOfFile, withMarkdownAlternate} from '../agent-docs/head';
import {InlineScriptMinifier} from './minify-scripts';
import {
  directives,
  headersFile,
  inlineScripts,
  mapInlineScripts,
  nginxSnippet,
  originsOf,
  policySource,
  scriptHash,
  securityHeaders,
  withMetaPolicy,
} from './policy';
import {mapLimited} from '../build-shared/map-limited';

export interface CspOptions {
  /** The processed OpenAPI document: its servers' origins may be called and serve images. */
  processedSpec: string;
  /** The processed documents of older API versions (plugins/api-versions): their servers too. */
  versionSpecs?: string[];
  /** Image sources instead of the default (self, data: and the API's origins). */
  imgSrc?: string[];
  /** Extra connect sources. */
  connectSrc?: string[];
  /** The mock server and the CORS proxy the console calls (PORTAL_MOCK_URL, PORTAL_PROXY_URL): their origins join connect-src. */
  consoleUrls?: string[];
}

/**
 * Policy sources for a document's `servers` (relative ones are the site's own origin, templated
 * hosts cannot be guessed): each absolute URL goes through policySource; one it refuses is left
 * out of the policy and reported to `warn`, naming the file, the server's JSON pointer and why.
 */
export function serverOrigins(processedSpec: string, warn: (message: string) => void = () => undefined): string[] {
  if (!existsSync(processedSpec)) return [];
  // Only `servers` is read (openapi/model/json-member.ts): the whole document of a large API is
  // hundreds of MB of heap in the Docusaurus process, at its peak (postBuild).
  const servers = jsonMember(readFileSync(processedSpec, 'utf8'), ['servers']);
  const origins = new Set<string>();
  (Array.isArray(servers) ? (servers as {url?: unknown}[]) : []).forEach((s, i) => {
    if (typeof s?.url !== 'string' || s.url.includes('{')) return;
    if (!/^[a-z][a-z0-9+.-]*:/i.test(s.url)) return; // relative: same origin as the site
    const result = policySource(s.url);
    if ('source' in result) origins.add(result.source);
    else
      warn(
        `${path.relative(process.cwd(), processedSpec) || processedSpec}#/servers/${i}/url: the server ${JSON.stringify(s.url)} is left out of the Content-Security-Policy (connect-src, img-src): ${result.refused}. The request console cannot call it from the built site.`,
      );
  });
  return [...origins];
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, {withFileTypes: true})) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await htmlFiles(p)));
    else if (entry.name.endsWith('.html')) out.push(p);
  }
  return out;
}

/** Replace a file in one step, so that a reader (the search index builder) never sees half of it. */
async function replaceFile(file: string, text: string): Promise<void> {
  const tmp = `${file}.csp-${process.pid}.tmp`;
  await fs.writeFile(tmp, text);
  await fs.rename(tmp, file);
}

/** What writeSecurityPolicy did, for the build log. */
export interface PolicySummary {
  pages: number;
  /** Distinct inline scripts, each minified once. */
  scripts: number;
  /** Bytes saved by minifying the distinct scripts. */
  saved: number;
  /** Servers of the documents left out of the policy, one sentence each (printed as build warnings). */
  refused: string[];
  /** Hashes in the hosting files' policy: every inline script of the site. */
  hashes: number;
}

/**
 * One pass over the built pages: each page is read once, its inline scripts minified (each
 * distinct script once for the whole site) and hashed, and the page rewritten with the minified
 * scripts, the link to its Markdown twin (plugins/agent-docs/head.ts) and a <meta> policy naming
 * the hashes of its own inline scripts. That is all a page needs: a <meta> policy governs the
 * document it was loaded in, and client-side navigation renders the next route with the bundle's
 * scripts, never another page's inline ones (Docusaurus's base-URL banner script, on the home
 * page only, is rendered on the server only). The hosting files (`_headers`, the nginx snippet)
 * apply one policy to every response, so theirs names the union, written after the pass.
 */
export async function writeSecurityPolicy(outDir: string, baseUrl: string, options: CspOptions): Promise<PolicySummary> {
  const files = await htmlFiles(outDir);
  const refused: string[] = [];
  const input = {
    apiOrigins: [
      ...new Set([options.processedSpec, ...(options.versionSpecs ?? [])].flatMap((spec) => serverOrigins(spec, (m) => refused.push(m)))),
    ],
    imgSrc: options.imgSrc,
    connectSrc: [...(options.connectSrc ?? []), ...originsOf(options.consoleUrls ?? [])],
  };
  const minifier = new InlineScriptMinifier();
  const siteHashes = new Set<string>();
  await mapLimited(files, 32, async (file) => {
    const original = await fs.readFile(file, 'utf8');
    const own = new Set<string>();
    for (const text of inlineScripts(original)) own.add(scriptHash(await minifier.minify(text)));
    for (const hash of own) siteHashes.add(hash);
    let html = mapInlineScripts(original, (text) => minifier.minified(text));
    html = withMarkdownAlternate(html, twinPathOfFile(outDir, file, baseUrl));
    await replaceFile(file, withMetaPolicy(html, directives({...input, scriptHashes: own})));
  });
  const headers = securityHeaders(directives({...input, scriptHashes: siteHashes}));
  await fs.writeFile(path.join(outDir, '_headers'), headersFile(headers));
  await fs.writeFile(path.join(outDir, 'security-headers.nginx.conf'), nginxSnippet(headers));
  return {pages: files.length, scripts: minifier.size, saved: minifier.saved, hashes: siteHashes.size, refused};
}

/** What the child process (./child-cli.ts) is given. */
export interface CspJob {
  outDir: string;
  baseUrl: string;
  options: CspOptions;
}

/** Heap cap of the child, in MB: it holds at most 32 pages at a time and the distinct inline scripts. */
export const CHILD_HEAP_MB = 512;

export default function cspPlugin(_context: LoadContext, options: CspOptions): Plugin {
  return {
    name: 'portal-csp',
    async postBuild({outDir, siteConfig}) {
      // In a child process (./child-cli.ts), beside the search index's and the Markdown twins'.
      const job: CspJob = {outDir, baseUrl: siteConfig.baseUrl, options};
      const summary = await runJobInChild<PolicySummary>(
        {name: 'CSP and script minification', script: path.join(__dirname, 'child-cli.ts'), heapMb: CHILD_HEAP_MB},
        job,
      );
      for (const warning of summary.refused) console.warn(`[csp] warning: ${warning}`);
      console.log(
        `[csp] ${summary.pages} pages (${summary.scripts} distinct inline scripts, minified once each: ${summary.saved} bytes smaller): Content-Security-Policy with ${summary.hashes} inline script hash(es); _headers and security-headers.nginx.conf written`,
      );
    },
  };
}
