/**
 * The search modal (loaded on demand by the navbar's SearchBar): a native modal <dialog> with a
 * combobox input and a listbox of results (ours first, then each external source under its
 * heading). Specification section 4: closes on Escape, backdrop click or choosing a result;
 * Arrow Down/Up move the highlighted result (clamped); Enter opens it.
 */
import React, {useCallback, useEffect, useId, useMemo, useRef, useState} from 'react';
import clsx from 'clsx';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {searchClientConfig} from '@site/src/config/search';
import {getSearchClient} from './client';
import {scopeOfPath, type ApiVersionInfo} from './scope';
import {createSearchReporter} from './analytics';
import {countLabel, searchPageUrl} from './format';
import {IconEnter, IconForType, IconTree} from './icons';
import MethodBadge from '../MethodBadge';
import type {SearchHit, SearchResponse} from './types';
import styles from './styles.module.css';
import PathText from '../PathText';

export type CloseReason = 'escape' | 'backdrop' | 'navigate' | 'button';

export interface SearchModalProps {
  onClose(reason: CloseReason): void;
}

/** The query of the previous opening in this tab (DocSearch-like). */
let lastQuery = '';

/** Start the worker and the index download (the reader hovers or focuses the search button). */
export function warmUp(baseUrl: string, apiVersions?: unknown): void {
  const {indexDir} = scopeOfPath(apiVersions as ApiVersionInfo[] | undefined, window.location.pathname, baseUrl);
  void getSearchClient(baseUrl, searchClientConfig, indexDir).ready();
}

const hitCount = (response: SearchResponse) => response.sources.reduce((n, s) => n + s.hits.length, 0);

function isPlainClick(event: React.MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export default function SearchModal({onClose}: SearchModalProps) {
  const {
    siteConfig: {baseUrl, title: siteTitle, customFields},
  } = useDocusaurusContext();
  const history = useHistory();
  const {pathname} = useLocation();
  const t = searchClientConfig.translations;
  // The API version being read: an older version's pages search that version's index.
  const scope = scopeOfPath(customFields?.apiVersions as ApiVersionInfo[] | undefined, pathname, baseUrl);
  const title = scope.version ? `${siteTitle} · API ${scope.version.label}` : siteTitle;
  const client = useMemo(() => getSearchClient(baseUrl, searchClientConfig, scope.indexDir), [baseUrl, scope.indexDir]);
  const reporter = useMemo(() => createSearchReporter('modal'), []);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(lastQuery);
  const [response, setResponse] = useState<SearchResponse | null>(null);
  // The query the shown response answers: results stay on screen while the next answer is on its
  // way (no flicker between keystrokes), and tests can tell which query they belong to.
  const [answered, setAnswered] = useState('');
  const [indexReady, setIndexReady] = useState(false);
  const [active, setActive] = useState(0);
  const sequence = useRef(0);
  const baseId = useId().replace(/:/g, '');
  const listboxId = `${baseId}-results`;
  const optionId = (i: number) => `${baseId}-option-${i}`;
  const trimmed = query.trim();

  // Open as a modal dialog, focus the input, keep the page behind from scrolling.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    }
    inputRef.current?.focus();
    inputRef.current?.select();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog?.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    let live = true;
    void client.ready().then(() => live && setIndexReady(true));
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    lastQuery = query;
    const q = query.trim();
    const n = ++sequence.current;
    if (!q) {
      setResponse(null);
      setAnswered('');
      reporter.cancel();
      return;
    }
    // An answer from a partly loaded index (the body text still on its way) is shown at once, and
    // asked again when the rest is in; only the full answer counts as answered.
    const ask = (again: boolean): Promise<void> =>
      client.search(q, searchClientConfig.searchResultLimits).then((answer) => {
        if (n !== sequence.current) return; // a newer query is on its way
        setResponse(answer);
        if (!again) setActive(0);
        if (answer.partial && !again) return client.complete().then(() => (n === sequence.current ? ask(true) : undefined));
        setAnswered(q);
        reporter.queue(q, hitCount(answer));
      });
    void ask(false);
  }, [query, client, reporter]);

  // Report a pending query when the modal goes away.
  useEffect(() => () => reporter.flush(), [reporter]);

  const groups = useMemo(() => (trimmed && response ? response.sources.filter((s) => s.hits.length > 0) : []), [response, trimmed]);
  const flat = useMemo(() => groups.flatMap((g) => g.hits), [groups]);
  const activeIndex = flat.length === 0 ? -1 : Math.min(active, flat.length - 1);

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView({block: 'nearest'});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  const navigate = useCallback(
    (url: string, external: boolean) => {
      reporter.flush();
      onClose('navigate');
      if (external) window.location.assign(url);
      else history.push(url);
    },
    [history, onClose, reporter],
  );

  /** "See all results" and source headings: the search page inside the app (modifier clicks open normally). */
  const openSearchPage = (event: React.MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigate(searchPageUrl(baseUrl, trimmed, scope.version?.id), false);
  };

  const onInputKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (flat.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.max(0, Math.min(flat.length - 1, activeIndex + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = flat[activeIndex];
      if (hit) navigate(hit.url, hit.external);
    }
  };

  const onDialogKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose('escape');
    }
  };

  let offset = 0;
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-label={t.search_placeholder}
      aria-modal="true"
      onKeyDown={onDialogKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose('escape');
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose('backdrop');
      }}
    >
      <div className={styles.panel}>
        <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
          <svg className={styles.formIcon} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              d="M14.4 12.9 19 17.5 17.5 19l-4.6-4.6a7.5 7.5 0 1 1 1.5-1.5ZM8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11Z"
              fill="currentColor"
            />
          </svg>
          <input
            ref={inputRef}
            className={styles.input}
            type="search"
            name="q"
            role="combobox"
            aria-label={t.search_placeholder}
            aria-autocomplete="list"
            aria-expanded={flat.length > 0}
            aria-controls={flat.length > 0 ? listboxId : undefined}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            placeholder={t.search_placeholder}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={200}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className={styles.closeButton} onClick={() => onClose('button')}>
            Esc<span className={styles.srOnly}> (close search)</span>
          </button>
        </form>

        <div className={styles.body}>
          <div role="status" aria-live="polite" data-answered-query={answered}>
            {!trimmed && <p className={styles.message}>{t.empty_query}</p>}
            {trimmed && (response ? response.partial && flat.length === 0 : !indexReady) && (
              <p className={styles.message} aria-busy="true">
                <span className={styles.spinner} aria-hidden="true" /> Loading…
              </p>
            )}
            {trimmed && response && answered === trimmed && flat.length === 0 && <p className={styles.message}>{t.no_results}</p>}
            {flat.length > 0 && <span className={styles.srOnly}>{countLabel(flat.length, t)}</span>}
          </div>
          {flat.length > 0 && response?.correctedQuery && (
            <p className={styles.correction}>
              Showing results for <strong>{response.correctedQuery}</strong>
            </p>
          )}
          {flat.length > 0 && (
            <div role="listbox" id={listboxId} aria-label="Search results" className={styles.listbox}>
              {groups.map((group, g) => {
                const headingId = `${baseId}-group-${g}`;
                const first = offset;
                offset += group.hits.length;
                return (
                  <div role="group" aria-labelledby={headingId} key={group.heading ?? '::site'} className={styles.group}>
                    <div id={headingId} className={styles.groupHeading}>
                      {group.heading === null ? (
                        title
                      ) : (
                        <a href={searchPageUrl(baseUrl, trimmed, scope.version?.id)} onClick={openSearchPage}>
                          {group.heading}
                        </a>
                      )}
                    </div>
                    {group.hits.map((hit, k) => (
                      <HitOption
                        key={hit.id}
                        hit={hit}
                        id={optionId(first + k)}
                        active={first + k === activeIndex}
                        onHover={() => setActive(first + k)}
                        onChoose={(event) => {
                          if (!isPlainClick(event)) return;
                          event.preventDefault();
                          navigate(hit.url, hit.external);
                        }}
                      />
                    ))}
                  </div>
                );
              })}
            </div>
          )}
        </div>

        {trimmed && flat.length > 0 && (
          <div className={styles.footer}>
            <a href={searchPageUrl(baseUrl, trimmed, scope.version?.id)} onClick={openSearchPage}>
              {t.see_all_results}
            </a>
            <span className={styles.keys} aria-hidden="true">
              <kbd>↑</kbd>
              <kbd>↓</kbd> to move · <kbd>↵</kbd> to open · <kbd>Esc</kbd> to close
            </span>
          </div>
        )}
      </div>
    </dialog>
  );
}

