import {test} from 'node:test';
import assert from 'node:assert/strict';
import {groupByPage, rowsOfGroups, type Groupable} from './group';
import {itemsOfRows} from './page-items';
import {DocType} from './types';

let nextId = 0;
const title = (u: string): Groupable => ({type: DocType.Title, document: {i: ++nextId, t: `Title of ${u}`, u}});
const heading = (u: string, h: string): Groupable => ({type: DocType.Heading, document: {i: ++nextId, t: `Heading ${h}`, u, h}});
const text = (u: string, h = ''): Groupable => ({type: DocType.Content, document: {i: ++nextId, t: `Text of ${u}${h}`, u, h}});
const description = (u: string): Groupable => ({type: DocType.Description, document: {i: ++nextId, t: `Description of ${u}`, u}});

/** Rows as "page-row|section-row url#hash (+ merged text)". */
const show = (ranked: Groupable[], maxRows: number, maxSections?: number) =>
  rowsOfGroups(groupByPage(ranked, maxRows, maxSections)).map(
    (r) =>
      `${r.head ? (r.promoted ? 'page*' : 'page') : r.isLastOfTree ? '└' : '├'} ${r.result.document.u}${r.result.document.h ?? ''}` +
      (r.text ? ` + ${r.text.document.t}` : ''),
  );

test('a page and the text before its first heading are one row: the title, the text as its snippet', () => {
  // As /search listed "Create invoice", then "Creates a one-off invoice…" with no page name.
  assert.deepEqual(show([title('/a'), text('/a'), title('/b'), text('/b')], 10), ['page /a + Text of /a', 'page /b + Text of /b']);
  // The text ranked first: the title still leads (the text is its snippet).
  assert.deepEqual(show([text('/a'), title('/a')], 10), ['page /a + Text of /a']);
  // A description and the intro text are the same place: the first is kept.
  assert.deepEqual(show([title('/a'), description('/a'), text('/a')], 10), ['page /a + Description of /a']);
});

test('a page found through a section only: that section stands for the page, the others go under it', () => {
  assert.deepEqual(show([text('/a', '#x'), title('/b'), heading('/a', '#y'), text('/a', '#z')], 10), [
    'page* /a#x',
    '├ /a#y',
    '└ /a#z',
    'page /b',
  ]);
  // Its title found later leads the page; the sections go under it, in their order.
  assert.deepEqual(show([text('/a', '#x'), heading('/a', '#y'), title('/a')], 10), ['page /a', '├ /a#x', '└ /a#y']);
});

test('a heading and the text of its section are one row: the heading, the text as its snippet', () => {
  const h = heading('/a', '#x');
  const t = text('/a', '#x');
  assert.deepEqual(show([title('/a'), h, t], 10), ['page /a', `└ /a#x + ${t.document.t}`]);
  assert.deepEqual(show([title('/a'), t, h], 10), ['page /a', `└ /a#x + ${t.document.t}`], 'text first: the heading still leads');
  assert.deepEqual(show([t, h], 10), [`page* /a#x + ${t.document.t}`]);
});

test('the limits: rows in all (the modal shows 5), sections per page; later pages are left out, not cut', () => {
  const ranked = [
    title('/a'),
    heading('/a', '#1'),
    heading('/a', '#2'),
    heading('/a', '#3'),
    heading('/a', '#4'),
    title('/b'),
    title('/c'),
  ];
  assert.deepEqual(show(ranked, 5), ['page /a', '├ /a#1', '├ /a#2', '└ /a#3', 'page /b']);
  assert.deepEqual(show(ranked, 5, 1), ['page /a', '└ /a#1', 'page /b', 'page /c']);
  assert.deepEqual(show(ranked, 2), ['page /a', '└ /a#1']);
  // A late title takes its page's row; the section has no room left under it.
  assert.deepEqual(show([text('/a', '#x'), title('/b'), title('/a')], 2), ['page /a', 'page /b']);
  // A late title that fits by leaving out the page's last section.
  assert.deepEqual(show([text('/a', '#x'), heading('/a', '#y'), title('/a')], 2), ['page /a', '└ /a#x']);
  assert.deepEqual(show([], 5), []);
  assert.deepEqual(show([title('/a')], 0), []);
});

