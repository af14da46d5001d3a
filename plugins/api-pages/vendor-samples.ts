/**
 * Code samples an operation brings itself (`x-codeSamples`, `x-code-samples`, ReadMe's
 * `x-readme.code-samples`) come first on its page; our generated samples fill in the languages the
 * document has none for. Vendor labels and language names are mapped onto our languages ("Shell",
 * "bash" → cURL; "Node", "js" → JavaScript; "C#", "dotnet" → C#…) so no language shows twice;
 * a language we do not generate keeps a tab of its own.
 *
 * A sample's source is untrusted text: it is only ever highlighted (escaped) into HTML, never run
 * or inserted as markup.
 */
import type {CodeSample} from '../../src/components/ApiOperation/types';
import {highlight} from './highlight';
import {SAMPLE_LANGUAGES} from './code-samples';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

/** Names (lower case) that mean one of our generated languages. */
const OUR_LANGUAGE: Record<string, string> = {
  curl: 'curl', shell: 'curl', bash: 'curl', sh: 'curl', zsh: 'curl',
  javascript: 'javascript', js: 'javascript', node: 'javascript', nodejs: 'javascript', 'node.js': 'javascript', 'node js': 'javascript',
  python: 'python', py: 'python', python3: 'python',
  go: 'go', golang: 'go',
  java: 'java',
  csharp: 'csharp', 'c#': 'csharp', cs: 'csharp', dotnet: 'csharp', '.net': 'csharp', 'c sharp': 'csharp',
  php: 'php',
  ruby: 'ruby', rb: 'ruby',
};

/** Display names for common languages we do not generate (else the name as the document gives it). */
const OTHER_LABEL: Record<string, string> = {
  typescript: 'TypeScript', ts: 'TypeScript', http: 'HTTP', httpie: 'HTTPie', powershell: 'PowerShell', swift: 'Swift',
  kotlin: 'Kotlin', rust: 'Rust', 'objective-c': 'Objective-C', objc: 'Objective-C', dart: 'Dart', elixir: 'Elixir',
  scala: 'Scala', perl: 'Perl', c: 'C', 'c++': 'C++', cpp: 'C++', r: 'R', clojure: 'Clojure', ocaml: 'OCaml', json: 'JSON',
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

const text = (v: Json): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export interface VendorSample {
  /** Our language id, or undefined for a language we do not generate. */
  language?: string;
  lang?: string;
  label?: string;
  source: string;
}

/** The operation's own samples in document order, in one shape; entries without source are skipped. */
export function vendorSamples(op: Json): VendorSample[] {
  const lists = [op?.['x-codeSamples'], op?.['x-code-samples'], op?.['x-readme']?.['code-samples']];
  const out: VendorSample[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const s of list) {
      if (!s || typeof s !== 'object') continue;
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

/**
 * The tabs of an operation: its own samples first (one tab per distinct label), then our
 * generated samples for every language it has none for.
 */
export function mergeSamples(op: Json, generated: CodeSample[]): CodeSample[] {
  const tabs: CodeSample[] = [];
  const ids = new Set<string>();
  const labels = new Set<string>();
  const covered = new Set<string>();
  for (const s of vendorSamples(op)) {
    const ours = s.language ? OURS.get(s.language) : undefined;
    // A label that only names the language ("Curl", "Node") gives way to our name for it; a
    // label of its own ("Python (requests)", "Stripe CLI") is kept as given.
    const customLabel = s.label && !ourLanguage(s.label) && !own(OTHER_LABEL, norm(s.label)) ? s.label : undefined;
    let label: string;
    if (customLabel) label = customLabel;
    else if (ours) label = ours.id === 'curl' && !/\bcurl\b/.test(s.source) ? 'Shell' : ours.label;
    else label = own(OTHER_LABEL, norm(s.lang ?? s.label ?? '')) ?? s.label ?? s.lang ?? `Sample ${tabs.length + 1}`;
    if (labels.has(norm(label))) continue; // the same tab twice ("C#" and "csharp"): the first one stays
    let id = ours?.id ?? slug(s.lang ?? label);
    if (ids.has(id)) id = `${id}-${slug(label)}`;
    for (let n = 2; ids.has(id); n++) id = `${ours?.id ?? slug(s.lang ?? label)}-${n}`;
    // Highlighted when the highlighter knows the language, else escaped plain text.
    tabs.push({id, label, html: highlight(s.source, ours?.prism ?? s.lang)});
    ids.add(id);
    labels.add(norm(label));
    if (ours) covered.add(ours.id);
  }
  for (const g of generated) {
    if (covered.has(g.id) || ids.has(g.id) || labels.has(norm(g.label))) continue;
    tabs.push(g);
    ids.add(g.id);
  }
  return tabs;
}
