/**
 * Issue 25: a guide cannot go stale silently. A copy of the project gets a guide whose parts refer
 * to an operation, a parameter and a body field the description does not have; `npm run build`
 * must exit non-zero and name the guide's file and line and what is missing, for each of them.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import type {SpawnSyncReturns} from 'node:child_process';
import {buildCopy, copyProject} from './site-copy';

const copy = copyProject('stale-guide');
let run: SpawnSyncReturns<string>;
before(() => {
  writeFileSync(
    path.join(copy.dir, 'docs/guides/stale.mdx'),
    [
      '# A stale guide',
      '',
      'Retired in v2:',
      '',
      '<OperationCard operationId="bulkImportCustomers" />',
      '',
      '<RequestExample operationId="getContacts" params={{customer: 100482}} />',
      '',
      '<RequestExample operationId="createContact" body={{customer_id: 100482, first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", roles: ["billing"], fax: "+14045550100"}} />',
      '',
    ].join('\n'),
  );
  run = buildCopy(copy.dir);
});
after(() => copy.dispose());

test('the build fails', () => {
  assert.notEqual(run.status, 0, 'npm run build must exit non-zero');
});

test('the failure names the guide, the line and what is missing, for each reference', () => {
  const output = run.stdout + run.stderr;
  assert.match(
    output,
    /docs\/guides\/stale\.mdx:5:1: <OperationCard operationId="bulkImportCustomers">: operation "bulkImportCustomers" is not in the API description/,
  );
  assert.match(
    output,
    /docs\/guides\/stale\.mdx:7:1: <RequestExample operationId="getContacts">: parameter "customer" is not a parameter of GET \/contacts/,
  );
  assert.match(
    output,
    /docs\/guides\/stale\.mdx:9:1: <RequestExample operationId="createContact">: the request body of POST \/contacts does not match the API description: [^\n]*fax/,
  );
});

// What a guide's text says (names in code spans, statuses, limits, links, complete tables) is
// checked before the pages are built (plugins/guides/check-cli.ts, run by npm run build after gen:api).
const textCopy = copyProject('stale-guide-text');
let textRun: SpawnSyncReturns<string>;
before(() => {
  writeFileSync(
    path.join(textCopy.dir, 'docs/guides/stale-text.mdx'),
    ['# Stale text', '', 'Filter customers by `customer_tier` before you page through them.', ''].join('\n'),
  );
  textRun = buildCopy(textCopy.dir);
});
after(() => textCopy.dispose());

test('a guide whose text names something the description lacks fails the build, with its file and line', () => {
  assert.notEqual(textRun.status, 0, 'npm run build must exit non-zero');
  assert.match(textRun.stdout + textRun.stderr, /docs\/guides\/stale-text\.mdx:3: `customer_tier` is not a name the description declares/);
});
