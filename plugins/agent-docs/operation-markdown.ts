/**
 * The Markdown twin of an API operation page, written from the same page data the HTML page
 * renders (docs/api/<slug>.data.js, see plugins/api-pages/client/page-data-format.ts): title, method and
 * path, base URL, authentication, description, parameters (a table), request body and responses
 * (nested field lists with constraints, one example each) and the curl sample. Component schemas
 * are expanded where they are used; a schema that contains itself is marked "circular" at the
 * second visit instead of being expanded again.
 */
import type {
  CallbackData,
  MediaTypeData,
  OperationPage,
  ParameterData,
  ResponseData,
  SchemaNode,
  SecuritySchemeData,
} from '../api-pages/client/page-data-format';
import {DEPRECATED_SCHEME_NOTE, flowNames} from '../../src/components/ApiConsole/auth/schemes';
import {
  constraintItems,
  describeType,
  discriminatorValues,
  serializationItems,
  fieldBadges,
  fieldConstraints,
  hasChildren,
  parameterConstraints,
  resolve,
  type ConstraintItem,
  type FieldBadge,
} from '../../src/components/SchemaView/model';
import {codeSpan, fence, htmlText, htmlToMarkdown, tidy} from './html-markdown';
import {reasonPhrase} from '../../openapi/model/status';
import {exampleEntries, streamIntro} from '../../src/components/ApiOperation/examples';

/** Deepest nesting of fields written out (a deeper object is named, not expanded). */
const MAX_DEPTH = 8;
/** Most "array of" in a type label; a deeper list reads "array of … array of items". */
const LABEL_ARRAYS = 5;

/**
 * Largest twin, in characters, written with fields nested MAX_DEPTH deep. A larger one (a schema
 * graph where every object links to every other, as in Stripe's document) is written again with
 * fields nested less deep, down to one level, until it fits: thousands of lines of nested fields
 * help no reader and fill an agent's context.
 */
export const TWIN_BUDGET = 100_000;
const SHALLOWER = [6, 5, 4, 3, 2, 1];

/** A component schema's JSON pointer in the OpenAPI description. */
const schemaPointer = (name: string) => `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

const md = (html: string | undefined, link?: (href: string) => string): string => (html ? htmlToMarkdown(html, {link}) : '');
/** One line of Markdown (table cells, list items). md() is trimmed already (tidy), so no space is left at either end. */
// prettier-ignore
// Stryker disable next-line Regex: \s includes \n, so "\s*\n+\s*" and "\s*\n\s*" match the same runs of white space
const oneLine = (html: string | undefined, link?: (href: string) => string): string => md(html, link).replace(/\s*\n+\s*/g, ' ');
/** A code span that keeps the text exactly (backticks included: the fence grows instead). */
const code = (s: string) => codeSpan(s);
const json = (v: unknown) => JSON.stringify(v);

export function securityLabel(s: SecuritySchemeData): string {
  const label = schemeLabel(s);
  return s.deprecated ? `${label} (**deprecated**: ${DEPRECATED_SCHEME_NOTE})` : label;
}

/** OAuth 2.0 / OpenID Connect: the scopes, the flows (the device flow among them) and where the endpoints come from. */
function tokenSchemeDetails(s: SecuritySchemeData): string {
  const parts = [
    s.scopes?.length ? `scopes: ${s.scopes.map(code).join(', ')}` : '',
    flowNames(s).length ? `flows: ${flowNames(s).join(', ')}` : '',
    s.oauth2MetadataUrl ? `endpoints from the authorization server metadata ${code(s.oauth2MetadataUrl)}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

function schemeLabel(s: SecuritySchemeData): string {
  if (s.type === 'http' && s.scheme === 'basic') return 'HTTP Basic authentication (`Authorization: Basic <base64 of username:password>`)';
  if (s.type === 'http' && s.scheme === 'bearer')
    return `Bearer token (\`Authorization: Bearer <token>\`${s.bearerFormat ? `, ${s.bearerFormat}` : ''})`;
  if (s.type === 'http') return `HTTP ${s.scheme ? `${s.scheme} ` : ''}authentication`;
  if (s.type === 'apiKey') return `API key in the ${s.in ?? 'header'} ${code(s.name ?? s.key)}`;
  if (s.type === 'oauth2') return `OAuth 2.0${tokenSchemeDetails(s)}`;
  if (s.type === 'openIdConnect') return `OpenID Connect${tokenSchemeDetails(s)}`;
  return s.type;
}

