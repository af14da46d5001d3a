import {test} from 'node:test';
import assert from 'node:assert/strict';
import {renderSampleSources, type SampleRequest} from './code-samples';

const req: SampleRequest = {
  method: 'post',
  url: 'https://api.example.com/v1/contacts',
  query: [['expand', 'customer']],
  headers: [['Idempotency-Key', 'abc']],
  auth: {basic: {userVar: 'API_USERNAME', passwordVar: 'API_PASSWORD'}, headers: [{name: 'X-Subscription-Key', envVar: 'SUBSCRIPTION_KEY'}], query: []},
  body: {mediaType: 'application/json', value: {first_name: "O'Brien", active: true, note: null}},
  accept: 'application/json',
};

const byId = Object.fromEntries(renderSampleSources(req).map((s) => [s.id, s.code]));

test('covers at least six languages', () => {
  assert.deepEqual(Object.keys(byId), ['curl', 'javascript', 'python', 'go', 'java', 'csharp', 'php', 'ruby']);
});

test('curl quotes the body safely for the shell and sends every header', () => {
  const curl = byId.curl;
  assert.match(curl, /--request POST/);
  assert.match(curl, /--url "https:\/\/api\.example\.com\/v1\/contacts\?expand=customer"/);
  assert.match(curl, /--user "\$API_USERNAME:\$API_PASSWORD"/);
  assert.match(curl, /--header "X-Subscription-Key: \$SUBSCRIPTION_KEY"/);
  assert.match(curl, /--header 'Idempotency-Key: abc'/);
  assert.ok(curl.includes(`"first_name": "O'\\''Brien"`), 'single quote escaped for the shell');
  assert.ok(!curl.trimEnd().endsWith('\\'), 'no dangling line continuation');
});

test('JavaScript sends the body with JSON.stringify and reads credentials from the environment', () => {
  assert.match(byId.javascript, /method: "POST"/);
  assert.match(byId.javascript, /body: JSON\.stringify\(\{/);
  assert.match(byId.javascript, /process\.env\.SUBSCRIPTION_KEY/);
  assert.match(byId.javascript, /url\.searchParams\.set\("expand", "customer"\)/);
});

test('Python turns JSON literals into Python literals', () => {
  assert.match(byId.python, /"active": True/);
  assert.match(byId.python, /"note": None/);
  assert.match(byId.python, /auth=\(os\.environ\["API_USERNAME"\], os\.environ\["API_PASSWORD"\]\)/);
});

test('Go, Java, C#, PHP and Ruby build the same request', () => {
  assert.match(byId.go, /http\.NewRequest\("POST", endpoint, body\)/);
  assert.match(byId.go, /req\.SetBasicAuth/);
  assert.match(byId.java, /\.method\("POST", HttpRequest\.BodyPublishers\.ofString\("""/);
  assert.match(byId.csharp, /new HttpMethod\("POST"\)/);
  assert.match(byId.csharp, /""first_name""/, 'verbatim string doubles quotes');
  assert.match(byId.php, /\$client->request\('POST'/);
  assert.match(byId.ruby, /Net::HTTP::Post\.new\(uri\)/);
  for (const [id, code] of Object.entries(byId)) assert.ok(code.includes('contacts'), `${id} calls the endpoint`);
});

test('GET without a body sends no body in any language', () => {
  const get = Object.fromEntries(
    renderSampleSources({method: 'get', url: 'https://x.test/a', query: [], headers: [], auth: {headers: [], query: []}}).map((s) => [s.id, s.code]),
  );
  assert.ok(!get.curl.includes('--data'));
  assert.match(get.go, /http\.NewRequest\("GET", endpoint, nil\)/);
  assert.match(get.java, /noBody\(\)/);
});
