/**
 * Examples lead with success (issue 21, point 5): every operation page's "Response example" panel
 * opens on its success response, and a file download (Download invoice's PDF) shows what the reader
 * gets: the media type, the documented Content-Disposition and a note that the body is the file.
 * Expectations come from the processed document, not from the panel's code.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, useSite} from './harness';
import {deref, describedOperations, processedDocument} from './description';

const site = useSite();
const doc = processedDocument();

const panel = (page: Page) => page.getByRole('region', {name: 'Response example', exact: true});

/** The first 2xx response of an operation that has a body (an example, or a file). */
function successStatus(method: string, p: string): {status: string; mediaType: string; response: any} | undefined {
  for (const [status, raw] of Object.entries<any>(doc.paths[p][method].responses ?? {})) {
    const response = deref(raw, doc);
    const mediaType = Object.keys(response.content ?? {})[0];
    if (/^2/.test(status) && mediaType) return {status, mediaType, response};
  }
  return undefined;
}

describe('response examples panel', () => {
  test('every operation page opens the panel on its success response', async () => {
    const page = await site.page();
    let checked = 0;
    for (const op of describedOperations(doc)) {
      const success = successStatus(op.method, op.path);
      if (!success) continue;
      await gotoHydrated(page, site, op.route);
      const tabs = panel(page).getByRole('tab');
      // One response with an example: a single panel without tabs, titled by the code itself.
      if ((await tabs.count()) === 0) continue;
      assert.equal(await panel(page).getByRole('tab', {selected: true}).textContent(), success.status, `${op.route}: the selected tab`);
      assert.equal(await tabs.first().textContent(), success.status, `${op.route}: the first tab`);
      checked++;
    }
    assert.ok(checked >= 10, `${checked} pages with tabs checked`);
  });

  test('Download invoice: the PDF response shows its media type, Content-Disposition and that the body is a file download', async () => {
    const op = describedOperations(doc).find((o) => o.operationId === 'downloadInvoice');
    assert.ok(op, 'the document has downloadInvoice');
    const success = successStatus(op!.method, op!.path)!;
    assert.equal(success.mediaType, 'application/pdf');
    const disposition = deref(success.response.headers?.['Content-Disposition'], doc);
    assert.ok(disposition?.example, 'the document gives a Content-Disposition example');
    const page = await site.page();
    await gotoHydrated(page, site, op!.route);
    assert.equal(await panel(page).getByRole('tab', {selected: true}).textContent(), success.status);
    const text = (await panel(page).locator('pre code').textContent()) ?? '';
    assert.match(text, /^Content-Type: application\/pdf$/m);
    assert.ok(text.includes(`Content-Disposition: ${disposition.example}`), text);
    assert.match(text, /PDF file itself, a file download/);
    // The error examples are still there, after it.
    assert.deepEqual((await panel(page).getByRole('tab').allTextContents()).slice(0, 2), [success.status, '400']);
  });
});
