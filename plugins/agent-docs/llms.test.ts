/** llms.txt files the reference by the sidebar's categories (openapi/model/tags.ts), each page once. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {llmsFiles, type TwinInfo} from './pages';

test('llms.txt: a section per category, titled by its trail; a badge tag is no section; untagged pages under their path group', () => {
  const doc = {
    openapi: '3.2.0',
    info: {title: 'Meters', version: '1'},
    tags: [
      {name: 'beta', kind: 'badge'},
      {name: 'metering', summary: 'Metering'},
      {name: 'readings', summary: 'Readings', parent: 'metering'},
    ],
    paths: {
      '/readings': {get: {operationId: 'listReadings', summary: 'List readings', tags: ['beta', 'readings']}},
      '/v1/audits': {get: {operationId: 'listAudits', summary: 'List audits'}},
    },
  };
  const op = (slug: string, method: string, p: string, tags: string[]): TwinInfo => ({
    route: `/docs/api/${slug}`,
    markdownPath: `/docs/api/${slug}.md`,
    title: slug,
    description: '',
    kind: 'operation',
    operation: {method, path: p, tags},
  });
  const pages = [op('list-readings', 'get', '/readings', ['beta', 'readings']), op('list-audits', 'get', '/v1/audits', [])];
  const {llms} = llmsFiles(
    pages,
    {outDir: '/nonexistent', siteUrl: 'https://docs.test', baseUrl: '/', apiDocsDir: '', processedSpec: '', title: 'T', tagline: 'Docs'},
    doc,
  );
  const sections = [...llms.matchAll(/^## (API reference.*)\n\n((?:- .*\n)+)/gm)].map((m) => [m[1], m[2]!.trim().split('\n').length]);
  assert.deepEqual(sections, [
    ['API reference: Metering › Readings', 1],
    ['API reference: Audits', 1],
  ]);
});
