/**
 * `npm run spec:release -- <version>`: writes the working OpenAPI description (bundled by the
 * pipeline, without the portal's decorations; see release.ts) to openapi/releases/<version>.json.
 * RELEASE_DATE=YYYY-MM-DD sets the release day (default today, UTC).
 * Exit codes: 0 written, 1 refused (bad version, existing, not above the last, document problems).
 */
import {displayPath, SpecError} from './errors';
import {ReleaseError, writeRelease} from './release';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1) {
    console.error('spec:release: usage: npm run spec:release -- <version>   (e.g. 2.1.0; info.version in the source must say the same)');
    return 1;
  }
  try {
    const {file, previous} = await writeRelease({
      version: args[0],
      source: process.env.OPENAPI_SOURCE || undefined,
      date: process.env.RELEASE_DATE || undefined,
    });
    console.log(`spec:release: wrote ${displayPath(file)}${previous ? ` (previous release ${previous})` : ' (first release)'}`);
    return 0;
  } catch (error) {
    if (error instanceof ReleaseError || error instanceof SpecError) {
      console.error(`spec:release: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`spec:release: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 2;
  },
);
