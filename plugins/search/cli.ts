/**
 * `tsx plugins/search/cli.ts <job.json>`: writes the search index of a built site in a
 * process of its own. The job file holds what postBuild knows (see ./child.ts); the summary goes to
 * stdout as JSON, errors to stderr with exit code 1.
 */
import {runJobMain} from '../build-shared/job-child';
import {writeSearchIndex} from './index';
import type {IndexJob} from './child';

// Messages only: the index's errors name the page or option at fault.
runJobMain<IndexJob, unknown>(
  'plugins/search/cli.ts',
  (job) => writeSearchIndex(job.buildData, job.config, job.apiDocument, job.apiVersions),
  {stack: false},
);
