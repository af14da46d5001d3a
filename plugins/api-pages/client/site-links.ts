/**
 * The links into the generated reference that the site's chrome needs (navbar, home page, footer):
 * plugins/api-pages/site-links.ts derives them from the processed document at build time and
 * docusaurus.config.ts hands them to the pages as `customFields.api` (read by
 * src/config/useApiLinks.ts).
 */
export interface ApiSiteLinks {
  /** The API overview page (from info.title). */
  overviewPath: string;
  /** Where the navbar's "API Reference" link goes: the category of PORTAL_REFERENCE_TAG (default Contacts), else the first. */
  referencePath: string;
  categories: {label: string; path: string}[];
  /** Whether the document is somebody else's (OPENAPI_SOURCE points away from our source). */
  foreign: boolean;
}
