/**
 * Guides that stay true (issue 25): what the hand-written guides in docs/guides say about the API,
 * checked against the processed description (and, for the migration guide, against the changelog
 * plugins/changelog computes from openapi/releases). `checkGuides()` returns one problem per claim
 * the description no longer supports, and per thing the description declares that a guide promises
 * to list but leaves out, each naming the guide's file and line, or the description's JSON pointer.
 *
 * Two kinds of check:
 * - every guide: links into the reference name pages that exist; API names in code spans (fields,
 *   parameters, headers, error codes: anything snake_case, Header-Case or dotted) are names the
 *   description has; numbers in the prose appear in the description; requests in code blocks
 *   (`$API_BASE_URL/...`, `/path?...`) go to paths the description has, with query parameters the
 *   operation takes;
 * - one guide each: the tables a guide promises to be complete (every security scheme, every error
 *   status and code, every paginated operation and its filters, every operation taking an
 *   `Idempotency-Key`, every rate-limit header, every breaking change from v1 to v2) equal what the
 *   description declares. A guide's tables are found by their header row.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {listOperations} from '../../openapi/model/operations';
import {operationAt, operationKeys} from '../../openapi/model/methods';
import {followRefs} from '../../openapi/model/refs';
import {pointerOf} from '../../openapi/model/pointer';
import {parseSemver} from '../../openapi/pipeline/release';
import type {Changelog, ReleaseChanges} from '../changelog/client/changelog-format';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;
/** The node a `$ref` (or a chain of them) names, as the model resolves it. */
const deref = (doc: Json, node: Json): Json => followRefs(doc, node);

export const GUIDES_DIR = path.resolve(__dirname, '../../docs/guides');

export interface Problem {
  /** The guide (docs/guides/x.mdx), or the description's file for something a guide leaves out. */
  file: string;
  /** 1-based line in the guide; 0 when the problem is the guide as a whole. */
  line: number;
  message: string;
}

export const formatProblem = (p: Problem) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`;

export interface GuideFile {
  /** File name without extension ("errors"). */
  name: string;
  /** Path from the project root ("docs/guides/errors.mdx"). */
  file: string;
  lines: string[];
}

/** The guides of a folder (Markdown and MDX files; `_partials` are left out, as the docs plugin does). */
export function readGuides(dir = GUIDES_DIR): GuideFile[] {
  const root = path.resolve(__dirname, '../..');
  return readdirSync(dir)
    .filter((f) => /\.mdx?$/.test(f) && !f.startsWith('_'))
    .sort()
    .map((f) => ({
      name: f.replace(/\.mdx?$/, ''),
      file: path.relative(root, path.join(dir, f)),
      lines: readFileSync(path.join(dir, f), 'utf8').split('\n'),
    }));
}

// ---------------------------------------------------------------------------------------------
// Reading the Markdown
// ---------------------------------------------------------------------------------------------

interface Line {
  /** 1-based. */
  line: number;
  text: string;
}

/** Lines outside the front matter and fenced code blocks, and the code blocks. */
function split(g: GuideFile): {prose: Line[]; code: {lang: string; lines: Line[]}[]} {
  const prose: Line[] = [];
  const code: {lang: string; lines: Line[]}[] = [];
  let i = 0;
  if (g.lines[0] === '---') {
    i = g.lines.indexOf('---', 1) + 1;
  }
  let block: {lang: string; lines: Line[]} | undefined;
  for (; i < g.lines.length; i++) {
    const text = g.lines[i]!;
    const fence = /^\s*```(\S*)/.exec(text);
    if (fence) {
      if (block) {
        code.push(block);
        block = undefined;
      } else block = {lang: fence[1]!, lines: []};
      continue;
    }
    (block ? block.lines : prose).push({line: i + 1, text});
  }
  return {prose, code};
}

export interface Table {
  line: number;
  header: string[];
  rows: {line: number; cells: string[]}[];
}

const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** The Markdown tables of a guide (outside code blocks). */
export function tablesOf(g: GuideFile): Table[] {
  const {prose} = split(g);
  const out: Table[] = [];
  for (let i = 0; i < prose.length; i++) {
    const head = prose[i]!;
    const sep = prose[i + 1];
    if (!head.text.trim().startsWith('|') || !sep || !/^\s*\|[\s:|-]+\|\s*$/.test(sep.text)) continue;
    const table: Table = {line: head.line, header: cellsOf(head.text), rows: []};
    let j = i + 2;
    for (; j < prose.length && prose[j]!.text.trim().startsWith('|'); j++)
      table.rows.push({line: prose[j]!.line, cells: cellsOf(prose[j]!.text)});
    out.push(table);
    i = j - 1;
  }
  return out;
}

