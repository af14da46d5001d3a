/**
 * The page data format: the contract between the generator (plugins/api-pages writes one data
 * module per page, docs/api/<id>.data.js), the pages that import it (src/components/ApiOperation,
 * ApiOverview) and the Markdown twins that read it back (plugins/agent-docs). The types, the
 * writer and the reader sit here together, so a change of form changes all three.
 *
 * An operation page's data: every description is already HTML and every example and code sample
 * is already highlighted, so the browser only lays it out. Schemas keep their component references
 * (`ref`) and the page carries each referenced schema once (`schemas`), instead of inlining them at
 * every use. Node-free: the pages import the types (ARCHITECTURE.md, "Which way imports go").
 */

import type {ReleaseMark} from '../../changelog/client/changelog-format';

export type {HttpMethod} from '@site/openapi/model/methods';
import type {HttpMethod} from '@site/openapi/model/methods';
import type {SchemaConstraints} from '@site/openapi/model/document';

export interface SchemaNode extends SchemaConstraints {
  /** Name of a component schema in `OperationPage.schemas` this node stands for. */
  ref?: string;
  /** A reference back into a schema being defined (not a component schema): its name. */
  circular?: string;
  title?: string;
  type?: string | string[];
  format?: string;
  /** JSON Schema 2019-09+: the media type of a string's content (a file's type; `application/json` for JSON text). */
  contentMediaType?: string;
  /** HTML. */
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  /** What replaces a deprecated field (`x-deprecated-by`): a field name or a short text. */
  deprecatedBy?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  not?: SchemaNode;
  /**
   * `mapping`: discriminator value -> schema (a reference or a component name, as written);
   * `defaultMapping` (OpenAPI 3.2): the schema of a value the mapping does not name, likewise.
   */
  discriminator?: {propertyName: string; mapping?: Record<string, string>; defaultMapping?: string};
  /** The schema of that document once decoded (`contentSchema`). */
  contentSchema?: SchemaNode;
}

export interface ParameterData {
  name: string;
  /** `querystring` (OpenAPI 3.2): the whole query string as one object, serialised as `mediaType` says. */
  in: 'path' | 'query' | 'querystring' | 'header' | 'cookie';
  required: boolean;
  deprecated?: boolean;
  /** What replaces a deprecated parameter (`x-deprecated-by`). */
  deprecatedBy?: string;
  /** HTML. */
  description?: string;
  schema?: SchemaNode;
  example?: unknown;
  /** Query parameters with `explode: false`: a list is one comma-separated value (default: repeated keys). */
  explode?: false;
  /** A parameter described by `content` (always for `in: querystring`): its media type. */
  mediaType?: string;
  /** The serialisation style when the document names one (`form`, `deepObject`, 3.2's `cookie`…). */
  style?: string;
  /** Reserved characters (RFC 3986 `:/?#[]@!$&'()*+,;=`) are sent as they are, not percent-encoded. */
  allowReserved?: true;
}

/** What replaces a deprecated operation (`x-deprecated-by`: an operationId, else a text). */
export interface Replacement {
  /** The replacing operation's title, or the text given. */
  label: string;
  /** Its page, when it is an operation of the document. */
  href?: string;
}

export interface MediaTypeData {
  mediaType: string;
  schema?: SchemaNode;
  /** The example value (request bodies only: the request console starts from it). */
  example?: unknown;
  /** Highlighted HTML of the example (responses only), when there is one. */
  exampleHtml?: string;
  /** Whether the example was written in the API description (true) or generated from the schema. */
  exampleGiven?: boolean;
  /**
   * A response body that is a file (a PDF, an image, `format: binary`…) with no example to show:
   * the examples panel shows its media type and headers and says the body is a file download.
   */
  binary?: boolean;
  /** For a `binary` body: the panel's markup (./examples.ts binaryExampleHtml), made at build time. */
  binaryHtml?: string;
  /** Request bodies: how each property is sent (form and multipart bodies, OpenAPI's Encoding Object). */
  encoding?: Record<string, EncodingData>;
  /** OpenAPI 3.2: the schema of one item of a streamed body (an event, a line, a record). */
  itemSchema?: SchemaNode;
  /** Request bodies, multipart: the properties that are files (format binary, a binary contentMediaType or part type). */
  files?: string[];
  /**
   * The document's named examples (`examples: {name: …}`), every one, in its order, under the
   * document's names (set whenever the body has named examples). The first one's value is also
   * `example` / `exampleHtml`; its `html` is left out here (read it with exampleEntries()).
   */
  examples?: ExampleData[];
  /** How a streamed body is framed, from its media type (see streamKind()). */
  stream?: StreamKind;
}

/** A streamed body's framing: server-sent events, one JSON text per line, RFC 7464 JSON sequences, multipart parts. */
export type StreamKind = 'sse' | 'lines' | 'json-seq' | 'multipart';

