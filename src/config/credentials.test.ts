/**
 * One definition of the credential variables (./credentials.ts): the code samples read those
 * names, the home page lists and uses them, and every hand-written text that tells a reader what
 * to export (the overview of our description and of each release, the style guide, the blog)
 * names only them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {OUR_SOURCE} from '../../openapi/pipeline/build';
import {listReleases, loadRelease, releaseDocument, RELEASES_DIR} from '../../openapi/pipeline/release';
import {projectRoot} from '../../portal.config';
import {PageDataBuilder, sampleRequest} from '../../plugins/api-pages/page-data';
import {renderSampleSources, type SampleRequest} from '../../plugins/api-pages/code-samples';
import {FIRST_REQUEST_VARIABLES, firstRequestCode} from '../components/HomepageFirstRequest/request';
import {apiKeyEnvVar, CREDENTIAL_ENV, CREDENTIAL_ENV_NAMES, screamingSnakeCase} from './credentials';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

test('apiKeyEnvVar: API_ and the scheme key in capitals, the prefix never doubled', () => {
  assert.equal(apiKeyEnvVar('subscriptionKey'), 'API_SUBSCRIPTION_KEY');
  assert.equal(apiKeyEnvVar('subscription-key'), 'API_SUBSCRIPTION_KEY');
  assert.equal(apiKeyEnvVar('ApiKeyAuth'), 'API_KEY_AUTH');
  assert.equal(apiKeyEnvVar('api_key'), 'API_KEY');
  assert.equal(apiKeyEnvVar('api'), 'API_KEY');
  assert.equal(apiKeyEnvVar('2fa'), 'API_2FA');
  assert.equal(apiKeyEnvVar('--'), 'API_KEY');
  assert.equal(screamingSnakeCase('getCustomerLedger'), 'GET_CUSTOMER_LEDGER');
  for (const name of CREDENTIAL_ENV_NAMES) assert.match(name, /^API_[A-Z0-9_]+$/);
});

/** The variables a request reads (credentials; the URL is the document's). */
function readVariables(req: SampleRequest): string[] {
  const {basic, bearer, headers, query, cookies} = req.auth;
  return [
    ...(basic ? [basic.userVar, basic.passwordVar] : []),
    ...(bearer ? [bearer.tokenVar] : []),
    ...[...headers, ...query, ...(cookies ?? [])].map((k) => k.envVar),
  ];
}

