/**
 * Page decisions of the pipeline (pages.ts): titles, slugs, the names no operation may take, the
 * collision rules, tag merging, undefined security schemes, and the warnings each workaround gives.
 * Every rule the file comment of pages.ts states has a test here that fails when the rule breaks.
 */
import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {SpecProblem} from './errors';
import {assignPages, capSlug, MAX_SLUG_LENGTH, PAGE_RULES, pageEntries, replaceUnresolvedRefs, summariseWarnings} from './pages';

type Obj = Record<string, any>;

const FILE = '/specs/api.json';

/** Runs assignPages on `doc` and returns the document, the warnings and "METHOD path" → [slug, title]. */
function assign(doc: Obj) {
  const problems = assignPages(doc, {file: FILE});
  const pages: Record<string, [string, string]> = {};
  for (const e of pageEntries(doc))
    pages[`${e.method.toUpperCase()} ${e.path}`] = [e.op['x-portal-slug'] as string, e.op['x-portal-title'] as string];
  return {doc, problems, pages, rules: problems.map((p) => p.rule)};
}

const ops = (entries: [string, Obj][]): Obj => {
  const paths: Obj = {};
  for (const [where, op] of entries) {
    const [method, p] = where.split(' ');
    paths[p] = {...(paths[p] ?? {}), [method.toLowerCase()]: op};
  }
  return paths;
};

describe("reserved names: no operation takes the overview page's address", () => {
  it('the overview slug comes from info.title and is written to info["x-portal-slug"]', () => {
    const {doc} = assign({info: {title: 'Rev.io Billing API', version: '1'}, paths: {}});
    assert.equal(doc.info['x-portal-slug'], 'rev-io-billing-api');
  });

  it('an operationId that gives the overview slug is numbered, with a warning naming the overview page', () => {
    const {pages, problems} = assign({
      info: {title: 'Rev.io Billing API', version: '1'},
      paths: ops([['GET /api', {operationId: 'revIoBillingApi', summary: 'Describe the API'}]]),
    });
    assert.deepEqual(pages['GET /api'], ['rev-io-billing-api-2', 'Describe the API']);
    assert.deepEqual(problems, [
      {
        file: FILE,
        pointer: '#/paths/~1api/get',
        rule: PAGE_RULES.duplicateSlug,
        severity: 'warn',
        message:
          'GET /api: page address "rev-io-billing-api" is already used by the overview page (from info.title); this page is "rev-io-billing-api-2".',
      },
    ]);
  });

  it('a summary (no operationId) and a "METHOD /path" fallback cannot take it either', () => {
    const bySummary = assign({info: {title: 'Widgets', version: '1'}, paths: ops([['GET /w', {summary: 'widgets'}]])});
    assert.deepEqual(bySummary.pages['GET /w'], ['widgets-2', 'widgets']);
    // "GET /status" has the slug get-status: an overview titled "Get status" owns that address.
    const byFallback = assign({info: {title: 'Get status', version: '1'}, paths: ops([['GET /status', {}]])});
    assert.deepEqual(byFallback.pages['GET /status'], ['get-status-2', 'GET /status']);
  });

  it('a webhook cannot take it', () => {
    const {pages, problems} = assign({info: {title: 'Events', version: '1'}, paths: {}, webhooks: {events: {post: {}}}});
    assert.deepEqual(pages['POST events'], ['events-2', 'events']);
    assert.match(problems[0].message, /^webhook "events" \(POST\): page address "events" is already used by the overview page/);
  });

  it('with no usable title the overview is "overview" (or "api-reference" when the title is missing), and reserved', () => {
    const symbols = assign({info: {title: '!!!', version: '1'}, paths: ops([['GET /o', {operationId: 'overview'}]])});
    assert.equal(symbols.doc.info['x-portal-slug'], 'overview');
    assert.deepEqual(symbols.pages['GET /o'], ['overview-2', 'overview']);
    const missing = assign({info: {version: '1'}, paths: ops([['GET /r', {operationId: 'apiReference'}]])});
    assert.equal(missing.doc.info['x-portal-slug'], 'api-reference');
    assert.deepEqual(missing.pages['GET /r'], ['api-reference-2', 'apiReference']);
  });

  it('the overview keeps its slug whatever the operations are called', () => {
    const {doc, pages} = assign({
      info: {title: 'Billing', version: '1'},
      paths: ops([
        ['GET /a', {operationId: 'billing'}],
        ['GET /b', {operationId: 'Billing'}],
      ]),
    });
    assert.equal(doc.info['x-portal-slug'], 'billing');
    assert.deepEqual([pages['GET /a'][0], pages['GET /b'][0]], ['billing-2', 'billing-3']);
  });
});

