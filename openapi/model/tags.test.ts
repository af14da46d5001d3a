import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {categorySlug, commonLabel, navigationTree, operationsBelow, pathGroup, readTags, tagLabels, type NavCategory} from './tags';

type Entry = {id: string; tags: string[]; path: string; webhook?: boolean};
const op = (id: string, path: string, ...tags: string[]): Entry => ({id, path, tags});

/** The tree as "label[slug]: op ids {children}" lines, indented by depth. */
function outline(tree: NavCategory<Entry>[], depth = 0): string[] {
  return tree.flatMap((n) => [
    `${'  '.repeat(depth)}${n.label} [${n.slug}]: ${n.operations.map((o) => o.id).join(' ')}`,
    ...outline(n.children, depth + 1),
  ]);
}

function treeOf(doc: Record<string, unknown>, entries: Entry[]) {
  const {tags, problems} = readTags(
    doc,
    entries.flatMap((e) => e.tags),
  );
  return {tree: navigationTree(tags, entries), tags, problems};
}

describe('hierarchical tags (3.2 parent, summary, kind)', () => {
  const doc = {
    tags: [
      {name: 'metering', summary: 'Metering', kind: 'nav'},
      {name: 'meters', summary: 'Meters', parent: 'metering', externalDocs: {url: 'https://x.test/hw', description: 'Hardware'}},
      {name: 'readings', summary: 'Readings', parent: 'metering', kind: 'nav'},
      {name: 'live', summary: 'Live readings', parent: 'readings', kind: 'nav'},
      {name: 'exports', kind: 'nav'},
      {name: 'internal', summary: 'Internal', kind: 'audience'},
      {name: 'beta', summary: 'Beta', kind: 'badge'},
      {name: 'empty', kind: 'nav'},
    ],
  };
  const entries = [
    op('list-meters', '/meters', 'meters', 'internal'),
    op('list-readings', '/readings', 'readings', 'beta'),
    op('stream', '/readings/live', 'live'),
    op('export', '/exports', 'exports'),
    op('both', '/both', 'meters', 'readings'),
    op('only-badge', '/v1/audits/{id}', 'beta'),
  ];

  it('nests nav tags under their parent at any depth, labelled by summary, operations before child categories', () => {
    const {tree, problems} = treeOf(doc, entries);
    assert.deepEqual(problems, []);
    assert.deepEqual(outline(tree), [
      'Metering [metering]: ',
      '  Meters [meters]: list-meters both',
      '  Readings [readings]: list-readings both',
      '    Live readings [live]: stream',
      'exports [exports]: export',
      'Audits [audits]: only-badge',
    ]);
    assert.deepEqual(
      operationsBelow(tree[0]!).map((o) => o.id),
      ['list-meters', 'both', 'list-readings', 'stream'],
    );
  });

  it('keeps badge and audience tags out of navigation and returns them as labels', () => {
    const {tags} = treeOf(doc, entries);
    assert.deepEqual(
      tagLabels(tags, ['meters', 'internal', 'beta', 'unknown']).map((t) => [t.label, t.kind]),
      [
        ['Internal', 'audience'],
        ['Beta', 'badge'],
      ],
    );
    assert.deepEqual(tags.get('meters')!.externalDocs, {url: 'https://x.test/hw', description: 'Hardware'});
  });

  it('reports a parent that is unknown, not a nav tag, or part of a cycle, and shows the tag at the top level', () => {
    const {tree, problems} = treeOf(
      {
        tags: [
          {name: 'a', parent: 'nowhere'},
          {name: 'b', parent: 'beta'},
          {name: 'beta', kind: 'badge'},
          {name: 'c', parent: 'd'},
          {name: 'd', parent: 'c'},
        ],
      },
      [op('1', '/x', 'a'), op('2', '/x', 'b'), op('3', '/x', 'c'), op('4', '/x', 'd')],
    );
    assert.deepEqual(
      problems.map((p) => p.pointer),
      ['#/tags/0/parent', '#/tags/1/parent', '#/tags/3/parent'],
    );
    assert.match(problems[0]!.message, /"nowhere", which is not a tag of the document; it is shown at the top level/);
    assert.match(problems[1]!.message, /of kind "badge", not a navigation tag/);
    assert.match(problems[2]!.message, /"c" is its own ancestor \("c" -> "d" -> "c"\)/);
    assert.deepEqual(outline(tree), ['a [a]: 1', 'b [b]: 2', 'c [c]: 3', '  d [d]: 4']);
  });
});

