/**
 * The repository's own Markdown (README, ARCHITECTURE, the READMEs beside the code): every relative
 * link reaches a file, the root README names the two commands first, and every README is reached
 * by following links from the root README.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';

const root = path.resolve(__dirname, '../..');
const markdown = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {cwd: root, encoding: 'utf8'})
  .split('\n')
  .filter((f) => f && !/^(docs|blog|src\/pages)\//.test(f) && fs.existsSync(path.join(root, f)));

/** The relative link targets of one Markdown file, as paths from the repository root. */
function links(file: string): {target: string; resolved: string}[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => ({target, resolved: path.relative(root, path.resolve(path.dirname(path.join(root, file)), decodeURI(target.split('#')[0]!)))}));
}

test('every relative link in the repository Markdown reaches a file', () => {
  const broken = markdown.flatMap((file) => links(file).filter((l) => !fs.existsSync(path.join(root, l.resolved))).map((l) => `${file}: ${l.target}`));
  assert.deepEqual(broken, []);
});

test('the root README opens with the two commands and links every README beside the code', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const firstBlock = readme.match(/```bash\n([\s\S]*?)```/)?.[1] ?? '';
  assert.match(firstBlock, /^npm install && npm start\b/m);
  assert.match(firstBlock, /^npm install && npm test\b/m);
  assert.ok(readme.indexOf('```bash') < readme.indexOf('\n## '), 'the commands come before the first section');
  const reached = new Set(['README.md']);
  const queue = ['README.md'];
  while (queue.length) {
    for (const l of links(queue.shift()!)) {
      if (l.resolved.endsWith('.md') && !reached.has(l.resolved) && fs.existsSync(path.join(root, l.resolved))) {
        reached.add(l.resolved);
        queue.push(l.resolved);
      }
    }
  }
  const readmes = markdown.filter((f) => /(^|\/)README\.md$/.test(f));
  assert.deepEqual(readmes.filter((f) => !reached.has(f)), [], 'READMEs no chain of links from the root README reaches');
});

test('every plugin folder has a README', () => {
  const plugins = fs.readdirSync(path.join(root, 'plugins'), {withFileTypes: true}).filter((d) => d.isDirectory());
  assert.ok(plugins.length > 5, 'plugins/ is read');
  assert.deepEqual(plugins.filter((d) => !fs.existsSync(path.join(root, 'plugins', d.name, 'README.md'))).map((d) => d.name), []);
});
