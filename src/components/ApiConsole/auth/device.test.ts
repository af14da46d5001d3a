/**
 * auth/device.ts, the device authorization grant (RFC 8628), with a stand-in fetch and a fake
 * clock: the device code request and its checks, then the polling rules (the interval, slow_down
 * adding 5 s for good, pending, denied, expired by the server or by the code's lifetime, cancel).
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_INTERVAL,
  DeviceFlowCancelled,
  pollForToken,
  requestDeviceCode,
  sleep,
  waitingText,
  type DeviceCode,
  type PollEvent,
} from './device';
import {DEVICE_CODE_GRANT, OAuthError} from './oauth';
import {fakeFetch, json} from './fake-fetch';

const DEVICE_URL = 'https://auth.x/device_authorization';
const TOKEN_URL = 'https://auth.x/token';
const form = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));

describe('device: the device code request', () => {
  test('a form POST with client_id and the scopes, no cookies, no redirect; the answer read field by field', async () => {
    const f = fakeFetch(() =>
      json(200, {
        device_code: 'dc-1',
        user_code: 'WDJB-MJHT',
        verification_uri: '/device',
        verification_uri_complete: 'https://auth.x/device?user_code=WDJB-MJHT',
        expires_in: 1800,
        interval: 2,
      }),
    );
    const code = await requestDeviceCode(DEVICE_URL, {id: 'meter'}, ['readings:read', 'meters:write'], f.impl);
    assert.deepEqual(code, {
      deviceCode: 'dc-1',
      userCode: 'WDJB-MJHT',
      verificationUri: 'https://auth.x/device',
      verificationUriComplete: 'https://auth.x/device?user_code=WDJB-MJHT',
      expiresIn: 1800,
      interval: 2,
    });
    assert.equal(f.calls.length, 1);
    const {url, init} = f.calls[0]!;
    assert.equal(url, DEVICE_URL);
    assert.equal(init.method, 'POST');
    assert.equal(init.credentials, 'omit');
    assert.equal(init.redirect, 'manual');
    assert.deepEqual(form(init), {scope: 'readings:read meters:write', client_id: 'meter'});
  });

  test('no interval means 5 s; no verification_uri_complete means none; no scopes means no scope field', async () => {
    const f = fakeFetch(() => json(200, {device_code: 'd', user_code: 'U', verification_uri: 'https://auth.x/d', expires_in: 60}));
    const code = await requestDeviceCode(DEVICE_URL, {id: 'c'}, [], f.impl);
    assert.equal(code.interval, DEFAULT_INTERVAL);
    assert.equal(DEFAULT_INTERVAL, 5);
    assert.equal('verificationUriComplete' in code, false);
    assert.deepEqual(form(f.calls[0]!.init), {client_id: 'c'});
  });

  test('each missing or unusable field is named; a javascript: verification URL is refused', async () => {
    const good = {device_code: 'd', user_code: 'U', verification_uri: 'https://auth.x/d', expires_in: 60};
    const cases: [Record<string, unknown>, string][] = [
      [{...good, device_code: undefined}, `The device authorization answer from ${DEVICE_URL} has no "device_code".`],
      [{...good, user_code: ''}, `The device authorization answer from ${DEVICE_URL} has no "user_code".`],
      [{...good, verification_uri: 7}, `The device authorization answer from ${DEVICE_URL} has no "verification_uri".`],
      [{...good, expires_in: '60'}, `The device authorization answer from ${DEVICE_URL} has no usable "expires_in" (a number of seconds).`],
      [{...good, interval: 0}, `The device authorization answer from ${DEVICE_URL} has no usable "interval" (a number of seconds).`],
      [
        {...good, verification_uri: 'javascript:alert(1)'},
        'The "verification_uri" of the device authorization answer "javascript:alert(1)" is not an http(s) URL.',
      ],
      [
        {...good, verification_uri_complete: 'data:text/html,x'},
        'The "verification_uri_complete" of the device authorization answer "data:text/html,x" is not an http(s) URL.',
      ],
    ];
    for (const [answer, message] of cases) {
      const f = fakeFetch(() => json(200, answer));
      await assert.rejects(requestDeviceCode(DEVICE_URL, {id: 'c'}, [], f.impl), (e: unknown) => {
        assert.ok(e instanceof OAuthError);
        assert.equal(e.message, message);
        return true;
      });
    }
  });

  test('an error answer names the endpoint and the error; unreachable says CORS', async () => {
    const bad = fakeFetch(() => json(400, {error: 'invalid_client', error_description: 'unknown client'}));
    await assert.rejects(
      requestDeviceCode(DEVICE_URL, {id: 'c'}, [], bad.impl),
      (e: unknown) =>
        e instanceof OAuthError &&
        e.code === 'invalid_client' &&
        e.message === `The device authorization request to ${DEVICE_URL} failed: invalid_client (unknown client).`,
    );
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await assert.rejects(
      requestDeviceCode(DEVICE_URL, {id: 'c'}, [], down.impl),
      (e: unknown) =>
        e instanceof OAuthError &&
        e.message ===
          `The device authorization URL ${DEVICE_URL} could not be reached (Failed to fetch); it must be reachable from this browser and allow this site (CORS).`,
    );
  });
});

/** A fake clock the fake sleep moves forward; every wait is recorded in seconds. */
function clock() {
  let t = 1_000_000;
  const waits: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw new DeviceFlowCancelled();
      waits.push(ms / 1000);
      t += ms;
    },
    waits,
  };
}

