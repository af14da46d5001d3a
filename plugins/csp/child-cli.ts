/**
 * `tsx plugins/csp/child-cli.ts <job.json>`: writeSecurityPolicy (./index) in a process of its own.
 * The pass reads and rewrites every page: at 3,000 pages of 250 KB that is gigabytes of strings
 * made and dropped, and on the build's own process the heap grew by 1.3 GB before a collection gave
 * it back, on top of what static generation holds (BENCHMARKS.md, "Measurements behind the code").
 * The job file holds the arguments; the summary goes to stdout as JSON, errors to stderr with
 * exit code 1.
 */
import {readFileSync} from 'node:fs';
import {writeSecurityPolicy, type CspJob} from './index';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx plugins/csp/child-cli.ts <job.json>');
  const job = JSON.parse(readFileSync(file, 'utf8')) as CspJob;
  process.stdout.write(JSON.stringify(await writeSecurityPolicy(job.outDir, job.baseUrl, job.options)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
