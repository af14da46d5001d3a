/**
 * Code samples an operation brings itself (`x-codeSamples`, `x-code-samples`, ReadMe's
 * `x-readme.code-samples`) are shown beside ours, never instead of them: our generated tabs come
 * first with their own labels, the document's follow, each marked as the document's
 * (`fromDocument`: the page says "From the API description" above its code) with an id of its own
 * (`doc-…`, so a remembered choice of "curl" never selects one). A vendor label that is, or names,
 * one of our languages ("cURL", "Shell", "Node") gets " (API description)" added, so no tab of
 * the document's takes the name of one of ours. Vendor language names still tell the highlighter
 * which grammar to use ("Shell", "bash" → bash; "Node", "js" → JavaScript…).
 *
 * A sample's source is untrusted text: it is only ever highlighted (escaped) into HTML, never run
 * or inserted as markup, and its control characters are made visible (copyableText) before that.
 */
import type {CodeSample} from './client/page-data-format';
import {isObject, type Operation} from '../../openapi/model/document';
import {copyableText} from '../../src/components/CopyButton/copyable-text';
import {highlight} from './highlight';
import {SAMPLE_LANGUAGES} from './code-samples';

/** Names (lower case) that mean one of our generated languages. */
const OUR_LANGUAGE: Record<string, string> = {
  curl: 'curl',
  shell: 'curl',
  bash: 'curl',
  sh: 'curl',
  zsh: 'curl',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  nodejs: 'javascript',
  'node.js': 'javascript',
  'node js': 'javascript',
  python: 'python',
  py: 'python',
  python3: 'python',
  go: 'go',
  golang: 'go',
  java: 'java',
  csharp: 'csharp',
  'c#': 'csharp',
  cs: 'csharp',
  dotnet: 'csharp',
  '.net': 'csharp',
  'c sharp': 'csharp',
  php: 'php',
  ruby: 'ruby',
  rb: 'ruby',
};

/** Display names for common languages we do not generate (else the name as the document gives it). */
const OTHER_LABEL: Record<string, string> = {
  typescript: 'TypeScript',
  ts: 'TypeScript',
  http: 'HTTP',
  httpie: 'HTTPie',
  powershell: 'PowerShell',
  swift: 'Swift',
  kotlin: 'Kotlin',
  rust: 'Rust',
  'objective-c': 'Objective-C',
  objc: 'Objective-C',
  dart: 'Dart',
  elixir: 'Elixir',
  scala: 'Scala',
  perl: 'Perl',
  c: 'C',
  'c++': 'C++',
  cpp: 'C++',
  r: 'R',
  clojure: 'Clojure',
  ocaml: 'OCaml',
  json: 'JSON',
};

const own = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Our language id for a vendor language or label ("Node.js" → "javascript"), if it is one of ours. */
export function ourLanguage(name: string | undefined): string | undefined {
  return name === undefined ? undefined : own(OUR_LANGUAGE, norm(name));
}

/** A stable id made of [a-z0-9-] (the tabs use ids in element ids and aria references). */
function slug(text: string): string {
  return (
    norm(text)
      .replace(/\+/g, 'p')
      .replace(/#/g, 'sharp')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'sample'
  );
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export interface VendorSample {
  /** Our language id, or undefined for a language we do not generate. */
  language?: string;
  lang?: string;
  label?: string;
  source: string;
}

/** The operation's own samples in document order, in one shape; entries without source are skipped. */
export function vendorSamples(op: Operation | undefined): VendorSample[] {
  const readme = op?.['x-readme'];
  const lists = [op?.['x-codeSamples'], op?.['x-code-samples'], isObject(readme) ? readme['code-samples'] : undefined];
  const out: VendorSample[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const s of list as unknown[]) {
      if (!isObject(s)) continue;
      const source = typeof s.source === 'string' ? s.source : typeof s.code === 'string' ? s.code : undefined;
      if (source === undefined || !source.trim()) continue;
      const lang = text(s.lang) ?? text(s.language);
      const label = text(s.label) ?? text(s.name);
      // The language decides; a label decides only when the language is missing or not one of ours.
      const language = ourLanguage(lang) ?? (lang && own(OTHER_LABEL, norm(lang)) ? undefined : ourLanguage(label));
      out.push({language, lang, label, source: source.replace(/\r\n?/g, '\n').replace(/\n+$/, '')});
    }
  }
  return out;
}

const OURS = new Map(SAMPLE_LANGUAGES.map((l) => [l.id, l]));

/** What the document wrote after the mark every tab of its gets when its label is one of ours. */
export const DOCUMENT_LABEL_SUFFIX = ' (API description)';

/**
 * A label as it is compared and shown: without control and invisible format characters (a
 * zero-width space or a right-to-left override would make "cURL" look like ours while differing).
 */
const visibleLabel = (label: string) =>
  label
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The tabs of an operation: our generated samples first, as they are, then the document's own
 * samples (one tab per distinct label), each marked `fromDocument`.
 */
export function mergeSamples(op: Operation | undefined, generated: CodeSample[]): CodeSample[] {
  const tabs: CodeSample[] = [...generated];
  const ids = new Set(generated.map((g) => g.id));
  const labels = new Set(generated.map((g) => norm(g.label)));
  /** Every name of ours, which a tab of the document's may not take. */
  const ourNames = new Set([...labels, ...SAMPLE_LANGUAGES.flatMap((l) => [norm(l.label), l.id])]);
  for (const s of vendorSamples(op)) {
    const ours = s.language ? OURS.get(s.language) : undefined;
    const given = visibleLabel(s.label ?? '');
    const lang = visibleLabel(s.lang ?? '');
    let label =
      given ||
      own(OTHER_LABEL, norm(lang)) ||
      (ours ? (ours.id === 'curl' && !/\bcurl\b/.test(s.source) ? 'Shell' : ours.label) : lang) ||
      `Sample ${tabs.length - generated.length + 1}`;
    if (ourNames.has(norm(label)) || ourLanguage(label)) label += DOCUMENT_LABEL_SUFFIX;
    if (labels.has(norm(label))) continue; // the same tab twice ("C#" and "csharp"): the first one stays
    const base = `doc-${slug(ours?.id ?? (lang || label))}`;
    let id = base;
    if (ids.has(id)) id = `${base}-${slug(label)}`;
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    // Highlighted when the highlighter knows the language, else escaped plain text.
    tabs.push({id, label, html: highlight(copyableText(s.source), ours?.prism ?? s.lang), fromDocument: true});
    ids.add(id);
    labels.add(norm(label));
  }
  return tabs;
}
