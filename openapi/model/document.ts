/**
 * The processed OpenAPI document as the pipeline emits it (openapi/processed/openapi.json): OpenAPI
 * 3.0 and 3.1 objects, plus the fields the pipeline adds (`x-portal-*`, openapi/pipeline/pages.ts
 * and build.ts). The types say what a valid document holds; the pipeline lets a foreign document
 * through with warnings, so code that must survive a broken one still checks what it reads
 * (`typeof x === 'string'`…) rather than trusting the type. Node-free, types only apart from the
 * JSON helpers at the end.
 *
 * Where the specification allows a Reference Object instead of the object, the type is `Ref<T>`.
 * Data the document carries (examples, enum values, defaults) is `JsonValue`; extension fields
 * (`x-…`) are open: `unknown`, narrowed where they are read.
 */

/** Any JSON value: what a document holds as data (examples, enum values, defaults, constants). */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Specification extensions: every `x-` field of an object, its value whatever the document wrote. */
export interface Extensions {
  [extension: `x-${string}`]: unknown;
}

/** A Reference Object: a `$ref` (local, "#/components/…", once the document is bundled) and, in 3.1, a summary and description. */
export type Reference = {
  $ref: string;
  summary?: string;
  description?: string;
};

/** Where the document may hold a reference instead of the object itself. */
export type Ref<T> = T | Reference;

export interface OpenApiDocument extends Extensions {
  /** "3.0.x", "3.1.x" or "3.2.x" (a Swagger 2.0 source is converted to 3.0 by the pipeline). */
  openapi: string;
  /** OpenAPI 3.2: the document's own URI, the base of its relative references (used by the bundler only). */
  $self?: string;
  info: Info;
  jsonSchemaDialect?: string;
  servers?: Server[];
  paths: Record<string, PathItem>;
  /** OpenAPI 3.1. */
  webhooks?: Record<string, PathItem>;
  /** The same before 3.1 (Redocly's extension). */
  'x-webhooks'?: Record<string, PathItem>;
  components?: Components;
  security?: SecurityRequirement[];
  tags?: Tag[];
  externalDocs?: ExternalDocs;
}

export interface Info extends Extensions {
  title: string;
  version: string;
  summary?: string;
  description?: string;
  termsOfService?: string;
  contact?: {name?: string; url?: string; email?: string} & Extensions;
  license?: {name: string; identifier?: string; url?: string} & Extensions;
  /** Ours: the overview page's slug (openapi/pipeline/pages.ts). */
  'x-portal-slug'?: string;
  /** Ours: the source file the document was built from, as the build shows it (openapi/pipeline/build.ts, not in strict builds). */
  'x-portal-source'?: string;
}

export interface Server extends Extensions {
  url: string;
  /** OpenAPI 3.2: a short name for the host (the server picker's label). */
  name?: string;
  description?: string;
  variables?: Record<string, ServerVariable>;
}

export interface ServerVariable extends Extensions {
  default: string;
  enum?: string[];
  description?: string;
}

export interface ExternalDocs extends Extensions {
  url: string;
  description?: string;
}

export interface Tag extends Extensions {
  name: string;
  /** 3.2: the label (./tags.ts). */
  summary?: string;
  description?: string;
  externalDocs?: ExternalDocs;
  /** 3.2: the name of the tag this one nests under (./tags.ts). */
  parent?: string;
  /** 3.2: `nav` (or none) makes navigation; `badge`, `audience` and others label operations (./tags.ts). */
  kind?: string;
  /** Redocly's label for a tag (the sidebar category's label). */
  'x-displayName'?: unknown;
}

/** A path item's fixed method fields (the list of ./methods.ts). */
export interface PathItemOperations {
  get?: Operation;
  put?: Operation;
  post?: Operation;
  delete?: Operation;
  options?: Operation;
  head?: Operation;
  patch?: Operation;
  trace?: Operation;
  /** OpenAPI 3.2: the QUERY method. */
  query?: Operation;
  /** OpenAPI 3.2: operations of other methods, keyed by the method as sent (`PURGE`); see ./methods.ts. */
  additionalOperations?: Record<string, Operation>;
}

