/**
 * Which way imports go between the rooms of the repository (issue 27, "contracts beside their
 * producer"):
 * - build code (`plugins/`, `openapi/pipeline`) may import the browser's modules in `src/` (it
 *   renders with the same logic: schema display, copyable text, credentials);
 * - `src/` imports from `plugins/` only a plugin's `client/` folder: the contracts a plugin's output
 *   is read through (page data format, changelog format, version mapping, site links), next to the
 *   code that writes them;
 * - a `client/` folder and `openapi/model` are Node-free: they end up in the browser bundle, so they
 *   import no Node built-in and no build code.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {builtinModules} from 'node:module';
import path from 'node:path';
import {describe, it} from 'node:test';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.(ts|tsx|mts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !TEST.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** Every module specifier a TypeScript source imports or re-exports (static, dynamic, type-only). */
export function specifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom|\bimport|\bimport\s*\(|\brequire\s*\()\s*(['"])([^'"\n]+)\1/g)) out.push(m[2]);
  return out;
}

/** The repository path a specifier points at ('@site/x' and relative ones), else undefined (a package). */
export function target(file: string, spec: string): string | undefined {
  if (spec.startsWith('@site/')) return path.normalize(spec.slice('@site/'.length));
  if (spec.startsWith('.')) return path.normalize(path.join(path.dirname(file), spec));
  return undefined;
}

const isBuiltin = (spec: string) => spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]);
const inClientFolder = (p: string) => /^plugins\/[^/]+\/client\//.test(p);

/** The rule breaks of one file, as "file imports spec (why)". */
export function violations(file: string, text: string): string[] {
  const found: string[] = [];
  const nodeFree = inClientFolder(file) || file.startsWith('openapi/model/');
  for (const spec of specifiers(text)) {
    const to = target(file, spec);
    if (file.startsWith('src/') && to?.startsWith('plugins/') && !inClientFolder(to))
      found.push(`${file} imports ${spec} (src/ reads plugins only through their client/ folder)`);
    if (nodeFree && isBuiltin(spec)) found.push(`${file} imports ${spec} (Node-free module)`);
    if (nodeFree && to && (to.startsWith('plugins/') ? !inClientFolder(to) : !to.startsWith('openapi/model/') && !to.startsWith('src/')))
      found.push(`${file} imports ${spec} (a Node-free module imports only client/ folders, openapi/model and src/)`);
  }
  return found;
}

describe('import boundaries', () => {
  it('the scanner sees every form of import and names each rule a file breaks', () => {
    const text = [
      "import {a} from '../../../plugins/api-pages/page-data';",
      "import type {B} from '@site/plugins/api-versions/plugin';",
      "export {c} from '../../../plugins/search/index';",
      "const d = () => import('../../../plugins/csp/policy');",
      "import '../../../plugins/api-pages/client/page-data-format';",
      "import {ok} from '../../../plugins/api-pages/client/cut';",
    ].join('\n');
    assert.deepEqual(violations('src/components/X/index.tsx', text), [
      'src/components/X/index.tsx imports ../../../plugins/api-pages/page-data (src/ reads plugins only through their client/ folder)',
      'src/components/X/index.tsx imports @site/plugins/api-versions/plugin (src/ reads plugins only through their client/ folder)',
      'src/components/X/index.tsx imports ../../../plugins/search/index (src/ reads plugins only through their client/ folder)',
      'src/components/X/index.tsx imports ../../../plugins/csp/policy (src/ reads plugins only through their client/ folder)',
    ]);
    assert.deepEqual(
      violations(
        'plugins/api-pages/client/x.ts',
        "import {readFileSync} from 'node:fs';\nimport path from 'path';\nimport {p} from '../page-data';\nimport {m} from '../../../openapi/model/routes';",
      ),
      [
        'plugins/api-pages/client/x.ts imports node:fs (Node-free module)',
        'plugins/api-pages/client/x.ts imports path (Node-free module)',
        'plugins/api-pages/client/x.ts imports ../page-data (a Node-free module imports only client/ folders, openapi/model and src/)',
      ],
    );
    assert.deepEqual(violations('openapi/model/x.ts', "import {b} from '../pipeline/bundle';"), [
      'openapi/model/x.ts imports ../pipeline/bundle (a Node-free module imports only client/ folders, openapi/model and src/)',
    ]);
    assert.deepEqual(
      violations(
        'plugins/api-pages/page-data.ts',
        "import {x} from '../../src/components/SchemaView/model';\nimport {readFileSync} from 'node:fs';",
      ),
      [],
    );
  });

  it('src/ imports from plugins/ only through client/ folders; client/ folders and openapi/model are Node-free', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('plugins').filter(inClientFolder), ...sourceFiles('openapi/model')];
    assert.ok(files.length > 100, `only ${files.length} files scanned`);
    const found = files.flatMap((file) => violations(file, readFileSync(path.join(ROOT, file), 'utf8')));
    assert.deepEqual(found, []);
  });
});
