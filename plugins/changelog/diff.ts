/**
 * Diffs two releases of the description with api-smart-diff and turns its changes into what an
 * API reader needs: one sentence per change, grouped by operation, classified as breaking,
 * non-breaking or documentation-only (deprecations are non-breaking, flagged).
 *
 * api-smart-diff resolves `$ref`s, so a change to a shared schema appears under every operation
 * that uses it (what a reader of one operation wants); its `components` entries are therefore not
 * listed again. Its classification is kept except where it is wrong for a reader (classify()):
 *
 * - `deprecated` (its own type) -> non-breaking, flagged as a deprecation;
 * - `annotation` -> documentation-only, and so is any change to descriptions, summaries, titles,
 *   examples, tags, `externalDocs` or `x-` extensions (it leaves some of these "unclassified");
 * - a new enum value in a response -> non-breaking (it says breaking; our compatibility policy, in
 *   the overview, lets responses gain enum values), a value removed from a request -> breaking
 *   (also when the whole request enum is replaced by a narrower one, which it leaves unclassified);
 *   an enum removed altogether -> one change, non-breaking in a request (any value is accepted
 *   now; it reports each value removed, as breaking: wholeEnumRemovals());
 * - a changed `type` -> breaking (it says non-breaking for parameters);
 * - a removed error response (4xx/5xx) -> non-breaking (a client never relied on receiving it);
 * - a changed server URL -> breaking (it says annotation), the document's, a path's or an operation's;
 * - anything it leaves unclassified -> non-breaking.
 */
import {apiCompare} from 'api-smart-diff';
import type {Change, ChangeKind, OperationChanges, ReleaseChanges} from './client/changelog-format';
import {followRefs} from '../../openapi/model/refs';
import {escapeToken} from '../../openapi/model/pointer';
import {isHttpMethod, methodLabel, operationKeys, pathItemOperations} from '../../openapi/model/methods';
import {listOperations} from '../../openapi/model/operations';
import {isObject, type OpenApiDocument, type Operation, type Parameter, type PathItem} from '../../openapi/model/document';

type Path = (string | number)[];

export interface LibraryDiff {
  action: 'add' | 'remove' | 'replace' | 'rename';
  path: Path;
  before?: unknown;
  after?: unknown;
  type: string;
  description?: string;
}

const DOC_KEYS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'tags', 'x-displayName']);
/** info keys that are not part of the API (the version is the release itself). */
const IGNORED_INFO = new Set(['version', 'x-release-date']);
const KIND_ORDER: Record<ChangeKind, number> = {breaking: 0, 'non-breaking': 1, documentation: 2};

export function pointerOf(path: Path): string {
  return `#/${path.map(escapeToken).join('/')}`;
}

