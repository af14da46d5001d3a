/**
 * The changelog of our API description, from openapi/releases (gen:api calls it for our own
 * document): each release diffed against the one before it (./diff.ts), newest first, entries
 * linked to the current pages; the "New in / Changed in" marks of the operation pages; the feed.
 *
 * Diffing two releases takes about a second, so results are cached in .tmp/changelog-cache, keyed
 * by the two files' contents and this folder's code (a rebuild after an unrelated edit costs
 * nothing; the watch mode of `npm start` regenerates pages often).
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {listOperations} from '../../openapi/model/operations';
import {compareSemver, listReleases, loadRelease, parseSemver, RELEASES_DIR} from '../../openapi/pipeline/release';
import type {Changelog, ReleaseChanges, ReleaseMark} from './client/changelog-format';
import {diffDocuments} from './diff';
import {apiPageRoute} from '../../openapi/model/routes';
import type {OpenApiDocument} from '../../openapi/model/document';

/** The page's slug under /docs/api (an operation with this slug would clash: gen:api refuses it). */
export const CHANGELOG_SLUG = 'changelog';
export const CHANGELOG_ROUTE = apiPageRoute(CHANGELOG_SLUG);
export const FEED_FILE = 'rss.xml';
/** Operation pages show marks for changes in this many most recent releases (of their major: markReleases). */
export const RECENT_RELEASES = 2;

const CACHE_DIR = path.resolve(__dirname, '../../.tmp/changelog-cache');

let codeHash: string | undefined;
/** Folders whose sources compute a diff: this plugin's, and the OpenAPI model diff.ts reads documents with. */
const DIFF_CODE_DIRS = [__dirname, path.resolve(__dirname, '../../openapi/model')];

/** The source files whose content keys the cache (tests left out). */
export function diffCodeFiles(): string[] {
  return DIFF_CODE_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
      .sort()
      .map((n) => path.join(dir, n)),
  );
}

/** Hash of the code that computes a diff (diffCodeFiles), part of every cache key. */
function diffCodeHash(): string {
  if (!codeHash) {
    const h = createHash('sha1');
    for (const file of diffCodeFiles()) h.update(readFileSync(file));
    // The library's version (its package.json is not exported: found beside its entry point).
    h.update(readFileSync(path.join(path.dirname(require.resolve('api-smart-diff')), '..', 'package.json')));
    codeHash = h.digest('hex').slice(0, 16);
  }
  return codeHash;
}

/** Page addresses of the current document's operations by "method path". */
export function operationPages(doc: OpenApiDocument): Map<string, string> {
  return new Map(
    listOperations(doc)
      .filter((o) => o.slug)
      .map((o) => [`${o.method} ${o.path}`, apiPageRoute(o.slug!)]),
  );
}

/** Where the guides are (docs/guides): a migration guide is `migrating-v<old major>-to-v<new major>.md(x)` there. */
export const GUIDES_DIR = path.resolve(__dirname, '../../docs/guides');
/** The route of the guides folder (the docs plugin serves docs/ under /docs). */
const GUIDES_ROUTE = '/docs/guides';

/**
 * The migration guide from one major version to the next, when docs/guides has it: its route,
 * for the changelog to link where the release of the new major lists its breaking changes.
 */
export function migrationGuideRoute(from: number, to: number, guidesDir: string = GUIDES_DIR): string | undefined {
  const name = `migrating-v${from}-to-v${to}`;
  return ['.mdx', '.md'].some((ext) => existsSync(path.join(guidesDir, `${name}${ext}`))) ? `${GUIDES_ROUTE}/${name}` : undefined;
}

export interface ChangelogOptions {
  /** The current processed document (decorated: slugs), for links to the pages. */
  current: OpenApiDocument;
  releasesDir?: string;
  /** Where migration guides are looked for (default: docs/guides). */
  guidesDir?: string;
  /** false: no cache (tests). */
  cache?: boolean;
}

