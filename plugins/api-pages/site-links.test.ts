import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {apiSiteLinks} from './site-links';

test('site links: the top-level categories of the sidebar, labelled as there; badge tags and nested tags are none; the reference tag by name', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'site-links-')), 'openapi.json');
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.2.0',
      info: {title: 'Meters', version: '1'},
      tags: [
        {name: 'metering', summary: 'Metering'},
        {name: 'meters', parent: 'metering'},
        {name: 'beta', kind: 'badge'},
        {name: 'exports'},
      ],
      paths: {
        '/meters': {get: {operationId: 'listMeters', tags: ['meters', 'beta']}},
        '/exports': {get: {operationId: 'listExports', tags: ['exports']}},
        '/v1/audits': {get: {operationId: 'listAudits'}},
      },
    }),
  );
  const links = apiSiteLinks(file, false, 'exports');
  assert.deepEqual(links.categories, [
    {label: 'Metering', path: '/docs/category/api/metering'},
    {label: 'exports', path: '/docs/category/api/exports'},
    {label: 'Audits', path: '/docs/category/api/audits'},
  ]);
  assert.equal(links.referencePath, '/docs/category/api/exports');
  assert.equal(
    apiSiteLinks(file, false, 'nope').referencePath,
    '/docs/category/api/metering',
    'an unknown reference tag: the first category',
  );
});