/** The value at a diff path, following `$ref`s on the way (api-smart-diff's paths run through resolved references). */
export function valueAt(doc: unknown, path: Path): unknown {
  let node = doc;
  for (const key of path) {
    node = followRefs(doc, node);
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return followRefs(doc, node);
}

/** Where in an operation a change is: the request (parameters, body), a response, or the operation itself. */
export type Side = 'request' | 'response' | 'operation' | 'general';

export interface ClassifyContext {
  side: Side;
  /** Path inside the operation (after paths/<path>/<method>), or the whole path for general changes. */
  rest: Path;
}

/** Whether a change is to a server's URL (servers/<n>/url, of the document, a path or an operation). */
const isServerUrl = (path: Path): boolean =>
  path[path.length - 1] === 'url' && typeof path[path.length - 2] === 'number' && path[path.length - 3] === 'servers';

/** Keywords whose value is data: a change anywhere inside one (example/name, examples/one/value/0) is a change of that keyword. */
const DATA_KEYS = new Set(['example', 'examples', 'default']);

/**
 * The keyword a change is about: the first data keyword on the path (not a field or a response of
 * that name: properties/default, responses/default), else the last string key, ignoring an array
 * index after it (enum/1, required/3, tags/0).
 */
function keywordOf(rest: Path): string {
  const data = rest.find((k, i) => DATA_KEYS.has(String(k)) && rest[i - 1] !== 'properties' && rest[i - 1] !== 'responses');
  if (data !== undefined) return String(data);
  const last = rest[rest.length - 1];
  const keyword = typeof last === 'number' ? rest[rest.length - 2] : last;
  // prettier-ignore
  // Stryker disable next-line StringLiteral: the fallback is the keyword of an empty path (an operation added or removed, whose sentence reads no keyword) or of a lone index (no schema path starts with one), and no rule matches either string
  return String(keyword ?? '');
}

/** Our classification of one api-smart-diff change (see the file comment for the overrides). */
export function classify(diff: LibraryDiff, ctx: ClassifyContext): {kind: ChangeKind; deprecation?: boolean} {
  const {rest, side} = ctx;
  const keyword = keywordOf(rest);
  if (diff.type === 'deprecated' || (keyword === 'deprecated' && diff.after === true)) return {kind: 'non-breaking', deprecation: true};
  if (rest.some((k) => typeof k === 'string' && k.startsWith('x-'))) return {kind: 'documentation'};
  if (DOC_KEYS.has(keyword) && !(keyword === 'tags' && side === 'general' && rest.length > 2)) return {kind: 'documentation'};
  if (keyword === 'enum') {
    const wholeEnum = typeof rest[rest.length - 1] !== 'number';
    if (side === 'request') {
      // A removed value, or a new list replacing none: fewer accepted values.
      if (wholeEnum) return {kind: diff.action === 'remove' ? 'non-breaking' : 'breaking'};
      return {kind: diff.action === 'add' ? 'non-breaking' : 'breaking'};
    }
    if (side === 'response') return {kind: 'non-breaking'};
  }
  if (keyword === 'type' && diff.action === 'replace') return {kind: 'breaking'};
  if (side === 'response' && rest[0] === 'responses' && rest.length === 2 && diff.action === 'remove' && /^[45]/.test(String(rest[1]))) {
    return {kind: 'non-breaking'};
  }
  if (isServerUrl(rest)) return {kind: 'breaking'};
  if (diff.type === 'breaking') return {kind: 'breaking'};
  if (diff.type === 'annotation') return {kind: 'documentation'};
  return {kind: 'non-breaking'};
}

/** "added", "removed" or "updated": the verb of a change's sentence. */
const verbOf = (action: LibraryDiff['action']) => (action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'updated');
const code = (v: unknown) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
/** The sentence for a changed server URL. */
const serverUrlChange = (diff: LibraryDiff) => `Server URL changed from ${code(diff.before)} to ${code(diff.after)}.`;

interface Subject {
  /** "the request body", "the `201` response", "query parameter `status`". */
  label: string;
  /** Field path inside a schema ("items[].status"), empty for the subject itself. */
  field: string;
  /** The keywords after the schema path (e.g. ["enum", 2], ["required", 4], []). */
  tail: Path;
  /** The last schema step was a property name (a field added or removed). */
  property?: string;
}

/** Reads a schema path: property names and array items make the field name, the rest is the tail. */
function readSchemaPath(path: Path): {field: string; tail: Path; property?: string} {
  const parts: string[] = [];
  let i = 0;
  let property: string | undefined;
  while (i < path.length) {
    const k = path[i];
    if (k === 'properties' && i + 1 < path.length) {
      property = String(path[i + 1]);
      parts.push(`${parts.length ? '.' : ''}${property}`);
      i += 2;
      continue;
    }
    if (k === 'items') {
      parts.push('[]');
      property = undefined;
      i += 1;
      continue;
    }
    // A branch of a composition is passed over when the path goes on into it (a field of the
    // branch); a branch added or removed itself is the change ("changed (oneOf)"). The items of a
    // composition are numbered. (api-smart-diff merges an `allOf` of inline schemas, not one with a
    // `$ref`, as the list pages have: allOf/1/properties/items.)
    if ((k === 'allOf' || k === 'oneOf' || k === 'anyOf') && i + 2 < path.length) {
      i += 2;
      continue;
    }
    if (k === 'additionalProperties') {
      parts.push(`${parts.length ? '.' : ''}*`);
      i += 1;
      continue;
    }
    break;
  }
  // `property` counts only when the path ends there (describe() reads it for an empty tail only).
  return {field: parts.join(''), tail: path.slice(i), property};
}

/**
 * The parameter a change under parameters/<n> is about. api-smart-diff numbers the parameters as
 * the older list does (a parameter keeps its number when others are removed or reordered; a new
 * one is numbered after the older list and is the change's `after`).
 */
function parameterOf(diff: LibraryDiff, rest: Path, before: OpenApiDocument, after: OpenApiDocument, opPath: Path): Parameter | undefined {
  if (diff.action === 'add' && rest.length === 2) return followRefs(after, diff.after) as Parameter | undefined;
  return valueAt(before, [...opPath, 'parameters', rest[1]!]) as Parameter | undefined;
}

function subjectOf(diff: LibraryDiff, rest: Path, before: OpenApiDocument, after: OpenApiDocument, opPath: Path): Subject | undefined {
  if (rest[0] === 'parameters' && typeof rest[1] === 'number') {
    const param = parameterOf(diff, rest, before, after, opPath);
    const label = param ? `${param.in} parameter ${code(param.name)}` : 'a parameter';
    if (rest[2] === 'schema') return {label, ...readSchemaPath(rest.slice(3))};
    return {label, field: '', tail: rest.slice(2)};
  }
  if (rest[0] === 'requestBody') {
    // requestBody/content/<media type>/schema (no other key of a request body has a schema two steps down)
    if (rest[3] === 'schema') return {label: 'the request body', ...readSchemaPath(rest.slice(4))};
    return {label: 'the request body', field: '', tail: rest.slice(1)};
  }
  if (rest[0] === 'responses' && rest[1] !== undefined) {
    const label = `the ${code(rest[1])} response`;
    if (rest[2] === 'content' && rest[4] === 'schema') return {label, ...readSchemaPath(rest.slice(5))};
    if (rest[2] === 'headers' && rest[3] !== undefined) {
      const header = {label: `header ${code(rest[3])} of ${label}`, field: '', tail: rest.slice(4)};
      if (rest[4] === 'schema') return {...header, ...readSchemaPath(rest.slice(5)), label: header.label};
      return header;
    }
    return {label, field: '', tail: rest.slice(2)};
  }
  return undefined;
}

function replacementOf(doc: OpenApiDocument, path: Path, ops: Map<string, string>): string {
  // Under parameters/<n> the newer document may number the parameter otherwise (see parameterOf): no replacement is read then.
  const holder = valueAt(doc, path.slice(0, -1));
  const by = isObject(holder) ? holder['x-deprecated-by'] : undefined;
  if (typeof by !== 'string' || !by) return '';
  return `: use ${ops.get(by) ?? code(by)} instead`;
}

/** One sentence for a change. */
function describe(
  diff: LibraryDiff,
  rest: Path,
  before: OpenApiDocument,
  after: OpenApiDocument,
  opPath: Path,
  ops: Map<string, string>,
): string {
  const {action} = diff;
  const newer = action === 'remove' ? before : after;
  const fullPath = [...opPath, ...rest];
  if (rest.length === 0) return action === 'add' ? 'New operation.' : action === 'remove' ? 'Operation removed.' : 'Operation replaced.';
  if (rest.length === 1 && rest[0] === 'parameters' && action !== 'replace') {
    // The operation's first parameters, or its last ones, as a whole list.
    const list = (valueAt(newer, fullPath) as unknown[]).map((_, i) => valueAt(newer, [...fullPath, i]) as Parameter);
    const param = (p: Parameter) => `${p.in} parameter ${code(p.name)}`;
    if (list.length)
      return action === 'add'
        ? `New ${list.map((p) => `${p.required ? 'required' : 'optional'} ${param(p)}`).join(', ')}.`
        : `Removed ${list.map(param).join(', ')}.`;
  }
  const subject = subjectOf(diff, rest, before, after, opPath);
  if (subject) {
    const {label, field, tail} = subject;
    const what = field ? `${code(field)} in ${label}` : label;
    const key = keywordOf(tail);
    if (tail.length === 0) {
      if (rest[0] === 'parameters' && rest.length === 2) {
        const p = parameterOf(diff, rest, before, after, opPath);
        // Never replaced: api-smart-diff matches parameters by name and location, so one is added or removed.
        return action === 'add' ? `New ${p?.required ? 'required' : 'optional'} ${label}.` : `Removed ${label}.`;
      }
      // A response added or removed (a parameter's was handled above; no other subject is whole at two steps).
      if (rest.length === 2)
        return action === 'add'
          ? `New response ${code(rest[1])}.`
          : action === 'remove'
            ? `Response ${code(rest[1])} is no longer documented.`
            : `Changed response ${code(rest[1])}.`;
      if (subject.property !== undefined) {
        // The new field's schema is the change's `after` (read there: under a parameter, the newer document may number it otherwise).
        const node = followRefs(after, diff.after);
        const where = label;
        return action === 'add'
          ? `New field ${code(field)} in ${where}${isObject(node) && node.deprecated ? ' (deprecated)' : ''}.`
          : action === 'remove'
            ? `Field ${code(field)} removed from ${where}.`
            : `Field ${code(field)} of ${where} changed.`;
      }
      return action === 'add' ? `Added ${what}.` : action === 'remove' ? `Removed ${what}.` : `Changed ${what}.`;
    }
    if (key === 'required') {
      if (typeof tail[tail.length - 1] === 'number') {
        const name = String(action === 'remove' ? diff.before : diff.after);
        const f = field ? `${field}.${name}` : name;
        return action === 'remove' ? `${code(f)} in ${label} is no longer required.` : `${code(f)} in ${label} is now required.`;
      }
      return diff.after === true
        ? `${what[0]!.toUpperCase()}${what.slice(1)} is now required.`
        : `${what[0]!.toUpperCase()}${what.slice(1)} is now optional.`;
    }
    if (key === 'enum') {
      if (typeof tail[tail.length - 1] === 'number') {
        const value = code(action === 'remove' ? diff.before : diff.after);
        const request = rest[0] !== 'responses';
        if (action === 'add') return request ? `${cap(what)} accepts the new value ${value}.` : `${cap(what)} may now be ${value}.`;
        if (action === 'remove') return request ? `${cap(what)} no longer accepts ${value}.` : `${cap(what)} is no longer ${value}.`;
        return `${cap(what)}: value ${code(diff.before)} is now ${code(diff.after)}.`;
      }
      const values = diff.after;
      return action === 'remove'
        ? `${cap(what)} is no longer limited to a list of values.`
        : `${cap(what)} is limited to ${Array.isArray(values) ? values.map(code).join(', ') : 'a list of values'}.`;
    }
    if (key === 'deprecated') {
      return diff.after === true
        ? `${cap(what)} is deprecated${replacementOf(after, fullPath, ops)}.`
        : `${cap(what)} is no longer deprecated.`;
    }
    if (key === 'x-deprecated-by')
      return action === 'remove'
        ? `${cap(what)}: no replacement named any more (was ${code(diff.before)}).`
        : `${cap(what)}: replacement named (${code(diff.after)}).`;
    if (DOC_KEYS.has(key)) return `${key === 'examples' ? 'Example' : cap(key)} of ${what} ${verbOf(action)}.`;
    // A change inside a default value (default/a): the value's parts are no values of their own.
    if (key === 'default' && tail[tail.length - 1] !== key) return `Default of ${what} updated.`;
    if (
      key === 'type' ||
      key === 'format' ||
      key === 'default' ||
      key === 'pattern' ||
      /^(min|max|exclusive|multipleOf|uniqueItems|nullable|readOnly|writeOnly)/.test(key)
    ) {
      const b = diff.before === undefined ? 'none' : code(diff.before);
      const a = diff.after === undefined ? 'none' : code(diff.after);
      return `${cap(key)} of ${what} changed from ${b} to ${a}.`;
    }
    return `${cap(what)} changed (${key}).`;
  }
  // The operation's servers, before the keywords they contain (a server's description is not the operation's).
  if (rest[0] === 'servers') return isServerUrl(rest) ? serverUrlChange(diff) : 'Servers changed.';
  // A callback by its name, before the keywords inside it (its operation's summary or description is not this one's).
  if (rest[0] === 'callbacks' && rest.length > 1) return `Callback ${code(rest[1])} ${rest.length === 2 ? verbOf(action) : 'changed'}.`;
  const key = keywordOf(rest);
  if (key === 'summary') return `Title changed from ${code(diff.before)} to ${code(diff.after)}.`;
  if (key === 'description') return 'Description updated.';
  if (key === 'deprecated')
    return diff.after === true ? `Operation deprecated${replacementOf(after, fullPath, ops)}.` : 'Operation no longer deprecated.';
  if (key === 'x-deprecated-by') {
    return action === 'remove'
      ? `No replacement named any more (was ${ops.get(String(diff.before)) ?? code(diff.before)}).`
      : `Replacement named: ${ops.get(String(diff.after)) ?? code(diff.after)}.`;
  }
  if (key === 'operationId') return `Operation ID changed from ${code(diff.before)} to ${code(diff.after)}.`;
  if (key === 'tags') return `Category changed${diff.after !== undefined ? ` to ${code(diff.after)}` : ''}.`;
  if (key === 'security') return 'Authentication requirements changed.';
  // Any other key of the operation (callbacks, externalDocs, an extension) by its name.
  return `${key.startsWith('x-') ? 'Extension ' : ''}${code(key)} ${verbOf(action)}.`;
}

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Describes a change that is not inside an operation (servers, security schemes, tags, info). */
function describeGeneral(diff: LibraryDiff): string {
  const [top, ...rest] = diff.path.map(String);
  const verb = verbOf(diff.action);
  if (top === 'servers') {
    if (isServerUrl(diff.path)) return serverUrlChange(diff);
    // The list, or one server, added or removed; else a part of a server (its description, a variable).
    return diff.path.length <= 2 ? `Servers ${verb}.` : 'Servers updated.';
  }
  if (top === 'info') return `${rest[0] === 'description' ? 'Overview' : `API ${rest[0]}`} ${verb}.`;
  if (top === 'tags') return `Category descriptions ${verb}.`;
  if (top === 'security') return `Default authentication ${verb}.`;
  // The only components listed as changes of their own (diffDocuments() passes over the others).
  if (top === 'components') {
    if (rest[1] !== undefined) return `Security scheme ${code(rest[1])} ${verb}.`;
    // The whole map added or removed (the first scheme of a document, or the last): name them.
    const names = Object.keys((diff.action === 'remove' ? diff.before : diff.after) ?? {});
    return names.length
      ? `Security ${names.length === 1 ? 'scheme' : 'schemes'} ${names.map(code).join(', ')} ${verb}.`
      : `Security schemes ${verb}.`;
  }
  return `${[top, ...rest].join('.')} ${verb}.`;
}

export interface DiffOptions {
  /** Current page addresses by "METHOD path" (lower-case method), for links from the entries. */
  pages?: Map<string, string>;
  /** Anchor for the release section (default from the version). */
  anchor?: string;
}

export function releaseAnchor(version: string): string {
  return `v${version.replace(/[^0-9A-Za-z]+/g, '-')}`;
}

/** Operation titles by operationId, for naming replacements: the newer document's, else the older one's. */
function operationTitles(before: OpenApiDocument, after: OpenApiDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const op of [...listOperations(before), ...listOperations(after)]) {
    const title = op.summary ? `“${op.summary}”` : code(op.operationId);
    if (op.operationId) out.set(op.operationId, title);
  }
  return out;
}

