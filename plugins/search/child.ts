/**
 * Runs the index builder (./cli.ts) in a child Node process with a small heap, from postBuild.
 *
 * By postBuild the Docusaurus process holds the bundler's and the static renderer's memory, its
 * peak. Parsing every built page in that process made its heap grow by another large amount of
 * short-lived garbage (BENCHMARKS.md, "Measurements behind the code"). A child with its own capped heap collects that
 * garbage instead of growing, and gives everything back when it exits.
 */
import path from 'node:path';
import type {ThemeConfig, WrittenIndex} from './index';
import {runJobInChild} from '../build-shared/job-child';

/** Heap cap of the child, in MB: the documents it keeps are a few MB even for 1,500 pages. */
export const CHILD_HEAP_MB = 384;

/** What the theme's page selection reads of a docs version. */
interface DocsVersion {
  path: string;
  isLast: boolean;
  docs: {permalink: string}[];
}

/** The part of Docusaurus's postBuild props the theme's page selection (processDocInfos) reads. */
export interface IndexBuildData {
  routesPaths: string[];
  outDir: string;
  baseUrl: string;
  siteConfig: {trailingSlash?: boolean};
  plugins: {name: string; content: {loadedVersions: DocsVersion[]}}[];
}

export interface IndexJob {
  buildData: IndexBuildData;
  config: ThemeConfig;
  /** The processed OpenAPI document (its operations become the index's API records). */
  apiDocument?: string;
  /**
   * API versions (plugins/api-versions): the current one's id, and for each older one its docs
   * route base ("/v1/docs"), whose pages get an index of their own, with its document's records.
   */
  apiVersions?: ApiVersionIndex;
}

export interface ApiVersionIndex {
  current: string;
  older: {id: string; routeBasePath: string; apiDocument: string}[];
}

interface PostBuildProps {
  routesPaths: string[];
  outDir: string;
  baseUrl: string;
  siteConfig: {trailingSlash?: boolean};
  plugins: {name: string; content?: unknown}[];
}

/**
 * Plain data for the child: routes and, for each docs version, its path and permalinks. The docs
 * under an older API version's route base (`olderRouteBases`, e.g. "/v1/docs") are not the
 * latest version: the theme's page selection gives them an index of their own in that folder.
 */
export function indexBuildData(props: PostBuildProps, olderRouteBases: readonly string[] = []): IndexBuildData {
  const older = (versionPath: string) =>
    olderRouteBases.some((base) => `${versionPath.replace(/\/$/, '')}/`.startsWith(`${props.baseUrl.replace(/\/$/, '')}${base}/`));
  const plugins = props.plugins
    .filter((p) => p.name === 'docusaurus-plugin-content-docs')
    .map((p) => {
      const versions = (p.content as {loadedVersions?: DocsVersion[]} | undefined)?.loadedVersions ?? [];
      return {
        name: p.name,
        content: {
          loadedVersions: versions.map((v) => ({
            path: v.path,
            isLast: v.isLast && !older(v.path),
            docs: v.docs.map((d) => ({permalink: d.permalink})),
          })),
        },
      };
    });
  return {
    routesPaths: props.routesPaths,
    outDir: props.outDir,
    baseUrl: props.baseUrl,
    siteConfig: {trailingSlash: props.siteConfig.trailingSlash},
    plugins,
  };
}

export function writeSearchIndexInChild(job: IndexJob): Promise<WrittenIndex[]> {
  return runJobInChild<WrittenIndex[]>({name: 'search index', script: path.join(__dirname, 'cli.ts'), heapMb: CHILD_HEAP_MB}, job);
}
