/**
 * The data of the API parts a guide embeds (plugins/guides resolves them at build time from the
 * processed description and writes one module per guide; the remark plugin hands each component
 * its entry). Plain data, no Node APIs: the pages import it.
 */
import type {CodeSample, HttpMethod, OperationPage, SchemaNode} from '../../api-pages/client/page-data-format';

/**
 * The search index leaves these parts out (ignoreCssSelectors, src/config/search.ts), as it leaves
 * out the same blocks of the API pages: code, schemas and examples repeat the reference; the
 * guide's own text and its operation cards are what search should find.
 */
export const SEARCH_SKIP = 'search-skip';

/** `<OperationCard operationId="…"/>`. */
export interface OperationPart {
  kind: 'operation';
  method: HttpMethod;
  path: string;
  summary: string;
  /** The operation's page (site path, no base URL). */
  href: string;
  deprecated?: boolean;
  webhook?: boolean;
}

/** `<SchemaTable schema="…"/>`, `<SchemaTable operationId="…" body/>`, `… response="200"`. */
export interface SchemaPart {
  kind: 'schema';
  /** "Customer", "Request body of POST /customers", "Response 200 of GET /customers/{customer_id}". */
  title: string;
  mediaType?: string;
  schema: SchemaNode;
  /** The component schemas the table reaches (all of them: the table never loads more). */
  schemas: Record<string, SchemaNode>;
  mode: 'request' | 'response';
  /** Where the reference shows it. */
  href?: string;
}

/** `<RequestExample operationId="…" params={{…}} body={{…}}/>`: the eight languages. */
export interface RequestPart {
  kind: 'request';
  /** "POST /customers". */
  title: string;
  href: string;
  samples: CodeSample[];
}

/** `<ResponseExample operationId="…" status="200"/>`. */
export interface ResponsePart {
  kind: 'response';
  status: string;
  title: string;
  href: string;
  mediaType: string;
  /** Highlighted at build time. */
  html: string;
}

/** `<TryIt operationId="…" params={{…}} body={{…}}/>`: the console of the reference, pre-filled. */
export interface TryItPart {
  kind: 'try';
  title: string;
  href: string;
  /** The console's parameter values, keyed "in:name" like its own state. */
  params: Record<string, string>;
  /** The request body as the console's editor shows it. */
  body?: string;
  /** Loads the operation's page data (set by the guide's data module: a lazy import). */
  load?: () => Promise<{default: OperationPage}>;
}

/** A part of a foreign description the guide refers to and that description lacks (warned at build). */
export interface MissingPart {
  kind: 'missing';
  /** What the guide asked for, e.g. `operation "createCustomer"`. */
  what: string;
}

export type GuidePart = OperationPart | SchemaPart | RequestPart | ResponsePart | TryItPart | MissingPart;
