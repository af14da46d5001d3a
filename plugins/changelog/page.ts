/**
 * The changelog page in docs/api (written by gen:api beside the operation pages): MDX with one
 * heading per release (so the table of contents lists them), the data in `changelog.changes.js`
 * (not `.data.js`: that suffix marks operation pages for plugins/agent-docs, which converts this
 * page's HTML like any other doc), and `_changelog.json` for the feed written after the build.
 */
import type {Changelog} from './client/changelog-format';
import {frontMatter} from '../api-pages/pages';
import {CHANGELOG_SLUG} from './build';

export const CHANGELOG_DATA = `${CHANGELOG_SLUG}.changes.js`;
export const CHANGELOG_JSON = '_changelog.json';

export function changelogPageMdx(changelog: Changelog, apiTitle: string): string {
  const lines = [
    frontMatter({
      id: CHANGELOG_SLUG,
      title: `${apiTitle} changelog`,
      description: `What changed in each release of the ${apiTitle}: breaking, non-breaking and documentation-only changes by operation.`,
      sidebar_label: 'Changelog',
      custom_edit_url: null,
    }),
    "import ApiChangelog, {ApiChangelogRelease} from '@site/src/components/ApiChangelog';",
    `import changelog from './${CHANGELOG_DATA}';`,
    '',
    `<ApiChangelog changelog={changelog} apiTitle={${JSON.stringify(apiTitle)}} />`,
    '',
  ];
  changelog.releases.forEach((r, i) => {
    lines.push(
      `## ${r.version.replace(/[^0-9A-Za-z.+-]/g, '')} {#${r.anchor}}`,
      '',
      `<ApiChangelogRelease release={changelog.releases[${i}]} />`,
      '',
    );
  });
  return lines.join('\n');
}

/** Emits the page, its data module and the JSON the feed is made from (into gen:api's output). */
export function writeChangelogPage(emit: (file: string, content: string) => void, changelog: Changelog, apiTitle: string): void {
  emit(CHANGELOG_DATA, `export default JSON.parse(${JSON.stringify(JSON.stringify(changelog))});\n`);
  emit(CHANGELOG_JSON, JSON.stringify({apiTitle, changelog}));
  emit(`${CHANGELOG_SLUG}.mdx`, changelogPageMdx(changelog, apiTitle));
}
