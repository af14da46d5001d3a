/**
 * What the build may read because a document names it: the one policy, and the resolver that
 * applies it to every read of Redocly's lint and bundle (`$ref`s, `externalValue`s, discriminator
 * mappings, references inside extensions: Redocly reads all of them through this resolver) and to
 * the Swagger 2.0 conversion (convert.ts bundles through it before converting) and the live
 * preview's watcher (it watches only files the policy admits).
 *
 * The policy (`RefPolicy`):
 * - files: only under the document's own folder, or under OPENAPI_REF_ROOT when it is set; the
 *   check is made on the real path (symbolic links resolved), so a link inside the folder that
 *   points out of it is refused, as are `../` and absolute paths that leave it;
 * - URLs: none, unless the host is listed in OPENAPI_REF_HOSTS (comma-separated host names, a port
 *   may be given as host:port); even then only over http(s) to public addresses, checked after DNS
 *   resolution and on the connection itself, without following redirects (net-policy.ts);
 * - content: JSON or YAML only, by name (.json, .yaml, .yml; a URL may say so by its media type
 *   instead) and by content (it must parse to an object or an array; a file that does not parse
 *   stops the build), so a dotenv file, a text file or a key is never read into the document,
 *   whatever it is called.
 *
 * A refused reference is recorded (`refusals`) and read as nothing; build.ts stops the build with
 * one sentence per refusal naming the `$ref`, the file and JSON pointer that hold it, and how to
 * allow it (refusalProblems). The contents of a refused file are never parsed into a message.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {BaseResolver, parseYaml, Source, type Document} from '@redocly/openapi-core';
import type {SpecProblem} from './errors';
import {displayPath} from './errors';
import {AddressRefused, fetchPublic} from './net-policy';
import {escapeToken} from '../model/pointer';
import {removeUnsafePatterns, type PatternFinding} from './patterns';
import {isObject} from '../model/document';

export const REF_ROOT_ENV = 'OPENAPI_REF_ROOT';
export const REF_HOSTS_ENV = 'OPENAPI_REF_HOSTS';

/** What references may reach (plain data: it is sent to the lint worker). */
export interface RefPolicy {
  /** Folder every referenced file must be under (its real path). */
  root: string;
  /** Hosts (lower case, optionally host:port) whose URLs may be fetched; empty: no network. */
  hosts: string[];
}

/** The policy for the document at `source`: its folder, or OPENAPI_REF_ROOT; OPENAPI_REF_HOSTS. */
export function refPolicyFor(source: string, env: NodeJS.ProcessEnv = process.env): RefPolicy {
  const rootSetting = env[REF_ROOT_ENV]?.trim();
  const root = rootSetting ? path.resolve(rootSetting) : path.dirname(path.resolve(source));
  if (rootSetting && !fs.existsSync(root)) throw new Error(`${REF_ROOT_ENV}=${rootSetting}: no such folder`);
  const hosts = (env[REF_HOSTS_ENV] ?? '')
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) {
      throw new Error(
        `${REF_HOSTS_ENV}: "${host}" is not a host name (write hosts as api.example.com or api.example.com:8443, separated by commas)`,
      );
    }
  }
  return {root, hosts};
}

const JSON_OR_YAML = /\.(json|ya?ml)$/i;

/** Why `file` may not be read under `policy`, or undefined when it may. `file` is absolute. */
export function fileRefusal(file: string, policy: RefPolicy): string | undefined {
  if (!JSON_OR_YAML.test(file)) return 'it is not a .json, .yaml or .yml file';
  let real: string;
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(policy.root);
  } catch {
    realRoot = path.resolve(policy.root);
  }
  try {
    real = fs.realpathSync(file);
  } catch {
    real = path.resolve(file); // missing: judged by its name (reading it fails anyway)
  }
  if (!JSON_OR_YAML.test(real)) return `it is a link to ${real}, which is not a .json, .yaml or .yml file`;
  const rel = path.relative(realRoot, real);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    const via = real !== path.resolve(file) ? ` (through a symbolic link to ${real})` : '';
    return `it is outside ${displayPath(policy.root)}${via}`;
  }
  return undefined;
}

/** Why `url` may not be fetched under `policy` (before any connection), or undefined. */
function urlRefusal(url: URL, policy: RefPolicy): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} URLs are never read`;
  if (policy.hosts.length === 0) return 'the build reads no URL unless its host is allowed';
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (!policy.hosts.includes(host) && !policy.hosts.includes(`${host}:${port}`))
    return `${host} is not among the allowed hosts (${policy.hosts.join(', ')})`;
  return undefined;
}

/** How to allow a refused reference, for the message. */
function howToAllow(target: string, reason: string): string {
  if (/^https?:/i.test(target)) {
    if (/loopback|private|link-local|redirect/.test(reason))
      return "such addresses are never read; copy the file into the document's folder";
    return `to allow it, list its host in ${REF_HOSTS_ENV} (e.g. ${REF_HOSTS_ENV}=${new URL(target).host}) or copy the file into the document's folder`;
  }
  if (/outside/.test(reason))
    return `to allow it, move the file under the document's folder or set ${REF_ROOT_ENV} to a folder that holds both`;
  return 'only JSON or YAML files can be referenced';
}

