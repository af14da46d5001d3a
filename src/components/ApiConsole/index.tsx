import React, {useEffect, useId, useMemo, useRef, useState, type FormEvent} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {OperationPage, ParameterData, SchemaNode} from '../ApiOperation/types';
import type {ApiSiteLinks} from '../../../plugins/api-pages/site-links';
import {buildRequest, credentialFields, diagnoseFailure, FAILURE, isList, RequestRefused, serverChoices, serverOrigin} from './request';
import AuthPanel from './auth/AuthPanel';
import {credentialStore} from './auth/store';
import {readShareFragment, shareFragment} from './share';
import type {CheckResult} from './validate';
import {proxyApplies, proxyErrorMessage, serverOptions, throughProxy, tryItConfig, TRY_IT_FAILURE} from './try-it';
import styles from './styles.module.css';

// The pure request builder lives in request.ts (unit-tested under Node); still exported from here.
export {buildRequest} from './request';

/**
 * The interactive request console. It is a separate chunk, loaded only when the reader presses
 * "Try it": server choice, credentials, parameters and body in; status, timing, headers and body out.
 */

// Credentials live in auth/store.ts: memory for the visit (session storage only when the reader
// opts in), scoped to the server origin they were typed for.
const CUSTOM_SERVER = '__custom__';

interface Result {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  body: string;
  download?: {url: string; name: string; size: number; type: string};
  check?: CheckResult;
}

function paramValue(p: ParameterData, schemas: Record<string, SchemaNode>): string {
  if (p.example !== undefined) return typeof p.example === 'string' ? p.example : Array.isArray(p.example) ? p.example.join(',') : JSON.stringify(p.example);
  const s = p.schema?.ref ? schemas[p.schema.ref] : p.schema;
  if (s?.default !== undefined) return Array.isArray(s.default) ? s.default.join(',') : String(s.default);
  return '';
}

function enumOf(p: ParameterData, schemas: Record<string, SchemaNode>): unknown[] | undefined {
  const s = p.schema?.ref ? schemas[p.schema.ref] : p.schema;
  return s?.enum;
}

