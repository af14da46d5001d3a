/**
 * The tabs of an operation page's "Response example" panel: one per response that has something to
 * show, the success responses (2xx) first so that the panel opens on what the reader gets when the
 * call works, then the others in the document's order. A response whose body is a file (a PDF…)
 * with no example shows what arrives instead: its media type, the headers that describe the file
 * (Content-Disposition, Content-Length…) and a note that the body is the file itself.
 *
 * Plain functions, no React: the markup uses the token classes of the build-time highlighter
 * (plugins/api-pages/highlight.ts), so no highlighter runs in the browser. A file's markup is
 * made at build time too (plugins/api-pages/page-data.ts stores binaryExampleHtml's result as the
 * media type's `binaryHtml`): the page only orders the tabs.
 */
import type {ExampleData, MediaTypeData, ResponseData} from '../../../plugins/api-pages/client/page-data-format';

export interface ExampleTab {
  id: string;
  label: string;
  html: string;
}

/** Headers that describe a downloaded file, shown with a binary body when documented. */
const FILE_HEADERS = ['content-disposition', 'content-length', 'content-encoding', 'content-language'];

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;'})[c]!);

/** "application/pdf" -> "PDF file"; "image/png" -> "PNG image"; anything else: "file (<media type>)". */
export function fileKind(mediaType: string): string {
  const [type = '', sub = ''] = mediaType.toLowerCase().split(';')[0]!.trim().split('/');
  const name = /^[a-z0-9]{2,5}$/.test(sub) && sub !== 'octet' ? sub.toUpperCase() : '';
  if (type === 'image' && name) return `${name} image`;
  if (type === 'audio' && name) return `${name} audio file`;
  if (type === 'video' && name) return `${name} video`;
  return name ? `${name} file` : 'file';
}

const headerValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The panel's markup for a response whose body is a file. */
export function binaryExampleHtml(response: ResponseData, media: MediaTypeData): string {
  const lines = [`<span class=k>Content-Type</span>: ${escapeText(media.mediaType)}`];
  for (const h of response.headers) {
    if (!FILE_HEADERS.includes(h.name.toLowerCase())) continue;
    const value = h.example !== undefined ? headerValue(h.example) : '…';
    lines.push(`<span class=k>${escapeText(h.name)}</span>: ${escapeText(value)}`);
  }
  lines.push('', `<span class=c>${escapeText(`<binary body: the ${fileKind(media.mediaType)} itself, a file download>`)}</span>`);
  return lines.join('\n');
}

/** The panel's tabs: success first, each response's first media type that has an example or is a file. */
export function responseExamples(responses: readonly ResponseData[]): ExampleTab[] {
  const tabs: (ExampleTab & {success: boolean})[] = [];
  for (const r of responses) {
    const media = r.content.find((m) => m.exampleHtml || m.binaryHtml);
    if (!media) continue;
    tabs.push({id: r.status, label: r.status, html: (media.exampleHtml ?? media.binaryHtml)!, success: /^2/.test(r.status)});
  }
  // A stable partition: 2xx in document order, then the rest in document order.
  return [...tabs.filter((t) => t.success), ...tabs.filter((t) => !t.success)].map(({success: _s, ...tab}) => tab);
}

/**
 * A body's named examples with each one's HTML: the page data leaves the first one's out when it
 * is the body's `exampleHtml` (plugins/api-pages/page-data.ts namedExamples). Empty when the body
 * has no named examples worth listing.
 */
export function exampleEntries(media: MediaTypeData): ExampleData[] {
  return (media.examples ?? []).map((e, i) =>
    i === 0 && e.html === undefined && !e.externalValue && media.exampleHtml !== undefined ? {...e, html: media.exampleHtml} : e,
  );
}

/** What a streamed body is, in words: the sentence above its item schema. */
export function streamIntro(media: MediaTypeData): string {
  switch (media.stream) {
    case 'sse':
      return 'Server-sent events: the response is a stream, each event is:';
    case 'json-seq':
      return 'A stream of JSON texts (RFC 7464 JSON sequence), each one is:';
    case 'multipart':
      return 'A stream of parts (multipart), each part is:';
    default:
      return 'A stream of JSON texts, one per line, each one is:';
  }
}
