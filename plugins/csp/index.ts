/**
 * Docusaurus plugin: after the build, every HTML page gets the site's Content-Security-Policy as
 * a <meta> tag (inline scripts allowed by hash), and build/ gets the same policy with the other
 * security headers as hosting config: `_headers` (Netlify, Cloudflare Pages) and
 * `security-headers.nginx.conf`. tools/serve/static-server.ts sends what `_headers` says.
 */
import {existsSync, readFileSync} from 'node:fs';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {twinPathOfFile, withMarkdownAlternate} from '../agent-docs/head';
import {InlineScriptMinifier} from './minify-scripts';
import {directives, headersFile, inlineScripts, mapInlineScripts, nginxSnippet, originsOf, scriptHash, securityHeaders, withMetaPolicy} from './policy';
import {mapLimited} from '../search-index/map-limited';

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

/** Absolute origins of a document's `servers` (relative ones are the site's own origin). */
export function serverOrigins(processedSpec: string): string[] {
  if (!existsSync(processedSpec)) return [];
  const doc = JSON.parse(readFileSync(processedSpec, 'utf8')) as {servers?: {url?: unknown}[]};
  const origins = new Set<string>();
  for (const s of doc.servers ?? []) {
    if (typeof s?.url !== 'string') continue;
    try {
      const url = new URL(s.url.replace(/\{[^}]*\}/g, 'x')); // templated hosts: the policy can't guess them
      if (/^https?:$/.test(url.protocol) && !s.url.includes('{')) origins.add(url.origin);
    } catch {
      // A relative server URL: same origin as the site.
    }
  }
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

export default function cspPlugin(_context: LoadContext, options: CspOptions): Plugin {
  return {
    name: 'portal-csp',
    async postBuild({outDir, siteConfig}) {
      const files = await htmlFiles(outDir);
      // Pass 1: each page's inline scripts, minified (each distinct one once) and hashed. Pages
      // are read twice rather than held: a 1,500-page reference is ~250 MB of HTML.
      const minifier = new InlineScriptMinifier();
      const hashes = new Set<string>();
      await mapLimited(files, 32, async (file) => {
        for (const text of inlineScripts(await fs.readFile(file, 'utf8'))) hashes.add(scriptHash(await minifier.minify(text)));
      });
      const policy = directives({
        scriptHashes: hashes,
        apiOrigins: [...new Set([options.processedSpec, ...(options.versionSpecs ?? [])].flatMap(serverOrigins))],
        imgSrc: options.imgSrc,
        connectSrc: [...(options.connectSrc ?? []), ...originsOf(options.consoleUrls ?? [])],
      });
      // Pass 2: the minified scripts, the policy, and (plugins/agent-docs/head.ts) the link to
      // each page's Markdown twin.
      await mapLimited(files, 32, async (file) => {
        let html = mapInlineScripts(await fs.readFile(file, 'utf8'), (text) => minifier.minified(text));
        html = withMarkdownAlternate(html, twinPathOfFile(outDir, file, siteConfig.baseUrl));
        await replaceFile(file, withMetaPolicy(html, policy));
      });
      const headers = securityHeaders(policy);
      await fs.writeFile(path.join(outDir, '_headers'), headersFile(headers));
      await fs.writeFile(path.join(outDir, 'security-headers.nginx.conf'), nginxSnippet(headers));
      console.log(`[csp] ${files.length} pages (${minifier.size} distinct inline scripts, minified once each: ${minifier.saved} bytes smaller): Content-Security-Policy with ${hashes.size} inline script hash(es); _headers and security-headers.nginx.conf written`);
    },
  };
}
