/**
 * Runs writeAgentDocs (./pages) in a child Node process from postBuild, beside the search index's
 * child (plugins/search/child.ts) and the CSP rewrite on the main process. On the build's own
 * thread, interleaved with the CSP pass, the twins took several times longer than alone in a
 * process, and the main thread finished last (BENCHMARKS.md, "Measurements behind the code").
 */
import path from 'node:path';
import {runJobInChild} from '../build-shared/job-child';
import type {AgentDocsOptions} from './pages';

/** Heap cap of the child, in MB: it holds one page's data and Markdown at a time, and the pages' index entries. */
export const CHILD_HEAP_MB = 1024;

export interface AgentDocsSummary {
  pages: number;
  llmsTxt: number;
  llmsFullTxt: number;
}

export function writeAgentDocsInChild(options: AgentDocsOptions): Promise<AgentDocsSummary> {
  return runJobInChild<AgentDocsSummary>(
    {name: 'Markdown twins', script: path.join(__dirname, 'child-cli.ts'), heapMb: CHILD_HEAP_MB},
    options,
  );
}
