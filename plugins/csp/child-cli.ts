/**
 * `tsx plugins/csp/child-cli.ts <job.json>`: writeSecurityPolicy (./index) in a process of its own.
 * The pass reads and rewrites every page: at 3,000 pages of 250 KB that is gigabytes of strings
 * made and dropped, and on the build's own process the heap grew by 1.3 GB before a collection gave
 * it back, on top of what static generation holds (BENCHMARKS.md, "Measurements behind the code").
 * The job file holds the arguments; the summary goes to stdout as JSON, errors to stderr with
 * exit code 1.
 */
import {runJobMain} from '../build-shared/job-child';
import {writeSecurityPolicy, type CspJob} from './index';

runJobMain<CspJob, unknown>('plugins/csp/child-cli.ts', (job) => writeSecurityPolicy(job.outDir, job.baseUrl, job.options));
