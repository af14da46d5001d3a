/**
 * The OAuth 2.0 device authorization grant (RFC 8628; OpenAPI 3.2's `flows.deviceAuthorization`)
 * for the request console. No React here: `fetch`, the clock and the timer come from the caller
 * (the browser's, or stand-ins in device.test.ts), so the polling rules are tested without waiting.
 *
 * 1. requestDeviceCode: POST to the device authorization URL (client_id, scope) -> a device code
 *    (kept here, never shown), a user code and the verification URL the reader opens elsewhere.
 * 2. pollForToken: POST the device code to the token URL every `interval` seconds (5 when the
 *    server names none) until the reader approves: `authorization_pending` waits on, `slow_down`
 *    adds 5 seconds to this and every later interval (§3.5), `access_denied` and `expired_token`
 *    end it with a message, and so does the code's own lifetime (`expires_in`). An AbortSignal
 *    cancels it between polls or during one.
 */
import {absoluteUrl, DEVICE_CODE_GRANT, OAuthError, postToEndpoint, requestToken, type TokenAnswer} from './oauth';

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  /** The verification URL with the user code in it, when the server gives one. */
  verificationUriComplete?: string;
  /** Seconds the codes are valid for. */
  expiresIn: number;
  /** Seconds between two token requests. */
  interval: number;
}

/** RFC 8628 §3.2: the interval when the server names none. */
export const DEFAULT_INTERVAL = 5;
/** RFC 8628 §3.5: what `slow_down` adds to the interval, for this and every later request. */
export const SLOW_DOWN_STEP = 5;

const DEVICE_REQUEST = {endpoint: 'device authorization URL', request: 'device authorization request'};

/** Step 1: the device code, user code and verification URL; each missing or odd field is named. */
export async function requestDeviceCode(
  url: string,
  client: {id: string; secret?: string},
  scopes: string[],
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
): Promise<DeviceCode> {
  const {answer} = await postToEndpoint(url, scopes.length ? {scope: scopes.join(' ')} : {}, client, fetchImpl, DEVICE_REQUEST, signal);
  const text = (key: string) => {
    const v = answer[key];
    if (typeof v !== 'string' || v === '') throw new OAuthError(`The device authorization answer from ${url} has no "${key}".`);
    return v;
  };
  const seconds = (key: string, fallback: number | null) => {
    const v = answer[key];
    if (v === undefined && fallback !== null) return fallback;
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
      throw new OAuthError(`The device authorization answer from ${url} has no usable "${key}" (a number of seconds).`);
    return v;
  };
  // The verification URLs become links on the page: only http(s), never javascript: or data:.
  const link = (key: string) => absoluteUrl(text(key), url, `"${key}" of the device authorization answer`);
  return {
    deviceCode: text('device_code'),
    userCode: text('user_code'),
    verificationUri: link('verification_uri'),
    ...(typeof answer.verification_uri_complete === 'string' && answer.verification_uri_complete
      ? {verificationUriComplete: link('verification_uri_complete')}
      : {}),
    expiresIn: seconds('expires_in', null),
    interval: seconds('interval', DEFAULT_INTERVAL),
  };
}

/** What the console tells the reader while it waits. */
export type PollEvent =
  /** A request is about to wait `interval` seconds; `slowedDown` after the server asked for it. */
  {kind: 'waiting'; interval: number; slowedDown: boolean; secondsLeft: number};

/** "9:05": minutes and seconds. */
const minutes = (s: number) => `${Math.floor(Math.max(0, s) / 60)}:${String(Math.max(0, s) % 60).padStart(2, '0')}`;

/** What the console says while it polls. */
export function waitingText(e: PollEvent): string {
  const left = `the code expires in ${minutes(e.secondsLeft)}`;
  return e.slowedDown
    ? `The authorization server asked the console to slow down: checking every ${e.interval} s; ${left}.`
    : `Waiting for approval: checking every ${e.interval} s; ${left}.`;
}

export interface PollOptions {
  tokenUrl: string;
  device: DeviceCode;
  client: {id: string; secret?: string};
  fetchImpl: typeof fetch;
  signal?: AbortSignal;
  /** Waits `ms` milliseconds, rejecting when the signal aborts (default: setTimeout). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in milliseconds (default: Date.now). */
  now?: () => number;
  onEvent?: (e: PollEvent) => void;
}

/** Thrown when the reader cancelled (the AbortSignal): the console says so, quietly. */
export class DeviceFlowCancelled extends Error {
  constructor() {
    super('Cancelled: the console stopped asking for a token; the code shown no longer gets you one here.');
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DeviceFlowCancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DeviceFlowCancelled());
    };
    signal?.addEventListener('abort', onAbort, {once: true});
  });
}

/** The message for a token endpoint answer that ends the flow. */
export function deviceFailure(code: string | undefined, fallback: string): string {
  if (code === 'access_denied')
    return 'The request was denied on the verification page: no token was issued. Start again to get a new code.';
  if (code === 'expired_token') return 'The code expired before it was approved: no token was issued. Start again to get a new code.';
  return fallback;
}

/**
 * Step 2: polls the token URL until the reader approves on the verification page (the token),
 * denies or lets the code expire (an OAuthError with the message to show), or cancels
 * (DeviceFlowCancelled).
 */
export async function pollForToken(o: PollOptions): Promise<TokenAnswer> {
  const now = o.now ?? Date.now;
  const wait = o.sleep ?? sleep;
  const deadline = now() + o.device.expiresIn * 1000;
  let interval = o.device.interval;
  let slowedDown = false;
  for (;;) {
    const secondsLeft = Math.round((deadline - now()) / 1000);
    // The next request would leave after the code's lifetime: it cannot succeed (§3.2 expires_in).
    if (now() + interval * 1000 > deadline) throw new OAuthError(deviceFailure('expired_token', ''), 'expired_token');
    o.onEvent?.({kind: 'waiting', interval, slowedDown, secondsLeft});
    await wait(interval * 1000, o.signal);
    if (o.signal?.aborted) throw new DeviceFlowCancelled();
    try {
      return await requestToken(
        o.tokenUrl,
        {grant_type: DEVICE_CODE_GRANT, device_code: o.device.deviceCode},
        o.client,
        o.fetchImpl,
        o.signal,
      );
    } catch (e) {
      if (o.signal?.aborted) throw new DeviceFlowCancelled();
      const code = e instanceof OAuthError ? e.code : undefined;
      if (code === 'authorization_pending') continue;
      if (code === 'slow_down') {
        interval += SLOW_DOWN_STEP;
        slowedDown = true;
        continue;
      }
      if (e instanceof OAuthError) throw new OAuthError(deviceFailure(code, e.message), code);
      throw e;
    }
  }
}
