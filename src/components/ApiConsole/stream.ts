/**
 * Streamed responses (OpenAPI 3.2 `itemSchema`): the console reads them with a stream reader and
 * shows each item as it arrives. The parsers here take text as it comes, in chunks of any size,
 * and hand back the items each chunk completes:
 * - `text/event-stream`: server-sent events as the HTML standard's parser reads them (fields
 *   `event`, `data` (lines joined with "\n"), `id`, `retry`; comments and unknown fields ignored;
 *   a blank line ends an event; an event without data is not dispatched);
 * - `application/jsonl`, `application/x-ndjson`: one JSON value per line;
 * - `application/json-seq` (RFC 7464): records that start with RS (0x1E);
 * - `multipart/mixed` and the other multipart types but form data (RFC 2046), with the boundary
 *   the Content-Type names: one item per body part, complete once the next delimiter arrives.
 * Each item carries the value its check sees: for SSE the event as an object (`data` parsed as
 * JSON when the item schema's `data` says its content is JSON), for a body part its text (parsed
 * when its Content-Type is JSON), for the others the parsed line.
 */

export type StreamFormat = 'sse' | 'lines' | 'json-seq' | 'multipart';

/** The stream format of a response's Content-Type, or undefined when it is not one the console streams. */
export function streamFormat(contentType: string): StreamFormat | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'text/event-stream') return 'sse';
  if (type === 'application/jsonl' || type === 'application/x-ndjson' || type === 'application/x-jsonlines') return 'lines';
  if (type === 'application/json-seq') return 'json-seq';
  if (isPartStreamType(type) && multipartBoundary(contentType) !== undefined) return 'multipart';
  return undefined;
}

/** A multipart type read part by part: any but form data (a request body). */
const isPartStreamType = (type: string) => type.startsWith('multipart/') && type !== 'multipart/form-data';

/** Whether a documented response media type is a multipart answer described part by part (3.2 `itemSchema`). */
export const describedPartByPart = (media: {mediaType: string; itemSchema?: unknown}): boolean =>
  media.itemSchema !== undefined && isPartStreamType(media.mediaType.split(';')[0].trim().toLowerCase());

/** The `boundary` parameter of a multipart Content-Type (quoted or not), or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

export interface StreamItem {
  /** 0 for the first item. */
  index: number;
  /** SSE only. */
  event?: string;
  id?: string;
  retry?: number;
  /** A multipart body part's Content-Type, when it has one. */
  contentType?: string;
  /** The item's text: an event's data, a line, a record, a body part's content. */
  data: string;
  /** The value checked against the item schema (unset when the text did not parse). */
  value?: unknown;
  /** Why the text could not be read as the item schema expects (not JSON). */
  parseError?: string;
}

/** Reads a stream's text chunk by chunk. `sseDataJson`: an SSE event's data is JSON (the item schema says so). */
export class StreamParser {
  private buffer = '';
  private count = 0;
  private event: {event?: string; id?: string; retry?: number; data: string[]} = {data: []};
  private first = true;
  /** Multipart: before the first delimiter, inside the parts, or after the close delimiter. */
  private section: 'preamble' | 'parts' | 'epilogue' = 'preamble';
  /** Multipart: the delimiter after a line break, and where in the buffer the next search starts. */
  private delimiter?: RegExp;
  private scanned = 0;

  /** `boundary`: the multipart boundary (multipartBoundary of the response's Content-Type). */
  constructor(
    private readonly format: StreamFormat,
    private readonly sseDataJson = false,
    private readonly boundary: string | undefined = undefined,
  ) {}

  /** The items this chunk completes. */
  push(chunk: string): StreamItem[] {
    this.buffer += chunk;
    if (this.first && this.buffer.length) {
      // A UTF-8 byte order mark at the start is not part of the text.
      if (this.buffer.charCodeAt(0) === 0xfeff) this.buffer = this.buffer.slice(1);
      this.first = false;
    }
    return this.format === 'json-seq' ? this.records(false) : this.format === 'multipart' ? this.parts() : this.lines(false);
  }

  /**
   * The items left when the stream ends (a last line without its line break). A body part still
   * open (no delimiter after it) is not an item: like an SSE event without its blank line.
   */
  end(): StreamItem[] {
    if (this.format === 'multipart') return [];
    return this.format === 'json-seq' ? this.records(true) : this.lines(true);
  }

