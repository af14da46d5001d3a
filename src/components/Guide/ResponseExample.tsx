import React from 'react';
import clsx from 'clsx';
import CodeSamples from '../CodeSamples';
import Missing from './Missing';
import {SEARCH_SKIP, type GuidePart} from '../../../plugins/guides/client/guide-parts';
import styles from './styles.module.css';

/** `<ResponseExample operationId="…" status="200"/>`: the reference's example of that response. */
export default function ResponseExample({data, part}: {data: GuidePart; part: string}) {
  if (data.kind !== 'response') return <Missing data={data.kind === 'missing' ? data : {kind: 'missing', what: part}} part={part} />;
  return (
    <div className={clsx(styles.example, SEARCH_SKIP)} data-guide-part={part}>
      <CodeSamples title={`Response ${data.title}`} snippets={[{id: data.status, label: data.status, html: data.html}]} remember={false} />
    </div>
  );
}
