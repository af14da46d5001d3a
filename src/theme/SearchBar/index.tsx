/**
 * Navbar search (replaces @easyops-cn/docusaurus-search-local's dropdown SearchBar).
 *
 * Part of every page's first-load bundle, so it only holds the button, the keyboard shortcuts
 * (Ctrl/Cmd+K, and "/" outside text fields) and the highlighting of `_highlight` terms on the
 * current page. The modal, the search worker, lunr and the index are loaded on demand: when the
 * reader hovers/focuses/touches the button (prefetch) or opens the search.
 */
import React, {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {searchClientConfig} from '@site/src/config/search';
import {applySearchHighlight, HIGHLIGHT_PARAM, MARK_ATTRIBUTE} from '@site/src/components/Search/highlightPage';
import type {CloseReason, SearchModalProps} from '@site/src/components/Search/SearchModal';
import WidgetBoundary, {WidgetFailure} from '@site/src/components/WidgetBoundary';
import styles from './styles.module.css';

type ModalModule = typeof import('@site/src/components/Search/SearchModal');

let modalModule: Promise<ModalModule> | null = null;
let LoadedModal: ComponentType<SearchModalProps> | null = null;

function loadModal(): Promise<ModalModule> {
  if (!modalModule) {
    modalModule = import('@site/src/components/Search/SearchModal');
    modalModule.then(
      (m) => {
        LoadedModal = m.default;
      },
      () => {
        modalModule = null; // let a later attempt retry
      },
    );
  }
  return modalModule;
}

/** True when a key press is meant for a text field (or similar) rather than the page. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return false;
  if (target.closest('input, select, textarea, [contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]'))
    return true;
  return (target as HTMLElement).isContentEditable === true;
}

export default function SearchBar(): ReactNode {
  const {
    siteConfig: {baseUrl, customFields},
  } = useDocusaurusContext();
  const location = useLocation();
  const label = searchClientConfig.translations.search_placeholder;
  const [open, setOpen] = useState(false);
  const [Modal, setModal] = useState<ComponentType<SearchModalProps> | null>(() => LoadedModal);
  const [isMac, setIsMac] = useState<boolean | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const openRef = useRef(false);
  const restoreFocus = useRef<HTMLElement | null>(null);
  const pendingRestore = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const prepare = useCallback(
    () =>
      loadModal().then((m) => {
        m.warmUp(baseUrl, customFields?.apiVersions);
        setModal(() => m.default);
      }),
    [baseUrl, customFields],
  );

  const warm = useCallback(() => {
    prepare().catch(() => undefined);
  }, [prepare]);

  const openSearch = useCallback(() => {
    if (openRef.current) return;
    openRef.current = true;
    const active = document.activeElement;
    restoreFocus.current = active instanceof HTMLElement && active !== document.body ? active : buttonRef.current;
    setOpen(true);
    setLoadError(null);
    prepare().catch((error: unknown) => {
      console.warn('The search could not be loaded:', error);
      openRef.current = false;
      setOpen(false);
      setLoadError(error);
    });
  }, [prepare]);

  const close = useCallback((reason: CloseReason) => {
    if (!openRef.current) return;
    openRef.current = false;
    pendingRestore.current = reason !== 'navigate';
    setOpen(false);
  }, []);

  // Give the focus back once the dialog is gone (a modal dialog makes the rest of the page inert).
  useEffect(() => {
    if (open || !pendingRestore.current) return;
    pendingRestore.current = false;
    const target = restoreFocus.current?.isConnected ? restoreFocus.current : buttonRef.current;
    target?.focus();
  }, [open]);

  useEffect(() => {
    setIsMac(/Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.composedPath?.()[0] ?? event.target;
      if ((event.key === 'k' || event.key === 'K') && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        openSearch();
      } else if (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isEditableTarget(target)) {
        event.preventDefault();
        openSearch();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openSearch]);

  // Mark the searched terms on the page a result led to (?_highlight=term&_highlight=term2).
  useEffect(() => {
    if (!searchClientConfig.highlightSearchTermsOnTargetPage) return;
    const hasTerms = new URLSearchParams(location.search).has(HIGHLIGHT_PARAM);
    if (!hasTerms && !document.querySelector(`mark[${MARK_ATTRIBUTE}]`)) return;
    // After the page's own effects (code blocks re-render once hydrated); again a little later
    // for content that appears late.
    const timers = [0, 600].map((delay) => setTimeout(() => applySearchHighlight(document, location.search), delay));
    return () => timers.forEach(clearTimeout);
  }, [location.pathname, location.search]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Control+K Meta+K /"
        aria-busy={open && !Modal ? true : undefined}
        onClick={openSearch}
        onMouseEnter={warm}
        onFocus={warm}
        onTouchStart={warm}
      >
        <svg className={styles.icon} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path
            d="M14.4 12.9 19 17.5 17.5 19l-4.6-4.6a7.5 7.5 0 1 1 1.5-1.5ZM8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11Z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.label}>{label}</span>
        {isMac !== null && (
          <span className={styles.keys} aria-hidden="true">
            <kbd>{isMac ? '⌘' : 'Ctrl'}</kbd>
            <kbd>K</kbd>
          </span>
        )}
      </button>
      {open && Modal && (
        <WidgetBoundary name="The search" onRetry={() => setOpen(true)} onClose={() => close('escape')}>
          <Modal onClose={close} />
        </WidgetBoundary>
      )}
      {loadError !== null && !open && (
        <div className={styles.failure}>
          <WidgetFailure name="The search" error={loadError} onRetry={openSearch} onClose={() => setLoadError(null)} />
        </div>
      )}
    </>
  );
}
