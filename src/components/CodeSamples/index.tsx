import React, {useEffect, useId, useRef, useState, type KeyboardEvent} from 'react';
import clsx from 'clsx';
import CopyButton from '../CopyButton';
import styles from './styles.module.css';

export interface Snippet {
  id: string;
  label: string;
  /** Highlighted HTML, produced at build time. */
  html: string;
}

const STORAGE_KEY = 'portal.codeSampleLanguage';
const CHANGE_EVENT = 'portal:code-language';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The reader's language choice, remembered in local storage and shared by every sample panel on
 * the page and in other tabs.
 */
function useRememberedChoice(ids: string[], remember: boolean): [string, (id: string) => void] {
  const [choice, setChoice] = useState(ids[0]);
  useEffect(() => {
    if (!remember) return;
    const sync = () => {
      const stored = readStored();
      if (stored && ids.includes(stored)) setChoice(stored);
    };
    sync();
    window.addEventListener(CHANGE_EVENT, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(CHANGE_EVENT, sync);
      window.removeEventListener('storage', sync);
    };
  }, [ids.join(','), remember]);
  const choose = (id: string) => {
    setChoice(id);
    if (!remember) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  };
  return [ids.includes(choice) ? choice : ids[0], choose];
}

/** Tabs of pre-highlighted code with a copy button; the selected tab is remembered when `remember`. */
export default function CodeSamples({
  title,
  snippets,
  remember = true,
  className,
}: {
  title: string;
  snippets: Snippet[];
  remember?: boolean;
  className?: string;
}) {
  const ids = snippets.map((s) => s.id);
  const [selected, choose] = useRememberedChoice(ids, remember);
  const base = useId();
  const codeRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  if (snippets.length === 0) return null;
  const current = snippets.find((s) => s.id === selected) ?? snippets[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = snippets.length - 1;
    const next = {ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last}[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(snippets[next].id);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className={clsx(styles.panel, className)} aria-label={title}>
      <div className={styles.header}>
        <span className={styles.title}>{title}</span>
        <CopyButton target={() => codeRef.current} label={`Copy ${current.label}`} className={styles.copy} />
      </div>
      {snippets.length > 1 && (
        <div className={styles.tabs} role="tablist" aria-label={`${title} language`}>
          {snippets.map((s, i) => (
            <button
              key={s.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${s.id}`}
              aria-selected={s.id === current.id}
              aria-controls={`${base}-panel`}
              tabIndex={s.id === current.id ? 0 : -1}
              className={clsx(styles.tab, s.id === current.id && styles.active)}
              onClick={() => choose(s.id)}
              onKeyDown={(e) => onKeyDown(e, i)}>
              {s.label}
            </button>
          ))}
        </div>
      )}
      <pre
        className={clsx('api-code', styles.code)}
        id={`${base}-panel`}
        role={snippets.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={snippets.length > 1 ? `${base}-tab-${current.id}` : undefined}
        tabIndex={0}
        data-language={current.id}>
        <code ref={codeRef} dangerouslySetInnerHTML={{__html: current.html}} />
      </pre>
    </section>
  );
}