export interface ChangelogResult {
  changelog: Changelog;
  /** Marks of the current operation pages by slug. */
  marks: Map<string, ReleaseMark>;
}

function cachedDiff(beforeFile: string, afterFile: string, compute: () => ReleaseChanges, useCache: boolean): ReleaseChanges {
  if (!useCache) return compute();
  const key = createHash('sha1')
    .update(readFileSync(beforeFile))
    .update('\0')
    .update(readFileSync(afterFile))
    .update(diffCodeHash())
    .digest('hex');
  const file = path.join(CACHE_DIR, `${key}.json`);
  if (existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as ReleaseChanges;
    } catch {
      // A damaged cache entry is recomputed.
    }
  }
  const result = compute();
  mkdirSync(CACHE_DIR, {recursive: true});
  writeFileSync(file, JSON.stringify(result));
  return result;
}

/** The changelog of every release in `releasesDir` (newest first) and the operation pages' marks. */
export function buildChangelog(options: ChangelogOptions): ChangelogResult {
  const releases = listReleases(options.releasesDir ?? RELEASES_DIR);
  const pages = operationPages(options.current);
  const out: ReleaseChanges[] = [];
  releases.forEach((release, i) => {
    const after = loadRelease(release);
    if (i === 0) {
      const operations = listOperations(after).length;
      const date = after.info?.['x-release-date'];
      out.push({
        version: release.version,
        ...(typeof date === 'string' ? {date} : {}),
        anchor: `v${release.version.replace(/[^0-9A-Za-z]+/g, '-')}`,
        counts: {breaking: 0, 'non-breaking': 0, documentation: 0, deprecations: 0},
        operations: [],
        general: [{kind: 'non-breaking', text: `First release: ${operations} operations.`, pointer: '#', library: 'none'}],
      });
      return;
    }
    const prev = releases[i - 1]!;
    const changes = cachedDiff(
      prev.file,
      release.file,
      () => diffDocuments(loadRelease(prev), after, release.version, prev.version),
      options.cache !== false,
    );
    // Links follow the current document (an operation removed since has none).
    for (const op of changes.operations) {
      const href = pages.get(`${op.method} ${op.path}`);
      if (href) op.href = href;
      else delete op.href;
    }
    // The first release of a new major links the guide for moving to it (after the cache: the guide is not part of the diff).
    const [major, previousMajor] = [parseSemver(release.version)?.major, parseSemver(prev.version)?.major];
    const guide =
      major !== undefined && previousMajor !== undefined && major > previousMajor
        ? migrationGuideRoute(previousMajor, major, options.guidesDir)
        : undefined;
    if (guide) changes.migrationGuide = {href: guide, title: `Migrating from v${previousMajor} to v${major}`};
    else delete changes.migrationGuide;
    out.push(changes);
  });
  out.reverse();

  const marks = new Map<string, ReleaseMark>();
  const slugs = new Map(listOperations(options.current).map((o) => [`${o.method} ${o.path}`, o.slug ?? '']));
  for (const release of markReleases(out, options.current?.info?.version)) {
    if (!release.previous) continue; // the first release adds everything: no marks
    for (const op of release.operations) {
      const slug = slugs.get(`${op.method} ${op.path}`);
      if (!slug || marks.has(slug) || op.status === 'removed') continue;
      if (!op.changes.some((c) => c.kind !== 'documentation')) continue;
      marks.set(slug, {
        kind: op.status === 'added' ? 'new' : 'changed',
        version: release.version,
        href: `${CHANGELOG_ROUTE}#${release.anchor}`,
      });
    }
  }
  return {changelog: {releases: out, route: CHANGELOG_ROUTE, feed: `${CHANGELOG_ROUTE}/${FEED_FILE}`}, marks};
}