/** Thrown when a twin is already over its budget: it is written again, less deep. */
class TooLong extends Error {}

class SchemaWriter {
  /** Component schemas whose fields this page has already listed: later uses refer back to them. */
  readonly expanded = new Set<string>();

  /** Whether the depth limit left fields out: the twin says so once. */
  cut = false;
  /** Characters of the field lines written so far. */
  private size = 0;

  constructor(
    readonly schemas: Record<string, SchemaNode>,
    readonly link?: (href: string) => string,
    private readonly maxDepth = MAX_DEPTH,
    /** Field lines beyond this many characters stop the writing (TooLong): the twin cannot fit. */
    private readonly limit = Infinity,
  ) {}

  /** The schema a node stands for (a reference followed, its annotations over the component's). */
  node(node: SchemaNode | undefined): SchemaNode {
    return resolve(node, this.schemas).node;
  }

  /** The page's type label ("string<email>", "array of Contact", "Address"…), "(circular)" where it stopped at a component it is inside of. */
  typeOf(node: SchemaNode | undefined): string {
    const {label, circular} = describeType(node, this.schemas, LABEL_ARRAYS);
    return circular ? `${label} (circular)` : label;
  }

  /** The page's constraint line of a field, as text parts. */
  fieldConstraints(node: SchemaNode): string[] {
    return fieldConstraints(node, this.schemas).map(constraintText);
  }

  /** Whether the page lists attributes under this schema (then it shows no constraint line for it). */
  // prettier-ignore
  // Stryker disable next-line ArrayDeclaration: the list starts empty; a sentinel entry would matter only for a component of that exact name
  hasChildren(node: SchemaNode, stack: string[] = []): boolean {
    return hasChildren(node, this.schemas, stack);
  }

  /** Nested list of the fields of a schema, one line each, indented by depth. */
  // prettier-ignore
  // Stryker disable next-line ArrayDeclaration: the list starts empty; a sentinel entry would matter only for a component (or field) of that exact name
  fields(node: SchemaNode, depth = 0, stack: string[] = []): string[] {
    if (node.ref) {
      if (stack.includes(node.ref)) return [];
      stack = [...stack, node.ref];
    }
    const s = this.node(node);
    const indent = '  '.repeat(depth);
    const lines: string[] = [];
    // No depth check here: field() and the variants stop at the limit whenever there is something to list.
    // A component without fields is never "listed above".
    if (node.ref && this.hasFields(node)) this.expanded.add(node.ref);
    // prettier-ignore
    // Stryker disable next-line ArrayDeclaration: the list starts empty; a sentinel entry would matter only for a component (or field) of that exact name
    const required = new Set(s.required ?? []);
    for (const [name, child] of Object.entries(s.properties ?? {})) lines.push(...this.field(name, child, required.has(name), depth, stack));
    if (typeof s.additionalProperties === 'object') lines.push(...this.field('*', s.additionalProperties, false, depth, stack));
    // An array at the top: its items' fields.
    if (s.items && !s.properties) lines.push(...this.fields(s.items, depth, stack));
    // A string holding a document (an SSE event's data): the fields of what it decodes to.
    if (s.contentSchema && !s.properties && !s.items) lines.push(...this.fields(s.contentSchema, depth, stack));
    for (const key of ['oneOf', 'anyOf'] as const) {
      const variants = s[key];
      if (!variants?.length) continue;
      lines.push(`${indent}- ${key === 'oneOf' ? 'One of' : 'Any of'}${s.discriminator ? ` (by ${code(s.discriminator.propertyName)})` : ''}:`);
      variants.forEach((v, i) => {
        const rv = this.node(v);
        const title = v.ref ?? v.circular ?? rv.title ?? `option ${i + 1}`;
        // prettier-ignore
        // Stryker disable next-line ConditionalExpression: the stack holds component names only, so includes(undefined) is false anyway (the test narrows the type)
        const circular = v.circular !== undefined || (v.ref !== undefined && stack.includes(v.ref));
        const cut = !circular && depth + 2 >= this.maxDepth && this.hasFields(v);
        const note = circular ? ' (circular: see above)' : cut ? ` (${this.cutNote(v)})` : '';
        // A variant without fields has the page's constraint line.
        const parts = [v.circular ? 'circular' : this.typeOf(v), ...(circular || this.hasChildren(v, stack) ? [] : constraintItems(rv).map(constraintText))];
        const {values, fallback} = discriminatorValues(s.discriminator, v.ref);
        const when = [
          ...(values.length ? [`when ${code(s.discriminator!.propertyName)} is ${values.map(code).join(' or ')}`] : []),
          ...(fallback ? [`when ${code(s.discriminator!.propertyName)} is any other value (default)`] : []),
        ].join(' and ');
        lines.push(`${indent}  - **${title}** (${parts.join(', ')})${when ? ` ${when}` : ''}${note}`);
        if (!circular && !cut) lines.push(...this.fields(v, depth + 2, stack));
      });
    }
    return lines;
  }