/** The code spans of a text, without the backticks. */
export const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
/** Link targets of a text. */
const linkTargets = (text: string): string[] => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
/** The operation page slug a cell links to (`[Get tickets](/docs/api/get-tickets)`). */
const linkedSlug = (cell: string): string | undefined => /\]\(\/docs\/api\/([^)#/\s]+)/.exec(cell)?.[1];

// ---------------------------------------------------------------------------------------------
// What the description declares
// ---------------------------------------------------------------------------------------------

export interface DescribedOperation {
  method: string;
  path: string;
  operationId?: string;
  slug: string;
  title: string;
  /** JSON pointer of the operation. */
  pointer: string;
  op: Json;
  /** Parameters, path-level ones merged in (operation level wins), `$ref`s followed. */
  parameters: Json[];
  /** Responses by status, `$ref`s followed. */
  responses: Map<string, Json>;
  security: Record<string, string[]>[];
}

export interface Facts {
  doc: Json;
  /** Where problems about the description point (its processed file). */
  file: string;
  operations: DescribedOperation[];
}

export function describe(doc: Json, file = 'openapi/processed/openapi.json'): Facts {
  const operations = listOperations(doc).map((ref): DescribedOperation => {
    const item = doc.paths[ref.path];
    const op = operationAt(item, ref.method) as Json;
    const byKey = new Map<string, Json>();
    for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map((x: Json) => deref(doc, x)))
      byKey.set(`${p.in}:${p.name}`, p);
    const responses = new Map<string, Json>(Object.entries(op.responses ?? {}).map(([status, r]) => [status, deref(doc, r)]));
    return {
      method: ref.method,
      path: ref.path,
      operationId: ref.operationId,
      slug: ref.slug ?? '',
      title: ref.title,
      pointer: pointerOf(['paths', ref.path, ...operationKeys(ref.method)]),
      op,
      parameters: [...byKey.values()],
      responses,
      security: op.security ?? doc.security ?? [],
    };
  });
  return {doc, file, operations};
}

/** Every value of a document, visited once (`$ref`s are not followed: each target is visited where it is declared). */
function walk(node: Json, visit: (value: Json, key: string | undefined, parent: Json) => void, key?: string, parent?: Json): void {
  visit(node, key, parent);
  if (Array.isArray(node)) node.forEach((v) => walk(v, visit, undefined, node));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, visit, k, node);
}

/**
 * The names a description declares, for the code spans of the guides: property names, parameter
 * and header names, security scheme names and their header names, enum values, operationIds,
 * error codes of the examples, and every code span of the description's own text.
 */
export function vocabulary(docs: Json[]): Set<string> {
  const names = new Set<string>();
  const add = (v: unknown) => typeof v === 'string' && names.add(v);
  for (const doc of docs) {
    walk(doc, (value, key, parent) => {
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) Object.keys(value).forEach(add);
      if (key === 'headers' && value && typeof value === 'object' && !Array.isArray(value)) Object.keys(value).forEach(add);
      if (key === 'securitySchemes' && value && typeof value === 'object') Object.keys(value).forEach(add);
      if (key === 'enum' && Array.isArray(value)) value.forEach(add);
      if ((key === 'name' && parent && typeof parent.in === 'string') || key === 'operationId') add(value);
      if (key === 'code' && typeof value === 'string' && parent && typeof parent.message === 'string') add(value);
      if (typeof value === 'string' && (key === 'description' || key === 'summary')) codeSpans(value).forEach(add);
    });
    // A Basic or Bearer scheme is sent in the Authorization header.
    if (Object.values<Json>(doc.components?.securitySchemes ?? {}).some((s) => s?.type === 'http')) names.add('Authorization');
  }
  return names;
}

/** Code spans that name an API thing: snake_case, Header-Case, or a dotted path (`error.code`, `items[].status`). */
export function apiNames(span: string): string[] {
  const s = span.trim();
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(s)) return [s];
  if (/^[A-Z][A-Za-z0-9]*(-[A-Za-z0-9]+)+$/.test(s)) return [s];
  if (/^[a-z_]+(\[\])?(\.[a-z_]+(\[\])?)+$/.test(s)) return s.split('.').map((p) => p.replace('[]', ''));
  return [];
}

