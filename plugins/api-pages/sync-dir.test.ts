/**
 * syncDirectory: the generated folder becomes exactly the given files; unchanged files are not
 * touched (same inode, same modification time), changed ones are rewritten, stale ones deleted,
 * folders left empty removed.
 */
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {listFiles, syncDirectory} from './sync-dir';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'sync-dir-test-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

test('writes only what differs and deletes what is no longer made', () => {
  const dir = path.join(scratch, 'out');
  const first = new Map([
    ['a.api.mdx', 'page a'],
    ['a.data.js', 'data a'],
    ['b.api.mdx', 'page b'],
    ['_schemas/0.js', 'schema 0'],
    ['sidebar.ts', 'sidebar 1'],
  ]);
  const r1 = syncDirectory(dir, first);
  assert.deepEqual(r1.written.sort(), [...first.keys()].sort());
  assert.deepEqual(r1.deleted, []);
  // An old modification time shows whether a file was written again.
  const old = new Date('2020-01-01T00:00:00Z');
  for (const f of first.keys()) utimesSync(path.join(dir, f), old, old);
  const inode = statSync(path.join(dir, 'a.api.mdx')).ino;
  writeFileSync(path.join(dir, 'left-over.data.js'), 'from an earlier run');

  const second = new Map([
    ['a.api.mdx', 'page a'],
    ['a.data.js', 'data a, changed'],
    ['c.api.mdx', 'page c'],
    ['sidebar.ts', 'sidebar 2'],
  ]);
  const r2 = syncDirectory(dir, second);
  assert.deepEqual(r2.written.sort(), ['a.data.js', 'c.api.mdx', 'sidebar.ts']);
  assert.deepEqual(r2.deleted.sort(), ['_schemas/0.js', 'b.api.mdx', 'left-over.data.js']);
  assert.equal(r2.unchanged, 1);
  assert.deepEqual(listFiles(dir).sort(), [...second.keys()].sort());
  for (const [f, text] of second) assert.equal(readFileSync(path.join(dir, f), 'utf8'), text);
  assert.equal(statSync(path.join(dir, 'a.api.mdx')).mtimeMs, old.getTime(), 'the unchanged page is not written');
  assert.equal(statSync(path.join(dir, 'a.api.mdx')).ino, inode);
  assert.ok(!existsSync(path.join(dir, '_schemas')), 'the empty _schemas folder is removed');
  assert.ok(!listFiles(dir).some((f) => f.endsWith('.tmp')), 'no temporary file is left');
});

test('a folder that does not exist yet is created', () => {
  const dir = path.join(scratch, 'nested', 'out');
  mkdirSync(path.dirname(dir), {recursive: true});
  const r = syncDirectory(dir, new Map([['x.api.mdx', 'x']]));
  assert.deepEqual(r.written, ['x.api.mdx']);
  assert.equal(readFileSync(path.join(dir, 'x.api.mdx'), 'utf8'), 'x');
});