const device = (over: Partial<DeviceCode> = {}): DeviceCode => ({
  deviceCode: 'dc-1',
  userCode: 'U',
  verificationUri: 'https://auth.x/device',
  expiresIn: 600,
  interval: 5,
  ...over,
});

/** Token endpoint answers in order (the last one repeats). */
function tokenEndpoint(...answers: Partial<Response>[]) {
  let i = 0;
  return fakeFetch(() => answers[Math.min(i++, answers.length - 1)]!);
}
const pending = json(400, {error: 'authorization_pending'});
const slowDown = json(400, {error: 'slow_down'});
const granted = json(200, {access_token: 'at-1', token_type: 'Bearer', expires_in: 3600});

describe('device: polling the token URL', () => {
  test('waits the interval before every request; pending waits on; the token ends it; each request carries the device code', async () => {
    const c = clock();
    const f = tokenEndpoint(pending, pending, granted);
    const events: PollEvent[] = [];
    const token = await pollForToken({
      tokenUrl: TOKEN_URL,
      device: device({interval: 3}),
      client: {id: 'meter'},
      fetchImpl: f.impl,
      now: c.now,
      sleep: c.sleep,
      onEvent: (e) => events.push(e),
    });
    assert.deepEqual(token, {accessToken: 'at-1', expiresIn: 3600});
    assert.deepEqual(c.waits, [3, 3, 3]);
    assert.equal(f.calls.length, 3);
    for (const call of f.calls) {
      assert.equal(call.url, TOKEN_URL);
      assert.deepEqual(form(call.init), {grant_type: DEVICE_CODE_GRANT, device_code: 'dc-1', client_id: 'meter'});
    }
    assert.deepEqual(
      events.map((e) => [e.interval, e.slowedDown, e.secondsLeft]),
      [
        [3, false, 600],
        [3, false, 597],
        [3, false, 594],
      ],
    );
  });

  test('slow_down adds 5 s to this and every later interval (twice: 10 s)', async () => {
    const c = clock();
    const f = tokenEndpoint(pending, slowDown, pending, slowDown, pending, granted);
    const events: PollEvent[] = [];
    await pollForToken({
      tokenUrl: TOKEN_URL,
      device: device(),
      client: {id: 'c'},
      fetchImpl: f.impl,
      now: c.now,
      sleep: c.sleep,
      onEvent: (e) => events.push(e),
    });
    assert.deepEqual(c.waits, [5, 5, 10, 10, 15, 15]);
    assert.deepEqual(
      events.map((e) => e.slowedDown),
      [false, false, true, true, true, true],
    );
  });

  test('access_denied and expired_token end it with what happened and what to do', async () => {
    for (const [error, message] of [
      ['access_denied', 'The request was denied on the verification page: no token was issued. Start again to get a new code.'],
      ['expired_token', 'The code expired before it was approved: no token was issued. Start again to get a new code.'],
    ] as const) {
      const c = clock();
      const f = tokenEndpoint(pending, json(400, {error}));
      await assert.rejects(
        pollForToken({tokenUrl: TOKEN_URL, device: device(), client: {id: 'c'}, fetchImpl: f.impl, now: c.now, sleep: c.sleep}),
        (e: unknown) => e instanceof OAuthError && e.code === error && e.message === message,
      );
      assert.equal(f.calls.length, 2, `${error}: no request after it`);
    }
  });

  test("the code's lifetime ends it even when the server keeps answering pending; no request leaves after it", async () => {
    const c = clock();
    const f = tokenEndpoint(pending);
    await assert.rejects(
      pollForToken({
        tokenUrl: TOKEN_URL,
        device: device({expiresIn: 12, interval: 5}),
        client: {id: 'c'},
        fetchImpl: f.impl,
        now: c.now,
        sleep: c.sleep,
      }),
      (e: unknown) => e instanceof OAuthError && e.code === 'expired_token' && /expired before it was approved/.test(e.message),
    );
    assert.deepEqual(c.waits, [5, 5], 'the third request would leave at 15 s, after the 12 s lifetime');
  });

  test('any other error answer ends it with the token request message', async () => {
    const c = clock();
    const f = tokenEndpoint(json(400, {error: 'invalid_grant', error_description: 'unknown code'}));
    await assert.rejects(
      pollForToken({tokenUrl: TOKEN_URL, device: device(), client: {id: 'c'}, fetchImpl: f.impl, now: c.now, sleep: c.sleep}),
      (e: unknown) => e instanceof OAuthError && e.message === `The token request to ${TOKEN_URL} failed: invalid_grant (unknown code).`,
    );
  });

  test('cancel: while waiting (the real timer) and during a request; nothing is sent after it', async () => {
    const controller = new AbortController();
    const f = tokenEndpoint(pending);
    const started = Date.now();
    const run = pollForToken({
      tokenUrl: TOKEN_URL,
      device: device({interval: 30}),
      client: {id: 'c'},
      fetchImpl: f.impl,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(run, (e: unknown) => e instanceof DeviceFlowCancelled && /^Cancelled/.test(e.message));
    assert.ok(Date.now() - started < 5_000, 'the 30 s wait was cut short');
    assert.equal(f.calls.length, 0);

    const during = new AbortController();
    const c = clock();
    const slow = fakeFetch((_url, init) => {
      during.abort();
      assert.equal(init.signal, during.signal, 'the request carries the signal');
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await assert.rejects(
      pollForToken({
        tokenUrl: TOKEN_URL,
        device: device(),
        client: {id: 'c'},
        fetchImpl: slow.impl,
        signal: during.signal,
        now: c.now,
        sleep: c.sleep,
      }),
      (e: unknown) => e instanceof DeviceFlowCancelled,
    );
  });

  test('sleep: resolves after the time; an aborted signal rejects at once', async () => {
    const t0 = Date.now();
    await sleep(30);
    assert.ok(Date.now() - t0 >= 25);
    const c = new AbortController();
    c.abort();
    await assert.rejects(sleep(10_000, c.signal), DeviceFlowCancelled);
  });

  test('waitingText: the interval, minutes and seconds left, and why it is slower after slow_down', () => {
    assert.equal(
      waitingText({kind: 'waiting', interval: 5, slowedDown: false, secondsLeft: 545}),
      'Waiting for approval: checking every 5 s; the code expires in 9:05.',
    );
    assert.equal(
      waitingText({kind: 'waiting', interval: 10, slowedDown: true, secondsLeft: 59}),
      'The authorization server asked the console to slow down: checking every 10 s; the code expires in 0:59.',
    );
  });
});
