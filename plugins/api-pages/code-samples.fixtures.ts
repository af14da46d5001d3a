/**
 * Hostile document text for the code-sample tests (code-samples.test.ts and
 * code-samples.toolchains.test.ts): every field of a SampleRequest that comes from the OpenAPI
 * document is filled with text that would run a command, expand a variable, interpolate or end a
 * literal or heredoc early if a generator let it through unquoted.
 */
import type {SampleRequest} from './code-samples';

/** Set in the samples' environment: it must never show up in a request (document text never expands). */
export const CANARY_VAR = 'SAMPLE_CANARY';
export const CANARY_VALUE = 'canary-leaked-8d1f';

export const PAYLOADS: string[] = [
  `it's "quoted" and 'single' and \\back\\slash\\`,
  '$(touch PWNED)',
  '`touch PWNED`',
  `'; touch PWNED; echo '`,
  `"; touch PWNED; echo "`,
  `$${CANARY_VAR} \${${CANARY_VAR}} %${CANARY_VAR}% $HOME`,
  `#{File.write('PWNED', '')} #{ENV['${CANARY_VAR}']} #$${CANARY_VAR} #@x`,
  '${{7*7}} {0} %s %d %(x)s {{x}}',
  '<?php touch("PWNED"); ?> <<<EOT',
  'line one\nBODY\nBODY;\n  BODY\nEOF\nBODY_2\nEOT\n"""\n\'\'\'\n__END__\nlast line',
  '"""',
  '""""',
  'ends with a quote"',
  'ends with a backslash \\',
  '\\u0022 \\n \\x41 \\0 \\\\ \\" \\s',
  '  leading and trailing blanks  ',
  '\ttabs\t',
  'crlf\r\nand cr\ralone',
  'emoji 😀👩‍👩‍👧 and RTL \u202Eשלום مرحبا\u202C zero\u200Bwidth',
  'BOM \uFEFF LS \u2028 PS \u2029 NEL \u0085 VT \u000B FF \f ideographic\u3000',
  'ESC \u001b[31m DEL \u007f BEL \u0007',
  // Pasted into a terminal: Ctrl-U erases the line typed so far, ESC [201~ ends bracketed paste,
  // a carriage return goes back to the line's start; C1 and bidirectional controls disguise text.
  '\u0015\u001b[201~; touch PWNED; echo \u001b[200~\r\u009b\u0085\u2066\u2069\u200f\u061c',
  'NUL \0 inside',
  '!history !! *?[glob]{a,b}~ & | ; < > ( ) @file',
  '@/etc/passwd',
  '-d @/etc/passwd',
];

/** Environment of the samples in the tests: the credentials, and the canary. */
export const SAMPLE_ENV: Record<string, string> = {
  API_USERNAME: 'env-user',
  API_PASSWORD: 'env pass:word',
  API_TOKEN: 'env-token',
  HEADER_KEY: 'env-header-key',
  QUERY_KEY: 'env-query-key',
  QUERY_KEY_2: 'env-query-key-2',
  COOKIE_KEY: 'env-cookie-key',
  [CANARY_VAR]: CANARY_VALUE,
};

/**
 * A request with `text` in every field that comes from the document: server URL and path, query
 * names and values, header names and values, API-key names, media types, body, and the name the
 * response file would take (the operationId).
 */
export function hostileRequest(text: string, body: 'json' | 'text' | 'none', auth: 'basic' | 'bearer' = 'basic'): SampleRequest {
  const req: SampleRequest = {
    method: body === 'none' ? 'get' : 'post',
    url: `https://api.example.com/${text}/v1/things/${text}`,
    query: [
      [text, text],
      ['plain', text],
      [text, 'repeated'],
    ],
    headers: [
      [`X-${text}`, text],
      ['X-Plain', text],
    ],
    cookies: [
      [text, text],
      ['plain', text],
    ],
    auth: {
      headers: [{name: `X-Key-${text}`, envVar: 'HEADER_KEY'}],
      query: [
        {name: text, envVar: 'QUERY_KEY'},
        {name: 'key2', envVar: 'QUERY_KEY_2'},
      ],
      cookies: [{name: `session-${text}`, envVar: 'COOKIE_KEY'}],
      ...(auth === 'basic' ? {basic: {userVar: 'API_USERNAME', passwordVar: 'API_PASSWORD'}} : {bearer: {tokenVar: 'API_TOKEN'}}),
    },
    accept: `application/${text}`,
    download: {name: text},
  };
  if (body === 'json')
    req.body = {
      mediaType: `application/json; x="${text}"`,
      value: {[text]: text, list: [text, 1, true, null], nested: Object.fromEntries([['__proto__', text]])},
    };
  if (body === 'text') req.body = {mediaType: `text/${text}`, value: text};
  return req;
}

/** Every payload in every field, with each kind of body and both kinds of auth. */
export function hostileRequests(): {name: string; req: SampleRequest}[] {
  const out: {name: string; req: SampleRequest}[] = [];
  PAYLOADS.forEach((p, i) => {
    out.push({name: `payload ${i} json body`, req: hostileRequest(p, 'json')});
    out.push({name: `payload ${i} text body`, req: hostileRequest(p, 'text', 'bearer')});
    out.push({name: `payload ${i} no body`, req: hostileRequest(p, 'none')});
  });
  return out;
}
