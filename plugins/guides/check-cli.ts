/**
 * `npm run check:guides` (part of `npm run build` and `npm start`, after gen:api): the guides' text
 * against the description they document (./text-check.ts). The API parts a guide embeds are
 * checked when the page is built (./remark.ts); this checks what the prose and code blocks say:
 * names, statuses, limits, links, the tables that promise to be complete, the migration guide's
 * breaking changes. A problem stops the build with the guide's file and line.
 *
 * The guides are written for our own description: with another one (OPENAPI_SOURCE pointed
 * elsewhere) their text is not that API's, and the check says so and passes.
 */
import {existsSync, readFileSync} from 'node:fs';
import {loadPortalConfig} from '../../portal.config';
import {buildChangelog} from '../changelog/build';
import {listReleases, loadRelease} from '../../openapi/pipeline/release';
import {checkGuides, context, formatProblem, readGuides} from './text-check';

function main(): number {
  const config = loadPortalConfig();
  const guides = readGuides();
  if (!config.ownDocument) {
    console.log(`[guides] ${guides.length} guides describe our own API: their text is not checked against ${config.specSource}.`);
    return 0;
  }
  if (!existsSync(config.processedSpec)) {
    console.error(`[guides] ${config.processedSpec} does not exist: run "npm run spec" first.`);
    return 1;
  }
  const processed = JSON.parse(readFileSync(config.processedSpec, 'utf8'));
  const {changelog} = buildChangelog({current: processed});
  const problems = checkGuides(guides, context(processed, listReleases().map(loadRelease), changelog));
  if (problems.length) {
    console.error(
      `[guides] ${problems.length === 1 ? '1 statement of the guides no longer holds' : `${problems.length} statements of the guides no longer hold`} for the description:`,
    );
    for (const p of problems) console.error(`  ${formatProblem(p)}`);
    return 1;
  }
  console.log(`[guides] ${guides.length} guides agree with the description.`);
  return 0;
}

process.exitCode = main();
