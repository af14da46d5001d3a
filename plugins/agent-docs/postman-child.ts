/**
 * Child process of ./downloads: converts the processed OpenAPI document into a Postman Collection
 * v2.1 with openapi-to-postmanv2 and writes it. Run apart so that a converter that hangs or runs
 * out of memory on a foreign document is killed by the parent's time budget, not the build.
 * Usage: tsx postman-child.ts <openapi.json> <out.json>
 */
import {createHash} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import {isObject, type OpenApiDocument, type SecurityScheme} from '../../openapi/model/document';
import {isHttpMethod, methodLabel, pathItemOperations} from '../../openapi/model/methods';
interface Converter {
  convert(
    input: {type: 'json' | 'string'; data: unknown},
    options: Record<string, unknown>,
    cb: (err: Error | null, result: {result: boolean; reason?: string; output?: {type: string; data: PostmanCollection}[]}) => void,
  ): void;
}

/** What this module reads and writes of a Postman Collection v2.1 (the converter's output has more). */
export interface PostmanCollection {
  info?: {name?: string};
  item?: PostmanItem[];
  variable?: {key: string; value?: string; type?: string}[];
  auth?: {type: string; apikey?: {key: string; value?: unknown}[]; [type: string]: unknown};
}

/** A folder (with `item`) or a request. */
export interface PostmanItem {
  name?: string;
  item?: PostmanItem[];
  request?: {header?: {key: string; value?: string; description?: string}[]};
}

type PostmanRequestItem = PostmanItem & {request: NonNullable<PostmanItem['request']>};

const isRequest = (i: PostmanItem): i is PostmanRequestItem => Boolean(i.request);

/** Every request of a collection (items nested in folders). */
export function collectRequests(items: PostmanItem[] = []): PostmanRequestItem[] {
  return items.flatMap((i) => (Array.isArray(i.item) ? collectRequests(i.item) : isRequest(i) ? [i] : []));
}

/**
 * What the converter leaves out of our kind of document: with several security schemes required
 * together (Basic + an API key header) it keeps only one as the collection's auth. The others
 * become collection variables sent by every request that needs them.
 */
export function completeAuth(collection: PostmanCollection, doc: OpenApiDocument): void {
  // A scheme given as a reference is read as it is (it names no type: it is left alone).
  const schemes: Record<string, Partial<SecurityScheme> | undefined> = doc.components?.securitySchemes ?? {};
  const vars = (collection.variable ??= []);
  const addVar = (key: string, value = '') => {
    if (!vars.some((v) => v.key === key)) vars.push({key, value, type: 'string'});
  };
  if (!vars.some((v) => v.key === 'baseUrl')) addVar('baseUrl', doc.servers?.[0]?.url ?? '');
  const requirement: Record<string, string[]> = (doc.security ?? [])[0] ?? {};
  const names = Object.keys(requirement);
  const basic = names.find((n) => schemes[n]?.type === 'http' && /^basic$/i.test(schemes[n]?.scheme ?? ''));
  const bearer = names.find((n) => schemes[n]?.type === 'http' && /^bearer$/i.test(schemes[n]?.scheme ?? ''));
  if (basic && !collection.auth) {
    collection.auth = {
      type: 'basic',
      basic: [
        {key: 'username', value: '{{username}}', type: 'string'},
        {key: 'password', value: '{{password}}', type: 'string'},
      ],
    };
  } else if (bearer && !collection.auth) {
    collection.auth = {type: 'bearer', bearer: [{key: 'token', value: '{{bearerToken}}', type: 'string'}]};
  }
  // Variables the converter's auth refers to ({{basicAuthUsername}}…) are declared, empty.
  for (const m of JSON.stringify(collection.auth ?? {}).matchAll(/\{\{([A-Za-z0-9_]+)\}\}/g)) addVar(m[1]!);
  for (const name of names) {
    const s = schemes[name];
    if (s?.type !== 'apiKey' || s.in !== 'header' || !s.name) continue;
    if (collection.auth?.type === 'apikey' && collection.auth.apikey?.some((k) => k.key === 'key' && k.value === s.name)) continue;
    addVar(name);
    for (const item of collectRequests(collection.item)) {
      const header = s.name;
      const headers = (item.request.header ??= []);
      if (!headers.some((h) => String(h.key).toLowerCase() === header.toLowerCase()))
        headers.push({key: header, value: `{{${name}}}`, description: 'API key (collection variable)'});
    }
  }
}

/** Classic method slots a moved operation may borrow, in order of preference (see forConverter). */
const BORROWED_SLOTS = ['post', 'put', 'patch', 'delete', 'options', 'get', 'head', 'trace'] as const;
const MARK = /^\[x-portal-method (\d+)\] /;

/**
 * openapi-to-postmanv2 knows the eight methods of OpenAPI 3.0/3.1: it leaves out an OpenAPI 3.2
 * `query` operation and every `additionalOperations` one. For it, each such operation borrows a
 * method slot its path item leaves free, with a numbered mark before its summary; `restoreMethods`
 * then gives the requests their real method (and name). Returns the copy and the marks' methods.
 */
