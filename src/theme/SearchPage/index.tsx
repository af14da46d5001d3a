/**
 * The search page, /search?q={query} (route added by @easyops-cn/docusaurus-search-local; its
 * component replaced here to use our search client). Reached from the modal's "See all results"
 * and from external-source headings.
 */
import React, {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {searchClientConfig} from '@site/src/config/search';
import {getSearchClient} from '@site/src/components/Search/client';
import {scopeOfId, type ApiVersionInfo} from '@site/src/components/Search/scope';
import {createSearchReporter} from '@site/src/components/Search/analytics';
import {countLabel, format} from '@site/src/components/Search/format';
import {itemsOfRows} from '@site/src/components/Search/page-items';
import type {SearchHit, SearchResponse} from '@site/src/components/Search/types';
import MethodBadge from '@site/src/components/MethodBadge';
import styles from './styles.module.css';
import PathText from '@site/src/components/PathText';

export default function SearchPage(): ReactNode {
  return (
    <Layout>
      <SearchPageContent />
    </Layout>
  );
}

/** Pause in typing after which the address bar gets the new ?q= (ms). */
const URL_UPDATE_DELAY_MS = 300;

function SearchPageContent() {
  const {
    siteConfig: {baseUrl, title, customFields},
  } = useDocusaurusContext();
  const location = useLocation();
  const history = useHistory();
  const t = searchClientConfig.translations;
  const params = new URLSearchParams(location.search);
  const urlQuery = params.get('q') ?? '';
  // ?version={id}: an older API version's index (the modal's "See all results" from its pages).
  // Like ?q=, taken once in the browser: the static HTML was rendered without it.
  const urlVersion = params.get('version');
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => setVersion(urlVersion), [urlVersion]);
  const scope = scopeOfId(customFields?.apiVersions as ApiVersionInfo[] | undefined, version);
  const siteTitle = scope.version ? `${title} · API ${scope.version.label}` : title;
  // The static HTML has no query: start empty and take ?q= once in the browser.
  const [query, setQuery] = useState('');
  const [response, setResponse] = useState<SearchResponse | null>(null);
  const reporter = useMemo(() => createSearchReporter('page'), []);
  const trimmed = query.trim();

  // ?q= written by this page (below) must not overwrite what the reader typed since.
  const writtenQuery = useRef<string | null>(null);
  useEffect(() => {
    if (urlQuery !== writtenQuery.current) setQuery(urlQuery);
  }, [urlQuery]);

  useEffect(() => {
    if (!trimmed) {
      setResponse(null);
      reporter.cancel();
      return;
    }
    let live = true;
    // This page shows only the whole answer: the body-text part is fetched beside the index.
    const client = getSearchClient(baseUrl, searchClientConfig, scope.indexDir, {eagerParts: true});
    // The page shows the whole index's answer only (the modal shows a partial one while typing):
    // results replaced under the reader's eyes shifted the layout (Lighthouse CLS 0.12).
    const ask = (again: boolean): Promise<void> =>
      client.search(trimmed, searchClientConfig.searchPageResultLimits).then((answer) => {
        if (!live) return;
        if (answer.partial && !again) return client.complete().then(() => (live ? ask(true) : undefined));
        setResponse(answer);
        // The count the page shows: pages ("{{ count }} documents found").
        reporter.queue(
          trimmed,
          answer.sources.reduce((n, s) => n + itemsOfRows(s.hits).length, 0),
        );
      });
    void ask(false);
    return () => {
      live = false;
    };
  }, [trimmed, baseUrl, reporter, scope.indexDir]);

  useEffect(() => () => reporter.flush(), [reporter]);

  // The address follows the query once typing pauses: a router update re-renders the whole app,
  // which on every keystroke would hold up the answers of the search worker.
  const urlTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(urlTimer.current), []);
  const onChange = (value: string) => {
    setQuery(value);
    window.clearTimeout(urlTimer.current);
    urlTimer.current = window.setTimeout(() => {
      const params = new URLSearchParams(window.location.search);
      if (value) params.set('q', value);
      else params.delete('q');
      const search = params.toString();
      writtenQuery.current = value;
      history.replace({pathname: location.pathname, search: search ? `?${search}` : '', hash: window.location.hash});
    }, URL_UPDATE_DELAY_MS);
  };

  const pageTitle = trimmed ? format(t.search_results_for, {keyword: trimmed}) : t.search_the_documentation;
  const current = trimmed && response && response.query === trimmed ? response : null;
  // One item per page: its row, then the rows of its sections (the engine puts them right after it).
  const sources = useMemo(
    () =>
      current
        ? current.sources.filter((source) => source.hits.length > 0).map((source) => ({source, items: itemsOfRows(source.hits)}))
        : [],
    [current],
  );
  const total = sources.reduce((n, s) => n + s.items.length, 0);

  return (
    <>
      <Head>
        <title>{pageTitle}</title>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1>{pageTitle}</h1>
        <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
          <input
            type="search"
            name="q"
            className={styles.input}
            aria-label={t.search_placeholder}
            placeholder={t.search_placeholder}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={200}
            value={query}
            onChange={(event) => onChange(event.target.value)}
          />
        </form>

        {scope.version && (
          <p className={styles.scope}>
            Searching API version <strong>{scope.version.label}</strong> and the rest of the site.{' '}
            <Link to={`/search${trimmed ? `?q=${encodeURIComponent(trimmed)}` : ''}`}>Search the latest version</Link>
          </p>
        )}
        <div className={styles.status} role="status" aria-live="polite">
          {!trimmed && <p>{t.empty_query}</p>}
          {trimmed && (!current || current.partial) && <p aria-busy="true">Loading…</p>}
          {current && !current.partial && <p>{total > 0 ? countLabel(total, t) : t.no_documents_were_found}</p>}
        </div>
        {current?.correctedQuery && total > 0 && (
          <p className={styles.correction}>
            Showing results for <strong>{current.correctedQuery}</strong>
          </p>
        )}

        {sources.map(({source, items}) => (
          <section key={source.heading ?? '::site'} className={styles.section} aria-label={source.heading ?? siteTitle}>
            {source.heading !== null && <h2 className={styles.sourceHeading}>{source.heading}</h2>}
            <ol className={styles.results}>
              {items.map(({row, sections}) => (
                <ResultItem key={row.id} hit={row} sections={sections} nested={source.heading !== null} />
              ))}
            </ol>
          </section>
        ))}
      </main>
    </>
  );
}

