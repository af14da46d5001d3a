/**
 * Reads a portal, deployed (an http(s) URL) or built (a build/ folder), for the MCP server: the
 * files plugins/agent-docs writes (agent-docs.json, the Markdown twins) and the search index.
 */
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {AgentDocsIndex} from '../pages';

export class PortalSite {
  private index?: Promise<AgentDocsIndex>;

  constructor(readonly location: string) {}

  get isUrl(): boolean {
    return /^https?:\/\//i.test(this.location);
  }

  /** Text of a site path ("/docs/api/x.md"; relative to the site's base path). */
  async read(sitePath: string): Promise<string> {
    const rel = sitePath.replace(/^\/+/, '');
    if (this.isUrl) {
      const base = this.location.endsWith('/') ? this.location : `${this.location}/`;
      const res = await fetch(new URL(rel, base));
      if (!res.ok) throw new Error(`${new URL(rel, base).href}: HTTP ${res.status}`);
      return res.text();
    }
    const root = path.resolve(this.location);
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep)) throw new Error(`${sitePath}: outside the site`);
    return fs.readFile(file, 'utf8');
  }

  agentIndex(): Promise<AgentDocsIndex> {
    this.index ??= this.read('agent-docs.json').then((t) => JSON.parse(t) as AgentDocsIndex);
    this.index.catch(() => (this.index = undefined));
    return this.index;
  }

  /** A site path relative to the base path, from a route or URL of the index ("/docs/x" -> "docs/x"). */
  async relative(route: string): Promise<string> {
    const {baseUrl} = await this.agentIndex();
    return route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, '');
  }
}
