/**
 * The docs MCP server through the SDK's own client (stdio transport, spawning the server), against
 * the build folder and against the same build served over HTTP. Needs a build (npm run build).
 */
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {startStaticServer, type RunningServer} from '../../../tools/serve/static-server';
import {describedOperations} from '../../../tests/browser/description';

const ROOT = path.resolve(__dirname, '../../..');
const BUILD = path.resolve(ROOT, process.env.SITE_DIR ?? 'build');
const SERVER = path.join(__dirname, 'server.ts');

async function connect(site: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [require.resolve('tsx/cli'), SERVER, '--site', site],
    stderr: 'ignore',
  });
  const client = new Client({name: 'docs-mcp-test', version: '1.0.0'});
  await client.connect(transport);
  return client;
}

const textOf = (r: unknown) => ((r as {content: {type: string; text: string}[]}).content ?? []).map((c) => c.text).join('\n');

let http: RunningServer;
before(async () => {
  assert.ok(existsSync(path.join(BUILD, 'agent-docs.json')), `${BUILD} has no agent-docs.json: run npm run build`);
  http = await startStaticServer({root: BUILD});
});
after(() => http.close());

for (const kind of ['build folder', 'served site'] as const) {
  describe(`MCP server on the ${kind}`, () => {
    let client: Client;
    before(async () => {
      client = await connect(kind === 'build folder' ? BUILD : http.url);
    });
    after(() => client.close());

    test('lists the four tools', async () => {
      const {tools} = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['get_operation', 'get_page', 'list_operations', 'search_docs']);
    });

    test('list_operations lists every operation, and filters by tag', async () => {
      const ops = describedOperations();
      const all = textOf(await client.callTool({name: 'list_operations', arguments: {}}));
      for (const op of ops) assert.ok(all.includes(`${op.method.toUpperCase()} ${op.path}`), `${op.method} ${op.path} listed`);
      const tag = ops[0]!.tags[0]!;
      const some = textOf(await client.callTool({name: 'list_operations', arguments: {tag: tag.toLowerCase()}}));
      const expected = ops.filter((o) => o.tags.includes(tag));
      assert.match(some, new RegExp(`^${expected.length} operations`));
      const unknown = await client.callTool({name: 'list_operations', arguments: {tag: 'no-such-tag'}});
      assert.equal(unknown.isError, true);
    });

    test('get_operation by operationId and by method and path', async () => {
      const op = describedOperations().find((o) => o.operationId)!;
      const byId = textOf(await client.callTool({name: 'get_operation', arguments: {operationId: op.operationId}}));
      assert.ok(byId.includes(`${op.method.toUpperCase()} ${op.path}`));
      for (const s of op.statuses) assert.ok(byId.includes(`### ${s}`), `status ${s}`);
      const byPath = textOf(await client.callTool({name: 'get_operation', arguments: {method: op.method.toUpperCase(), path: op.path}}));
      assert.equal(byPath, byId);
      assert.equal((await client.callTool({name: 'get_operation', arguments: {operationId: 'nope'}})).isError, true);
    });

    test('get_page reads Markdown twins by route and by URL', async () => {
      const home = textOf(await client.callTool({name: 'get_page', arguments: {route: '/'}}));
      assert.match(home, /^# /);
      const post = textOf(await client.callTool({name: 'get_page', arguments: {route: 'https://developers.rev.io/blog/welcome'}}));
      assert.match(post, /^# Welcome to the Developer Portal/);
      assert.equal((await client.callTool({name: 'get_page', arguments: {route: '/nope'}})).isError, true);
    });

    test('search_docs answers from the site search index', async () => {
      const r = textOf(await client.callTool({name: 'search_docs', arguments: {query: 'create customer', limit: 5}}));
      assert.match(r, /Results for "create customer"/);
      assert.match(r, /\/docs\/api\/create-customer\.md/);
      const none = textOf(await client.callTool({name: 'search_docs', arguments: {query: 'zzqqxxnothing'}}));
      assert.match(none, /No results/);
    });
  });
}
