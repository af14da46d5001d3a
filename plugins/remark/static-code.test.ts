import {test} from 'node:test';
import assert from 'node:assert/strict';
import remarkStaticCode, {staticCodeNode, titleOnly} from './static-code';

type Node = {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  name?: string;
  attributes?: {type: 'mdxJsxAttribute'; name: string; value: string}[];
  children?: Node[];
};
const attrs = (node: Node) => Object.fromEntries((node.attributes ?? []).map((a) => [a.name, a.value]));

test('titleOnly: a title alone is supported, anything else is left to the theme', () => {
  assert.equal(titleOnly(undefined), '');
  assert.equal(titleOnly('  '), '');
  assert.equal(titleOnly('title="sync-ledger.ts"'), 'sync-ledger.ts');
  assert.equal(titleOnly("title='money.ts'"), 'money.ts');
  assert.equal(titleOnly('{1,3}'), null);
  assert.equal(titleOnly('title="a.ts" showLineNumbers'), null);
  assert.equal(titleOnly('live'), null);
});

test('fences become StaticCode with the raw code and build-time token markup', () => {
  const code = 'const total: number = 1 + 2; // sum\nconsole.log("<b>" + total);';
  const tree: Node = {
    type: 'root',
    children: [
      {type: 'paragraph', children: [{type: 'inlineCode', value: 'x'}]},
      {type: 'code', lang: 'ts', meta: 'title="sum.ts"', value: code},
      {type: 'blockquote', children: [{type: 'code', lang: null, meta: null, value: 'plain <text>'}]},
      {type: 'code', lang: 'js', meta: '{2}', value: 'a();\nb();'},
    ],
  };
  remarkStaticCode()(tree);
  const [para, ts, quote, kept] = tree.children!;
  assert.equal(para!.children![0]!.type, 'inlineCode', 'inline code is untouched');
  assert.equal(ts!.type, 'mdxJsxFlowElement');
  assert.equal(ts!.name, 'StaticCode');
  const a = attrs(ts!);
  assert.equal(a.language, 'ts');
  assert.equal(a.title, 'sum.ts');
  assert.equal(a.code, code);
  assert.match(a.html!, /<span class=k>const<\/span>/);
  assert.match(a.html!, /<span class=c>\/\/ sum<\/span>/);
  assert.match(a.html!, /&lt;b&gt;/, 'markup in strings is escaped');
  assert.ok(!a.html!.includes('<b>'));
  const plain = attrs(quote!.children![0]!);
  assert.equal(plain.html, 'plain &lt;text&gt;', 'no language: escaped text, no spans');
  assert.equal(plain.title, undefined);
  assert.deepEqual(kept, {type: 'code', lang: 'js', meta: '{2}', value: 'a();\nb();'}, 'line highlighting stays with the theme');
});

test('staticCodeNode leaves an unknown language unhighlighted', () => {
  assert.equal(attrs(staticCodeNode('x := <y>', 'brainfuck', '')).html, 'x := &lt;y&gt;');
});
