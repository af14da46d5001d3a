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
import {directives, headersFile, inlineScripts, nginxSnippet, scriptHash, securityHeaders, withMetaPolicy} from './policy';

export interface CspOptions {
  /** The processed OpenAPI document: its servers' origins may be called and serve images. */
  processedSpec: string;
  /** The processed documents of older API versions (plugins/api-versions): their servers too. */
  versionSpecs?: string[];
  /** Image sources instead of the default (self, data: and the API's origins). */
  imgSrc?: string[];
  /** Extra connect sources. */
  connectSrc?: string[];
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
      const pages = await Promise.all(files.map(async (file) => ({file, html: await fs.readFile(file, 'utf8')})));
      const hashes = new Set(pages.flatMap((p) => inlineScripts(p.html).map(scriptHash)));
      const policy = directives({
        scriptHashes: hashes,
        apiOrigins: [...new Set([options.processedSpec, ...(options.versionSpecs ?? [])].flatMap(serverOrigins))],
        imgSrc: options.imgSrc,
        connectSrc: options.connectSrc,
      });
      // The same pass links each page to its Markdown twin (plugins/agent-docs/head.ts).
      for (const page of pages) {
        const html = withMarkdownAlternate(page.html, twinPathOfFile(outDir, page.file, siteConfig.baseUrl));
        await replaceFile(page.file, withMetaPolicy(html, policy));
      }
      const headers = securityHeaders(policy);
      await fs.writeFile(path.join(outDir, '_headers'), headersFile(headers));
      await fs.writeFile(path.join(outDir, 'security-headers.nginx.conf'), nginxSnippet(headers));
      console.log(`[csp] ${pages.length} pages: Content-Security-Policy with ${hashes.size} inline script hash(es); _headers and security-headers.nginx.conf written`);
    },
  };
}
