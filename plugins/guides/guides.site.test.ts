/**
 * The guides' API parts in the built site (npm run build first; SITE_DIR for another build), on
 * the Quickstart (docs/guides/quickstart.mdx) in Chromium: the parts render where the guide puts
 * them, at desktop and phone widths; Try it opens the reference's console with the guide's
 * values; links land on the right page and anchor. Then the guide in the outputs made after the
 * build: its Markdown twin (each part as Markdown), llms.txt, agent-docs.json (the MCP server's
 * index), the MCP server itself and the search index.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {copiedBy, gotoHydrated, SITE_DIR, useSite, navigatedTo} from '../../tests/browser/harness';
import {apiPageRoute, parameterAnchor, responseAnchor} from '../../openapi/model/routes';
import {listOperations} from '../../openapi/model/operations';
import {processedDocument} from '../../tests/browser/description';

const site = useSite();
const GUIDE = '/docs/guides/quickstart';
const slugOf = (operationId: string) => listOperations(processedDocument()).find((o) => o.operationId === operationId)!.slug!;

describe('the Quickstart in the browser', () => {
  for (const width of [1280, 390]) {
    test(`every part renders inside the article at ${width} px, in the guide's order`, async () => {
      const page = await site.page({viewport: {width, height: 900}});
      await gotoHydrated(page, site, GUIDE);
      const parts = page.locator('article [data-guide-part]');
      // The Quickstart's parts: card, request, response, schema, Try it, request, Try it, schema, response.
      assert.equal(await parts.count(), 9);
      const article = (await page.locator('article').boundingBox())!;
      let previous = -1;
      for (let i = 0; i < 9; i++) {
        const box = (await parts.nth(i).boundingBox())!;
        assert.ok(box.height > 20, `part ${i} has a height`);
        assert.ok(
          box.x >= article.x - 1 && box.x + box.width <= article.x + article.width + 1,
          `part ${i} inside the article (${box.x}+${box.width} in ${article.x}+${article.width})`,
        );
        assert.ok(box.y > previous, `part ${i} below part ${i - 1}`);
        previous = box.y;
      }
      // Nothing makes the page scroll sideways on a phone.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll');
    });
  }

  test('the operation card names the method, path and summary and links to the operation page', async () => {
    const page = await site.page();
    await gotoHydrated(page, site, GUIDE);
    const card = page.locator('article a[data-guide-part]').first();
    assert.equal(await card.getAttribute('href'), apiPageRoute(slugOf('getAListOfBillProfiles')));
    assert.match((await card.textContent())!, /^GET\/bill-profilesGet a list of bill profiles$/);
    await card.click();
    await navigatedTo(
      page,
      apiPageRoute(slugOf('getAListOfBillProfiles')),
      page.getByRole('heading', {level: 1, name: 'Get a list of bill profiles'}),
    );
  });

  test("the request example has the eight languages, the guide's values and the credential variables", async () => {
    const page = await site.page();
    await gotoHydrated(page, site, GUIDE);
    const request = page.locator('article [data-guide-part]').nth(1);
    const tabs = request.getByRole('tab');
    assert.deepEqual(await tabs.allTextContents(), ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby']);
    assert.match((await request.locator('pre').textContent())!, /bill-profiles\?status=active&.*page_size=10'/);
    await request.getByRole('tab', {name: 'Python'}).click();
    const python = (await request.locator('pre').textContent())!;
    assert.match(python, /"page_size": "10"/);
    assert.match(python, /os\.environ\["API_SUBSCRIPTION_KEY"\]/);
    // The choice is shared with the other request of the page, as on the reference.
    assert.match((await page.locator('article [data-guide-part]').nth(5).locator('pre').textContent())!, /^import os/);
  });

  test("the response example and the schema tables show the reference's content", async () => {
    const page = await site.page();
    await gotoHydrated(page, site, GUIDE);
    const parts = page.locator('article [data-guide-part]');
    assert.match((await parts.nth(2).textContent())!, /"total_count"/);
    assert.match((await parts.nth(3).textContent())!, /^BillProfile · in the reference/);
    for (const field of ['id', 'name', 'currency', 'bill_cycle'])
      assert.equal(
        (await parts.nth(3).locator(`code:text-is("${field}")`).count()) > 0 ||
          (await parts.nth(3).getByText(field, {exact: true}).count()) > 0,
        true,
        `BillProfile field ${field}`,
      );
    assert.match((await parts.nth(7).textContent())!, /^Request body of POST \/customers application\/json/);
    assert.match((await parts.nth(8).textContent())!, /"id"/);
  });

  test("Try it opens the reference's console with the guide's parameters and body", async () => {
    const page = await site.page();
    await gotoHydrated(page, site, GUIDE);
    const tries = page.locator('article div[data-guide-part]').filter({has: page.getByRole('button', {name: 'Try it'})});
    assert.equal(await tries.count(), 2);
    await tries.nth(0).getByRole('button', {name: 'Try it'}).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', {name: 'Send request'}).waitFor();
    assert.equal(await dialog.locator('[data-param="query:status"] select, [data-param="query:status"] input').inputValue(), 'active');
    assert.equal(await dialog.locator('[data-param="query:page_size"] input').inputValue(), '10');
    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'detached'});

    await tries.nth(1).getByRole('button', {name: 'Try it'}).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', {name: 'Send request'}).waitFor();
    assert.equal(await dialog.locator('[data-param="header:Idempotency-Key"] input').inputValue(), 'quickstart-0001-northwind');
    const body = JSON.parse(await dialog.getByRole('textbox', {name: 'Request body'}).inputValue());
    assert.equal(body.name, 'Northwind Logistics LLC');
    assert.equal(body.billing_address.city, 'Atlanta');
  });

  test("the console's shared link from a guide opens the operation's page with the guide's values", async () => {
    const page = await site.page({clipboard: true});
    await gotoHydrated(page, site, GUIDE);
    const tryIt = page
      .locator('article div[data-guide-part]')
      .filter({has: page.getByRole('button', {name: 'Try it'})})
      .nth(1);
    await tryIt.getByRole('button', {name: 'Try it'}).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', {name: 'Send request'}).waitFor();
    const link = new URL(await copiedBy(page, () => dialog.getByRole('button', {name: 'Copy link'}).click()));
    assert.equal(link.pathname, apiPageRoute(slugOf('createCustomer')));
    assert.match(link.hash, /^#try=/);
    const shared = await site.page();
    await gotoHydrated(shared, site, `${link.pathname}${link.hash}`);
    const restored = shared.getByRole('dialog');
    await restored.getByRole('button', {name: 'Send request'}).waitFor();
    assert.equal(await restored.locator('[data-param="header:Idempotency-Key"] input').inputValue(), 'quickstart-0001-northwind');
    assert.equal(JSON.parse(await restored.getByRole('textbox', {name: 'Request body'}).inputValue()).name, 'Northwind Logistics LLC');
  });

  test('links land on the page and anchor: a response (opened), parameters', async () => {
    const cases = [
      {name: 'the 401 response', href: `${apiPageRoute(slugOf('getAListOfBillProfiles'))}#${responseAnchor('401')}`},
      {name: 'Idempotency-Key', href: `${apiPageRoute(slugOf('createCustomer'))}#${parameterAnchor('header', 'Idempotency-Key')}`},
      {name: 'page_size', href: `${apiPageRoute(slugOf('getContacts'))}#${parameterAnchor('query', 'page_size')}`},
    ];
    for (const {name, href} of cases) {
      const page = await site.page();
      await gotoHydrated(page, site, GUIDE);
      const link = page.locator('article').getByRole('link', {name, exact: true});
      assert.equal(await link.getAttribute('href'), href, name);
      await link.click();
      const anchor = href.split('#')[1]!;
      await page.waitForURL((u) => u.pathname === href.split('#')[0] && u.hash === `#${anchor}`);
      const target = page.locator(`[id="${anchor}"]`);
      await target.waitFor();
      await page.waitForFunction((id) => {
        const r = document.getElementById(id)!.getBoundingClientRect();
        return r.top > -2 && r.top < window.innerHeight; // scrolled to (sub-pixel above the top edge)
      }, anchor);
      if (anchor.startsWith('response-'))
        assert.equal(await target.evaluate((e) => (e as HTMLDetailsElement).open), true, 'the response is opened');
    }
  });
});

describe('the Quickstart in the outputs made after the build', () => {
  const twin = () => readFileSync(path.join(SITE_DIR, 'docs/guides/quickstart.md'), 'utf8');

  test('its Markdown twin has each part as Markdown: eight languages, the response, schema fields, links to twins', () => {
    const md = twin();
    assert.doesNotMatch(md, /GUIDEPARTZ/);
    for (const label of ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby'])
      assert.equal(md.split(`\n${label}:\n`).length - 1, 2, `${label} twice (two requests)`);
    assert.match(md, /--url 'https:\/\/api\.rev\.io\/v2\/bill-profiles\?status=active&[^']*page_size=10'/);
    assert.match(md, /"name": "Northwind Logistics LLC"/);
    // A schema links to the first operation that shows it: Create a bill profile answers with one.
    assert.match(md, /\*\*BillProfile\*\* \(\[reference\]\(https?:\/\/[^)]+\/docs\/api\/create-bill-profile\.md#response-201\)\)/);
    assert.match(md, /`customer_type_id`/);
    assert.match(
      md,
      /Try it: open \[POST \/customers\]\([^)]+\/docs\/api\/create-customer\.md\) and press "Try it", with `Idempotency-Key` = `quickstart-0001-northwind` and this body:/,
    );
    assert.match(md, /\[the 401 response\]\([^)]+\.md#response-401\)/);
  });

  test("llms.txt and agent-docs.json (the MCP server's index) list it", () => {
    const llms = readFileSync(path.join(SITE_DIR, 'llms.txt'), 'utf8');
    assert.match(llms, /- \[Quickstart\]\(https?:\/\/[^)]+\/docs\/guides\/quickstart\.md\): From credentials to your first 200 OK/);
    const index = JSON.parse(readFileSync(path.join(SITE_DIR, 'agent-docs.json'), 'utf8')) as {
      pages: {route: string; kind: string; title: string}[];
    };
    assert.deepEqual(
      index.pages.filter((p) => p.route === GUIDE).map((p) => [p.kind, p.title]),
      [['doc', 'Quickstart']],
    );
  });

  test('the MCP server returns it and finds it', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [require.resolve('tsx/cli'), path.join(__dirname, '../agent-docs/mcp/server.ts'), '--site', SITE_DIR],
      stderr: 'ignore',
    });
    const client = new Client({name: 'guides-test', version: '1.0.0'});
    await client.connect(transport);
    try {
      const text = (r: unknown) => ((r as {content: {text: string}[]}).content ?? []).map((c) => c.text).join('\n');
      const page = text(await client.callTool({name: 'get_page', arguments: {route: GUIDE}}));
      assert.match(page, /^# Quickstart/m);
      assert.match(page, /Ruby:\n\n```ruby\n/);
      const found = text(await client.callTool({name: 'search_docs', arguments: {query: 'quickstart first request', limit: 5}}));
      assert.match(found, /docs\/guides\/quickstart/);
    } finally {
      await client.close();
    }
  });

  test('the search index has its text, without the embedded samples and schemas', () => {
    const parts = JSON.parse(readFileSync(path.join(SITE_DIR, 'search-index-content.json'), 'utf8')) as {
      documents: {t: string; s?: string; u: string}[];
    }[];
    const mine = parts.flatMap((p) => p.documents).filter((d) => d.u === GUIDE);
    const text = mine.map((d) => `${d.s ?? ''}\n${d.t}`).join('\n');
    assert.match(text, /Make your first request/);
    assert.match(text, /Get a list of bill profiles/); // the operation card is searchable
    assert.match(text, /Idempotency-Key/); // so is the guide's own text
    assert.doesNotMatch(text, /Ocp-Apim-Subscription-Key: \$API_SUBSCRIPTION_KEY/); // the sample is not
    assert.doesNotMatch(text, /Unique identifier assigned by the platform/); // nor the schema table
  });
});
