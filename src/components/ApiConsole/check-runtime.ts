/**
 * What a response check file may `require`: the few runtime helpers of Ajv's standalone code, each
 * bundled as its own small chunk and loaded only when a check file lists it (see ./check-loader.ts).
 * plugins/api-pages/response-checks.ts refuses to write a check whose code needs anything else, so
 * a check never fails in the browser for a missing helper.
 */
export const CHECK_RUNTIME: Record<string, () => Promise<unknown>> = {
  'ajv-formats/dist/formats': () => import('ajv-formats/dist/formats'),
  'ajv/dist/runtime/ucs2length': () => import('ajv/dist/runtime/ucs2length'),
  'ajv/dist/runtime/equal': () => import('ajv/dist/runtime/equal'),
  'ajv/dist/runtime/uri': () => import('ajv/dist/runtime/uri'),
  'ajv/dist/runtime/validation_error': () => import('ajv/dist/runtime/validation_error'),
};
