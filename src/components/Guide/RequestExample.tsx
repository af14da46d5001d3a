import React from 'react';
import clsx from 'clsx';
import CodeSamples from '../CodeSamples';
import Missing from './Missing';
import {SEARCH_SKIP, type GuidePart} from '../../../plugins/guides/client/guide-parts';
import styles from './styles.module.css';

/** `<RequestExample operationId="…" params={{…}} body={{…}}/>`: the request in eight languages, made at build time. */
export default function RequestExample({data, part}: {data: GuidePart; part: string}) {
  if (data.kind !== 'request') return <Missing data={data.kind === 'missing' ? data : {kind: 'missing', what: part}} part={part} />;
  return (
    <div className={clsx(styles.example, SEARCH_SKIP)} data-guide-part={part}>
      <CodeSamples title={`Request: ${data.title}`} snippets={data.samples} />
    </div>
  );
}
