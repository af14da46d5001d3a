/**
 * The menu of the "Copy page" button, loaded on first use by ./index, in plain DOM (no React: the
 * button's wrapper is markup React does not manage). A WAI-ARIA menu button: Enter, Space or a
 * click toggles the menu and focuses its first item, ArrowDown / ArrowUp open it on the first /
 * last item; in the menu the arrow keys, Home and End move, Escape closes it and returns to the
 * button, Tab or a pointer press elsewhere closes it. Its styles are in ./styles.module.css.
 */
/** Site path of a page's Markdown twin (plugins/agent-docs): "/x" -> "/x.md", "/" -> "/index.md". */
export const markdownPath = (pathname: string): string => (pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`);

/** The prompt the chat links start with: read the page's Markdown, then answer questions. */
export function chatPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask questions about it.`;
}

async function copyMarkdown(url: string): Promise<void> {
  const text = fetch(url).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.text();
  });
  // A ClipboardItem with a pending value keeps the click's user activation across the fetch (Safari).
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))})]);
      return;
    } catch {
      // Fall through to writeText.
    }
  }
  await navigator.clipboard.writeText(await text);
}

interface Open {
  button: HTMLButtonElement;
  menu: HTMLUListElement;
  status: HTMLElement;
  onPointerDown: (e: PointerEvent) => void;
}

/** The open menu (one button per page). */
let current: Open | null = null;
/** The status line of the last copy, left beside the button after its menu closed. */
let lingering: {status: HTMLElement; timer: number} | null = null;
/** How long "Copied as Markdown" stays beside the button. */
const STATUS_MS = 4000;

function dropLingering(): void {
  if (!lingering) return;
  window.clearTimeout(lingering.timer);
  lingering.status.remove();
  lingering = null;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function item(tag: 'a' | 'button', label: string, hint: string, attrs: Record<string, string>): HTMLLIElement {
  const li = element('li', {}, {role: 'none'});
  const el = element(tag, {tabIndex: -1}, {role: 'menuitem', ...attrs});
  el.append(label, element('span', {textContent: hint}));
  li.append(el);
  return li;
}

const items = (menu: HTMLElement) => Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]'));

/** Close the open menu; `keepStatus` leaves its status line (a copy in progress or done) for a while. */
function close(restoreFocus: boolean, keepStatus = false): void {
  if (!current) return;
  const {button, menu, status, onPointerDown} = current;
  current = null;
  document.removeEventListener('pointerdown', onPointerDown);
  menu.remove();
  if (keepStatus) lingering = {status, timer: window.setTimeout(dropLingering, STATUS_MS)};
  else status.remove();
  button.setAttribute('aria-expanded', 'false');
  button.removeAttribute('aria-controls');
  if (restoreFocus && button.isConnected) button.focus();
}

function open(button: HTMLButtonElement, focus: 'first' | 'last'): void {
  close(false);
  dropLingering();
  const path = markdownPath(window.location.pathname);
  const url = new URL(path, window.location.href).href;
  const prompt = encodeURIComponent(chatPrompt(url));
  const external = {target: '_blank', rel: 'noopener noreferrer'};
  const menu = element('ul', {id: 'copy-page-menu'}, {role: 'menu', 'aria-labelledby': button.id});
  const copy = item('button', 'Copy page as Markdown', 'for LLMs and coding agents', {type: 'button'});
  menu.append(
    copy,
    item('a', 'View as Markdown', 'this page as plain text', {href: path, target: '_blank', rel: 'noopener'}),
    item('a', 'Open in ChatGPT', 'ask questions about this page', {href: `https://chatgpt.com/?hints=search&q=${prompt}`, ...external}),
    item('a', 'Open in Claude', 'ask questions about this page', {href: `https://claude.ai/new?q=${prompt}`, ...external}),
  );
  const status = element('span', {}, {role: 'status'});

  menu.addEventListener('click', (e) => {
    const target = (e.target as Element).closest('[role="menuitem"]');
    if (!target) return;
    if (target.tagName === 'A') return close(false);
    // The clipboard write starts now, inside the click (its user activation); the menu closes and
    // focus goes back to the button, where the status line says how the copy went.
    status.textContent = 'Copying…';
    copyMarkdown(url).then(
      () => (status.textContent = 'Copied as Markdown'),
      () => (status.textContent = 'Could not copy: open "View as Markdown" instead'),
    );
    close(true, true);
  });
  menu.addEventListener('keydown', (e) => {
    const list = items(menu);
    const i = list.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => {
      e.preventDefault();
      list[(n + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  });
  const onPointerDown = (e: PointerEvent) => {
    const t = e.target as Node;
    if (!menu.contains(t) && !button.contains(t)) close(false);
  };
  document.addEventListener('pointerdown', onPointerDown);

  button.after(menu, status);
  button.setAttribute('aria-expanded', 'true');
  button.setAttribute('aria-controls', menu.id);
  current = {button, menu, status, onPointerDown};
  const list = items(menu);
  (focus === 'first' ? list[0] : list[list.length - 1])?.focus();
}

/** A click or an arrow key that reached the button's wrapper (./index). */
export default function handle({type, target, key}: {type: string; target: EventTarget | null; key?: string}): void {
  const button = target instanceof Element ? target.closest<HTMLButtonElement>('#copy-page-button') : null;
  if (!button) return; // an event from inside the menu: the menu's own listeners handle it
  if (type === 'click') {
    if (current?.button === button) close(false);
    else open(button, 'first');
  } else if (key === 'ArrowDown' || key === 'ArrowUp') open(button, key === 'ArrowDown' ? 'first' : 'last');
}