test('each page once, whatever documents of it match (no page listed twice)', () => {
  const ranked = [text('/a', '#x'), title('/b'), text('/a', '#y'), heading('/b', '#z'), description('/a'), title('/a')];
  const rows = rowsOfGroups(groupByPage(ranked, 100));
  const heads = rows.filter((r) => r.head).map((r) => r.result.document.u);
  assert.deepEqual(heads, ['/a', '/b']);
});

test('itemsOfRows: one item per page row, with the rows of its sections', () => {
  const rows = [
    {id: 'a', isInterOfTree: false, isLastOfTree: false},
    {id: 'a1', isInterOfTree: true, isLastOfTree: false},
    {id: 'a2', isInterOfTree: false, isLastOfTree: true},
    {id: 'b', isInterOfTree: false, isLastOfTree: false},
  ];
  assert.deepEqual(
    itemsOfRows(rows).map((item) => [item.row.id, item.sections.map((s) => s.id)]),
    [
      ['a', ['a1', 'a2']],
      ['b', []],
    ],
  );
});

test('a page standing for itself through a section takes at most maxSections sections under it', () => {
  assert.deepEqual(show([text('/a', '#x'), heading('/a', '#y'), heading('/a', '#z')], 10, 1), ['page* /a#x', '└ /a#y']);
  assert.deepEqual(show([text('/a', '#x'), heading('/a', '#y'), heading('/a', '#z')], 10, 2), ['page* /a#x', '├ /a#y', '└ /a#z']);
  // When its title comes, the sections beyond the cap go: the title takes the row the first stood in.
  assert.deepEqual(show([text('/a', '#x'), heading('/a', '#y'), heading('/a', '#z'), title('/a')], 10, 2), ['page /a', '├ /a#x', '└ /a#y']);
});

test('two results of the same kind for one section: the first is kept, nothing merged into it', () => {
  const h1 = heading('/a', '#x');
  assert.deepEqual(show([title('/a'), h1, heading('/a', '#x')], 10), ['page /a', '└ /a#x']);
  assert.deepEqual(show([title('/a'), text('/a', '#x'), text('/a', '#x')], 10), ['page /a', '└ /a#x']);
  assert.equal(rowsOfGroups(groupByPage([title('/a'), h1, heading('/a', '#x')], 10))[1]!.result, h1);
  // Without its title: the page's description and intro text are one place, the first kept.
  const d = description('/a');
  const rows = rowsOfGroups(groupByPage([d, text('/a')], 10));
  assert.deepEqual(
    rows.map((r) => [r.result, r.text]),
    [[d, undefined]],
  );
});

test('a second title result of the same page is left out (the first stays)', () => {
  const first = title('/a');
  const rows = rowsOfGroups(groupByPage([first, heading('/a', '#x'), title('/a')], 10));
  assert.deepEqual(
    rows.map((r) => r.result),
    [first, rows[1]!.result],
  );
  assert.equal(rows.length, 2);
});

test('a late title counts its rows exactly: the pages after it still get the rows left', () => {
  // /a stood in one row; its title makes two (the section goes under it): one row is left for /b.
  assert.deepEqual(show([text('/a', '#x'), title('/a'), title('/b')], 3), ['page /a', '└ /a#x', 'page /b']);
  assert.deepEqual(show([text('/a', '#x'), title('/a'), title('/b')], 2), ['page /a', '└ /a#x']);
  // Two rows taken before the title (#x standing for the page, #y under it), two after: nothing changes.
  assert.deepEqual(show([text('/a', '#x'), heading('/a', '#y'), title('/a'), title('/b')], 3), ['page /a', '├ /a#x', '└ /a#y']);
  // Full: the title keeps as many sections as fit with the rows of the other pages.
  assert.deepEqual(show([text('/a', '#x'), heading('/a', '#y'), title('/b'), title('/a'), heading('/b', '#q')], 3), [
    'page /a',
    '└ /a#x',
    'page /b',
  ]);
});

test('rows carry the tree flags: a page row is in no tree; its sections are, the last one closing it', () => {
  const ranked = [title('/a'), heading('/a', '#1'), heading('/a', '#2'), text('/b', '#x'), heading('/b', '#y')];
  assert.deepEqual(
    rowsOfGroups(groupByPage(ranked, 10)).map((r) => [r.head, r.promoted, r.isInterOfTree, r.isLastOfTree]),
    [
      [true, false, false, false],
      [false, false, true, false],
      [false, false, false, true],
      [true, true, false, false],
      [false, false, false, true],
    ],
  );
});