/** Every number written in a description's strings and values ("300", "24", "12"). */
function numbersOf(docs: Json[]): Set<string> {
  const out = new Set<string>();
  for (const doc of docs) {
    walk(doc, (value) => {
      if (typeof value === 'number') out.add(String(value));
      if (typeof value === 'string') for (const m of value.matchAll(/\d+(?:\.\d+)*/g)) out.add(m[0]);
    });
  }
  return out;
}

/** The operation a request path goes to ("/customers/100482/invoices" -> GET /customers/{customer_id}/invoices). */
function operationsAt(facts: Facts, requestPath: string): DescribedOperation[] {
  const segments = requestPath.split('/').filter(Boolean);
  return facts.operations.filter((o) => {
    const template = o.path.split('/').filter(Boolean);
    return template.length === segments.length && template.every((t, i) => /^\{.+\}$/.test(t) || t === segments[i]);
  });
}

// ---------------------------------------------------------------------------------------------
// Checks of every guide
// ---------------------------------------------------------------------------------------------

export interface Context {
  facts: Facts;
  /** Names of the description and of every release (the migration guide names v1 things). */
  names: Set<string>;
  numbers: Set<string>;
  changelog: Changelog;
  /** The releases, for the requests a guide shows as they were before ("# Before (v1)"). */
  older: Facts[];
}

export function context(doc: Json, releases: Json[], changelog: Changelog, file?: string): Context {
  return {
    facts: describe(doc, file),
    names: vocabulary([doc, ...releases]),
    numbers: numbersOf([doc, ...releases]),
    changelog,
    older: releases.map((r) => describe(r)),
  };
}

function checkEveryGuide(g: GuideFile, ctx: Context): Problem[] {
  const problems: Problem[] = [];
  const at = (line: number, message: string) => problems.push({file: g.file, line, message});
  const {prose, code} = split(g);
  const slugs = new Set(ctx.facts.operations.map((o) => o.slug));
  for (const {line, text} of prose) {
    for (const target of linkTargets(text)) {
      const m = /^\/docs\/api\/([^#/?]+)/.exec(target);
      if (m && !slugs.has(m[1]!) && m[1] !== 'changelog' && !ctx.facts.doc.info?.['x-portal-slug']?.startsWith?.(m[1]!))
        at(line, `links to ${target}: the description has no operation with the slug "${m[1]}"`);
    }
    for (const span of codeSpans(text)) {
      for (const name of apiNames(span))
        if (!ctx.names.has(name))
          at(
            line,
            `\`${name}\` is not a name the description declares (no field, parameter, header, scheme, enum value or error code of that name)`,
          );
    }
    // Numbers in the prose (not in links, code spans or JSX): each must be one the description states.
    const words = text
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/`[^`]*`/g, '')
      .replace(/<[^>]+>/g, '');
    for (const m of words.matchAll(/(?<![\w.-])(\d+(?:\.\d+)*)(?![\w-])/g)) {
      if (!ctx.numbers.has(m[1]!)) at(line, `the number ${m[1]} appears nowhere in the description`);
    }
  }
  // Requests in code: the path is the description's, the query parameters the operation's. After a
  // comment saying "Before", until one saying "After", requests are those of an older release.
  for (const block of code) {
    let older = false;
    for (const {line, text} of block.lines) {
      const comment = /^\s*(#|\/\/)\s*(before|after)\b/i.exec(text);
      if (comment) older = comment[2]!.toLowerCase() === 'before';
      for (const m of text.matchAll(/(?:\$\{?API_BASE_URL\}?|\$\{base\}|\/v\d)(\/[A-Za-z0-9_{}/$.-]*)(\?[^"'`\s]*)?/g)) {
        const requestPath = m[1]!.replace(/\$\{[^}]+\}|\$[a-z_]+/g, 'x');
        const ops = (older ? ctx.older : [ctx.facts]).flatMap((f) => operationsAt(f, requestPath));
        if (!ops.length) {
          at(line, `a request to ${m[1]}: ${older ? 'no release of the description has' : 'the description has no'} such path`);
          continue;
        }
        const query = (m[2] ?? '')
          .slice(1)
          .split('&')
          .filter(Boolean)
          .map((kv) => kv.split('=')[0]!)
          .filter((k) => !k.startsWith('$'));
        const known = new Set(ops.flatMap((o) => o.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => p.name)));
        for (const k of query)
          if (!known.has(k)) at(line, `a request to ${m[1]} with the query parameter "${k}", which no operation at ${ops[0]!.path} takes`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The tables each guide promises to be complete
// ---------------------------------------------------------------------------------------------

type GuideCheck = (g: GuideFile, ctx: Context, problem: (line: number, message: string) => void) => void;

function tableWith(g: GuideFile, first: string, problem: (line: number, message: string) => void, also?: string): Table | undefined {
  const t = tablesOf(g).find((t) => t.header[0] === first && (!also || t.header.includes(also)));
  if (!t) problem(0, `the table whose first column is "${first}"${also ? ` and that has a "${also}" column` : ''} is missing`);
  return t;
}

const sameSet = (a: Iterable<string>, b: Iterable<string>) => {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
const list = (xs: Iterable<string>) => [...xs].map((x) => `\`${x}\``).join(', ') || 'none';

/** Error statuses (4xx, 5xx) the description declares, each with the error codes of its examples. */
export function errorStatuses(facts: Facts): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const o of facts.operations) {
    for (const [status, response] of o.responses) {
      if (!/^[45]/.test(status)) continue;
      const codes = out.get(status) ?? new Set<string>();
      out.set(status, codes);
      for (const media of Object.values<Json>(response?.content ?? {})) {
        const examples = [media.example, ...Object.values<Json>(media.examples ?? {}).map((e) => deref(facts.doc, e)?.value)];
        for (const ex of examples) if (typeof ex?.error?.code === 'string') codes.add(ex.error.code);
      }
    }
  }
  return out;
}

