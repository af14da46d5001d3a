/**
 * Where the request console keeps credentials. By default: this tab's memory only (they survive
 * moving between operation pages, not a reload), scoped to the server origin they were typed for.
 * "Remember in this tab until it closes" is an explicit opt-in that mirrors them into sessionStorage (this tab,
 * until it closes); "Forget" clears memory and storage. Nothing here logs, and nothing goes into a
 * URL.
 */

const STORAGE_KEY = 'portal.console.credentials';
const memory = new Map<string, string>();
const listeners = new Set<() => void>();
let remembered = false;
let loaded = false;

const entryKey = (origin: string, key: string) => `${origin} ${key}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: memory only
  }
}

function load(): void {
  if (loaded) return;
  loaded = true;
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return;
  try {
    const saved = JSON.parse(raw) as Record<string, string>;
    for (const [k, v] of Object.entries(saved)) if (typeof v === 'string') memory.set(k, v);
    remembered = true;
  } catch {
    storage()?.removeItem(STORAGE_KEY);
  }
}

function persist(): void {
  if (!remembered) return;
  storage()?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...memory].filter(([, v]) => v !== ''))));
}

function changed(): void {
  persist();
  for (const l of listeners) l();
}

export const credentialStore = {
  get(origin: string, key: string): string {
    load();
    return memory.get(entryKey(origin, key)) ?? '';
  },
  set(origin: string, key: string, value: string): void {
    load();
    if (value === '') memory.delete(entryKey(origin, key));
    else memory.set(entryKey(origin, key), value);
    changed();
  },
  /** Whether the reader opted in to keep credentials in this tab's session storage. */
  remembered(): boolean {
    load();
    return remembered;
  },
  setRemembered(on: boolean): void {
    load();
    remembered = on;
    if (on) persist();
    else storage()?.removeItem(STORAGE_KEY);
    changed();
  },
  /** Whether anything is kept (memory or storage). */
  holdsAny(): boolean {
    load();
    return memory.size > 0 || Boolean(storage()?.getItem(STORAGE_KEY));
  },
  /** Forget every credential: memory and session storage, every origin. */
  forget(): void {
    memory.clear();
    remembered = false;
    storage()?.removeItem(STORAGE_KEY);
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
