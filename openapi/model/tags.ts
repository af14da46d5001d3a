/**
 * The API reference's navigation: which categories the sidebar, the overview and the category
 * index pages show, nested as the document says. Node-free: pages import it too.
 *
 * - **Tags** (`tags`): a tag of kind `nav` (or of no kind) is a category, labelled by its
 *   `summary` (3.2), else `x-displayName`, else its name. `parent` (3.2) nests it under another nav
 *   tag, to any depth. Tags of any other kind (the registry's `badge` and `audience`, or one of the
 *   document's own) make no category: operations show them as labels (tagLabels).
 * - **`x-tagGroups`** (Redocly's extension for 2.0–3.1): each group is a parent category of its
 *   tags, as if the tags had `parent: <group>`. Tags in no group stay at the top level after the
 *   groups (Redoc hides them and their operations; hiding pages that exist would leave them
 *   reachable only by search).
 * - **Operations** are filed under each of their nav tags (an operation with two nav tags is in
 *   both categories, as before nesting). One with no nav tag goes to a category named after its
 *   path's first segment (pathGroup: `/v1/customers/{id}` -> "Customers"), or of its action for
 *   query-style paths (`/#Action=DescribeInstances` -> "Instance"); when a tag's category has that
 *   address already, the operation joins it. Untagged webhooks go to "Webhooks".
 * - Categories with no operation anywhere below them are left out. Siblings keep the document's
 *   order: declared tags (groups first with `x-tagGroups`), then tags operations use without
 *   declaring them, then path groups in the order their first operation appears.
 *
 * Every category's address is /category/api/<categorySlug(name)>, flat whatever its depth, so a
 * link to it survives a change of parent.
 */
import kebabCase from 'lodash/kebabCase';
import {slugWords, type OperationRef} from './operations';

/** A category's slug: lodash kebabCase of the tag's name (the addresses older builds published). */
export function categorySlug(name: string): string {
  return kebabCase(name);
}

/** Kind of a tag that makes navigation (a tag without `kind` does too). */
export const NAV_KIND = 'nav';

export interface TagInfo {
  name: string;
  /** What a reader sees: summary, else x-displayName, else the name. */
  label: string;
  kind: string;
  /** The parent nav tag, after checks (an unknown parent, a non-nav parent or a cycle is dropped). */
  parent?: string;
  description?: string;
  externalDocs?: {url: string; description?: string};
  /** Declared in `tags` (else only used by operations, or a group of `x-tagGroups`). */
  declared: boolean;
}

