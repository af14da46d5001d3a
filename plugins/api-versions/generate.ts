/**
 * npm run gen:versions — the pages of the older API versions (portal.config.ts `olderVersions`,
 * PORTAL_API_VERSIONS), after `spec` and `gen:api` have made the current version's.
 *
 * For each older version:
 * 1. its released description (openapi/releases/<semver>.json) goes through the same pipeline as
 *    the source (lint, bundle, slugs and titles) into openapi/processed/versions/<id>.json; it is
 *    one of our own releases, so it must lint clean; its server is the configured API address
 *    with the version's major (versionBaseUrl);
 * 2. its pages are generated like the current ones (plugins/api-pages) into
 *    docs-versions/<id>/api, served by a second instance of plugin-content-docs at
 *    /<id>/docs/... (docusaurus.config.ts), with its sidebar in docs-versions/<id>/sidebars.json;
 * 3. its processed document is offered for download at /<id>/openapi/openapi.json.
 *
 * Folders of versions no longer configured are removed, so a stale version never builds.
 */
import {existsSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildProcessedSpec, summaryLine} from '../../openapi/pipeline/build';
import {displayPath, SpecError} from '../../openapi/pipeline/errors';
import {loadPortalConfig, projectRoot, versionBaseUrl, type ApiVersion, type PortalConfig} from '../../portal.config';
import {generateApiPages, GenerationError} from '../api-pages/generate';
import {missingNote, targetName, versionTarget, type VersionPages} from './client/mapping';
import {loadVersionPages} from './plugin';
import type {OlderVersionNoticeProps} from './client/notice';
import {apiPageRoute} from '../../openapi/model/routes';
import {RELEASES_DIR} from '../../openapi/pipeline/release';

export const VERSIONS_DOCS_ROOT = path.join(projectRoot, 'docs-versions');
export const VERSIONS_STATIC_ROOT = (id: string): string => path.join(projectRoot, 'static', id);

/** The API base address of an older version (portal.config.ts; re-exported for the tests). */
export {versionBaseUrl};

/**
 * For each page of an older version (by page id), its older-version notice: the same page in the
 * current version, as the version switcher finds it (./mapping.ts versionTarget: same operation,
 * else its replacement, its category or the overview), and what to say when the operation is not
 * there.
 */
export function latestNotices(
  version: ApiVersion,
  current: PortalConfig['currentVersion'],
  currentSpec: string,
): (id: string) => OlderVersionNoticeProps {
  const [latest, older] = loadVersionPages({
    versions: [
      {id: current.id, label: current.label, base: current.routeBasePath, processedSpec: currentSpec},
      {id: version.id, label: version.label, base: version.routeBasePath, processedSpec: version.processedSpec},
    ],
  }) as [VersionPages, VersionPages];
  return (id) => {
    const target = versionTarget(apiPageRoute(id, older.base), older, latest);
    const note = missingNote(target, latest, true);
    return {
      version: {id: older.id, label: older.label},
      latest: latest.label,
      to: target.to,
      ...(note ? {note, opens: targetName(target)} : {}),
    };
  };
}

export interface VersionResult {
  id: string;
  pages: number;
  ms: number;
}

export async function generateVersion(version: ApiVersion, portalConfig: PortalConfig): Promise<VersionResult> {
  const started = Date.now();
  let spec;
  try {
    spec = await buildProcessedSpec({
      source: version.source,
      output: version.processedSpec,
      strict: true,
      serverUrl: versionBaseUrl(portalConfig.apiBaseUrl, version.id),
      serverDescription: `${portalConfig.brand} API ${version.id} (production)`,
    });
  } catch (error) {
    if (error instanceof SpecError) {
      throw new GenerationError(`API version "${version.id}" (${displayPath(version.source)}): ${error.message}`);
    }
    throw error;
  }
  console.log(`[gen:versions] ${version.id}: ${summaryLine(spec)}`);
  const download = path.join(VERSIONS_STATIC_ROOT(version.id), 'openapi', 'openapi.json');
  rmSync(VERSIONS_STATIC_ROOT(version.id), {recursive: true, force: true});
  const outDir = path.join(version.docsDir, 'api');
  const result = await generateApiPages({
    processedSpec: version.processedSpec,
    outDir,
    downloadCopy: download,
    site: {
      docsBasePath: version.routeBasePath,
      downloadPath: `/${version.id}/openapi/openapi.json`,
      checksPath: `${version.id}/api-checks`,
    },
    // "New in / Changed in" marks from the releases of this version's major, up to its own
    // (plugins/changelog markReleases); the changelog page is the current version's. Only our own
    // releases have a history in openapi/releases.
    ...(portalConfig.ownDocument && path.dirname(version.source) === RELEASES_DIR ? {changelog: {page: false}} : {}),
    notice: latestNotices(version, portalConfig.currentVersion, portalConfig.processedSpec),
  });
  // The version's docs instance reads this sidebar (same items as the current version's).
  writeFileSync(path.join(version.docsDir, 'sidebars.json'), `${JSON.stringify({apiSidebar: result.sidebar}, null, 2)}\n`);
  return {id: version.id, pages: result.pages, ms: Date.now() - started};
}

/** Generates every configured older version; removes the folders of versions not configured. */
export async function generateVersions(
  portalConfig: PortalConfig,
  versions: readonly ApiVersion[] = portalConfig.olderVersions,
): Promise<VersionResult[]> {
  const keep = new Set(versions.map((v) => path.basename(v.docsDir)));
  if (existsSync(VERSIONS_DOCS_ROOT)) {
    for (const entry of readdirSync(VERSIONS_DOCS_ROOT)) {
      if (!keep.has(entry)) {
        rmSync(path.join(VERSIONS_DOCS_ROOT, entry), {recursive: true, force: true});
        rmSync(VERSIONS_STATIC_ROOT(entry), {recursive: true, force: true});
      }
    }
  }
  mkdirSync(VERSIONS_DOCS_ROOT, {recursive: true});
  const results: VersionResult[] = [];
  for (const version of versions) results.push(await generateVersion(version, portalConfig));
  return results;
}

async function main(): Promise<void> {
  try {
    const portalConfig = loadPortalConfig();
    const results = await generateVersions(portalConfig);
    const current = portalConfig.currentVersion.id;
    if (!results.length) console.log(`[gen:versions] one API version (${current}); older versions: none`);
    for (const r of results) console.log(`[gen:versions] ${r.id}: ${r.pages} operation pages under /${r.id}/docs in ${r.ms} ms`);
  } catch (error) {
    console.error(`[gen:versions] ${error instanceof GenerationError ? error.message : ((error as Error)?.stack ?? String(error))}`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
