import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {countPages, splitDecision, SPLIT_MIN_PAGES} from './decide';

test('splitDecision: two processes from SPLIT_MIN_PAGES pages on, unless PORTAL_SPLIT_BUILD says otherwise', () => {
  assert.equal(splitDecision(undefined, SPLIT_MIN_PAGES - 1).split, false);
  assert.equal(splitDecision(undefined, SPLIT_MIN_PAGES).split, true);
  assert.equal(splitDecision('auto', SPLIT_MIN_PAGES).split, true);
  assert.equal(splitDecision(' AUTO ', 3).split, false);
  assert.equal(splitDecision('1', 3).split, true);
  assert.equal(splitDecision('true', 3).split, true);
  assert.equal(splitDecision('0', 5000).split, false);
  assert.equal(splitDecision('false', 5000).split, false);
  assert.match(splitDecision(undefined, 1200).reason, /^1200 pages/);
  assert.match(splitDecision('1', 3).reason, /PORTAL_SPLIT_BUILD=1/);
});

test('splitDecision: any other value is refused with a message naming the variable and the settings', () => {
  assert.throws(() => splitDecision('yes', 10), /PORTAL_SPLIT_BUILD="yes" is not a setting: use 1 \(two processes\), 0 \(one\) or auto/);
});

test('countPages: Markdown and MDX files in the folders, nested, and none for a folder that does not exist', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'split-pages-'));
  mkdirSync(path.join(root, 'docs/api/nested'), {recursive: true});
  for (const f of ['docs/a.md', 'docs/api/b.api.mdx', 'docs/api/nested/c.mdx', 'docs/api/sidebar.ts', 'docs/api/d.json'])
    writeFileSync(path.join(root, f), '');
  assert.equal(countPages([path.join(root, 'docs'), path.join(root, 'docs-versions')]), 3);
});
