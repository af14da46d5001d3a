/**
 * The keys of an operation's check module (plugins/api-pages/response-checks.ts writes them, the
 * console reads them): "<status> <media type>" for a response, and these two for the request the
 * console is about to send. A status never starts with "request", so the keys cannot collide.
 */

/** The request body's check for a JSON media type. */
export const requestBodyKey = (mediaType: string) => `request ${mediaType}`;

/**
 * The parameters' check: one object whose properties are the operation's parameters, keyed
 * "<in>:<name>" like the console's form state, with the required ones in `required`.
 */
export const REQUEST_PARAMETERS_KEY = 'request parameters';

/** The property name of a parameter in the parameters' check ("query:status"). */
export const parameterKey = (p: {in: string; name: string}) => `${p.in}:${p.name}`;

/**
 * One item of a streamed response (OpenAPI 3.2 `itemSchema`): "<status> <media type> item". For
 * server-sent events whose `data` is JSON (`contentMediaType` + `contentSchema`), the check takes
 * the event with its data parsed, and checks the data against `contentSchema`.
 */
export const itemKey = (status: string, mediaType: string) => `${status} ${mediaType} item`;
