import {test} from 'node:test';
import assert from 'node:assert/strict';
import {firstRequest} from './index';
import {FIRST_REQUEST_VARIABLES} from '../../src/components/HomepageFirstRequest/request';

test('the home page request: calls the given base, highlighted markup of the same text, the variables it reads', () => {
  const r = firstRequest('https://api.example.test/v2/');
  assert.equal(r.language, 'bash');
  assert.match(r.code, /--url "https:\/\/api\.example\.test\/v2\/customer-summaries\?page=1&page_size=5"/);
  assert.match(r.html, /<span class=/, 'token markup');
  const text = r.html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
  assert.equal(text, r.code);
  assert.deepEqual(r.variables, FIRST_REQUEST_VARIABLES);
  for (const name of r.variables) assert.ok(r.code.includes(`$${name}`), name);
});
