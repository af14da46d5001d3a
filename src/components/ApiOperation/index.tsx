import React, {lazy, Suspense, useEffect, useRef, useState} from 'react';
import WidgetBoundary from '../WidgetBoundary';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {callbackAnchor, parameterAnchor, responseAnchor} from '@site/openapi/model/routes';
import clsx from 'clsx';
import ApiHtml from '../ApiHtml';
import CodeSamples from '../CodeSamples';
import CopyButton from '../CopyButton';
import MethodBadge from '../MethodBadge';
import PathText from '../PathText';
import SchemaView, {Constraints, typeLabel} from '../SchemaView';
import {parameterConstraints, serializationItems} from '../SchemaView/model';
import type {
  CallbackData,
  MediaTypeData,
  OperationPage,
  ParameterData,
  ResponseData,
  SecuritySchemeData,
} from '../../../plugins/api-pages/client/page-data-format';
import {usePageSchemas, type SchemaLoader} from './schemas';
import {exampleEntries, responseExamples, streamIntro} from './examples';
import {reasonPhrase} from '@site/openapi/model/status';
import {DEPRECATED_SCHEME_NOTE, flowNames} from '../ApiConsole/auth/schemes';
import styles from './styles.module.css';

/**
 * Marks what stays out of the search index (see ignoreCssSelectors in src/config/search.ts): an
 * operation is found by its title, description, method and path, parameter names and top-level
 * body field names; the rest repeats across pages and would grow the index with every operation.
 */
export const SKIP = 'search-skip';

// The request console is its own chunk, fetched only when the reader opens it (again after a
// failed load: React.lazy keeps a rejected import for good, so Retry makes a new one).
const loadConsole = () => lazy(() => import('../ApiConsole'));
/** The fragment of a shared console link (the console's share.ts reads the rest). */
const SHARE_PREFIX = '#try=';

const LOCATIONS: [ParameterData['in'], string][] = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['querystring', 'Query string'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
];

export function statusClass(status: string): string {
  return /^2/.test(status) ? styles.ok : /^[45]/.test(status) ? styles.error : styles.info;
}

function schemeText(s: SecuritySchemeData): string {
  if (s.type === 'http') return s.scheme === 'basic' ? 'HTTP Basic' : s.scheme === 'bearer' ? 'Bearer token' : `HTTP ${s.scheme ?? ''}`;
  if (s.type === 'apiKey') return `API key in ${s.in} ${s.name ? `"${s.name}"` : ''}`.trim();
  if (s.type === 'oauth2') return 'OAuth 2.0';
  if (s.type === 'openIdConnect') return 'OpenID Connect';
  return s.type;
}

