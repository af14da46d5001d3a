/**
 * npm run gen:api — processed OpenAPI JSON -> API pages.
 *
 * 1. Clears docs/api (everything in it is generated).
 * 2. Runs docusaurus-plugin-openapi-docs (`docusaurus gen-api-docs api`) with our lean markdown
 *    generators (plugins/api-pages/markdown.ts).
 * 3. Checks the result: one page and one data module per operation, the overview and the
 *    sidebar. The plugin logs some failures and carries on; here any gap stops the build.
 * 4. Before all that: the downloads in static/openapi/ (the processed JSON, YAML and a Postman
 *    collection, plugins/agent-docs/downloads.ts), which the overview page links.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {listOperations, overviewSlug} from '../../openapi/pipeline/checks';
import {portalConfig, projectRoot} from '../../portal.config';
import {writeDownloads} from '../agent-docs/downloads';
import {API_DOCS_DIR, dataModuleName, getBuilder, SPEC_DOWNLOAD_PATH} from './markdown';

function fail(message: string): never {
  console.error(`[gen:api] ${message}`);
  process.exit(1);
}

export function expectedPages(): {operations: {id: string; where: string}[]; infoId: string} {
  const {doc} = getBuilder();
  // Page ids as the plugin makes them (see openapi/pipeline/checks.ts: operationSlug, overviewSlug).
  const operations = listOperations(doc).map((op) => ({id: op.slug ?? '', where: `${op.method.toUpperCase()} ${op.path}`}));
  return {operations, infoId: overviewSlug(doc.info.title)};
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!existsSync(portalConfig.processedSpec)) fail(`${portalConfig.processedSpec} does not exist: run "npm run spec" first.`);
  // The downloads first (JSON, YAML, Postman collection): the overview page links those that exist.
  const download = path.join(projectRoot, 'static', SPEC_DOWNLOAD_PATH);
  rmSync(path.dirname(download), {recursive: true, force: true});
  mkdirSync(path.dirname(download), {recursive: true});
  copyFileSync(portalConfig.processedSpec, download);
  const downloads = await writeDownloads(portalConfig.processedSpec, path.dirname(download));
  const postman = downloads.postman.ok ? `Postman collection (${downloads.postman.requests} requests, ${downloads.postman.ms} ms)` : 'no Postman collection';
  console.log(`[gen:api] downloads: JSON${downloads.yaml ? ', YAML' : ''}, ${postman}`);

  rmSync(API_DOCS_DIR, {recursive: true, force: true});
  mkdirSync(API_DOCS_DIR, {recursive: true});

  const bin = path.join(projectRoot, 'node_modules/.bin/docusaurus');
  const run = spawnSync(bin, ['gen-api-docs', 'api'], {cwd: projectRoot, encoding: 'utf8', env: process.env});
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const problems = output.split('\n').filter((l) => /Failed|Error|WARNING|error/i.test(l) && !/Successfully/.test(l));
  if (run.status !== 0 || problems.length) {
    fail(`docusaurus gen-api-docs api failed (exit ${run.status}):\n${problems.join('\n') || output}`);
  }

  const {operations, infoId} = expectedPages();
  const files = new Set(readdirSync(API_DOCS_DIR));
  const seen = new Map<string, string>();
  const missing: string[] = [];
  for (const {id, where} of operations) {
    if (seen.has(id)) fail(`${where} and ${seen.get(id)} both produce the page slug "${id}"; give them distinct operationIds (or summaries).`);
    seen.set(id, where);
    if (!files.has(`${id}.api.mdx`) || !files.has(dataModuleName(id))) missing.push(`${where} -> docs/api/${id}.api.mdx`);
  }
  if (!files.has(`${infoId}.info.mdx`)) missing.push(`overview -> docs/api/${infoId}.info.mdx`);
  if (!files.has('sidebar.ts')) missing.push('sidebar -> docs/api/sidebar.ts');
  if (missing.length) fail(`pages missing after generation:\n  ${missing.join('\n  ')}`);

  console.log(`[gen:api] ${operations.length} operation pages + overview "${infoId}" in ${Date.now() - started} ms`);
}

if (require.main === module) {
  main().catch((error: unknown) => fail((error as Error).message));
}
