import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {compareBuilds} from './compare-builds';

function site(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'site-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), {recursive: true});
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

test('compareBuilds: hashes in asset names do not count; bundles compared by name; any other byte does', () => {
  const before = site({
    'index.html': '<script src="/assets/js/main.0123abcd.js"></script><p>Hi</p>',
    'assets/js/main.0123abcd.js': 'a()',
    'assets/css/styles.00000000.css': 'p{}',
    'x.md': '# X',
  });
  const same = site({
    'index.html': '<script src="/assets/js/main.fedc9876.js"></script><p>Hi</p>',
    'assets/js/main.fedc9876.js': 'b()',
    'assets/css/styles.11111111.css': 'p{}',
    'x.md': '# X',
  });
  assert.deepEqual(compareBuilds(before, same), {only: [], differ: [], same: 3});
  const other = site({
    'index.html': '<script src="/assets/js/main.fedc9876.js"></script><p>Hello</p>',
    'assets/js/main.fedc9876.js': 'b()',
    'assets/css/styles.11111111.css': 'p{}',
    'y.md': '# X',
  });
  const result = compareBuilds(before, other);
  assert.deepEqual(result.only, ['before only: x.md', 'after only: y.md']);
  assert.equal(result.differ.length, 1);
  assert.match(result.differ[0]!, /^index\.html: line 1, column 54:/);
});