export interface TagProblem {
  /** JSON pointer in the document. */
  pointer: string;
  message: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The document's tags by name, in sibling order (see the file comment), with the problems of their
 * hierarchy: a parent that is not a declared nav tag, a cycle. `used` are the tags operations name.
 */
export function readTags(doc: unknown, used: Iterable<string> = []): {tags: Map<string, TagInfo>; problems: TagProblem[]} {
  const d = isObj(doc) ? doc : {};
  const problems: TagProblem[] = [];
  const tags = new Map<string, TagInfo>();
  const declared = (Array.isArray(d.tags) ? d.tags : []).map((t, i) => [t, i] as const).filter(([t]) => isObj(t) && text(t.name));
  const groups = (Array.isArray(d['x-tagGroups']) ? d['x-tagGroups'] : [])
    .map((g, i) => [g, i] as const)
    .filter(([g]) => isObj(g) && text(g.name));
  const groupOf = new Map<string, string>();
  for (const [g, i] of groups as [Record<string, unknown>, number][]) {
    const name = g.name as string;
    if (!tags.has(name))
      tags.set(name, {
        name,
        label: name,
        kind: NAV_KIND,
        declared: false,
        ...(text(g.description) ? {description: g.description as string} : {}),
      });
    for (const member of Array.isArray(g.tags) ? g.tags : []) {
      if (typeof member !== 'string' || member === name) continue;
      if (groupOf.has(member)) {
        problems.push({
          pointer: `#/x-tagGroups/${i}/tags`,
          message: `tag ${JSON.stringify(member)} is already in the group ${JSON.stringify(groupOf.get(member))}; it is shown there only.`,
        });
        continue;
      }
      groupOf.set(member, name);
    }
  }
  const pointers = new Map<string, string>();
  for (const [t, i] of declared as [Record<string, unknown>, number][]) {
    const name = t.name as string;
    if (tags.has(name) && tags.get(name)!.declared) continue;
    const docs = isObj(t.externalDocs) && text(t.externalDocs.url) ? t.externalDocs : undefined;
    pointers.set(name, `#/tags/${i}`);
    const group = tags.get(name); // a group of the same name: the tag describes it
    tags.set(name, {
      name,
      label: text(t.summary) ?? text(t['x-displayName']) ?? name,
      kind: text(t.kind) ?? NAV_KIND,
      declared: true,
      ...(text(t.parent) ? {parent: t.parent as string} : groupOf.has(name) ? {parent: groupOf.get(name)} : {}),
      ...(text(t.description) ? {description: t.description as string} : group?.description ? {description: group.description} : {}),
      ...(docs
        ? {externalDocs: {url: docs.url as string, ...(text(docs.description) ? {description: docs.description as string} : {})}}
        : {}),
    });
  }
  for (const name of [...groupOf.keys(), ...used]) {
    if (!tags.has(name) && name.trim() !== '')
      tags.set(name, {name, label: name, kind: NAV_KIND, declared: false, ...(groupOf.has(name) ? {parent: groupOf.get(name)} : {})});
  }
  // Parents: a declared nav tag (or group); no cycles. In order, so the first tag of a cycle is cut.
  for (const tag of tags.values()) {
    if (tag.parent === undefined) continue;
    const where = `${pointers.get(tag.name) ?? '#/x-tagGroups'}/parent`;
    const parent = tags.get(tag.parent);
    if (!parent || parent.kind !== NAV_KIND) {
      problems.push({
        pointer: where,
        message: `tag ${JSON.stringify(tag.name)} names the parent ${JSON.stringify(tag.parent)}, which is ${parent ? `of kind ${JSON.stringify(parent.kind)}, not a navigation tag` : 'not a tag of the document'}; it is shown at the top level.`,
      });
      delete tag.parent;
      continue;
    }
    const seen = new Set([tag.name]);
    for (let p: TagInfo | undefined = parent; p; p = p.parent === undefined ? undefined : tags.get(p.parent)) {
      if (seen.has(p.name)) {
        problems.push({
          pointer: where,
          message: `tag ${JSON.stringify(tag.name)} is its own ancestor (${[...seen, p.name].map((n) => JSON.stringify(n)).join(' -> ')}); it is shown at the top level.`,
        });
        delete tag.parent;
        break;
      }
      seen.add(p.name);
    }
  }
  return {tags, problems};
}

/** The tags of an operation that are labels (not navigation): kinds such as `badge` and `audience`. */
export function tagLabels(tags: Map<string, TagInfo>, names: readonly string[]): TagInfo[] {
  return names.map((n) => tags.get(n)).filter((t): t is TagInfo => t !== undefined && t.kind !== NAV_KIND);
}

/** A path segment that names an API version: v1, v2beta1, 1.0, 2010-01-01. */
const VERSION_SEGMENT = /^(v\d+([a-z]+\d*)?|\d+(\.\d+)*|\d{4}-\d{2}-\d{2})$/i;

const title = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/** "Addresses" -> "Address", "Policies" -> "Policy", "Vpcs" -> "Vpc"; "Access", "Status" stay. */
function singular(word: string): string {
  if (/ies$/i.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/** An untagged operation's group: `key` groups, `words` make the label (commonLabel). */
export interface PathGroup {
  key: string;
  words: string[];
}

/**
 * The group of an untagged operation, from its path: the first segment that is not a version
 * (v1, 2010-01-01), a template (`{id}`) or a leading `api`, as words ("bill-profiles": Bill
 * Profiles). A query-style path (`/#Action=DescribeInstances`, `/?Action=RunInstances&…`: AWS's
 * and other RPC-style documents, where every path is one action) is grouped by the action's noun:
 * the words after its verb, grouped by the first of them in the singular ("DescribeInstances" and
 * "ModifyInstanceAttribute" -> "instance"). Undefined when the path names nothing.
 */
export function pathGroup(path: string): PathGroup | undefined {
  const segments = path.split('/').filter(Boolean);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (/^[#?]|=/.test(segment)) {
      const action = /^[#?]?(?:[^=&#?]*=)?([^=&#?]*)/.exec(segment)![1]!;
      const words = slugWords(action);
      if (words.length === 0) continue;
      const noun = words.length > 1 ? words.slice(1) : words;
      noun[0] = singular(noun[0]!);
      return {key: `action:${noun[0].toLowerCase()}`, words: noun};
    }
    const bare = segment.replace(/[?#].*$/, '').replace(/\.[a-z0-9]+$/i, '');
    if (bare === '' || /^[{:]/.test(bare) || VERSION_SEGMENT.test(bare)) continue;
    if (/^(api|rest)$/i.test(bare) && i < segments.length - 1) continue;
    const words = slugWords(bare);
    if (words.length === 0) continue;
    return {key: words.join(' ').toLowerCase(), words};
  }
  return undefined;
}

/**
 * Label of a path group: the words its members share from the start, in title case (EC2's
 * TransitGateway, TransitGatewayRouteTables… -> "Transit Gateway"), plural words compared in the
 * singular (and shown so when members differ); at least the first word.
 */
export function commonLabel(members: readonly (readonly string[])[]): string {
  const first = members[0] ?? [];
  let n = first.length;
  for (const words of members.slice(1)) {
    let k = 0;
    while (k < n && k < words.length && singular(words[k]!).toLowerCase() === singular(first[k]!).toLowerCase()) k++;
    n = k;
  }
  // A word the members spell differently ("Instances", "Instance") is shown in the singular.
  const differs = (i: number) => members.some((words) => words[i]?.toLowerCase() !== first[i]!.toLowerCase());
  return title(first.slice(0, Math.max(1, n)).map((w, i) => (differs(i) ? singular(w) : w)));
}

export interface NavEntry {
  tags: readonly string[];
  /** The path, or for a webhook its event name. */
  path: string;
  webhook?: boolean;
}

export interface NavCategory<T> {
  /** The tag's name (or the group's, or the path group's label). */
  name: string;
  label: string;
  /** categorySlug: the index page is /category/api/<slug>. */
  slug: string;
  tag?: TagInfo;
  operations: T[];
  children: NavCategory<T>[];
}

/** Label of the category of untagged operations that have no path group. */
export const OTHER_LABEL = 'Other';
/** Label of the category of untagged webhooks. */
export const WEBHOOKS_LABEL = 'Webhooks';

/**
 * The category tree of `entries` (operations in page order): see the file comment. Each category
 * lists its operations in the order given, then its child categories. `read` gives an entry's
 * tags and path (by default the entry is a NavEntry itself).
 */
export function navigationTree<T>(
  tags: Map<string, TagInfo>,
  entries: readonly T[],
  read: (entry: T) => NavEntry = (entry) => entry as NavEntry,
): NavCategory<T>[] {
  const nodes = new Map<string, NavCategory<T>>();
  const bySlug = new Map<string, NavCategory<T>>();
  for (const tag of tags.values()) {
    if (tag.kind !== NAV_KIND) continue;
    // Tags of one slug are one tag (the pipeline merges them): only a group can meet a tag's slug,
    // or a name with no letters or digits have none. Either is numbered: one address, one page.
    const base = categorySlug(tag.name) || 'category';
    let slug = base;
    for (let n = 2; bySlug.has(slug); n++) slug = `${base}-${n}`;
    const node: NavCategory<T> = {name: tag.name, label: tag.label, slug, tag, operations: [], children: []};
    nodes.set(tag.name, node);
    bySlug.set(slug, node);
  }
  const roots: NavCategory<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.tag!.parent === undefined ? undefined : nodes.get(node.tag!.parent);
    (parent ? parent.children : roots).push(node);
  }
  // Untagged operations by path group, in order of first appearance.
  const untagged = new Map<string, {words: string[][]; entries: T[]}>();
  for (const entry of entries) {
    const {tags: names, path, webhook} = read(entry);
    const nav = names.filter((t) => nodes.has(t));
    if (nav.length) {
      for (const t of new Set(nav)) nodes.get(t)!.operations.push(entry);
      continue;
    }
    const group = webhook ? {key: 'webhooks', words: [WEBHOOKS_LABEL]} : (pathGroup(path) ?? {key: '', words: [OTHER_LABEL]});
    const members = untagged.get(group.key) ?? {words: [], entries: []};
    members.words.push(group.words);
    members.entries.push(entry);
    untagged.set(group.key, members);
  }
  const groups: NavCategory<T>[] = [];
  for (const {words, entries: members} of untagged.values()) {
    const label = commonLabel(words);
    const slug = categorySlug(label);
    let node = bySlug.get(slug);
    if (!node) {
      node = {name: label, label, slug, operations: [], children: []};
      bySlug.set(slug, node);
      groups.push(node);
    }
    node.operations.push(...members);
  }
  const prune = (list: NavCategory<T>[]): NavCategory<T>[] =>
    list.filter((node) => {
      node.children = prune(node.children);
      return node.operations.length > 0 || node.children.length > 0;
    });
  return prune([...roots, ...groups]);
}

/** Operations of a category and of every category below it (each once). */
export function operationsBelow<T>(node: NavCategory<T>): T[] {
  return [...new Set([...node.operations, ...node.children.flatMap(operationsBelow)])];
}

/** Every category of a tree, parents before their children. */
export function allCategories<T>(tree: readonly NavCategory<T>[]): NavCategory<T>[] {
  return tree.flatMap((node) => [node, ...allCategories(node.children)]);
}

/**
 * The category tree of a document's pages (listOperations with webhooks): what the sidebar shows,
 * for readers that work from the operation list (overview, site links, version mapping). A tag
 * with no text names no category (the page is untagged, as plugins/api-pages/pages.ts plans it).
 */
export function operationTree(doc: unknown, refs: readonly OperationRef[]): NavCategory<OperationRef>[] {
  const {tags} = readTags(
    doc,
    refs.flatMap((r) => r.tags),
  );
  return navigationTree(tags, refs, (r) => ({tags: r.tags.filter((t) => t.trim() !== ''), path: r.path, webhook: r.kind === 'webhook'}));
}

/**
 * Where each operation of a tree lives first: the chain of categories (outermost first) down to
 * the category of its first nav tag in its own tag order, else its path group. Version mapping and
 * llms.txt file an operation once, there.
 */
export function homeCategories(tree: readonly NavCategory<OperationRef>[]): Map<OperationRef, NavCategory<OperationRef>[]> {
  const homes = new Map<OperationRef, NavCategory<OperationRef>[]>();
  const rank = (op: OperationRef, node: NavCategory<OperationRef>) => {
    const i = node.tag ? op.tags.indexOf(node.name) : -1;
    return i < 0 ? op.tags.length : i;
  };
  const walk = (nodes: readonly NavCategory<OperationRef>[], above: NavCategory<OperationRef>[]) => {
    for (const node of nodes) {
      const chain = [...above, node];
      for (const op of node.operations) {
        const home = homes.get(op);
        if (!home || rank(op, node) < rank(op, home.at(-1)!)) homes.set(op, chain);
      }
      walk(node.children, chain);
    }
  };
  walk(tree, []);
  return homes;
}
