/**
 * One member of a JSON text (`["info", "version"]`), found without parsing the rest of it.
 *
 * Processes that need one small fact of a large document (its `info.version`: portal.config.ts,
 * loaded by every build process) used to `JSON.parse` all of it: for GitHub's dereferenced
 * document, 73 MB, about a second of CPU and hundreds of MB of heap in each process. This scanner
 * reads the text up to the member, skipping the values before it (strings with their escapes,
 * nested objects and arrays) without building them, and parses only the member's value.
 *
 * With duplicate keys the first one is taken (JSON.parse keeps the last). Malformed text before the
 * member throws a JsonScanError; the rest of the text is never looked at.
 */

export class JsonScanError extends Error {}

const WS = new Set([' ', '\t', '\n', '\r', '\uFEFF']);

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i]!)) i++;
  return i;
}

/** Index after the string that starts at `i` (a '"'). */
function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) throw new JsonScanError(`unterminated string at ${i}`);
    // The quote is escaped when an odd number of backslashes precede it.
    let b = q - 1;
    while (text.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** Index after the value that starts at `i`. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const d = text[j];
      if (d === '"') {
        j = skipString(text, j);
        continue;
      }
      if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    throw new JsonScanError(`unterminated ${c === '{' ? 'object' : 'array'} at ${i}`);
  }
  // A number, true, false or null: up to the next delimiter.
  let j = i;
  while (j < text.length && !WS.has(text[j]!) && text[j] !== ',' && text[j] !== '}' && text[j] !== ']') j++;
  if (j === i) throw new JsonScanError(`a value expected at ${i}`);
  return j;
}

function memberAt(text: string, start: number, keys: readonly string[]): unknown {
  let i = skipWs(text, start);
  if (text[i] !== '{') return undefined;
  i = skipWs(text, i + 1);
  if (text[i] === '}') return undefined;
  for (;;) {
    if (text[i] !== '"') throw new JsonScanError(`a member name expected at ${i}`);
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, keyEnd);
    if (text[i] !== ':') throw new JsonScanError(`":" expected at ${i}`);
    i = skipWs(text, i + 1);
    if (key === keys[0]) {
      if (keys.length > 1) return memberAt(text, i, keys.slice(1));
      return JSON.parse(text.slice(i, skipValue(text, i)));
    }
    i = skipWs(text, skipValue(text, i));
    if (text[i] === '}') return undefined;
    if (text[i] !== ',') throw new JsonScanError(`"," or "}" expected at ${i}`);
    i = skipWs(text, i + 1);
  }
}

/** The value at `keys` (object members only) of the JSON text, or undefined when a member is missing. */
export function jsonMember(text: string, keys: readonly string[]): unknown {
  if (keys.length === 0) throw new JsonScanError('no member named');
  return memberAt(text, 0, keys);
}