function Security({security}: {security: SecuritySchemeData[][]}) {
  if (security.length === 0) return <p className={clsx(styles.auth, SKIP)}>No authentication required.</p>;
  return (
    <div className={clsx(styles.auth, SKIP)}>
      <Heading as="h2" id="authorization">
        Authorization
      </Heading>
      {security.length > 1 && <p>Any one of these combinations:</p>}
      <ul>
        {security.map((alt, i) => (
          <li key={i}>
            {alt.map((s, j) => (
              <span key={s.key}>
                {j > 0 && ' and '}
                <strong>{schemeText(s)}</strong>
                {s.scopes?.length ? (
                  <>
                    {' '}
                    (scopes:{' '}
                    {s.scopes.map((sc) => (
                      <code key={sc}>{sc}</code>
                    ))}
                    )
                  </>
                ) : null}
                {s.deprecated && (
                  <>
                    {' '}
                    <span className={styles.deprecated}>deprecated</span>
                  </>
                )}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <SchemeNotes security={security} />
    </div>
  );
}

/**
 * What the list of alternatives does not say about a scheme: that it is deprecated, the OAuth 2.0
 * flows it declares (the device flow among them), where its endpoints come from
 * (oauth2MetadataUrl, openIdConnectUrl). One line per scheme that has something to say.
 */
function SchemeNotes({security}: {security: SecuritySchemeData[][]}) {
  const seen = new Map<string, SecuritySchemeData>();
  for (const alt of security) for (const s of alt) if (!seen.has(s.key)) seen.set(s.key, s);
  const notes = [...seen.values()].filter((s) => s.deprecated || flowNames(s).length || s.oauth2MetadataUrl || s.openIdConnectUrl);
  if (!notes.length) return null;
  return (
    <ul className={styles.schemeNotes}>
      {notes.map((s) => (
        <li key={s.key} data-scheme={s.key}>
          <strong>{s.key}</strong> ({schemeText(s)}){flowNames(s).length > 0 && <> · flows: {flowNames(s).join(', ')}</>}
          {s.oauth2MetadataUrl && (
            <>
              {' '}
              · endpoints from the authorization server metadata <code>{s.oauth2MetadataUrl}</code>
            </>
          )}
          {s.openIdConnectUrl && (
            <>
              {' '}
              · endpoints from <code>{s.openIdConnectUrl}</code>
            </>
          )}
          {s.deprecated && (
            <>
              {' '}
              · <span className={styles.deprecated}>deprecated</span> {DEPRECATED_SCHEME_NOTE}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Parameter({p, schemas, load}: {p: ParameterData; schemas: OperationPage['schemas']; load?: Load}) {
  // The anchor guides link to (plugins/guides: <ApiLink operationId=… parameter=…>), known to the broken-anchor check.
  const anchor = parameterAnchor(p.in, p.name);
  useBrokenLinks().collectAnchor(anchor);
  return (
    <li className={styles.param} data-param={`${p.in}:${p.name}`} id={anchor}>
      <div className={styles.paramHead}>
        <code className={styles.paramName}>{p.name}</code>
        {p.schema && <span className={clsx(styles.type, SKIP)}>{typeLabel(p.schema, schemas)}</span>}
        {p.required && <span className={clsx(styles.required, SKIP)}>required</span>}
        {p.deprecated && <span className={clsx(styles.deprecated, SKIP)}>deprecated</span>}
        {p.deprecated && p.deprecatedBy && (
          <span className={clsx(styles.replacement, SKIP)} data-deprecated-by={p.deprecatedBy}>
            use <code>{p.deprecatedBy}</code> instead
          </span>
        )}
      </div>
      {p.description && <ApiHtml html={p.description} className={clsx(styles.paramText, SKIP)} />}
      {p.in === 'querystring' ? (
        <>
          {/* OpenAPI 3.2: one schema for the whole query string, serialised by its media type. */}
          <p className={clsx(styles.paramText, SKIP)} data-querystring-media={p.mediaType}>
            The whole query string, one object encoded as <code>{p.mediaType ?? 'application/x-www-form-urlencoded'}</code>
            {p.example !== undefined && typeof p.example === 'object' && p.example !== null && (
              <>
                , e.g. <code>?{new URLSearchParams(Object.entries(p.example).map(([k, v]) => [k, String(v)])).toString()}</code>
              </>
            )}
            .
          </p>
          {p.schema && <SchemaView schema={p.schema} schemas={schemas} mode="request" load={load} />}
        </>
      ) : (
        p.schema && <SchemaParamDetails p={p} schemas={schemas} />
      )}
    </li>
  );
}

/** A parameter's constraints, allowed values, default and example: the same line as a body field's. */
function SchemaParamDetails({p, schemas}: {p: ParameterData; schemas: OperationPage['schemas']}) {
  return <Constraints items={[...parameterConstraints(p.schema, p.example, schemas), ...serializationItems(p)]} />;
}

type Load = SchemaLoader | undefined;

function MediaTypes({
  content,
  mode,
  schemas,
  load,
}: {
  content: MediaTypeData[];
  mode: 'request' | 'response';
  schemas: OperationPage['schemas'];
  load: Load;
}) {
  return (
    <>
      {content.map((m) => (
        <div key={m.mediaType} className={styles.media}>
          <p className={clsx(styles.mediaType, SKIP)}>
            Content type <code>{m.mediaType}</code>
          </p>
          {m.schema && <SchemaView schema={m.schema} schemas={schemas} mode={mode} load={load} />}
          {m.itemSchema && (
            <div className={styles.stream} data-stream={m.stream}>
              <p className={clsx(styles.streamIntro, SKIP)}>{streamIntro(m)}</p>
              <SchemaView schema={m.itemSchema} schemas={schemas} mode={mode} load={load} />
            </div>
          )}
          <NamedExamples media={m} />
        </div>
      ))}
    </>
  );
}

/** Every named example of a body, under the document's names, summaries and descriptions. */
function NamedExamples({media}: {media: MediaTypeData}) {
  const entries = exampleEntries(media);
  if (!entries.length) return null;
  return (
    <div className={clsx(styles.examples, SKIP)} data-named-examples="">
      <p className={styles.subhead}>Examples</p>
      {entries.map((e) => (
        <details key={e.name} className={styles.example} data-example={e.name}>
          <summary>
            <code>{e.name}</code>
            {e.summary && <span className={styles.exampleSummary}> {e.summary}</span>}
          </summary>
          {e.description && <ApiHtml html={e.description} className={styles.paramText} />}
          {e.html !== undefined && (
            <pre className={clsx('api-code', styles.exampleCode)}>
              <code dangerouslySetInnerHTML={{__html: e.html}} />
            </pre>
          )}
          {e.externalValue && (
            <p className={styles.paramText}>
              Kept outside the description:{' '}
              <a href={e.externalValue} rel="noopener noreferrer nofollow">
                {e.externalValue}
              </a>
            </p>
          )}
        </details>
      ))}
    </div>
  );
}

/** A response; success responses start open, the others render their body when first opened. */
function Response({
  r,
  schemas,
  load,
  mode = 'response',
  anchorPrefix = '',
}: {
  r: ResponseData;
  schemas: OperationPage['schemas'];
  load: Load;
  /** Who writes the body: the API ('response'), or the reader's server answering a callback ('request'). */
  mode?: 'request' | 'response';
  /** Before the response's anchor (a callback's responses have their own). */
  anchorPrefix?: string;
}) {
  const success = /^2/.test(r.status);
  const [opened, setOpened] = useState(success);
  const anchor = `${anchorPrefix}${responseAnchor(r.status)}`;
  useBrokenLinks().collectAnchor(anchor);
  const details = useRef<HTMLDetailsElement>(null);
  // A link to this response ("#response-404", from a guide) opens it.
  useEffect(() => {
    const check = () => {
      if (window.location.hash === `#${anchor}` && details.current && !details.current.open) details.current.open = true;
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [anchor]);
  return (
    <details ref={details} className={styles.response} open={success} id={anchor} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>
        <span className={clsx(styles.status, statusClass(r.status))}>{r.status}</span>
        <span className={styles.statusText} data-response-title="">
          {r.summary ?? (r.status === 'default' ? 'Other responses' : (reasonPhrase(r.status) ?? ''))}
        </span>
        {r.description && <ApiHtml html={r.description} className={styles.responseText} inline />}
      </summary>
      {opened && (
        <div className={styles.responseBody}>
          {r.headers.length > 0 && (
            <>
              <p className={styles.subhead}>Headers</p>
              <ul className={styles.params}>
                {r.headers.map((h) => (
                  <li key={h.name} className={styles.param}>
                    <div className={styles.paramHead}>
                      <code className={styles.paramName}>{h.name}</code>
                      {h.schema && <span className={styles.type}>{typeLabel(h.schema, schemas)}</span>}
                    </div>
                    {h.description && <ApiHtml html={h.description} className={styles.paramText} />}
                  </li>
                ))}
              </ul>
            </>
          )}
          {r.content.length > 0 ? (
            <MediaTypes content={r.content} mode={mode} schemas={schemas} load={load} />
          ) : (
            <p className={styles.empty}>No response body.</p>
          )}
        </div>
      )}
    </details>
  );
}

/**
 * The requests the API sends after this operation (OpenAPI callbacks): each with its name, URL
 * expression, method, payload (written by the API: read-only fields show) and the answers it
 * expects (written by the reader's server).
 */
function Callbacks({callbacks, schemas, load}: {callbacks: CallbackData[]; schemas: OperationPage['schemas']; load: Load}) {
  const collect = useBrokenLinks().collectAnchor;
  return (
    <section className={styles.callbacks} data-callbacks="">
      <Heading as="h2" id="callbacks">
        Callbacks
      </Heading>
      <p className={SKIP}>Requests the API sends to your server after this call, to the address the expression names.</p>
      {callbacks.map((c) => {
        const anchor = callbackAnchor(c.name, c.method);
        collect(anchor);
        return (
          <div key={anchor} className={styles.callback} data-callback={c.name}>
            <Heading as="h3" id={anchor}>
              {c.summary ?? c.name}
              {c.deprecated && (
                <>
                  {' '}
                  <span className={styles.deprecatedBadge}>Deprecated</span>
                </>
              )}
            </Heading>
            <p className={styles.callbackName}>
              Callback <code>{c.name}</code>
              {c.operationId && (
                <>
                  {' '}
                  (operation <code>{c.operationId}</code>)
                </>
              )}
            </p>
            <div className={styles.endpoint}>
              <MethodBadge method={c.method} />
              <code className={styles.path} data-callback-expression="">
                {c.expression}
              </code>
            </div>
            {c.description && <ApiHtml html={c.description} className={styles.description} />}
            {c.parameters.length > 0 && (
              <>
                <p className={clsx(styles.subhead, SKIP)}>Parameters</p>
                <ul className={styles.params}>
                  {c.parameters.map((p) => (
                    <li key={`${p.in}:${p.name}`} className={styles.param}>
                      <div className={styles.paramHead}>
                        <code className={styles.paramName}>{p.name}</code>
                        <span className={clsx(styles.type, SKIP)}>
                          {p.in}
                          {p.schema ? `, ${typeLabel(p.schema, schemas)}` : ''}
                        </span>
                        {p.required && <span className={clsx(styles.required, SKIP)}>required</span>}
                      </div>
                      {p.description && <ApiHtml html={p.description} className={clsx(styles.paramText, SKIP)} />}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {c.requestBody && (
              <>
                <p className={clsx(styles.subhead, SKIP)}>
                  Payload{' '}
                  {c.requestBody.required ? (
                    <span className={styles.required}>required</span>
                  ) : (
                    <span className={styles.optional}>optional</span>
                  )}
                </p>
                {c.requestBody.description && <ApiHtml html={c.requestBody.description} className={SKIP} />}
                <MediaTypes content={c.requestBody.content} mode="response" schemas={schemas} load={load} />
              </>
            )}
            {c.responses.length > 0 && (
              <div className={SKIP}>
                <p className={styles.subhead}>Your server's responses</p>
                {c.responses.map((r) => (
                  <Response key={r.status} r={r} schemas={schemas} load={load} mode="request" anchorPrefix={`${anchor}-`} />
                ))}
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}

function TryIt({operation}: {operation: OperationPage}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Closing the console (Escape, ×) returns focus to this button, not to <body>.
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  const [ApiConsole, setApiConsole] = useState(loadConsole);
  // A shared request link ("#try=…", ApiConsole/share.ts) opens the console, which restores it.
  useEffect(() => {
    const check = () => window.location.hash.startsWith(SHARE_PREFIX) && setOpen(true);
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, []);
  return (
    <div className={styles.tryIt}>
      <button ref={button} type="button" className="button button--primary button--sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Try it
      </button>
      <span className={styles.tryItHint}>Send this request from your browser</span>
      {open && (
        <WidgetBoundary name="The request console" onRetry={() => setApiConsole(loadConsole)} onClose={close}>
          <Suspense fallback={<p role="status">Loading the request console…</p>}>
            <ApiConsole operation={operation} onClose={close} />
          </Suspense>
        </WidgetBoundary>
      )}
    </div>
  );
}

/**
 * The operation's tags that label it (3.2 `kind: badge`, `audience`, or a kind of the document's
 * own) under the title: a badge by its name, another kind as "Audience: Internal". Their
 * description is the tooltip.
 */
function TagLabels({labels}: {labels: NonNullable<OperationPage['labels']>}) {
  return (
    <ul className={styles.tagLabels} data-tag-labels aria-label="Tags">
      {labels.map((l) => (
        <li key={`${l.kind}:${l.label}`} className={styles.tagLabel} data-tag-kind={l.kind} title={l.description}>
          {l.kind === 'badge' ? l.label : `${l.kind.charAt(0).toUpperCase()}${l.kind.slice(1)}: ${l.label}`}
        </li>
      ))}
    </ul>
  );
}

/** Where the jump link under the title leads: the aside with the code samples and response examples. */
const EXAMPLES_ID = 'code-samples';

/** An API operation page: description, authorization, parameters, body, responses, samples. */
export default function ApiOperation({operation}: {operation: OperationPage}) {
  const {method, path, summary, servers} = operation;
  const {schemas, load} = usePageSchemas(operation);
  const base = servers[0]?.url.replace(/\/$/, '') ?? '';
  // Success first; a file download shows its media type and headers (./examples.ts).
  const examples = responseExamples(operation.responses);
  return (
    <div className={styles.operation}>
      <header className={styles.header}>
        <Heading as="h1" className={styles.title}>
          {summary}
          {/* A space of its own, so the heading reads "Get customer balance Deprecated", not "…balanceDeprecated". */}
          {operation.deprecated && (
            <>
              {' '}
              <span className={styles.deprecatedBadge}>Deprecated</span>
            </>
          )}
        </Heading>
        {operation.labels && <TagLabels labels={operation.labels} />}
        {(operation.release || (operation.deprecated && operation.deprecatedBy)) && (
          <p className={clsx(styles.lifecycle, SKIP)}>
            {operation.release && (
              <Link to={operation.release.href} className={styles.releaseMark} data-release-mark={operation.release.kind}>
                {operation.release.kind === 'new' ? 'New' : 'Changed'} in v{operation.release.version}
              </Link>
            )}
            {operation.deprecated && operation.deprecatedBy && (
              <span className={styles.replacedBy} data-deprecated-by="">
                Deprecated: use{' '}
                {operation.deprecatedBy.href ? (
                  <Link to={operation.deprecatedBy.href}>{operation.deprecatedBy.label}</Link>
                ) : (
                  <strong>{operation.deprecatedBy.label}</strong>
                )}{' '}
                instead.
              </span>
            )}
          </p>
        )}
        {operation.webhook ? (
          <div className={styles.endpoint}>
            <MethodBadge method="webhook" />
            <code className={styles.path}>{operation.webhook}</code>
            <span className={clsx(styles.tryItHint, SKIP)}>sent by the API as {method.toUpperCase()} to your endpoint</span>
          </div>
        ) : (
          <div className={styles.endpoint} data-operation-endpoint>
            <MethodBadge method={method} className="operation-method" />
            <code className={styles.path} data-operation-path>
              <PathText path={path} />
            </code>
            <CopyButton text={`${base}${path}`} label="Copy URL" className={clsx(SKIP, styles.copyUrl)} />
          </div>
        )}
        {operation.callbacks?.length ? (
          <p className={clsx(styles.callbackLinks, SKIP)} data-callback-links="">
            Calls you back:{' '}
            {operation.callbacks.map((c, i) => (
              <React.Fragment key={callbackAnchor(c.name, c.method)}>
                {i > 0 && ', '}
                <a href={`#${callbackAnchor(c.name, c.method)}`}>{c.summary ?? c.name}</a>
              </React.Fragment>
            ))}
          </p>
        ) : null}
        {/* Right under the endpoint: among the first Tab stops after the title (DOM order). */}
        {!operation.webhook && <TryIt operation={operation} />}
        {/* Shown while the examples sit below the responses (one column): one tap to reach them. */}
        <a
          href={`#${EXAMPLES_ID}`}
          className={clsx(styles.jump, 'button button--outline button--primary button--sm', SKIP)}
          data-jump-to-examples
        >
          {operation.webhook ? 'Payload examples' : 'Code samples'} <span aria-hidden="true">↓</span>
        </a>
      </header>
      <div className={styles.grid}>
        <div className={styles.main}>
          {operation.description && <ApiHtml html={operation.description} className={styles.description} />}
          {!operation.webhook && <Security security={operation.security} />}
          {operation.parameters.length > 0 && (
            <section>
              <Heading as="h2" id="parameters" className={SKIP}>
                Parameters
              </Heading>
              {LOCATIONS.map(([loc, label]) => {
                const list = operation.parameters.filter((p) => p.in === loc);
                if (list.length === 0) return null;
                return (
                  <div key={loc}>
                    <p className={clsx(styles.subhead, SKIP)}>{label}</p>
                    <ul className={styles.params}>
                      {list.map((p) => (
                        <Parameter key={`${p.in}:${p.name}`} p={p} schemas={schemas} load={load} />
                      ))}
                    </ul>
                  </div>
                );
              })}
            </section>
          )}
          {operation.requestBody && (
            <section>
              <Heading as="h2" id="request-body" className={SKIP}>
                {operation.webhook ? 'Payload' : 'Request body'}{' '}
                {operation.requestBody.required ? (
                  <span className={styles.required}>required</span>
                ) : (
                  <span className={styles.optional}>optional</span>
                )}
              </Heading>
              {operation.requestBody.description && <ApiHtml html={operation.requestBody.description} className={SKIP} />}
              {/* A webhook's payload is what the API sends: its read-only fields are in it. */}
              <MediaTypes
                content={operation.requestBody.content}
                mode={operation.webhook ? 'response' : 'request'}
                schemas={schemas}
                load={load}
              />
            </section>
          )}
          <section className={SKIP}>
            <Heading as="h2" id="responses">
              Responses
            </Heading>
            {operation.responses.map((r) => (
              <Response key={r.status} r={r} schemas={schemas} load={load} />
            ))}
          </section>
          {operation.callbacks?.length ? <Callbacks callbacks={operation.callbacks} schemas={schemas} load={load} /> : null}
        </div>
        <aside className={clsx(styles.side, SKIP)} aria-label="Request and response examples" id={EXAMPLES_ID}>
          <CodeSamples title="Request" snippets={operation.samples} />
          {examples.length > 0 && <CodeSamples title="Response example" snippets={examples} remember={false} />}
        </aside>
      </div>
    </div>
  );
}