export interface Refusal {
  /** The absolute path or URL that was refused. */
  target: string;
  reason: string;
}

/** A reference as written, with where it is. */
interface RefSite {
  file: string;
  pointer: string;
  ref: string;
}

/** Every `$ref`, `externalValue` and discriminator mapping value of a parsed file, with its pointer. */
function referenceSites(node: unknown, file: string, pointer: string, out: RefSite[], seen = new Set<object>()): RefSite[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return out;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((child, i) => referenceSites(child, file, `${pointer}/${i}`, out, seen));
    return out;
  }
  const obj = node as Record<string, unknown>;
  for (const key of ['$ref', 'externalValue']) {
    if (typeof obj[key] === 'string') out.push({file, pointer: `${pointer}/${escapeToken(key)}`, ref: obj[key] as string});
  }
  if (isObject(obj.discriminator) && isObject(obj.discriminator.mapping)) {
    for (const [name, value] of Object.entries(obj.discriminator.mapping)) {
      if (typeof value === 'string') out.push({file, pointer: `${pointer}/discriminator/mapping/${escapeToken(name)}`, ref: value});
    }
  }
  for (const [key, child] of Object.entries(obj)) referenceSites(child, file, `${pointer}/${escapeToken(key)}`, out, seen);
  return out;
}

export interface ResolverOptions {
  policy: RefPolicy;
  /** Files read although they are not under the root: the document itself (and its conversion). */
  roots: string[];
  /** base file -> the file whose folder its relative references resolve against (a conversion -> its source). */
  aliases?: Record<string, string>;
  /** The root document's OpenAPI 3.2 `$self` and the file it was read from (see selfLocal). */
  self?: {uri: string; file: string};
}

/**
 * OpenAPI 3.2 `$self`: the document's own URI and the base of its references. The document was
 * read from a file, so a reference whose URI lies under `$self`'s folder names the file at the
 * same place under the document's folder (and `$self` itself names the document): it is read
 * there, under the same policy, never fetched. Relative references resolve against the file as
 * before, which is the same place. A relative `$self`, or a URI outside its folder, changes nothing.
 */
