#!/usr/bin/env node
// The portal's documentation MCP server (stdio): plugins/agent-docs/mcp/server.ts, run with tsx.
// Usage: docs-mcp --site <URL of a deployed portal | build folder>
const path = require('node:path');
const {spawnSync} = require('node:child_process');
const server = path.join(__dirname, '..', 'plugins', 'agent-docs', 'mcp', 'server.ts');
const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), server, ...process.argv.slice(2)], {stdio: 'inherit'});
process.exit(run.status ?? 1);
