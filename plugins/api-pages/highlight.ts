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
 * Prism token types folded into the few colours the portal's code theme uses (src/css/api.css).
 * Everything else (punctuation, operators, plain identifiers) is left as text in the base colour,
 * which halves the markup every API page carries.
 */
const COLOUR: Record<string, string> = {
  comment: 'c',
  prolog: 'c',
  doctype: 'c',
  cdata: 'c',
  keyword: 'k',
  boolean: 'k',
  important: 'k',
  builtin: 'k',
  atrule: 'k',
  tag: 'k',
  null: 'k',
  nil: 'k',
  string: 's',
  char: 's',
  'attr-value': 's',
  regex: 's',
  url: 's',
  'template-string': 's',
  number: 'n',
  constant: 'n',
  symbol: 'n',
  function: 'f',
  'class-name': 'f',
  property: 'p',
  'attr-name': 'p',
  variable: 'p',
  parameter: 'p',
  'literal-property': 'p',
};

function colourOf(token: Prism.Token): string | undefined {
  const names = [token.type, ...(Array.isArray(token.alias) ? token.alias : token.alias ? [token.alias] : [])];
  for (const n of names) if (COLOUR[n]) return COLOUR[n];
  return undefined;
}

/** Escapes text content (quotes need no escaping outside attributes). */
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;'})[c]!);

function render(stream: Prism.TokenStream, inherited?: string): string {
  if (typeof stream === 'string') return escapeText(stream);
  if (Array.isArray(stream)) return stream.map((t) => render(t, inherited)).join('');
  const colour = colourOf(stream);
  const inner = render(stream.content, colour ?? inherited);
  return colour && colour !== inherited ? `<span class=${colour}>${inner}</span>` : inner;
}

/** Highlighted HTML for `code` (escaped plain text when the language is unknown). */
export function highlight(code: string, language: string | undefined): string {
  const name = typeof language === 'string' ? language.toLowerCase() : '';
  // Language names come from the document (fences, vendor samples): only own entries count, so
  // "constructor" or Prism's helpers ("extend", "insertBefore") are unknown languages, not grammars.
  const lang = Object.hasOwn(ALIASES, name) ? ALIASES[name] : name;
  const grammar = lang && Object.hasOwn(Prism.languages, lang) ? Prism.languages[lang] : undefined;
  if (!grammar || typeof grammar !== 'object') return escapeText(code);
  return render(Prism.tokenize(code, grammar));
}

/** The language Prism uses for a media type's examples, if any. */
export function languageForMediaType(mediaType: string): string | undefined {
  if (/[/+]json\b/.test(mediaType)) return 'json';
  if (/[/+]xml\b/.test(mediaType)) return 'markup';
  if (/yaml/.test(mediaType)) return 'yaml';
  return undefined;
}
