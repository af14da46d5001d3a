/**
 * The home page's first request, as text. Plain code without Node or DOM APIs: plugins/first-request
 * makes it and its token markup once, at build time (a generated JSON module the home page
 * imports), and the component shows both.
 */
import {apiKeyEnvVar, CREDENTIAL_ENV} from '../../config/credentials';

export const FIRST_REQUEST_LANGUAGE = 'bash';

/**
 * The credentials of our API's security requirement (openapi/source/openapi.yaml: `basicAuth` and
 * the `subscriptionKey` header), as the operation pages' code samples name their variables.
 */
export const FIRST_REQUEST_CREDENTIALS = {
  username: CREDENTIAL_ENV.username,
  password: CREDENTIAL_ENV.password,
  subscriptionKeyHeader: 'Ocp-Apim-Subscription-Key',
  subscriptionKey: apiKeyEnvVar('subscriptionKey'),
} as const;

/** The variables the reader exports before running the request, in the order the page lists them. */
export const FIRST_REQUEST_VARIABLES: readonly string[] = [
  FIRST_REQUEST_CREDENTIALS.username,
  FIRST_REQUEST_CREDENTIALS.password,
  FIRST_REQUEST_CREDENTIALS.subscriptionKey,
];

/** What plugins/first-request writes for the home page. */
export interface FirstRequest {
  language: string;
  /** The request as the copy button copies it. */
  code: string;
  /** Its token markup (plugins/api-pages/highlight.ts). */
  html: string;
  /** FIRST_REQUEST_VARIABLES, so the page lists them without loading this module and ../../config/credentials. */
  variables: readonly string[];
}

export function firstRequestCode(apiBaseUrl: string): string {
  const base = apiBaseUrl.replace(/\/+$/, '') || 'https://api.example.com';
  const c = FIRST_REQUEST_CREDENTIALS;
  return [
    `curl --request GET \\`,
    `  --url "${base}/customer-summaries?page=1&page_size=5" \\`,
    `  --user "$${c.username}:$${c.password}" \\`,
    `  --header "${c.subscriptionKeyHeader}: $${c.subscriptionKey}" \\`,
    `  --header "Accept: application/json"`,
  ].join('\n');
}
