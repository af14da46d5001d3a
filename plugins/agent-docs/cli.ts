/**
 * Writes the Markdown twins and llms files into an existing build (what the plugin does after
 * `docusaurus build`): `npx tsx plugins/agent-docs/cli.ts [build]`.
 */
import path from 'node:path';
import {loadPortalConfig, projectRoot} from '../../portal.config';
import {writeAgentDocs} from './pages';

async function main() {
  const portalConfig = loadPortalConfig();
  const outDir = path.resolve(process.argv[2] ?? 'build');
  const r = await writeAgentDocs({
    outDir,
    siteUrl: portalConfig.siteUrl,
    baseUrl: portalConfig.baseUrl,
    apiDocsDir: path.join(projectRoot, 'docs/api'),
    processedSpec: portalConfig.processedSpec,
    title: 'Developer Portal',
    tagline: `API Documentation for ${portalConfig.brand}`,
  });
  console.log(`${r.pages.length} twins; llms.txt ${r.llmsTxt} bytes; llms-full.txt ${r.llmsFullTxt} bytes`);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
