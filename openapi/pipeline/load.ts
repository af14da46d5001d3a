/**
 * Reads the root document just far enough to decide whether the pipeline can handle it:
 * the file exists, parses as JSON or YAML, and is an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 document (the
 * latter is converted by convert.ts).
 * Everything else (references, structure, style) is Redocly's job in lint.ts / bundle.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parseYaml} from '@redocly/openapi-core';
import {specError} from './errors';
import {isObject} from '../model/document';

export interface RootInfo {
  file: string;
  format: 'json' | 'yaml';
  /** Value of the `openapi` field, e.g. "3.0.3"; "2.0" for a Swagger 2.0 document (see convert.ts). */
  openapi: string;
  /** The parsed document (Swagger 2.0 only: the converter starts from it). */
  swagger?: Record<string, unknown>;
  /** OpenAPI 3.2 `$self`: the document's own URI, the base of its references (resolver.ts). */
  self?: string;
}

/** Parses JSON (by extension or leading "{") or YAML; reports syntax errors with line and column. */
export function parseDocumentText(file: string, text: string): {format: 'json' | 'yaml'; value: unknown} {
  const looksJson = path.extname(file).toLowerCase() === '.json' || /^\s*\{/.test(text);
  if (looksJson) {
    try {
      return {format: 'json', value: JSON.parse(text)};
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const pos = /position (\d+)/.exec(message);
      let line: number | undefined;
      let col: number | undefined;
      if (pos) {
        const before = text.slice(0, Number(pos[1]));
        line = before.split('\n').length;
        col = before.length - before.lastIndexOf('\n');
      }
      throw specError({file, line: line ?? 1, col: col ?? 1, message: `invalid JSON: ${message}`, rule: 'parse'});
    }
  }
  try {
    return {format: 'yaml', value: parseYaml(text)};
  } catch (err) {
    const e = err as {message?: string; reason?: string; mark?: {line?: number; column?: number}};
    const reason = e.reason ?? (e.message ?? String(err)).split('\n')[0];
    throw specError({
      file,
      line: (e.mark?.line ?? 0) + 1,
      col: (e.mark?.column ?? 0) + 1,
      message: `invalid YAML: ${reason}`,
      rule: 'parse',
    });
  }
}

/** Throws a SpecError naming the file (and pointer) unless `file` is a readable OpenAPI 3.x or Swagger 2.0 document. */
export function inspectRoot(file: string): RootInfo {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory, not a file' : String(err);
    throw specError({file, pointer: '#', message: `cannot read the OpenAPI document: ${reason}`, rule: 'read'});
  }
  const {format, value} = parseDocumentText(file, text);
  if (!isObject(value)) {
    throw specError({
      file,
      pointer: '#',
      message: 'the document must be a JSON/YAML object with an "openapi" field',
      rule: 'openapi-version',
    });
  }
  if ('swagger' in value) {
    if (String(value.swagger) !== '2.0') {
      throw specError({
        file,
        pointer: '#/swagger',
        message: `unsupported Swagger version ${JSON.stringify(value.swagger)}; Swagger 2.0 and OpenAPI 3.x are supported`,
        rule: 'openapi-version',
      });
    }
    return {file, format, openapi: '2.0', swagger: value};
  }
  const version = value.openapi;
  if (version === undefined) {
    throw specError({
      file,
      pointer: '#',
      message: 'not an OpenAPI document: the "openapi" field is missing (expected e.g. "3.0.3")',
      rule: 'openapi-version',
    });
  }
  if (typeof version !== 'string' || !/^3\.\d+(\.\d+)?$/.test(version)) {
    throw specError({
      file,
      pointer: '#/openapi',
      message: `unsupported OpenAPI version ${JSON.stringify(version)}; only OpenAPI 3.x is supported (write it as a string, e.g. "3.0.3")`,
      rule: 'openapi-version',
    });
  }
  const minor = Number(version.split('.')[1]);
  if (minor > LATEST_MINOR) {
    throw specError({
      file,
      pointer: '#/openapi',
      message: `unsupported OpenAPI version ${JSON.stringify(version)}; the portal reads OpenAPI 3.0, 3.1 and 3.2 (and Swagger 2.0)`,
      rule: 'openapi-version',
    });
  }
  return {file, format, openapi: version, ...(typeof value.$self === 'string' && value.$self ? {self: value.$self} : {})};
}

/** The newest OpenAPI 3 minor version the pipeline (and Redocly's type tree) reads: 3.2. */
const LATEST_MINOR = 2;
