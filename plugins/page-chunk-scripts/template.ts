/**
 * The page template (Docusaurus's `ssrTemplate`): Docusaurus 3.7's own, with the page's scripts in
 * the order that lets them run without waiting on one another: runtime~main.js, then the page's
 * route chunks (./manifest.ts makes Docusaurus list them), then main.js. All are `defer`, so they
 * download in parallel while the HTML is parsed and run in document order: when main.js starts the
 * app, the chunks of the first page are installed and its `preload()` has nothing left to fetch.
 * A chunk that failed to load is taken out of the page by ./client.ts before `preload()` runs,
 * so webpack's loader asks for it again instead of waiting on the failed element.
 */
export const PAGE_CHUNK_ATTRIBUTE = 'data-page-chunk';

export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% const isRuntime = (s) => /(^|\\/)runtime~main\\.[^/]*\\.js$/.test(s); %>
    <% const isMain = (s) => /(^|\\/)main\\.[^/]*\\.js$/.test(s); %>
    <% it.scripts.filter(isRuntime).forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>
    <% it.scripts.filter((s) => !isRuntime(s) && !isMain(s)).forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer ${PAGE_CHUNK_ATTRIBUTE}></script>
    <% }); %>
    <% it.scripts.filter(isMain).forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
