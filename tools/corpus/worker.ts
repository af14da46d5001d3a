/**
 * Corpus worker: runs the pipeline (spec) and page generation (gen:api) on documents, one after
 * the other, in this process, into a scratch folder. Reads a JSON list of {id, file} from the file
 * named by argv[2]; writes one JSON line per event to stdout: {start: id} then the result.
 * The parent (run.ts) restarts it past a document that hangs or crashes it.
 */
import {mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {buildProcessedSpec, WORKAROUND_RULES} from '../../openapi/pipeline/build';
import {SpecError} from '../../openapi/pipeline/errors';
import {generateApiPages} from '../../plugins/api-pages/generate';

export interface CorpusResult {
  id: string;
  file: string;
  ok: boolean;
  /** Where it failed: spec (pipeline), gen (page generation), crash or timeout (the worker died). */
  stage?: 'spec' | 'gen' | 'crash' | 'timeout';
  error?: string;
  openapi?: string;
  operations?: number;
  webhooks?: number;
  pages?: number;
  /** Workaround warnings by rule (what the portal had to work around). */
  warnings?: Record<string, number>;
  /** Style findings of the recommended ruleset. */
  findings?: number;
  ms: number;
}

const emit = (event: unknown) => process.stdout.write(`${JSON.stringify(event)}\n`);

async function runOne(id: string, file: string, scratch: string): Promise<CorpusResult> {
  const started = Date.now();
  const processedSpec = path.join(scratch, `${process.pid}.json`);
  const outDir = path.join(scratch, `${process.pid}-pages`);
  const base = {id, file};
  let spec;
  try {
    spec = await buildProcessedSpec({source: file, strict: false, output: processedSpec});
  } catch (error) {
    const message = error instanceof SpecError ? error.message : ((error as Error)?.stack ?? String(error));
    return {...base, ok: false, stage: 'spec', error: message.split('\n').slice(0, 6).join('\n'), ms: Date.now() - started};
  }
  const warnings: Record<string, number> = {};
  let findings = 0;
  for (const p of spec.findings) {
    if (WORKAROUND_RULES.has(p.rule)) warnings[p.rule] = (warnings[p.rule] ?? 0) + 1;
    else findings++;
  }
  const facts = {
    openapi: String(spec.document.openapi),
    operations: spec.stats.operations,
    webhooks: spec.stats.webhooks,
    warnings,
    findings,
  };
  try {
    const gen = await generateApiPages({processedSpec, outDir});
    return {...base, ...facts, ok: true, pages: gen.pages, ms: Date.now() - started};
  } catch (error) {
    return {
      ...base,
      ...facts,
      ok: false,
      stage: 'gen',
      error: ((error as Error)?.message ?? String(error)).split('\n').slice(0, 6).join('\n'),
      ms: Date.now() - started,
    };
  } finally {
    rmSync(outDir, {recursive: true, force: true});
    rmSync(processedSpec, {force: true});
  }
}

async function main(): Promise<void> {
  const {docs, scratch} = JSON.parse(readFileSync(process.argv[2], 'utf8')) as {docs: {id: string; file: string}[]; scratch: string};
  mkdirSync(scratch, {recursive: true});
  // Page generation reports a failure by throwing; libraries' own chatter goes to stderr.
  console.log = (...args: unknown[]) => process.stderr.write(`${args.join(' ')}\n`);
  console.warn = console.log;
  for (const {id, file} of docs) {
    emit({start: id});
    emit(await runOne(id, file, scratch));
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
      process.exit(2);
    },
  );
}