describe('collision rules', () => {
  it('equal slugs get -2, -3… in document order; the first keeps its slug', () => {
    const {pages, problems} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /a', {operationId: 'listItems'}],
        ['POST /a', {operationId: 'ListItems'}],
        ['GET /b', {operationId: 'list_items'}],
        ['GET /c', {summary: 'LIST ITEMS'}],
      ]),
    });
    assert.deepEqual(
      ['GET /a', 'POST /a', 'GET /b', 'GET /c'].map((k) => pages[k][0]),
      ['list-items', 'list-items-2', 'list-items-3', 'list-items-4'],
    );
    assert.deepEqual(
      problems.map((p) => [p.rule, p.pointer]),
      [
        [PAGE_RULES.duplicateSlug, '#/paths/~1a/post'],
        [PAGE_RULES.duplicateSlug, '#/paths/~1b/get'],
        [PAGE_RULES.duplicateSlug, '#/paths/~1c/get'],
      ],
    );
    assert.equal(problems[1].message, 'GET /b: page address "list-items" is already used by GET /a; this page is "list-items-3".');
  });

  it('case never makes two addresses: slugs are lower case', () => {
    const {pages} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /x', {operationId: 'GetThing'}],
        ['PUT /x', {operationId: 'getTHING'}],
      ]),
    });
    assert.deepEqual([pages['GET /x'][0], pages['PUT /x'][0]], ['get-thing', 'get-thing-2']);
  });

  it('a numbered slug skips numbers an earlier page already has, and a later page of that name is numbered too', () => {
    const {pages} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /1', {operationId: 'a-2'}],
        ['GET /2', {operationId: 'a'}],
        ['GET /3', {operationId: 'a'}],
        ['GET /4', {operationId: 'a-3'}],
      ]),
    });
    assert.deepEqual(
      ['GET /1', 'GET /2', 'GET /3', 'GET /4'].map((k) => pages[k][0]),
      ['a-2', 'a', 'a-3', 'a-3-2'],
    );
  });

  it('operations without operationId: the slug is the summary\'s, else "METHOD /path"; they collide like the others', () => {
    const {pages, problems} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /v1/x', {}],
        ['POST /v1/x', {summary: 'Get v1 x'}],
        ['PUT /v1/x', {summary: '   ', operationId: ''}],
      ]),
    });
    assert.deepEqual(pages['GET /v1/x'], ['get-v1-x', 'GET /v1/x']);
    assert.deepEqual(pages['POST /v1/x'], ['get-v1-x-2', 'Get v1 x']);
    // A blank summary and an empty operationId are no title: the fallback is used.
    assert.deepEqual(pages['PUT /v1/x'], ['put-v1-x', 'PUT /v1/x']);
    assert.deepEqual(
      problems.map((p) => [p.rule, p.pointer, p.message]),
      [
        [PAGE_RULES.noTitle, '#/paths/~1v1~1x/get', 'GET /v1/x has neither a summary nor an operationId; its page is titled "GET /v1/x".'],
        [
          PAGE_RULES.duplicateSlug,
          '#/paths/~1v1~1x/post',
          'POST /v1/x: page address "get-v1-x" is already used by GET /v1/x; this page is "get-v1-x-2".',
        ],
        [PAGE_RULES.noTitle, '#/paths/~1v1~1x/put', 'PUT /v1/x has neither a summary nor an operationId; its page is titled "PUT /v1/x".'],
      ],
    );
  });

  it('the operationId gives the slug and the summary the title; titles are trimmed', () => {
    const {pages, problems} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /a', {operationId: 'fetchA', summary: '  Get the A  '}],
        ['GET /b', {operationId: ' listB '}],
      ]),
    });
    assert.deepEqual(pages['GET /a'], ['fetch-a', 'Get the A']);
    assert.deepEqual(pages['GET /b'], ['list-b', 'listB']);
    assert.deepEqual(problems, []);
  });

  it('a webhook without summary is titled by its event and gives no missing-title warning', () => {
    const {pages, rules} = assign({info: {title: 'T', version: '1'}, paths: {}, webhooks: {'invoice.paid': {post: {}}}});
    assert.deepEqual(pages['POST invoice.paid'], ['invoice-paid', 'invoice.paid']);
    assert.deepEqual(rules, []);
  });

  it('a slug with no letters or digits falls back to "METHOD /path" (or "operation"), with a warning naming the field', () => {
    const {pages, problems} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /q', {operationId: '???'}],
        ['POST /q', {summary: '!!!'}],
      ]),
      webhooks: {'***': {post: {summary: '...'}}},
    });
    assert.deepEqual(pages['GET /q'], ['get-q', '???']);
    assert.deepEqual(pages['POST /q'], ['post-q', '!!!']);
    assert.deepEqual(pages['POST ***'], ['operation', '...']);
    assert.deepEqual(
      problems.map((p) => [p.rule, p.message]),
      [
        [PAGE_RULES.emptySlug, 'GET /q: operationId gives no page address (no letters or digits); the page is /docs/api/get-q.'],
        [PAGE_RULES.emptySlug, 'POST /q: summary gives no page address (no letters or digits); the page is /docs/api/post-q.'],
        [
          PAGE_RULES.emptySlug,
          'webhook "***" (POST): summary gives no page address (no letters or digits); the page is /docs/api/operation.',
        ],
      ],
    );
  });

  it(`slugs longer than ${MAX_SLUG_LENGTH} characters are capped with a warning; numbered ones stay within the cap`, () => {
    const exact = 'a'.repeat(MAX_SLUG_LENGTH);
    const long = `${'word-'.repeat(20)}end`; // 103 characters
    const {pages, problems} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /exact', {operationId: exact}],
        ['GET /long', {operationId: long}],
        ['PUT /long', {operationId: long}],
      ]),
    });
    assert.equal(pages['GET /exact'][0], exact);
    const capped = capSlug(long);
    assert.equal(pages['GET /long'][0], capped);
    assert.ok(pages['PUT /long'][0].length <= MAX_SLUG_LENGTH);
    assert.equal(pages['PUT /long'][0], `${capped.slice(0, MAX_SLUG_LENGTH - 2)}-2`);
    assert.deepEqual(
      problems.map((p) => p.rule),
      [PAGE_RULES.longSlug, PAGE_RULES.longSlug, PAGE_RULES.duplicateSlug],
    );
    assert.equal(problems[0].message, `GET /long: its page address would be 103 characters; shortened to "${capped}".`);
  });

  it('a numbered slug does not end in a doubled dash when the cut falls on a dash', () => {
    const slug = `${'x'.repeat(77)}-yy`; // 80 characters; "-2" cuts it to 78: "xxx…x-" before the suffix
    const {pages} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /a', {operationId: slug}],
        ['GET /b', {operationId: slug}],
      ]),
    });
    assert.equal(pages['GET /b'][0], `${'x'.repeat(77)}-2`);
  });
});