  private field(name: string, child: SchemaNode, required: boolean, depth: number, stack: string[]): string[] {
    const indent = '  '.repeat(depth);
    // A reference back into an inline schema has no type of its own here: the marker says it all.
    const parts = child.circular ? [] : [this.typeOf(child)];
    parts.push(...fieldBadges(this.node(child), required).map(badgeText));
    parts.push(...this.fieldConstraints(child));
    const circularRef = this.circular(child, stack);
    if (circularRef) parts.push(`circular: ${circularRef}, described above`);
    const seen = circularRef ? undefined : this.seen(child);
    if (seen) parts.push(`fields of ${seen} as listed above`);
    const cut = !circularRef && !seen && depth + 1 >= this.maxDepth && this.hasFields(child);
    if (cut) parts.push(this.cutNote(child));
    const description = oneLine(this.node(child).description, this.link);
    const label = name === '*' ? '`*` (any other key)' : code(name);
    const line = `${indent}- ${label} (${parts.join(', ')})${description ? `: ${description}` : ''}`;
    // prettier-ignore
    // Stryker disable next-line AssignmentOperator,ArithmeticOperator: the early stop only saves time; a twin whose field lines are over the budget is itself over it, and operationMarkdown's length check after writing rejects it the same
    this.size += line.length + 1;
    // prettier-ignore
    // Stryker disable next-line ConditionalExpression,EqualityOperator: as above, the early stop only saves time
    if (this.size > this.limit) throw new TooLong();
    if (circularRef || seen || cut) return [line];
    return [line, ...this.fields(child, depth + 1, stack)];
  }

  /** The components a field's value is: itself or its items, else its oneOf/anyOf variants'. */
  private componentsOf(child: SchemaNode): string[] {
    const own = this.ownComponent(child);
    if (own) return [own];
    const r = this.node(child);
    return [...new Set([r.oneOf, r.anyOf].flat().flatMap((v) => (v?.ref ? [v.ref] : [])))];
  }

  /** The component a field's value is: itself, or its items for an array. */
  private ownComponent(child: SchemaNode): string | undefined {
    const r = this.node(child);
    return child.ref ?? r.items?.ref;
  }

  /** The note on a field or variant whose fields the depth limit leaves out. */
  private cutNote(child: SchemaNode): string {
    this.cut = true;
    const refs = this.componentsOf(child);
    return refs.length
      ? `fields not listed here: ${refs.map((r) => code(schemaPointer(r))).join(' and ')} in the OpenAPI description`
      : 'fields not listed here';
  }

  /**
   * The schema, then its items or map values, theirs… as deep as they go; a component met again
   * ends the walk.
   */
  private *chain(node: SchemaNode): Generator<SchemaNode> {
    const refs = new Set<string | undefined>();
    for (let n: SchemaNode | undefined = node; n && !(n.ref && refs.has(n.ref));) {
      refs.add(n.ref);
      yield n;
      const r = this.node(n);
      // prettier-ignore
      // Stryker disable next-line ConditionalExpression: a map of `true` walked into is a boolean with no keywords: nothing there has fields or is circular
      n = r.items ?? (typeof r.additionalProperties === 'object' ? r.additionalProperties : r.contentSchema);
    }
  }

  /** Whether fields() would list something under this schema (or its items, however deep; a map has its `*` field). */
  private hasFields(node: SchemaNode): boolean {
    for (const n of this.chain(node)) {
      const s = this.node(n);
      if (s.properties && Object.keys(s.properties).length) return true;
      if (s.oneOf?.length || s.anyOf?.length || typeof s.additionalProperties === 'object') return true;
    }
    return false;
  }

  /** The component name when `child` (or its items) is a schema whose fields were listed before. */
  seen(child: SchemaNode): string | undefined {
    const ref = this.ownComponent(child);
    return ref && this.expanded.has(ref) ? ref : undefined;
  }