export function forConverter(doc: OpenApiDocument): {doc: OpenApiDocument; methods: string[]} {
  const methods: string[] = [];
  let paths: OpenApiDocument['paths'] | undefined;
  const deprecated = new Set(
    Object.entries(doc.components?.securitySchemes ?? {})
      .filter(([, s]) => isObject(s) && (s as {deprecated?: unknown}).deprecated === true)
      .map(([name]) => name),
  );
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (deprecated.size) {
      // The converter takes an operation's first security alternative: the preferred one goes first.
      for (const {operation, keys} of pathItemOperations(item)) {
        const security = preferredFirst(operation.security as Record<string, unknown>[] | undefined, deprecated);
        if (security === operation.security) continue;
        paths ??= {...doc.paths};
        // A copy along the operation's keys (["get"], or ["additionalOperations", "PURGE"]).
        const copy: Record<string, unknown> = (paths[path] = {...(paths[path] as object)});
        const [first, second] = keys;
        if (second === undefined) copy[first!] = {...operation, security};
        else copy[first!] = {...(copy[first!] as object), [second]: {...operation, security}};
      }
    }
    const current = paths?.[path] ?? item;
    const extra = pathItemOperations(current).filter((o) => o.method === 'query' || !isHttpMethod(o.method));
    if (extra.length === 0) continue;
    const {query: _query, additionalOperations: _additional, ...copy} = current;
    const free = BORROWED_SLOTS.filter((m) => !copy[m]);
    for (const {method, operation} of extra) {
      const slot = free.shift();
      if (!slot) break; // eight methods and more on one path: the rest stay out of the collection
      const title = String(operation.summary ?? operation.operationId ?? `${methodLabel(method)} ${path}`);
      copy[slot] = {...operation, summary: `[x-portal-method ${methods.length}] ${title}`};
      methods.push(methodLabel(method));
    }
    paths ??= {...doc.paths};
    paths[path] = copy;
  }
  const security = preferredFirst(doc.security, deprecated);
  const out = paths || security !== doc.security ? {...doc, ...(paths ? {paths} : {}), ...(security ? {security} : {})} : doc;
  return {doc: out, methods};
}

/**
 * Security alternatives with the first one that uses no deprecated scheme (3.2 `deprecated`)
 * moved to the front, as the page, the console and the samples start with it
 * (src/components/ApiConsole/auth/schemes.ts preferredAlternative); the same array when nothing moves.
 */
export function preferredFirst<T extends Record<string, unknown>>(
  alternatives: T[] | undefined,
  deprecated: ReadonlySet<string>,
): T[] | undefined {
  if (!Array.isArray(alternatives) || deprecated.size === 0) return alternatives;
  const i = alternatives.findIndex((alt) => isObject(alt) && !Object.keys(alt).some((name) => deprecated.has(name)));
  if (i <= 0) return alternatives;
  return [alternatives[i]!, ...alternatives.slice(0, i), ...alternatives.slice(i + 1)];
}

/** Gives the requests of moved operations (forConverter) their real method and name, examples' requests too. */
export function restoreMethods(collection: PostmanCollection, methods: string[]): void {
  const visit = (node: unknown, method?: string): void => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, method));
    if (!isObject(node)) return;
    let own = method;
    if (typeof node.name === 'string') {
      const m = MARK.exec(node.name);
      if (m) {
        own = methods[Number(m[1])];
        node.name = node.name.slice(m[0].length);
      }
    }
    if (own && isObject(node.request) && typeof node.request.method === 'string') node.request.method = own;
    if (own && isObject(node.originalRequest) && typeof node.originalRequest.method === 'string') node.originalRequest.method = own;
    for (const value of Object.values(node)) visit(value, own);
  };
  visit(collection.item);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The converter gives the collection and every folder, request and response a random id, so each
 * build wrote a different file for the same document (and a re-import could not recognise the
 * collection). Each id becomes a UUID made from where it is in the collection (and the
 * collection's name): the same document gives the same file, and ids stay unique.
 */
export function stableIds(collection: PostmanCollection): void {
  const name = String(collection?.info?.name ?? '');
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) (node as unknown[]).forEach((child, i) => visit(child, `${where}/${i}`));
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'id' || key === '_postman_id') && typeof value === 'string' && UUID.test(value))
          node[key] = uuidFrom(`${name}\n${where}/${key}`);
        else visit(value, `${where}/${key}`);
      }
    }
  };
  visit(collection, '');
}

/** A name-based UUID (the layout of version 5: SHA-1 of the name, version and variant bits set). */
export function uuidFrom(text: string): string {
  const h = createHash('sha1').update(text).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A small seeded generator (mulberry32) in place of Math.random for this process: the converter
 * invents values where the document has no example (map keys, numbers), and with the same seed
 * the same document gives the same collection on every build.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function main() {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error('usage: postman-child.ts <openapi.json> <out.json>');
  const text = readFileSync(input, 'utf8');
  // This process only converts: its Math.random may be replaced for the converter's sake.
  Math.random = seededRandom(createHash('sha1').update(text).digest().readUInt32BE(0));
  // Loaded after: its faker keeps the Math.random it finds when loaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Converter = require('openapi-to-postmanv2') as Converter;
  const doc = JSON.parse(text) as OpenApiDocument;
  const moved = forConverter(doc);
  Converter.convert(
    {type: 'json', data: moved.doc},
    {
      folderStrategy: 'Tags',
      requestNameSource: 'Fallback',
      parametersResolution: 'Example',
      includeAuthInfoInExample: false,
      optimizeConversion: true,
      stackLimit: 6,
    },
    (err, result) => {
      if (err || !result.result || !result.output?.[0]) {
        console.error(err?.message ?? result.reason ?? 'no output');
        process.exit(1);
      }
      const collection = result.output[0].data;
      restoreMethods(collection, moved.methods);
      completeAuth(collection, moved.doc);
      stableIds(collection);
      writeFileSync(output, JSON.stringify(collection));
      console.log(String(collectRequests(collection.item).length));
    },
  );
}

if (require.main === module) main();
