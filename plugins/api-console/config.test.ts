/**
 * The "Try it" settings of portal.config.ts: PORTAL_MOCK_URL, PORTAL_MOCK (+ MOCK_PORT) and
 * PORTAL_PROXY_URL, read from the environment with a clear error for a bad value.
 */
import {afterEach, test} from 'node:test';
import assert from 'node:assert/strict';
import {loadPortalConfig} from '../../portal.config';

const NAMES = ['PORTAL_MOCK_URL', 'PORTAL_MOCK', 'MOCK_PORT', 'PORTAL_PROXY_URL'];
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
});
const withEnv = (env: Record<string, string>) => {
  for (const n of NAMES) delete process.env[n];
  Object.assign(process.env, env);
  return loadPortalConfig();
};

test('off by default: no mock, no proxy', () => {
  const c = withEnv({});
  assert.equal(c.mockUrl, undefined);
  assert.equal(c.proxyUrl, undefined);
});

test('a hosted mock and a proxy, without trailing slash', () => {
  const c = withEnv({PORTAL_MOCK_URL: 'https://mock.example.com/', PORTAL_PROXY_URL: 'https://proxy.example.com/cors/'});
  assert.equal(c.mockUrl, 'https://mock.example.com');
  assert.equal(c.proxyUrl, 'https://proxy.example.com/cors');
});

test('PORTAL_MOCK=1: the local mock on MOCK_PORT (default 4010); PORTAL_MOCK_URL wins', () => {
  assert.equal(withEnv({PORTAL_MOCK: '1'}).mockUrl, 'http://127.0.0.1:4010');
  assert.equal(withEnv({PORTAL_MOCK: '1', MOCK_PORT: '4999'}).mockUrl, 'http://127.0.0.1:4999');
  assert.equal(withEnv({PORTAL_MOCK: '1', PORTAL_MOCK_URL: 'https://m.example'}).mockUrl, 'https://m.example');
});

test('bad values are named', () => {
  assert.throws(
    () => withEnv({PORTAL_MOCK_URL: 'mock.example.com'}),
    /PORTAL_MOCK_URL must be an absolute http\(s\) URL, got "mock\.example\.com"/,
  );
  assert.throws(
    () => withEnv({PORTAL_PROXY_URL: 'ftp://p.example'}),
    /PORTAL_PROXY_URL must be an http\(s\) URL without credentials, query or fragment/,
  );
  assert.throws(() => withEnv({PORTAL_PROXY_URL: 'https://u:p@p.example'}), /PORTAL_PROXY_URL/);
  assert.throws(() => withEnv({PORTAL_MOCK: '1', MOCK_PORT: 'x'}), /MOCK_PORT must be a port number, got "x"/);
});
