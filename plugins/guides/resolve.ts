/**
 * Resolves what a guide embeds from the API description: operations by operationId, component
 * schemas, request bodies and responses, parameters, examples. Everything is read through the
 * same code the reference pages are built with (plugins/api-pages/page-data.ts: PageDataBuilder,
 * the code-sample generators and their credential variables; openapi/model/routes.ts: page
 * addresses and anchors), so a guide shows exactly what the reference shows.
 *
 * Anything the description lacks throws a GuideReferenceError that says what is missing; the
 * remark plugin (./remark.ts) adds the guide's file and line. A request body or parameter value
 * the guide writes is validated against the operation's schema (the pipeline's example validator,
 * openapi/pipeline/examples.ts: closed objects, so a misspelt field fails too).
 */
import {listOperations, type OperationRef} from '../../openapi/model/operations';
import {operationAt} from '../../openapi/model/methods';
import {apiPageRoute, parameterAnchor, responseAnchor} from '../../openapi/model/routes';
import {createExampleValidator, type ExampleValidator} from '../../openapi/pipeline/examples';
import {PageDataBuilder, sampleRequest} from '../api-pages/page-data';
import type {OpenApiDocument, Operation, PathItem} from '../../openapi/model/document';
import {followRefs} from '../../openapi/model/refs';
import {renderSamples} from '../api-pages/code-samples';
import {responseExamples} from '../../src/components/ApiOperation/examples';
import type {OperationPage, ParameterData, SchemaNode} from '../api-pages/client/page-data-format';
import type {OperationPart, RequestPart, ResponsePart, SchemaPart, TryItPart} from './client/guide-parts';

/** A reference the description does not have, or a value that does not fit it: the message says which. */
export class GuideReferenceError extends Error {}

/** A guide's parameter values: by name, or by "in:name" when two parameters share a name. */
export type GuideParams = Record<string, unknown>;

interface Resolved {
  ref: OperationRef;
  raw: Operation;
  page: OperationPage;
}