describe('capSlug', () => {
  it('keeps a slug of exactly the cap; cuts one character more', () => {
    assert.equal(capSlug('abcdefghij', 10), 'abcdefghij');
    const cut = capSlug('abcdefghijk', 10);
    assert.match(cut, /^a-\d{8}$/);
    assert.equal(cut.length, 10);
  });

  it('cuts at the last dash when it lies in the second half of the kept part, else mid-word', () => {
    // Cap 30: the hash suffix takes 9, 21 characters are kept before the dash rule.
    const late = `${'a'.repeat(15)}-${'b'.repeat(20)}`; // the dash at 15 > 21 / 2: cut there
    assert.match(capSlug(late, 30), new RegExp(`^${'a'.repeat(15)}-\\d{8}$`));
    const early = `${'a'.repeat(5)}-${'b'.repeat(30)}`; // the dash at 5 < 21 / 2: keep 21 characters
    assert.match(capSlug(early, 30), new RegExp(`^${'a'.repeat(5)}-${'b'.repeat(15)}-\\d{8}$`));
    const middle = `${'a'.repeat(10)}-${'b'.repeat(30)}`; // the dash at 10, not above 10.5: kept whole
    assert.match(capSlug(middle, 30), new RegExp(`^${'a'.repeat(10)}-${'b'.repeat(10)}-\\d{8}$`));
    // Cap 31: 22 characters kept; a dash at exactly half (11) is not past it.
    const half = `${'a'.repeat(11)}-${'b'.repeat(30)}`;
    assert.match(capSlug(half, 31), new RegExp(`^${'a'.repeat(11)}-${'b'.repeat(10)}-\\d{8}$`));
    const pastHalf = `${'a'.repeat(12)}-${'b'.repeat(30)}`;
    assert.match(capSlug(pastHalf, 31), new RegExp(`^${'a'.repeat(12)}-\\d{8}$`));
  });

  it('drops dashes left at the end of the cut and keeps the hash stable per slug', () => {
    const slug = `${'a'.repeat(19)}--${'b'.repeat(20)}`; // the kept 21 characters end in "--"
    const cut = capSlug(slug, 30);
    assert.match(cut, new RegExp(`^${'a'.repeat(19)}-\\d{8}$`));
    assert.equal(capSlug(slug, 30), cut);
    assert.notEqual(capSlug(`${slug}c`, 30), cut);
    // Cut at the last of three dashes: the two before it go too.
    assert.match(capSlug(`${'a'.repeat(16)}---${'b'.repeat(20)}`, 30), new RegExp(`^${'a'.repeat(16)}-\\d{8}$`));
  });
});

