/**
 * The HTTP methods an OpenAPI 3.0/3.1 path item has as fixed fields, in the specification's order
 * (the one list of the project: pipeline, pages, changelog, search and samples read it).
 */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/** Whether a path item's key is an operation's method (lower case, as the document writes it). */
export function isHttpMethod(key: string): key is HttpMethod {
  return METHODS.has(key);
}
