/**
 * Docusaurus plugin used only by the benchmark's attribution build (never by the real site):
 * after the client bundle is compiled it writes, for every emitted JS file, the modules in it
 * and their sizes (pre-minification), grouped by npm package or site file. The benchmark uses
 * it to say what fills the heaviest chunks of a page class.
 *
 * Options: {outFile: string}.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export interface ChunkComposition {
  file: string;
  names: string[];
  /** Sum of module sizes (source size before minification), bytes. */
  moduleBytes: number;
  /** Module groups (npm package name, or "site: <path>"), largest first. */
  groups: {group: string; bytes: number; modules: number}[];
}

/** "./node_modules/.pnpm/x/node_modules/@scope/pkg/lib/a.js" -> "@scope/pkg"; site files -> "site: src/x.tsx". */
export function moduleGroup(name: string): string {
  const clean = name
    .replace(/^.*!/, '')
    .replace(/ \+ \d+ modules?$/, '')
    .replace(/\?.*$/, '');
  const idx = clean.lastIndexOf('node_modules/');
  if (idx >= 0) {
    const rest = clean.slice(idx + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const rel = clean.replace(/^\.\//, '').replace(/^\(webpack\)|^webpack\//, 'runtime/');
  // Group generated docs by folder, site files by folder + file.
  if (rel.startsWith('.docusaurus/')) return `site: ${rel.split('/').slice(0, 3).join('/')}`;
  return `site: ${rel}`;
}

interface StatsModule {
  name?: string;
  identifier?: string;
  size?: number;
  modules?: StatsModule[];
}
interface StatsChunk {
  names?: string[];
  files?: string[];
  modules?: StatsModule[];
}

export function composition(chunks: StatsChunk[]): ChunkComposition[] {
  const out: ChunkComposition[] = [];
  for (const chunk of chunks) {
    const groups = new Map<string, {bytes: number; modules: number}>();
    const visit = (m: StatsModule) => {
      if (m.modules && m.modules.length) return m.modules.forEach(visit);
      const g = moduleGroup(m.name ?? m.identifier ?? '?');
      const e = groups.get(g) ?? {bytes: 0, modules: 0};
      e.bytes += m.size ?? 0;
      e.modules++;
      groups.set(g, e);
    };
    (chunk.modules ?? []).forEach(visit);
    const sorted = [...groups].map(([group, v]) => ({group, ...v})).sort((a, b) => b.bytes - a.bytes);
    for (const file of chunk.files ?? []) {
      if (!/\.m?js$/.test(file)) continue;
      out.push({file, names: chunk.names ?? [], moduleBytes: sorted.reduce((s, g) => s + g.bytes, 0), groups: sorted});
    }
  }
  return out;
}

interface Compiler {
  hooks: {done: {tap(name: string, fn: (stats: {toJson(o: object): {chunks?: StatsChunk[]}}) => void): void}};
}

export default function chunkStatsPlugin(_context: unknown, options: {outFile: string}) {
  return {
    name: 'bench-chunk-stats',
    configureWebpack(_config: unknown, isServer: boolean) {
      if (isServer) return {};
      return {
        plugins: [
          {
            apply(compiler: Compiler) {
              compiler.hooks.done.tap('bench-chunk-stats', (stats) => {
                // Rspack collapses orphan (concatenated), dependent and runtime modules unless asked.
                const json = stats.toJson({
                  all: false,
                  ids: true,
                  chunks: true,
                  chunkModules: true,
                  nestedModules: true,
                  orphanModules: true,
                  dependentModules: true,
                  runtimeModules: true,
                  chunkModulesSpace: 100000,
                  nestedModulesSpace: 100000,
                });
                mkdirSync(path.dirname(options.outFile), {recursive: true});
                writeFileSync(options.outFile, JSON.stringify(composition(json.chunks ?? []), null, 1));
              });
            },
          },
        ],
      };
    },
  };
}