describe('tags: one category per category address', () => {
  it('declared tags with the same address merge into the first spelling, with a warning at the later one', () => {
    const {doc, problems} = assign({
      info: {title: 'T', version: '1'},
      tags: [{name: 'Bill Profiles'}, 'not a tag', {name: 'bill-profiles', description: 'dup'}, {name: 'Customers'}],
      paths: ops([['GET /a', {operationId: 'a', tags: ['bill-profiles', 'BILL PROFILES', 7, 'Customers', 'Bill Profiles']}]]),
    });
    assert.deepEqual(doc.tags, [{name: 'Bill Profiles'}, 'not a tag', {name: 'Customers'}]);
    assert.deepEqual(doc.paths['/a'].get.tags, ['Bill Profiles', 'Customers']);
    assert.deepEqual(
      problems.map((p) => [p.rule, p.pointer, p.message]),
      [
        [
          PAGE_RULES.tagCase,
          '#/tags/2',
          'tag "bill-profiles" has the same category address as "Bill Profiles"; both are one category, "Bill Profiles".',
        ],
        [
          PAGE_RULES.tagCase,
          '#/paths/~1a/get/tags',
          'tag "BILL PROFILES" has the same category address as "Bill Profiles"; both are one category, "Bill Profiles".',
        ],
      ],
    );
  });

  it('undeclared tags merge by first use; each spelling is reported once', () => {
    const {doc, problems} = assign({
      info: {title: 'T', version: '1'},
      paths: ops([
        ['GET /a', {operationId: 'a', tags: ['Usage Events']}],
        ['GET /b', {operationId: 'b', tags: ['usage events']}],
        ['GET /c', {operationId: 'c', tags: ['usage events', 'Usage Events']}],
      ]),
    });
    assert.equal(doc.tags, undefined);
    assert.deepEqual(
      ['/a', '/b', '/c'].map((p) => doc.paths[p].get.tags),
      [['Usage Events'], ['Usage Events'], ['Usage Events']],
    );
    assert.deepEqual(
      problems.map((p) => p.pointer),
      ['#/paths/~1b/get/tags'],
    );
  });

  it('declared tags without a string name are left as they are (the linter reports them)', () => {
    const {doc, problems} = assign({
      info: {title: 'T', version: '1'},
      tags: [{name: 5}, {name: 5}, {description: 'no name'}, {description: 'no name'}],
      paths: {},
    });
    assert.deepEqual(doc.tags, [{name: 5}, {name: 5}, {description: 'no name'}, {description: 'no name'}]);
    assert.deepEqual(problems, []);
  });

  it('a tag with no letters or digits is its own category, by its exact name', () => {
    const {doc, problems} = assign({
      info: {title: 'T', version: '1'},
      tags: [{name: '***'}, {name: '+++'}],
      paths: ops([['GET /a', {operationId: 'a', tags: ['***', '+++']}]]),
    });
    assert.deepEqual(doc.tags, [{name: '***'}, {name: '+++'}]);
    assert.deepEqual(doc.paths['/a'].get.tags, ['***', '+++']);
    assert.deepEqual(problems, []);
  });
});

