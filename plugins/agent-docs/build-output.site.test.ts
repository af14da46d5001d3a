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
import {loadPortalConfig} from '../../portal.config';
import {startStaticServer} from '../../tools/serve/static-server';
import type {AnyNode, Element} from 'domhandler';
import {DomUtils, parseDocument} from './html-markdown';

const portalConfig = loadPortalConfig();

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

/** An element's text with each <code> written as a code span (the twin's form of the same text). */
function markdownText(node: AnyNode): string {
  if (node.type === 'text') return (node as unknown as {data: string}).data;
  if (node.type !== 'tag') return '';
  const el = node as Element;
  if (el.name === 'code') return `\`${DomUtils.textContent(el)}\``;
  return el.children.map(markdownText).join('');
}

/** The element's children whose class is a CSS module class named `name` (name_hash). */
const childrenOf = (el: Element, name: string): Element[] =>
  el.children.filter((c): c is Element => c.type === 'tag' && (c.attribs.class ?? '').split(' ').some((k) => k.startsWith(`${name}_`)));

/** The page's line of allowed values and constraints under a field or parameter, as twin parts. */
function constraintParts(item: Element): string[] {
  const parts = childrenOf(item, 'enum').map(
    (div) =>
      `${DomUtils.textContent(div.children[0]!)} ${DomUtils.findAll((e) => e.name === 'code', div.children)
        .map(markdownText)
        .join(', ')}`,
  );
  for (const div of childrenOf(item, 'constraints'))
    parts.push(...div.children.filter((c): c is Element => c.type === 'tag').map(markdownText));
  return parts;
}

test('every field and parameter a page shows reads the same in its twin: type label, labels, allowed values, constraints', () => {
  let fields = 0;
  let params = 0;
  for (const op of describedOperations()) {
    const doc = parseDocument(readFileSync(path.join(BUILD, op.route, 'index.html'), 'utf8'));
    const md = readFileSync(path.join(BUILD, `${op.route}.md`), 'utf8');
    const lines = md.split('\n').map((l) => l.trim());
    for (const li of DomUtils.findAll(
      (e) => e.name === 'li' && (e.attribs.class ?? '').split(' ').some((k) => k.startsWith('property_')),
      doc.children,
    )) {
      const head = childrenOf(li, 'head')[0]!;
      const name = DomUtils.textContent(childrenOf(head, 'name')[0]!);
      const parts = [DomUtils.textContent(childrenOf(head, 'type')[0]!)];
      for (const badges of childrenOf(head, 'badges'))
        parts.push(...badges.children.filter((c): c is Element => c.type === 'tag').map(markdownText));
      parts.push(...constraintParts(li));
      const label = name === '{key}' ? '`*` (any other key)' : `\`${name}\``;
      // A circular field: the twin says "circular: X, described above" where the page has its badge.
      const expected = `- ${label} (${parts.filter((p) => p !== 'circular').join(', ')}`;
      assert.ok(
        lines.some(
          (l) =>
            l === `${expected})` || l.startsWith(`${expected})`) || l.startsWith(`${expected}, `) || l.startsWith(`${expected} (circular)`),
        ),
        `${op.route}: field ${name} reads "${expected}" on the page, not in the twin`,
      );
      fields++;
    }
    for (const li of DomUtils.findAll((e) => e.name === 'li' && e.attribs['data-param'] !== undefined, doc.children)) {
      const [where, name] = [
        li.attribs['data-param']!.split(':')[0],
        li.attribs['data-param']!.slice(li.attribs['data-param']!.indexOf(':') + 1),
      ];
      const head = childrenOf(li, 'paramHead')[0]!;
      const type = childrenOf(head, 'type').map((t) => DomUtils.textContent(t));
      // The twin writes the example in the description column.
      const parts = [...type, ...constraintParts(li).filter((p) => !p.startsWith('example: '))];
      const row = `| \`${name}\` | ${where} | ${parts.join(', ').replace(/\|/g, '\\|')} |`;
      assert.ok(md.includes(row), `${op.route}: parameter ${name} reads "${row}" on the page, not in the twin`);
      params++;
    }
  }
  assert.ok(fields > 100 && params > 20, `${fields} fields, ${params} parameters compared`);
});
