/**
 * Swagger 2.0 -> OpenAPI 3.0 with swagger2openapi, before linting and bundling.
 *
 * The converted document is written to a temporary file (the linter and bundler read files);
 * problems found in it are reported against the original file, marked "(after conversion to
 * OpenAPI 3)" because their pointers are those of the converted document. What the converter had
 * to patch or could only warn about is reported as warnings (rule `swagger2openapi`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {bundle} from '@redocly/openapi-core';
import {convertObj} from 'swagger2openapi';
import {displayPath, SpecError, specError, type SpecProblem} from './errors';
import {lintConfig, readProblems, resolverFor} from './lint';
import {escapeToken} from '../model/pointer';
import type {RefPolicy} from './resolver';

export interface Conversion {
  /** The temporary OpenAPI 3 file. */
  file: string;
  warnings: SpecProblem[];
  dispose(): void;
}

/** Collects and removes the converter's `x-s2o-warning` markers, with their pointers. */
function takeWarnings(node: unknown, pointer: string, out: {pointer: string; message: string}[], seen = new Set<object>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((v, i) => takeWarnings(v, `${pointer}/${i}`, out, seen));
    return;
  }
  const obj = node as Record<string, unknown>;
  if (typeof obj['x-s2o-warning'] === 'string') {
    out.push({pointer: pointer || '#', message: obj['x-s2o-warning']});
    delete obj['x-s2o-warning'];
  }
  for (const [k, v] of Object.entries(obj)) takeWarnings(v, `${pointer}/${escapeToken(k)}`, out, seen);
}

/** True when a `$ref` anywhere in `node` names something outside the document itself. */
function hasExternalRef(node: unknown, seen = new Set<object>()): boolean {
  if (!node || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const ref = (node as Record<string, unknown>).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return true;
  return Object.values(node as Record<string, unknown>).some((child) => hasExternalRef(child, seen));
}

/**
 * The Swagger 2.0 document with its external references brought in, read through the pipeline's
 * resolver (resolver.ts: the same policy as every other read); the converter itself reads nothing.
 */
async function selfContained(source: string, swagger: Record<string, unknown>, policy: RefPolicy): Promise<Record<string, unknown>> {
  if (!hasExternalRef(swagger)) return swagger;
  const read = {policy};
  const externalRefResolver = resolverFor(source, read);
  const result = await bundle({ref: source, config: await lintConfig(), externalRefResolver, dereference: false});
  const refused = (await readProblems(externalRefResolver, false, read, source)).filter((p) => p.severity === 'error');
  if (refused.length > 0) {
    throw new SpecError(
      `OpenAPI document ${displayPath(source)}: ${refused.length} error${refused.length === 1 ? '' : 's'} (it references files or URLs the build does not read):`,
      refused,
    );
  }
  return result.bundle.parsed as Record<string, unknown>;
}

export async function convertSwagger(source: string, swagger: Record<string, unknown>, policy: RefPolicy): Promise<Conversion> {
  const document = await selfContained(source, swagger, policy);
  let result: {openapi: Record<string, unknown>; patches?: number};
  try {
    result = (await convertObj(
      document as never,
      {
        patch: true,
        warnOnly: true,
        // Never: swagger2openapi's resolver reads files and URLs itself (any path, any host).
        resolve: false,
        source,
        direct: false,
      } as never,
    )) as unknown as typeof result;
  } catch (err) {
    throw specError({
      file: source,
      pointer: '#',
      message: `cannot convert this Swagger 2.0 document to OpenAPI 3: ${err instanceof Error ? err.message : String(err)}`,
      rule: 'swagger2openapi',
    });
  }
  const found: {pointer: string; message: string}[] = [];
  takeWarnings(result.openapi, '#', found);
  const warnings: SpecProblem[] = found.map((w) => ({
    file: source,
    pointer: w.pointer,
    message: `${w.message} (after conversion to OpenAPI 3)`,
    rule: 'swagger2openapi',
    severity: 'warn',
  }));
  if (result.patches) {
    warnings.push({
      file: source,
      pointer: '#',
      message: `swagger2openapi patched ${result.patches} small error${result.patches === 1 ? '' : 's'} while converting from Swagger 2.0`,
      rule: 'swagger2openapi',
      severity: 'warn',
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-swagger-'));
  const file = path.join(dir, `${path.basename(source).replace(/\.(json|ya?ml)$/i, '')}.openapi3.json`);
  fs.writeFileSync(file, JSON.stringify(result.openapi));
  return {file, warnings, dispose: () => fs.rmSync(dir, {recursive: true, force: true})};
}

/** Problems found in the converted file, reported against the original. */
export function mapConvertedProblems(problems: SpecProblem[], converted: string, source: string): SpecProblem[] {
  return problems.map((p) => (p.file === converted ? {...p, file: source, message: `${p.message} (after conversion to OpenAPI 3)`} : p));
}
