/**
 * The home page's first request, as text. Plain code without Node or DOM APIs: docusaurus.config.ts
 * makes it and its token markup once, at build time (customFields.firstRequest), and the component
 * shows both.
 */
export const FIRST_REQUEST_LANGUAGE = 'bash';

/** What customFields.firstRequest holds. */
export interface FirstRequest {
  language: string;
  /** The request as the copy button copies it. */
  code: string;
  /** Its token markup (plugins/api-pages/highlight.ts). */
  html: string;
}

export function firstRequestCode(apiBaseUrl: string): string {
  const base = apiBaseUrl.replace(/\/+$/, '') || 'https://api.example.com';
  return [
    `curl --request GET \\`,
    `  --url "${base}/customer-summaries?page=1&page_size=5" \\`,
    `  --user "$API_USERNAME:$API_PASSWORD" \\`,
    `  --header "Ocp-Apim-Subscription-Key: $API_SUBSCRIPTION_KEY" \\`,
    `  --header "Accept: application/json"`,
  ].join('\n');
}