describe('x-tagGroups', () => {
  it('makes each group a parent category; tags in no group stay at the top level after the groups', () => {
    const {tree, problems} = treeOf(
      {
        tags: [{name: 'Customers', 'x-displayName': 'All customers'}, {name: 'Invoices'}, {name: 'Audit'}],
        'x-tagGroups': [
          {name: 'Accounts', tags: ['Customers', 'Contacts']},
          {name: 'Billing', tags: ['Invoices', 'Customers']},
        ],
      },
      [op('c', '/c', 'Customers'), op('i', '/i', 'Invoices'), op('k', '/k', 'Contacts'), op('a', '/a', 'Audit'), op('n', '/n', 'New')],
    );
    assert.deepEqual(outline(tree), [
      'Accounts [accounts]: ',
      '  All customers [customers]: c',
      '  Contacts [contacts]: k',
      'Billing [billing]: ',
      '  Invoices [invoices]: i',
      'Audit [audit]: a',
      'New [new]: n',
    ]);
    assert.deepEqual(problems, [
      {pointer: '#/x-tagGroups/1/tags', message: 'tag "Customers" is already in the group "Accounts"; it is shown there only.'},
    ]);
  });
});

describe('untagged operations', () => {
  it('group by the path\'s first segment that is not a version, a template or "api"', () => {
    const cases: [string, string | undefined][] = [
      ['/v1/customers/{id}', 'Customers'],
      ['/2010-01-01/hosted-zones', 'Hosted Zones'],
      ['/api/v2beta1/billProfiles', 'Bill Profiles'],
      ['/{tenant}/users.json', 'Users'],
      ['/api', 'Api'],
      ['/', undefined],
      ['/v1', undefined],
    ];
    for (const [path, label] of cases) assert.equal(pathGroup(path) && commonLabel([pathGroup(path)!.words]), label, path);
  });

  it("group query-style (AWS) paths by the action's noun, labelled by the words the group shares", () => {
    assert.deepEqual(pathGroup('/#Action=DescribeInstances'), {key: 'action:instance', words: ['Instance']});
    assert.deepEqual(pathGroup('/?Action=ModifyInstanceAttribute&Version=2016-11-15'), {
      key: 'action:instance',
      words: ['Instance', 'Attribute'],
    });
    assert.equal(pathGroup('/#Action=Publish')!.key, 'action:publish');
    const {tree} = treeOf({}, [
      op('a', '/#Action=CreateTransitGateway'),
      op('b', '/#Action=DescribeTransitGatewayRouteTables'),
      op('c', '/?Action=DescribeInstances'),
      op('d', '/#Action=ModifyInstanceAttribute'),
      op('e', '/#Action=DescribeAddresses'),
    ]);
    assert.deepEqual(outline(tree), ['Transit Gateway [transit-gateway]: a b', 'Instance [instance]: c d', 'Address [address]: e']);
    // Only a word the members spell differently is shown in the singular.
    assert.equal(commonLabel([['Instances'], ['Instance', 'Attribute']]), 'Instance');
    assert.equal(
      commonLabel([
        ['Payment', 'Methods'],
        ['Payment', 'Methods'],
      ]),
      'Payment Methods',
    );
  });

  it('join the category of a tag with the same address; webhooks and unnamed paths get their own', () => {
    const entries: Entry[] = [
      op('t', '/customers', 'Customers'),
      op('u', '/v1/customers/{id}'),
      op('x', '/'),
      {id: 'w', path: 'invoice.paid', tags: [], webhook: true},
      op('b', '/audits', 'beta'),
    ];
    const {tree} = treeOf({tags: [{name: 'beta', kind: 'badge'}]}, entries);
    assert.deepEqual(outline(tree), ['Customers [customers]: t u', 'Other [other]: x', 'Webhooks [webhooks]: w', 'Audits [audits]: b']);
  });
});

describe('category addresses', () => {
  it('are unique: a group named like a tag, or a name without letters, is numbered', () => {
    const {tree} = treeOf({tags: [{name: 'billing'}, {name: '!!'}], 'x-tagGroups': [{name: 'Billing', tags: ['billing']}]}, [
      op('a', '/a', 'billing'),
      op('b', '/b', '!!'),
    ]);
    assert.deepEqual(outline(tree), ['Billing [billing]: ', '  billing [billing-2]: a', '!! [category]: b']);
  });
});

describe('categorySlug', () => {
  it('keeps the addresses categories have always had (lodash kebabCase of the name)', () => {
    assert.equal(categorySlug('Bill Profiles'), 'bill-profiles');
    assert.equal(categorySlug('core_v1'), 'core-v-1');
  });
});