/** Document order of operations ("method path"): newer document first, then what only the older one has. */
function operationOrder(before: OpenApiDocument, after: OpenApiDocument): string[] {
  return [...new Set([...listOperations(after), ...listOperations(before)].map((op) => `${op.method} ${op.path}`))];
}

/** Runs api-smart-diff; exported for the tests of the classification. */
export function libraryDiffs(before: OpenApiDocument, after: OpenApiDocument): LibraryDiff[] {
  return apiCompare(before, after).diffs as unknown as LibraryDiff[];
}

/**
 * api-smart-diff reports an enum removed altogether as each of its values removed ("no longer
 * accepts" each, breaking): when the enum is gone from `after`, those become one removal of the
 * whole enum (classify: any value accepted now). The library works on the documents it is given
 * (it leaves an empty `enum` where one was removed, and it merges path-level parameters into the
 * operations, which describe() relies on), so an empty list counts as gone.
 */
function wholeEnumRemovals(diffs: LibraryDiff[], after: OpenApiDocument): LibraryDiff[] {
  return diffs.map((d) => {
    const list = d.path.slice(0, -1);
    // One removal of the list for each of its values: they read as one sentence (tidy() keeps one entry per sentence).
    if (
      typeof d.path[d.path.length - 1] === 'number' &&
      list[list.length - 1] === 'enum' &&
      !(valueAt(after, list) as {length?: number} | null | undefined)?.length
    )
      return {action: 'remove', path: list, type: d.type};
    return d;
  });
}