/** One named example of a body. */
export interface ExampleData {
  /** The key the document gives it. */
  name: string;
  summary?: string;
  /** HTML. */
  description?: string;
  /** Highlighted HTML of the value (`value`, 3.2 `dataValue`, or `serializedValue` as written). */
  html?: string;
  /** An example kept outside the document (`externalValue`): its address (http, https or relative only). */
  externalValue?: string;
}

/** How one property of a form or multipart body is sent. */
export interface EncodingData {
  /** The part's Content-Type (multipart), e.g. `application/pdf`, `application/json`. */
  contentType?: string;
  /** form (the default), spaceDelimited, pipeDelimited or deepObject (form-urlencoded bodies). */
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface HeaderData {
  name: string;
  description?: string;
  schema?: SchemaNode;
  /** The header's example value (header, its first named example, or its schema's). */
  example?: unknown;
}

export interface ResponseData {
  status: string;
  /** A short title (OpenAPI 3.2 `summary`), shown in place of the status's reason phrase. */
  summary?: string;
  /** HTML. */
  description?: string;
  headers: HeaderData[];
  content: MediaTypeData[];
}

export interface SecuritySchemeData {
  key: string;
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  /** http: basic, bearer, ... */
  scheme?: string;
  bearerFormat?: string;
  /** apiKey: header, query or cookie, and the parameter name. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** HTML. */
  description?: string;
  /** The scopes the security requirement names (oauth2, openIdConnect). */
  scopes?: string[];
  /** oauth2: the flows the scheme declares. */
  flows?: OAuthFlowsData;
  /** openIdConnect: the discovery document's URL. */
  openIdConnectUrl?: string;
  /** oauth2 (OpenAPI 3.2): the authorization server's metadata document (RFC 8414), as written. */
  oauth2MetadataUrl?: string;
  /** OpenAPI 3.2: the document marks the scheme deprecated (it still works; prefer another). */
  deprecated?: boolean;
}

export interface OAuthFlowData {
  authorizationUrl?: string;
  /** deviceAuthorization (OpenAPI 3.2, RFC 8628): where the device code is requested. */
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Every scope the flow offers: name -> description (plain text). */
  scopes: Record<string, string>;
}

/** OAuth 2.0 flows of a scheme, by OpenAPI's names. */
export interface OAuthFlowsData {
  authorizationCode?: OAuthFlowData;
  clientCredentials?: OAuthFlowData;
  implicit?: OAuthFlowData;
  password?: OAuthFlowData;
  /** OpenAPI 3.2: the device authorization grant (RFC 8628). */
  deviceAuthorization?: OAuthFlowData;
}

export interface CodeSample {
  /** Stable id used to remember the reader's choice, e.g. "curl", "python". */
  id: string;
  label: string;
  /** Highlighted HTML of the sample. */
  html: string;
  /** A sample the OpenAPI document brings (`x-codeSamples`), not one the portal generated. */
  fromDocument?: boolean;
}

/** A tag shown as a label on an operation page (not a sidebar category). */
export interface TagLabel {
  /** The tag's summary, else its name. */
  label: string;
  /** Its `kind` (`badge`, `audience`, or the document's own). */
  kind: string;
  /** Plain text of its description's first paragraph. */
  description?: string;
}

export interface ServerData {
  url: string;
  /** OpenAPI 3.2 `servers[].name`: the server's label (console picker, overview). */
  name?: string;
  description?: string;
}

export interface OperationPage {
  method: HttpMethod;
  path: string;
  /** Set for a webhook (OpenAPI `webhooks` / `x-webhooks`): the event name; `path` is then the event name too. */
  webhook?: string;
  operationId?: string;
  summary: string;
  deprecated?: boolean;
  /** The replacement of a deprecated operation. */
  deprecatedBy?: Replacement;
  /** "New in vX" / "Changed in vX": the latest recent release that added or changed it (plugins/changelog). */
  release?: ReleaseMark;
  /** Its tags that label rather than navigate (3.2 `kind: badge`, `audience`…: openapi/model/tags.ts). */
  labels?: TagLabel[];
  /** HTML. */
  description?: string;
  servers: ServerData[];
  /** Alternatives: the request must satisfy every scheme of one entry. Empty: no authentication. */
  security: SecuritySchemeData[][];
  parameters: ParameterData[];
  requestBody?: {required: boolean; description?: string; content: MediaTypeData[]};
  responses: ResponseData[];
  /**
   * The component schemas the page shows up front: all it reaches, or, on a large schema graph, the
   * ones its server-rendered HTML shows (then `lazySchemas` is set and the others load on demand).
   */
  schemas: Record<string, SchemaNode>;
  /** Set when `schemas` is not the whole closure: the rest comes from `loadSchemaIndex`. */
  lazySchemas?: boolean;
  /** Loads the index of the shared schema modules (set by the page's data module with `lazySchemas`). */
  loadSchemaIndex?: () => Promise<{default: SchemaIndex}>;
  samples: CodeSample[];
  /**
   * Requests the API makes to the caller after this operation (OpenAPI `callbacks`), each with its
   * URL expression; shown on this page (anchor callbackAnchor()), not on pages of their own.
   */
  callbacks?: CallbackData[];
  /**
   * The operation's response check file, a path from the site's base URL ("api-checks/<page>.<hash>.js"):
   * validators generated at build time with Ajv (plugins/api-pages/response-checks.ts), loaded
   * when a response arrives (src/components/ApiConsole/check-loader.ts). Absent when no JSON
   * response has a schema.
   */
  responseCheck?: string;
}

/** One operation of a callback: the request the API sends to the URL the expression names. */
export interface CallbackData {
  /** The callback's name in the document (`callbacks: {name: …}`). */
  name: string;
  /** The runtime expression of the URL, e.g. `{$request.body#/alertUrl}`. */
  expression: string;
  method: string;
  operationId?: string;
  summary?: string;
  /** HTML. */
  description?: string;
  deprecated?: boolean;
  parameters: ParameterData[];
  /** The request the API sends (its fields are what the API writes: read-only ones show). */
  requestBody?: {required: boolean; description?: string; content: MediaTypeData[]};
  /** What the receiving server answers. */
  responses: ResponseData[];
}

/** A validator generated by Ajv (standalone code): true or false, with `errors` after a false. */
export interface ResponseValidator {
  (data: unknown): boolean;
  errors?: {instancePath: string; schemaPath: string; keyword: string; message?: string; params?: Record<string, unknown>}[] | null;
}

/** The response check module of an operation: "status media-type" -> validator, and what has none. */
export interface ResponseCheckModule {
  checks: Record<string, ResponseValidator>;
  skipped: Record<string, string>;
}

/** Component schema name -> loader of its shared module (the schema and what its attribute list reads). */
export type SchemaIndex = Record<string, () => Promise<{default: Record<string, SchemaNode>}>>;

// ---------------------------------------------------------------------------------------------
// The API overview page

export interface OverviewCategory {
  label: string;
  /** Route of the category's generated index page. */
  href: string;
  count: number;
  /** HTML. */
  description?: string;
}

export interface OverviewSection {
  /** 0 for the text before the first heading, else the heading level (2 or 3). */
  level: number;
  title: string;
  id: string;
  /** HTML. */
  html: string;
}

export interface OverviewPage {
  title: string;
  version: string;
  servers: ServerData[];
  securitySchemes: SecuritySchemeData[];
  /** Site path of the processed OpenAPI document. */
  downloadUrl: string;
  /** The other downloads that exist (YAML, Postman collection): label and site path. */
  downloads?: {label: string; href: string}[];
  operationCount: number;
  /** Webhooks (OpenAPI 3.1 `webhooks`), each with its own page. */
  webhookCount?: number;
  categories: OverviewCategory[];
  sections: OverviewSection[];
}

// ---------------------------------------------------------------------------------------------
// The data module: writer and reader
/** File name of a page's data module, beside its MDX. */
export const dataModuleName = (id: string): string => `${id}.data.js`;

/** Folder of the shared schema modules in docs/api ("_" keeps it out of the docs). */
export const SCHEMA_DIR = '_schemas';

/** A module whose default export is `value`, parsed from one string literal (see dataModuleSource). */
export function jsonModuleSource(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
}

/**
 * A page's data as a JavaScript module that parses one string literal. As a `.json` module the
 * bundler parses every value into its own tree and tracks each key as an export (twice: client and
 * server bundles), which at a thousand operations held a large part of the build's memory
 * (BENCHMARKS.md, "Measurements behind the code"). A single
 * string costs one allocation, and `JSON.parse` of a literal is also the fastest way for a browser to
 * load a large object.
 */
export function dataModuleSource(data: unknown): string {
  if (!(data as {lazySchemas?: boolean}).lazySchemas) return jsonModuleSource(data);
  const json = JSON.stringify(JSON.stringify(data));
  // A page of a large schema graph: the schemas it does not carry load from the shared modules.
  return [
    `const data = JSON.parse(${json});`,
    `data.loadSchemaIndex = () => import('./${SCHEMA_DIR}/index.js');`,
    'export default data;',
    '',
  ].join('\n');
}

/**
 * Reads the page data back from a generated data module: `export default JSON.parse("…");`, or, for
 * a page of a large schema graph, `const data = JSON.parse("…");` followed by its schema loader.
 */
export function parseDataModule(source: string): unknown {
  const text = source.trim();
  const whole = /^export default JSON\.parse\(([\s\S]*)\);$/.exec(text)?.[1];
  // The string literal holds no raw line break (JSON.stringify escapes them): the first line is it.
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const lazy =
    firstLine.startsWith('const data = JSON.parse(') && firstLine.endsWith(');')
      ? firstLine.slice('const data = JSON.parse('.length, -2)
      : undefined;
  const literal = whole ?? lazy;
  if (literal === undefined) throw new Error(`not a page data module (it starts "${text.slice(0, 40)}")`);
  return JSON.parse(JSON.parse(literal) as string);
}
