/**
 * The reason phrase the pages and the Markdown twins print beside a response's status code (RFC
 * 9110's phrases for the statuses API descriptions use), one table for both so they agree.
 * Node-free: the operation page imports it.
 */
const REASON_PHRASES: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '406': 'Not Acceptable',
  '409': 'Conflict',
  '410': 'Gone',
  '412': 'Precondition Failed',
  '413': 'Payload Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
};

/** The reason phrase of a status code ("404" -> "Not Found"); undefined for others, ranges ("4XX") and `default`. */
export function reasonPhrase(status: string): string | undefined {
  return Object.hasOwn(REASON_PHRASES, status) ? REASON_PHRASES[status] : undefined;
}