/**
 * The releases whose changes mark a version's operation pages: the most recent RECENT_RELEASES of
 * the releases of that version's major, up to its own (`releases` newest first). A v2 page says
 * "Changed in v2.0.0" (what changed from v1), never "Changed in v1.1.0", a change of another
 * major; a v1 page built from 1.1.0 is marked by 1.1.0's changes. A version without a semver
 * `info.version`, or whose major has no release yet, gets no marks.
 */
export function markReleases<R extends {version: string}>(releases: readonly R[], version: unknown): R[] {
  const own = typeof version === 'string' ? parseSemver(version) : undefined;
  if (!own) return [];
  return releases
    .filter((r) => parseSemver(r.version)?.major === own.major && compareSemver(r.version, own) <= 0)
    .slice(0, RECENT_RELEASES);
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const plain = (s: string) => s.replace(/`([^`]*)`/g, '$1');
const html = (s: string) => xml(s).replace(/`([^`]*)`/g, '<code>$1</code>');

/** RFC 822 date of a YYYY-MM-DD day (noon UTC). */
function rfc822(day: string): string {
  return new Date(`${day}T12:00:00Z`).toUTCString();
}

/** One line of counts: "3 breaking, 6 non-breaking (6 deprecations), 9 documentation-only". */
export function countsLine(r: ReleaseChanges): string {
  if (!r.previous) return 'First release';
  const parts = [
    `${r.counts.breaking} breaking`,
    `${r.counts['non-breaking']} non-breaking${r.counts.deprecations ? ` (${r.counts.deprecations} deprecation${r.counts.deprecations === 1 ? '' : 's'})` : ''}`,
    `${r.counts.documentation} documentation-only`,
  ];
  return parts.join(', ');
}

/** The RSS 2.0 feed: one item per release, newest first, each the release's changes as HTML. */
export function feedXml(changelog: Changelog, site: {url: string; baseUrl: string; apiTitle: string}): string {
  const origin = site.url.replace(/\/$/, '');
  const abs = (p: string) => `${origin}${site.baseUrl.replace(/\/$/, '')}${p}`;
  const items = changelog.releases.map((r) => {
    const link = abs(`${changelog.route}#${r.anchor}`);
    const body: string[] = [`<p>${xml(countsLine(r))}.</p>`];
    if (r.migrationGuide)
      body.push(
        `<p>Upgrading: <a href="${xml(abs(r.migrationGuide.href))}">${xml(r.migrationGuide.title)}</a>, every breaking change with the request before and after.</p>`,
      );
    for (const op of r.operations) {
      const title = `${op.method.toUpperCase()} ${op.path}: ${op.title}`;
      body.push(`<h3>${op.href ? `<a href="${xml(abs(op.href))}">${xml(title)}</a>` : xml(title)}</h3>`);
      body.push(
        `<ul>${op.changes.map((c) => `<li>${c.kind === 'breaking' ? '<strong>Breaking:</strong> ' : c.deprecation ? '<strong>Deprecated:</strong> ' : c.kind === 'documentation' ? 'Documentation: ' : ''}${html(c.text)}</li>`).join('')}</ul>`,
      );
    }
    if (r.general.length) body.push(`<ul>${r.general.map((c) => `<li>${html(c.text)}</li>`).join('')}</ul>`);
    return [
      '    <item>',
      `      <title>${xml(`${site.apiTitle} ${r.version}${r.previous ? `: ${plain(countsLine(r))}` : ''}`)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      ...(r.date ? [`      <pubDate>${rfc822(r.date)}</pubDate>`] : []),
      `      <description>${xml(body.join('\n'))}</description>`,
      '    </item>',
    ].join('\n');
  });
  const newest = changelog.releases.find((r) => r.date)?.date;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(`${site.apiTitle} changelog`)}</title>`,
    `    <link>${xml(abs(changelog.route))}</link>`,
    `    <atom:link href="${xml(abs(changelog.feed))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xml(`What changed in each release of the ${site.apiTitle}: breaking, non-breaking and documentation-only changes.`)}</description>`,
    '    <language>en</language>',
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
