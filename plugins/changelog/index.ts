/**
 * Docusaurus plugin: the changelog's RSS feed, written after the build next to the page
 * (`/docs/api/changelog/rss.xml`) from the data gen:api wrote (docs/api/_changelog.json; see
 * ./page.ts). Without a changelog (a foreign document, no releases) it writes nothing.
 */
import {existsSync, promises as fs} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Changelog} from './client/changelog-format';
import {feedXml} from './build';
import {CHANGELOG_JSON} from './page';

export default function changelogPlugin(context: LoadContext): Plugin {
  return {
    name: 'portal-changelog',
    async postBuild({outDir, siteConfig}) {
      const source = path.join(context.siteDir, 'docs/api', CHANGELOG_JSON);
      if (!existsSync(source)) return;
      const {apiTitle, changelog} = JSON.parse(await fs.readFile(source, 'utf8')) as {apiTitle: string; changelog: Changelog};
      const target = path.join(outDir, changelog.feed.replace(/^\//, ''));
      await fs.mkdir(path.dirname(target), {recursive: true});
      await fs.writeFile(target, feedXml(changelog, {url: siteConfig.url, baseUrl: siteConfig.baseUrl, apiTitle}));
      console.log(`[changelog] ${changelog.feed}: ${changelog.releases.length} releases`);
    },
  };
}
