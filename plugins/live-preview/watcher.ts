/**
 * Watches the OpenAPI source and runs a refresh (./refresh.ts) after each save.
 *
 * What is watched: the folders of every file the document was read from at the last run (the root
 * and every file it references, as the pipeline's bundler reports them), the folders of files named
 * in the last failure's problems, and, for our own document, every folder under openapi/source/.
 * Folders rather than files: editors that save by writing a new file and renaming it over the old
 * one (vim, many IDEs) replace the watched inode, and a folder watch sees that as well as a plain
 * write. Events are filtered by file name.
 *
 * Runs never overlap: a save during a run schedules one more run after it. A burst of events (one
 * save is often two or three) is coalesced over `debounceMs`.
 *
 * Only files the pipeline's reference policy admits are watched (openapi/pipeline/resolver.ts:
 * under the document's folder or OPENAPI_REF_ROOT, JSON or YAML, real paths), whatever a result
 * or a problem names: the document cannot make the preview follow a file the build may not read.
 */
import {existsSync, readdirSync, statSync, watch, type FSWatcher} from 'node:fs';
import path from 'node:path';
import {displayPath} from '../../openapi/pipeline/errors';
import {fileRefusal, refPolicyFor} from '../../openapi/pipeline/resolver';
import {refreshApiPages, type RefreshResult, type RefreshTarget} from './refresh';

export interface SourceWatcherOptions extends RefreshTarget {
  /** Folders watched whole (every file in them and below): openapi/source for our document. */
  trees?: string[];
  /**
   * Run a refresh right away (changed = []) to learn which files the document references: a
   * foreign document has no source tree to watch whole. Pages identical to those on disk are not written.
   */
  scanFirst?: boolean;
  debounceMs?: number;
  /** Called before a refresh starts, with the files that changed. */
  onStart?(changed: string[]): void;
  /** Called with each refresh's result. */
  onResult?(result: RefreshResult, changed: string[]): void;
}

function subfolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out = [dir];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    if (entry.isDirectory() && !entry.name.startsWith('.')) out.push(...subfolders(path.join(dir, entry.name)));
  }
  return out;
}

export class SourceWatcher {
  private readonly options: SourceWatcherOptions;
  private readonly watchers = new Map<string, FSWatcher>();
  /** Files watched one by one (those outside the watched trees). */
  private files = new Set<string>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private scanning = false;

  constructor(options: SourceWatcherOptions) {
    this.options = options;
    this.files = new Set([path.resolve(options.specSource)]);
    this.rewatch();
    if (options.scanFirst) {
      this.scanning = true;
      this.schedule(path.resolve(options.specSource));
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private inTree(file: string): boolean {
    return (this.options.trees ?? []).some((tree) => {
      const rel = path.relative(tree, file);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
    });
  }

  private relevant(file: string): boolean {
    if (this.files.has(file)) return true;
    // In a watched tree, OpenAPI files only: not editor swap files, backups or sed's temporary files.
    return this.inTree(file) && /\.(ya?ml|json)$/i.test(file) && !path.basename(file).startsWith('.');
  }

  /** Watches the folders of the files and the trees; drops folders no longer needed. */
  private rewatch(): void {
    if (this.closed) return;
    const folders = new Set<string>();
    for (const tree of this.options.trees ?? []) for (const dir of subfolders(path.resolve(tree))) folders.add(dir);
    for (const file of this.files) folders.add(path.dirname(file));
    for (const [dir, w] of this.watchers) {
      if (!folders.has(dir)) {
        w.close();
        this.watchers.delete(dir);
      }
    }
    for (const dir of folders) {
      if (this.watchers.has(dir) || !existsSync(dir) || !statSync(dir).isDirectory()) continue;
      try {
        const w = watch(dir, (_event, name) => {
          // A folder event without a name (rare on Linux): treat the whole folder as changed.
          const file = name ? path.join(dir, name.toString()) : dir;
          if (name && !this.relevant(file)) return;
          this.schedule(file);
        });
        w.on('error', () => {
          w.close();
          this.watchers.delete(dir);
        });
        this.watchers.set(dir, w);
      } catch (error) {
        console.warn(`[live-preview] cannot watch ${displayPath(dir)}: ${(error as Error).message}`);
      }
    }
  }

  private schedule(file: string): void {
    if (this.closed) return;
    this.pending.add(file);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.options.debounceMs ?? 60);
  }

  /** A listener's failure is logged; it must not stop the watcher or the dev server. */
  private safely(call: () => void): void {
    try {
      call();
    } catch (error) {
      console.error(`[live-preview] ${(error as Error)?.stack ?? String(error)}`);
    }
  }

  private async run(): Promise<void> {
    // A running refresh picks the pending changes up when it ends.
    if (this.running || this.closed || this.pending.size === 0) return;
    const changed = this.scanning ? [] : [...this.pending];
    this.scanning = false;
    this.pending.clear();
    this.running = (async () => {
      this.safely(() => this.options.onStart?.(changed));
      const result = await refreshApiPages(this.options);
      // Watch what the document is read from now (a new $ref'd file), and, after a failure,
      // the files its problems name as well as those of the last good run.
      const root = path.resolve(this.options.specSource);
      const policy = refPolicyFor(root);
      const admitted = (f: string) => f === root || fileRefusal(f, policy) === undefined;
      const next = new Set([root, ...result.files.map((f) => path.resolve(f)).filter(admitted)]);
      if (!result.ok) for (const f of this.files) if (admitted(f)) next.add(f);
      this.files = next;
      this.rewatch();
      this.safely(() => this.options.onResult?.(result, changed));
    })().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && !this.timer) void this.run();
    });
    await this.running;
  }
}
