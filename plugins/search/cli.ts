/**
 * `tsx plugins/search/cli.ts <job.json>`: writes the search index of a built site in a
 * process of its own. The job file holds what postBuild knows (see ./child.ts); the summary goes to
 * stdout as JSON, errors to stderr with exit code 1.
 */
import {readFileSync} from 'node:fs';
import {writeSearchIndex} from './index';
import type {IndexJob} from './child';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx plugins/search/cli.ts <job.json>');
  const job = JSON.parse(readFileSync(file, 'utf8')) as IndexJob;
  const written = await writeSearchIndex(job.buildData, job.config, job.apiDocument, job.apiVersions);
  process.stdout.write(JSON.stringify(written));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