  /**
   * Multipart: a delimiter is "--boundary" at the start of a line; the line break before it belongs
   * to it, not to the part before. "--boundary--" closes the body; what follows is ignored.
   */
  private parts(): StreamItem[] {
    if (!this.boundary) return [];
    const dash = `--${this.boundary}`;
    // "\r\n--boundary", or "\n--boundary" from a lenient server.
    this.delimiter ??= new RegExp(`\\r?\\n${dash.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g');
    const items: StreamItem[] = [];
    for (;;) {
      if (this.section === 'epilogue') {
        this.buffer = '';
        break;
      }
      // Before the first part, the delimiter may open the body without a line break before it.
      let at = 0;
      if (this.section !== 'preamble' || !this.buffer.startsWith(dash)) {
        // A large part arrives in many chunks: only its new end is searched again.
        this.delimiter.lastIndex = this.scanned;
        at = this.delimiter.exec(this.buffer)?.index ?? -1;
      }
      if (at < 0) {
        this.scanned = Math.max(0, this.buffer.length - dash.length - 2);
        break;
      }
      const start = at + (this.buffer.startsWith('\r\n', at) ? 2 : this.buffer.startsWith('\n', at) ? 1 : 0);
      // The rest of the delimiter's line ("--" closing, transport padding) must have arrived.
      const lineEnd = this.buffer.indexOf('\n', start + dash.length);
      const closing = this.buffer.startsWith(`${dash}--`, start);
      if (lineEnd < 0 && !closing) {
        this.scanned = at;
        break;
      }
      if (this.section === 'parts') items.push(this.part(this.buffer.slice(0, at)));
      this.section = closing ? 'epilogue' : 'parts';
      this.buffer = closing ? '' : this.buffer.slice(lineEnd + 1);
      this.scanned = 0;
    }
    return items;
  }

  /** One body part: its headers up to the first blank line, then its content. */
  private part(text: string): StreamItem {
    const blank = /\r?\n\r?\n/.exec(text);
    const noHeaders = /^\r?\n/.test(text);
    const head = noHeaders || !blank ? '' : text.slice(0, blank.index);
    const data = noHeaders ? text.replace(/^\r?\n/, '') : blank ? text.slice(blank.index + blank[0].length) : text;
    const contentType = /^content-type[ \t]*:[ \t]*(.*)$/im.exec(head)?.[1]?.trim();
    const item: StreamItem = {index: this.count++, data, ...(contentType ? {contentType} : {})};
    // RFC 2046: a part without a Content-Type is text/plain; its value is its text.
    if (contentType && /[/+]json\b/i.test(contentType)) return this.parsed(item, data);
    item.value = data;
    return item;
  }

  private lines(final: boolean): StreamItem[] {
    const items: StreamItem[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      // A lone "\r" at the end may be the first half of "\r\n": wait for the next chunk.
      if (!m || (m[0] === '\r' && m.index === this.buffer.length - 1 && !final)) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const item = this.format === 'sse' ? this.sseLine(line) : this.jsonLine(line);
      if (item) items.push(item);
    }
    if (final && this.buffer !== '') {
      const rest = this.buffer;
      this.buffer = '';
      // A stream that ends without a blank line: an SSE event in progress is dropped (the standard's rule).
      if (this.format === 'lines') {
        const item = this.jsonLine(rest);
        if (item) items.push(item);
      }
    }
    return items;
  }

  private jsonLine(line: string): StreamItem | undefined {
    if (line.trim() === '') return undefined;
    return this.parsed({index: this.count++, data: line}, line);
  }

  private records(final: boolean): StreamItem[] {
    const parts = this.buffer.split('\x1e');
    // The text after the last RS is a whole record once it ends with its LF and parses (or the stream ended).
    const last = parts.pop()!;
    let complete = final;
    if (!complete && last.endsWith('\n')) {
      try {
        JSON.parse(last);
        complete = true;
      } catch {
        // not yet
      }
    }
    if (complete) parts.push(last);
    this.buffer = complete ? '' : `${parts.length || this.buffer.startsWith('\x1e') ? '\x1e' : ''}${last}`;
    const items: StreamItem[] = [];
    for (const part of parts) {
      if (part.trim() === '') continue;
      items.push(this.parsed({index: this.count++, data: part.replace(/\n$/, '')}, part));
    }
    return items;
  }

  private sseLine(line: string): StreamItem | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.event.data.push(value);
    else if (field === 'event') this.event.event = value;
    else if (field === 'id' && !value.includes('\0')) this.event.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.event.retry = Number(value);
    return undefined;
  }

  private dispatch(): StreamItem | undefined {
    const e = this.event;
    this.event = {data: []};
    if (!e.data.length) return undefined;
    const data = e.data.join('\n');
    const item: StreamItem = {index: this.count++, data};
    if (e.event !== undefined) item.event = e.event;
    if (e.id !== undefined) item.id = e.id;
    if (e.retry !== undefined) item.retry = e.retry;
    const value: Record<string, unknown> = {data};
    if (e.event !== undefined) value.event = e.event;
    if (e.id !== undefined) value.id = e.id;
    if (e.retry !== undefined) value.retry = e.retry;
    if (this.sseDataJson) {
      try {
        value.data = JSON.parse(data);
      } catch (err) {
        item.parseError = `its data is not valid JSON (${(err as Error).message}), but the description says it is JSON`;
        return item;
      }
    }
    item.value = value;
    return item;
  }

  private parsed(item: StreamItem, text: string): StreamItem {
    try {
      item.value = JSON.parse(text);
    } catch (err) {
      item.parseError = `not valid JSON (${(err as Error).message})`;
    }
    return item;
  }
}

/**
 * Reads a response body to its end (or until `signal` aborts), handing over the items of each
 * chunk as it arrives. Resolves with 'ended' or 'stopped'.
 */
export async function readStream(
  body: ReadableStream<Uint8Array>,
  parser: StreamParser,
  onItems: (items: StreamItem[]) => void,
  signal?: AbortSignal,
): Promise<'ended' | 'stopped'> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, {once: true});
  try {
    for (;;) {
      if (signal?.aborted) return 'stopped';
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (signal?.aborted) return 'stopped';
        throw e;
      }
      if (chunk.done) {
        if (signal?.aborted) return 'stopped';
        const rest = parser.push(decoder.decode());
        const last = [...rest, ...parser.end()];
        if (last.length) onItems(last);
        return 'ended';
      }
      const items = parser.push(decoder.decode(chunk.value, {stream: true}));
      if (items.length) onItems(items);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
