/**
 * `tsx plugins/agent-docs/child-cli.ts <job.json>`: writeAgentDocs in a process of its own (see
 * ./child.ts). The job file holds its options; the summary goes to stdout as JSON, errors to
 * stderr with exit code 1.
 */
import {runJobMain} from '../build-shared/job-child';
import {writeAgentDocs, type AgentDocsOptions} from './pages';
import type {AgentDocsSummary} from './child';

runJobMain<AgentDocsOptions, AgentDocsSummary>('plugins/agent-docs/child-cli.ts', async (options) => {
  const result = await writeAgentDocs(options);
  return {pages: result.pages.length, llmsTxt: result.llmsTxt, llmsFullTxt: result.llmsFullTxt};
});
