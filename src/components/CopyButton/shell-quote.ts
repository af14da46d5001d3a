/**
 * Shell quoting for the code samples' curl (plugins/api-pages/code-samples.ts) and the console's
 * "copy as curl" (../ApiConsole/preview.ts). Apart from ./copyable-text, which every Copy button
 * loads, so that pages without a console or samples do not carry it.
 */
import {CONTROL_CHARACTERS, hasControlCharacters} from './copyable-text';

/**
 * Text as one shell word (bash, zsh, ksh) that carries it exactly: single-quoted (nothing is
 * special there but ' itself), or, when it holds a control character or a tab, ANSI-C quoted
 * ($'...') with each of those written as \xHH escapes of its UTF-8 bytes, so that pasted into a
 * terminal the word holds no raw control character (a Ctrl-U, an ESC ending bracketed paste, a
 * carriage return) and no tab (completion). Inside $'...' the quote, the backslash and "!" (history
 * expansion, which reads $'...' in its own way) are escapes too. For the code samples' curl and a
 * console's "copy as curl" alike.
 */
export function shellQuote(text: string): string {
  if (!hasControlCharacters(text) && !text.includes('\t')) return `'${text.replace(/'/g, `'\\''`)}'`;
  const encoder = new TextEncoder();
  const bytes = (c: string) => Array.from(encoder.encode(c), (b) => `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  return `$'${text.replace(/[\\'!\t]/g, bytes).replace(CONTROL_CHARACTERS, bytes)}'`;
}
