/**
 * Request code samples, written at build time for each operation in several languages and
 * highlighted there: the browser gets static HTML and never runs a code generator.
 */
import type {CodeSample} from '../../src/components/ApiOperation/types';
import {highlight} from './highlight';

export interface SampleAuth {
  /** HTTP Basic: username and password read from these environment variables. */
  basic?: {userVar: string; passwordVar: string};
  bearer?: {tokenVar: string};
  /** API keys sent as headers, their values read from environment variables. */
  headers: {name: string; envVar: string}[];
  /** API keys sent as query parameters. */
  query: {name: string; envVar: string}[];
}

export interface SampleRequest {
  method: string;
  /** Absolute URL without the query string, path parameters already filled in. */
  url: string;
  query: [string, string][];
  headers: [string, string][];
  auth: SampleAuth;
  body?: {mediaType: string; value: unknown};
  /** Media type of the success response, e.g. application/json or application/pdf. */
  accept?: string;
  /** File name to save a binary response to. */
  saveAs?: string;
}

const isJson = (mediaType: string) => /[/+]json\b/.test(mediaType);

function bodyText(body: NonNullable<SampleRequest['body']>): string {
  return typeof body.value === 'string' && !isJson(body.mediaType) ? body.value : JSON.stringify(body.value, null, 2);
}

function fullUrl(req: SampleRequest, withAuthQuery = true): string {
  const params = new URLSearchParams(req.query);
  if (withAuthQuery) for (const q of req.auth.query) params.append(q.name, `$${q.envVar}`);
  const qs = params.toString().replace(/%24([A-Z0-9_]+)/g, '$$$1');
  return qs ? `${req.url}?${qs}` : req.url;
}

