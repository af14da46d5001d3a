/**
 * npm run gen:api — processed OpenAPI JSON -> API pages.
 *
 * 1. Clears docs/api (everything in it is generated).
 * 2. Plans the pages (./pages.ts: slugs, titles, order, sidebar; the rules of
 *    docusaurus-plugin-openapi-docs, without its dereferencing of the whole document) and writes
 *    each operation's MDX and data module (./page-data.ts), the overview and docs/api/sidebar.ts.
 * 3. Checks the result: distinct, non-empty slugs; one page and one data module per operation.
 * 4. Copies the processed document to static/openapi/openapi.json for the download link.
 */
import {copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {portalConfig, projectRoot} from '../../portal.config';
import {API_DOCS_DIR, dataModuleName, getBuilder, infoPageMdx, operationPageMdx, SPEC_DOWNLOAD_PATH, writeData, writeSchemaModules} from './markdown';
import {planPages, sidebarSource, type PagePlan} from './pages';

function fail(message: string): never {
  console.error(`[gen:api] ${message}`);
  process.exit(1);
}

/** The pages the document gives: each operation's page id and where it comes from, and the overview's id. */
export function expectedPages(plan: PagePlan = planPages(getBuilder().doc, getBuilder().webhookList())): {operations: {id: string; where: string}[]; infoId: string} {
  const operations = plan.operations.map((op) => ({id: op.id, where: op.webhook ? `webhook ${op.webhook.event}` : `${op.method.toUpperCase()} ${op.path}`}));
  return {operations, infoId: plan.info?.id ?? ''};
}

function main(): void {
  const started = Date.now();
  if (!existsSync(portalConfig.processedSpec)) fail(`${portalConfig.processedSpec} does not exist: run "npm run spec" first.`);
  rmSync(API_DOCS_DIR, {recursive: true, force: true});
  mkdirSync(API_DOCS_DIR, {recursive: true});

  const builder = getBuilder();
  const plan = planPages(builder.doc, builder.webhookList());
  const {operations, infoId} = expectedPages(plan);
  const seen = new Map<string, string>();
  for (const {id, where} of operations) {
    if (!id) fail(`${where} has neither an operationId nor a summary that gives a page slug.`);
    if (seen.has(id)) fail(`${where} and ${seen.get(id)} both produce the page slug "${id}"; give them distinct operationIds (or summaries).`);
    if (id === infoId) fail(`${where} produces the page slug "${id}" of the overview page; give it another operationId (or summary).`);
    seen.set(id, where);
  }

  let lazyPages = 0;
  for (const page of plan.operations) {
    try {
      const data = page.webhook ? builder.webhook(page.webhook.event, page.webhook.method) : builder.operation(page.method, page.path);
      if (data.lazySchemas) lazyPages++;
      writeData(page.id, data);
    } catch (error) {
      const message = (error as Error).message;
      fail(`${portalConfig.processedSpec}${message.startsWith('#') ? '' : ': '}${message}`);
    }
    writeFileSync(path.join(API_DOCS_DIR, `${page.id}.api.mdx`), operationPageMdx(page));
  }
  // Pages that do not carry their whole schema closure load the rest from shared modules.
  const shared = lazyPages ? writeSchemaModules(builder) : 0;
  if (plan.info) writeFileSync(path.join(API_DOCS_DIR, `${plan.info.id}.info.mdx`), infoPageMdx(plan.info, builder.doc));
  writeFileSync(path.join(API_DOCS_DIR, 'sidebar.ts'), sidebarSource(plan.sidebar));

  const files = new Set(readdirSync(API_DOCS_DIR));
  const missing = operations.filter(({id}) => !files.has(`${id}.api.mdx`) || !files.has(dataModuleName(id))).map(({id, where}) => `${where} -> docs/api/${id}.api.mdx`);
  if (!plan.info || !files.has(`${infoId}.info.mdx`)) missing.push(`overview -> docs/api/${infoId}.info.mdx`);
  if (missing.length) fail(`pages missing after generation:\n  ${missing.join('\n  ')}`);

  const download = path.join(projectRoot, 'static', SPEC_DOWNLOAD_PATH);
  mkdirSync(path.dirname(download), {recursive: true});
  copyFileSync(portalConfig.processedSpec, download);
  const lazy = lazyPages ? ` (${lazyPages} load schemas on demand from ${shared} shared schema modules)` : '';
  console.log(`[gen:api] ${operations.length} operation pages${lazy} + overview "${infoId}" in ${Date.now() - started} ms`);
}

if (require.main === module) main();
