import React, {useEffect, useRef, useState, useSyncExternalStore} from 'react';
import type {SecuritySchemeData} from '../../../../plugins/api-pages/client/page-data-format';
import CopyButton from '../../CopyButton';
import {alternativeTitle, cookieNote, credentialFields, DEPRECATED_SCHEME_NOTE, queryNote, schemeTitle, usesToken} from './schemes';
import {DeviceFlowCancelled, pollForToken, requestDeviceCode, waitingText, type DeviceCode} from './device';
import {
  absoluteUrl,
  AUTH_SERVER_METADATA,
  authorizationRequestUrl,
  codeFromRedirect,
  discover,
  discoveredFlows,
  metadataGaps,
  OAuthError,
  pkceChallenge,
  randomToken,
  REDIRECT_CHANNEL,
  REDIRECT_MESSAGE,
  redirectUri,
  requestToken,
  schemeFlows,
  unsupportedFlows,
  type RunnableFlow,
} from './oauth';
import {credentialStore} from './store';
import styles from '../styles.module.css';
import deviceStyles from './device.module.css';

/**
 * The console's Authentication section: the operation's security alternatives (OR) as the
 * document states them, the fields of every scheme of the chosen one (AND), OAuth 2.0 / OpenID
 * Connect sign-in, and the "Remember in this tab until it closes" opt-in with its "Forget" control.
 */
export default function AuthPanel({
  id,
  security,
  alternative,
  onAlternative,
  origin,
  server,
  baseUrl,
}: {
  id: string;
  security: SecuritySchemeData[][];
  alternative: number;
  onAlternative: (i: number) => void;
  /** Origin of the chosen server (credentials are kept per origin), null while it is not valid. */
  origin: string | null;
  /**
   * The base relative OAuth / OpenID Connect URLs resolve against: a server the API description
   * lists (oauth.ts oauthBase), never one only a share link named.
   */
  server: string;
  baseUrl: string;
}) {
  useSyncExternalStore(
    credentialStore.subscribe,
    () => storeVersion(),
    () => 0,
  );
  const chosen = security[alternative] ?? [];
  const remembered = credentialStore.remembered();
  return (
    <fieldset className={styles.group} data-testid="console-auth">
      <legend>Authentication</legend>
      {security.length > 1 && (
        <div role="radiogroup" aria-label="Security alternatives" className={styles.alternatives}>
          <p className={styles.hint}>The API accepts any one of these; fill in every scheme of the one you choose.</p>
          {security.map((alt, i) => (
            <label key={i} className={styles.radio}>
              <input type="radio" name={`${id}-alternative`} checked={i === alternative} onChange={() => onAlternative(i)} />
              <span>{alternativeTitle(alt)}</span>
            </label>
          ))}
        </div>
      )}
      <p className={styles.hint} id={`${id}-credentials`}>
        {origin ? (
          <>
            Kept in this tab's {remembered ? 'session storage (you chose to remember them)' : 'memory'} for{' '}
            <code data-testid="console-credential-origin">{origin}</code> only, and sent only there.
          </>
        ) : (
          'Enter the server URL first: credentials are kept per server.'
        )}
      </p>
      {chosen.map((s) => (
        <SchemeFields key={s.key} id={id} scheme={s} origin={origin} server={server} baseUrl={baseUrl} />
      ))}
      <div className={styles.remember}>
        <label className={styles.check}>
          <input type="checkbox" checked={remembered} onChange={(e) => credentialStore.setRemembered(e.target.checked)} />
          <span>Remember in this tab until it closes (session storage)</span>
        </label>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => credentialStore.forget()}
          disabled={!credentialStore.holdsAny() && !remembered}
        >
          Forget credentials
        </button>
      </div>
    </fieldset>
  );
}

// The store changes in place; a counter tells React to re-render its readers.
let version = 0;
credentialStore.subscribe(() => {
  version++;
});
const storeVersion = () => version;

