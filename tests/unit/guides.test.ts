/**
 * The guides (docs/guides) against the description they document (plugins/guides/text-check.ts): the
 * real guides and the processed description agree, and each kind of change to a copy of the
 * description (or of the release the migration guide is about) makes the check name the guide,
 * the line and what no longer holds. Needs `npm run spec` (the unit phase of npm test runs it).
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {test} from 'node:test';
import {loadPortalConfig} from '../../portal.config';
import {buildChangelog} from '../../plugins/changelog/build';
import {diffDocuments} from '../../plugins/changelog/diff';
import {listReleases, loadRelease} from '../../openapi/pipeline/release';
import {checkGuides, context, formatProblem, readGuides, type GuideFile} from '../../plugins/guides/text-check';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

const portalConfig = loadPortalConfig();
if (!existsSync(portalConfig.processedSpec)) throw new Error(`${portalConfig.processedSpec} does not exist: run "npm run spec" first.`);
const processed: Json = JSON.parse(readFileSync(portalConfig.processedSpec, 'utf8'));
const releases = listReleases().map(loadRelease);
const {changelog} = buildChangelog({current: processed, cache: false});
const guides = readGuides();

/** The problems of the real guides against a description changed by `mutate` (on a copy). */
function problemsAfter(mutate: (doc: Json) => void): string[] {
  const doc = structuredClone(processed);
  mutate(doc);
  return checkGuides(guides, context(doc, releases, changelog)).map(formatProblem);
}

/** The 1-based line of a guide that contains `text` (for the expected file:line). */
function lineOf(name: string, text: string): string {
  const g = guides.find((x) => x.name === name)!;
  const i = g.lines.findIndex((l) => l.includes(text));
  assert.ok(i >= 0, `${g.file} contains "${text}"`);
  return `${g.file}:${i + 1}`;
}

function expectProblem(problems: string[], pattern: RegExp): void {
  assert.ok(
    problems.some((p) => pattern.test(p)),
    `expected a problem matching ${pattern}, got:\n${problems.join('\n') || '(none)'}`,
  );
}

const op = (doc: Json, path: string, method: string) => doc.paths[path][method];

test('the guides hold for the processed description and the changelog', () => {
  assert.ok(guides.length >= 7, 'the guides are read');
  const problems = checkGuides(guides, context(processed, releases, changelog)).map(formatProblem);
  assert.deepEqual(problems, []);
});