export default function ApiConsole({operation, onClose}: {operation: OperationPage; onClose: () => void}) {
  const {siteConfig} = useDocusaurusContext();
  // A shared link (#try=…) restores operation state, never credentials (share.ts).
  const [shared] = useState(() => (typeof window === 'undefined' ? null : readShareFragment(window.location.hash, operation)));
  const restored = shared && 'request' in shared ? shared.request : null;
  const configured = String(siteConfig.customFields?.apiBaseUrl ?? '');
  const foreign = Boolean((siteConfig.customFields?.api as ApiSiteLinks | undefined)?.foreign);
  const servers = useMemo(() => serverChoices(operation.servers, configured, foreign), [operation.servers, configured, foreign]);
  // The mock server first (PORTAL_MOCK_URL / PORTAL_MOCK), the portal's proxy (PORTAL_PROXY_URL): try-it.ts.
  const tryIt = useMemo(() => tryItConfig(siteConfig.customFields), [siteConfig.customFields]);
  const options = useMemo(() => serverOptions(servers, tryIt), [servers, tryIt]);
  const [proxyChosen, setProxyChosen] = useState(true);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [server, setServer] = useState(() => (restored ? (options.some((o) => o.value === restored.server) ? restored.server : CUSTOM_SERVER) : (options[0]?.value ?? CUSTOM_SERVER)));
  const [customServer, setCustomServer] = useState(() => (restored && !options.some((o) => o.value === restored.server) ? restored.server : ''));
  const [params, setParams] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(operation.parameters.map((p) => [`${p.in}:${p.name}`, paramValue(p, operation.schemas)])),
    ...(restored?.params ?? {}),
  }));
  const [alternative, setAlternative] = useState(restored?.alt ?? 0);
  const bodyMedia = operation.requestBody?.content[0];
  const [body, setBody] = useState(() =>
    restored?.body !== undefined
      ? restored.body
      : bodyMedia?.example === undefined
        ? ''
        : typeof bodyMedia.example === 'string'
          ? bodyMedia.example
          : JSON.stringify(bodyMedia.example, null, 2),
  );
  const [copied, setCopied] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => abort.current?.abort();
  }, []);
  useEffect(() => () => {
    if (result?.download) URL.revokeObjectURL(result.download.url);
  }, [result]);

  const schemes = operation.security[alternative] ?? [];
  const base = server === CUSTOM_SERVER ? customServer.trim() : server;
  const proxyAvailable = proxyApplies(base, servers, tryIt);
  const viaProxy = proxyAvailable && proxyChosen;
  // Credentials belong to a security scheme and a server origin: the fields show (and the request
  // carries) only what was typed for the origin the request goes to.
  const origin = typeof window === 'undefined' ? null : serverOrigin(base, window.location.href);
  const credentialsNow = (): Record<string, string> =>
    origin ? Object.fromEntries(schemes.flatMap(credentialFields).map((f) => [f.key, credentialStore.get(origin, f.key)])) : {};
  const copyLink = async () => {
    const link = `${window.location.origin}${window.location.pathname}${window.location.search}${shareFragment(operation, {server: base, params, body: bodyMedia ? body : undefined, alt: alternative})}`;
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied: it holds the operation, server, parameters and body, never credentials.');
    } catch {
      setCopied(`Copy this link (the clipboard was not available): ${link}`);
    }
  };
  // An unlisted server from a shared link is restored but flagged: check it before sending credentials.
  const foreignServer = restored && !options.some((o) => o.value === restored.server) && base === restored.server;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setResult(null);
    if (!base) return setError('Choose a server or enter a server URL.');
    if (bodyMedia && /json/.test(bodyMedia.mediaType) && body.trim()) {
      try {
        JSON.parse(body);
      } catch (e) {
        return setError(`The request body is not valid JSON: ${(e as Error).message}`);
      }
    }
    const missing = operation.parameters.filter((p) => p.required && !params[`${p.in}:${p.name}`]);
    if (missing.length) return setError(`Fill in the required parameters: ${missing.map((p) => p.name).join(', ')}.`);
    let request: ReturnType<typeof buildRequest>;
    let prepared: Request;
    try {
      request = buildRequest(operation, base, params, credentialsNow(), bodyMedia ? body : undefined, window.location.href, alternative);
      // The browser's own checks (header names and values, URL), before anything goes out.
      prepared = new Request(viaProxy ? throughProxy(request.url, tryIt.proxyUrl!) : request.url, request.init);
    } catch (e) {
      return setError(e instanceof RequestRefused ? e.message : FAILURE.invalidRequest((e as Error).message));
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const timeout = window.setTimeout(() => controller.abort(), 30000);
    setPending(true);
    const started = performance.now();
    try {
      const response = await fetch(prepared, {signal: controller.signal});
      const type = response.headers.get('content-type') ?? '';
      const headers = [...response.headers.entries()];
      let text = '';
      let download: Result['download'];
      if (/json|text|xml|html|javascript/.test(type) || type === '') {
        text = await response.text();
        if (/json/.test(type)) {
          try {
            text = JSON.stringify(JSON.parse(text), null, 2);
          } catch {
            // Not valid JSON after all: show it as it came.
          }
        }
      } else {
        const blob = await response.blob();
        const ext = type.split('/')[1]?.split(/[;+]/)[0] ?? 'bin';
        download = {url: URL.createObjectURL(blob), name: `${operation.operationId ?? 'response'}.${ext}`, size: blob.size, type};
      }
      const ms = Math.round(performance.now() - started);
      const notSent = request.notSent?.map((n) => n.reason);
      setResult({status: response.status, statusText: response.statusText, ms, headers, body: text, download});
      const proxyError = viaProxy ? response.headers.get('x-proxy-error') : null;
      if (proxyError) setError(TRY_IT_FAILURE.proxyRefused(tryIt.proxyUrl!, proxyErrorMessage(text, proxyError)));
      else if (notSent?.length) setError(`Sent without some credentials: ${notSent.join(' ')}`);
      // The response check loads only now (validate.ts and the page's Ajv-generated check module).
      if (!download) {
        const raw = text;
        const checkUrl = operation.responseCheck ? `${siteConfig.baseUrl}${operation.responseCheck}` : undefined;
        void import('./validate')
          .then(({checkResponse, loadCheckModule}) =>
            checkResponse(operation, checkUrl ? () => loadCheckModule(checkUrl) : undefined, {status: response.status, contentType: type, body: raw}),
          )
          .then(
            (check) => setResult((r) => (r && r.body === raw ? {...r, check} : r)),
            (e: Error) => setResult((r) => (r && r.body === raw ? {...r, check: {kind: 'unchecked', reason: `The response check could not load (${e.message}).`}} : r)),
          );
      }
    } catch (e) {
      if ((e as Error).name === 'AbortError') {
        setError(FAILURE.timeout);
      } else if (e instanceof TypeError && viaProxy) {
        setError(TRY_IT_FAILURE.proxyUnreachable(tryIt.proxyUrl!));
      } else if (e instanceof TypeError) {
        const probe = (url: string) => fetch(url, {mode: 'no-cors', method: 'HEAD', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(10000)});
        const kind = await diagnoseFailure(request.url, probe);
        setError(kind === 'cors' ? FAILURE.cors(window.location.origin, tryIt, proxyAvailable) : FAILURE.network(request.url.split('?')[0], tryIt, proxyAvailable));
      } else {
        setError(`The request did not complete: ${(e as Error).message}.`);
      }
    } finally {
      window.clearTimeout(timeout);
      setPending(false);
    }
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} onClose={onClose} onCancel={onClose}>
      <form className={styles.form} onSubmit={send}>
        <header className={styles.header}>
          <h2 id={`${id}-title`} className={styles.title}>
            <span className={styles.method}>{operation.method.toUpperCase()}</span> {operation.path}
          </h2>
          <button type="button" className={styles.close} onClick={() => dialog.current?.close()} aria-label="Close the request console">
            ×
          </button>
        </header>
        <div className={styles.body}>
          <fieldset className={styles.group}>
            <legend>Server</legend>
            <label className={styles.field}>
              <span>Base URL</span>
              <select value={server} onChange={(e) => setServer(e.target.value)}>
                {options.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
                <option value={CUSTOM_SERVER}>Custom URL…</option>
              </select>
            </label>
            {server === CUSTOM_SERVER && (
              <label className={styles.field}>
                <span>Custom base URL</span>
                <input type="url" value={customServer} placeholder="https://sandbox.example.com/v1" onChange={(e) => setCustomServer(e.target.value)} />
              </label>
            )}
            {proxyAvailable && (
              <label className={styles.check}>
                <input type="checkbox" checked={proxyChosen} aria-describedby={`${id}-proxy`} onChange={(e) => setProxyChosen(e.target.checked)} />
                <span>Send through the portal's proxy</span>
              </label>
            )}
            {proxyAvailable && (
              <p className={styles.hint} id={`${id}-proxy`} data-testid="console-proxy-note">
                {viaProxy ? (
                  <>
                    Sent to the portal's proxy <code>{new URL(tryIt.proxyUrl!).origin}</code>, which forwards it (with your credentials, without cookies) to this server only.
                  </>
                ) : (
                  'Sent directly from your browser: the server must allow this site (CORS).'
                )}
              </p>
            )}
          </fieldset>
          {foreignServer && (
            <p className={styles.warning} role="note" data-testid="console-shared-server">
              This shared link sets a server the API description does not list ({restored?.server}). Check it before you send credentials there.
            </p>
          )}
          {shared && 'error' in shared && (
            <p className={styles.warning} role="note">
              {shared.error}
            </p>
          )}
          {operation.security.length > 0 && (
            <AuthPanel
              id={id}
              security={operation.security}
              alternative={alternative}
              onAlternative={setAlternative}
              origin={origin}
              server={base}
              baseUrl={siteConfig.baseUrl}
            />
          )}
          {operation.parameters.length > 0 && (
            <fieldset className={styles.group}>
              <legend>Parameters</legend>
              {operation.parameters.map((p) => {
                const key = `${p.in}:${p.name}`;
                const values = enumOf(p, operation.schemas);
                return (
                  <label key={key} className={styles.field} data-param={key}>
                    <span>
                      {p.name} <small>({p.in}{p.required ? ', required' : ''}{isList(p, operation.schemas) ? ', comma-separated' : ''})</small>
                    </span>
                    {values ? (
                      <select value={params[key]} onChange={(e) => setParams({...params, [key]: e.target.value})}>
                        {!p.required && <option value="">(not set)</option>}
                        {values.map((v) => (
                          <option key={String(v)} value={String(v)}>
                            {String(v)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input type="text" value={params[key]} required={p.required} onChange={(e) => setParams({...params, [key]: e.target.value})} />
                    )}
                  </label>
                );
              })}
            </fieldset>
          )}
          {bodyMedia && (
            <fieldset className={styles.group}>
              <legend>Body ({bodyMedia.mediaType})</legend>
              <label className={styles.field}>
                <span className="sr-only">Request body</span>
                <textarea className={styles.textarea} value={body} spellCheck={false} rows={Math.min(18, Math.max(6, body.split('\n').length))} onChange={(e) => setBody(e.target.value)} />
              </label>
            </fieldset>
          )}
          <div className={styles.actions}>
            <button type="submit" className="button button--primary" disabled={pending}>
              {pending ? 'Sending…' : 'Send request'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void copyLink()}>
              Copy link
            </button>
          </div>
          {copied && (
            <p className={styles.hint} role="status" data-testid="console-share-status">
              {copied}
            </p>
          )}
          <div aria-live="polite">
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            {result && (
              <section className={styles.result} aria-label="Response">
                <p className={styles.resultLine}>
                  <strong data-testid="console-status">{result.status}</strong> {result.statusText} · {result.ms} ms
                </p>
                <details>
                  <summary>Response headers ({result.headers.length})</summary>
                  <pre className={styles.pre}>{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
                </details>
                {result.download ? (
                  <p>
                    <a href={result.download.url} download={result.download.name}>
                      Download the response ({result.download.type}, {result.download.size} bytes)
                    </a>
                  </p>
                ) : (
                  <div className={styles.bodyAndCheck}>
                    <pre className={styles.pre} data-testid="console-body">
                      {result.body || '(empty body)'}
                    </pre>
                    {result.check && <ResponseCheck check={result.check} />}
                  </div>
                )}
              </section>
            )}
          </div>
        </div>
      </form>
    </dialog>
  );
}

/** The response check's verdict, shown beside the body. */
function ResponseCheck({check}: {check: CheckResult}) {
  if (check.kind === 'unchecked') {
    return (
      <aside className={styles.check} data-testid="console-check" data-check="unchecked" aria-label="Response check">
        {check.reason}
      </aside>
    );
  }
  if (check.kind === 'valid') {
    return (
      <aside className={styles.check} data-testid="console-check" data-check="valid" aria-label="Response check">
        ✓ Matches the documented schema for {check.against}.
      </aside>
    );
  }
  return (
    <aside className={`${styles.check} ${styles.checkInvalid}`} data-testid="console-check" data-check="invalid" aria-label="Response check">
      <strong>Does not match the documented schema for {check.against}:</strong>
      <ul>
        {check.mismatches.map((m, i) => (
          <li key={i}>
            <code data-testid="console-check-pointer">{m.pointer === '' ? '(whole body)' : m.pointer}</code> {m.message}
          </li>
        ))}
      </ul>
    </aside>
  );
}