export function selfLocal(self: {uri: string; file: string}, ref: string): string | undefined {
  if (!/^https?:\/\//i.test(self.uri) || !/^https?:\/\//i.test(ref)) return undefined;
  let selfUrl: URL;
  let target: URL;
  try {
    selfUrl = new URL(self.uri);
    target = new URL(ref);
  } catch {
    return undefined;
  }
  if (target.origin !== selfUrl.origin) return undefined;
  if (target.pathname === selfUrl.pathname) return self.file;
  const folder = new URL('.', selfUrl).pathname;
  if (!target.pathname.startsWith(folder)) return undefined;
  let rest: string;
  try {
    rest = decodeURIComponent(target.pathname.slice(folder.length));
  } catch {
    return undefined;
  }
  const local = path.resolve(path.dirname(self.file), rest);
  // Dot segments are gone from a parsed URL; a backslash or NUL in the name stays out.
  return /[\\\0]/.test(rest) || !local.startsWith(path.dirname(self.file) + path.sep) ? undefined : local;
}

/**
 * Redocly's resolver, with every read going through the policy, and unsafe patterns taken out of
 * every file it parses (patterns.ts) before any rule runs.
 */
export class PolicyResolver extends BaseResolver {
  readonly refusals: Refusal[] = [];
  /** Unsafe patterns taken out, by file. */
  readonly patterns: (PatternFinding & {file: string})[] = [];
  private readonly roots: Set<string>;
  private readonly refused = new Set<string>();

  constructor(private readonly options: ResolverOptions) {
    super({http: {headers: []}});
    this.roots = new Set(options.roots.map((f) => path.resolve(f)));
  }

  override resolveExternalRef(base: string | null, ref: string): string {
    const alias = base ? this.options.aliases?.[base] : undefined;
    if (/^file:\/\//i.test(ref)) {
      try {
        return fileURLToPath(ref);
      } catch {
        return ref;
      }
    }
    const local = this.options.self && selfLocal(this.options.self, ref);
    if (local) return local;
    return super.resolveExternalRef(alias ?? base, ref);
  }

  override getFiles(): Set<string> {
    return new Set([...super.getFiles()].filter((f) => !this.refused.has(f)));
  }

  private refuse(target: string, reason: string): never {
    if (!this.refused.has(target)) {
      this.refused.add(target);
      this.refusals.push({target, reason});
    }
    throw new Error(`refused by the reference policy: ${reason}`);
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    if (this.roots.has(path.resolve(absoluteRef)) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(absoluteRef)) {
      return super.loadExternalRef(absoluteRef);
    }
    if (/^[a-z][a-z0-9+.-]+:/i.test(absoluteRef) && !/^[a-z]:[\\/]/i.test(absoluteRef)) {
      let url: URL;
      try {
        url = new URL(absoluteRef);
      } catch {
        return this.refuse(absoluteRef, 'it is not a valid URL');
      }
      const refusal = urlRefusal(url, this.options.policy);
      if (refusal) return this.refuse(absoluteRef, refusal);
      let fetched;
      try {
        fetched = await fetchPublic(url);
      } catch (error) {
        if (error instanceof AddressRefused) return this.refuse(absoluteRef, error.message);
        if (/redirect/.test((error as Error).message)) return this.refuse(absoluteRef, (error as Error).message);
        throw error;
      }
      const named = JSON_OR_YAML.test(url.pathname) || /json|yaml/i.test(fetched.contentType ?? '');
      if (!named)
        return this.refuse(
          absoluteRef,
          `it is neither named .json/.yaml/.yml nor served as JSON or YAML (${fetched.contentType ?? 'no media type'})`,
        );
      this.checkContent(absoluteRef, fetched.body, true);
      return new Source(absoluteRef, fetched.body, 'application/yaml');
    }
    const file = path.resolve(absoluteRef);
    const refusal = fileRefusal(file, this.options.policy);
    if (refusal) return this.refuse(absoluteRef, refusal);
    let real = file;
    try {
      real = fs.realpathSync(file);
    } catch {
      // missing: Redocly's read reports it
    }
    if (!fs.existsSync(real)) return super.loadExternalRef(absoluteRef);
    if (!fs.statSync(real).isFile()) return this.refuse(absoluteRef, 'it is not a file');
    // Read the path that was checked, not the link again.
    const body = (await fs.promises.readFile(real, 'utf8')).replace(/\r\n/g, '\n');
    this.checkContent(absoluteRef, body, false);
    return new Source(absoluteRef, body);
  }

  /**
   * The content must be JSON or YAML holding an object or an array (a dotenv file renamed .yaml
   * parses as one string). A file that does not parse: from a URL it is refused without a word of
   * its content; a file under the root is left to Redocly, whose parse error stops the build with the
   * file, line and column (the live preview's report while one of the document's files is half-edited).
   */
  private checkContent(target: string, body: string, remote: boolean): void {
    let value: unknown;
    try {
      value = parseYaml(body);
    } catch {
      if (remote) this.refuse(target, 'its content is not JSON or YAML');
      return;
    }
    if (!value || typeof value !== 'object') this.refuse(target, 'its content is not a JSON or YAML object or array');
  }

  override parseDocument(source: Source, isRoot = false): Document {
    const document = super.parseDocument(source, isRoot);
    if (document.parsed && typeof document.parsed === 'object') {
      for (const finding of removeUnsafePatterns(document.parsed)) this.patterns.push({...finding, file: source.absoluteRef});
    }
    return document;
  }

  /** Where each refused target is referenced from, among the documents read. */
  async refusalSites(): Promise<{refusal: Refusal; sites: RefSite[]}[]> {
    const documents: Document[] = [];
    for (const entry of this.cache.values()) {
      const doc = await entry.catch(() => undefined);
      if (doc && 'source' in doc && 'parsed' in doc) documents.push(doc as Document);
    }
    const sites = documents.flatMap((d) => referenceSites(d.parsed, d.source.absoluteRef, '#', []));
    return this.refusals.map((refusal) => ({
      refusal,
      sites: sites.filter((s) => {
        const uri = s.ref.split('#')[0];
        return uri !== '' && this.resolveExternalRef(s.file, uri) === refusal.target;
      }),
    }));
  }
}

export const REF_POLICY_RULE = 'ref-policy';

/** One problem per refused reference (per place it is written), each one sentence. */
export async function refusalProblems(resolver: PolicyResolver, displayFile: (file: string) => string = (f) => f): Promise<SpecProblem[]> {
  const problems: SpecProblem[] = [];
  for (const {refusal, sites} of await resolver.refusalSites()) {
    const shown = /^[a-z]+:\/\//i.test(refusal.target) ? refusal.target : displayPath(refusal.target);
    const sentence = (ref: string) =>
      `the reference ${JSON.stringify(ref)} (${shown}) was not read: ${refusal.reason}; ${howToAllow(refusal.target, refusal.reason)}.`;
    if (sites.length === 0)
      problems.push({file: '(unknown file)', pointer: '#', message: sentence(refusal.target), rule: REF_POLICY_RULE, severity: 'error'});
    for (const site of sites)
      problems.push({
        file: displayFile(site.file),
        pointer: site.pointer,
        message: sentence(site.ref),
        rule: REF_POLICY_RULE,
        severity: 'error',
      });
  }
  return problems;
}
