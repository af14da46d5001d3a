/**
 * The menu of the "Copy page" button (loaded on use by ./index): a WAI-ARIA menu whose items are
 * reached with the arrow keys, Home and End; Escape closes it and returns to the button, Tab or a
 * click elsewhere closes it.
 */
import React, {useEffect, useRef, useState, type RefObject} from 'react';
import styles from './menu.module.css';

export interface MenuProps {
  /** Site path of the page's Markdown twin. */
  markdownPath: string;
  initialFocus: 'first' | 'last';
  button: RefObject<HTMLButtonElement | null>;
  onClose(restoreFocus: boolean): void;
}

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

export default function Menu({markdownPath, initialFocus, button, onClose}: MenuProps) {
  const menu = useRef<HTMLUListElement>(null);
  const [status, setStatus] = useState('');
  const url = new URL(markdownPath, window.location.href).href;
  const prompt = encodeURIComponent(chatPrompt(url));

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  useEffect(() => {
    const list = items();
    (initialFocus === 'first' ? list[0] : list[list.length - 1])?.focus();
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const list = items();
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
      onClose(true);
    } else if (e.key === 'Tab') onClose(false);
  };

  const copy = () => {
    setStatus('Copying…');
    copyMarkdown(url).then(
      () => setStatus('Copied as Markdown'),
      () => setStatus('Could not copy: open "View as Markdown" instead'),
    );
  };

  return (
    <>
      <ul ref={menu} id="copy-page-menu" role="menu" aria-labelledby="copy-page-button" className={styles.menu} onKeyDown={onKeyDown}>
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={copy}>
            Copy page as Markdown
            <span className={styles.hint}>for LLMs and coding agents</span>
          </button>
        </li>
        <li role="none">
          <a role="menuitem" tabIndex={-1} className={styles.item} href={markdownPath} target="_blank" rel="noopener" onClick={() => onClose(false)}>
            View as Markdown
            <span className={styles.hint}>this page as plain text</span>
          </a>
        </li>
        <li role="none">
          <a role="menuitem" tabIndex={-1} className={styles.item} href={`https://chatgpt.com/?hints=search&q=${prompt}`} target="_blank" rel="noopener noreferrer" onClick={() => onClose(false)}>
            Open in ChatGPT
            <span className={styles.hint}>ask questions about this page</span>
          </a>
        </li>
        <li role="none">
          <a role="menuitem" tabIndex={-1} className={styles.item} href={`https://claude.ai/new?q=${prompt}`} target="_blank" rel="noopener noreferrer" onClick={() => onClose(false)}>
            Open in Claude
            <span className={styles.hint}>ask questions about this page</span>
          </a>
        </li>
      </ul>
      <span role="status" className={styles.status}>
        {status}
      </span>
    </>
  );
}
