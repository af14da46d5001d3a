/**
 * The API pages the product specification names (§2 "Docs routes"), typed out once. Only the
 * spec-conformance checks of our own document use it (openapi/pipeline/build.test.ts for the
 * slugs, tests/browser/routes.test.ts for the built site); every other test derives its pages from
 * the processed document.
 */
export const SPEC_OPERATION_PAGES = [
  'create-bill-profile',
  'create-contact',
  'create-customer',
  'create-invoice',
  'create-ticket',
  'download-invoice',
  'get-a-bill-profile',
  'get-a-list-of-bill-profiles',
  'get-contact',
  'get-contacts',
  'get-customer',
  'get-customer-ledger',
  'get-customer-summaries',
  'get-customer-types',
  'get-invoices-for-a-customer',
  'get-single-ticket',
  'get-ticket-options',
  'get-tickets',
  'update-bill-profile',
  'update-contact',
  'update-customer',
  'update-ticket',
] as const;

/** The overview page (/docs/api/rev-io-api). */
export const SPEC_OVERVIEW_PAGE = 'rev-io-api';

/** The category index pages (/docs/category/api/<slug>). */
export const SPEC_CATEGORIES = ['bill-profiles', 'contacts', 'customers', 'invoices', 'tickets'] as const;
