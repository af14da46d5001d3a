/**
 * `npm run spec:check-breaking`: does the working description break the last release without a
 * major version bump?
 *
 * Bundles the working source like a release (openapi/pipeline/release.ts), diffs the last release
 * against it (./diff.ts, the changelog's classification) and compares `info.version` of the source
 * with the last release's. Prints each breaking change with its operation and JSON pointer.
 *
 * Options: --source <file> (default: the portal's source, OPENAPI_SOURCE), --releases <dir>
 * (default openapi/releases).
 * Exit codes: 0 no breaking change, or the major version was bumped; 1 breaking changes without a
 * major bump, or a version below the last release; 2 the description or a release cannot be read.
 */
import path from 'node:path';
import {displayPath, SpecError} from '../../openapi/pipeline/errors';
import {
  compareSemver,
  listReleases,
  loadRelease,
  parseSemver,
  RELEASES_DIR,
  ReleaseError,
  releaseDocument,
} from '../../openapi/pipeline/release';
import {diffDocuments} from './diff';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

export async function checkBreaking(options: {
  source: string;
  releasesDir: string;
  log?: (line: string) => void;
  error?: (line: string) => void;
}): Promise<number> {
  const log = options.log ?? console.log;
  const error = options.error ?? console.error;
  const releases = listReleases(options.releasesDir);
  const last = releases[releases.length - 1];
  if (!last) {
    log(`spec:check-breaking: no releases in ${displayPath(options.releasesDir)} yet: nothing to compare with.`);
    return 0;
  }
  const released = loadRelease(last);
  const working = await releaseDocument(options.source);
  const where = `${displayPath(options.source)}#/info/version`;
  const version = String(working.info?.version ?? '');
  const semver = parseSemver(version);
  if (!semver) {
    error(`spec:check-breaking: ${where}: "${version}" is not a semantic version (MAJOR.MINOR.PATCH).`);
    return 2;
  }
  if (compareSemver(semver, last.version) < 0) {
    error(`spec:check-breaking: ${where}: ${version} is below the last release ${last.version} (${displayPath(last.file)}).`);
    return 1;
  }
  const changes = diffDocuments(released, working, version, last.version);
  const breaking = [
    ...changes.operations.flatMap((op) =>
      op.changes.filter((c) => c.kind === 'breaking').map((c) => ({op: `${op.method.toUpperCase()} ${op.path} (${op.title})`, c})),
    ),
    ...changes.general.filter((c) => c.kind === 'breaking').map((c) => ({op: 'document', c})),
  ];
  const total = changes.counts.breaking + changes.counts['non-breaking'] + changes.counts.documentation;
  const lastMajor = parseSemver(last.version)!.major;
  const source = `${displayPath(options.source)} (bundled)`;
  if (breaking.length === 0) {
    log(
      `spec:check-breaking: no breaking changes since ${last.version} (${total} change${total === 1 ? '' : 's'}: ${changes.counts['non-breaking']} non-breaking, ${changes.counts.documentation} documentation-only); working version ${version}.`,
    );
    return 0;
  }
  const lines = breaking.map(({op, c}) => `  ${op}: ${c.text}\n    at ${c.removed ? displayPath(last.file) : source}${c.pointer}`);
  if (semver.major > lastMajor) {
    log(
      `spec:check-breaking: ${breaking.length} breaking change${breaking.length === 1 ? '' : 's'} since ${last.version}, allowed by the major version ${version}:`,
    );
    lines.forEach((l) => log(l));
    return 0;
  }
  error(
    `spec:check-breaking: ${breaking.length} breaking change${breaking.length === 1 ? '' : 's'} since the last release ${last.version}, but ${where} is ${version} (same major version ${semver.major}):`,
  );
  lines.forEach((l) => error(l));
  error(
    `spec:check-breaking: undo these changes, or release them as ${lastMajor + 1}.0.0 (set info.version, then npm run spec:release -- ${lastMajor + 1}.0.0).`,
  );
  return 1;
}

async function main(): Promise<number> {
  try {
    const given = arg('--source');
    let source: string;
    if (given) source = path.resolve(given);
    else source = (await import('../../portal.config')).loadPortalConfig().specSource;
    const releasesDir = path.resolve(arg('--releases') ?? RELEASES_DIR);
    return await checkBreaking({source, releasesDir});
  } catch (err) {
    if (err instanceof SpecError || err instanceof ReleaseError) {
      console.error(`spec:check-breaking: ${err.message}`);
      return 2;
    }
    console.error(`spec:check-breaking: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 2;
  }
}

if (require.main === module) {
  void main().then((code) => {
    process.exitCode = code;
  });
}
