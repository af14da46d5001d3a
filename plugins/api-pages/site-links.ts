/**
 * Links the site chrome needs into the generated API reference (navbar, footer, home page,
 * announcement), derived from the processed OpenAPI document so that the portal builds with no
 * broken link whichever document it is pointed at.
 */
import {existsSync, readFileSync} from 'node:fs';
import kebabCase from 'lodash/kebabCase';
import {documentOverviewSlug, listOperations} from '../../openapi/model/operations';
import {apiPageRoute, categoryRoute} from '../../openapi/model/routes';
import {operationTree} from '../../openapi/model/tags';
import type {ApiSiteLinks} from './client/site-links';

/** Every route of the generated reference: overview, category indexes and operation pages. */
export interface ApiRoutes extends ApiSiteLinks {
  operationPaths: string[];
}

/**
 * The reference's routes from the processed document at `processedSpec`; `ownDocument`: whether it is
 * our own description (portal.config.ts), which the pages say as `foreign`.
 */
export function apiSiteLinks(
  processedSpec: string,
  ownDocument: boolean,
  referenceTag = process.env.PORTAL_REFERENCE_TAG ?? 'Contacts',
): ApiRoutes {
  if (!existsSync(processedSpec)) {
    // Before "npm run spec" has run (e.g. "docusaurus clear"): the links of our own document.
    return {
      overviewPath: apiPageRoute('rev-io-api'),
      referencePath: categoryRoute('contacts'),
      categories: ['Bill Profiles', 'Contacts', 'Customers', 'Invoices', 'Tickets'].map((label) => ({
        label,
        path: categoryRoute(kebabCase(label)),
      })),
      operationPaths: [],
      foreign: false,
    };
  }
  const doc = JSON.parse(readFileSync(processedSpec, 'utf8'));
  const refs = listOperations(doc, {webhooks: true});
  const operationPaths = refs.map((op) => apiPageRoute(op.slug ?? ''));
  // The sidebar's top-level categories (openapi/model/tags.ts): badge and audience tags have no page.
  const top = operationTree(doc, refs);
  // Labelled as the sidebar labels them (a 3.2 summary, x-displayName); PORTAL_REFERENCE_TAG names the tag.
  const categories = top.map((node) => ({label: node.label, path: categoryRoute(node.slug)}));
  const reference =
    categories[
      Math.max(
        0,
        top.findIndex((n) => n.name === referenceTag),
      )
    ];
  const overviewPath = apiPageRoute(documentOverviewSlug(doc));
  return {
    overviewPath,
    referencePath: reference?.path ?? overviewPath,
    categories,
    operationPaths,
    foreign: !ownDocument,
  };
}
