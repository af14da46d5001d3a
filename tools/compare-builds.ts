/**
 * npx tsx tools/compare-builds.ts <before-dir> <after-dir>
 *
 * Says whether two builds of the site give a reader the same thing: every file but the
 * JavaScript bundles compared byte for byte, after content hashes in asset names
 * ("main.4e3b9c6f.js", "styles.1a2b3c4d.css") are replaced by a placeholder. Bundles are listed
 * by name only (a refactor recompiles them). Exit code 1 when something differs; the differing
 * files are printed with the first differing line.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

const HASHED = /\b([\w~-]+)\.[0-9a-f]{8}\.(js|css)\b/g;

function files(root: string, dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) files(root, file, out);
    else out.push(path.relative(root, file).replace(HASHED, '$1.[hash].$2'));
  }
  return out;
}

function realName(root: string, normalised: string): string {
  const dir = path.join(root, path.dirname(normalised));
  const base = path.basename(normalised);
  return path.join(
    dir,
    readdirSync(dir).find((f) => f.replace(HASHED, '$1.[hash].$2') === base)!,
  );
}

export function compareBuilds(before: string, after: string): {only: string[]; differ: string[]; same: number} {
  const a = new Set(files(before));
  const b = new Set(files(after));
  const only = [
    ...[...a].filter((f) => !b.has(f)).map((f) => `before only: ${f}`),
    ...[...b].filter((f) => !a.has(f)).map((f) => `after only: ${f}`),
  ];
  const differ: string[] = [];
  let same = 0;
  for (const f of [...a].filter((x) => b.has(x)).sort()) {
    if (/^assets\/js\//.test(f)) continue;
    const x = readFileSync(realName(before, f), 'utf8').replace(HASHED, '$1.[hash].$2');
    const y = readFileSync(realName(after, f), 'utf8').replace(HASHED, '$1.[hash].$2');
    if (x === y) {
      same++;
      continue;
    }
    const lx = x.split('\n');
    const ly = y.split('\n');
    const i = lx.findIndex((l, k) => l !== ly[k]);
    const col = [...(lx[i] ?? '')].findIndex((c, k) => c !== (ly[i] ?? '')[k]);
    differ.push(
      `${f}: line ${i + 1}, column ${col + 1}:\n    before: ${(lx[i] ?? '').slice(Math.max(0, col - 80), col + 120)}\n    after:  ${(ly[i] ?? '').slice(Math.max(0, col - 80), col + 120)}`,
    );
  }
  return {only, differ, same};
}

if (require.main === module) {
  const [before, after] = process.argv.slice(2);
  if (!before || !after) {
    console.error('usage: npx tsx tools/compare-builds.ts <before-dir> <after-dir>');
    process.exit(2);
  }
  const {only, differ, same} = compareBuilds(before, after);
  for (const line of [...only, ...differ]) console.log(line);
  console.log(`${same} files identical, ${differ.length} differ, ${only.length} in one build only (JavaScript bundles compared by name)`);
  process.exit(only.length || differ.length ? 1 : 0);
}
