/** The benchmark's command-line flags (tools/bench/run.ts; `--help` prints its header). */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {FOREIGN_KEYS, type ForeignKey} from './results';

export type Section = 'build' | 'pages' | 'search' | 'scaling' | ForeignKey;
export const SECTIONS: readonly Section[] = ['build', 'pages', 'search', 'scaling', ...FOREIGN_KEYS];

export interface Options {
  sections: Set<Section>;
  lighthouse: boolean;
  analyze: boolean;
  runs: number;
  sizes: number[];
  reuseBuild: boolean;
  write: boolean;
}

export function parseArgs(argv: string[]): Options {
  const all = SECTIONS;
  const opts: Options = {
    sections: new Set(all),
    lighthouse: true,
    analyze: true,
    runs: 5,
    sizes: [100, 500, 1000],
    reuseBuild: false,
    write: true,
  };
  for (const arg of argv) {
    const [flag, value] = arg.split('=');
    switch (flag) {
      case '--only': {
        const wanted = (value ?? '').split(',').filter(Boolean);
        for (const w of wanted)
          if (!(all as readonly string[]).includes(w)) throw new Error(`--only: unknown section "${w}" (${all.join(', ')})`);
        opts.sections = new Set(wanted as Section[]);
        break;
      }
      case '--skip-scaling':
        opts.sections.delete('scaling');
        break;
      case '--skip-github':
        opts.sections.delete('github');
        break;
      case '--skip-stripe':
        opts.sections.delete('stripe');
        break;
      case '--skip-foreign':
        for (const f of FOREIGN_KEYS) opts.sections.delete(f);
        break;
      case '--skip-search':
        opts.sections.delete('search');
        break;
      case '--skip-pages':
        opts.sections.delete('pages');
        break;
      case '--skip-lighthouse':
        opts.lighthouse = false;
        break;
      case '--skip-analyze':
        opts.analyze = false;
        break;
      case '--runs':
        opts.runs = Math.max(1, Number(value) || 5);
        break;
      case '--sizes':
        opts.sizes = (value ?? '')
          .split(',')
          .map(Number)
          .filter((n) => n > 0);
        break;
      case '--reuse-build':
        opts.reuseBuild = true;
        break;
      case '--no-write':
        opts.write = false;
        break;
      case '--help':
      case '-h':
        console.log(readFileSync(path.join(__dirname, 'run.ts'), 'utf8').split('*/')[0]);
        process.exit(0);
      // eslint-disable-next-line no-fallthrough
      default:
        throw new Error(`unknown flag ${arg} (see --help)`);
    }
  }
  return opts;
}
