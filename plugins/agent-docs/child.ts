/**
 * Runs writeAgentDocs (./pages) in a child Node process from postBuild, beside the search index's
 * child (plugins/search-index/child.ts) and the CSP rewrite on the main process: the twins of a
 * large reference are ~15 s of CPU (GitHub's 1,559 pages), which on the build's own thread waited
 * for the CSP pass and made the main thread the last to finish.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {AgentDocsOptions} from './pages';

/** Heap cap of the child, in MB: it holds every page's Markdown (llms-full.txt: 24 MB on GitHub's API) and one page's data at a time. */
export const CHILD_HEAP_MB = 1024;

export interface AgentDocsSummary {
  pages: number;
  llmsTxt: number;
  llmsFullTxt: number;
}

export async function writeAgentDocsInChild(options: AgentDocsOptions): Promise<AgentDocsSummary> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-docs-job-'));
  const jobFile = path.join(dir, 'job.json');
  writeFileSync(jobFile, JSON.stringify(options));
  try {
    const args = [`--max-old-space-size=${CHILD_HEAP_MB}`, '--require', require.resolve('tsx/cjs'), path.join(__dirname, 'child-cli.ts'), jobFile];
    const child = spawn(process.execPath, args, {stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`Markdown twins (plugins/agent-docs/child-cli.ts) failed with exit code ${code}: ${stderr.trim()}`);
    return JSON.parse(stdout) as AgentDocsSummary;
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