export interface PathItem extends PathItemOperations, Extensions {
  /** A path item may itself be a reference (3.1: with siblings); the pipeline keeps it. */
  $ref?: string;
  summary?: string;
  description?: string;
  servers?: Server[];
  parameters?: Ref<Parameter>[];
}

export interface Operation extends Extensions {
  tags?: string[];
  summary?: string;
  description?: string;
  externalDocs?: ExternalDocs;
  operationId?: string;
  parameters?: Ref<Parameter>[];
  requestBody?: Ref<RequestBody>;
  responses?: Record<string, Ref<Response>>;
  callbacks?: Record<string, Ref<Callback>>;
  deprecated?: boolean;
  security?: SecurityRequirement[];
  servers?: Server[];
  /** Ours: the page's slug, /docs/api/<slug> (openapi/pipeline/pages.ts). */
  'x-portal-slug'?: string;
  /** Ours: the page's title (openapi/pipeline/pages.ts). */
  'x-portal-title'?: string;
}

/** A callback: path items keyed by a runtime expression. */
export type Callback = Record<string, PathItem>;

export type ParameterLocation = 'query' | 'header' | 'path' | 'cookie';

/** What parameters and headers share: a schema (or one media type), examples, serialisation. */
export interface ParameterFields extends Extensions {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  allowEmptyValue?: boolean;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  schema?: Schema;
  example?: JsonValue;
  examples?: Record<string, Ref<Example>>;
  content?: Record<string, MediaType>;
}

export interface Parameter extends ParameterFields {
  name: string;
  in: ParameterLocation;
}

export type Header = ParameterFields;

export interface RequestBody extends Extensions {
  description?: string;
  content: Record<string, MediaType>;
  required?: boolean;
}

export interface MediaType extends Extensions {
  schema?: Schema;
  /** 3.2: the schema of each item of a streamed body (server-sent events, JSON Lines…). */
  itemSchema?: Schema;
  example?: JsonValue;
  examples?: Record<string, Ref<Example>>;
  encoding?: Record<string, Encoding>;
}

