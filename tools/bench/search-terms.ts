/** Words, paths, operationIds, field names, typos and a miss for GitHub's REST API build. */
export const GITHUB_SEARCH_TERMS = [
  'repository', 'pull request', 'issue', 'create a repository', 'list issues for a repository', 'GET /repos/{owner}/{repo}',
  'POST /repos/{owner}/{repo}/issues', '/repos/{owner}/{repo}/pulls/{pull_number}/merge', 'repos/get', 'issues/create', 'pulls/list',
  'workflow', 'workflow run', 'webhook', 'commit', 'branch protection', 'gist', 'label', 'milestone', 'deploy key', 'secret',
  'runner', 'artifact', 'team', 'collaborator', 'check run', 'release', 'codespace', 'dependabot', 'reaction', 'star', 'fork',
  'pull_number', 'per_page', 'sha', 'rate limit', 'pagination', 'repositry', 'workflw', 'colaborator', 'repo', 'pul', 'zzqx',
];
