import React, {useEffect, useId, useMemo, useRef, useState, type FormEvent} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {OperationPage, ParameterData, SchemaNode} from '../../../plugins/api-pages/client/page-data-format';
import {followRef} from '../SchemaView/model';
import {buildRequest, credentialFields, FAILURE, isList, RequestRefused, schemaOf, serverChoices, serverOrigin} from './request';
import AuthPanel from './auth/AuthPanel';
import {oauthBase} from './auth/oauth';
import {credentialStore} from './auth/store';
import {preferredAlternative} from './auth/schemes';
import {readShareFragment, shareFragment} from './share';
import type {CheckResult, RequestCheck, RequestProblem} from './validate';
import type {RunCheck} from './check-runner';
import {sendRequest, type SentResponse} from './send';
import {curlPreview} from './preview';
import {proxyApplies, serverOptions, throughProxy, tryItConfig} from './try-it';
import {bodyKind, FieldError, fieldValues, formFields, formValue, newBoundary, prepareBody, type PreparedBody} from './body';
import {describedPartByPart, multipartBoundary, StreamParser, readStream} from './stream';
import {acceptOf, FormFields, StreamItems, type ShownItem} from './BodyFields';
import styles from './styles.module.css';
import PathText from '../PathText';

// The pure request builder lives in request.ts (unit-tested under Node); still exported from here.
export {buildRequest} from './request';

/**
 * The interactive request console. It is a separate chunk, loaded only when the reader presses
 * "Try it": server choice, credentials, parameters and body in; status, timing, headers and body out.
 */

// Credentials live in auth/store.ts: memory for the visit (session storage only when the reader
// opts in), scoped to the server origin they were typed for.
const CUSTOM_SERVER = '__custom__';

interface Result extends SentResponse {
  check?: CheckResult;
  /** A streamed response's items so far, and whether it is still open. */
  items?: ShownItem[];
  streamState?: 'open' | 'ended' | 'stopped';
}

/** A value as the form shows it: text, lists comma-separated. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : JSON.stringify(v));

/** The parameter's example (or default) as text, or '' when the document gives none. */
function exampleText(p: ParameterData, schemas: Record<string, SchemaNode>): string {
  const s = schemaOf(p, schemas);
  const v = p.example ?? s?.example ?? s?.default;
  return v === undefined ? '' : asText(v);
}

/**
 * A parameter's starting value: required ones start with their example (a first Send works),
 * optional ones start empty (their example is the placeholder), so a first Send is not filtered.
 */
function paramValue(p: ParameterData, schemas: Record<string, SchemaNode>): string {
  // The whole query as one object (3.2 `in: querystring`): its example, as JSON, is where the editor starts.
  if (p.in === 'querystring') return p.example !== undefined && typeof p.example === 'object' ? JSON.stringify(p.example) : '';
  if (!p.required) return '';
  const example = exampleText(p, schemas);
  if (example) return example;
  const s = schemaOf(p, schemas);
  if (s?.type === 'boolean') return 'false';
  return s?.enum?.length ? String(s.enum[0]) : '';
}

