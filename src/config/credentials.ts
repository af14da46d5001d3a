/**
 * The environment variables a reader exports before running a request from the portal: the one
 * definition of their names. Read by
 * - the code samples of every operation, in all eight languages (plugins/api-pages/page-data.ts
 *   `sampleRequest` puts these names into the request the generators write), and so by the
 *   Markdown twins, which show the same samples;
 * - the home page's first request (src/components/HomepageFirstRequest/request.ts);
 * - the overview text of our description (openapi/source/openapi.yaml) and the style guide
 *   (src/pages/markdown-page.md) and blog, which are prose: `credentials.test.ts` checks that the
 *   variables they name are these.
 *
 * Every name starts with `API_`, whatever the API's brand, so the samples read the same variables
 * for any document the portal is built from. Plain data and functions, no Node APIs: the browser
 * bundle imports it.
 */
export const CREDENTIAL_ENV = {
  /** HTTP Basic authentication: the API user's name. */
  username: 'API_USERNAME',
  /** HTTP Basic authentication: the API user's password. */
  password: 'API_PASSWORD',
  /** An HTTP Bearer token (`Authorization: Bearer …`). */
  token: 'API_TOKEN',
  /** An OAuth 2.0 or OpenID Connect access token (sent as a Bearer token). */
  accessToken: 'API_ACCESS_TOKEN',
  /**
   * The API's base URL, in the overview's shell examples (`"$API_BASE_URL/customers"`). The code
   * samples write the document's server URL itself.
   */
  baseUrl: 'API_BASE_URL',
} as const;

/** The prefix of every credential variable. */
export const CREDENTIAL_ENV_PREFIX = 'API_';

/** Text as an environment variable's name: `subscriptionKey`, `subscription-key` -> `SUBSCRIPTION_KEY`. */
export function screamingSnakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

/**
 * The variable holding the value of an API key scheme, named after the scheme's key in
 * `components.securitySchemes`: `subscriptionKey` -> `API_SUBSCRIPTION_KEY`, `ApiKeyAuth` ->
 * `API_KEY_AUTH` (the prefix is not doubled), and a key with no letters or digits -> `API_KEY`.
 * The prefix also keeps a key that starts with a digit a valid shell variable name.
 */
export function apiKeyEnvVar(schemeKey: string): string {
  const name = screamingSnakeCase(schemeKey);
  if (!name || name === 'API') return `${CREDENTIAL_ENV_PREFIX}KEY`;
  return name.startsWith(CREDENTIAL_ENV_PREFIX) ? name : `${CREDENTIAL_ENV_PREFIX}${name}`;
}

/** Every fixed name of the definition (API key variables are per scheme: apiKeyEnvVar). */
export const CREDENTIAL_ENV_NAMES: readonly string[] = Object.values(CREDENTIAL_ENV);
