/**
 * The portal's MCP server (stdio): lets coding agents and other MCP clients search and read the
 * documentation of a deployed portal (URL) or of a local build/ folder.
 *
 *   npm run mcp -- --site https://developers.rev.io     (or --site build)
 *
 * Tools:
 * - search_docs: the site's own search index (build/search-index.json) through the same engine
 *   the browser uses (src/components/Search/engine.ts);
 * - list_operations: the API operations (optionally of one tag), from agent-docs.json;
 * - get_operation: an operation's Markdown twin, by operationId or by method and path;
 * - get_page: the Markdown twin of any page, by route or URL.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {z} from 'zod';
import {SearchEngine, type FetchLike} from '../../../src/components/Search/engine';
import {searchOptions} from '../../../src/config/search';
import type {TwinPage} from '../pages';
import {PortalSite} from './site';

type IndexedPage = Omit<TwinPage, 'markdown'>;

const text = (t: string) => ({content: [{type: 'text' as const, text: t}]});
const failure = (t: string) => ({content: [{type: 'text' as const, text: t}], isError: true});
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** "/x/" "x" "https://site/x?y#z" "/x.md" -> "/x" (a route of the site, with its base path). */
export function normaliseRoute(input: string, baseUrl: string): string {
  let p = input.trim();
  try {
    if (/^https?:\/\//i.test(p)) p = new URL(p).pathname;
  } catch {
    // not a URL
  }
  p = p
    .replace(/[?#].*$/, '')
    .replace(/\.md$/, '')
    .replace(/\/index$/, '/');
  if (!p.startsWith('/')) p = `${baseUrl.replace(/\/$/, '')}/${p}`;
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

export function createServer(site: PortalSite): McpServer {
  const server = new McpServer({name: 'developer-portal-docs', version: '1.0.0'});
  let engine: Promise<SearchEngine> | undefined;

  // The current API version's operations (older versions' pages stay readable with get_page).
  const operations = async (): Promise<IndexedPage[]> =>
    (await site.agentIndex()).pages.filter((p) => p.kind === 'operation' && !p.version);
  const markdownOf = async (page: IndexedPage) => site.read(await site.relative(page.markdownPath));
  const opLine = (p: IndexedPage) =>
    `- ${p.operation!.webhook ? `webhook ${p.operation!.webhook}` : `${p.operation!.method.toUpperCase()} ${p.operation!.path}`}` +
    `${p.operation!.operationId ? ` (operationId: ${p.operation!.operationId})` : ''}: ${p.title}${p.description ? `. ${p.description}` : ''}`;

  const loadEngine = () => {
    engine ??= (async () => {
      const {baseUrl} = await site.agentIndex();
      const e = new SearchEngine();
      const fetchImpl: FetchLike = async (uri) => {
        try {
          const body = await site.read(uri);
          return {ok: true, status: 200, json: async () => JSON.parse(body)};
        } catch {
          return {ok: false, status: 404, json: async () => null};
        }
      };
      const [status] = await e.init(
        {
          options: {
            removeDefaultStopWordFilter: searchOptions.removeDefaultStopWordFilter,
            searchResultContextMaxLength: searchOptions.searchResultContextMaxLength,
            highlightSearchTermsOnTargetPage: false,
            baseUrl,
          },
          site: {heading: null, uri: 'search-index.json'},
          externals: [],
        },
        fetchImpl,
      );
      if (!status?.ok) throw new Error(status?.warning ?? 'the search index could not be loaded');
      // The body text part too (search-index-content.json): an agent waits for the full answer.
      const warnings = await e.complete();
      if (warnings.length) throw new Error(warnings.join('; '));
      return e;
    })();
    engine.catch(() => (engine = undefined));
    return engine;
  };

  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        "Full-text search of the developer portal (API reference, guides, blog). Returns matching pages and sections with the address of each page's Markdown version (read it with get_page).",
      inputSchema: {
        query: z.string().min(1).describe('Search words, e.g. "create customer" or "rate limit"'),
        limit: z.number().int().min(1).max(50).optional().describe('Maximum results (default 10)'),
      },
    },
    async ({query, limit}) => {
      try {
        const e = await loadEngine();
        const {baseUrl} = await site.agentIndex();
        const hits = e.search(query, limit ?? 10).sources[0]?.hits ?? [];
        if (!hits.length) return text(`No results for "${query}".`);
        const lines = hits.map((h) => {
          const route = normaliseRoute(h.url, baseUrl);
          const hash = /#[^?]*$/.exec(h.url.replace(/\?[^#]*/, ''))?.[0] ?? '';
          const title = stripTags(h.titleHtml).trim();
          const where = stripTags(h.pathHtml).trim();
          return `- ${title}${where && where !== title ? ` (${where})` : ''}: page ${route}${hash}, Markdown ${route === baseUrl ? `${baseUrl}index.md` : `${route}.md`}`;
        });
        return text(`Results for "${query}":\n${lines.join('\n')}`);
      } catch (error) {
        return failure(`Search failed: ${(error as Error).message}`);
      }
    },
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List API operations',
      description:
        'Lists the operations of the API reference (method, path, operationId, title), optionally only those of one tag. The tags are listed when the tag is unknown.',
      inputSchema: {tag: z.string().optional().describe('Only operations with this tag (case-insensitive), e.g. "Customers"')},
    },
    async ({tag}) => {
      try {
        const ops = await operations();
        const tags = [...new Set(ops.flatMap((o) => o.operation!.tags))];
        const chosen = tag ? ops.filter((o) => o.operation!.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) : ops;
        if (tag && !chosen.length) return failure(`No operations tagged "${tag}". Tags: ${tags.join(', ')}`);
        const groups = tag ? [tag] : tags;
        const out: string[] = [`${chosen.length} operations${tag ? ` tagged ${tag}` : ''}.`];
        for (const g of groups) {
          const inGroup = chosen.filter((o) => (tag ? true : o.operation!.tags[0] === g));
          if (inGroup.length) out.push('', `## ${g}`, ...inGroup.map(opLine));
        }
        const untagged = tag ? [] : chosen.filter((o) => !o.operation!.tags.length);
        if (untagged.length) out.push('', '## Other', ...untagged.map(opLine));
        return text(out.join('\n'));
      } catch (error) {
        return failure(`Could not list operations: ${(error as Error).message}`);
      }
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description:
        'The full reference of one API operation as Markdown: method and path, base URL, authentication, parameters, request body and response fields, examples and a curl request. Give the operationId, or the method and the path.',
      inputSchema: {
        operationId: z.string().optional().describe('e.g. "createCustomer"'),
        method: z.string().optional().describe('HTTP method, e.g. "POST"'),
        path: z.string().optional().describe('Path as in the reference, e.g. "/customers/{customer_id}"'),
      },
    },
    async ({operationId, method, path}) => {
      try {
        const ops = await operations();
        let found: IndexedPage | undefined;
        if (operationId)
          found =
            ops.find((o) => o.operation!.operationId === operationId) ??
            ops.find((o) => o.operation!.operationId?.toLowerCase() === operationId.toLowerCase());
        else if (method && path)
          found = ops.find(
            (o) =>
              o.operation!.method.toLowerCase() === method.toLowerCase() && (o.operation!.path === path || o.operation!.webhook === path),
          );
        else return failure('Give an operationId, or a method and a path.');
        if (!found)
          return failure(
            `No operation ${operationId ? `with operationId "${operationId}"` : `${method!.toUpperCase()} ${path}`}. Use list_operations to see them.`,
          );
        return text(await markdownOf(found));
      } catch (error) {
        return failure(`Could not read the operation: ${(error as Error).message}`);
      }
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Get a documentation page',
      description:
        'The Markdown version of a page of the portal, by its route ("/docs/api/get-customer", "/blog/welcome", "/") or its full URL.',
      inputSchema: {route: z.string().min(1).describe('Route or URL of the page')},
    },
    async ({route}) => {
      try {
        const {pages, baseUrl} = await site.agentIndex();
        const wanted = normaliseRoute(route, baseUrl);
        const page = pages.find((p) => p.route === wanted);
        if (!page) return failure(`No page at ${wanted}. Pages: ${pages.map((p) => p.route).join(', ')}`);
        return text(await markdownOf(page));
      } catch (error) {
        return failure(`Could not read the page: ${(error as Error).message}`);
      }
    },
  );
  return server;
}

function siteArgument(argv: string[]): string {
  const i = argv.indexOf('--site');
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--site='))?.slice('--site='.length);
  return value ?? process.env.PORTAL_DOCS_SITE ?? 'build';
}

async function main() {
  const site = new PortalSite(siteArgument(process.argv.slice(2)));
  const server = createServer(site);
  await server.connect(new StdioServerTransport());
  console.error(`[docs-mcp] serving ${site.location} on stdio`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
