import React from 'react';
import Link from '@docusaurus/Link';
import MethodBadge from '../MethodBadge';
import PathText from '../PathText';
import Missing from './Missing';
import type {GuidePart} from '../../../plugins/guides/client/guide-parts';
import styles from './styles.module.css';

/** `<OperationCard operationId="…"/>`: method, path and summary, linking to the operation's page. */
export default function OperationCard({data, part}: {data: GuidePart; part: string}) {
  if (data.kind !== 'operation') return <Missing data={data.kind === 'missing' ? data : {kind: 'missing', what: part}} part={part} />;
  return (
    <Link to={data.href} className={styles.card} data-guide-part={part}>
      <span className={styles.cardEndpoint}>
        <MethodBadge method={data.webhook ? 'webhook' : data.method} />
        <code className={styles.cardPath}>
          <PathText path={data.path} />
        </code>
      </span>
      <span className={styles.cardSummary}>
        {data.summary}
        {data.deprecated && <span className={styles.deprecated}> (deprecated)</span>}
      </span>
    </Link>
  );
}
