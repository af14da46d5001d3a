/**
 * Build-time syntax highlighting with Prism: the browser receives finished token markup and
 * ships no highlighter or grammar for API code samples and examples.
 */
import Prism from 'prismjs';
import loadLanguages from 'prismjs/components/index';

const LANGUAGES = ['bash', 'json', 'python', 'go', 'java', 'csharp', 'php', 'ruby', 'http', 'markup', 'yaml', 'javascript', 'typescript'];
loadLanguages(LANGUAGES);

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  curl: 'bash',
  js: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  py: 'python',
  golang: 'go',
  cs: 'csharp',
  'c#': 'csharp',
  rb: 'ruby',
  xml: 'markup',
  html: 'markup',
  yml: 'yaml',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]!);
}

/**
 * Highlighted HTML for `code` (escaped plain text when the language is unknown). Prism's
 * `class="token keyword"` becomes `class="tk-keyword"`: shorter markup in every page's data.
 */
export function highlight(code: string, language: string | undefined): string {
  const lang = language ? (ALIASES[language.toLowerCase()] ?? language.toLowerCase()) : '';
  const grammar = lang ? Prism.languages[lang] : undefined;
  if (!grammar) return escapeHtml(code);
  return Prism.highlight(code, grammar, lang).replace(/class="token ([^"]*)"/g, (_, names: string) =>
    `class="${names.split(' ').filter(Boolean).map((n) => `tk-${n}`).join(' ')}"`,
  );
}

/** The language Prism uses for a media type's examples, if any. */
export function languageForMediaType(mediaType: string): string | undefined {
  if (/[/+]json\b/.test(mediaType)) return 'json';
  if (/[/+]xml\b/.test(mediaType)) return 'markup';
  if (/yaml/.test(mediaType)) return 'yaml';
  return undefined;
}