/** A link inside the app, or to another site (full navigation). */
function HitLink({hit, children}: {hit: SearchHit; children: ReactNode}) {
  return hit.external ? <a href={hit.url}>{children}</a> : <Link to={hit.url}>{children}</Link>;
}

const html = (markup: string) => ({__html: markup});

/** One page: its title (linked), its operation or breadcrumbs, its matching text, and its matching sections. */
function ResultItem({hit, sections, nested}: {hit: SearchHit; sections: SearchHit[]; nested: boolean}) {
  const Heading = nested ? 'h3' : 'h2';
  return (
    <li className={styles.result}>
      <Heading className={styles.resultTitle}>
        <HitLink hit={hit}>
          <span dangerouslySetInnerHTML={html(hit.titleHtml)} />
        </HitLink>
      </Heading>
      {hit.api && (
        <p className={styles.resultApi}>
          <MethodBadge method={hit.api.method.toLowerCase()} />{' '}
          <code>
            <PathText path={hit.api.path} />
          </code>
        </p>
      )}
      {hit.pathHtml && <p className={styles.resultPath} dangerouslySetInnerHTML={html(hit.pathHtml)} />}
      {hit.snippetHtml && <p className={styles.snippet} data-snippet="" dangerouslySetInnerHTML={html(hit.snippetHtml)} />}
      {sections.length > 0 && (
        <ul className={styles.sections} aria-label={`Sections of ${hit.pageTitle || 'this page'}`}>
          {sections.map((section) => (
            <li key={section.id}>
              <HitLink hit={section}>
                <span dangerouslySetInnerHTML={html(section.titleHtml)} />
              </HitLink>
              {section.snippetHtml && <p className={styles.snippet} data-snippet="" dangerouslySetInnerHTML={html(section.snippetHtml)} />}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
