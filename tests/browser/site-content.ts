/**
 * What the browser suites expect to find, read from the project's sources (blog front matter,
 * authors and tags files, the markdown page) so tests follow content edits instead of copying text.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export interface BlogPost {
  file: string;
  slug: string;
  title: string;
  authors: string[];
  tags: string[];
}

function frontMatter(text: string): Record<string, string> {
  const m = /^---\n([\s\S]*?)\n---/.exec(text);
  if (!m) return {};
  const out: Record<string, string> = {};
  for (const line of m[1].split('\n')) {
    const kv = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (kv) out[kv[1]] = kv[2].trim();
  }
  return out;
}

const unquote = (s: string) => s.replace(/^(['"])(.*)\1$/, '$2');
const list = (s = '') =>
  s
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((x) => unquote(x.trim()))
    .filter(Boolean);

export function blogPosts(): BlogPost[] {
  const dir = path.join(ROOT, 'blog');
  return readdirSync(dir)
    .filter((f) => /\.mdx?$/.test(f))
    .sort()
    .map((file) => {
      const fm = frontMatter(readFileSync(path.join(dir, file), 'utf8'));
      return {file, slug: unquote(fm.slug), title: unquote(fm.title), authors: list(fm.authors), tags: list(fm.tags)};
    });
}

export interface BlogAuthor {
  key: string;
  name: string;
  /** Site path of the author's page, or null when the author has none. */
  page: string | null;
}

/** Minimal reader for blog/authors.yml (top-level keys, name, page: true | permalink). */
export function blogAuthors(): BlogAuthor[] {
  const text = readFileSync(path.join(ROOT, 'blog/authors.yml'), 'utf8');
  const authors: BlogAuthor[] = [];
  let current: BlogAuthor | null = null;
  let inPage = false;
  for (const line of text.split('\n')) {
    if (/^#/.test(line) || !line.trim()) continue;
    const top = /^([A-Za-z0-9_-]+):\s*$/.exec(line);
    if (top) {
      current = {key: top[1], name: top[1], page: null};
      authors.push(current);
      inPage = false;
      continue;
    }
    if (!current) continue;
    const name = /^ {2}name:\s*(.+)$/.exec(line);
    if (name) current.name = unquote(name[1].trim());
    const page = /^ {2}page:\s*(.*)$/.exec(line);
    if (page) {
      inPage = page[1].trim() === '';
      if (page[1].trim() === 'true') current.page = `/blog/authors/${current.key}`;
      continue;
    }
    const permalink = /^ {4}permalink:\s*(.+)$/.exec(line);
    if (inPage && permalink) current.page = `/blog/authors${unquote(permalink[1].trim())}`;
    if (/^ {2}\S/.test(line) && !page) inPage = false;
  }
  return authors;
}

export interface BlogTag {
  key: string;
  label: string;
  permalink: string;
}

export function blogTags(): BlogTag[] {
  const text = readFileSync(path.join(ROOT, 'blog/tags.yml'), 'utf8');
  const tags: BlogTag[] = [];
  let current: BlogTag | null = null;
  for (const line of text.split('\n')) {
    if (/^#/.test(line) || !line.trim()) continue;
    const top = /^([A-Za-z0-9_-]+):\s*$/.exec(line);
    if (top) {
      current = {key: top[1], label: top[1], permalink: `/blog/tags/${top[1]}`};
      tags.push(current);
      continue;
    }
    const label = /^ {2}label:\s*(.+)$/.exec(line);
    if (current && label) current.label = unquote(label[1].trim());
    const permalink = /^ {2}permalink:\s*(.+)$/.exec(line);
    if (current && permalink) current.permalink = `/blog/tags${unquote(permalink[1].trim())}`;
  }
  return tags;
}

/** The h1 of src/pages/markdown-page.md (its first "# " heading, else its front-matter title). */
export function markdownPageTitle(): string {
  const text = readFileSync(path.join(ROOT, 'src/pages/markdown-page.md'), 'utf8');
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
  const h1 = /^# (.+)$/m.exec(body);
  return h1 ? h1[1].trim() : unquote(frontMatter(text).title ?? '');
}
