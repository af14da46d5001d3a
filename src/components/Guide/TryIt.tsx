import React, {lazy, Suspense, useRef, useState} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import WidgetBoundary, {WidgetFailure} from '../WidgetBoundary';
import type {OperationPage} from '../../../plugins/api-pages/client/page-data-format';
import Missing from './Missing';
import type {GuidePart} from '../../../plugins/guides/client/guide-parts';
import styles from './styles.module.css';

// The console and the operation's page data load only when the reader presses the button, as on
// the reference page (src/components/ApiOperation): the guide's first load carries neither.
const loadConsole = () => lazy(() => import('../ApiConsole'));

/** `<TryIt operationId="…" params={{…}} body={{…}}/>`: the reference's request console, with the guide's values. */
export default function TryIt({data, part}: {data: GuidePart; part: string}) {
  const [open, setOpen] = useState(false);
  const [operation, setOperation] = useState<OperationPage | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [ApiConsole, setApiConsole] = useState(loadConsole);
  const button = useRef<HTMLButtonElement>(null);
  // A link the console shares opens the operation's page, which restores it (src/components/ApiConsole/share.ts).
  const pagePath = useBaseUrl(data.kind === 'try' ? data.href : '/');
  if (data.kind !== 'try') return <Missing data={data.kind === 'missing' ? data : {kind: 'missing', what: part}} part={part} />;
  const start = () => {
    setFailed(null);
    setOpen(true);
    if (operation) return;
    data.load!().then(
      (module) => setOperation(module.default),
      (error: unknown) => setFailed(error),
    );
  };
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <div className={styles.tryIt} data-guide-part={part}>
      <button ref={button} type="button" className="button button--primary button--sm" onClick={start} aria-haspopup="dialog">
        Try it
      </button>
      <span className={styles.tryItText}>
        <code>{data.title}</code> in the request console (<Link to={data.href}>reference</Link>)
      </span>
      {open && failed !== null && <WidgetFailure name="The request console" error={failed} onRetry={start} onClose={close} />}
      {open && failed === null && !operation && <p role="status">Loading the request console…</p>}
      {open && operation && (
        <WidgetBoundary name="The request console" onRetry={() => setApiConsole(loadConsole)} onClose={close}>
          <Suspense fallback={<p role="status">Loading the request console…</p>}>
            <ApiConsole operation={operation} onClose={close} initial={{params: data.params, body: data.body, pagePath}} />
          </Suspense>
        </WidgetBoundary>
      )}
    </div>
  );
}
