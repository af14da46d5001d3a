/**
 * `tsx plugins/agent-docs/child-cli.ts <job.json>`: writeAgentDocs in a process of its own (see
 * ./child.ts). The job file holds its options; the summary goes to stdout as JSON, errors to
 * stderr with exit code 1.
 */
import {readFileSync} from 'node:fs';
import {writeAgentDocs, type AgentDocsOptions} from './pages';
import type {AgentDocsSummary} from './child';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx plugins/agent-docs/child-cli.ts <job.json>');
  const result = await writeAgentDocs(JSON.parse(readFileSync(file, 'utf8')) as AgentDocsOptions);
  const summary: AgentDocsSummary = {pages: result.pages.length, llmsTxt: result.llmsTxt, llmsFullTxt: result.llmsFullTxt};
  process.stdout.write(JSON.stringify(summary));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