describe('essentials a foreign document may lack', () => {
  it('no info object: a warning, and the overview is "API reference"', () => {
    const {doc, problems} = assign({paths: {}});
    assert.deepEqual(doc.info, {title: 'API reference', version: '', 'x-portal-slug': 'api-reference'});
    assert.deepEqual(
      problems.map((p) => [p.rule, p.pointer, p.message]),
      [
        [PAGE_RULES.missingInfo, '#', 'the document has no info object; the overview page is titled "API reference".'],
        [PAGE_RULES.missingInfo, '#/info', 'info.title is missing; the overview page is titled "API reference".'],
      ],
    );
  });

  it('a blank title is replaced; a version is kept', () => {
    const {doc, problems} = assign({info: {title: ' ', version: '2.1'}, paths: {}});
    assert.equal(doc.info.title, 'API reference');
    assert.equal(doc.info.version, '2.1');
    assert.deepEqual(
      problems.map((p) => p.pointer),
      ['#/info'],
    );
  });

  it('paths that are not an object are ignored with a warning; missing paths quietly become {}', () => {
    const bad = assign({info: {title: 'T', version: '1'}, paths: []});
    assert.deepEqual(bad.doc.paths, {});
    assert.deepEqual(
      bad.problems.map((p) => [p.rule, p.pointer, p.message]),
      [[PAGE_RULES.missingPaths, '#/paths', 'paths is not an object; it is ignored.']],
    );
    const none = assign({info: {title: 'T', version: '1'}});
    assert.deepEqual(none.doc.paths, {});
    assert.deepEqual(none.problems, []);
  });
});

describe('security requirements naming undefined schemes', () => {
  it('the name is dropped with a warning; a requirement left empty is dropped; {} (no auth) is kept', () => {
    const {doc, problems} = assign({
      info: {title: 'T', version: '1'},
      components: {securitySchemes: {key: {type: 'apiKey', in: 'header', name: 'X-Key'}}},
      security: [{key: []}, {ghost: []}, {}, 'junk'],
      paths: ops([['GET /a', {operationId: 'a', security: [{key: [], phantom: ['read']}]}]]),
    });
    assert.deepEqual(doc.security, [{key: []}, {}]);
    assert.deepEqual(doc.paths['/a'].get.security, [{key: []}]);
    assert.deepEqual(
      problems.map((p) => [p.rule, p.pointer, p.message]),
      [
        [
          PAGE_RULES.undefinedScheme,
          '#/security/1',
          'security scheme "ghost" is not defined in components.securitySchemes; it is left out.',
        ],
        [
          PAGE_RULES.undefinedScheme,
          '#/paths/~1a/get/security/0',
          'security scheme "phantom" is not defined in components.securitySchemes; it is left out.',
        ],
      ],
    );
  });

  it('with no components every named scheme is undefined; inherited names ("toString") are not schemes', () => {
    const {doc, rules} = assign({info: {title: 'T', version: '1'}, security: [{toString: []}], paths: {}});
    assert.deepEqual(doc.security, []);
    assert.deepEqual(rules, [PAGE_RULES.undefinedScheme]);
    const noSchemes = assign({
      info: {title: 'T', version: '1'},
      components: {},
      paths: ops([['GET /a', {operationId: 'a', security: [{k: []}]}]]),
    });
    assert.deepEqual(noSchemes.doc.paths['/a'].get.security, []);
  });

  it('security that is not a list is left alone', () => {
    const {doc, problems} = assign({info: {title: 'T', version: '1'}, security: 'none', paths: {}});
    assert.equal(doc.security, 'none');
    assert.deepEqual(problems, []);
  });
});

