import React, {useEffect, useId, useMemo, useRef, useState, type FormEvent} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {OperationPage, ParameterData, SchemaNode, SecuritySchemeData} from '../ApiOperation/types';
import styles from './styles.module.css';

/**
 * The interactive request console. It is a separate chunk, loaded only when the reader presses
 * "Try it": server choice, credentials, parameters and body in; status, timing, headers and body out.
 */

// Credentials live in memory for the visit (they survive moving between operation pages, not a reload).
const credentialMemory: Record<string, string> = {};
const CUSTOM_SERVER = '__custom__';

interface Result {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  body: string;
  download?: {url: string; name: string; size: number; type: string};
}

function paramValue(p: ParameterData, schemas: Record<string, SchemaNode>): string {
  if (p.example !== undefined) return typeof p.example === 'string' ? p.example : JSON.stringify(p.example);
  const s = p.schema?.ref ? schemas[p.schema.ref] : p.schema;
  if (s?.default !== undefined) return String(s.default);
  return '';
}

function enumOf(p: ParameterData, schemas: Record<string, SchemaNode>): unknown[] | undefined {
  const s = p.schema?.ref ? schemas[p.schema.ref] : p.schema;
  return s?.enum;
}

function credentialFields(s: SecuritySchemeData): {key: string; label: string; type: string}[] {
  if (s.type === 'http' && s.scheme === 'basic') {
    return [
      {key: `${s.key}.username`, label: 'Username', type: 'text'},
      {key: `${s.key}.password`, label: 'Password', type: 'password'},
    ];
  }
  if (s.type === 'apiKey') return [{key: `${s.key}.value`, label: s.name ?? s.key, type: 'password'}];
  return [{key: `${s.key}.token`, label: 'Bearer token', type: 'password'}];
}

export function buildRequest(
  operation: OperationPage,
  server: string,
  params: Record<string, string>,
  credentials: Record<string, string>,
  body: string | undefined,
): {url: string; init: RequestInit & {headers: Record<string, string>}} {
  let path = operation.path;
  const url = new URL(server.replace(/\/$/, '') + '/', typeof window === 'undefined' ? 'http://localhost' : window.location.href);
  const headers: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const p of operation.parameters) {
    const value = params[`${p.in}:${p.name}`] ?? '';
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(value));
    else if (value === '') continue;
    else if (p.in === 'query') query.push([p.name, value]);
    else if (p.in === 'header') headers[p.name] = value;
  }
  for (const s of operation.security[0] ?? []) {
    if (s.type === 'http' && s.scheme === 'basic') {
      const user = credentials[`${s.key}.username`] ?? '';
      const pass = credentials[`${s.key}.password`] ?? '';
      if (user || pass) headers.Authorization = `Basic ${btoa(unescape(encodeURIComponent(`${user}:${pass}`)))}`;
    } else if (s.type === 'apiKey') {
      const v = credentials[`${s.key}.value`];
      if (!v || !s.name) continue;
      if (s.in === 'header') headers[s.name] = v;
      else if (s.in === 'query') query.push([s.name, v]);
    } else {
      const v = credentials[`${s.key}.token`];
      if (v) headers.Authorization = `Bearer ${v}`;
    }
  }
  const full = new URL(url.pathname.replace(/\/$/, '') + path, url);
  for (const [k, v] of query) full.searchParams.append(k, v);
  const media = operation.requestBody?.content[0]?.mediaType;
  const success = operation.responses.find((r) => /^2/.test(r.status) && r.content.length);
  if (success) headers.Accept = success.content[0].mediaType;
  const init: RequestInit & {headers: Record<string, string>} = {method: operation.method.toUpperCase(), headers};
  if (body !== undefined && media && body.trim() !== '') {
    headers['Content-Type'] = media;
    init.body = body;
  }
  return {url: full.toString(), init};
}

export default function ApiConsole({operation, onClose}: {operation: OperationPage; onClose: () => void}) {
  const {siteConfig} = useDocusaurusContext();
  const configured = String(siteConfig.customFields?.apiBaseUrl ?? '');
  const servers = useMemo(() => {
    const list = operation.servers.map((s) => s.url);
    if (configured && !list.includes(configured)) list.push(configured);
    return list;
  }, [operation.servers, configured]);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [server, setServer] = useState(servers[0] ?? CUSTOM_SERVER);
  const [customServer, setCustomServer] = useState('');
  const [params, setParams] = useState<Record<string, string>>(() =>
    Object.fromEntries(operation.parameters.map((p) => [`${p.in}:${p.name}`, paramValue(p, operation.schemas)])),
  );
  const [credentials, setCredentials] = useState<Record<string, string>>(() => ({...credentialMemory}));
  const bodyMedia = operation.requestBody?.content[0];
  const [body, setBody] = useState(() =>
    bodyMedia?.example === undefined ? '' : typeof bodyMedia.example === 'string' ? bodyMedia.example : JSON.stringify(bodyMedia.example, null, 2),
  );
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

  const schemes = operation.security[0] ?? [];
  const setCredential = (key: string, value: string) => {
    credentialMemory[key] = value;
    setCredentials((c) => ({...c, [key]: value}));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setResult(null);
    const base = server === CUSTOM_SERVER ? customServer.trim() : server;
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
    try {
      request = buildRequest(operation, base, params, credentials, bodyMedia ? body : undefined);
    } catch (e) {
      return setError(`The server URL is not valid: ${(e as Error).message}`);
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const timeout = window.setTimeout(() => controller.abort(), 30000);
    setPending(true);
    const started = performance.now();
    try {
      const response = await fetch(request.url, {...request.init, signal: controller.signal});
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
      setResult({status: response.status, statusText: response.statusText, ms: Math.round(performance.now() - started), headers, body: text, download});
    } catch (e) {
      const aborted = (e as Error).name === 'AbortError';
      setError(
        aborted
          ? 'The request was cancelled or took longer than 30 seconds.'
          : `The request did not complete: ${(e as Error).message}. The server may be unreachable, or it does not allow requests from this site (CORS).`,
      );
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
                {servers.map((s) => (
                  <option key={s} value={s}>
                    {s}
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
          </fieldset>
          {schemes.length > 0 && (
            <fieldset className={styles.group}>
              <legend>Authentication</legend>
              {schemes.flatMap((s) =>
                credentialFields(s).map((f) => (
                  <label key={f.key} className={styles.field}>
                    <span>{f.label}</span>
                    <input type={f.type} autoComplete="off" value={credentials[f.key] ?? ''} onChange={(e) => setCredential(f.key, e.target.value)} />
                  </label>
                )),
              )}
            </fieldset>
          )}
          {operation.parameters.length > 0 && (
            <fieldset className={styles.group}>
              <legend>Parameters</legend>
              {operation.parameters.map((p) => {
                const key = `${p.in}:${p.name}`;
                const values = enumOf(p, operation.schemas);
                return (
                  <label key={key} className={styles.field}>
                    <span>
                      {p.name} <small>({p.in}{p.required ? ', required' : ''})</small>
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
          </div>
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
                  <pre className={styles.pre} data-testid="console-body">
                    {result.body || '(empty body)'}
                  </pre>
                )}
              </section>
            )}
          </div>
        </div>
      </form>
    </dialog>
  );
}
