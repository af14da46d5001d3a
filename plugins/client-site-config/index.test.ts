import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {clientSiteConfig, clientSiteConfigModule} from './index';

const root = path.resolve(__dirname, '../..');
const config = {
  title: 'Developer Portal',
  baseUrl: '/portal/',
  customFields: {brand: 'Rev.io', apiVersions: [{id: 'v2', base: '/docs'}]},
  themeConfig: {navbar: {title: 'Rev.io'}},
  presets: [['classic', {blog: {remarkPlugins: [[() => undefined, {routes: {operationPaths: ['/docs/api/a']}}]]}}]],
  plugins: [['/home/builder/site/plugins/csp/index.ts', {processedSpec: '/home/builder/site/openapi/processed/openapi.json'}]],
  themes: [['/home/builder/site/plugins/search/plugin.ts', {language: ['en']}]],
  ssrTemplate: '<!DOCTYPE html><html <%~ it.htmlAttributes %>>…',
};

test('the browser gets every setting but the plugin, preset and theme entries and the page template', () => {
  const client = clientSiteConfig(config);
  const {ssrTemplate: _template, ...rest} = config;
  assert.deepEqual(client, {...rest, presets: [], plugins: [], themes: []});
  assert.ok(!('ssrTemplate' in client), 'no page template in the browser');
  assert.deepEqual(config.plugins.length, 1, 'the build keeps its own config whole');
});

test('the module holds no plugin option and no path of the build machine', () => {
  const source = clientSiteConfigModule(config);
  assert.match(source, /^export default \{\n/);
  assert.deepEqual(new Function(`return ${source.replace(/^export default /, '').replace(/;\n$/, '')}`)(), clientSiteConfig(config));
  for (const gone of ['operationPaths', '/home/builder', 'processedSpec', 'remarkPlugins', 'htmlAttributes'])
    assert.ok(!source.includes(gone), gone);
});

/** The client code of Docusaurus and of the site (what the browser bundle is made of). */
function clientFiles(): string[] {
  const dirs = [
    'node_modules/@docusaurus/core/lib/client',
    'node_modules/@docusaurus/theme-classic/lib/theme',
    'node_modules/@docusaurus/theme-common/lib',
    'node_modules/@docusaurus/plugin-content-docs/lib/client',
    'node_modules/@docusaurus/plugin-content-blog/lib/client',
    'node_modules/@easyops-cn/docusaurus-search-local/dist/client',
    'src',
  ];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(m?js|tsx?)$/.test(entry) && !entry.endsWith('.d.ts') && !/\.test\.tsx?$/.test(entry)) files.push(file);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return files;
}

test('no client code reads the entries the browser does not get (the rule the plugin rests on)', () => {
  const files = clientFiles();
  assert.ok(files.length > 100, `${files.length} client files read`);
  const readers = files.filter((file) =>
    /siteConfig\??\.(presets|plugins|themes|ssrTemplate)\b|\{[^}]*\b(presets|plugins|themes|ssrTemplate)\b[^}]*\}\s*=\s*(siteConfig|useDocusaurusContext\(\)\.siteConfig)/.test(
      readFileSync(file, 'utf8'),
    ),
  );
  assert.deepEqual(
    readers.map((f) => path.relative(root, f)),
    [],
  );
});
