import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import SchemaView from '../SchemaView';
import Missing from './Missing';
import {SEARCH_SKIP, type GuidePart} from '../../../plugins/guides/client/guide-parts';
import styles from './styles.module.css';

/** `<SchemaTable schema="Customer"/>`, or an operation's request body or response: the reference's schema view. */
export default function SchemaTable({data, part}: {data: GuidePart; part: string}) {
  if (data.kind !== 'schema') return <Missing data={data.kind === 'missing' ? data : {kind: 'missing', what: part}} part={part} />;
  return (
    <section className={clsx(styles.box, SEARCH_SKIP)} data-guide-part={part} aria-label={data.title}>
      <p className={styles.boxTitle}>
        <strong>{data.title}</strong>
        {data.mediaType && (
          <>
            {' '}
            <code>{data.mediaType}</code>
          </>
        )}
        {data.href && (
          <>
            {' · '}
            <Link to={data.href}>in the reference</Link>
          </>
        )}
      </p>
      <SchemaView schema={data.schema} schemas={data.schemas} mode={data.mode} />
    </section>
  );
}