test('errors guide: a status the description gains, one it loses, a changed code, a changed retry rule', () => {
  expectProblem(
    problemsAfter((d) => (op(d, '/tickets', 'post').responses['418'] = {$ref: '#/components/responses/Conflict'})),
    /^docs\/guides\/errors\.mdx:\d+: status 418 is declared \(#\/paths\/~1tickets\/post\/responses\/418\) but not in the table$/,
  );
  expectProblem(
    problemsAfter((d) => {
      for (const item of Object.values<Json>(d.paths)) for (const o of Object.values<Json>(item)) delete o.responses?.['404'];
    }),
    new RegExp(`^${lineOf('errors', '| `404` Not Found')}: status 404 is not declared by any operation`),
  );
  expectProblem(
    problemsAfter((d) => (d.components.responses.Forbidden.content['application/json'].example.error.code = 'permission_denied')),
    new RegExp(
      `^${lineOf('errors', '| `403` Forbidden')}: status 403: the description's error codes are \`permission_denied\`, the table says \`forbidden\``,
    ),
  );
  expectProblem(
    problemsAfter((d) => delete d.components.responses.TooManyRequests.headers['Retry-After']),
    new RegExp(`^${lineOf('errors', '| `429` Too Many')}: status 429: the table says retry`),
  );
  expectProblem(
    problemsAfter((d) => (d.components.schemas.Error.properties.error.properties.trace_id = {type: 'string'})),
    /errors\.mdx:\d+: the error body's field `error\.trace_id` is not in the table/,
  );
});

test('authentication guide: a scheme the description gains, a changed header, operations with their own requirement', () => {
  const problems = problemsAfter((d) => {
    d.components.securitySchemes.oauth = {
      type: 'oauth2',
      flows: {clientCredentials: {tokenUrl: 'https://auth.example.test/token', scopes: {}}},
    };
    op(d, '/ticket-options', 'get').security = [{oauth: []}];
  });
  expectProblem(problems, /authentication\.mdx:\d+: security scheme `oauth` \(#\/components\/securitySchemes\/oauth\) is not in the table/);
  expectProblem(problems, /authentication\.mdx:\d+: no row for the requirement oauth, which #\/paths\/~1ticket-options\/get declare/);
  expectProblem(
    problems,
    new RegExp(
      `^${lineOf('authentication', '| `basicAuth` and `subscriptionKey` |')}: says every operation needs basicAuth \\+ subscriptionKey, but only 21 of 22 do`,
    ),
  );
  expectProblem(
    problemsAfter((d) => (d.components.securitySchemes.subscriptionKey.name = 'X-Api-Key')),
    new RegExp(`^${lineOf('authentication', '| `subscriptionKey` |')}: \`subscriptionKey\` is sent in the \`X-Api-Key\` header`),
  );
  expectProblem(
    problemsAfter((d) => delete d.components.securitySchemes.basicAuth),
    new RegExp(
      `^${lineOf('authentication', '| `basicAuth` | HTTP Basic')}: security scheme \`basicAuth\` is not declared by the description`,
    ),
  );
});

test('pagination guide: changed limits and defaults, a new filter, a renamed envelope field', () => {
  expectProblem(
    problemsAfter((d) => (d.components.parameters.PageSize.schema.maximum = 200)),
    new RegExp(
      `^${lineOf('pagination', '| `page_size` | query')}: \`page_size\`: #/paths/~1bill-profiles/get/parameters declares in query, default 25, minimum 1, maximum 200`,
    ),
  );
  expectProblem(
    problemsAfter((d) => op(d, '/tickets', 'get').parameters.unshift({name: 'channel', in: 'query', schema: {type: 'string'}})),
    new RegExp(`^${lineOf('pagination', '| [Get tickets]')}: Get tickets takes \`channel\`, \`customer_id\``),
  );
  const renamed = problemsAfter((d) => {
    const meta = d.components.schemas.PageMeta;
    meta.properties.more = meta.properties.has_more;
    delete meta.properties.has_more;
  });
  expectProblem(
    renamed,
    /pagination\.mdx:\d+: the list envelope of #\/paths\/~1bill-profiles\/get has `total_count`, `page`, `page_size`, `more`, `items`/,
  );
  expectProblem(
    problemsAfter(
      (d) =>
        (op(d, '/ticket-options', 'get').parameters = [{$ref: '#/components/parameters/Page'}, {$ref: '#/components/parameters/PageSize'}]),
    ),
    /pagination\.mdx:\d+: Get ticket options \(#\/paths\/~1ticket-options\/get\) is paginated but not in the table/,
  );
});

test('idempotency guide: who takes the key, whether it is required, its rules', () => {
  expectProblem(
    problemsAfter((d) => (op(d, '/tickets', 'post').parameters = [{$ref: '#/components/parameters/IdempotencyKeyRequired'}])),
    new RegExp(`^${lineOf('idempotency', '| [Create ticket]')}: Create ticket: the description makes the key required`),
  );
  const dropped = problemsAfter((d) => (op(d, '/contacts', 'post').parameters = []));
  expectProblem(dropped, new RegExp(`^${lineOf('idempotency', '| [Create contact]')}: create-contact takes no \`Idempotency-Key\``));
  expectProblem(dropped, new RegExp(`^${lineOf('idempotency', 'all the `POST` operations')}: the POST operations`));
  expectProblem(
    problemsAfter((d) => (d.components.parameters.IdempotencyKey.schema.maxLength = 128)),
    new RegExp(`^${lineOf('idempotency', '| Maximum length |')}: Maximum length: #/paths/~1bill-profiles/post declares 128 characters`),
  );
  expectProblem(
    problemsAfter(
      (d) =>
        (d.components.parameters.IdempotencyKey.description = d.components.parameters.IdempotencyKey.description.replace(
          '24 hours',
          '48 hours',
        )),
    ),
    new RegExp(`^${lineOf('idempotency', '| Remembered for |')}: "24 hours": the description of #/paths/~1bill-profiles/post's`),
  );
});

test('webhooks guide: webhooks the description gains, a polling filter it loses', () => {
  expectProblem(
    problemsAfter(
      (d) =>
        (d.webhooks = {
          ticketChanged: {
            post: {requestBody: {content: {'application/json': {schema: {type: 'object'}}}}, responses: {'200': {description: 'ok'}}},
          },
        }),
    ),
    new RegExp(
      `^${lineOf('webhooks', 'has no webhooks')}: says the API has no webhooks, but the description declares #/webhooks/ticketChanged`,
    ),
  );
  expectProblem(
    problemsAfter((d) => (op(d, '/customers/{customer_id}/ledger', 'get').callbacks = {paid: {}})),
    /webhooks\.mdx:\d+: says the API has no webhooks, but the description declares #\/paths\/~1customers~1\{customer_id\}~1ledger\/get\/callbacks\/paid/,
  );
  const noUpdatedSince = problemsAfter(
    (d) => (op(d, '/tickets', 'get').parameters = op(d, '/tickets', 'get').parameters.filter((p: Json) => p.name !== 'updated_since')),
  );
  expectProblem(
    noUpdatedSince,
    new RegExp(
      `^${lineOf('webhooks', '| new and changed tickets')}: Get tickets \\(#/paths/~1tickets/get\\) has no query parameter \`updated_since\``,
    ),
  );
  // The request in the curl example too.
  expectProblem(
    noUpdatedSince,
    new RegExp(`^${lineOf('webhooks', '/tickets?updated_since=')}: a request to /tickets with the query parameter "updated_since"`),
  );
});

test('rate-limits guide: headers the 429 responses gain or lose, a header not on every response, an operation without 429', () => {
  expectProblem(
    problemsAfter((d) => (d.components.responses.TooManyRequests.headers['RateLimit-Policy'] = {schema: {type: 'string'}})),
    /rate-limits\.mdx:\d+: `RateLimit-Policy` comes with the 429 responses but is not in the table/,
  );
  expectProblem(
    problemsAfter((d) => delete op(d, '/tickets', 'get').responses['200'].headers['X-RateLimit-Reset']),
    new RegExp(`^${lineOf('rate-limits', '| `X-RateLimit-Reset` |')}: \`X-RateLimit-Reset\` is not on every response`),
  );
  expectProblem(
    problemsAfter((d) => delete op(d, '/tickets', 'get').responses['429']),
    new RegExp(
      `^${lineOf('rate-limits', 'Every operation can answer `429')}: says every operation can answer 429; #/paths/~1tickets/get declare no 429`,
    ),
  );
});

test('migration guide: a breaking change the changelog gains, one it no longer computes', () => {
  const v11 = releases.find((r) => r.info?.version === '1.1.0')!;
  const v2 = releases.find((r) => r.info?.version === '2.0.0')!;
  const withChangelogOf = (mutate: (release: Json) => void) => {
    const release = structuredClone(v2);
    mutate(release);
    const log = {...changelog, releases: [diffDocuments(v11, release, '2.0.0', '1.1.0')]};
    return checkGuides(guides, context(processed, releases, log)).map(formatProblem);
  };
  // A parameter removed in 2.0.0 is a breaking change the guide does not cover.
  expectProblem(
    withChangelogOf(
      (r) => (r.paths['/tickets'].get.parameters = r.paths['/tickets'].get.parameters.filter((p: Json) => p.name !== 'assignee_id')),
    ),
    /^docs\/guides\/migrating-v1-to-v2\.mdx: the changelog's breaking change of 2\.0\.0 "Removed query parameter `assignee_id`\." \(#\/paths\/~1tickets\/get\/parameters\/5\) is not quoted$/,
  );
  // Create invoice's key left optional: the guide's section quotes a change that no longer exists.
  expectProblem(
    withChangelogOf((r) => (r.paths['/invoices'].post.parameters = [{$ref: '#/components/parameters/IdempotencyKey'}])),
    new RegExp(
      `^${lineOf('migrating-v1-to-v2', 'Header parameter `Idempotency-Key` is now required.')}: the changelog of 2\\.0\\.0 has no breaking change "Header parameter \`Idempotency-Key\` is now required\\."`,
    ),
  );
});

test('every guide: invented names, numbers, links and requests are reported with their line', () => {
  const guide: GuideFile = {
    name: 'scratch',
    file: 'docs/guides/scratch.mdx',
    lines: [
      '---',
      'title: Scratch',
      '---',
      'Send `X-Client-Version` and read `next_cursor` from [Get tickets](/docs/api/get-tickets).',
      'You may make 1500 requests an hour; see [Get ticket](/docs/api/get-ticket).',
      '```bash',
      'curl "$API_BASE_URL/tickets?cursor=abc&page_size=100"',
      'curl "$API_BASE_URL/orders"',
      '```',
      'Codes such as `rate_limited` and `Retry-After` and `error.request_id` exist; 300 requests per window.',
    ],
  };
  const problems = checkGuides([...guides, guide], context(processed, releases, changelog))
    .filter((p) => p.file === guide.file)
    .map(formatProblem);
  assert.deepEqual(problems, [
    'docs/guides/scratch.mdx:4: `X-Client-Version` is not a name the description declares (no field, parameter, header, scheme, enum value or error code of that name)',
    'docs/guides/scratch.mdx:4: `next_cursor` is not a name the description declares (no field, parameter, header, scheme, enum value or error code of that name)',
    'docs/guides/scratch.mdx:5: links to /docs/api/get-ticket: the description has no operation with the slug "get-ticket"',
    'docs/guides/scratch.mdx:5: the number 1500 appears nowhere in the description',
    'docs/guides/scratch.mdx:7: a request to /tickets with the query parameter "cursor", which no operation at /tickets takes',
    'docs/guides/scratch.mdx:8: a request to /orders: the description has no such path',
  ]);
});

test('a guide the checks are for that is missing is reported', () => {
  const problems = checkGuides(
    guides.filter((g) => g.name !== 'errors'),
    context(processed, releases, changelog),
  ).map(formatProblem);
  assert.deepEqual(problems, ['docs/guides/errors.mdx: the guide is missing']);
});
