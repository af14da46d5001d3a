import {test} from 'node:test';
import assert from 'node:assert/strict';
import {descriptionSummary, markdownToHtml, splitMarkdownSections} from './markdown-html';

test('renders CommonMark; raw HTML is kept when allowed and dropped when not (see sanitize.test.ts)', () => {
  const html = markdownToHtml('Use **basic** auth with <code><em>user</em>:key</code>. <script>alert(1)</script>')!;
  assert.match(html, /<strong>basic<\/strong>/);
  assert.match(html, /<code><em>user<\/em>:key<\/code>/);
  assert.ok(!/script|alert/.test(html), html);
});

test('highlights fenced code at build time', () => {
  const html = markdownToHtml('```json\n{"a": 1}\n```')!;
  assert.match(html, /<pre class="api-code language-json"/);
  assert.match(html, /class="?p"?/);
});

test('splits a document at level 2 and 3 headings with unique ids', () => {
  const sections = splitMarkdownSections('Intro text.\n\n## Errors\n\nBody.\n\n### Codes\n\nMore.\n\n## Errors\n\nAgain.');
  assert.deepEqual(
    sections.map((s) => [s.level, s.title, s.id]),
    [
      [0, '', ''],
      [2, 'Errors', 'errors'],
      [3, 'Codes', 'codes'],
      [2, 'Errors', 'errors-1'],
    ],
  );
  assert.match(sections[0].html, /Intro text/);
  assert.match(sections[2].html, /More/);
});

test('empty descriptions give undefined', () => {
  assert.equal(markdownToHtml('  '), undefined);
  assert.equal(markdownToHtml(undefined), undefined);
});

test('links only URLs with a scheme, not bare domain names', () => {
  const html = markdownToHtml('The Rev.io API, see https://example.com/docs.')!;
  assert.ok(!html.includes('href="http://Rev.io"'));
  assert.match(html, /<a href="https:\/\/example\.com\/docs" rel="noopener noreferrer">/);
});

test('descriptionSummary: the first paragraph (not the first source line) as text', () => {
  assert.equal(
    descriptionSummary('Creates a customer. Choose a type and an active bill\nprofile first.\n\nMore.'),
    'Creates a customer. Choose a type and an active bill profile first.',
  );
  assert.equal(descriptionSummary('\n\nOne line only.'), 'One line only.');
  // A hard line break ends it.
  assert.equal(descriptionSummary('Lists them.  \nMore.'), 'Lists them.');
  assert.equal(descriptionSummary('Lists them.\\\nMore.'), 'Lists them.');
});

test('descriptionSummary: the first paragraph as the reader sees it, safe in double-quoted YAML', () => {
  assert.equal(
    descriptionSummary('Sets <code><em>customField</em>__c</code> on **the** object.\n\nMore.'),
    'Sets customField__c on the object.',
  );
  assert.equal(descriptionSummary('\n  A "quoted" \\ path <script>x</script> &amp; more'), "A 'quoted' \\\\ path & more");
  assert.equal(descriptionSummary(undefined), '');
});
