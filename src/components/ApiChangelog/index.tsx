import React from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import clsx from 'clsx';
import MethodBadge from '../MethodBadge';
import type {Change, Changelog, OperationChanges, ReleaseChanges} from '../../../plugins/changelog/client/changelog-format';
import styles from './styles.module.css';
import PathText from '../PathText';

/** A change's sentence: `code` spans in backticks become <code>. */
function Sentence({text}: {text: string}) {
  return (
    <>
      {text
        .split(/(`[^`]*`)/)
        .map((part, i) =>
          part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
            <code key={i}>{part.slice(1, -1)}</code>
          ) : (
            <React.Fragment key={i}>{part}</React.Fragment>
          ),
        )}
    </>
  );
}

const LABEL: Record<string, string> = {
  breaking: 'Breaking',
  deprecation: 'Deprecated',
  'non-breaking': 'Added or changed',
  documentation: 'Docs',
};

function ChangeItem({change}: {change: Change}) {
  const kind = change.deprecation ? 'deprecation' : change.kind;
  return (
    <li className={styles.change} data-change-kind={change.kind} data-deprecation={change.deprecation ? '' : undefined}>
      <span className={clsx(styles.kind, styles[kind === 'non-breaking' ? 'nonBreaking' : kind])}>
        {LABEL[kind]}
        <span className={styles.hidden}>:</span>
      </span>{' '}
      <span className={styles.text}>
        <Sentence text={change.text} />
      </span>
    </li>
  );
}

/**
 * Left out of the search index: each entry repeats an operation's name and fields, and would
 * outrank the operation's own page and the guides (the page is found by its title and intro).
 */
const SKIP = 'search-skip';

function Operation({op}: {op: OperationChanges}) {
  return (
    <section className={clsx(styles.operation, SKIP)} data-operation={`${op.method} ${op.path}`}>
      <h3 className={styles.opTitle}>
        <MethodBadge method={op.method} />
        {op.href ? <Link to={op.href}>{op.title}</Link> : <span>{op.title}</span>}
        {op.status === 'added' && <span className={styles.status}>new</span>}
        {op.status === 'removed' && <span className={clsx(styles.status, styles.removed)}>removed</span>}
      </h3>
      <code className={styles.path}>
        <PathText path={op.path} />
      </code>
      <ul className={styles.changes}>
        {op.changes.map((c, i) => (
          <ChangeItem key={i} change={c} />
        ))}
      </ul>
    </section>
  );
}

function countsText(r: ReleaseChanges): string {
  const n = (k: number, w: string) => `${k} ${w}`;
  return [
    n(r.counts.breaking, 'breaking'),
    `${n(r.counts['non-breaking'], 'non-breaking')}${r.counts.deprecations ? ` (${n(r.counts.deprecations, r.counts.deprecations === 1 ? 'deprecation' : 'deprecations')})` : ''}`,
    n(r.counts.documentation, 'documentation-only'),
  ].join(' · ');
}

function formatDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});
}

/** One release's changes (its heading is in the page's MDX, so it is in the table of contents). */
export function ApiChangelogRelease({release}: {release: ReleaseChanges}) {
  return (
    <div className={styles.release} data-release={release.version}>
      <p className={styles.meta}>
        {release.date && (
          <span>
            Released <time dateTime={release.date}>{formatDate(release.date)}</time>
            <span className={styles.hidden}>.</span>
          </span>
        )}
        {release.previous ? (
          <span>
            Changes since {release.previous}: {countsText(release)}
          </span>
        ) : (
          <span>First release.</span>
        )}
      </p>
      {release.migrationGuide && (
        <p className={styles.migration} data-migration-guide="">
          Upgrading? <Link to={release.migrationGuide.href}>{release.migrationGuide.title}</Link> takes you through every breaking change
          below, with the request before and after.
        </p>
      )}
      {release.operations.map((op) => (
        <Operation key={`${op.method} ${op.path}`} op={op} />
      ))}
      {release.general.length > 0 && (
        <section className={clsx(styles.operation, SKIP)}>
          {release.previous && <h3 className={styles.opTitle}>Whole API</h3>}
          <ul className={styles.changes}>
            {release.general.map((c, i) => (
              <ChangeItem key={i} change={c} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The introduction of the changelog page: how to read it and the feed (also in <head>). */
export default function ApiChangelog({changelog, apiTitle}: {changelog: Changelog; apiTitle: string}) {
  const feed = useBaseUrl(changelog.feed);
  return (
    <div className={styles.intro}>
      <Head>
        <link rel="alternate" type="application/rss+xml" title={`${apiTitle} changelog`} href={feed} />
      </Head>
      <p>
        What changed in each release of the {apiTitle}, newest first, computed from the released OpenAPI descriptions. Within a release,
        operations with <strong>breaking</strong> changes come first; a breaking change needs work on your side, the others do not.
      </p>
      <p>
        <a href={feed} className={styles.feed} data-feed-link="">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
            <circle cx="3" cy="13" r="2" fill="currentColor" />
            <path d="M1 7a8 8 0 0 1 8 8h-2.5A5.5 5.5 0 0 0 1 9.5zM1 1a14 14 0 0 1 14 14h-2.5A11.5 11.5 0 0 0 1 3.5z" fill="currentColor" />
          </svg>
          Subscribe to the changelog (RSS)
        </a>
      </p>
    </div>
  );
}
