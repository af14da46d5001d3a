/**
 * The file name a downloaded response is saved under: the one the server's Content-Disposition
 * gives (RFC 6266: `filename*=UTF-8''…` first, then `filename=`), made safe for any file system,
 * else the portal's own name. The name comes from the server, so it is treated as hostile: only
 * its last path segment counts, control and bidi characters and the characters Windows forbids
 * are removed, leading dots (hidden files, "..") and trailing dots and spaces are dropped,
 * Windows device names are refused, and it is cut to MAX_NAME characters keeping its extension.
 */

export const MAX_NAME = 100;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/gu;
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** The file name parameter of a Content-Disposition header, decoded, or undefined. */
export function dispositionName(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^';\s]*)'[^']*'([^;]*)/i.exec(header);
  if (extended) {
    try {
      const bytes = decodeURIComponent(extended[2].trim());
      if (/^(utf-8|)$/i.test(extended[1])) return bytes;
      // ISO-8859-1: each %XX is one character.
      return unescape(extended[2].trim());
    } catch {
      // malformed: fall back to filename=
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  return token?.[1];
}

/** `name` made safe to save, or undefined when nothing usable is left. */
export function safeFileName(name: string): string | undefined {
  let n = name.split(/[/\\]/).pop() ?? '';
  n = n.replace(UNSAFE, '').trim();
  n = n.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (!n || DEVICE.test(n)) return undefined;
  const chars = [...n];
  if (chars.length > MAX_NAME) {
    const dot = n.lastIndexOf('.');
    const ext = dot > 0 && n.length - dot <= 12 ? n.slice(dot) : '';
    n = [...n.slice(0, n.length - ext.length)].slice(0, MAX_NAME - [...ext].length).join('') + ext;
  }
  return n;
}

/** The name to save a response under: Content-Disposition's, made safe, else `fallback`. */
export function downloadName(contentDisposition: string | null | undefined, fallback: string): string {
  const given = dispositionName(contentDisposition);
  return (given !== undefined ? safeFileName(given) : undefined) ?? fallback;
}
