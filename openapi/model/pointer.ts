/**
 * JSON pointers (RFC 6901), the one codec of the project. A pointer's tokens escape "~" as "~0"
 * and "/" as "~1"; in a `$ref` the pointer is a URI fragment, so its tokens are percent-encoded
 * as well ("#/paths/~1a~1%7Bid%7D" names the path "/a/{id}", RFC 6901 section 6).
 * Node-free: the pipeline, the generators and the pages import it.
 */

/** A key as a pointer token: "~" -> "~0", "/" -> "~1". */
export function escapeToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A pointer token as the key it names: "~1" -> "/", then "~0" -> "~" (in that order: "~01" is "~1"). */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * A token of a URI fragment (a `$ref`) as the key it names: percent-decoded, then unescaped. A
 * token that is not valid percent-encoding ("%zz", a lone "%") is read as written.
 */
export function fragmentToken(raw: string): string {
  let decoded = raw;
  if (raw.includes('%')) {
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = raw;
    }
  }
  return unescapeToken(decoded);
}

/**
 * The keys a local reference names, in order: "#/a~1b/c" -> ["a/b", "c"], "#" -> [] (the whole
 * document); undefined when `ref` is not a local reference (another document, a URL, no "#").
 */
export function localRefTokens(ref: string): string[] | undefined {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return undefined;
  return ref.slice(2).split('/').map(fragmentToken);
}

/** The pointer of a place, in the form a local `$ref` takes: "#/" and the escaped keys ("#" for the root). */
export function pointerOf(keys: readonly (string | number)[]): string {
  return keys.length === 0 ? '#' : `#/${keys.map(escapeToken).join('/')}`;
}
