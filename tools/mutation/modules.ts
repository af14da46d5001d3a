/**
 * The modules whose wrong answer reaches a reader, and the tests that guard each one.
 * `npm run test:mutation` mutates `mutate` and runs `tests` (node:test files, through tsx) against
 * every mutant. A module's score is its share of mutants a test kills; the goal is >= GOAL.
 *
 * Tests listed here are the ones beside the code, the ones a developer changing the module runs.
 * Browser and build-level tests are not: a mutant that only they would catch counts as a survivor,
 * which is the point (fast feedback).
 */
export const GOAL = 90;

export interface MutationModule {
  /** Short name, used for the score file and `--only`. */
  name: string;
  /** What a reader loses when this module is wrong. */
  guards: string;
  /** Source files to mutate (paths from the repository root). */
  mutate: string[];
  /** node:test files run against each mutant. */
  tests: string[];
}

export const MODULES: MutationModule[] = [
  {
    name: 'search-engine',
    guards: 'which pages a query finds and in what order',
    mutate: ['src/components/Search/engine.ts', 'src/components/Search/query.ts'],
    tests: [
      'src/components/Search/engine.test.ts',
      'src/components/Search/engine-rules.test.ts',
      'src/components/Search/query.test.ts',
      'plugins/search/ranking.test.ts',
    ],
  },
  {
    name: 'search-api-match',
    guards: 'operations found by method, path, operationId',
    mutate: ['src/components/Search/api-match.ts', 'src/components/Search/api-terms.ts'],
    // The matcher's rules one by one; the engine's use of them (ranking.test.ts) counts for search-engine.
    tests: ['src/components/Search/api-match.test.ts', 'src/components/Search/api-search.test.ts'],
  },
  {
    name: 'search-typo',
    guards: 'results for misspelt queries',
    mutate: ['src/components/Search/typo.ts'],
    tests: [
      'src/components/Search/typo.test.ts',
      'src/components/Search/api-search.test.ts',
      'src/components/Search/engine.test.ts',
      'plugins/search/ranking.test.ts',
    ],
  },
  {
    name: 'search-snippet',
    guards: 'the text shown under each hit (length, ellipsis, marks, escaping)',
    mutate: ['src/components/Search/snippet.ts', 'src/components/Search/group.ts'],
    tests: ['src/components/Search/snippet.test.ts', 'src/components/Search/group.test.ts'],
  },
  {
    name: 'code-samples',
    guards: 'the request a reader copies, in eight languages',
    mutate: ['plugins/api-pages/code-samples.ts', 'src/components/CopyButton/copyable-text.ts'],
    tests: ['plugins/api-pages/code-samples.test.ts', 'src/components/CopyButton/copyable-text.test.ts'],
  },
  {
    name: 'sanitizer',
    guards: 'description HTML: no script reaches a reader',
    mutate: ['plugins/api-pages/sanitize.ts'],
    tests: ['plugins/api-pages/sanitize.test.ts'],
  },
  {
    name: 'csp-policy',
    guards: 'the Content-Security-Policy every page is served with',
    mutate: ['plugins/csp/policy.ts'],
    tests: ['plugins/csp/policy.test.ts'],
  },
  {
    name: 'clean-path',
    guards: 'the head script that tidies the address bar (no open redirect)',
    mutate: ['plugins/clean-html-path/script.ts'],
    tests: ['plugins/clean-html-path/script.test.ts'],
  },
  {
    name: 'proxy',
    guards: 'the optional Try-it proxy (allowlist, headers stripped and forwarded, caps, CORS, no credential leak)',
    mutate: ['plugins/api-console/proxy.ts'],
    tests: ['plugins/api-console/proxy-rules.test.ts', 'plugins/api-console/proxy.test.ts', 'plugins/api-console/proxy-edges.test.ts'],
  },
  {
    name: 'proxy-net-policy',
    guards: 'which addresses the proxy and the build may connect to (no private, loopback, metadata or reserved address)',
    mutate: ['openapi/pipeline/net-policy.ts'],
    tests: ['openapi/pipeline/net-policy.test.ts'],
  },
  {
    name: 'console-request',
    guards: 'the request the console sends, its preview, its pre-send checks, and what it says of the answer or the failure',
    mutate: [
      'src/components/ApiConsole/request.ts',
      'src/components/ApiConsole/preview.ts',
      'src/components/ApiConsole/validate.ts',
      'src/components/ApiConsole/send.ts',
    ],
    tests: [
      'src/components/ApiConsole/build-request.test.ts',
      'src/components/ApiConsole/preview.test.ts',
      'src/components/ApiConsole/validate.test.ts',
      'src/components/ApiConsole/request-check.test.ts',
      'src/components/ApiConsole/console-safety.test.ts',
      'src/components/ApiConsole/send.test.ts',
      // buildRequest and curlPreview with form, multipart, file and in: querystring bodies.
      'src/components/ApiConsole/body.test.ts',
    ],
  },
  {
    name: 'console-auth',
    guards: 'credentials the console applies, and the OAuth flows',
    mutate: [
      'src/components/ApiConsole/auth/schemes.ts',
      'src/components/ApiConsole/auth/oauth.ts',
      'src/components/ApiConsole/auth/store.ts',
    ],
    tests: [
      'src/components/ApiConsole/auth/auth.test.ts',
      'src/components/ApiConsole/auth/store.test.ts',
      'src/components/ApiConsole/console-safety.test.ts',
      'src/components/ApiConsole/share-oauth.test.ts',
    ],
  },
  {
    name: 'share-links',
    guards: 'shared console links (never carry credentials)',
    mutate: ['src/components/ApiConsole/share.ts'],
    tests: [
      'src/components/ApiConsole/share.test.ts',
      'src/components/ApiConsole/share-oauth.test.ts',
      'src/components/ApiConsole/console-safety.test.ts',
    ],
  },
  {
    name: 'page-planning',
    guards: 'page addresses (slugs), reserved names, which page each operation gets',
    mutate: ['plugins/api-pages/pages.ts', 'openapi/pipeline/pages.ts', 'openapi/model/operations.ts'],
    tests: [
      'plugins/api-pages/pages.test.ts',
      'plugins/api-pages/overview.test.ts',
      'openapi/pipeline/pages.test.ts',
      'openapi/model/operations.test.ts',
    ],
  },
  {
    name: 'changelog',
    guards: 'which changes are called breaking (and so need a new major version)',
    mutate: ['plugins/changelog/diff.ts'],
    // check-breaking.test.ts is left out: it runs the CLI in child processes (30 s a run) and its
    // classification cases (a removed 200 breaking, a removed 429 not) are rows of diff.test.ts.
    tests: ['plugins/changelog/diff.test.ts', 'plugins/changelog/diff-labels.test.ts'],
  },
  {
    name: 'version-mapping',
    guards: 'where the version switcher takes a reader',
    mutate: ['plugins/api-versions/client/mapping.ts'],
    tests: ['plugins/api-versions/client/mapping.test.ts'],
  },
  {
    name: 'schema-view',
    guards: 'type labels, badges and constraints of every schema a page shows',
    mutate: ['src/components/SchemaView/model.ts', 'src/components/SchemaView/walk.ts'],
    tests: ['src/components/SchemaView/model.test.ts'],
  },
  {
    name: 'page-data-module',
    guards: 'the page data module every API page and its twin read (written by gen:api, read back by the twins)',
    mutate: ['plugins/api-pages/client/page-data-format.ts'],
    tests: ['plugins/api-pages/client/page-data-format.test.ts', 'plugins/agent-docs/operation-markdown-sections.test.ts'],
  },
  {
    name: 'markdown-twins',
    guards: 'the Markdown twin of each API operation page (Copy page, llms.txt, MCP)',
    mutate: ['plugins/agent-docs/operation-markdown.ts'],
    tests: [
      'plugins/agent-docs/operation-markdown.test.ts',
      'plugins/agent-docs/schema-display.test.ts',
      'plugins/agent-docs/operation-markdown-sections.test.ts',
      'plugins/api-pages/client/page-data-format.test.ts',
    ],
  },
  {
    name: 'markdown-twins-html',
    guards: 'the HTML -> Markdown converter of every twin (docs pages and API descriptions)',
    mutate: ['plugins/agent-docs/html-markdown.ts'],
    tests: ['plugins/agent-docs/html-markdown.test.ts', 'plugins/agent-docs/html-markdown-rules.test.ts'],
  },
];