describe('pageEntries and pointers', () => {
  it('operations under paths (HTTP methods only), then webhooks, with escaped JSON pointers', () => {
    const entries = pageEntries({
      paths: {
        '/a/{id}': {parameters: [], 'x-extra': {}, summary: 's', get: {}, trace: {}, post: 'not an operation'},
        '/b~c': {put: {}},
        '/skip': null,
      },
      webhooks: {'a/b': {post: {}}},
      'x-webhooks': {ignored: {post: {}}},
    });
    assert.deepEqual(
      entries.map((e) => [e.kind, e.method, e.path, e.pointer]),
      [
        ['operation', 'get', '/a/{id}', '#/paths/~1a~1{id}/get'],
        ['operation', 'trace', '/a/{id}', '#/paths/~1a~1{id}/trace'],
        ['operation', 'put', '/b~c', '#/paths/~1b~0c/put'],
        ['webhook', 'post', 'a/b', '#/webhooks/a~1b/post'],
      ],
    );
  });

  it('x-webhooks when there is no webhooks object; nothing for a document that is not an object', () => {
    const entries = pageEntries({paths: 'none', webhooks: [], 'x-webhooks': {ping: {get: {}}}});
    assert.deepEqual(
      entries.map((e) => [e.kind, e.pointer]),
      [['webhook', '#/x-webhooks/ping/get']],
    );
    assert.deepEqual(pageEntries(null), []);
    assert.deepEqual(pageEntries([{paths: {'/a': {get: {}}}}]), []);
  });
});

describe('summariseWarnings', () => {
  const p = (rule: string, where: Partial<SpecProblem>, severity: SpecProblem['severity'] = 'warn'): SpecProblem => ({
    file: FILE,
    message: 'm',
    rule,
    severity,
    ...where,
  });

  it('one line per rule in first-seen order, the first `shown` places, "…" only when more', () => {
    const list = [p('a', {pointer: '#/1'}), p('b', {line: 3, col: 7}), p('a', {pointer: '#/2'}), p('c', {}), p('a', {line: 9})];
    assert.deepEqual(summariseWarnings(list), [
      '[spec] warning a (3×): #/1, #/2, 9:1',
      '[spec] warning b (1×): 3:7',
      '[spec] warning c (1×): #',
    ]);
    assert.deepEqual(summariseWarnings(list, 2), [
      '[spec] warning a (3×): #/1, #/2, …',
      '[spec] warning b (1×): 3:7',
      '[spec] warning c (1×): #',
    ]);
  });

  it('a rule with any error is an error line', () => {
    assert.deepEqual(summariseWarnings([p('r', {pointer: '#/x'}), p('r', {pointer: '#/y'}, 'error')]), ['[spec] error r (2×): #/x, #/y']);
  });
});