const SCHEMA_PREFIX = '#/components/schemas/';
const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');
const describe = (ref: OperationRef) => (ref.kind === 'webhook' ? `webhook "${ref.path}"` : `${ref.method.toUpperCase()} ${ref.path}`);
const valueText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export class GuideResolver {
  readonly builder: PageDataBuilder;
  private readonly operations: OperationRef[];
  private readonly pages = new Map<string, Resolved>();
  private validator?: ExampleValidator;

  constructor(
    readonly doc: OpenApiDocument,
    /** Route base of the reference the links go to ("/docs"). */
    private readonly docsBasePath = '/docs',
  ) {
    this.builder = new PageDataBuilder(doc, Infinity, docsBasePath);
    this.operations = listOperations(doc, {webhooks: true});
  }

  /** The operation (or webhook) with this operationId, its raw object and its page data. */
  private resolve(operationId: unknown): Resolved {
    if (typeof operationId !== 'string' || operationId === '')
      throw new GuideReferenceError('operationId is missing (write operationId="…")');
    const cached = this.pages.get(operationId);
    if (cached) return cached;
    const ref = this.operations.find((o) => o.operationId === operationId);
    if (!ref) {
      const near = this.operations
        .filter((o) => o.operationId && o.operationId.toLowerCase() === operationId.toLowerCase())
        .map((o) => o.operationId);
      throw new GuideReferenceError(
        `operation "${operationId}" is not in the API description${near.length ? ` (did you mean "${near[0]}"?)` : ''}`,
      );
    }
    const raw = operationAt(this.pathItem(ref), ref.method) as Operation;
    const page = ref.kind === 'webhook' ? this.builder.webhook(ref.path, ref.method) : this.builder.operation(ref.method, ref.path);
    const resolved = {ref, raw, page};
    this.pages.set(operationId, resolved);
    return resolved;
  }

  private href(ref: OperationRef, anchor?: string): string {
    return `${apiPageRoute(ref.slug ?? '', this.docsBasePath)}${anchor ? `#${anchor}` : ''}`;
  }

  operation(operationId: unknown): OperationPart {
    const {ref, page} = this.resolve(operationId);
    return {
      kind: 'operation',
      method: page.method,
      path: page.path,
      summary: page.summary,
      href: this.href(ref),
      ...(page.deprecated ? {deprecated: true} : {}),
      ...(ref.kind === 'webhook' ? {webhook: true} : {}),
    };
  }

  /** A component schema by name: its converted node, or an error naming what is missing. */
  private component(name: string): SchemaNode {
    if (!Object.prototype.hasOwnProperty.call(this.doc.components?.schemas ?? {}, name)) {
      throw new GuideReferenceError(`schema "${name}" is not in the API description (components.schemas)`);
    }
    return this.builder.schema({$ref: `${SCHEMA_PREFIX}${escapeToken(name)}`});
  }

  /** The parameter a guide names ("page_size" or "query:page_size") among the operation's. */
  private parameter({ref, page}: Resolved, key: string): ParameterData {
    const [location, name] = key.includes(':') ? (key.split(/:(.*)/s) as [string, string]) : [undefined, key];
    const found = page.parameters.filter((p) => p.name === name && (location === undefined || p.in === location));
    if (found.length === 0)
      throw new GuideReferenceError(
        `parameter "${key}" is not a parameter of ${describe(ref)} (it has: ${page.parameters.map((p) => `${p.in}:${p.name}`).join(', ') || 'none'})`,
      );
    if (found.length > 1)
      throw new GuideReferenceError(
        `parameter "${key}" of ${describe(ref)} is ambiguous: write ${found.map((p) => `"${p.in}:${p.name}"`).join(' or ')}`,
      );
    return found[0]!;
  }

  private response(resolved: Resolved, status: unknown): OperationPage['responses'][number] {
    const wanted = String(status ?? '');
    const response = resolved.page.responses.find((r) => r.status === wanted);
    if (!response)
      throw new GuideReferenceError(
        `response "${wanted}" is not a response of ${describe(resolved.ref)} (it has: ${resolved.page.responses.map((r) => r.status).join(', ') || 'none'})`,
      );
    return response;
  }

  /** `<SchemaTable schema="Customer"/>`, `<SchemaTable operationId body/>`, `<SchemaTable operationId response="200"/>`. */
  schemaTable(props: {schema?: unknown; operationId?: unknown; body?: unknown; response?: unknown}): SchemaPart {
    if (typeof props.schema === 'string') {
      const node = this.component(props.schema);
      const href = this.schemaHref(props.schema);
      return {
        kind: 'schema',
        title: props.schema,
        schema: node,
        schemas: this.builder.closureOf([node]),
        mode: 'response',
        ...(href ? {href} : {}),
      };
    }
    if (props.operationId === undefined)
      throw new GuideReferenceError('say which schema: schema="Name", or operationId="…" with body or response="200"');
    const resolved = this.resolve(props.operationId);
    const where = describe(resolved.ref);
    if (props.body !== undefined && props.body !== false) {
      const media = resolved.page.requestBody?.content.find((m) => m.schema);
      if (!media?.schema) throw new GuideReferenceError(`${where} has no request body schema`);
      return {
        kind: 'schema',
        title: `Request body of ${where}`,
        mediaType: media.mediaType,
        schema: media.schema,
        schemas: this.builder.closureOf([media.schema]),
        mode: 'request',
        href: this.href(resolved.ref, 'request-body'),
      };
    }
    if (props.response !== undefined) {
      const response = this.response(resolved, props.response);
      const media = response.content.find((m) => m.schema);
      if (!media?.schema) throw new GuideReferenceError(`response "${response.status}" of ${where} has no body schema`);
      return {
        kind: 'schema',
        title: `Response ${response.status} of ${where}`,
        mediaType: media.mediaType,
        schema: media.schema,
        schemas: this.builder.closureOf([media.schema]),
        mode: 'response',
        href: this.href(resolved.ref, responseAnchor(response.status)),
      };
    }
    throw new GuideReferenceError(`say which schema of ${where}: body, or response="<status>"`);
  }

  /**
   * The page a schema is shown on: the first operation whose request body or a response uses it
   * directly (or as the items of an array). Read from the raw document, without building pages:
   * a large foreign description has thousands of operations.
   */
  private schemaHref(name: string): string | undefined {
    const target = `${SCHEMA_PREFIX}${escapeToken(name)}`;
    const uses = (media: unknown) =>
      Object.values((media ?? {}) as Record<string, {schema?: {$ref?: string; items?: {$ref?: string}}}>).some(
        (m) => m?.schema?.$ref === target || m?.schema?.items?.$ref === target,
      );
    for (const ref of this.operations) {
      if (ref.kind !== 'operation') continue;
      const raw = operationAt(this.doc.paths[ref.path], ref.method) as {requestBody?: unknown; responses?: Record<string, unknown>};
      if (uses((this.follow(raw.requestBody) as {content?: unknown} | undefined)?.content)) return this.href(ref, 'request-body');
      const status = Object.keys(raw.responses ?? {}).find((s) =>
        uses((this.follow(raw.responses![s]) as {content?: unknown} | undefined)?.content),
      );
      if (status) return this.href(ref, responseAnchor(status));
    }
    return undefined;
  }

  /** Checks a value against a schema of the description; the error says where and what is wrong. */
  private validate(value: unknown, schema: unknown, what: string): void {
    this.validator ??= createExampleValidator(this.doc);
    const errors = this.validator.validate({pointer: '', schemaPointer: what, value, schema, direction: 'request'});
    if (errors.length) throw new GuideReferenceError(`${what} does not match the API description: ${errors.join('; ')}`);
  }

  /**
   * The operation's page data with the guide's parameter values and body in place of the
   * examples (validated first): what the samples and the console are made from.
   */
  private withValues(resolved: Resolved, params: GuideParams | undefined, body: unknown): OperationPage {
    const {ref, page, raw} = resolved;
    const where = describe(ref);
    const values = new Map<ParameterData, unknown>();
    for (const [key, value] of Object.entries(params ?? {})) {
      const p = this.parameter(resolved, key);
      const rawParam = this.rawParameter(resolved, p);
      const schema =
        rawParam?.schema ?? (rawParam?.content ? (Object.values(rawParam.content)[0] as {schema?: unknown})?.schema : undefined);
      if (schema !== undefined) this.validate(value, schema, `the value of parameter "${key}" of ${where}`);
      values.set(p, value);
    }
    const out: OperationPage = {...page, parameters: page.parameters.map((p) => (values.has(p) ? {...p, example: values.get(p)} : p))};
    if (body !== undefined) {
      const media = page.requestBody?.content[0];
      if (!media) throw new GuideReferenceError(`${where} takes no request body, but the guide gives one`);
      const rawBody = this.follow((raw as {requestBody?: unknown}).requestBody) as
        {content?: Record<string, {schema?: unknown}>} | undefined;
      const schema = rawBody?.content?.[media.mediaType]?.schema;
      if (schema !== undefined) this.validate(body, schema, `the request body of ${where}`);
      out.requestBody = {...page.requestBody!, content: [{...media, example: body}, ...page.requestBody!.content.slice(1)]};
    }
    return out;
  }

  private follow(node: unknown): unknown {
    return followRefs(this.doc, node);
  }

  /** The path item (or webhook) an operation of the list sits in: listOperations found it there. */
  private pathItem(ref: OperationRef): PathItem {
    const group = ref.kind === 'webhook' ? (this.doc.webhooks ?? this.doc['x-webhooks']) : this.doc.paths;
    return group![ref.path]!;
  }

  private rawParameter({ref, raw}: Resolved, p: ParameterData): {schema?: unknown; content?: Record<string, unknown>} | undefined {
    const item = this.pathItem(ref) as {parameters?: unknown[]};
    const list = [...(item.parameters ?? []), ...((raw as {parameters?: unknown[]}).parameters ?? [])].map(
      (n) => this.follow(n) as {name?: string; in?: string; schema?: unknown},
    );
    return list.reverse().find((n) => n?.name === p.name && n?.in === p.in);
  }

  /** `<RequestExample operationId params body/>`: the request in the eight languages. */
  requestExample(operationId: unknown, params?: GuideParams, body?: unknown): RequestPart {
    const resolved = this.resolve(operationId);
    if (resolved.ref.kind === 'webhook')
      throw new GuideReferenceError(
        `${describe(resolved.ref)} is a webhook: the API sends it, there is no request to show (use ResponseExample or SchemaTable body)`,
      );
    const page = this.withValues(resolved, params, body);
    return {kind: 'request', title: describe(resolved.ref), href: this.href(resolved.ref), samples: renderSamples(sampleRequest(page))};
  }

  /** The request a RequestExample makes, for the tests that run the guides' samples. */
  sampleRequest(operationId: unknown, params?: GuideParams, body?: unknown) {
    return sampleRequest(this.withValues(this.resolve(operationId), params, body));
  }

  /** `<ResponseExample operationId status/>`. */
  responseExample(operationId: unknown, status: unknown): ResponsePart {
    const resolved = this.resolve(operationId);
    const response = this.response(resolved, status ?? resolved.page.responses.find((r) => /^2/.test(r.status))?.status);
    const tab = responseExamples([response])[0];
    const media = response.content.find((m) => m.exampleHtml || m.binaryHtml);
    if (!tab || !media) throw new GuideReferenceError(`response "${response.status}" of ${describe(resolved.ref)} has no example`);
    return {
      kind: 'response',
      status: response.status,
      title: `${response.status} of ${describe(resolved.ref)}`,
      href: this.href(resolved.ref, responseAnchor(response.status)),
      mediaType: media.mediaType,
      html: tab.html,
    };
  }

  /** `<TryIt operationId params body/>`: the console's starting values (the page data loads on click). */
  tryIt(operationId: unknown, params?: GuideParams, body?: unknown): TryItPart & {slug: string} {
    const resolved = this.resolve(operationId);
    if (resolved.ref.kind === 'webhook')
      throw new GuideReferenceError(`${describe(resolved.ref)} is a webhook: there is no request to try`);
    this.withValues(resolved, params, body); // validates the values
    // The guide's values; the console fills the other parameters as on the reference page.
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(params ?? {})) {
      const p = this.parameter(resolved, key);
      values[`${p.in}:${p.name}`] = valueText(value);
    }
    const part: TryItPart & {slug: string} = {
      kind: 'try',
      title: describe(resolved.ref),
      href: this.href(resolved.ref),
      params: values,
      slug: resolved.ref.slug ?? '',
    };
    if (body !== undefined) part.body = JSON.stringify(body, null, 2);
    return part;
  }

  /**
   * `<ApiLink …>` and `[text](api:…)` links: an operation's page, with an anchor for a parameter
   * or a response; a schema's page (where the reference shows it).
   */
  link(props: {operationId?: unknown; schema?: unknown; parameter?: unknown; response?: unknown}): {href: string; label: string} {
    if (typeof props.schema === 'string') {
      this.component(props.schema);
      const href = this.schemaHref(props.schema);
      if (!href)
        throw new GuideReferenceError(
          `schema "${props.schema}" is not shown on any operation page (no request body or response uses it directly): link to an operation instead`,
        );
      return {href, label: props.schema};
    }
    const resolved = this.resolve(props.operationId);
    if (typeof props.parameter === 'string') {
      const p = this.parameter(resolved, props.parameter);
      return {href: this.href(resolved.ref, parameterAnchor(p.in, p.name)), label: p.name};
    }
    if (props.response !== undefined) {
      const r = this.response(resolved, props.response);
      return {href: this.href(resolved.ref, responseAnchor(r.status)), label: `${r.status} response of ${resolved.page.summary}`};
    }
    return {href: this.href(resolved.ref), label: resolved.page.summary};
  }
}
