/**
 * `npm run spec`: portalConfig.specSource -> portalConfig.processedSpec.
 *
 * - Our document (openapi/source/openapi.yaml): strict; zero lint errors and warnings, and the
 *   server is the configured API base address (portalConfig.apiBaseUrl).
 * - Any other document (OPENAPI_SOURCE): structural problems and portal checks stop the build,
 *   style findings are counted; its own servers are kept unless API_BASE_URL is set.
 *
 * Exit codes: 0 success, 1 the document has problems, 2 unexpected failure.
 */
import {buildProcessedSpec, envSet, portalBuildOptions, summaryLine, workaroundLines} from './build';
import {displayPath, formatProblem, SpecError} from './errors';
import {PhaseClock} from '../../plugins/build-shared/phase-timing';

async function main(): Promise<number> {
  try {
    // Imported here so an invalid setting (e.g. API_BASE_URL) is reported as one line, not a stack trace.
    const {loadPortalConfig} = await import('../../portal.config');
    const portalConfig = loadPortalConfig();
    // With PORTAL_BUILD_TIMINGS set (the benchmark), each phase appends a record to that file.
    const clock = new PhaseClock('spec');
    const result = await clock.timeAsync('total', () => buildProcessedSpec({...portalBuildOptions(portalConfig), clock}));
    clock.flush();
    if (envSet('OPENAPI_LINT_DETAILS')) for (const p of result.findings) console.log(`  ${formatProblem(p)}`);
    for (const line of workaroundLines(result)) console.warn(line.replace('[spec]', `[spec] ${displayPath(result.source)}:`));
    console.log(summaryLine(result));
    return 0;
  } catch (err) {
    if (err instanceof SpecError) {
      console.error(`spec: ${err.message}`);
      console.error('spec: the processed document was not written; fix the problems above and run `npm run spec` again.');
      return 1;
    }
    const message = err instanceof Error ? err.message : String(err);
    console.error(`spec: ${message}`);
    if (envSet('DEBUG') && err instanceof Error && err.stack) console.error(err.stack);
    return 2;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`spec: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
