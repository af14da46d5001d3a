/**
 * The "Copy page" menu button of doc and API pages. Only the button is in the page's bundle: the
 * menu (./Menu: copy as Markdown, view as Markdown, open in ChatGPT or Claude) is loaded on first
 * use, or warmed when the pointer or focus reaches the button. The page's Markdown twin is
 * `<path>.md` (plugins/agent-docs).
 */
import React, {useRef, useState, type ComponentType} from 'react';
import {useLocation} from '@docusaurus/router';
import type {MenuProps} from './Menu';
import styles from './styles.module.css';

let menuModule: Promise<{default: ComponentType<MenuProps>}> | null = null;
function loadMenu() {
  if (!menuModule) {
    menuModule = import('./Menu');
    menuModule.catch(() => (menuModule = null));
  }
  return menuModule;
}

export const markdownPath = (pathname: string): string => (pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`);

export default function CopyPage() {
  const {pathname} = useLocation();
  const [Menu, setMenu] = useState<ComponentType<MenuProps> | null>(null);
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const button = useRef<HTMLButtonElement>(null);
  const show = (focus: 'first' | 'last') =>
    loadMenu().then(
      (m) => {
        setMenu(() => m.default);
        setOpen(focus);
      },
      () => undefined,
    );
  const warm = () => void loadMenu().catch(() => undefined);
  return (
    <div className={`copy-page search-skip ${styles.wrap}`}>
      <button
        ref={button}
        type="button"
        id="copy-page-button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? 'copy-page-menu' : undefined}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => (open ? setOpen(false) : void show('first'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            void show(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}>
        Copy page <span aria-hidden="true">▾</span>
      </button>
      {open && Menu && (
        <Menu
          markdownPath={markdownPath(pathname)}
          initialFocus={open}
          button={button}
          onClose={(restoreFocus) => {
            setOpen(false);
            if (restoreFocus) button.current?.focus();
          }}
        />
      )}
    </div>
  );
}
