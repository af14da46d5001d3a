/**
 * auth/store.ts: credentials per server origin, in this tab's memory; in sessionStorage only after
 * the reader opts in ("Remember in this tab"); "Forget" clears both. Each test loads a fresh copy of
 * the module (its state is module-level, read once per page) with its own stand-in window.
 */
import {afterEach, test} from 'node:test';
import assert from 'node:assert/strict';

const KEY = 'portal.console.credentials';

/** A sessionStorage stand-in that records what it was asked to do. */
class FakeStorage {
  data = new Map<string, string>();
  log: string[] = [];
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.log.push(`set ${k}`);
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.log.push(`remove ${k}`);
    this.data.delete(k);
  }
}

type Store = typeof import('./store').credentialStore;
const g = globalThis as {window?: unknown};

/** A fresh store module, with `window.sessionStorage` = storage (or no window at all). */
function freshStore(storage?: FakeStorage | 'throws'): Store {
  if (storage === undefined) delete g.window;
  else if (storage === 'throws') {
    g.window = {
      get sessionStorage(): Storage {
        throw new Error('SecurityError: storage disabled');
      },
    };
  } else g.window = {sessionStorage: storage};
  const file = require.resolve('./store');
  delete require.cache[file];
  return (require(file) as typeof import('./store')).credentialStore;
}

afterEach(() => {
  delete g.window;
});

test('credentials are kept per origin and key; empty is "not set"; memory only by default', () => {
  const storage = new FakeStorage();
  const store = freshStore(storage);
  assert.equal(store.get('https://a.x', 'k.value'), '');
  store.set('https://a.x', 'k.value', 'A');
  store.set('https://b.x', 'k.value', 'B');
  assert.equal(store.get('https://a.x', 'k.value'), 'A');
  assert.equal(store.get('https://b.x', 'k.value'), 'B', 'another origin, its own value');
  assert.equal(store.get('https://a.x', 'other'), '');
  assert.equal(store.remembered(), false);
  assert.equal(store.holdsAny(), true);
  assert.deepEqual(storage.log, [], 'nothing written to storage without the opt-in');
  store.set('https://a.x', 'k.value', '');
  store.set('https://b.x', 'k.value', '');
  assert.equal(store.get('https://a.x', 'k.value'), '');
  assert.equal(store.holdsAny(), false, 'setting "" removes the entry');
});

test('"Remember in this tab": mirrored into sessionStorage from then on (no empty values); off removes it', () => {
  const storage = new FakeStorage();
  const store = freshStore(storage);
  store.set('https://a.x', 'k.value', 'A');
  store.setRemembered(true);
  assert.equal(store.remembered(), true);
  assert.deepEqual(JSON.parse(storage.getItem(KEY)!), {'https://a.x k.value': 'A'});
  store.set('https://a.x', 'b.token', 'T');
  store.set('https://a.x', 'k.value', '');
  assert.deepEqual(JSON.parse(storage.getItem(KEY)!), {'https://a.x b.token': 'T'}, 'each change written; a cleared value left out');
  store.setRemembered(false);
  assert.equal(store.remembered(), false);
  assert.equal(storage.getItem(KEY), null);
  assert.equal(store.get('https://a.x', 'b.token'), 'T', 'still in memory for this page');
  store.set('https://a.x', 'c.value', 'C');
  assert.equal(storage.getItem(KEY), null, 'not written again after opting out');
});

test('a tab that remembered: the saved credentials are read back (strings only), and remembered stays on', () => {
  const storage = new FakeStorage();
  storage.data.set(KEY, JSON.stringify({'https://a.x k.value': 'A', 'https://a.x n': 5}));
  const store = freshStore(storage);
  assert.equal(store.remembered(), true);
  assert.equal(store.get('https://a.x', 'k.value'), 'A');
  assert.equal(store.get('https://a.x', 'n'), '', 'a value that is not a string is not taken');
  assert.equal(store.holdsAny(), true);
});

