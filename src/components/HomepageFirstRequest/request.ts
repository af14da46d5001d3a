/**
 * The home page's first request, as text. Plain code without Node or DOM APIs: the component shows
 * it and docusaurus.config.ts highlights it at build time (customFields.firstRequestHtml).
 */
export const FIRST_REQUEST_LANGUAGE = 'bash';

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