/** The input a parameter gets: enums select, booleans checkbox (optional: true/false/unset), dates. */
function ParamInput({
  p,
  schemas,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  p: ParameterData;
  schemas: Record<string, SchemaNode>;
  value: string;
  onChange: (v: string) => void;
  describedBy?: string;
  invalid: boolean;
}) {
  const s = schemaOf(p, schemas);
  const common = {'aria-describedby': describedBy, 'aria-invalid': invalid || undefined};
  const list = isList(p, schemas);
  if (s?.enum && !list) {
    return (
      <select value={value} onChange={(e) => onChange(e.target.value)} {...common}>
        {!p.required && <option value="">(not set)</option>}
        {s.enum.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    );
  }
  if (s?.type === 'boolean') {
    return p.required ? (
      <input type="checkbox" checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} {...common} />
    ) : (
      <select value={value} onChange={(e) => onChange(e.target.value)} {...common}>
        <option value="">(not set)</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  }
  const example = exampleText(p, schemas);
  if (s?.format === 'date' && !list)
    return <input type="date" value={value} required={p.required} onChange={(e) => onChange(e.target.value)} {...common} />;
  const numeric = s?.type === 'integer' ? 'numeric' : s?.type === 'number' ? 'decimal' : undefined;
  return (
    <input
      type="text"
      value={value}
      required={p.required}
      inputMode={numeric}
      placeholder={example || (s?.format === 'date-time' ? '2025-01-31T13:45:00Z' : undefined)}
      onChange={(e) => onChange(e.target.value)}
      {...common}
    />
  );
}

/** What the form says under a parameter: the format to type, and the values a list takes. */
function paramHint(p: ParameterData, schemas: Record<string, SchemaNode>): string | undefined {
  const s = schemaOf(p, schemas);
  if (s?.format === 'date-time') return 'Date and time, RFC 3339 with a time zone: 2025-01-31T13:45:00Z.';
  if (isList(p, schemas)) {
    const items = followRef(s?.items, schemas);
    return items?.enum ? `Comma-separated, from: ${items.enum.map(String).join(', ')}.` : undefined;
  }
  return undefined;
}

/** A body's starting text: its example (a string as it is, anything else as JSON), or empty. */
function exampleBody(media: {example?: unknown} | undefined): string {
  if (media?.example === undefined) return '';
  return typeof media.example === 'string' ? media.example : JSON.stringify(media.example, null, 2);
}

/** Starting values from a guide's TryIt (plugins/guides): parameters keyed "in:name", the body's text. A shared link's values win. */
export interface ConsoleInitialValues {
  params?: Record<string, string>;
  body?: string;
  /**
   * The operation's page (path from the site's origin, base URL included) when the console is open
   * on another page (a guide): "Copy link" shares that page, where the link opens the console.
   */
  pagePath?: string;
}

export default function ApiConsole({
  operation,
  onClose,
  initial,
}: {
  operation: OperationPage;
  onClose: () => void;
  initial?: ConsoleInitialValues;
}) {
  const {siteConfig} = useDocusaurusContext();
  // A shared link (#try=…) restores operation state, never credentials (share.ts).
  const [shared] = useState(() => (typeof window === 'undefined' ? null : readShareFragment(window.location.hash, operation)));
  const restored = shared && 'request' in shared ? shared.request : null;
  const configured = String(siteConfig.customFields?.apiBaseUrl ?? '');
  const servers = useMemo(() => serverChoices(operation.servers, configured), [operation.servers, configured]);
  // The mock server first (PORTAL_MOCK_URL / PORTAL_MOCK), the portal's proxy (PORTAL_PROXY_URL): try-it.ts.
  const tryIt = useMemo(() => tryItConfig(siteConfig.customFields), [siteConfig.customFields]);
  const options = useMemo(
    () => serverOptions(servers, tryIt, new Map(operation.servers.flatMap((s) => (s.name ? [[s.url, s.name] as const] : [])))),
    [servers, tryIt, operation.servers],
  );
  const [proxyChosen, setProxyChosen] = useState(true);
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [server, setServer] = useState(() =>
    restored ? (options.some((o) => o.value === restored.server) ? restored.server : CUSTOM_SERVER) : (options[0]?.value ?? CUSTOM_SERVER),
  );
  const [customServer, setCustomServer] = useState(() =>
    restored && !options.some((o) => o.value === restored.server) ? restored.server : '',
  );
  const [params, setParams] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(operation.parameters.map((p) => [`${p.in}:${p.name}`, paramValue(p, operation.schemas)])),
    ...(restored?.params ?? initial?.params ?? {}),
  }));
  // A deprecated scheme (OpenAPI 3.2) is not the one offered first (auth/schemes.ts preferredAlternative).
  const [alternative, setAlternative] = useState(() => restored?.alt ?? preferredAlternative(operation.security));
  // A body documented in several media types (XML or text, JSON or a form): the reader chooses.
  const contents = operation.requestBody?.content ?? [];
  const [mediaIndex, setMediaIndex] = useState(0);
  const bodyMedia = contents[mediaIndex];
  const [body, setBody] = useState(() =>
    restored?.body !== undefined ? restored.body : !restored && initial?.body !== undefined ? initial.body : exampleBody(bodyMedia),
  );
  // Form and multipart bodies: one field per property (body.ts), files picked (never shared).
  const kind = bodyMedia ? bodyKind(bodyMedia, operation.schemas) : undefined;
  const fields = useMemo(
    () =>
      bodyMedia && (kind === 'form' || kind === 'multipart') ? formFields(bodyMedia.schema, operation.schemas, kind === 'multipart') : [],
    [bodyMedia, kind, operation.schemas],
  );
  const [fieldState, setFieldState] = useState<Record<string, string>>(() =>
    restored?.fields ? restored.fields : fieldValues(fields, bodyMedia?.example),
  );
  const [files, setFiles] = useState<Record<string, File | undefined>>({});
  const [bodyFile, setBodyFile] = useState<File | undefined>();
  const [boundary] = useState(() => newBoundary());
  const chooseMedia = (index: number) => {
    const media = contents[index];
    const k = bodyKind(media, operation.schemas);
    setMediaIndex(index);
    setBody(exampleBody(media));
    setFieldState(fieldValues(formFields(media.schema, operation.schemas, k === 'multipart'), media.example));
    setFiles({});
    setBodyFile(undefined);
  };
  const mediaChoice =
    contents.length > 1 ? (
      <label className={styles.field}>
        <span>Media type</span>
        <select value={mediaIndex} onChange={(e) => chooseMedia(Number(e.target.value))} data-testid="console-body-media">
          {contents.map((c, i) => (
            <option key={c.mediaType} value={i}>
              {c.mediaType}
            </option>
          ))}
        </select>
      </label>
    ) : null;
  // `in: querystring` (OpenAPI 3.2): the whole query as one object, edited as fields or as JSON.
  const queryObject = operation.parameters.find((p) => p.in === 'querystring');
  const queryFields = useMemo(
    () => (queryObject ? formFields(queryObject.schema, operation.schemas, false) : []),
    [queryObject, operation.schemas],
  );
  const [queryMode, setQueryMode] = useState<'fields' | 'json'>(queryFields.length ? 'fields' : 'json');
  const [queryFieldState, setQueryFieldState] = useState<Record<string, string>>(() => {
    if (!queryObject) return {};
    try {
      return fieldValues(queryFields, JSON.parse(restored?.params[`querystring:${queryObject.name}`] ?? 'null') ?? queryObject.example);
    } catch {
      return {};
    }
  });
  const [copied, setCopied] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  /** What the check before sending found (by field), with "Send anyway". */
  const [problems, setProblems] = useState<RequestCheck | null>(null);
  /** A short line for screen readers: what Send did. */
  const [announcement, setAnnouncement] = useState('');
  const abort = useRef<AbortController | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const runner = useRef<RunCheck | null>(null);
  // The preview shows which credentials are filled (as placeholders): re-render when they change.
  const [, storeChanged] = useState(0);
  useEffect(() => credentialStore.subscribe(() => storeChanged((n) => n + 1)), []);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => abort.current?.abort();
  }, []);
  useEffect(
    () => () => {
      if (result?.download) URL.revokeObjectURL(result.download.url);
    },
    [result],
  );
  // A new outcome (response, refusal, problems) is scrolled into view inside the dialog.
  useEffect(() => {
    if (result || error || problems) outcome.current?.scrollIntoView({block: 'start', behavior: 'smooth'});
  }, [result?.status, result?.ms, error, problems]);

  const schemes = operation.security[alternative] ?? [];
  const base = server === CUSTOM_SERVER ? customServer.trim() : server;
  const proxyAvailable = proxyApplies(base, servers, tryIt);
  const viaProxy = proxyAvailable && proxyChosen;
  // Credentials belong to a security scheme and a server origin: the fields show (and the request
  // carries) only what was typed for the origin the request goes to.
  const origin = typeof window === 'undefined' ? null : serverOrigin(base, window.location.href);
  const page = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  const credentialsNow = (): Record<string, string> =>
    origin ? Object.fromEntries(schemes.flatMap(credentialFields).map((f) => [f.key, credentialStore.get(origin, f.key)])) : {};
  const formBody = kind === 'form' || kind === 'multipart';
  const copyLink = async () => {
    const link = `${window.location.origin}${initial?.pagePath ?? `${window.location.pathname}${window.location.search}`}${shareFragment(operation, {server: base, params, body: bodyMedia && !formBody && kind !== 'file' ? body : undefined, fields: formBody ? fieldState : undefined, alt: alternative})}`;
    const filesLeft = kind === 'file' || fields.some((f) => f.input === 'file');
    try {
      await navigator.clipboard.writeText(link);
      setCopied(
        `Link copied: it holds the operation, server, parameters and body, never credentials${filesLeft ? ' nor files (choose them again after opening it)' : ''}.`,
      );
    } catch {
      setCopied(`Copy this link (the clipboard was not available): ${link}`);
    }
  };
  // An unlisted server from a shared link is restored but flagged: check it before sending credentials.
  const foreignServer = restored && !options.some((o) => o.value === restored.server) && base === restored.server;
  /** The body as Send would send it (text, or form / multipart / file bytes), or why a field does not parse. */
  const bodyNow = (): {body?: string | PreparedBody} | {error: FieldError} => {
    if (!bodyMedia) return {};
    try {
      return {body: prepareBody(bodyMedia, operation.schemas, {text: body, fields: fieldState, files, file: bodyFile, boundary})};
    } catch (e) {
      if (e instanceof FieldError) return {error: e};
      throw e;
    }
  };
  const prepared = bodyNow();
  const preview =
    'error' in prepared
      ? {error: prepared.error.message}
      : curlPreview(operation, base, params, prepared.body, page, alternative, (key) =>
          Boolean(origin && credentialStore.get(origin, key)),
        );
  const problemsOf = (field: string) => problems?.problems.filter((p) => p.field === field) ?? [];

  /** The operation's generated checks, run off the page's thread (check-runner.ts); undefined without a check file. */
  const checks = async () => {
    if (!operation.responseCheck) return undefined;
    const validation = await import('./validate');
    runner.current ??= validation.checkRunner(new URL(`${siteConfig.baseUrl}${operation.responseCheck}`, window.location.href).href);
    return {validation, run: runner.current};
  };

  /** Problems found before sending: malformed JSON, missing required values, the request schema. */
  const checkBeforeSending = async (): Promise<RequestCheck> => {
    const found: RequestProblem[] = [];
    if (formBody || kind === 'file') {
      // Fields the description requires, a field that is not JSON, a file not chosen.
      const current = bodyNow();
      if ('error' in current)
        found.push({
          field: `body:${fields.find((f) => f.label === current.error.field)?.key}`,
          pointer: '',
          message: current.error.message,
        });
      for (const f of fields) {
        const empty = f.input === 'file' ? !files[f.key] : !(fieldState[f.key] ?? '');
        if (f.required && empty)
          found.push({
            field: `body:${f.key}`,
            pointer: '',
            message: f.input === 'file' ? 'required: choose a file' : 'required: fill it in',
          });
      }
      if (kind === 'file' && !bodyFile && operation.requestBody?.required)
        found.push({field: 'body', pointer: '', message: 'the request body is required: choose a file'});
    }
    if (bodyMedia && kind === 'json' && body.trim()) {
      try {
        JSON.parse(body);
      } catch (e) {
        found.push({field: 'body', pointer: '', message: `The request body is not valid JSON: ${(e as Error).message}`});
        return {problems: found};
      }
    }
    let loaded: Awaited<ReturnType<typeof checks>>;
    try {
      loaded = await checks();
    } catch (e) {
      loaded = undefined;
      return {problems: found, skipped: `the request check could not load (${(e as Error).message})`};
    }
    if (!loaded) {
      // No generated check for this page: at least the required parameters.
      for (const p of operation.parameters)
        if (p.required && !params[`${p.in}:${p.name}`])
          found.push({field: `${p.in}:${p.name}`, pointer: '', message: 'required: fill it in'});
      return {problems: found};
    }
    const checked = await loaded.validation.checkRequest(operation, loaded.run, {
      params,
      // A form, multipart or file body is checked above (its fields); the body check is for text.
      body: bodyMedia && (formBody || kind === 'file') ? null : bodyMedia ? body : undefined,
      mediaType: bodyMedia?.mediaType,
    });
    return {...checked, problems: [...found, ...checked.problems]};
  };

  const send = async (event: FormEvent | null, anyway = false) => {
    event?.preventDefault();
    setError(null);
    setResult(null);
    setProblems(null);
    setAnnouncement('');
    if (!base) return setError('Choose a server or enter a server URL.');
    if (!anyway) {
      setPending(true);
      const check = await checkBeforeSending();
      setPending(false);
      if (check.problems.length) {
        setProblems(check);
        const n = check.problems.length;
        setAnnouncement(
          `Not sent: the request does not match the API description (${n} ${n === 1 ? 'problem' : 'problems'}). Fix them or choose Send anyway.`,
        );
        return;
      }
      if (check.skipped) setProblems({problems: [], skipped: check.skipped});
    }
    let request: ReturnType<typeof buildRequest>;
    let prepared: Request;
    try {
      const current = bodyNow();
      if ('error' in current) return setError(current.error.message);
      request = buildRequest(operation, base, params, credentialsNow(), current.body, window.location.href, alternative);
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
    try {
      const outcome = await sendRequest({
        request,
        prepared,
        viaProxy,
        tryIt,
        proxyAvailable,
        operationId: operation.operationId,
        multipartStream: operation.responses.some((r) => r.content.some(describedPartByPart)),
        signal: controller.signal,
        origin: window.location.origin,
        fetch: (input, init) => fetch(input, init),
        now: () => performance.now(),
        createObjectURL: (blob) => URL.createObjectURL(blob),
      });
      if (outcome.kind === 'failed') {
        setError(outcome.message);
        if (outcome.announce) setAnnouncement(outcome.message);
        return;
      }
      const {response, contentType} = outcome;
      setResult(outcome.stream ? {...response, items: [], streamState: 'open'} : response);
      setAnnouncement(outcome.announcement);
      if (outcome.error) setError(outcome.error);
      if (outcome.stream) {
        window.clearTimeout(timeout);
        setPending(false);
        await readItems(outcome.stream, response, contentType, controller);
        return;
      }
      // The response check loads only now (validate.ts, the page's Ajv-generated checks in a worker).
      if (!response.download) {
        const raw = response.body;
        void checks()
          .then((loaded) =>
            import('./validate').then(({checkResponse}) =>
              checkResponse(operation, loaded?.run, {status: response.status, contentType, body: raw}),
            ),
          )
          .then(
            (check) => setResult((r) => (r && r.body === raw ? {...r, check} : r)),
            (e: Error) =>
              setResult((r) =>
                r && r.body === raw ? {...r, check: {kind: 'unchecked', reason: `The response check could not load (${e.message}).`}} : r,
              ),
          );
      }
    } finally {
      window.clearTimeout(timeout);
      setPending(false);
    }
  };

  /**
   * A streamed response, item by item as it arrives, until it ends or Stop: each item is shown at
   * once and checked against the documented item schema (validate.ts checkItem) in the worker.
   */
  const readItems = async (
    stream: ReadableStream<Uint8Array>,
    response: SentResponse,
    contentType: string,
    controller: AbortController,
  ) => {
    const status = response.status;
    const documented = operation.responses.find((r) => r.status === String(status)) ?? operation.responses.find((r) => /^2/.test(r.status));
    const media = documented?.content.find((c) => c.mediaType.toLowerCase() === contentType.split(';')[0].trim().toLowerCase());
    const data = followRef(followRef(media?.itemSchema, operation.schemas)?.properties?.data, operation.schemas);
    const parser = new StreamParser(response.streamed!, /json/i.test(data?.contentMediaType ?? ''), multipartBoundary(contentType));
    const stillThis = (r: Result | null) => r !== null && r.items !== undefined && abort.current === controller;
    const loading = checks().catch(() => undefined);
    const onItems = (items: ShownItem[]) => {
      setResult((r) => (r && stillThis(r) ? {...r, items: [...r.items!, ...items]} : r));
      for (const item of items) {
        void loading
          .then((loaded) => import('./validate').then(({checkItem}) => checkItem(operation, loaded?.run, {status, contentType}, item)))
          .then(
            (check) =>
              setResult((r) => (r && stillThis(r) ? {...r, items: r.items!.map((x) => (x.index === item.index ? {...x, check} : x))} : r)),
            () => undefined,
          );
      }
    };
    let end: 'ended' | 'stopped';
    try {
      end = await readStream(stream, parser, onItems, controller.signal);
    } catch (e) {
      end = 'stopped';
      setError(`The stream broke off: ${(e as Error).message}.`);
    }
    setResult((r) => (r && r.items && abort.current === controller ? {...r, streamState: end} : r));
    setAnnouncement(end === 'stopped' ? 'The stream was stopped.' : 'The stream ended.');
  };

  /** A field's problems, under it (the input points at them with aria-describedby). */
  const fieldProblems = (field: string, problemId: string) => {
    const list = problemsOf(field);
    if (!list.length) return null;
    return (
      <ul className={styles.fieldProblems} id={problemId} data-testid="console-field-problem" data-field={field}>
        {list.map((p, i) => (
          <li key={i}>
            {p.pointer && <code>{p.pointer}</code>} {p.message}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} onClose={onClose} onCancel={onClose}>
      <form className={styles.form} onSubmit={(e) => void send(e)} noValidate>
        <header className={styles.header}>
          <h2 id={`${id}-title`} className={styles.title}>
            <span className={styles.method}>{operation.method.toUpperCase()}</span> <PathText path={operation.path} />
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
                <input
                  type="url"
                  value={customServer}
                  placeholder="https://sandbox.example.com/v1"
                  onChange={(e) => setCustomServer(e.target.value)}
                />
              </label>
            )}
            {proxyAvailable && (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={proxyChosen}
                  aria-describedby={`${id}-proxy`}
                  onChange={(e) => setProxyChosen(e.target.checked)}
                />
                <span>Send through the portal's proxy</span>
              </label>
            )}
            {proxyAvailable && (
              <p className={styles.hint} id={`${id}-proxy`} data-testid="console-proxy-note">
                {viaProxy ? (
                  <>
                    Sent to the portal's proxy <code>{new URL(tryIt.proxyUrl!).origin}</code>, which forwards it (with your credentials,
                    without cookies) to this server only.
                  </>
                ) : (
                  'Sent directly from your browser: the server must allow this site (CORS).'
                )}
              </p>
            )}
          </fieldset>
          {foreignServer && (
            <p className={styles.warning} role="note" data-testid="console-shared-server">
              This shared link sets a server the API description does not list ({restored?.server}). Check it before you send credentials
              there.
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
              server={oauthBase(base, servers, page)}
              baseUrl={siteConfig.baseUrl}
            />
          )}
          {operation.parameters.length > 0 && (
            <fieldset className={styles.group}>
              <legend>Parameters</legend>
              {operation.parameters.map((p, i) => {
                const key = `${p.in}:${p.name}`;
                const hint = paramHint(p, operation.schemas);
                const hintId = `${id}-hint-${i}`;
                const problemId = `${id}-problem-${i}`;
                const invalid = problemsOf(key).length > 0;
                const describedBy = [hint ? hintId : '', invalid ? problemId : ''].filter(Boolean).join(' ') || undefined;
                if (p.in === 'querystring')
                  return (
                    <div key={key} className={styles.param} data-param={key}>
                      <p className={styles.fieldHint}>
                        <strong>{p.name}</strong> (the whole query string{p.required ? ', required' : ''}, sent as{' '}
                        {p.mediaType ?? 'application/x-www-form-urlencoded'})
                      </p>
                      {queryFields.length > 0 && (
                        <div className={styles.queryMode} role="radiogroup" aria-label={`Edit ${p.name} as`}>
                          {(['fields', 'json'] as const).map((mode) => (
                            <label key={mode}>
                              <input
                                type="radio"
                                name={`${id}-query-mode`}
                                checked={queryMode === mode}
                                onChange={() => {
                                  if (mode === 'fields') {
                                    try {
                                      setQueryFieldState(fieldValues(queryFields, JSON.parse(params[key] || '{}')));
                                    } catch {
                                      return setError(
                                        `The query object "${p.name}" is not valid JSON; correct it before switching to fields.`,
                                      );
                                    }
                                  }
                                  setQueryMode(mode);
                                }}
                              />
                              {mode === 'fields' ? 'Fields' : 'JSON'}
                            </label>
                          ))}
                        </div>
                      )}
                      {queryMode === 'fields' && queryFields.length > 0 ? (
                        <FormFields
                          id={`${id}-q`}
                          fields={queryFields}
                          values={queryFieldState}
                          onChange={(values) => {
                            setQueryFieldState(values);
                            try {
                              const object = formValue(queryFields, values, operation.schemas);
                              setParams({...params, [key]: Object.keys(object).length ? JSON.stringify(object) : ''});
                            } catch {
                              // A JSON field still being typed: the query keeps its last readable value.
                            }
                          }}
                        />
                      ) : (
                        <label className={styles.field}>
                          <span className={styles.srOnly}>{p.name} as JSON</span>
                          <textarea
                            className={styles.textarea}
                            value={params[key] ?? ''}
                            spellCheck={false}
                            rows={3}
                            data-field={key}
                            aria-invalid={invalid || undefined}
                            aria-describedby={describedBy}
                            onChange={(e) => setParams({...params, [key]: e.target.value})}
                          />
                        </label>
                      )}
                      {fieldProblems(key, problemId)}
                    </div>
                  );
                return (
                  <div key={key} className={styles.param}>
                    <label className={styles.field} data-param={key}>
                      <span>
                        {p.name}{' '}
                        <small>
                          ({p.in}
                          {p.required ? ', required' : ''}
                          {isList(p, operation.schemas) ? ', comma-separated' : ''})
                        </small>
                      </span>
                      <ParamInput
                        p={p}
                        schemas={operation.schemas}
                        value={params[key] ?? ''}
                        onChange={(v) => setParams({...params, [key]: v})}
                        describedBy={describedBy}
                        invalid={invalid}
                      />
                    </label>
                    {hint && (
                      <p className={styles.fieldHint} id={hintId}>
                        {hint}
                      </p>
                    )}
                    {fieldProblems(key, problemId)}
                  </div>
                );
              })}
            </fieldset>
          )}
          {bodyMedia && (formBody || kind === 'file') && (
            <fieldset className={styles.group} data-testid="console-body-fields" data-kind={kind}>
              <legend>Body ({bodyMedia.mediaType})</legend>
              {mediaChoice}
              {kind === 'file' ? (
                <label className={styles.field}>
                  <span>File to send</span>
                  <input
                    type="file"
                    accept={
                      bodyMedia.mediaType.includes('*') ? acceptOf(followRef(bodyMedia.schema, operation.schemas)) : bodyMedia.mediaType
                    }
                    data-field="body"
                    onChange={(e) => setBodyFile(e.target.files?.[0] ?? undefined)}
                  />
                </label>
              ) : (
                <FormFields
                  id={`${id}-b`}
                  fields={fields}
                  values={fieldState}
                  onChange={setFieldState}
                  files={files}
                  onFile={(key, file) => setFiles((f) => ({...f, [key]: file}))}
                  problems={(key) => problemsOf(`body:${key}`).map((p) => p.message)}
                />
              )}
              {kind === 'file' || fields.some((f) => f.input === 'file') ? (
                <p className={styles.hint}>
                  The file is sent as it is{kind === 'multipart' ? ', as its own part' : ''}. Copy link shares the other values, never
                  files.
                </p>
              ) : null}
              {fieldProblems('body', `${id}-problem-body`)}
            </fieldset>
          )}
          {bodyMedia && !formBody && kind !== 'file' && (
            <fieldset className={styles.group}>
              <legend>Body ({bodyMedia.mediaType})</legend>
              {mediaChoice}
              <label className={styles.field}>
                <span className={styles.srOnly}>Request body</span>
                <textarea
                  className={styles.textarea}
                  value={body}
                  spellCheck={false}
                  rows={Math.min(18, Math.max(6, body.split('\n').length))}
                  aria-invalid={problemsOf('body').length > 0 || undefined}
                  aria-describedby={problemsOf('body').length ? `${id}-problem-body` : undefined}
                  onChange={(e) => setBody(e.target.value)}
                />
              </label>
              {fieldProblems('body', `${id}-problem-body`)}
            </fieldset>
          )}
          <details className={styles.preview}>
            <summary>Request preview (curl)</summary>
            {'curl' in preview ? (
              <>
                <pre className={styles.pre} data-testid="console-preview">
                  {preview.curl}
                </pre>
                <p className={styles.hint}>
                  Credentials appear as placeholders such as &lt;password&gt;: the preview never shows what you typed.
                </p>
              </>
            ) : (
              <p className={styles.hint} data-testid="console-preview">
                {preview.error}
              </p>
            )}
          </details>
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
          <p className={styles.srOnly} role="status" aria-live="polite" data-testid="console-announcement">
            {announcement}
          </p>
          <div ref={outcome} className={styles.outcome}>
            {problems && problems.problems.length > 0 && (
              <section className={styles.problems} aria-labelledby={`${id}-problems`} data-testid="console-problems">
                <p id={`${id}-problems`}>
                  <strong>Not sent: the request does not match the API description.</strong>
                </p>
                <ul>
                  {problems.problems.map((p, i) => (
                    <li key={i}>
                      <strong>{p.field === 'body' ? 'Body' : p.field.split(':').slice(1).join(':')}</strong>
                      {p.pointer && <code> {p.pointer}</code>}: {p.message}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => void send(null, true)}
                  disabled={pending}
                >
                  Send anyway
                </button>
              </section>
            )}
            {problems?.skipped && (
              <p className={styles.hint} role="note" data-testid="console-check-skipped">
                Request check skipped for {problems.skipped}.
              </p>
            )}
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
                {result.redirectedTo && <p className={styles.hint}>The browser followed a redirect to {result.redirectedTo}.</p>}
                <details>
                  <summary>Response headers ({result.headers.length})</summary>
                  <pre className={styles.pre}>{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
                </details>
                {result.items ? (
                  <StreamItems
                    items={result.items}
                    state={result.streamState ?? 'open'}
                    onStop={() => {
                      abort.current?.abort();
                    }}
                  />
                ) : result.download ? (
                  <p>
                    <a href={result.download.url} download={result.download.name} data-testid="console-download">
                      Download the response ({result.download.type}, {result.download.size} bytes)
                    </a>{' '}
                    as <code>{result.download.name}</code>
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
    <aside
      className={`${styles.check} ${styles.checkInvalid}`}
      data-testid="console-check"
      data-check="invalid"
      aria-label="Response check"
    >
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