function allHeaders(req: SampleRequest): [string, string][] {
  const h: [string, string][] = [];
  if (req.accept) h.push(['Accept', req.accept]);
  if (req.body) h.push(['Content-Type', req.body.mediaType]);
  return [...h, ...req.headers];
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const dq = (s: string) => JSON.stringify(s);
const indent = (text: string, pad: string) => text.split('\n').map((l, i) => (i === 0 ? l : pad + l)).join('\n');

function curl(req: SampleRequest): string {
  const lines = [`curl --request ${req.method.toUpperCase()} \\`, `  --url "${fullUrl(req)}" \\`];
  if (req.auth.basic) lines.push(`  --user "$${req.auth.basic.userVar}:$${req.auth.basic.passwordVar}" \\`);
  if (req.auth.bearer) lines.push(`  --header "Authorization: Bearer $${req.auth.bearer.tokenVar}" \\`);
  for (const k of req.auth.headers) lines.push(`  --header "${k.name}: $${k.envVar}" \\`);
  for (const [k, v] of allHeaders(req)) lines.push(`  --header ${shellQuote(`${k}: ${v}`)} \\`);
  if (req.body) lines.push(`  --data ${shellQuote(bodyText(req.body))} \\`);
  if (req.saveAs) lines.push(`  --output ${req.saveAs} \\`);
  lines[lines.length - 1] = lines[lines.length - 1].replace(/ \\$/, '');
  return lines.join('\n');
}

function jsHeaders(req: SampleRequest, env: (v: string) => string): string[] {
  const out: string[] = [];
  if (req.auth.basic) out.push(`Authorization: 'Basic ' + btoa(\`\${${env(req.auth.basic.userVar)}}:\${${env(req.auth.basic.passwordVar)}}\`),`);
  if (req.auth.bearer) out.push(`Authorization: \`Bearer \${${env(req.auth.bearer.tokenVar)}}\`,`);
  for (const k of req.auth.headers) out.push(`${dq(k.name)}: ${env(k.envVar)},`);
  for (const [k, v] of allHeaders(req)) out.push(`${dq(k)}: ${dq(v)},`);
  return out;
}

function javascript(req: SampleRequest): string {
  const env = (v: string) => `process.env.${v}`;
  const url = new URLSearchParams(req.query).toString();
  const lines: string[] = [];
  lines.push(`const url = new URL(${dq(req.url)});`);
  if (url || req.auth.query.length) {
    for (const [k, v] of req.query) lines.push(`url.searchParams.set(${dq(k)}, ${dq(v)});`);
    for (const q of req.auth.query) lines.push(`url.searchParams.set(${dq(q.name)}, ${env(q.envVar)});`);
  }
  lines.push('', 'const response = await fetch(url, {', `  method: ${dq(req.method.toUpperCase())},`, '  headers: {');
  for (const h of jsHeaders(req, env)) lines.push(`    ${h}`);
  lines.push('  },');
  if (req.body) {
    lines.push(isJson(req.body.mediaType)
      ? `  body: JSON.stringify(${indent(JSON.stringify(req.body.value, null, 2), '  ')}),`
      : `  body: ${dq(bodyText(req.body))},`);
  }
  lines.push('});', '');
  lines.push('if (!response.ok) {', '  throw new Error(`Request failed: ${response.status} ${await response.text()}`);', '}');
  if (req.saveAs) {
    lines.push(`const file = Buffer.from(await response.arrayBuffer());`, `await import('node:fs/promises').then((fs) => fs.writeFile(${dq(req.saveAs)}, file));`);
  } else if (!req.accept || isJson(req.accept)) {
    lines.push('console.log(await response.json());');
  } else {
    lines.push('console.log(await response.text());');
  }
  return lines.join('\n');
}

function pyLiteral(value: unknown, pad = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = pad + '    ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + pyLiteral(v, inner)).join(',\n')},\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pyLiteral(v, inner)}`).join(',\n')},\n${pad}}`;
}

function python(req: SampleRequest): string {
  const lines = ['import os', '', 'import requests', ''];
  const headers: string[] = [];
  if (req.auth.bearer) headers.push(`"Authorization": f"Bearer {os.environ['${req.auth.bearer.tokenVar}']}",`);
  for (const k of req.auth.headers) headers.push(`${dq(k.name)}: os.environ[${dq(k.envVar)}],`);
  for (const [k, v] of allHeaders(req)) headers.push(`${dq(k)}: ${dq(v)},`);
  const params = [...req.query.map(([k, v]) => `${dq(k)}: ${dq(v)},`), ...req.auth.query.map((q) => `${dq(q.name)}: os.environ[${dq(q.envVar)}],`)];
  lines.push('response = requests.request(', `    ${dq(req.method.toUpperCase())},`, `    ${dq(req.url)},`);
  if (params.length) lines.push('    params={', ...params.map((p) => `        ${p}`), '    },');
  if (headers.length) lines.push('    headers={', ...headers.map((h) => `        ${h}`), '    },');
  if (req.auth.basic) lines.push(`    auth=(os.environ[${dq(req.auth.basic.userVar)}], os.environ[${dq(req.auth.basic.passwordVar)}]),`);
  if (req.body) {
    lines.push(isJson(req.body.mediaType) ? `    json=${pyLiteral(req.body.value, '    ')},` : `    data=${dq(bodyText(req.body))},`);
  }
  lines.push('    timeout=30,', ')', 'response.raise_for_status()');
  if (req.saveAs) lines.push(`with open(${dq(req.saveAs)}, "wb") as f:`, '    f.write(response.content)');
  else lines.push(!req.accept || isJson(req.accept) ? 'print(response.json())' : 'print(response.text)');
  return lines.join('\n');
}

function goSample(req: SampleRequest): string {
  const body = req.body ? bodyText(req.body) : undefined;
  const imports = ['"fmt"', '"io"', '"net/http"', '"os"'];
  if (body) imports.push('"strings"');
  if (req.query.length || req.auth.query.length) imports.push('"net/url"');
  imports.sort();
  const lines = ['package main', '', 'import (', ...imports.map((i) => `\t${i}`), ')', '', 'func main() {'];
  if (req.query.length || req.auth.query.length) {
    lines.push('\tquery := url.Values{}');
    for (const [k, v] of req.query) lines.push(`\tquery.Set(${dq(k)}, ${dq(v)})`);
    for (const q of req.auth.query) lines.push(`\tquery.Set(${dq(q.name)}, os.Getenv(${dq(q.envVar)}))`);
    lines.push(`\tendpoint := ${dq(req.url + '?')} + query.Encode()`);
  } else {
    lines.push(`\tendpoint := ${dq(req.url)}`);
  }
  if (body) {
    const literal = body.includes('`') ? dq(body) : '`' + body + '`';
    lines.push(`\tbody := strings.NewReader(${literal})`);
  }
  lines.push(`\treq, err := http.NewRequest(${dq(req.method.toUpperCase())}, endpoint, ${body ? 'body' : 'nil'})`, '\tif err != nil {', '\t\tpanic(err)', '\t}');
  if (req.auth.basic) lines.push(`\treq.SetBasicAuth(os.Getenv(${dq(req.auth.basic.userVar)}), os.Getenv(${dq(req.auth.basic.passwordVar)}))`);
  if (req.auth.bearer) lines.push(`\treq.Header.Set("Authorization", "Bearer "+os.Getenv(${dq(req.auth.bearer.tokenVar)}))`);
  for (const k of req.auth.headers) lines.push(`\treq.Header.Set(${dq(k.name)}, os.Getenv(${dq(k.envVar)}))`);
  for (const [k, v] of allHeaders(req)) lines.push(`\treq.Header.Set(${dq(k)}, ${dq(v)})`);
  lines.push('', '\tres, err := http.DefaultClient.Do(req)', '\tif err != nil {', '\t\tpanic(err)', '\t}', '\tdefer res.Body.Close()', '', '\tdata, err := io.ReadAll(res.Body)', '\tif err != nil {', '\t\tpanic(err)', '\t}');
  if (req.saveAs) lines.push(`\tif err := os.WriteFile(${dq(req.saveAs)}, data, 0o644); err != nil {`, '\t\tpanic(err)', '\t}', '\tfmt.Println(res.Status)');
  else lines.push('\tfmt.Println(res.Status)', '\tfmt.Println(string(data))');
  lines.push('}');
  return lines.join('\n');
}

function java(req: SampleRequest): string {
  const body = req.body ? bodyText(req.body) : undefined;
  const qs = req.query.length || req.auth.query.length ? '?' + [
    ...req.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
  ].join('&') : '';
  const lines = [
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
  ];
  if (req.auth.basic) lines.push('import java.nio.charset.StandardCharsets;', 'import java.util.Base64;');
  if (req.saveAs) lines.push('import java.nio.file.Path;');
  lines.push('', 'public class Example {', '    public static void main(String[] args) throws Exception {');
  if (req.auth.basic) {
    lines.push(`        String credentials = System.getenv(${dq(req.auth.basic.userVar)}) + ":" + System.getenv(${dq(req.auth.basic.passwordVar)});`);
    lines.push('        String basic = Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));');
  }
  let uri = dq(req.url + qs);
  for (const q of req.auth.query) uri += ` + ${dq((qs.length > 1 ? '&' : qs ? '' : '?') + q.name + '=')} + System.getenv(${dq(q.envVar)})`;
  lines.push('        HttpRequest request = HttpRequest.newBuilder()', `            .uri(URI.create(${uri}))`);
  if (req.auth.basic) lines.push('            .header("Authorization", "Basic " + basic)');
  if (req.auth.bearer) lines.push(`            .header("Authorization", "Bearer " + System.getenv(${dq(req.auth.bearer.tokenVar)}))`);
  for (const k of req.auth.headers) lines.push(`            .header(${dq(k.name)}, System.getenv(${dq(k.envVar)}))`);
  for (const [k, v] of allHeaders(req)) lines.push(`            .header(${dq(k)}, ${dq(v)})`);
  if (body !== undefined) {
    const block = body.replace(/\\/g, '\\\\').replace(/"""/g, '\\"""');
    lines.push(`            .method(${dq(req.method.toUpperCase())}, HttpRequest.BodyPublishers.ofString("""`);
    lines.push(...block.split('\n').map((l) => `                ${l}`), '                """))');
  } else {
    lines.push(`            .method(${dq(req.method.toUpperCase())}, HttpRequest.BodyPublishers.noBody())`);
  }
  lines.push('            .build();', '');
  if (req.saveAs) {
    lines.push(`        HttpResponse<Path> response = HttpClient.newHttpClient()`, `            .send(request, HttpResponse.BodyHandlers.ofFile(Path.of(${dq(req.saveAs)})));`);
    lines.push('        System.out.println(response.statusCode());');
  } else {
    lines.push('        HttpResponse<String> response = HttpClient.newHttpClient()', '            .send(request, HttpResponse.BodyHandlers.ofString());');
    lines.push('        System.out.println(response.statusCode());', '        System.out.println(response.body());');
  }
  lines.push('    }', '}');
  return lines.join('\n');
}

function csharp(req: SampleRequest): string {
  const body = req.body ? bodyText(req.body) : undefined;
  const query = [...req.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)];
  const lines = ['using System.Net.Http.Headers;', 'using System.Text;', '', 'using var client = new HttpClient();'];
  let uri = dq(req.url + (query.length ? '?' + query.join('&') : ''));
  for (const [i, q] of req.auth.query.entries()) {
    const sep = query.length || i > 0 ? '&' : '?';
    uri += ` + ${dq(`${sep}${q.name}=`)} + Environment.GetEnvironmentVariable(${dq(q.envVar)})`;
  }
  lines.push(`using var request = new HttpRequestMessage(new HttpMethod(${dq(req.method.toUpperCase())}), ${uri});`);
  if (req.auth.basic) {
    lines.push(`var credentials = Convert.ToBase64String(Encoding.UTF8.GetBytes(`);
    lines.push(`    $"{Environment.GetEnvironmentVariable(${dq(req.auth.basic.userVar)})}:{Environment.GetEnvironmentVariable(${dq(req.auth.basic.passwordVar)})}"));`);
    lines.push('request.Headers.Authorization = new AuthenticationHeaderValue("Basic", credentials);');
  }
  if (req.auth.bearer) lines.push(`request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", Environment.GetEnvironmentVariable(${dq(req.auth.bearer.tokenVar)}));`);
  for (const k of req.auth.headers) lines.push(`request.Headers.Add(${dq(k.name)}, Environment.GetEnvironmentVariable(${dq(k.envVar)}));`);
  for (const [k, v] of [...(req.accept ? [['Accept', req.accept]] : []), ...req.headers]) lines.push(`request.Headers.Add(${dq(k)}, ${dq(v)});`);
  if (body !== undefined && req.body) {
    lines.push(`request.Content = new StringContent(@"${body.replace(/"/g, '""')}",`, `    Encoding.UTF8, ${dq(req.body.mediaType)});`);
  }
  lines.push('', 'using var response = await client.SendAsync(request);', 'response.EnsureSuccessStatusCode();');
  if (req.saveAs) lines.push(`await File.WriteAllBytesAsync(${dq(req.saveAs)}, await response.Content.ReadAsByteArrayAsync());`);
  else lines.push('Console.WriteLine(await response.Content.ReadAsStringAsync());');
  return lines.join('\n');
}

function php(req: SampleRequest): string {
  const body = req.body ? bodyText(req.body) : undefined;
  const lines = ['<?php', '', "require 'vendor/autoload.php';", '', '$client = new GuzzleHttp\\Client();', ''];
  if (body !== undefined) lines.push("$body = <<<'BODY'", body, 'BODY;', '');
  lines.push(`$response = $client->request('${req.method.toUpperCase()}', '${req.url}', [`);
  if (req.auth.basic) lines.push(`    'auth' => [getenv('${req.auth.basic.userVar}'), getenv('${req.auth.basic.passwordVar}')],`);
  const headers: string[] = [];
  if (req.auth.bearer) headers.push(`'Authorization' => 'Bearer ' . getenv('${req.auth.bearer.tokenVar}'),`);
  for (const k of req.auth.headers) headers.push(`'${k.name}' => getenv('${k.envVar}'),`);
  for (const [k, v] of allHeaders(req)) headers.push(`'${k}' => '${v.replace(/'/g, "\\'")}',`);
  if (headers.length) lines.push("    'headers' => [", ...headers.map((h) => `        ${h}`), '    ],');
  const query = [...req.query.map(([k, v]) => `'${k}' => '${v.replace(/'/g, "\\'")}',`), ...req.auth.query.map((q) => `'${q.name}' => getenv('${q.envVar}'),`)];
  if (query.length) lines.push("    'query' => [", ...query.map((q) => `        ${q}`), '    ],');
  if (body !== undefined) lines.push("    'body' => $body,");
  if (req.saveAs) lines.push(`    'sink' => '${req.saveAs}',`);
  lines.push(']);', '', 'echo $response->getStatusCode(), PHP_EOL;');
  if (!req.saveAs) lines.push('echo $response->getBody(), PHP_EOL;');
  return lines.join('\n');
}

function ruby(req: SampleRequest): string {
  const body = req.body ? bodyText(req.body) : undefined;
  const klass = req.method.charAt(0).toUpperCase() + req.method.slice(1).toLowerCase();
  const lines = ["require 'net/http'", "require 'uri'", '', `uri = URI(${dq(req.url)})`];
  const query = [...req.query.map(([k, v]) => `${dq(k)} => ${dq(v)}`), ...req.auth.query.map((q) => `${dq(q.name)} => ENV.fetch(${dq(q.envVar)})`)];
  if (query.length) lines.push(`uri.query = URI.encode_www_form(${query.join(', ')})`);
  lines.push('', `request = Net::HTTP::${klass}.new(uri)`);
  if (req.auth.basic) lines.push(`request.basic_auth(ENV.fetch(${dq(req.auth.basic.userVar)}), ENV.fetch(${dq(req.auth.basic.passwordVar)}))`);
  if (req.auth.bearer) lines.push(`request['Authorization'] = "Bearer #{ENV.fetch(${dq(req.auth.bearer.tokenVar)})}"`);
  for (const k of req.auth.headers) lines.push(`request[${dq(k.name)}] = ENV.fetch(${dq(k.envVar)})`);
  for (const [k, v] of allHeaders(req)) lines.push(`request[${dq(k)}] = ${dq(v)}`);
  if (body !== undefined) lines.push('request.body = <<~BODY', ...body.split('\n').map((l) => `  ${l}`), 'BODY');
  lines.push('', 'response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https") do |http|', '  http.request(request)', 'end', '', 'puts response.code');
  if (req.saveAs) lines.push(`File.binwrite(${dq(req.saveAs)}, response.body)`);
  else lines.push('puts response.body');
  return lines.join('\n');
}

export const SAMPLE_LANGUAGES: {id: string; label: string; prism: string; render: (r: SampleRequest) => string}[] = [
  {id: 'curl', label: 'cURL', prism: 'bash', render: curl},
  {id: 'javascript', label: 'JavaScript', prism: 'javascript', render: javascript},
  {id: 'python', label: 'Python', prism: 'python', render: python},
  {id: 'go', label: 'Go', prism: 'go', render: goSample},
  {id: 'java', label: 'Java', prism: 'java', render: java},
  {id: 'csharp', label: 'C#', prism: 'csharp', render: csharp},
  {id: 'php', label: 'PHP', prism: 'php', render: php},
  {id: 'ruby', label: 'Ruby', prism: 'ruby', render: ruby},
];

/** Plain-text samples for every language (used by the tests and by the highlighter below). */
export function renderSampleSources(req: SampleRequest): {id: string; label: string; prism: string; code: string}[] {
  return SAMPLE_LANGUAGES.map(({id, label, prism, render}) => ({id, label, prism, code: render(req)}));
}

export function renderSamples(req: SampleRequest): CodeSample[] {
  return renderSampleSources(req).map(({id, label, prism, code}) => ({id, label, html: highlight(code, prism)}));
}
