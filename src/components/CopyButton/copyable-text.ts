/**
 * What text the portal lets a reader copy, or writes for them to copy (code samples, Markdown
 * twins, llms-full.txt, the Copy buttons, the console's request as curl): never a raw control
 * character. Text from an OpenAPI document can hold any character; pasted into a terminal, a
 * Ctrl-U (U+0015) erases the line typed so far, an ESC starts a terminal sequence (ESC [201~ ends
 * bracketed paste early, so the rest runs as typed), a carriage return goes back to the line's
 * start; bidirectional overrides make code read differently from how it runs ("Trojan Source").
 *
 * Client-safe (no Node imports): the build (plugins/api-pages/code-samples.ts, plugins/agent-docs)
 * and the browser (../CopyButton, ../ApiConsole) import the same module. Quoting for a shell is in
 * ./shell-quote (the console and the samples need it, the Copy buttons of every page do not).
 */

/**
 * The characters copied or generated text never carries raw: C0 controls but tab and line feed,
 * DEL, C1 controls (U+0080-U+009F), the line and paragraph separators (U+2028, U+2029: a line
 * break to some tools, none to others) and Unicode's bidirectional controls (U+061C, U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069).
 */
export const CONTROL_CHARACTERS = /[\0-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** Whether `text` holds one of CONTROL_CHARACTERS. */
export const hasControlCharacters = (text: string): boolean => new RegExp(CONTROL_CHARACTERS.source).test(text);

/** The character's code as four upper-case hex digits ("\u0015" -> "0015"). */
export const hex4 = (c: string): string => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

/**
 * The one gate for text that leaves the portal to be pasted somewhere: every character of
 * CONTROL_CHARACTERS becomes a visible escape (`\u0015`), a CRLF line end becomes LF. Text that has
 * none comes back unchanged, so code samples (which write these characters as escapes of their
 * language inside string literals) pass through as they are.
 */
export function copyableText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(CONTROL_CHARACTERS, (c) => `\\u${hex4(c)}`);
}
