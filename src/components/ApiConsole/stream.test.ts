import {test} from 'node:test';
import assert from 'node:assert/strict';
import {describedPartByPart, multipartBoundary, readStream, streamFormat, StreamParser, type StreamItem} from './stream';

/** Feeds the text in chunks of `size` characters and collects every item. */
function parse(parser: StreamParser, text: string, size: number): StreamItem[] {
  const items: StreamItem[] = [];
  for (let i = 0; i < text.length; i += size) items.push(...parser.push(text.slice(i, i + size)));
  return [...items, ...parser.end()];
}

test('streamFormat: the media types the console streams', () => {
  assert.equal(streamFormat('text/event-stream; charset=utf-8'), 'sse');
  assert.equal(streamFormat('application/jsonl'), 'lines');
  assert.equal(streamFormat('application/x-ndjson'), 'lines');
  assert.equal(streamFormat('application/json-seq'), 'json-seq');
  assert.equal(streamFormat('application/json'), undefined);
  assert.equal(streamFormat('multipart/mixed; boundary=batch_1'), 'multipart');
  assert.equal(streamFormat('multipart/related; boundary="a b:c"'), 'multipart');
  assert.equal(streamFormat('multipart/mixed'), undefined, 'no boundary: no parts to tell apart');
  assert.equal(streamFormat('multipart/form-data; boundary=x'), undefined, 'form data is a request body');
  assert.equal(multipartBoundary('multipart/mixed; charset=utf-8; boundary="a b:c"'), 'a b:c');
  assert.equal(multipartBoundary('multipart/mixed;BOUNDARY = xyz ; other=1'), 'xyz');
  assert.equal(describedPartByPart({mediaType: 'Multipart/Mixed', itemSchema: {}}), true);
  assert.equal(describedPartByPart({mediaType: 'multipart/mixed'}), false, 'no itemSchema: a whole answer');
  assert.equal(describedPartByPart({mediaType: 'multipart/form-data', itemSchema: {}}), false);
  assert.equal(describedPartByPart({mediaType: 'application/jsonl', itemSchema: {}}), false, 'not multipart');
});

test('multipart: one item per body part once the next delimiter arrives; preamble, padding and epilogue ignored; CRLF or LF', () => {
  const body =
    'a preamble to ignore\r\n--b1 \t\r\nContent-Type: application/json\r\nX-Part: 1\r\n\r\n{"batch":1}\r\n' +
    '--b1\r\ncontent-type:application/json; charset=utf-8\r\n\r\nnot json\r\n' +
    '--b1\r\n\r\nplain text\r\nof two lines\r\n' +
    '--b1\nContent-Type: text/csv\n\na,b\n' +
    '--b1--\r\nan epilogue\r\n--b1\r\n\r\nnot a part\r\n--b1--';
  for (const size of [1, 2, 7, 10_000]) {
    const items = parse(new StreamParser('multipart', false, 'b1'), body, size);
    assert.deepEqual(
      items.map((i) => [i.contentType, i.data, i.value ?? i.parseError?.slice(0, 14)]),
      [
        ['application/json', '{"batch":1}', {batch: 1}],
        ['application/json; charset=utf-8', 'not json', 'not valid JSON'],
        [undefined, 'plain text\r\nof two lines', 'plain text\r\nof two lines'],
        ['text/csv', 'a,b', 'a,b'],
      ],
      `chunk size ${size}`,
    );
  }
  // A body that opens with its delimiter; a part whose delimiter never comes is not an item.
  const open = parse(new StreamParser('multipart', false, 'x'), '--x\r\n\r\none\r\n--x\r\n\r\ntwo, unfinished', 4);
  assert.deepEqual(
    open.map((i) => i.data),
    ['one'],
  );
  // A large part in many chunks (only its new end is searched for the delimiter each time).
  const big = 'x'.repeat(100_000);
  for (const size of [1000, 4093]) {
    const items = parse(new StreamParser('multipart', false, 'edge'), `--edge\r\n\r\n${big}\r\n--edge\r\n\r\nsmall\r\n--edge--`, size);
    assert.deepEqual(
      items.map((i) => i.data.length),
      [100_000, 5],
      `chunk size ${size}`,
    );
  }
  // An empty part right before the close delimiter: the buffer starts with the line break before it.
  assert.deepEqual(
    parse(new StreamParser('multipart', false, 'q'), '--q\n\n--q--\n--q\n\nafter the end\n--q--', 2).map((i) => i.data),
    [''],
  );
  // A part is handed over when the delimiter after it has arrived, not before.
  const parser = new StreamParser('multipart', false, 'x');
  assert.deepEqual(parser.push('--x\r\n\r\none\r\n--'), []);
  assert.deepEqual(
    parser.push('x\r\n').map((i) => i.data),
    ['one'],
  );
});

test('SSE: events, ids, multi-line data, comments, CRLF, in chunks of any size', () => {
  const text =
    '\ufeff: a comment\r\nevent: reading\r\nid: 1\r\ndata: {"value":1}\r\n\r\nevent: heartbeat\ndata\n\ndata: a\ndata: b\nretry: 50\n\nid: 9\n\nevent: partial\ndata: never ends';
  for (const size of [1, 2, 5, 1000]) {
    const items = parse(new StreamParser('sse'), text, size);
    assert.deepEqual(
      items.map((i) => [i.event, i.id, i.data, i.retry]),
      [
        ['reading', '1', '{"value":1}', undefined],
        ['heartbeat', undefined, '', undefined],
        [undefined, undefined, 'a\nb', 50],
      ],
      `chunk size ${size}`,
    );
  }
});

test('SSE with JSON data: the value checked has the data parsed; data that is not JSON is flagged', () => {
  const items = parse(new StreamParser('sse', true), 'event: reading\ndata: {"v":2}\n\ndata: oops\n\n', 3);
  assert.deepEqual(items[0].value, {event: 'reading', data: {v: 2}});
  assert.equal(items[1].value, undefined);
  assert.match(items[1].parseError!, /data is not valid JSON/);
  // Without JSON data the event's data stays text.
  assert.deepEqual(parse(new StreamParser('sse'), 'data: {"v":2}\n\n', 4)[0].value, {data: '{"v":2}'});
});

test('JSON Lines and json-seq: one value per line or record, a last line without its break', () => {
  const lines = parse(new StreamParser('lines'), '{"a":1}\n\n{"a":2}\r\nnot json\n{"a":3}', 2);
  assert.deepEqual(
    lines.map((i) => i.value ?? i.parseError?.slice(0, 14)),
    [{a: 1}, {a: 2}, 'not valid JSON', {a: 3}],
  );
  const seq = parse(new StreamParser('json-seq'), '\x1e{"a":1}\n\x1e{"b":\n2}\n\x1e[3]\n', 3);
  assert.deepEqual(
    seq.map((i) => i.value),
    [{a: 1}, {b: 2}, [3]],
  );
});

test('readStream: items as each chunk arrives, before the stream ends; abort stops it', async () => {
  let push!: (s: string) => void;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (s) => controller.enqueue(encoder.encode(s));
    },
  });
  const seen: string[] = [];
  const controller = new AbortController();
  const done = readStream(body, new StreamParser('sse'), (items) => seen.push(...items.map((i) => i.data)), controller.signal);
  push('data: one\n\n');
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(seen, ['one'], 'the first event is handed over while the stream is open');
  push('data: tw');
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(seen, ['one']);
  push('o\n\n');
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(seen, ['one', 'two']);
  controller.abort();
  assert.equal(await done, 'stopped');
});