function SchemeFields({
  id,
  scheme,
  origin,
  server,
  baseUrl,
}: {
  id: string;
  scheme: SecuritySchemeData;
  origin: string | null;
  server: string;
  baseUrl: string;
}) {
  const fields = credentialFields(scheme);
  const input = (f: (typeof fields)[number]) => (
    <label key={f.key} className={styles.field} data-credential={f.key}>
      <span>
        {f.label}
        {f.optional ? <small> (optional)</small> : null}
      </span>
      <input
        type={f.type}
        autoComplete="off"
        disabled={!origin}
        aria-describedby={`${id}-credentials`}
        value={origin ? credentialStore.get(origin, f.key) : ''}
        onChange={(e) => origin && credentialStore.set(origin, f.key, e.target.value)}
      />
    </label>
  );
  return (
    <div className={styles.scheme} role="group" aria-label={`${scheme.key}: ${schemeTitle(scheme)}`} data-scheme={scheme.key}>
      <p className={styles.schemeTitle}>
        <strong>{scheme.key}</strong> · {schemeTitle(scheme)}
        {scheme.deprecated && (
          <>
            {' '}
            <span className={deviceStyles.deprecated}>Deprecated</span>
          </>
        )}
      </p>
      {scheme.deprecated && (
        <p className={styles.hint} data-testid={`scheme-deprecated-${scheme.key}`}>
          {DEPRECATED_SCHEME_NOTE}
        </p>
      )}
      {scheme.type === 'apiKey' && scheme.in === 'query' && (
        <p className={styles.warning} role="note">
          {queryNote(scheme.name ?? scheme.key)}
        </p>
      )}
      {scheme.type === 'apiKey' && scheme.in === 'cookie' && (
        <p className={styles.warning} role="note">
          {cookieNote(scheme.name ?? scheme.key)}
        </p>
      )}
      {scheme.type === 'mutualTLS' && (
        <p className={styles.hint}>Mutual TLS: your browser presents its client certificate itself when the server asks for one.</p>
      )}
      {usesToken(scheme) ? (
        <OAuthFields scheme={scheme} origin={origin} server={server} baseUrl={baseUrl} input={input} fields={fields} />
      ) : (
        fields.map(input)
      )}
    </div>
  );
}

const FLOW_LABEL: Record<RunnableFlow['name'], string> = {
  authorizationCode: 'Authorization code with PKCE',
  clientCredentials: 'Client credentials',
  deviceAuthorization: 'Device code',
};

/** A pending authorization (PKCE): what the redirect answer is checked against. */
interface Pending {
  state: string;
  verifier: string;
  flow: RunnableFlow;
  origin: string;
}

