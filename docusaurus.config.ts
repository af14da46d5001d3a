import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Config, PluginConfig} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {themes as prismThemes} from 'prism-react-renderer';
import {loadPortalConfig} from './portal.config';
import {searchOptions} from './src/config/search';
import {apiSiteLinks} from './plugins/api-pages/site-links';
import {publicDirOf} from './plugins/api-pages/public-files';
import remarkApiLinks from './plugins/remark/api-links';
import remarkStaticCode from './plugins/remark/static-code';
import remarkGuides from './plugins/guides/remark';
import {cleanHtmlPathScript} from './plugins/clean-html-path/script';
import {ssrTemplate} from './plugins/page-chunk-scripts/template';

// Site wiring only: brand, addresses and the OpenAPI location come from portal.config.ts.
const portalConfig = loadPortalConfig();
const {brand, apiBaseUrl, processedSpec, siteUrl, baseUrl, currentVersion, olderVersions} = portalConfig;
// API versions (plugins/api-versions): the current one under /docs, older ones under /<id>/docs.
for (const v of olderVersions) {
  const sidebar = path.join(v.docsDir, 'sidebars.json');
  if (!existsSync(sidebar))
    throw new Error(
      `docusaurus.config.ts: ${sidebar} (API version "${v.id}") does not exist. Run "npm run gen:versions" (build and start run it for you), or set PORTAL_API_VERSIONS=none.`,
    );
}
const apiVersions = [
  {id: currentVersion.id, label: currentVersion.label, base: currentVersion.routeBasePath, processedSpec},
  ...olderVersions.map((v) => ({id: v.id, label: v.label, base: v.routeBasePath, processedSpec: v.processedSpec})),
];
const routes = apiSiteLinks(processedSpec, portalConfig.ownDocument);
const {operationPaths: _pages, ...api} = routes; // the page list stays out of the client bundle
// The API parts guides, blog posts and pages embed (plugins/guides), resolved at build time.
const guides = [remarkGuides, {processedSpec, foreign: routes.foreign}];
const contentRemarkPlugins = [guides, [remarkApiLinks, {routes}], remarkStaticCode];

