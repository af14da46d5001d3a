/**
 * Remark plugin for hand-written content (blog, pages): links into the generated API reference.
 *
 * With our own API description nothing changes: a link to a page that does not exist stays a
 * link and the build's broken-link check fails on it. When the portal is pointed at somebody
 * else's OpenAPI document, links into the Rev.io reference cannot exist; they are turned into
 * plain text and each one is reported in the build log, so the portal still builds.
 */
import type {ApiRoutes} from '../api-pages/site-links';

interface MdNode {
  type: string;
  url?: string;
  children?: MdNode[];
}

const API_LINK = /^\/docs\/(api|category\/api)\//;

export default function remarkApiLinks(options: {routes: ApiRoutes}) {
  const {routes} = options;
  const valid = new Set([routes.overviewPath, routes.referencePath, ...routes.categories.map((c) => c.path), ...routes.operationPaths]);
  return (tree: MdNode, file: {path?: string}) => {
    if (!routes.foreign) return;
    const walk = (node: MdNode) => {
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type === 'link' && child.url && API_LINK.test(child.url) && !valid.has(child.url.split('#')[0].replace(/\/$/, ''))) {
          console.warn(`[api-links] ${file.path ?? 'content'}: "${child.url}" is not in this API document; rendered as text.`);
          walk(child);
          return child.children ?? [];
        }
        walk(child);
        return [child];
      });
    };
    walk(tree);
  };
}