/** The classified changes from `before` to `after` (two releases, or the last release and the working description). */
/** Where a moved operation really is (see forLibrary). */
interface MovedOperation {
  path: string;
  method: string;
}

/** The method slot a moved operation takes in its own path item (the library knows the eight). */
const LIBRARY_SLOT = 'post';

/**
 * api-smart-diff knows the eight methods of OpenAPI 3.0/3.1 only: it reads an OpenAPI 3.2 `query`
 * operation as nothing and `additionalOperations` as a field of the path item's first operation.
 * A copy of the document for it moves each such operation into a path item of its own, keyed by
 * path and method (the same key in both documents, so the library matches them), under
 * LIBRARY_SLOT, with the path item's other fields (shared parameters, servers). `moved` maps the
 * key back to the real place.
 */
function forLibrary(doc: OpenApiDocument, moved: Map<string, MovedOperation>): OpenApiDocument {
  let paths: Record<string, PathItem> | undefined;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const extra = pathItemOperations(item).filter((o) => o.method === 'query' || !isHttpMethod(o.method));
    if (extra.length === 0) continue;
    paths ??= {...doc.paths};
    const {query: _query, additionalOperations: _additional, ...rest} = item;
    const shared = Object.fromEntries(Object.entries(rest).filter(([k]) => !isHttpMethod(k)));
    paths[path] = rest;
    for (const {method, operation} of extra) {
      const key = `${path} ${methodLabel(method)} (${method})`;
      moved.set(key, {path, method});
      paths[key] = {...shared, [LIBRARY_SLOT]: operation as Operation};
    }
  }
  return paths ? {...doc, paths} : doc;
}