function OAuthFields({
  scheme,
  origin,
  server,
  baseUrl,
  input,
  fields,
}: {
  scheme: SecuritySchemeData;
  origin: string | null;
  server: string;
  baseUrl: string;
  input: (f: ReturnType<typeof credentialFields>[number]) => React.ReactNode;
  fields: ReturnType<typeof credentialFields>;
}) {
  const [flows, setFlows] = useState<RunnableFlow[] | null>(null);
  const [flowName, setFlowName] = useState<RunnableFlow['name'] | null>(null);
  const [scopes, setScopes] = useState<Set<string>>(() => new Set(scheme.scopes ?? (scheme.type === 'openIdConnect' ? ['openid'] : [])));
  const [status, setStatus] = useState<{text: string; error?: boolean} | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<Pending | null>(null);
  /** The device flow under way: its codes (shown) and how to stop its polling. */
  const [device, setDevice] = useState<DeviceCode | null>(null);
  const deviceAbort = useRef<AbortController | null>(null);
  // Leaving the console (or this scheme) stops the polling.
  useEffect(() => () => deviceAbort.current?.abort(), []);
  const redirect = typeof window === 'undefined' ? '' : redirectUri(window.location.origin, baseUrl);

  // The flows: from the document (oauth2), or from the provider's discovery document (OpenID Connect).
  useEffect(() => {
    let live = true;
    setStatus(null);
    try {
      if (scheme.type === 'oauth2' && scheme.oauth2MetadataUrl && origin) {
        // OpenAPI 3.2: the endpoints come from the authorization server's metadata (RFC 8414).
        const metadata = absoluteUrl(scheme.oauth2MetadataUrl, server, 'OAuth 2.0 metadata URL');
        setFlows(null);
        setStatus({text: `Reading the authorization server's settings from ${metadata}…`});
        discover(metadata, window.fetch.bind(window), AUTH_SERVER_METADATA).then(
          (d) => {
            if (!live) return;
            setFlows(schemeFlows(scheme, server, d));
            const gaps = metadataGaps(scheme, d, metadata);
            setStatus(gaps.length ? {text: gaps.join(' '), error: true} : {text: `Authorization server settings read from ${metadata}.`});
          },
          (e: Error) => {
            if (!live) return;
            // The description's own URLs still work when the metadata cannot be read: offered, and said so.
            let fallback: RunnableFlow[] = [];
            try {
              fallback = schemeFlows(scheme, server);
            } catch {
              // no usable URL in the description either
            }
            setFlows(fallback);
            setStatus({
              text: `${e.message} ${fallback.length ? 'The console uses the URLs the API description gives.' : 'No flow can be offered.'}`,
              error: true,
            });
          },
        );
      } else if (scheme.type === 'oauth2') {
        setFlows(origin ? schemeFlows(scheme, server) : []);
      } else if (scheme.openIdConnectUrl) {
        // Relative to the document's server (`server` is always one it lists), like the OAuth URLs.
        const discovery = absoluteUrl(scheme.openIdConnectUrl, server, 'OpenID Connect URL');
        setFlows(null);
        setStatus({text: `Reading the provider's settings from ${discovery}…`});
        discover(discovery, window.fetch.bind(window)).then(
          (d) => {
            if (!live) return;
            setFlows(discoveredFlows(d, scheme.scopes));
            setStatus({text: `Provider settings read from ${discovery}.`});
          },
          (e: Error) => live && (setFlows([]), setStatus({text: e.message, error: true})),
        );
      } else {
        setFlows([]);
      }
    } catch (e) {
      setFlows([]);
      setStatus({text: (e as Error).message, error: true});
    }
    return () => {
      live = false;
    };
  }, [scheme, server, origin]);

  const flow = flows?.find((f) => f.name === flowName) ?? flows?.[0];

  // The redirect page's answer: postMessage from the pop-up (same origin), or a BroadcastChannel.
  useEffect(() => {
    const take = (data: unknown) => {
      const p = pending.current;
      if (!p || !data || typeof data !== 'object' || (data as {type?: unknown}).type !== REDIRECT_MESSAGE) return;
      pending.current = null; // one answer per authorization
      void finishAuthorization(p, String((data as {query?: unknown}).query ?? ''));
    };
    const onMessage = (e: MessageEvent) => e.origin === window.location.origin && take(e.data);
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(REDIRECT_CHANNEL) : null;
    if (channel) channel.onmessage = (e) => take(e.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  });

  const client = () => ({
    id: origin ? credentialStore.get(origin, `${scheme.key}.clientId`) : '',
    secret: origin ? credentialStore.get(origin, `${scheme.key}.clientSecret`) || undefined : undefined,
  });
  const received = (o: string, answer: {accessToken: string; expiresIn?: number}) => {
    credentialStore.set(o, `${scheme.key}.token`, answer.accessToken);
    setStatus({text: `Access token received${answer.expiresIn ? ` (valid for ${answer.expiresIn} s)` : ''}; requests to ${o} carry it.`});
  };

  async function finishAuthorization(p: Pending, query: string) {
    setBusy(true);
    try {
      const code = codeFromRedirect(query, p.state);
      const c = client();
      const answer = await requestToken(
        p.flow.tokenUrl,
        {grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: p.verifier},
        c,
        window.fetch.bind(window),
      );
      received(p.origin, answer);
    } catch (e) {
      setStatus({text: (e as Error).message, error: true});
    } finally {
      setBusy(false);
    }
  }

  /** The device flow (RFC 8628): a device code, the user code shown, then polling until approval. */
  async function runDeviceFlow(o: string, f: RunnableFlow, c: {id: string; secret?: string}, chosenScopes: string[]) {
    deviceAbort.current?.abort();
    const controller = new AbortController();
    deviceAbort.current = controller;
    setBusy(true);
    setStatus({text: `Requesting a device code from ${f.deviceAuthorizationUrl}…`});
    try {
      const code = await requestDeviceCode(f.deviceAuthorizationUrl!, c, chosenScopes, window.fetch.bind(window), controller.signal);
      setDevice(code);
      const answer = await pollForToken({
        tokenUrl: f.tokenUrl,
        device: code,
        client: c,
        fetchImpl: window.fetch.bind(window),
        signal: controller.signal,
        onEvent: (e) => setStatus({text: waitingText(e)}),
      });
      received(o, answer);
    } catch (e) {
      setStatus(
        e instanceof DeviceFlowCancelled || controller.signal.aborted
          ? {text: new DeviceFlowCancelled().message}
          : {text: (e as Error).message, error: true},
      );
    } finally {
      if (deviceAbort.current === controller) deviceAbort.current = null;
      setDevice(null);
      setBusy(false);
    }
  }

  async function authorize() {
    if (!origin || !flow) return;
    const c = client();
    if (!c.id) return setStatus({text: 'Enter the client ID first.', error: true});
    const chosenScopes = [...scopes];
    if (flow.name === 'deviceAuthorization') return runDeviceFlow(origin, flow, c, chosenScopes);
    if (flow.name === 'clientCredentials') {
      if (!c.secret) return setStatus({text: 'Enter the client secret first: the client credentials flow needs it.', error: true});
      setBusy(true);
      setStatus({text: `Requesting a token from ${flow.tokenUrl}…`});
      try {
        received(
          origin,
          await requestToken(
            flow.tokenUrl,
            {grant_type: 'client_credentials', ...(chosenScopes.length ? {scope: chosenScopes.join(' ')} : {})},
            c,
            window.fetch.bind(window),
          ),
        );
      } catch (e) {
        setStatus({text: e instanceof OAuthError ? e.message : (e as Error).message, error: true});
      } finally {
        setBusy(false);
      }
      return;
    }
    // Opened now, in the click: pop-up blockers allow that. It navigates once the challenge is ready.
    const popup = window.open('', 'portal-oauth2', 'popup,width=520,height=680');
    if (!popup)
      return setStatus({
        text: 'The browser blocked the sign-in window: allow pop-ups for this site and press Authorize again.',
        error: true,
      });
    const state = randomToken(window.crypto);
    const verifier = randomToken(window.crypto, 48);
    const challenge = await pkceChallenge(verifier, window.crypto);
    pending.current = {state, verifier, flow, origin};
    setStatus({text: 'Waiting for the sign-in window…'});
    popup.location.href = authorizationRequestUrl({
      authorizationUrl: flow.authorizationUrl!,
      clientId: c.id,
      redirectUri: redirect,
      scopes: chosenScopes,
      state,
      challenge,
    });
  }

  const byKey = Object.fromEntries(fields.map((f) => [f.key.slice(scheme.key.length + 1), f]));
  const notes = scheme.type === 'oauth2' ? unsupportedFlows(scheme) : [];
  return (
    <>
      {flows && flows.length > 1 && (
        <label className={styles.field}>
          <span>Flow</span>
          <select value={flow?.name} disabled={busy} onChange={(e) => setFlowName(e.target.value as RunnableFlow['name'])}>
            {flows.map((f) => (
              <option key={f.name} value={f.name}>
                {FLOW_LABEL[f.name]}
              </option>
            ))}
          </select>
        </label>
      )}
      {flows && flows.length === 1 && flow && <p className={styles.hint}>Flow: {FLOW_LABEL[flow.name]}</p>}
      {flow && Object.keys(flow.scopes).length > 0 && (
        <fieldset className={styles.scopes}>
          <legend>Scopes</legend>
          {Object.entries(flow.scopes).map(([name, text]) => (
            <label key={name} className={styles.check}>
              <input
                type="checkbox"
                checked={scopes.has(name)}
                onChange={(e) => {
                  const next = new Set(scopes);
                  if (e.target.checked) next.add(name);
                  else next.delete(name);
                  setScopes(next);
                }}
              />
              <span>
                <code>{name}</code>
                {text ? ` ${text}` : ''}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {flow && input(byKey.clientId)}
      {flow && input({...byKey.clientSecret, optional: flow.name !== 'clientCredentials'})}
      {flow?.name === 'authorizationCode' && (
        <p className={styles.hint}>
          Redirect URI to register with the authorization server: <code data-testid="console-redirect-uri">{redirect}</code>
        </p>
      )}
      {flow && (
        <p>
          <button type="button" className="button button--secondary button--sm" disabled={!origin || busy} onClick={() => void authorize()}>
            {flow.name === 'authorizationCode' ? 'Authorize' : flow.name === 'deviceAuthorization' ? 'Get a device code' : 'Get token'}
          </button>
        </p>
      )}
      {device && <DeviceCodeBox code={device} onCancel={() => deviceAbort.current?.abort()} />}
      {flow && <p className={styles.hint}>The token request goes to {flow.tokenUrl} only.</p>}
      {scheme.oauth2MetadataUrl && (
        <p className={styles.hint}>
          Endpoints from the authorization server's metadata: <code>{scheme.oauth2MetadataUrl}</code>
        </p>
      )}
      {notes.map((n) => (
        <p key={n} className={styles.hint}>
          {n}
        </p>
      ))}
      {input(byKey.token)}
      {status && (
        <p
          className={status.error ? styles.error : styles.hint}
          role={status.error ? 'alert' : 'status'}
          data-testid={`oauth-status-${scheme.key}`}
        >
          {status.text}
        </p>
      )}
    </>
  );
}

/** The device flow's user code and where to enter it, while the console waits; Cancel stops it. */
function DeviceCodeBox({code, onCancel}: {code: DeviceCode; onCancel: () => void}) {
  return (
    <div className={deviceStyles.box} role="group" aria-label="Device code" data-testid="device-code">
      <p className={deviceStyles.step}>
        On any device, open{' '}
        <a href={code.verificationUri} target="_blank" rel="noopener noreferrer" data-testid="device-verification-uri">
          {code.verificationUri}
        </a>{' '}
        and enter this code:
      </p>
      <p className={deviceStyles.codeLine}>
        <code className={deviceStyles.userCode} data-testid="device-user-code">
          {code.userCode}
        </code>
        <CopyButton text={code.userCode} label="Copy code" />
      </p>
      {code.verificationUriComplete && (
        <p className={deviceStyles.step}>
          Or open{' '}
          <a href={code.verificationUriComplete} target="_blank" rel="noopener noreferrer" data-testid="device-verification-complete">
            the verification page with the code filled in
          </a>
          .
        </p>
      )}
      <p>
        <button type="button" className="button button--secondary button--sm" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </div>
  );
}
