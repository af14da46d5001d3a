/**
 * Bundling: one document out of the split source. External file references become components
 * (named after the last segment of the reference, e.g. `components/schemas/contacts.yaml#/Contact`
 * becomes `#/components/schemas/Contact`); internal `$ref`s are kept, never dereferenced, because
 * the page generator resolves them itself and shared components stay shared.
 */
import {bundle} from '@redocly/openapi-core';
import {isRefusedRead, lintConfig, readProblems, resolverFor, toSpecProblem, type ReadOptions} from './lint';
import type {SpecProblem} from './errors';
import {pathItemOperations} from '../model/methods';
import type {OpenApiDocument} from '../model/document';

/**
 * The bundler's output, not checked yet: a foreign document may lack `info` or `paths`, or hold
 * them in the wrong shape. build.ts makes it the processed document (pages.ts assignPages
 * gives it both), typed from then on as ../model/document's OpenApiDocument.
 */
export type BundledDocument = Record<string, unknown>;

/**
 * Bundles `file`, reading only what `read.policy` admits (resolver.ts). A refused reference is an
 * error among the problems; unsafe patterns are left out of the bundle (they are reported by the lint).
 */
export async function bundleSource(
  file: string,
  read: ReadOptions,
): Promise<{document: BundledDocument; problems: SpecProblem[]; files: string[]}> {
  const config = await lintConfig();
  const externalRefResolver = resolverFor(file, read);
  const result = await bundle({
    ref: file,
    config,
    externalRefResolver,
    dereference: false,
    // Two different components with the same name would be renamed silently ("Contact-2"): refuse.
    componentRenamingConflicts: 'error',
  });
  const refused = (await readProblems(externalRefResolver, false, read, file)).filter((p) => p.severity === 'error');
  return {
    document: result.bundle.parsed as BundledDocument,
    problems: [
      ...refused,
      ...result.problems
        .filter((p) => !p.ignored)
        .map(toSpecProblem)
        .filter((p) => !isRefusedRead(p)),
    ],
    // Every file the document was read from (the root and what its references reach).
    files: [...new Set([file, ...result.fileDependencies])],
  };
}

/**
 * Makes the configured API base address the document's only server: replaces the root `servers`
 * and drops path- and operation-level `servers`, which would otherwise take precedence over it.
 */
export function applyServer(doc: OpenApiDocument, url: string, description: string): void {
  doc.servers = [{url, description}];
  for (const item of Object.values(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    delete item.servers;
    for (const {operation} of pathItemOperations(item)) delete operation.servers;
  }
}
