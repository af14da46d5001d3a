/**
 * Releases of our API description: `openapi/releases/<semver>.json`, one file per released version.
 *
 * Format (what the changelog, `spec:check-breaking` and older-version pages read):
 * - the document as the pipeline bundles it from the source (`buildProcessedSpec`: linted strictly,
 *   external files bundled into `#/components/…`, internal `$ref`s kept), in JSON, 2-space indented;
 * - **before** the portal's decorations: no `x-portal-title` / `x-portal-slug` on operations, no
 *   `info['x-portal-slug']` or `info['x-portal-source']`, and `servers` as the source states them
 *   (not replaced by API_BASE_URL);
 * - `info.version` is the release's version, equal to the file name (`2.0.0.json` has `2.0.0`);
 * - `info['x-release-date']` is the day it was released (YYYY-MM-DD; the changelog and its feed
 *   show it). It is the one key a release adds to the source; tools that compare a release with
 *   the source ignore it.
 *
 * A release is therefore a valid source document in its own right: `OPENAPI_SOURCE=openapi/releases/1.1.0.json
 * npm run build`, or `buildProcessedSpec({source: releaseFile('1.1.0'), strict: true, …})`, makes the
 * processed document (with the decorations) and the pages of that version.
 */
import fs from 'node:fs';
import path from 'node:path';
import {buildProcessedSpec, OUR_SOURCE} from './build';
import type {Info, OpenApiDocument} from '../model/document';
import {pathItemOperations} from '../model/methods';
import {displayPath} from './errors';

export const RELEASES_DIR = path.resolve(__dirname, '..', 'releases');

/** Portal decorations added by the pipeline (pages.ts, build.ts); a release carries none of them. */
const DECORATIONS = ['x-portal-title', 'x-portal-slug', 'x-portal-source'] as const;

export class ReleaseError extends Error {}

export interface Semver {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
  text: string;
}

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?$/;

/** Parses a semantic version (semver.org 2.0, without build metadata); undefined when it is not one. */
export function parseSemver(text: string): Semver | undefined {
  const m = SEMVER.exec(text.trim());
  if (!m) return undefined;
  return {major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease: m[4] ? m[4].split('.') : [], text: text.trim()};
}

