/**
 * The repository's own Markdown (README, ARCHITECTURE, the READMEs beside the code): every relative
 * link reaches a file (and a heading, when it names one), the root README names the two commands
 * first, every README is reached by following links from the root README, and every folder of code
 * says what it is in a README of its own.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';

const root = path.resolve(__dirname, '../..');
/** Every file of the repository that git does not ignore (so nothing generated: docs/api, build/, openapi/processed). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: root, encoding: 'utf8'})
  .split('\n')
  .filter((f) => f && fs.existsSync(path.join(root, f)));
const markdown = files.filter((f) => f.endsWith('.md') && !/^(docs|blog|src\/pages)\//.test(f));

/** Markdown without what is not rendered as links: fenced code blocks and inline code spans. */
const linkableText = (file: string): string =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '``');

/** The relative link targets of one Markdown file (inline and reference-style), as paths from the repository root. */
function links(file: string): {target: string; resolved: string; anchor?: string}[] {
  const text = linkableText(file);
  const inline = [...text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  const reference = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s+<?([^\s>]+)>?/gm)].map((m) => m[1]!);
  return [...inline, ...reference]
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => {
      const [pathPart = '', anchor] = target.split('#');
      const resolved = pathPart ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), decodeURI(pathPart))) : file;
      return {target, resolved, ...(anchor !== undefined ? {anchor: decodeURIComponent(anchor)} : {})};
    });
}

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(file: string): Set<string> {
  const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const words = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = words
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** What is wrong with one link: its file is missing, or the heading it names is not in that file. */
function brokenReason(l: {resolved: string; anchor?: string}): string | null {
  const target = path.join(root, l.resolved);
  if (!fs.existsSync(target)) return 'no such file';
  if (l.anchor && l.resolved.endsWith('.md') && !headingAnchors(l.resolved).has(l.anchor))
    return `no heading #${l.anchor} in ${l.resolved}`;
  return null;
}

test('every relative link in the repository Markdown reaches a file, and the heading it names', () => {
  assert.ok(markdown.includes('README.md') && markdown.includes('ARCHITECTURE.md'), 'the Markdown is read');
  const broken = markdown.flatMap((file) =>
    links(file).flatMap((l) => {
      const reason = brokenReason(l);
      return reason ? [`${file}: ${l.target} (${reason})`] : [];
    }),
  );
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
  assert.deepEqual(
    readmes.filter((f) => !reached.has(f)),
    [],
    'READMEs no chain of links from the root README reaches',
  );
});

/**
 * The folders that must say what they are: each plugin, component, tool and part of the OpenAPI
 * description (its child folders), and the other folders of browser code. A folder only generated
 * files fill (openapi/processed) is ignored by git and so not listed.
 */
const FOLDER_PARENTS = ['plugins', 'src/components', 'tools', 'openapi'];
const SINGLE_FOLDERS = ['src/theme', 'src/clientModules', 'src/config', 'tests', 'hosting'];

function foldersNeedingReadme(): string[] {
  const children = FOLDER_PARENTS.flatMap((parent) =>
    files
      .filter((f) => f.startsWith(`${parent}/`) && f.slice(parent.length + 1).includes('/'))
      .map((f) => `${parent}/${f.slice(parent.length + 1).split('/')[0]}`),
  );
  return [...new Set([...children, ...SINGLE_FOLDERS])].sort();
}

test('every plugin, component, tool and OpenAPI folder has a README', () => {
  const folders = foldersNeedingReadme();
  for (const parent of FOLDER_PARENTS) assert.ok(folders.filter((f) => f.startsWith(`${parent}/`)).length >= 2, `${parent}/ is read`);
  assert.ok(!folders.includes('openapi/processed'), 'generated folders are not asked for a README');
  assert.deepEqual(
    folders.filter((f) => !fs.existsSync(path.join(root, f, 'README.md'))).map((f) => `${f}/README.md`),
    [],
  );
});
