/**
 * Brings a folder of generated files to exactly a given set of files, touching only what differs:
 * a file is written only when its content changed, files that are no longer made are deleted. The
 * dev server's watchers (Docusaurus's for the MDX pages, the bundler's for the data modules) then
 * see only the pages whose data changed (plugins/live-preview), and a production build is unchanged.
 *
 * Order matters to a running dev server: data modules and the sidebar are written before the MDX
 * pages that import them, and a page's MDX is deleted before the modules it imported.
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export interface SyncResult {
  /** Files written (new or changed), relative to the folder, "/" separated. */
  written: string[];
  /** Files deleted (no longer made). */
  deleted: string[];
  /** Files left as they were. */
  unchanged: number;
}

/** Every file under dir, relative and "/" separated (an absent folder has none). */
export function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}

const isPage = (rel: string) => /\.mdx?$/.test(rel);

function sameContent(file: string, content: string): boolean {
  try {
    return readFileSync(file, 'utf8') === content;
  } catch {
    return false;
  }
}

/** Writes through a temporary file beside the target, so no watcher or bundler reads half a file. */
function replaceFile(file: string, content: string): void {
  mkdirSync(path.dirname(file), {recursive: true});
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

export function syncDirectory(dir: string, files: ReadonlyMap<string, string>): SyncResult {
  mkdirSync(dir, {recursive: true});
  const existing = listFiles(dir);
  const stale = existing.filter((rel) => !files.has(rel));
  const changed = [...files.keys()].filter((rel) => !sameContent(path.join(dir, rel), files.get(rel)!));
  const remove = (rel: string) => rmSync(path.join(dir, rel), {force: true});
  const write = (rel: string) => replaceFile(path.join(dir, rel), files.get(rel)!);

  changed.filter((rel) => !isPage(rel)).forEach(write);
  stale.filter(isPage).forEach(remove);
  changed.filter(isPage).forEach(write);
  stale.filter((rel) => !isPage(rel)).forEach(remove);

  // Folders left empty (e.g. _schemas when no page loads schemas on demand any more).
  for (const sub of new Set(stale.map((rel) => path.posix.dirname(rel)).filter((d) => d !== '.'))) {
    const full = path.join(dir, sub);
    if (existsSync(full) && readdirSync(full).length === 0) rmdirSync(full);
  }
  return {written: changed, deleted: stale, unchanged: files.size - changed.length};
}
