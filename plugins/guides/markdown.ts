/**
 * The Markdown of a guide's embedded API parts, for the guide's Markdown twin, llms-full.txt and
 * the MCP server (plugins/agent-docs puts it where the part's HTML was). The HTML shows one
 * language of a request at a time; the twin gives all eight.
 */
import {codeSpan, fence, htmlText, tidy} from '../agent-docs/html-markdown';
import {schemaMarkdown} from '../agent-docs/operation-markdown';
import type {GuidePart} from './client/guide-parts';

/** Languages of the fences, by sample id (the reference's twins write curl as bash). */
const FENCE: Record<string, string> = {
  curl: 'bash',
  javascript: 'javascript',
  python: 'python',
  java: 'java',
  go: 'go',
  csharp: 'csharp',
  php: 'php',
  ruby: 'ruby',
};

/** `link` turns a site path (no base URL) into the twin's link. */
export function guidePartMarkdown(part: GuidePart, link: (sitePath: string) => string = (p) => p): string {
  switch (part.kind) {
    case 'operation':
      return `${codeSpan(`${part.method.toUpperCase()} ${part.path}`)}: [${part.summary}](${link(part.href)})${part.deprecated ? ' (deprecated)' : ''}`;
    case 'schema':
      return tidy(
        [
          `**${part.title}**${part.href ? ` ([reference](${link(part.href)}))` : ''}`,
          '',
          schemaMarkdown(part.schema, part.schemas, {mediaType: part.mediaType, request: part.mode === 'request', link}),
        ].join('\n'),
      );
    case 'request':
      return tidy(
        [
          `Request: [${part.title}](${link(part.href)})`,
          '',
          ...part.samples.flatMap((s) => [`${s.label}:`, '', fence(htmlText(s.html), FENCE[s.id] ?? s.id), '']),
        ].join('\n'),
      );
    case 'response':
      return tidy(
        [
          `Response ${part.title} (${codeSpan(part.mediaType)}), [reference](${link(part.href)}):`,
          '',
          fence(htmlText(part.html), /json/.test(part.mediaType) ? 'json' : ''),
        ].join('\n'),
      );
    case 'try': {
      const values = Object.entries(part.params).map(([k, v]) => `${codeSpan(k.split(':').slice(1).join(':'))} = ${codeSpan(v)}`);
      const lines = [
        `Try it: open [${part.title}](${link(part.href)}) and press "Try it"${values.length ? `, with ${values.join(', ')}` : ''}${part.body ? ' and this body:' : '.'}`,
      ];
      if (part.body) lines.push('', fence(part.body, 'json'));
      return tidy(lines.join('\n'));
    }
    case 'missing':
      return `_(${part.what}: not in this API description)_`;
  }
}
