/**
 * Links the site chrome needs into the generated API reference (navbar, footer, home page,
 * announcement), derived from the processed OpenAPI document so that the portal builds with no
 * broken link whichever document it is pointed at.
 */
import {existsSync, readFileSync} from 'node:fs';
import kebabCase from 'lodash/kebabCase';
import {documentOverviewSlug, listOperations} from '../../openapi/model/operations';
import {apiPageRoute, categoryRoute} from '../../openapi/model/routes';
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
  const used = new Set<string>();
  const operationPaths: string[] = [];
  for (const op of listOperations(doc, {webhooks: true})) {
    op.tags.forEach((t) => used.add(t));
    operationPaths.push(apiPageRoute(op.slug ?? ''));
  }
  const declared: string[] = (doc.tags ?? []).map((t: {name: string}) => t.name).filter((n: string) => used.has(n));
  const names = [...declared, ...[...used].filter((n) => !declared.includes(n))];
  const categories = names.map((label) => ({label, path: categoryRoute(kebabCase(label))}));
  const reference = categories.find((c) => c.label === referenceTag) ?? categories[0];
  const overviewPath = apiPageRoute(documentOverviewSlug(doc));
  return {
    overviewPath,
    referencePath: reference?.path ?? overviewPath,
    categories,
    operationPaths,
    foreign: !ownDocument,
  };
}