const config: Config = {
  title: 'Developer Portal',
  tagline: `API Documentation for ${brand}`,
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  trailingSlash: undefined,

  // static/, and the generated files each API version serves as they are (response checks).
  staticDirectories: [
    'static',
    publicDirOf('docs/api'),
    ...olderVersions.map((v) => publicDirOf(path.relative(__dirname, path.join(v.docsDir, 'api')))),
  ],

  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  i18n: {defaultLocale: 'en', locales: ['en']},

  // "/x.html" and "/x/index.html" -> "/x" before the app starts, on any static host.
  headTags: [{tagName: 'script', attributes: {}, innerHTML: cleanHtmlPathScript(baseUrl)}],

  future: {
    // Rspack, SWC and Lightning CSS, except SWC's HTML minifier: with it the build's native memory
    // grows with every page rendered (BENCHMARKS.md, "Measurements behind the code").
    experimental_faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: false,
      lightningCssMinimizer: true,
      rspackBundler: true,
      mdxCrossCompilerCache: true,
    },
  },

  markdown: {
    format: 'mdx',
    mdx1Compat: {comments: true, admonitions: true, headingIds: true},
  },

  customFields: {
    brand,
    apiBaseUrl,
    api,
    // "Try it": the mock server the console offers first and the CORS proxy it sends through
    // (plugins/api-console); left out when neither is set, so the default bundle carries nothing.
    ...(portalConfig.mockUrl || portalConfig.proxyUrl
      ? {tryIt: {mockUrl: portalConfig.mockUrl ?? null, proxyUrl: portalConfig.proxyUrl ?? null}}
      : {}),
    // The version switcher's list (the page mapping loads when it is opened): id, label, route base.
    apiVersions: olderVersions.length ? apiVersions.map(({id, label, base}) => ({id, label, base})) : [],
  },

  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          // The guides (docs/guides) link into the reference like the blog does: with a foreign
          // document those links become text (plugins/remark/api-links) instead of breaking the build.
          remarkPlugins: contentRemarkPlugins,
          exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**'],
        },
        blog: {
          remarkPlugins: contentRemarkPlugins,
          showReadingTime: true,
          blogTitle: 'Developer Portal blog',
          blogDescription: `News, guides and release notes for developers building on the ${brand} API.`,
          postsPerPage: 10,
          feedOptions: {
            type: 'all',
            title: 'Developer Portal blog',
            description: `News and guides for the ${brand} API`,
            copyright: `Copyright © 2025 ${brand}`,
            language: 'en',
          },
          onInlineAuthors: 'throw',
          onInlineTags: 'throw',
          onUntruncatedBlogPosts: 'throw',
        },
        pages: {remarkPlugins: contentRemarkPlugins},
        theme: {customCss: ['./src/css/custom.css', './src/css/api.css']},
        sitemap: {changefreq: 'weekly', priority: 0.5},
      } satisfies Preset.Options,
    ],
  ],

  ssrTemplate,

  clientModules: ['./src/clientModules/idle-prefetch.ts', './src/clientModules/warm-collator.ts'],

  plugins: [
    './plugins/prism-on-demand/index.ts',
    './plugins/server-shared-chunks/index.ts',
    './plugins/client-shared-chunks/index.ts',
    './plugins/client-site-config/index.ts',
    // The home page's request, highlighted at build time (no page runs a highlighter), for the home page only.
    ['./plugins/first-request/index.ts', {apiBaseUrl}],
    './plugins/resilient-preload/index.ts',
    // Each page's HTML lists its own chunks before main.js (with ssrTemplate below).
    './plugins/page-chunk-scripts/index.ts',
    // Content-Security-Policy in every page and as hosting headers (after the pages are written).
    [
      './plugins/csp/index.ts',
      {
        processedSpec,
        versionSpecs: olderVersions.map((v) => v.processedSpec),
        imgSrc: portalConfig.imgSrc,
        connectSrc: portalConfig.connectSrc,
        consoleUrls: [portalConfig.mockUrl, portalConfig.proxyUrl].filter(Boolean),
      },
    ],
    // Markdown twins of every page, llms.txt, llms-full.txt and the MCP server's index (after the pages are written).
    [
      './plugins/agent-docs/index.ts',
      {
        processedSpec,
        versions: olderVersions.map((v) => ({
          id: v.id,
          routeBasePath: v.routeBasePath,
          apiDocsDir: path.join(v.docsDir, 'api'),
          processedSpec: v.processedSpec,
        })),
      },
    ],
    // Older API versions: one docs instance each (pages generated by npm run gen:versions), and
    // the page lists the navbar's version switcher loads when opened.
    ...olderVersions.map(
      (v) =>
        [
          '@docusaurus/plugin-content-docs',
          {
            id: v.pluginId,
            path: v.docsDir,
            routeBasePath: v.routeBasePath.slice(1),
            sidebarPath: path.join(v.docsDir, 'sidebars.json'),
            remarkPlugins: [remarkStaticCode],
            exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**'],
          },
        ] as PluginConfig,
    ),
    // Always on: the switcher's lazily loaded menu imports its data even when it is never shown.
    ['./plugins/api-versions/plugin.ts', {versions: apiVersions}] as PluginConfig,
    // The API changelog's RSS feed beside its page (the page itself is generated by gen:api).
    './plugins/changelog/index.ts',
    // npm start only: a save in the OpenAPI source rebuilds the API pages it changes (plugins/live-preview).
    [
      './plugins/live-preview/index.ts',
      {specSource: portalConfig.specSource, processedSpec, apiBaseUrl, ownDocument: portalConfig.ownDocument},
    ],
  ],

  // The search index of each older version's pages is its own (/<id>/docs/search-index.json).
  themes: [
    [
      './plugins/search/plugin.ts',
      {
        ...searchOptions,
        docsRouteBasePath: [searchOptions.docsRouteBasePath, ...olderVersions.map((v) => v.routeBasePath)],
        api: {
          document: processedSpec,
          current: currentVersion.id,
          older: olderVersions.map((v) => ({id: v.id, routeBasePath: v.routeBasePath, apiDocument: v.processedSpec})),
        },
      },
    ],
  ],

  themeConfig: {
    metadata: [{name: 'description', content: `API Documentation for ${brand}`}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'announcement-2025-sandbox',
      // A long version, and a short one that fits one line on a phone (src/theme/AnnouncementBar).
      content:
        `<span class="announcement-long">Every API page now has a request console: open an operation and press <b>Try it</b>. <a href="${baseUrl}${api.overviewPath.slice(1)}">Start with the overview</a>.</span>` +
        `<span class="announcement-short">New: <a href="${baseUrl}${api.overviewPath.slice(1)}">Try it on every API page</a></span>`,
      backgroundColor: '#123a6b',
      textColor: '#ffffff',
      isCloseable: true,
    },
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: true},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'Developer Portal',
      hideOnScroll: true,
      logo: {alt: `${brand} Developer Portal`, src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {to: api.referencePath, label: 'API Reference', position: 'left'},
        ...(olderVersions.length ? [{type: 'custom-apiVersion', position: 'right' as const}] : []),
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Reference',
          items: [
            {label: 'API overview', to: api.overviewPath},
            // Every API category (the column used to stop at four and leave out the last).
            ...api.categories.map((c) => ({label: c.label, to: c.path})),
          ],
        },
        {
          title: 'Learn',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'Markdown page', to: '/markdown-page'},
            {label: 'Search', to: '/search'},
          ],
        },
      ],
      copyright: `Copyright © 2025 ${brand}. Built with Docusaurus.`,
    },
    prism: {
      theme: prismThemes.vsLight,
      darkTheme: prismThemes.dracula,
      additionalLanguages: [],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
