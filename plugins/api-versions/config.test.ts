/** portal.config.ts: which API versions the portal documents (default and PORTAL_API_VERSIONS). */
import {afterEach, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {loadPortalConfig, projectRoot} from '../../portal.config';
import {versionBaseUrl} from './generate';

const saved = {...process.env};
afterEach(() => {
  for (const key of ['PORTAL_API_VERSIONS', 'PORTAL_CURRENT_VERSION', 'OPENAPI_SOURCE', 'API_BASE_URL']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const releases = path.join(projectRoot, 'openapi/releases');

test('default: the current version is v{major of the source}, plus the latest release of each older major', () => {
  delete process.env.PORTAL_API_VERSIONS;
  const config = loadPortalConfig();
  const files = readdirSync(releases).filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f));
  const current = Number(config.currentVersion.id.slice(1));
  const olderMajors = [...new Set(files.map((f) => Number(f.split('.')[0])).filter((m) => m < current))].sort((a, b) => b - a);
  assert.deepEqual(
    config.olderVersions.map((v) => v.id),
    olderMajors.map((m) => `v${m}`),
  );
  for (const v of config.olderVersions) {
    const major = Number(v.id.slice(1));
    const latest = files
      .filter((f) => Number(f.split('.')[0]) === major)
      .sort((a, b) => a.localeCompare(b, 'en', {numeric: true}))
      .at(-1);
    assert.equal(v.source, path.join(releases, latest!));
    assert.equal(v.routeBasePath, `/${v.id}/docs`);
    assert.match(v.pluginId, /^api-[a-zA-Z0-9_-]+$/);
  }
  assert.equal(config.currentVersion.routeBasePath, '/docs');
});

test('PORTAL_API_VERSIONS lists versions (id=file) or turns them off (none)', () => {
  process.env.PORTAL_API_VERSIONS = 'v1=openapi/releases/1.0.0.json, v1.1=openapi/releases/1.1.0.json';
  assert.deepEqual(
    loadPortalConfig().olderVersions.map((v) => [v.id, path.basename(v.source), v.routeBasePath]),
    [
      ['v1', '1.0.0.json', '/v1/docs'],
      ['v1.1', '1.1.0.json', '/v1.1/docs'],
    ],
  );
  assert.deepEqual(
    loadPortalConfig().olderVersions.map((v) => v.pluginId),
    ['api-v1', 'api-v1_1'],
  );
  process.env.PORTAL_API_VERSIONS = 'none';
  assert.deepEqual(loadPortalConfig().olderVersions, []);
});

test('PORTAL_API_VERSIONS mistakes are named', () => {
  process.env.PORTAL_API_VERSIONS = 'v1:openapi/releases/1.0.0.json';
  assert.throws(() => loadPortalConfig(), /PORTAL_API_VERSIONS entries are "id=file".*got "v1:openapi/);
  process.env.PORTAL_API_VERSIONS = 'v1=openapi/releases/0.0.1.json';
  assert.throws(() => loadPortalConfig(), /PORTAL_API_VERSIONS: "v1" points at .*0\.0\.1\.json, which does not exist/);
  process.env.PORTAL_API_VERSIONS = 'blog=openapi/releases/1.0.0.json';
  assert.throws(() => loadPortalConfig(), /version id "blog" must be a path segment/);
  process.env.PORTAL_API_VERSIONS = 'v1/x=openapi/releases/1.0.0.json';
  assert.throws(() => loadPortalConfig(), /version id "v1\/x" must be a path segment/);
  process.env.PORTAL_API_VERSIONS = 'v1=openapi/releases/1.0.0.json v1=openapi/releases/1.1.0.json';
  assert.throws(() => loadPortalConfig(), /API version id "v1" is used twice/);
  process.env.PORTAL_CURRENT_VERSION = 'v1';
  process.env.PORTAL_API_VERSIONS = 'v1=openapi/releases/1.0.0.json';
  assert.throws(() => loadPortalConfig(), /API version id "v1" is used twice \(the current version is "v1"/);
});

test('a foreign document (OPENAPI_SOURCE) gets no versions from our releases', () => {
  delete process.env.PORTAL_API_VERSIONS;
  process.env.OPENAPI_SOURCE = path.join(projectRoot, 'openapi/releases/2.0.0.json');
  const config = loadPortalConfig();
  assert.equal(config.ownDocument, false);
  assert.equal(config.currentVersion.id, 'v2', 'info.version of a JSON source');
  assert.deepEqual(config.olderVersions, []);
});

test('versionBaseUrl: the major segment of the API address follows the version', () => {
  assert.equal(versionBaseUrl('https://api.rev.io/v2', 'v1'), 'https://api.rev.io/v1');
  assert.equal(versionBaseUrl('https://api.rev.io/v1/', 'v1'), 'https://api.rev.io/v1');
  assert.equal(versionBaseUrl('https://api.example.com', 'v1'), 'https://api.example.com');
  assert.equal(versionBaseUrl('https://api.rev.io/v2', 'legacy'), 'https://api.rev.io/v2');
});

test("the current version's base address follows its major too (v2 -> /v2), whatever major API_BASE_URL ends with", () => {
  delete process.env.PORTAL_API_VERSIONS;
  delete process.env.API_BASE_URL;
  const config = loadPortalConfig();
  assert.equal(config.apiBaseUrl, `https://api.rev.io/${config.currentVersion.id}`);
  assert.deepEqual(
    config.olderVersions.map((v) => versionBaseUrl(config.apiBaseUrl, v.id)),
    config.olderVersions.map((v) => `https://api.rev.io/${v.id}`),
  );
  process.env.API_BASE_URL = 'https://api.example.test/billing/v1/';
  assert.equal(loadPortalConfig().apiBaseUrl, `https://api.example.test/billing/${config.currentVersion.id}`);
  // Without a major segment, or with a current version not named like a major, the address as configured.
  process.env.API_BASE_URL = 'https://api.example.test/billing';
  assert.equal(loadPortalConfig().apiBaseUrl, 'https://api.example.test/billing');
  process.env.API_BASE_URL = 'https://api.example.test/v1';
  process.env.PORTAL_CURRENT_VERSION = 'latest';
  assert.equal(loadPortalConfig().apiBaseUrl, 'https://api.example.test/v1');
});

test("a single foreign document keeps API_BASE_URL as given (its info.version need not be the URL's major)", () => {
  delete process.env.PORTAL_API_VERSIONS;
  process.env.OPENAPI_SOURCE = path.join(projectRoot, 'openapi/releases/2.0.0.json');
  process.env.API_BASE_URL = 'https://api.partner.example/v1';
  assert.equal(loadPortalConfig().apiBaseUrl, 'https://api.partner.example/v1');
});

test("the current version comes from a JSON source's info.version, read without parsing the rest of the document", () => {
  // Every build process loads portal.config.ts: it must not parse a large foreign document whole.
  // A document that is not valid JSON after its `info` still names its version (a whole parse fails).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
  try {
    const source = path.join(dir, 'big.json');
    writeFileSync(
      source,
      `{\n  "openapi": "3.0.3",\n  "info": {"title": "Big", "version": "7.2.0"},\n  "paths": {"/x": {"get": ${'{"a": '.repeat(3)}`,
    );
    process.env.OPENAPI_SOURCE = source;
    process.env.PORTAL_API_VERSIONS = 'none';
    assert.equal(loadPortalConfig().currentVersion.id, 'v7');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