describe('replaceUnresolvedRefs', () => {
  it('keeps references that resolve (escaped and percent-encoded tokens too) and replaces the others', () => {
    const doc: Obj = {
      components: {schemas: {'a/b': {type: 'string'}, 'c~d': {type: 'integer'}, 'e f': {type: 'number'}, Ok: {type: 'boolean'}}},
      paths: {
        '/x': {
          get: {
            parameters: [{schema: {$ref: '#/components/schemas/a~1b'}}, {schema: {$ref: '#/components/schemas/Missing'}}],
            responses: {
              '200': {content: {'a/b': {schema: {items: [{$ref: '#/components/schemas/c~0d'}, {$ref: '#/components/schemas/e%20f'}]}}}},
            },
          },
        },
      },
      refs: [
        {$ref: 'other.yaml#/components/schemas/Ok'},
        {$ref: '#/components/schemas/%E0%A4%A'},
        {$ref: '#/components/schemas/Ok/type/deeper'},
        {$ref: '#'},
        {$ref: 42},
      ],
    };
    assert.equal(replaceUnresolvedRefs(doc), 4);
    const params = doc.paths['/x'].get.parameters;
    assert.deepEqual(params[0].schema, {$ref: '#/components/schemas/a~1b'});
    assert.deepEqual(params[1].schema, {
      description: '(unresolved reference #/components/schemas/Missing)',
      'x-portal-unresolved': '#/components/schemas/Missing',
    });
    assert.deepEqual(doc.paths['/x'].get.responses['200'].content['a/b'].schema.items, [
      {$ref: '#/components/schemas/c~0d'},
      {$ref: '#/components/schemas/e%20f'},
    ]);
    assert.deepEqual(
      doc.refs.map((r: Obj) => r['x-portal-unresolved'] ?? r.$ref),
      ['other.yaml#/components/schemas/Ok', '#/components/schemas/%E0%A4%A', '#/components/schemas/Ok/type/deeper', '#', 42],
    );
    assert.equal(doc.refs[3].$ref, '#');
  });

  it('a pointer through null, a string or a key it cannot decode does not resolve', () => {
    const doc: Obj = {
      nothing: null,
      text: 'abc',
      undefined: {x: 1},
      refs: [{$ref: '#/nothing/a'}, {$ref: '#/text/length'}, {$ref: '#/%E0%A4%A/x'}, {$ref: '#/text'}, null, 7],
    };
    assert.equal(replaceUnresolvedRefs(doc), 3);
    assert.deepEqual(
      doc.refs.map((r: Obj | null) => r?.['x-portal-unresolved'] ?? r?.$ref ?? r),
      ['#/nothing/a', '#/text/length', '#/%E0%A4%A/x', '#/text', null, 7],
    );
    assert.deepEqual(doc.refs[3], {$ref: '#/text'});
  });

  it('a replaced reference is not walked into; references inside kept ones are checked', () => {
    const doc: Obj = {a: {$ref: '#/b', extra: {$ref: '#/nowhere'}}, b: {}};
    assert.equal(replaceUnresolvedRefs(doc), 1);
    assert.equal(doc.a.extra['x-portal-unresolved'], '#/nowhere');
    assert.equal(replaceUnresolvedRefs({a: {$ref: '#/nowhere', inner: {$ref: '#/also-nowhere'}}}), 1);
  });
});

describe('tag hierarchy (3.2 parent, x-tagGroups)', () => {
  it('warns, with the pointer of the tag, about a parent the navigation cannot follow', () => {
    const {problems} = assign({
      info: {title: 'T', version: '1'},
      tags: [{name: 'a', parent: 'missing'}, {name: 'b', parent: 'c'}, {name: 'c', parent: 'b'}, {name: 'ok'}],
      paths: ops([['GET /a', {summary: 'A', tags: ['a', 'ok']}]]),
    });
    const hierarchy = problems.filter((p) => p.rule === PAGE_RULES.tagHierarchy);
    assert.deepEqual(
      hierarchy.map((p) => [p.file, p.pointer, p.severity]),
      [
        [FILE, '#/tags/0/parent', 'warn'],
        [FILE, '#/tags/1/parent', 'warn'],
      ],
    );
    assert.match(hierarchy[0]!.message, /^tag "a" names the parent "missing", which is not a tag of the document/);
  });

  it('warns about a tag listed in two x-tagGroups', () => {
    const {problems} = assign({
      info: {title: 'T', version: '1'},
      'x-tagGroups': [
        {name: 'G1', tags: ['x']},
        {name: 'G2', tags: ['x']},
      ],
      paths: ops([['GET /a', {summary: 'A', tags: ['x']}]]),
    });
    assert.deepEqual(
      problems.filter((p) => p.rule === PAGE_RULES.tagHierarchy).map((p) => p.pointer),
      ['#/x-tagGroups/1/tags'],
    );
  });
});