test('every entry point reads the saved credentials first', () => {
  const saved = JSON.stringify({'https://a.x k.value': 'A'});
  const seeded = () => {
    const storage = new FakeStorage();
    storage.data.set(KEY, saved);
    return storage;
  };
  assert.equal(freshStore(seeded()).remembered(), true, 'remembered()');
  assert.equal(freshStore(seeded()).get('https://a.x', 'k.value'), 'A', 'get()');
  const storage = seeded();
  freshStore(storage).set('https://b.x', 'x', 'B');
  assert.deepEqual(JSON.parse(storage.getItem(KEY)!), {'https://a.x k.value': 'A', 'https://b.x x': 'B'}, 'set() keeps what was saved');
  const off = seeded();
  const store = freshStore(off);
  store.setRemembered(true);
  assert.deepEqual(JSON.parse(off.getItem(KEY)!), {'https://a.x k.value': 'A'}, 'setRemembered() keeps what was saved');
  const holds = seeded();
  const h = freshStore(holds);
  assert.equal(h.holdsAny(), true, 'holdsAny()');
  holds.data.delete(KEY);
  assert.equal(h.holdsAny(), true, 'read into memory');
});

test('damaged saved data is removed, not trusted; nothing saved means not remembered', () => {
  const storage = new FakeStorage();
  storage.data.set(KEY, '{not json');
  const store = freshStore(storage);
  assert.equal(store.remembered(), false);
  assert.equal(storage.getItem(KEY), null);
  assert.equal(store.holdsAny(), false);
  const empty = new FakeStorage();
  const s2 = freshStore(empty);
  assert.equal(s2.remembered(), false);
  assert.deepEqual(empty.log, []);
  const blank = new FakeStorage();
  blank.data.set(KEY, '');
  assert.equal(freshStore(blank).remembered(), false, 'an empty saved value is nothing saved');
});

test('holdsAny sees storage another page of this tab wrote', () => {
  const storage = new FakeStorage();
  const store = freshStore(storage);
  assert.equal(store.holdsAny(), false);
  storage.data.set(KEY, '{}');
  assert.equal(store.holdsAny(), true);
});

test('Forget clears memory and storage for every origin, turns remembering off, and tells the listeners', () => {
  const storage = new FakeStorage();
  const store = freshStore(storage);
  let calls = 0;
  const unsubscribe = store.subscribe(() => calls++);
  store.set('https://a.x', 'k', 'A');
  store.set('https://b.x', 'k', 'B');
  store.setRemembered(true);
  assert.equal(calls, 3, 'each change is announced');
  store.forget();
  assert.equal(calls, 4);
  assert.equal(store.get('https://a.x', 'k'), '');
  assert.equal(store.get('https://b.x', 'k'), '');
  assert.equal(store.remembered(), false);
  assert.equal(storage.getItem(KEY), null);
  assert.equal(store.holdsAny(), false);
  store.set('https://a.x', 'k', 'again');
  assert.equal(storage.getItem(KEY), null, 'remembering is off after Forget');
  assert.equal(calls, 5);
  unsubscribe();
  store.set('https://a.x', 'k', 'more');
  store.forget();
  assert.equal(calls, 5, 'an unsubscribed listener hears nothing');
});

test('no window (server render) or storage disabled: memory only, no error', () => {
  const bare = freshStore();
  bare.set('https://a.x', 'k', 'A');
  bare.setRemembered(true);
  assert.equal(bare.get('https://a.x', 'k'), 'A');
  assert.equal(bare.holdsAny(), true);
  bare.forget();
  assert.equal(bare.holdsAny(), false);
  const disabled = freshStore('throws');
  disabled.set('https://a.x', 'k', 'A');
  disabled.setRemembered(true);
  assert.equal(disabled.get('https://a.x', 'k'), 'A');
  assert.equal(disabled.remembered(), true);
  disabled.setRemembered(false);
  disabled.forget();
  assert.equal(disabled.holdsAny(), false);
});