  /**
   * The schema's name when expanding `child` would repeat a schema that is being expanded: a
   * component on the stack, or a reference back into an inline schema (`circular`, set by the
   * page data where the HTML shows its "circular" badge).
   */
  private circular(child: SchemaNode, stack: string[]): string | undefined {
    for (const n of this.chain(child)) {
      if (n.circular) return n.circular;
      if (n.ref && stack.includes(n.ref)) return n.ref;
    }
    return undefined;
  }
}

/** A constraint item as the page reads it: "Allowed values: `a`, `b`", "minimum: `1`", "unique items". */
export function constraintText(item: ConstraintItem): string {
  if (item.kind === 'values') return `${item.label}: ${item.values.map(code).join(', ')}`;
  if (item.kind === 'value') return `${item.label}: ${code(item.value)}`;
  return item.label;
}

/** A field's label as the page reads it: "required", "read-only"…, "use `x` instead". */
export function badgeText(badge: FieldBadge): string {
  return badge.kind === 'replacement' ? `use ${code(badge.by)} instead` : badge.kind;
}

/** A parameter's type column (its type and the page's constraint line) and its example (the description column). */
function paramColumns(w: SchemaWriter, p: ParameterData): {type: string; example?: string} {
  const items = parameterConstraints(p.schema, p.example, w.schemas);
  const example = items.find((i) => i.kind === 'value' && i.label === 'example');
  const rest = [...items.filter((i) => i !== example), ...serializationItems(p)].map(constraintText);
  // The page leaves an object example out of the line; the twin writes it as JSON.
  const shown = example?.kind === 'value' ? example.value : p.example !== undefined ? json(p.example) : undefined;
  return {type: [w.typeOf(p.schema), ...rest].join(', '), example: shown};
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A schema's type line and its fields, as the page lists them. */
function schemaLines(w: SchemaWriter, schema: SchemaNode, lead: string): string[] {
  const s = w.node(schema);
  const seen = w.seen(schema);
  const fields = seen ? [] : w.fields(schema);
  // The page's constraint line of the whole value (none for a component not on the page).
  const missing = resolve(schema, w.schemas).missing;
  const line = missing ? [] : constraintItems(s).map(constraintText);
  return [
    `${lead}: ${[w.typeOf(schema), ...line].join(', ')}${seen ? `, fields of ${seen} as listed above` : ''}${s.description && !fields.length && !seen ? `. ${oneLine(s.description, w.link)}` : ''}`,
    '',
    ...fields,
    '',
  ];
}

const fenceLanguage = (mediaType: string) => (/json/.test(mediaType) ? 'json' : /xml/.test(mediaType) ? 'xml' : '');

/** One media type of a request body (`request`) or a response. */
function mediaSection(w: SchemaWriter, media: MediaTypeData, request: boolean): string[] {
  const out = [`Content type: ${code(media.mediaType)}`, ''];
  if (media.schema) out.push(...schemaLines(w, media.schema, 'Schema'));
  if (media.itemSchema) out.push(streamIntro(media), '', ...schemaLines(w, media.itemSchema, 'Item schema'));
  const named = exampleEntries(media);
  let example: string | undefined;
  if (request && media.example !== undefined) {
    example = typeof media.example === 'string' ? media.example : JSON.stringify(media.example, null, 2);
  } else if (media.exampleHtml) example = htmlText(media.exampleHtml);
  const lang = media.stream && media.stream !== 'lines' ? '' : fenceLanguage(media.mediaType);
  // Named examples are each written under their name (the first one included); otherwise the one example.
  if (named.length) {
    for (const e of named) {
      const title = `Example ${code(e.name)}${e.summary ? ` (${e.summary})` : ''}:`;
      out.push(title, '');
      if (e.description) out.push(md(e.description, w.link), '');
      const text = e.html !== undefined ? htmlText(e.html) : !e.externalValue && e === named[0] ? example : undefined;
      if (text !== undefined) out.push(fence(text, lang), '');
      if (e.externalValue) out.push(`Kept outside the description: <${e.externalValue}>`, '');
    }
  } else if (example !== undefined) {
    out.push(`Example${media.exampleGiven === false ? ' (generated from the schema)' : ''}:`, '', fence(example, lang), '');
  }
  return out;
}

/**
 * One schema as the twins list it (type line, then its fields), outside an operation page: a
 * guide's schema table (plugins/guides/markdown.ts).
 */
export function schemaMarkdown(
  schema: SchemaNode,
  schemas: Record<string, SchemaNode>,
  options: {mediaType?: string; request?: boolean; link?: (href: string) => string} = {},
): string {
  const w = new SchemaWriter(schemas, options.link);
  const lines = mediaSection(w, {mediaType: options.mediaType ?? 'application/json', schema}, options.request ?? false);
  return tidy((options.mediaType ? lines : lines.slice(2)).join('\n'));
}

export interface OperationMarkdownOptions {
  /** Rewrites links in descriptions (e.g. site routes to their Markdown twins). */
  link?: (href: string) => string;
  /** Largest twin written with every level of fields (TWIN_BUDGET). */
  budget?: number;
  /** Deepest level of fields listed (MAX_DEPTH); shallower still when the twin is over the budget. */
  depth?: number;
  /** URL of the OpenAPI description, named where nested fields are left out. */
  description?: string;
}

/**
 * The Markdown twin of one operation page: fields nested MAX_DEPTH deep, or less deep when that
 * twin would be longer than `options.budget` (TWIN_BUDGET).
 */
export function operationMarkdown(page: OperationPage, options: OperationMarkdownOptions = {}): string {
  const budget = options.budget ?? TWIN_BUDGET;
  const deepest = options.depth ?? MAX_DEPTH;
  // prettier-ignore
  // Stryker disable next-line EqualityOperator: with <=, the asked depth is tried twice, with the same result
  const depths = [deepest, ...SHALLOWER.filter((d) => d < deepest)];
  const shallowest = depths.pop()!;
  for (const depth of depths) {
    try {
      // Writing stops as soon as the field lines alone are over the budget (deep schema
      // graphs make very large twins: BENCHMARKS.md, "Measurements behind the code").
      const markdown = writeTwin(page, options, depth, budget);
      if (markdown.length <= budget) return markdown;
    } catch (error) {
      if (!(error instanceof TooLong)) throw error;
    }
  }
  // The shallowest is written whatever its length.
  return writeTwin(page, options, shallowest, Infinity);
}

/** Responses under headings of `level` ("###"): status, title (3.2 `summary`, else the reason phrase), headers, bodies. */
function responseLines(w: SchemaWriter, responses: ResponseData[], level: string, link?: (href: string) => string): string[] {
  const out: string[] = [];
  for (const r of responses) {
    const text = r.summary ?? reasonPhrase(r.status);
    out.push(`${level} ${r.status}${text ? ` ${text}` : ''}`, '');
    out.push(md(r.description, link), '');
    if (r.headers.length) {
      out.push(
        'Headers:',
        '',
        ...r.headers.map((h) => `- ${code(h.name)} (${w.typeOf(h.schema)})${h.description ? `: ${oneLine(h.description, link)}` : ''}`),
        '',
      );
    }
    for (const media of r.content) out.push(...mediaSection(w, media, false));
  }
  return out;
}

/** One callback operation: its name, method and URL expression, payload and the answers it expects. */
function callbackLines(w: SchemaWriter, c: CallbackData, link?: (href: string) => string): string[] {
  const out = [`### ${c.summary ?? c.name}`, ''];
  out.push(
    `Callback ${code(c.name)}${c.operationId ? ` (operation ${code(c.operationId)})` : ''}: ${code(`${c.method.toUpperCase()} ${c.expression}`)}${c.deprecated ? ' **Deprecated.**' : ''}`,
    '',
  );
  out.push(md(c.description, link), '');
  if (c.parameters.length) {
    out.push('Parameters:', '');
    for (const p of c.parameters) {
      const {type} = paramColumns(w, p);
      out.push(
        `- ${code(p.name)} (${p.in}, ${type}${p.required ? ', required' : ''})${p.description ? `: ${oneLine(p.description, link)}` : ''}`,
      );
    }
    out.push('');
  }
  if (c.requestBody) {
    out.push(`Payload (${c.requestBody.required ? 'required' : 'optional'}):`, '', md(c.requestBody.description, link), '');
    for (const media of c.requestBody.content) out.push(...mediaSection(w, media, true));
  }
  if (c.responses.length) out.push("Your server's responses:", '', ...responseLines(w, c.responses, '####', link));
  return out;
}

function writeTwin(page: OperationPage, options: OperationMarkdownOptions, maxDepth: number, limit: number): string {
  const w = new SchemaWriter(page.schemas, options.link, maxDepth, limit);
  const out: string[] = [`# ${page.summary}`, ''];
  if (page.webhook)
    out.push(`Webhook ${code(page.webhook)}: the API sends ${code(page.method.toUpperCase())} requests to your endpoint.`, '');
  else out.push(`${code(`${page.method.toUpperCase()} ${page.path}`)}`, '');
  if (page.deprecated) out.push('**Deprecated.**', '');
  // Tags that label the operation (3.2 kind badge, audience…), as the page shows them under its title.
  if (page.labels?.length)
    out.push(`Tags: ${page.labels.map((l) => (l.kind === 'badge' ? `**${l.label}**` : `**${l.label}** (${l.kind})`)).join(', ')}.`, '');
  if (page.operationId) out.push(`Operation ID: ${code(page.operationId)}`, '');
  if (!page.webhook && page.servers.length) {
    if (page.servers.length === 1)
      out.push(`Base URL: ${code(page.servers[0]!.url)}${page.servers[0]!.description ? ` (${page.servers[0]!.description})` : ''}`, '');
    else out.push('Base URLs:', '', ...page.servers.map((s) => `- ${code(s.url)}${s.description ? ` (${s.description})` : ''}`), '');
  }
  if (!page.webhook) {
    if (page.security.length === 0) out.push('Authentication: none.', '');
    else {
      const alternatives = page.security.map((alt) => (alt.length ? alt.map(securityLabel).join(' **and** ') : 'none'));
      if (alternatives.length === 1) out.push(`Authentication: ${alternatives[0]}.`, '');
      else out.push('Authentication (any one of):', '', ...alternatives.map((a) => `- ${a}`), '');
    }
  }
  // An empty part leaves an empty line, which tidy() folds into the blank line before it.
  out.push(md(page.description, options.link), '');

  if (page.parameters.length) {
    out.push('## Parameters', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of page.parameters) {
      const {type, example} = paramColumns(w, p);
      const deprecated = p.deprecated ? `(deprecated${p.deprecatedBy ? `; use ${code(p.deprecatedBy)} instead` : ''})` : '';
      const desc = [oneLine(p.description, options.link), deprecated, example !== undefined ? `Example: ${code(example)}` : '']
        .filter(Boolean)
        .join(' ');
      out.push(`| ${cell(code(p.name))} | ${p.in} | ${cell(type)} | ${p.required ? 'yes' : 'no'} | ${cell(desc)} |`);
    }
    out.push('');
    // OpenAPI 3.2 `in: querystring`: one schema for the whole query string, its fields listed as
    // the page lists them (a table cell holds only its type).
    for (const p of page.parameters.filter((q) => q.in === 'querystring')) {
      out.push(`### Query string ${code(p.name)}`, '');
      out.push(`The whole query string, one object encoded as ${code(p.mediaType ?? 'application/x-www-form-urlencoded')}.`, '');
      if (p.schema) out.push(...schemaLines(w, p.schema, 'Schema'));
    }
  }

  if (page.requestBody) {
    out.push(page.webhook ? '## Payload' : '## Request body', '');
    out.push(page.requestBody.required ? 'Required.' : 'Optional.', '');
    out.push(md(page.requestBody.description, options.link), '');
    for (const media of page.requestBody.content) out.push(...mediaSection(w, media, true));
  }

  if (page.responses.length) {
    out.push('## Responses', '');
    out.push(...responseLines(w, page.responses, '###', options.link));
  }

  if (page.callbacks?.length) {
    out.push('## Callbacks', '', 'Requests the API sends to your server after this call, to the address the expression names.', '');
    for (const c of page.callbacks) out.push(...callbackLines(w, c, options.link));
  }

  // Our generated sample, never one the document wrote (x-codeSamples).
  const curl = page.samples.find((s) => s.id === 'curl' && !s.fromDocument) ?? page.samples.find((s) => !s.fromDocument);
  if (curl) out.push('## Example request', '', fence(htmlText(curl.html), curl.id === 'curl' ? 'bash' : curl.id), '');
  if (w.cut) {
    const where = options.description ? `[the OpenAPI description](${options.description})` : 'the OpenAPI description';
    out.push(
      `This page lists fields down to ${maxDepth} ${maxDepth === 1 ? 'level' : 'levels'} of nesting; the schemas marked "fields not listed here" are complete in ${where}.`,
      '',
    );
  }
  return `${tidy(out.join('\n'))}\n`;
}
