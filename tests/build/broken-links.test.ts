/**
 * Item 11 of issue 2: a broken internal link fails the build. A copy of the project gets one
 * link to a page that does not exist, added to a blog post; `npm run build` must exit non-zero
 * and its report must name the source page and the broken target — and nothing else, so the
 * failure is caused by that one link.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {appendFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {SpawnSyncReturns} from 'node:child_process';
import {buildCopy, copyProject} from './site-copy';

const BROKEN = '/docs/api/no-such-operation';
const copy = copyProject('broken-link');
let run: SpawnSyncReturns<string>;
before(() => {
  const post = readdirSync(path.join(copy.dir, 'blog')).find((f) => /-welcome\.mdx?$/.test(f));
  assert.ok(post, 'the welcome post exists in the copy');
  appendFileSync(path.join(copy.dir, 'blog', post!), `\nThe retired [bulk import operation](${BROKEN}) is gone.\n`);
  run = buildCopy(copy.dir);
});
after(() => copy.dispose());

test('the build fails', () => {
  assert.notEqual(run.status, 0, 'npm run build must exit non-zero');
});

test('the failure names the broken link and the page it is on, and only that link', () => {
  const output = run.stdout + run.stderr;
  assert.match(output, /Docusaurus found broken links!/);
  assert.match(output, /Broken link on source page path = \/blog\/welcome:/);
  assert.ok(output.includes(`-> linking to ${BROKEN}`), `the report names ${BROKEN}`);
  const targets = [...output.matchAll(/-> linking to (\S+)/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(targets)], [BROKEN], `broken links reported: ${targets.join(', ')}`);
});