/** ", " between a result's lines, read by screen readers only (the lines are visually apart). */
function Separator() {
  return <span className={styles.srOnly}>, </span>;
}

function HitOption({
  hit,
  id,
  active,
  onHover,
  onChoose,
}: {
  hit: SearchHit;
  id: string;
  active: boolean;
  onHover(): void;
  onChoose(event: React.MouseEvent): void;
}) {
  const tree = hit.isInterOfTree || hit.isLastOfTree;
  return (
    <a
      role="option"
      id={id}
      aria-selected={active}
      href={hit.url}
      tabIndex={-1}
      className={clsx(styles.hit, active && styles.hitActive)}
      onMouseMove={active ? undefined : onHover}
      onClick={onChoose}
    >
      {tree && (
        <span className={styles.hitTree} aria-hidden="true">
          <IconTree last={hit.isLastOfTree} />
        </span>
      )}
      <span className={styles.hitIcon} aria-hidden="true">
        <IconForType type={hit.type} />
      </span>
      {/* Each line is its own element; the hidden separators keep them apart for screen readers. */}
      <span className={styles.hitText}>
        <span className={styles.hitTitle} dangerouslySetInnerHTML={{__html: hit.titleHtml}} />
        {hit.api ? (
          <span className={clsx(styles.hitPath, styles.hitApi)}>
            <Separator />
            <MethodBadge method={hit.api.method.toLowerCase()} className={styles.hitMethod} />{' '}
            <code>
              <PathText path={hit.api.path} />
            </code>
          </span>
        ) : (
          hit.pathHtml && (
            <span className={styles.hitPath}>
              <Separator />
              <span dangerouslySetInnerHTML={{__html: hit.pathHtml}} />
            </span>
          )
        )}
        {hit.snippetHtml && (
          <span className={styles.hitSnippet} data-snippet="">
            <Separator />
            <span dangerouslySetInnerHTML={{__html: hit.snippetHtml}} />
          </span>
        )}
      </span>
      <span className={styles.hitAction} aria-hidden="true">
        <IconEnter />
      </span>
    </a>
  );
}
