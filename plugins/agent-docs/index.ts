/**
 * Docusaurus plugin: documentation for coding agents and other tools, written after the build
 * (./pages): a Markdown twin of every page at `<route>.md`, `/llms.txt` (llmstxt.org), one-file
 * `/llms-full.txt`, and `/agent-docs.json` (pages and operations, read by the MCP server in
 * ./mcp). The downloads (YAML, Postman) are written earlier, with the API pages (./downloads).
 * Each page's `<link rel="alternate" type="text/markdown">` is added by plugins/csp in its single
 * rewrite of the HTML (./head), since postBuild hooks run in parallel. The work runs in a child
 * process (./child), in parallel with the CSP pass and the search index.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {AgentDocsOptions} from './pages';
import {writeAgentDocsInChild} from './child';

export interface AgentDocsPluginOptions {
  processedSpec: string;
  /** Older API versions (plugins/api-versions): route base, generated pages, processed document. */
  versions?: AgentDocsOptions['versions'];
}

export default function agentDocsPlugin(context: LoadContext, options: AgentDocsPluginOptions): Plugin {
  return {
    name: 'portal-agent-docs',
    async postBuild({outDir, siteConfig}) {
      const started = Date.now();
      const result = await writeAgentDocsInChild({
        outDir,
        siteUrl: siteConfig.url,
        baseUrl: siteConfig.baseUrl,
        apiDocsDir: path.join(context.siteDir, 'docs/api'),
        processedSpec: options.processedSpec,
        versions: options.versions,
        title: siteConfig.title,
        tagline: siteConfig.tagline,
      });
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(
        `[agent-docs] ${result.pages} Markdown twins, llms.txt ${kb(result.llmsTxt)}, llms-full.txt ${kb(result.llmsFullTxt)} in ${Date.now() - started} ms`,
      );
    },
  };
}
