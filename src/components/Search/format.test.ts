import {test} from 'node:test';
import assert from 'node:assert/strict';
import {countLabel, format, searchPageUrl} from './format';
import {highlightTermsFromSearch} from './highlightPage';
import {searchTranslations as T} from '../../config/search';

test('labels of the specification, verbatim', () => {
  assert.equal(T.search_placeholder, 'Search');
  assert.equal(T.see_all_results, 'See all results');
  assert.equal(T.no_results, 'No results.');
  assert.equal(T.search_the_documentation, 'Search the documentation');
  assert.equal(T.no_documents_were_found, 'No documents were found');
  assert.equal(T.empty_query, 'Please provide a search query to show results.');
  assert.equal(format(T.search_results_for, {keyword: 'ledger'}), 'Search results for "ledger"');
  assert.equal(countLabel(1, T), '1 document found');
  assert.equal(countLabel(0, T), '0 documents found');
  assert.equal(countLabel(7, T), '7 documents found');
  assert.equal(format('{{ a }} {{b}} {{ missing }}', {a: 1, b: 'x'}), '1 x {{ missing }}');
});

test('search page URL: {baseUrl}search?q={query}', () => {
  assert.equal(searchPageUrl('/', 'customer ledger'), '/search?q=customer%20ledger');
  assert.equal(searchPageUrl('/portal/', ' x '), '/portal/search?q=x');
  assert.equal(searchPageUrl('/', ''), '/search');
});

test('terms to mark come from repeated _highlight parameters', () => {
  assert.deepEqual(highlightTermsFromSearch('?_highlight=customer&_highlight=ledger&x=1'), ['customer', 'ledger']);
  assert.deepEqual(highlightTermsFromSearch('?_highlight=a&_highlight=a&_highlight=%20'), ['a']);
  assert.deepEqual(highlightTermsFromSearch(''), []);
});