export interface Encoding extends Extensions {
  contentType?: string;
  headers?: Record<string, Ref<Header>>;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface Response extends Extensions {
  /** 3.2: a short title. */
  summary?: string;
  description: string;
  headers?: Record<string, Ref<Header>>;
  content?: Record<string, MediaType>;
  links?: Record<string, Ref<Link>>;
}

export interface Example extends Extensions {
  summary?: string;
  description?: string;
  value?: JsonValue;
  externalValue?: string;
  /** 3.2: the value as data (like `value`). */
  dataValue?: JsonValue;
  /** 3.2: the value as sent on the wire, a string shown as it is. */
  serializedValue?: string;
}

export interface Link extends Extensions {
  operationRef?: string;
  operationId?: string;
  parameters?: Record<string, JsonValue>;
  requestBody?: JsonValue;
  description?: string;
  server?: Server;
}

/**
 * A schema: an object, or in 3.1 (JSON Schema 2020-12) `true` / `false`. A `$ref` may stand alone
 * (3.0: its siblings are ignored) or beside other keywords (3.1: they apply too).
 */
export type Schema = SchemaObject | boolean;

/** The validation keywords a schema and the pages' schema nodes (page-data-format.ts) share. */
export interface SchemaConstraints {
  minimum?: number;
  maximum?: number;
  /** A flag beside minimum / maximum in 3.0, the bound itself in 3.1. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  required?: string[];
}

export interface SchemaObject extends SchemaConstraints, Extensions {
  $ref?: string;
  $id?: string;
  $schema?: string;
  $comment?: string;
  $defs?: Record<string, Schema>;
  title?: string;
  description?: string;
  /**
   * "string", "integer", "number", "boolean", "array", "object" (and "null" in 3.1); a list of
   * them in 3.1 (`[x, "null"]` is 3.0's `nullable`). Typed as any string: a foreign document may
   * name others, which the pages show as written.
   */
  type?: string | string[];
  format?: string;
  /** JSON Schema 2019-09+ (OpenAPI 3.1+): the media type of a string's content. */
  contentMediaType?: string;
  /** With contentMediaType: the schema of the decoded content. */
  contentSchema?: Schema;
  enum?: JsonValue[];
  const?: JsonValue;
  default?: JsonValue;
  example?: JsonValue;
  /** 3.1: a list of examples. */
  examples?: JsonValue[];
  /** 3.0. */
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: Schema;
  items?: Schema;
  prefixItems?: Schema[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  not?: Schema;
  /** `defaultMapping` (3.2): the schema of a value the mapping does not name. */
  discriminator?: {propertyName: string; mapping?: Record<string, string>; defaultMapping?: string};
  xml?: Record<string, unknown>;
  externalDocs?: ExternalDocs;
  /** Ours: a `$ref` that resolved nowhere, replaced by this schema (openapi/pipeline/pages.ts replaceUnresolvedRefs). */
  'x-portal-unresolved'?: string;
  /** What replaces a deprecated field: a field name or a short text. */
  'x-deprecated-by'?: unknown;
}

export interface Components extends Extensions {
  schemas?: Record<string, Schema>;
  responses?: Record<string, Ref<Response>>;
  parameters?: Record<string, Ref<Parameter>>;
  examples?: Record<string, Ref<Example>>;
  requestBodies?: Record<string, Ref<RequestBody>>;
  headers?: Record<string, Ref<Header>>;
  securitySchemes?: Record<string, Ref<SecurityScheme>>;
  links?: Record<string, Ref<Link>>;
  callbacks?: Record<string, Ref<Callback>>;
  /** 3.1. */
  pathItems?: Record<string, PathItem>;
}

/** Scheme name -> the scopes it needs (empty for schemes without scopes). */
export type SecurityRequirement = Record<string, string[]>;

/** A security scheme; the fields after `description` belong to the `type` named beside them. */
export interface SecurityScheme extends Extensions {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  /** apiKey: the header, query parameter or cookie that carries the key. */
  name?: string;
  in?: 'query' | 'header' | 'cookie';
  /** http: "basic", "bearer"… (any case). */
  scheme?: string;
  bearerFormat?: string;
  /** oauth2. */
  flows?: OAuthFlows;
  /** openIdConnect. */
  openIdConnectUrl?: string;
  /** oauth2 (3.2): the authorization server metadata URL (RFC 8414). */
  oauth2MetadataUrl?: string;
  /** 3.2: the scheme is deprecated. */
  deprecated?: boolean;
}

export interface OAuthFlows extends Extensions {
  implicit?: OAuthFlow;
  password?: OAuthFlow;
  clientCredentials?: OAuthFlow;
  authorizationCode?: OAuthFlow;
  /** 3.2: the device authorization grant (RFC 8628). */
  deviceAuthorization?: OAuthFlow;
}

export interface OAuthFlow extends Extensions {
  authorizationUrl?: string;
  /** deviceAuthorization (3.2). */
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Scope -> what it allows. */
  scopes: Record<string, string>;
}

/** Whether a value is a JSON object (not null, not an array): the narrowing every walk over a document starts with. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether the document's schemas are JSON Schema 2020-12 (OpenAPI 3.1 and 3.2: `$ref` with
 * siblings, `type: [x, "null"]`, `const`…) rather than OpenAPI 3.0's dialect. Every reader that
 * chooses between the two asks here, so a new minor version is decided in one place.
 */
export function usesJsonSchema2020(doc: {openapi?: unknown} | null | undefined): boolean {
  const m = /^3\.(\d+)\./.exec(String(doc?.openapi ?? ''));
  return m !== null && Number(m[1]) >= 1;
}
