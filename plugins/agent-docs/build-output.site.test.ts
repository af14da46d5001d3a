/**
 * What plugins/agent-docs leaves in a build (run after npm run build; SITE_DIR for another):
 * a Markdown twin for every page under /docs and /blog, operation twins that carry every method,
 * path, parameter and response code of the processed document, llms.txt links that resolve, and
 * a Postman collection that the postman-collection SDK reads with one request per operation.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {Collection} from 'postman-collection';
import {describedOperations} from '../../tests/browser/description';
import {portalConfig} from '../../portal.config';
import {startStaticServer} from '../../tools/serve/static-server';

const BUILD = path.resolve(__dirname, '../..', process.env.SITE_DIR ?? 'build');

function htmlRoutes(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return htmlRoutes(p, `${prefix}/${name}`);
    return name === 'index.html' ? [prefix || '/'] : [];
  });
}

test('every built HTML route under /docs and /blog has its .md twin', () => {
  const routes = [...htmlRoutes(path.join(BUILD, 'docs'), '/docs'), ...htmlRoutes(path.join(BUILD, 'blog'), '/blog')];
  assert.ok(routes.length > 20);
  const missing = routes.filter((r) => !existsSync(path.join(BUILD, `${r}.md`)));
  assert.deepEqual(missing, []);
  assert.ok(existsSync(path.join(BUILD, 'index.md')), '/index.md');
  assert.ok(existsSync(path.join(BUILD, 'markdown-page.md')), '/markdown-page.md');
});

test('every operation twin has its method, path, parameters and response codes', () => {
  for (const op of describedOperations()) {
    const md = readFileSync(path.join(BUILD, `${op.route}.md`), 'utf8');
    assert.ok(md.includes(`\`${op.method.toUpperCase()} ${op.path}\``), `${op.route}: method and path`);
    for (const p of op.parameters) assert.ok(md.includes(`| \`${p.name}\` | ${p.in} |`), `${op.route}: parameter ${p.in} ${p.name}`);
    for (const s of op.statuses) assert.ok(md.includes(`### ${s}`), `${op.route}: response ${s}`);
    for (const f of op.bodyFields) assert.ok(md.includes(`\`${f}\``), `${op.route}: body field ${f}`);
    assert.match(md, /## Example request\n\n```bash\ncurl /, `${op.route}: curl sample`);
  }
});

test('every page links its twin; llms.txt links resolve on the served site, as text/markdown', async () => {
  const html = readFileSync(path.join(BUILD, 'docs/api', `${describedOperations()[0]!.slug}/index.html`), 'utf8');
  assert.ok(html.includes(`<link rel="alternate" type="text/markdown" href="/docs/api/${describedOperations()[0]!.slug}.md">`));
  const llms = readFileSync(path.join(BUILD, 'llms.txt'), 'utf8');
  assert.match(llms, /^# .+\n\n> .+\n/);
  const links = [...llms.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => m[1]!);
  assert.ok(links.length >= describedOperations().length);
  const server = await startStaticServer({root: BUILD});
  try {
    const origin = portalConfig.siteUrl.replace(/\/$/, '');
    for (const link of links) {
      assert.ok(link.startsWith(origin), link);
      const res = await fetch(server.url + link.slice(origin.length + 1), {redirect: 'manual'});
      await res.arrayBuffer();
      assert.equal(res.status, 200, link);
      if (link.endsWith('.md')) assert.equal(res.headers.get('content-type'), 'text/markdown; charset=utf-8', link);
    }
    const route = await fetch(`${server.url}docs/api/${describedOperations()[0]!.slug}`);
    assert.match(route.headers.get('content-type') ?? '', /text\/html/, 'the clean URL still serves the page');
  } finally {
    await server.close();
  }
  const full = readFileSync(path.join(BUILD, 'llms-full.txt'), 'utf8');
  for (const op of describedOperations()) assert.ok(full.includes(`\`${op.method.toUpperCase()} ${op.path}\``));
});

test('the Postman collection parses with the SDK: one request per operation, folders by tag, auth and baseUrl', () => {
  const json = JSON.parse(readFileSync(path.join(BUILD, 'openapi/postman-collection.json'), 'utf8'));
  const collection = new Collection(json);
  const requests: string[] = [];
  collection.forEachItem((item) => {
    requests.push(`${item.request.method} ${item.request.url.getPath()}`);
  });
  assert.equal(requests.length, describedOperations().length);
  const tags = [...new Set(describedOperations().map((o) => o.tags[0]))];
  const folders: string[] = [];
  collection.forEachItemGroup((g) => void folders.push(g.name));
  assert.deepEqual(folders.sort(), tags.sort());
  assert.ok(collection.variables.get('baseUrl'), 'baseUrl variable');
  assert.ok(json.auth?.type, 'collection auth');
  assert.ok(existsSync(path.join(BUILD, 'openapi/openapi.yaml')));
});
