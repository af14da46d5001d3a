/**
 * Reading guides outside the MDX compiler (./scan.ts): the live preview's re-resolution after the
 * description changed, and the list of request examples the Prism tests run.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {contentFiles, guideRequests, parseMdx, refreshGuides} from './scan';
import {moduleNameOf, transformGuide} from './remark';
import {fixtureSite, WIDGETS} from './guides.fixtures';

const GUIDE =
  '# Widgets\n\n<OperationCard operationId="getWidget" />\n\n<RequestExample operationId="createWidget" params={{"header:Idempotency-Key": "guide-0001"}} body={{name: "Cog"}} />\n';

test('after the description changes, refreshGuides rewrites the data module of each page; a reference it lost is an error with file:line', async () => {
  const site = fixtureSite();
  try {
    const file = path.join(site.siteDir, 'docs/guides/widgets.mdx');
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, GUIDE);
    const options = {processedSpec: site.processedSpec, foreign: false, outDir: site.outDir, siteDir: site.siteDir};
    transformGuide(await parseMdx(GUIDE), file, options);
    const module = path.join(site.outDir, `${moduleNameOf('docs/guides/widgets.mdx')}.js`);
    assert.match(readFileSync(module, 'utf8'), /Get a widget/);

    const renamed = structuredClone(WIDGETS);
    renamed.paths['/widgets/{widget_id}'].get.summary = 'Fetch one widget';
    writeFileSync(site.processedSpec, JSON.stringify(renamed));
    assert.deepEqual(await refreshGuides(options), {pages: 1, errors: []});
    assert.match(readFileSync(module, 'utf8'), /Fetch one widget/);

    const removed = structuredClone(WIDGETS) as {paths: Record<string, unknown>};
    delete removed.paths['/widgets/{widget_id}'];
    writeFileSync(site.processedSpec, JSON.stringify(removed));
    const {errors} = await refreshGuides(options);
    assert.equal(errors.length, 1);
    assert.match(
      errors[0]!,
      /docs\/guides\/widgets\.mdx:3:1: <OperationCard operationId="getWidget">: operation "getWidget" is not in the API description/,
    );
    assert.match(readFileSync(module, 'utf8'), /Fetch one widget/, 'the last good module stays');
  } finally {
    rmSync(site.siteDir, {recursive: true, force: true});
  }
});

test('guideRequests lists every RequestExample of docs, blog and pages (not the generated API pages) with its values', async () => {
  const site = fixtureSite();
  try {
    for (const [rel, text] of [
      ['docs/guides/widgets.mdx', GUIDE],
      ['blog/2025-01-01-post.mdx', 'Post\n\n<RequestExample operationId="getWidget" />\n'],
      ['src/pages/x.mdx', 'No parts here.\n'],
      ['docs/api/get-widget.api.mdx', '<RequestExample operationId="getWidget" />\n'],
    ]) {
      mkdirSync(path.dirname(path.join(site.siteDir, rel!)), {recursive: true});
      writeFileSync(path.join(site.siteDir, rel!), text!);
    }
    assert.deepEqual(
      contentFiles(site.siteDir).map((f) => path.relative(site.siteDir, f)),
      ['blog/2025-01-01-post.mdx', 'docs/guides/widgets.mdx', 'src/pages/x.mdx'],
    );
    assert.deepEqual(await guideRequests(site.siteDir), [
      {where: 'blog/2025-01-01-post.mdx:3', operationId: 'getWidget'},
      {
        where: 'docs/guides/widgets.mdx:5',
        operationId: 'createWidget',
        params: {'header:Idempotency-Key': 'guide-0001'},
        body: {name: 'Cog'},
      },
    ]);
  } finally {
    rmSync(site.siteDir, {recursive: true, force: true});
  }
});
