/**
 * Docusaurus plugin: the page lists of every documented API version (./mapping.ts), written as
 * `@generated/portal-api-versions/default/pages.json` for the navbar's version switcher, which
 * imports it when first opened (no page carries it in its first load).
 */
import {existsSync, readFileSync} from 'node:fs';
import type {LoadContext, Plugin} from '@docusaurus/types';
import kebabCase from 'lodash/kebabCase';
import {documentOverviewSlug, listOperations} from '../../openapi/pipeline/checks';
import {versionPages, type VersionPages} from './mapping';

export interface ApiVersionsPluginOptions {
  /** The current version first, then the older ones: id, label, docs route base and processed document. */
  versions: {id: string; label: string; base: string; processedSpec: string}[];
}

export const PAGES_DATA = 'pages.json';

export function loadVersionPages(options: ApiVersionsPluginOptions): VersionPages[] {
  return options.versions.map(({processedSpec, ...meta}) => {
    if (!existsSync(processedSpec)) throw new Error(`plugins/api-versions: ${processedSpec} (API version "${meta.id}") does not exist: run "npm run gen:versions" (build and start run it).`);
    const doc = JSON.parse(readFileSync(processedSpec, 'utf8'));
    return versionPages(meta, doc, listOperations(doc, {webhooks: true}), documentOverviewSlug(doc), kebabCase);
  });
}

export default function apiVersionsPlugin(_context: LoadContext, options: ApiVersionsPluginOptions): Plugin<VersionPages[]> {
  return {
    name: 'portal-api-versions',
    loadContent: async () => loadVersionPages(options),
    async contentLoaded({content, actions}) {
      await actions.createData(PAGES_DATA, JSON.stringify(content));
    },
    getPathsToWatch: () => options.versions.map((v) => v.processedSpec),
  };
}