const retryable = (facts: Facts, status: string) =>
  facts.operations.some((o) => {
    const r = o.responses.get(status);
    return Boolean(r?.headers?.['Retry-After']) || (/^5/.test(status) && /\bretry\b/i.test(String(r?.description ?? '')));
  });

/** The operations with page-number pagination: they take both `page` and `page_size`. */
export function paginatedOperations(facts: Facts): DescribedOperation[] {
  return facts.operations.filter((o) =>
    ['page', 'page_size'].every((n) => o.parameters.some((p: Json) => p.in === 'query' && p.name === n)),
  );
}

/** Top-level fields of an operation's 200 response schema (following `$ref`s and `allOf`). */
function responseFields(facts: Facts, o: DescribedOperation): string[] {
  const fields = (s: Json): string[] => {
    const node = deref(facts.doc, s);
    if (!node || typeof node !== 'object') return [];
    return [...Object.keys(node.properties ?? {}), ...(node.allOf ?? []).flatMap(fields)];
  };
  return fields(o.responses.get('200')?.content?.['application/json']?.schema);
}

const CHECKS: Record<string, GuideCheck> = {
  authentication(g, {facts}, problem) {
    const schemes: Record<string, Json> = facts.doc.components?.securitySchemes ?? {};
    const t = tableWith(g, 'Scheme', problem);
    if (t) {
      const sentIn = t.header.indexOf('Sent in');
      if (sentIn < 0) problem(t.line, 'the scheme table has no "Sent in" column');
      const named = t.rows.map((r) => ({line: r.line, name: codeSpans(r.cells[0] ?? '')[0] ?? '', sentIn: r.cells[sentIn] ?? ''}));
      for (const name of Object.keys(schemes))
        if (!named.some((n) => n.name === name))
          problem(t.line, `security scheme \`${name}\` (${pointerOf(['components', 'securitySchemes', name])}) is not in the table`);
      for (const n of named) {
        const s = schemes[n.name];
        if (!s) {
          problem(n.line, `security scheme \`${n.name}\` is not declared by the description (it has ${list(Object.keys(schemes))})`);
          continue;
        }
        const header = s.type === 'http' ? 'Authorization' : s.in === 'header' ? s.name : undefined;
        if (!header || !codeSpans(n.sentIn).includes(header))
          problem(
            n.line,
            `\`${n.name}\` is sent ${header ? `in the \`${header}\` header` : `in the ${s.in} as \`${s.name}\``} (${pointerOf(['components', 'securitySchemes', n.name])})`,
          );
      }
    }
    // Which operations need which schemes: one row per requirement (its schemes, all needed),
    // "every operation" or the links of its operations.
    const r = tableWith(g, 'Schemes required (all of them)', problem);
    if (r) {
      const groups = new Map<string, DescribedOperation[]>();
      for (const o of facts.operations) {
        for (const req of o.security.length ? o.security : [{}]) {
          const key = Object.keys(req).sort().join(' + ');
          groups.set(key, [...(groups.get(key) ?? []), o]);
        }
      }
      const rows = r.rows.map((row) => ({
        line: row.line,
        key: codeSpans(row.cells[0] ?? '')
          .sort()
          .join(' + '),
        ops: row.cells[1] ?? '',
      }));
      for (const [key, ops] of groups) {
        const row = rows.find((x) => x.key === key);
        if (!row) {
          problem(r.line, `no row for the requirement ${key || '(none: public)'}, which ${ops.map((o) => o.pointer).join(', ')} declare`);
          continue;
        }
        const every = /every operation/i.test(row.ops);
        if (every && ops.length !== facts.operations.length)
          problem(
            row.line,
            `says every operation needs ${key}, but only ${ops.length} of ${facts.operations.length} do (not: ${facts.operations
              .filter((o) => !ops.includes(o))
              .map((o) => o.pointer)
              .join(', ')})`,
          );
        if (
          !every &&
          !sameSet(
            [...row.ops.matchAll(/\/docs\/api\/([^)#\s]+)/g)].map((m) => m[1]!),
            ops.map((o) => o.slug),
          )
        )
          problem(row.line, `the operations needing ${key} are ${ops.map((o) => o.slug).join(', ')}`);
      }
      for (const row of rows) if (!groups.has(row.key)) problem(row.line, `no operation requires exactly ${row.key || 'nothing'}`);
    }
  },

  errors(g, {facts}, problem) {
    const declared = errorStatuses(facts);
    const t = tableWith(g, 'Status', problem, 'Retry?');
    if (!t) return;
    const rows = t.rows.map((row) => ({
      line: row.line,
      status: /`?(\d{3}|default)`?/.exec(row.cells[0] ?? '')?.[1] ?? '',
      codes: codeSpans(row.cells[1] ?? ''),
      retry: /^\s*\**yes/i.test(row.cells[t.header.indexOf('Retry?')] ?? ''),
    }));
    for (const [status, codes] of declared) {
      const row = rows.find((r) => r.status === status);
      const where = facts.operations
        .filter((o) => o.responses.has(status))
        .map((o) => pointerOf(['paths', o.path, ...operationKeys(o.method), 'responses', status]));
      if (!row) {
        problem(
          t.line,
          `status ${status} is declared (${where[0]}${where.length > 1 ? ` and ${where.length - 1} more` : ''}) but not in the table`,
        );
        continue;
      }
      if (!sameSet(row.codes, codes))
        problem(row.line, `status ${status}: the description's error codes are ${list(codes)}, the table says ${list(row.codes)}`);
      const should = retryable(facts, status);
      if (row.retry !== should)
        problem(
          row.line,
          `status ${status}: the table says ${row.retry ? 'retry' : 'do not retry'}, the description ${should ? 'says to retry (a Retry-After header, or a 5xx response that says to retry)' : 'gives no Retry-After and no advice to retry'}`,
        );
    }
    for (const row of rows)
      if (!declared.has(row.status))
        problem(row.line, `status ${row.status || `"${row.status}"`} is not declared by any operation of the description`);
    // The body's fields are the Error model's.
    const body = tableWith(g, 'Field', problem);
    if (body) {
      const errorSchemas = new Set<Json>();
      for (const o of facts.operations)
        for (const [s, r] of o.responses) if (/^[45]/.test(s)) errorSchemas.add(deref(facts.doc, r?.content?.['application/json']?.schema));
      const fields = [...errorSchemas].flatMap((s) =>
        Object.entries<Json>(s?.properties ?? {}).flatMap(([k, v]) =>
          Object.keys(deref(facts.doc, v)?.properties ?? {}).map((f) => `${k}.${f}`),
        ),
      );
      const rows = body.rows.map((r) => ({line: r.line, name: codeSpans(r.cells[0] ?? '')[0] ?? ''}));
      for (const f of new Set(fields))
        if (!rows.some((r) => r.name === f)) problem(body.line, `the error body's field \`${f}\` is not in the table`);
      for (const r of rows) if (!fields.includes(r.name)) problem(r.line, `\`${r.name}\` is not a field of the error body`);
    }
  },

  pagination(g, {facts}, problem) {
    const paginated = paginatedOperations(facts);
    if (!paginated.length) problem(0, 'the description has no operation with `page` and `page_size`: the pagination guide describes none');
    const params = tableWith(g, 'Parameter', problem, 'Maximum');
    if (params) {
      for (const row of params.rows) {
        const name = codeSpans(row.cells[0] ?? '')[0] ?? '';
        const [, where, def, min, max] = row.cells;
        for (const o of paginated) {
          const p = o.parameters.find((x: Json) => x.name === name);
          const schema = deref(facts.doc, p?.schema);
          const at = pointerOf(['paths', o.path, ...operationKeys(o.method), 'parameters']);
          if (!p) problem(row.line, `\`${name}\`: ${o.pointer} has no such parameter`);
          else if (
            p.in !== where ||
            String(schema?.default) !== def ||
            String(schema?.minimum) !== min ||
            String(schema?.maximum) !== max
          ) {
            problem(
              row.line,
              `\`${name}\`: ${at} declares in ${p.in}, default ${schema?.default}, minimum ${schema?.minimum}, maximum ${schema?.maximum}; the table says in ${where}, default ${def}, minimum ${min}, maximum ${max}`,
            );
          }
        }
      }
      for (const n of ['page', 'page_size'])
        if (!params.rows.some((r) => codeSpans(r.cells[0] ?? '')[0] === n)) problem(params.line, `\`${n}\` is not in the table`);
    }
    const envelope = tableWith(g, 'Field', problem);
    if (envelope) {
      const named = envelope.rows.map((r) => codeSpans(r.cells[0] ?? '')[0] ?? '');
      for (const o of paginated) {
        const fields = responseFields(facts, o);
        if (!sameSet(named, fields))
          problem(envelope.line, `the list envelope of ${o.pointer} has ${list(fields)}; the table lists ${list(named)}`);
      }
    }
    const filters = tableWith(g, 'Operation', problem, 'Filters');
    if (filters) {
      const rows = filters.rows.map((r) => ({line: r.line, slug: linkedSlug(r.cells[0] ?? '') ?? '', names: codeSpans(r.cells[1] ?? '')}));
      for (const o of paginated) {
        const row = rows.find((r) => r.slug === o.slug);
        const own = o.parameters.filter((p: Json) => !['page', 'page_size'].includes(p.name) && p.in !== 'header').map((p: Json) => p.name);
        if (!row) problem(filters.line, `${o.title} (${o.pointer}) is paginated but not in the table`);
        else if (!sameSet(row.names, own))
          problem(row.line, `${o.title} takes ${list(own)} besides page and page_size; the table says ${list(row.names)}`);
      }
      for (const r of rows)
        if (!paginated.some((o) => o.slug === r.slug)) problem(r.line, `${r.slug} is not a paginated operation of the description`);
    }
  },

  idempotency(g, {facts}, problem) {
    const keyed = facts.operations.flatMap((o) => {
      const p = o.parameters.find((x: Json) => x.in === 'header' && x.name === 'Idempotency-Key');
      return p ? [{o, p}] : [];
    });
    const t = tableWith(g, 'Operation', problem, '`Idempotency-Key`');
    if (t) {
      const rows = t.rows.map((r) => ({
        line: r.line,
        slug: linkedSlug(r.cells[0] ?? '') ?? '',
        required: /required/i.test(r.cells[1] ?? ''),
      }));
      for (const {o, p} of keyed) {
        const row = rows.find((r) => r.slug === o.slug);
        if (!row) problem(t.line, `${o.title} (${o.pointer}) takes an \`Idempotency-Key\` but is not in the table`);
        else if (row.required !== Boolean(p.required))
          problem(row.line, `${o.title}: the description makes the key ${p.required ? 'required' : 'optional'}`);
      }
      for (const r of rows) if (!keyed.some((k) => k.o.slug === r.slug)) problem(r.line, `${r.slug} takes no \`Idempotency-Key\``);
    }
    // "Those are all the POST operations": the keyed operations are exactly the POSTs.
    if (g.lines.some((l) => /all the `POST` operations/.test(l))) {
      const posts = facts.operations.filter((o) => o.method === 'post');
      if (
        !sameSet(
          posts.map((o) => o.slug),
          keyed.map((k) => k.o.slug),
        )
      )
        problem(
          g.lines.findIndex((l) => /all the `POST` operations/.test(l)) + 1,
          `the POST operations (${posts.map((o) => o.slug).join(', ')}) are not the ones taking a key (${keyed.map((k) => k.o.slug).join(', ')})`,
        );
    }
    const rules = tableWith(g, 'Rule', problem);
    if (rules && keyed.length) {
      for (const {o, p} of keyed) {
        const s = deref(facts.doc, p.schema) ?? {};
        const expect: Record<string, string | undefined> = {
          'Minimum length': s.minLength !== undefined ? `${s.minLength} characters` : undefined,
          'Maximum length': s.maxLength !== undefined ? `${s.maxLength} characters` : undefined,
        };
        for (const row of rules.rows) {
          const [rule = '', value = ''] = row.cells;
          if (rule in expect && value !== expect[rule]) problem(row.line, `${rule}: ${o.pointer} declares ${expect[rule] ?? 'none'}`);
          if (/pattern/i.test(rule) && codeSpans(value)[0] !== s.pattern)
            problem(row.line, `the pattern of ${o.pointer}'s key is ${s.pattern ? `\`${s.pattern}\`` : 'none'}`);
          if (/remembered/i.test(rule) && !String(p.description ?? '').includes(value))
            problem(row.line, `"${value}": the description of ${o.pointer}'s \`Idempotency-Key\` does not say so`);
        }
      }
    }
  },

  webhooks(g, {facts}, problem) {
    const doc = facts.doc;
    const hooks = Object.keys(doc.webhooks ?? doc['x-webhooks'] ?? {});
    const callbacks = facts.operations.flatMap((o) => Object.keys(o.op.callbacks ?? {}).map((c) => `${o.pointer}/callbacks/${c}`));
    const saysNone = g.lines.findIndex((l) => /has no webhooks/i.test(l)) + 1;
    if (saysNone && (hooks.length || callbacks.length))
      problem(
        saysNone,
        `says the API has no webhooks, but the description declares ${[...hooks.map((h) => `#/webhooks/${h}`), ...callbacks].join(', ')}`,
      );
    if (!saysNone && !hooks.length && !callbacks.length) problem(0, 'the description has no webhooks or callbacks: the guide must say so');
    // The polling table: each filter is a query parameter of the operation it names.
    const t = tableWith(g, 'To notice', problem);
    for (const row of t?.rows ?? []) {
      const o = facts.operations.find((x) => x.slug === linkedSlug(row.cells[1] ?? ''));
      if (!o) {
        problem(row.line, `"${row.cells[1]}" links to no operation`);
        continue;
      }
      for (const name of codeSpans(row.cells[2] ?? ''))
        if (!o.parameters.some((p: Json) => p.in === 'query' && p.name === name))
          problem(row.line, `${o.title} (${o.pointer}) has no query parameter \`${name}\``);
      const fields = new Set(responseItemFields(facts, o));
      for (const name of codeSpans(row.cells[3] ?? '').filter((n) => /^[a-z_]+$/.test(n)))
        if (!fields.has(name) && !o.parameters.some((p: Json) => p.name === name))
          problem(row.line, `\`${name}\` is neither a field of ${o.title}'s items nor one of its parameters`);
    }
  },

  'rate-limits'(g, {facts}, problem) {
    const t = tableWith(g, 'Header', problem, 'Sent on');
    if (!t) return;
    const on429 = new Set(facts.operations.flatMap((o) => Object.keys(o.responses.get('429')?.headers ?? {})));
    const responses = facts.operations.flatMap((o) =>
      [...o.responses].map(([status, r]) => ({status, headers: Object.keys(r?.headers ?? {})})),
    );
    const rows = t.rows.map((r) => ({line: r.line, name: codeSpans(r.cells[0] ?? '')[0] ?? '', on: r.cells[1] ?? ''}));
    for (const h of on429)
      if (!rows.some((r) => r.name === h)) problem(t.line, `\`${h}\` comes with the 429 responses but is not in the table`);
    for (const r of rows) {
      if (!on429.has(r.name)) {
        problem(r.line, `\`${r.name}\` is not a header of the description's 429 responses`);
        continue;
      }
      const statuses = new Set(responses.filter((x) => x.headers.includes(r.name)).map((x) => x.status));
      const everywhere = responses.every((x) => x.headers.includes(r.name));
      if (/every response/i.test(r.on) !== everywhere)
        problem(r.line, `\`${r.name}\` is ${everywhere ? '' : 'not '}on every response (it is on ${list(statuses)})`);
      if (!everywhere && !sameSet(codeSpans(r.on), statuses)) problem(r.line, `\`${r.name}\` is sent on ${list(statuses)}`);
    }
    const every429 = g.lines.findIndex((l) => /Every operation can answer `429/.test(l)) + 1;
    const without = facts.operations.filter((o) => !o.responses.has('429'));
    if (every429 && without.length)
      problem(every429, `says every operation can answer 429; ${without.map((o) => o.pointer).join(', ')} declare no 429`);
  },

  'migrating-v1-to-v2'(g, {changelog}, problem) {
    const release = majorRelease(changelog, 2);
    if (!release) {
      problem(0, 'the changelog has no release that moves from major version 1 to 2');
      return;
    }
    const expected = migrationChanges(release);
    const quoted = g.lines.flatMap((text, i) => {
      const m = /^> \*\*Changelog, ([^,]+), (breaking|deprecated):\*\* (.+)$/.exec(text);
      return m ? [{line: i + 1, version: m[1]!, kind: m[2]!, text: m[3]!.trim()}] : [];
    });
    for (const c of expected)
      if (!quoted.some((q) => q.text === c.text && q.kind === c.kind))
        problem(0, `the changelog's ${c.kind} change of ${release.version} "${c.text}" (${c.pointer}) is not quoted`);
    for (const q of quoted) {
      if (q.version !== release.version)
        problem(q.line, `quotes release ${q.version}; the change from v1 to v2 is release ${release.version}`);
      if (!expected.some((c) => c.text === q.text && c.kind === q.kind))
        problem(q.line, `the changelog of ${release.version} has no ${q.kind} change "${q.text}"`);
    }
  },
};

/** Fields of the items of an operation's list (or of its single record). */
function responseItemFields(facts: Facts, o: DescribedOperation): string[] {
  const schema = o.responses.get('200')?.content?.['application/json']?.schema;
  const props = (s: Json): Record<string, Json> => {
    const node = deref(facts.doc, s);
    return Object.assign({}, node?.properties ?? {}, ...(node?.allOf ?? []).map(props));
  };
  const top = props(schema);
  const items = deref(facts.doc, top.items);
  return Object.keys(items?.items ? props(items.items) : top);
}

/** The release that starts major version `major` (its changes are from the last release of the major before). */
export function majorRelease(changelog: Changelog, major: number): ReleaseChanges | undefined {
  return changelog.releases.find(
    (r) => r.previous && parseSemver(r.version)?.major === major && parseSemver(r.previous)?.major === major - 1,
  );
}

/** What a migration guide must quote: every breaking change and every deprecation of the release, once per sentence. */
export function migrationChanges(release: ReleaseChanges): {kind: 'breaking' | 'deprecated'; text: string; pointer: string}[] {
  const all = [...release.operations.flatMap((o) => o.changes), ...release.general];
  const out = new Map<string, {kind: 'breaking' | 'deprecated'; text: string; pointer: string}>();
  for (const c of all) {
    const kind = c.kind === 'breaking' ? 'breaking' : c.deprecation ? 'deprecated' : undefined;
    if (kind && !out.has(`${kind} ${c.text}`)) out.set(`${kind} ${c.text}`, {kind, text: c.text, pointer: c.pointer});
  }
  return [...out.values()];
}

/** The guides every check above is for: a missing one is a problem. */
export const CHECKED_GUIDES = Object.keys(CHECKS);

/** Every problem of the guides against the description. */
export function checkGuides(guides: GuideFile[], ctx: Context): Problem[] {
  const problems: Problem[] = [];
  for (const name of CHECKED_GUIDES)
    if (!guides.some((g) => g.name === name))
      problems.push({file: path.join('docs/guides', `${name}.mdx`), line: 0, message: 'the guide is missing'});
  for (const g of guides) {
    problems.push(...checkEveryGuide(g, ctx));
    CHECKS[g.name]?.(g, ctx, (line, message) => problems.push({file: g.file, line, message}));
  }
  return problems;
}