test('the code samples name their variables from the definition, for every kind of security scheme', () => {
  const doc: Json = {
    openapi: '3.0.3',
    info: {title: 't', version: '1'},
    servers: [{url: 'https://api.example.test/v1'}],
    components: {
      securitySchemes: {
        basicAuth: {type: 'http', scheme: 'basic'},
        bearerAuth: {type: 'http', scheme: 'bearer'},
        oauth: {type: 'oauth2', flows: {clientCredentials: {tokenUrl: 'https://auth.example.test/token', scopes: {}}}},
        subscriptionKey: {type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key'},
        queryKey: {type: 'apiKey', in: 'query', name: 'key'},
        session: {type: 'apiKey', in: 'cookie', name: 'sid'},
      },
    },
    paths: {
      '/a': {get: {security: [{basicAuth: [], subscriptionKey: [], queryKey: [], session: []}], responses: {200: {description: 'ok'}}}},
      '/b': {get: {security: [{bearerAuth: []}], responses: {200: {description: 'ok'}}}},
      '/c': {get: {security: [{oauth: []}], responses: {200: {description: 'ok'}}}},
    },
  };
  const builder = new PageDataBuilder(doc);
  const a = sampleRequest(builder.operation('get', '/a'));
  assert.deepEqual(readVariables(a), [
    CREDENTIAL_ENV.username,
    CREDENTIAL_ENV.password,
    'API_SUBSCRIPTION_KEY',
    'API_QUERY_KEY',
    'API_SESSION',
  ]);
  assert.deepEqual(readVariables(sampleRequest(builder.operation('get', '/b'))), [CREDENTIAL_ENV.token]);
  assert.deepEqual(readVariables(sampleRequest(builder.operation('get', '/c'))), [CREDENTIAL_ENV.accessToken]);
  // Every language's sample reads each of them (curl: "$NAME"; the others by the name in a string).
  for (const sample of renderSampleSources(a)) {
    for (const name of readVariables(a)) assert.ok(sample.code.includes(name), `${sample.id} sample reads ${name}`);
  }
});

/** Our document's operations' sample variables, from its bundled form. */
function sampleVariables(doc: Json): Set<string> {
  const builder = new PageDataBuilder(structuredClone(doc));
  const names = new Set<string>();
  for (const [p, item] of Object.entries<Json>(doc.paths)) {
    for (const method of Object.keys(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      readVariables(sampleRequest(builder.operation(method, p))).forEach((n) => names.add(n));
    }
  }
  return names;
}

/** Upper-case variables a text uses: shell `$NAME` / `${NAME}` / `export NAME=`, Python os.environ, Node process.env. */
function namedVariables(text: string): Set<string> {
  const names = new Set<string>();
  const patterns = [
    /\$\{?([A-Z][A-Z0-9_]*)\b/g,
    /\bexport\s+([A-Z][A-Z0-9_]*)=/g,
    /os\.environ(?:\.get\()?\[?\s*["']([A-Z][A-Z0-9_]*)["']/g,
    /process\.env\.([A-Z][A-Z0-9_]*)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) names.add(m[1]!);
  return names;
}

test('the overview of our description and of every release names the variables the samples read, and no others', async () => {
  const documents: [string, Json][] = [
    [path.relative(projectRoot, OUR_SOURCE), await releaseDocument(OUR_SOURCE)],
    ...listReleases(RELEASES_DIR).map((r): [string, Json] => [path.relative(projectRoot, r.file), loadRelease(r)]),
  ];
  for (const [file, doc] of documents) {
    const samples = sampleVariables(doc);
    const allowed = new Set([...CREDENTIAL_ENV_NAMES, ...samples]);
    const named = namedVariables(String(doc.info.description));
    assert.deepEqual(
      [...named].filter((n) => !allowed.has(n)),
      [],
      `${file}#/info/description names variables outside src/config/credentials.ts`,
    );
    // The getting-started example exports each variable the samples read, and the base URL.
    assert.deepEqual(
      [...samples, CREDENTIAL_ENV.baseUrl].filter((n) => !named.has(n)),
      [],
      `${file}#/info/description: variables the samples read but the overview does not name`,
    );
  }
});

test("the style guide, the blog and the guides name only the definition's variables", () => {
  const markdownIn = (dir: string) =>
    readdirSync(path.join(projectRoot, dir))
      .filter((f) => /\.mdx?$/.test(f))
      .map((f) => `${dir}/${f}`);
  const files = ['src/pages/markdown-page.md', ...markdownIn('blog'), ...markdownIn('docs/guides')];
  assert.ok(
    files.some((f) => f.startsWith('docs/guides/')),
    'the guides are read',
  );
  const allowed = new Set([...CREDENTIAL_ENV_NAMES, apiKeyEnvVar('subscriptionKey')]);
  let checked = 0;
  for (const file of files) {
    const named = namedVariables(readFileSync(path.join(projectRoot, file), 'utf8'));
    checked += named.size;
    assert.deepEqual(
      [...named].filter((n) => !allowed.has(n)),
      [],
      `${file} names variables outside src/config/credentials.ts`,
    );
  }
  assert.ok(checked >= 4, 'the texts name credential variables (the check found them)');
});

test("the home page's first request reads the variables the reference's samples read, and lists exactly those", async () => {
  const doc = await releaseDocument(OUR_SOURCE);
  const samples = readVariables(sampleRequest(new PageDataBuilder(structuredClone(doc) as Json).operation('get', '/customer-summaries')));
  assert.deepEqual([...FIRST_REQUEST_VARIABLES], samples);
  const code = firstRequestCode('https://api.example.test/v2');
  assert.deepEqual([...namedVariables(code)].sort(), [...samples].sort());
});