/** Semver precedence: negative when a < b, 0 when equal, positive when a > b. */
export function compareSemver(a: string | Semver, b: string | Semver): number {
  const x = typeof a === 'string' ? parseSemver(a) : a;
  const y = typeof b === 'string' ? parseSemver(b) : b;
  if (!x || !y) throw new ReleaseError(`not a semantic version: "${!x ? String(a) : String(b)}"`);
  for (const k of ['major', 'minor', 'patch'] as const) if (x[k] !== y[k]) return x[k] - y[k];
  if (!x.prerelease.length || !y.prerelease.length) return y.prerelease.length - x.prerelease.length;
  for (let i = 0; i < Math.max(x.prerelease.length, y.prerelease.length); i++) {
    const p = x.prerelease[i];
    const q = y.prerelease[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

export interface ReleaseFile {
  version: string;
  file: string;
}

/** The release files of a folder, oldest first. A file that is not `<semver>.json` is an error naming it. */
export function listReleases(dir = RELEASES_DIR): ReleaseFile[] {
  if (!fs.existsSync(dir)) return [];
  if (!fs.statSync(dir).isDirectory())
    throw new ReleaseError(`${displayPath(dir)}: the releases must be a folder of <semantic version>.json files`);
  const out: ReleaseFile[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (name.startsWith('.') || name.toLowerCase() === 'readme.md') continue;
    const version = name.replace(/\.json$/, '');
    if (!name.endsWith('.json') || !parseSemver(version)) {
      throw new ReleaseError(
        `${displayPath(path.join(dir, name))}: a release file must be named <semantic version>.json (e.g. 2.1.0.json)`,
      );
    }
    out.push({version, file: path.join(dir, name)});
  }
  return out.sort((a, b) => compareSemver(a.version, b.version));
}

/** Reads one release file; its `info.version` must be the version in its name. */
export function loadRelease(release: ReleaseFile): OpenApiDocument {
  let doc: OpenApiDocument;
  try {
    doc = JSON.parse(fs.readFileSync(release.file, 'utf8')) as OpenApiDocument;
  } catch (error) {
    throw new ReleaseError(`${displayPath(release.file)}: not readable JSON (${(error as Error).message})`);
  }
  if (!doc || typeof doc !== 'object' || typeof doc.openapi !== 'string') {
    throw new ReleaseError(`${displayPath(release.file)}#/openapi: not an OpenAPI document`);
  }
  if (doc.info?.version !== release.version) {
    throw new ReleaseError(
      `${displayPath(release.file)}#/info/version: is "${String(doc.info?.version)}", the file name says "${release.version}"`,
    );
  }
  return doc;
}

/** Removes the portal's decorations (x-portal-*) from a processed document, in place. */
export function stripDecorations(doc: OpenApiDocument): OpenApiDocument {
  const info = doc.info as Info | undefined;
  if (info) for (const key of DECORATIONS) delete info[key];
  const containers = [doc.paths, doc.webhooks, doc['x-webhooks']];
  for (const items of containers) {
    if (!items || typeof items !== 'object') continue;
    for (const item of Object.values(items)) {
      if (!item || typeof item !== 'object') continue;
      for (const {operation} of pathItemOperations(item)) for (const key of DECORATIONS) delete operation[key];
    }
  }
  return doc;
}

/**
 * The release form of a source document: the pipeline's bundle (strict for our own document, so a
 * release always lints clean), without the portal's decorations and with the source's own servers.
 */
export async function releaseDocument(source: string): Promise<OpenApiDocument> {
  const resolved = path.resolve(source);
  const result = await buildProcessedSpec({
    source: resolved,
    strict: resolved === OUR_SOURCE || resolved.startsWith(RELEASES_DIR + path.sep),
  });
  return stripDecorations(result.document);
}

/** The text of a release file. */
export function releaseText(doc: OpenApiDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export interface WriteReleaseOptions {
  version: string;
  /** Source document (default: our own). Its info.version must be `version`. */
  source?: string;
  /** Release day, YYYY-MM-DD (default: today, UTC). */
  date?: string;
  dir?: string;
}

/**
 * `npm run spec:release -- <version>`: writes the working description as release `<version>`.
 * Refuses a version that is not semver, that exists, or that is not above the last release, and a
 * source whose `info.version` is another version (bump it in the source first).
 */
export async function writeRelease(options: WriteReleaseOptions): Promise<{file: string; previous?: string}> {
  const dir = options.dir ?? RELEASES_DIR;
  const version = options.version.trim();
  if (!parseSemver(version)) throw new ReleaseError(`"${options.version}" is not a semantic version (MAJOR.MINOR.PATCH, e.g. 2.1.0)`);
  const releases = listReleases(dir);
  const existing = releases.find((r) => r.version === version || compareSemver(r.version, version) === 0);
  if (existing) throw new ReleaseError(`release ${version} exists already (${displayPath(existing.file)}); releases are never rewritten`);
  const last = releases[releases.length - 1];
  if (last && compareSemver(version, last.version) <= 0) {
    throw new ReleaseError(`release ${version} is not above the last release ${last.version} (${displayPath(last.file)})`);
  }
  const source = path.resolve(options.source ?? OUR_SOURCE);
  const doc = await releaseDocument(source);
  if (doc.info?.version !== version) {
    throw new ReleaseError(
      `${displayPath(source)}#/info/version: is "${String(doc.info?.version)}"; set it to "${version}" before releasing ${version}`,
    );
  }
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ReleaseError(`release date "${date}" is not YYYY-MM-DD`);
  doc.info['x-release-date'] = date;
  fs.mkdirSync(dir, {recursive: true});
  const file = path.join(dir, `${version}.json`);
  fs.writeFileSync(file, releaseText(doc), {flag: 'wx'});
  return {file, previous: last?.version};
}
