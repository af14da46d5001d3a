import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {CONTROL_CHARACTERS, copyableText, hasControlCharacters} from './copyable-text';
import {shellQuote} from './shell-quote';

/** One of each kind the gate stops, and what stays. */
const STOPPED = [
  '\0',
  '\x07',
  '\b',
  '\x0B',
  '\f',
  '\r',
  '\x15',
  '\x1B',
  '\x1F',
  '\x7F',
  '\x80',
  '\x85',
  '\x9B',
  '\x9F',
  '\u061C',
  '\u200E',
  '\u200F',
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202E',
  '\u2066',
  '\u2069',
];
const KEPT = ['\t', '\n', ' ', 'a', 'é', '\u00A0', '\u200B', '😀', 'שלום', '\uFEFF'];

test('copyableText: every control character becomes a visible \\uXXXX escape; tab, line feed and other text stay', () => {
  for (const c of STOPPED) {
    assert.ok(hasControlCharacters(`a${c}b`), JSON.stringify(c));
    assert.equal(copyableText(`a${c}b`), `a\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}b`);
  }
  for (const c of KEPT) {
    assert.ok(!hasControlCharacters(c), JSON.stringify(c));
    assert.equal(copyableText(`a${c}b`), `a${c}b`);
  }
  assert.equal(copyableText('one\r\ntwo\rthree'), 'one\ntwo\\u000Dthree', 'CRLF is a line end; a lone CR is shown');
  const pasted = '\u0015\u001b[201~; touch PWNED\r\u001b[200~';
  assert.equal(copyableText(pasted), '\\u0015\\u001B[201~; touch PWNED\\u000D\\u001B[200~');
  assert.equal(copyableText(copyableText(pasted)), copyableText(pasted), 'idempotent');
  assert.ok(CONTROL_CHARACTERS.global, 'one global pattern, reused');
  assert.ok(!hasControlCharacters(copyableText(STOPPED.join(''))));
});

test('shellQuote: bash reads each word back exactly, and the word holds no raw control character or tab', () => {
  const texts = [
    'plain',
    "it's",
    'a\tb',
    '\u0015\u001b[201~; touch PWNED\r\n',
    '!x \\ \' " $HOME `id` $(id)',
    'bidi \u202E and C1 \u0085 and DEL \u007f',
    '😀 é',
    'line\nbreak',
  ];
  for (const text of texts) {
    const word = shellQuote(text);
    assert.ok(!hasControlCharacters(word) && !word.includes('\t'), `${JSON.stringify(text)} -> ${JSON.stringify(word)}`);
    const r = spawnSync('bash', ['-c', `printf %s ${word}`], {encoding: 'buffer'});
    assert.equal(r.status, 0, r.stderr.toString());
    assert.ok(r.stdout.equals(Buffer.from(text)), `${JSON.stringify(text)}: bash read ${JSON.stringify(r.stdout.toString())} from ${word}`);
  }
  assert.equal(shellQuote("it's"), `'it'\\''s'`, 'printable text stays single-quoted');
  assert.equal(shellQuote('a\u0015b!'), `$'a\\x15b\\x21'`);
});