export function diffDocuments(
  before: OpenApiDocument,
  after: OpenApiDocument,
  version: string,
  previous?: string,
  options: DiffOptions = {},
): ReleaseChanges {
  const ops = operationTitles(before, after);
  const order = operationOrder(before, after);
  const moved = new Map<string, MovedOperation>();
  before = forLibrary(before, moved);
  after = forLibrary(after, moved);
  const diffs = wholeEnumRemovals(libraryDiffs(before, after), after);
  const groups = new Map<string, OperationChanges>();
  const general: Change[] = [];
  // A field added or removed together with its `required` entry reads as one change.
  // In a request, a new field that is also required is one breaking change ("New required field").
  // Every change by "<action> <pointer>"; a `required` entry pairs with its field's change of the same
  // action (api-smart-diff matches `required` entries by name: one is added or removed, never replaced).
  const byChange = new Map(diffs.map((d) => [`${d.action} ${pointerOf(d.path)}`, d]));
  const fieldOfRequired = (d: LibraryDiff) =>
    typeof d.path[d.path.length - 1] === 'number' && d.path[d.path.length - 2] === 'required'
      ? `${d.action} ${pointerOf([...d.path.slice(0, -2), 'properties', String(d.action === 'add' ? d.after : d.before)])}`
      : // Stryker disable next-line StringLiteral: the fallback only has to be no key of byChange ("<action> #/…"); any other text is looked up in vain the same way
        '';
  const requiredNew = new Set(diffs.map(fieldOfRequired).filter((f) => byChange.has(f)));
  // Only what is under an operation is described (paths/<path>/<method>/parameters|requestBody).
  const inRequest = (d: LibraryDiff) => d.path[3] === 'parameters' || d.path[3] === 'requestBody';
  for (const diff of diffs) {
    const field = fieldOfRequired(diff);
    let text: string | undefined;
    if (requiredNew.has(field)) {
      if (!(inRequest(diff) && diff.action === 'add')) continue;
      const added = byChange.get(field)!;
      text = describe(added, added.path.slice(3), before, after, added.path.slice(0, 3), ops).replace('New field', 'New required field');
    } else if (inRequest(diff) && requiredNew.has(`add ${pointerOf(diff.path)}`)) {
      continue;
    }
    const [top, p, method] = diff.path;
    if (top === 'components' && diff.path[1] !== 'securitySchemes') continue; // shown under the operations using them
    if (top === 'info' && IGNORED_INFO.has(String(diff.path[1]))) continue;
    const m = String(method);
    if (top === 'paths' && isHttpMethod(m)) {
      const rest = diff.path.slice(3);
      const path = String(p);
      const opPath: Path = ['paths', path, m];
      const side: Side =
        rest[0] === 'parameters' || rest[0] === 'requestBody'
          ? 'request'
          : rest[0] === 'responses'
            ? 'response'
            : // Stryker disable next-line StringLiteral: classify() tells only 'request', 'response' and 'general' apart; any other side takes the same branches as 'operation'
              'operation';
      const {kind, deprecation} = classify(diff, {side, rest});
      // An OpenAPI 3.2 operation the library read from its own path item (forLibrary): its real place.
      const real = moved.get(path) ?? {path, method: m};
      const key = `${real.method} ${real.path}`;
      let group = groups.get(key);
      if (!group) {
        const op = (valueAt(after, opPath) ?? valueAt(before, opPath)) as Operation;
        group = {
          method: real.method,
          path: real.path,
          title: op.summary ?? op.operationId ?? `${methodLabel(real.method)} ${real.path}`,
          status: 'changed',
          changes: [],
        };
        const href = options.pages?.get(key);
        if (href) group.href = href;
        groups.set(key, group);
      }
      if (rest.length === 0 && diff.action === 'add') group.status = 'added';
      if (rest.length === 0 && diff.action === 'remove') group.status = 'removed';
      text ??= describe(diff, rest, before, after, opPath, ops);
      group.changes.push({
        kind,
        ...(deprecation ? {deprecation} : {}),
        text,
        pointer: pointerOf(moved.has(path) ? ['paths', real.path, ...operationKeys(real.method), ...rest] : diff.path),
        ...(diff.action === 'remove' ? {removed: true} : {}),
        library: diff.type,
      });
      continue;
    }
    // Path-level keys (parameters shared by the path's operations, servers, extensions) never get
    // here: api-smart-diff merges them into each operation, and reports them there.
    const {kind} = classify(diff, {side: 'general', rest: diff.path});
    general.push({kind, text: describeGeneral(diff), pointer: pointerOf(diff.path), library: diff.type});
  }
  const operations = [...groups.values()].map((g) => ({...g, changes: tidy(g.changes)}));
  operations.sort((a, b) => {
    const ba = a.changes.some((c) => c.kind === 'breaking') ? 0 : 1;
    const bb = b.changes.some((c) => c.kind === 'breaking') ? 0 : 1;
    return ba - bb || order.indexOf(`${a.method} ${a.path}`) - order.indexOf(`${b.method} ${b.path}`);
  });
  const all = [...operations.flatMap((o) => o.changes), ...general];
  const date = after.info?.['x-release-date'];
  return {
    version,
    ...(previous ? {previous} : {}),
    ...(typeof date === 'string' ? {date} : {}),
    anchor: options.anchor ?? releaseAnchor(version),
    counts: {
      breaking: all.filter((c) => c.kind === 'breaking').length,
      'non-breaking': all.filter((c) => c.kind === 'non-breaking').length,
      documentation: all.filter((c) => c.kind === 'documentation').length,
      deprecations: all.filter((c) => c.deprecation).length,
    },
    operations,
    general: tidy(general),
  };
}

/**
 * One entry per sentence (the same change under two responses reads once each, but never twice),
 * replacement names merged into their deprecation, then breaking first. (An operation added or
 * removed is one entry already: api-smart-diff reports nothing else under it.)
 */
function tidy(changes: Change[]): Change[] {
  const seen = new Set<string>();
  const out: Change[] = [];
  for (const c of changes) {
    if (/replacement named/i.test(c.text) && changes.some((d) => d.deprecation)) continue;
    if (seen.has(c.text)) continue;
    seen.add(c.text);
    out.push(c);
  }
  return out.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || Number(Boolean(b.deprecation)) - Number(Boolean(a.deprecation)));
}
