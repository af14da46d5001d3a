/**
 * One live-preview refresh: the OpenAPI source -> processed document (the pipeline, with the same
 * settings as `npm run spec`) -> API pages (gen:api's generateApiPages, which rewrites only the
 * files whose content changed) -> the JSON and YAML downloads in static/openapi/.
 *
 * A document with problems changes nothing: the pipeline writes no processed document, the pages
 * and downloads stay those of the last good run, and the result carries the pipeline's report
 * (each problem as `<file>#<JSON pointer>: <message> [<rule>]`).
 */
import {existsSync, mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildProcessedSpec, portalBuildOptions, summaryLine, workaroundLines} from '../../openapi/pipeline/build';
import {displayPath, SpecError} from '../../openapi/pipeline/errors';
import {YAML_FILE} from '../agent-docs/downloads';
import {documentYaml} from '../agent-docs/yaml-child';
import {generateApiPages, GenerationError} from '../api-pages/generate';

export interface RefreshTarget {
  /** The OpenAPI source root (portalConfig.specSource). */
  specSource: string;
  /** Where the processed document goes (portalConfig.processedSpec). */
  processedSpec: string;
  apiBaseUrl: string;
  /** The generated API pages (docs/api). */
  outDir: string;
  /** Also regenerate the changelog page from openapi/releases (as gen:api does for our own document). */
  changelog?: boolean;
  /** Folder of the downloads (static/openapi); left alone when undefined. */
  downloadsDir?: string;
}

export type RefreshResult =
  | {
      ok: true;
      /** Files the document was read from (the root and every file it references). */
      files: string[];
      /** Files of the pages folder written and deleted. */
      written: string[];
      deleted: string[];
      /** The pipeline's summary line and its warnings (foreign documents). */
      log: string[];
      ms: number;
    }
  | {
      ok: false;
      /** The pipeline's (or the page generator's) report, as `npm run spec` prints it. */
      message: string;
      /** Files named in the problems (to watch them too: a reference to a file not written yet). */
      files: string[];
      ms: number;
    };

/** Replace a file in one step (the dev server serves static/ straight from disk). */
function replaceFile(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

export async function refreshApiPages(target: RefreshTarget): Promise<RefreshResult> {
  const started = Date.now();
  try {
    const result = await buildProcessedSpec(portalBuildOptions(target));
    const log = [
      ...workaroundLines(result).map((line) => line.replace('[spec]', `[spec] ${displayPath(result.source)}:`)),
      summaryLine(result),
    ];
    const pages = await generateApiPages({
      processedSpec: target.processedSpec,
      outDir: target.outDir,
      ...(target.changelog ? {changelog: {}} : {}),
    });
    if (target.downloadsDir && existsSync(target.downloadsDir)) {
      // The downloads the overview links. The Postman collection (a child process, seconds) is
      // left as it was: `npm start` makes it afresh.
      mkdirSync(target.downloadsDir, {recursive: true});
      replaceFile(path.join(target.downloadsDir, 'openapi.json'), `${JSON.stringify(result.document, null, 2)}\n`);
      replaceFile(path.join(target.downloadsDir, YAML_FILE), documentYaml(result.document));
    }
    return {ok: true, files: result.files, written: pages.written, deleted: pages.deleted, log, ms: Date.now() - started};
  } catch (error) {
    const ms = Date.now() - started;
    if (error instanceof SpecError) {
      return {
        ok: false,
        message: error.message,
        files: [...new Set(error.problems.map((p) => p.file).filter((f) => !/^[a-z]+:\/\//i.test(f)))],
        ms,
      };
    }
    if (error instanceof GenerationError) return {ok: false, message: `gen:api: ${error.message}`, files: [], ms};
    // Anything else (an unreadable root file, a bug): its message, never a silent failure.
    const message = error instanceof Error ? error.message : String(error);
    return {ok: false, message: `spec: ${message}`, files: [], ms};
  }
}
