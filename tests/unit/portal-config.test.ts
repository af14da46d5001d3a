/**
 * portal.config.ts is read, not run on import (issue 27): the entry points (docusaurus.config.ts,
 * the CLIs, the tests) call loadPortalConfig() and hand the settings to the library code. So a
 * library module can be imported, and tested, under any environment, and a bad setting is
 * reported by the program that reads it.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

test('importing the config and the modules that use it builds no configuration', async () => {
  process.env.API_BASE_URL = 'not a url';
  // Each of these read the configuration at import time before: the import itself threw.
  const config = await import('../../portal.config');
  await import('../../plugins/api-pages/site-links');
  await import('../../plugins/api-pages/generate');
  await import('../../plugins/api-versions/generate');
  await import('../../plugins/search/plugin');
  await import('../../plugins/api-console/proxy-cli');
  assert.throws(() => config.loadPortalConfig(), /portal\.config\.ts: API_BASE_URL must be an absolute URL, got "not a url"/);
  process.env.API_BASE_URL = 'https://api.example.com/v3';
  assert.equal(config.loadPortalConfig().apiBaseUrl, 'https://api.example.com/v2');
});
