import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {ApiSiteLinks} from '../../plugins/api-pages/client/site-links';

/**
 * Links into the generated API reference (overview, navbar target, categories), derived at build
 * time from the processed OpenAPI document (see plugins/api-pages/site-links.ts).
 */
export function useApiLinks(): ApiSiteLinks {
  const {siteConfig} = useDocusaurusContext();
  return siteConfig.customFields!.api as ApiSiteLinks;
}

/** Whether a category route exists in the current API document. */
export function useHasApiPath(): (path: string) => boolean {
  const links = useApiLinks();
  const known = new Set([links.overviewPath, links.referencePath, ...links.categories.map((c) => c.path)]);
  return (path) => known.has(path);
}
