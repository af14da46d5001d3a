/**
 * The words of every API page, read in the browser and compared with what the processed OpenAPI
 * document says (tests/browser/description.ts derives the facts from its keywords; nothing here is
 * typed by hand):
 * - every operation page: each parameter's type label, badges, allowed values, default, example
 *   and constraints; each request body's and each response's schema label and attributes (type
 *   label, required/read-only/deprecated badges, allowed values, constraints) at the first level
 *   and the nested level the page renders up front, and the label of every deeper disclosure;
 *   response header types; error responses are opened first (they render when opened);
 * - the overview page: title, version, operation count, base URLs, authentication and the
 *   category list (label, count, link, the tag's description);
 * - every category page: title, and one card per operation with its title, method, path and the
 *   lead of its description.
 */
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import kebabCase from 'lodash/kebabCase';
import type {Page} from 'playwright-core';
import {gotoHydrated, useSite} from './harness';
import {
  describedOperations,
  expectedRenderedOperation,
  overviewRoute,
  processedDocument,
  sidebarCategories,
  type RenderedOperation,
} from './description';

/* eslint-disable @typescript-eslint/no-explicit-any */
const site = useSite();
const doc = processedDocument();
const operations = describedOperations();

/**
 * Reads an operation page into the shape of RenderedOperation. A string, so that no helper of the
 * test's compiler ends up in the page. CSS module classes are "<local>_<hash>": `has(el, 'type')`.
 */
const READ_OPERATION = `(() => {
  const has = (el, local) => [...el.classList].some((c) => c.startsWith(local + '_'));
  const child = (el, local) => [...el.children].find((c) => has(c, local));
  const text = (el) => (el ? el.textContent.replace(/\\s+/g, ' ').trim() : '');
  const facts = (holder) => ({
    enum: child(holder, 'enum') ? [...child(holder, 'enum').querySelectorAll('code')].map(text) : [],
    constraints: child(holder, 'constraints') ? [...child(holder, 'constraints').children].map(text) : [],
  });
  const rows = (holder) => [...holder.children].filter((c) => c.tagName === 'UL').flatMap((ul) => [...ul.children]).map(field);
  const field = (li) => {
    const head = child(li, 'head');
    const badges = child(head, 'badges');
    const out = {name: text(head.querySelector('code')), type: text(child(head, 'type')), badges: badges ? [...badges.children].map(text) : [], ...facts(li)};
    const disclosure = [...li.children].find((c) => c.tagName === 'DETAILS');
    if (disclosure) {
      const label = text(disclosure.querySelector(':scope > summary'));
      out.children = disclosure.querySelector(':scope > ul') ? {label, fields: rows(disclosure)} : {label};
    }
    return out;
  };
  const schema = (media) => {
    const view = child(media, 'schema');
    if (!view) return null;
    return {type: text(child(child(view, 'summary'), 'type')), fields: rows(view), ...facts(view)};
  };
  const content = (holder) => Object.fromEntries([...holder.children].filter((c) => has(c, 'media')).map((m) => [text(m.querySelector('p code')), schema(m)]));
  const parameters = {};
  for (const li of document.querySelectorAll('article li[data-param]')) {
    const head = child(li, 'paramHead');
    const spans = [...head.children].filter((c) => c.tagName === 'SPAN');
    parameters[li.dataset.param] = {
      type: text(spans.find((s) => has(s, 'type'))),
      badges: spans.filter((s) => !has(s, 'type')).map(text),
      ...facts(li),
    };
  }
  const bodySection = document.querySelector('article section:has(#request-body)');
  const responses = {};
  for (const d of document.querySelectorAll('article details[id^="response-"]')) {
    const body = child(d, 'responseBody');
    const list = body && [...body.children].find((c) => c.tagName === 'UL');
    const headers = list ? Object.fromEntries([...list.children].map((li) => [text(li.querySelector('code')), text(child(child(li, 'paramHead'), 'type'))])) : {};
    responses[d.id.slice('response-'.length)] = {headers, content: body ? content(body) : {}};
  }
  return {parameters, body: bodySection ? content(bodySection) : {}, responses};
})()`;

/** Opens every response (the closed ones render their body when first opened) and waits for the bodies. */
async function openResponses(page: Page): Promise<void> {
  await page.evaluate(`document.querySelectorAll('article details[id^="response-"]').forEach((d) => { d.open = true; })`);
  // A function, not a string: the site's CSP forbids evaluating strings (waitForFunction would).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('article details[id^="response-"]')].every((d) =>
      [...d.children].some((c) => [...c.classList].some((k) => k.startsWith('responseBody_'))),
    ),
  );
}

describe('every operation page says what the description says', () => {
  test('the description has parameters, bodies and nested attributes to read', () => {
    const all = operations.map((op) => expectedRenderedOperation(op));
    assert.ok(
      all.some((o) => Object.keys(o.parameters).length > 0),
      'an operation with parameters',
    );
    const bodies = all.flatMap((o) => Object.values(o.body)).filter(Boolean);
    assert.ok(
      bodies.some((b) => b!.fields.some((f) => f.children?.fields?.length)),
      'a request body with a nested level',
    );
    assert.ok(
      all.some((o) => Object.values(o.responses).some((r) => Object.keys(r.headers).length > 0)),
      'a response with headers',
    );
    const labels = bodies.flatMap((b) => b!.fields.map((f) => f.type));
    assert.ok(
      labels.some((l) => l.endsWith(' | null')),
      'a nullable body field',
    );
  });

  // One page per category, visiting its operations in turn (a warm cache: about half the time of a
  // fresh page each); a failure names the operation's route.
  const byCategory = new Map<string, typeof operations>();
  for (const op of operations) byCategory.set(op.tags[0] ?? '(untagged)', [...(byCategory.get(op.tags[0] ?? '(untagged)') ?? []), op]);
  for (const [category, ops] of byCategory) {
    test(`${category}: ${ops.map((o) => o.route.replace('/docs/api/', '')).join(', ')}`, async () => {
      const page = await site.page();
      for (const op of ops) {
        await gotoHydrated(page, site, op.route);
        await openResponses(page);
        const shown = (await page.evaluate(READ_OPERATION)) as RenderedOperation;
        const expected = expectedRenderedOperation(op);
        const where = `${op.method.toUpperCase()} ${op.path} (${op.route})`;
        assert.deepEqual(shown.parameters, expected.parameters, `${where}: parameters (type label, badges, allowed values, constraints)`);
        assert.deepEqual(shown.body, expected.body, `${where}: request body (schema label and attributes)`);
        assert.deepEqual(shown.responses, expected.responses, `${where}: responses (header types, schema labels and attributes)`);
      }
    });
  }
});

/** Text with Markdown inline marks removed and white space collapsed: what a reader reads of a description. */
const plain = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`|\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

test("the overview page shows the description's title, version, servers, authentication and categories", async () => {
  const page = await site.page();
  await gotoHydrated(page, site, overviewRoute());
  const article = page.locator('article');
  assert.equal((await article.locator('h1').first().textContent())?.trim(), doc.info.title);
  const meta = (await article.locator('header p').first().textContent()) ?? '';
  assert.ok(meta.includes(`Version ${doc.info.version}`), `version shown: ${meta}`);
  assert.ok(meta.includes(`${operations.length} operations`), `operation count shown: ${meta}`);
  const facts = article.locator('header dl');
  const baseUrls = (await facts.locator('div:has(> dt:text-is("Base URL")) > dd').allTextContents()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );
  assert.deepEqual(
    baseUrls.map((t) =>
      t
        .replace(/Copy base URL/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
    (doc.servers ?? []).map((s: any) => [s.url, s.description].filter(Boolean).join(' ')),
  );
  const schemes = Object.values<any>(doc.components?.securitySchemes ?? {}).map((s) =>
    s.type === 'http'
      ? String(s.scheme).toLowerCase() === 'basic'
        ? 'HTTP Basic authentication'
        : `HTTP ${String(s.scheme).toLowerCase()} authentication`
      : s.type === 'apiKey'
        ? `API key in the ${s.in} "${s.name}"`
        : s.type === 'oauth2'
          ? 'OAuth 2.0'
          : s.type,
  );
  assert.deepEqual(
    (await facts.locator('div:has(> dt:text-is("Authentication")) > dd').allTextContents()).map((t) => t.trim()),
    schemes,
  );
  // The category list: every tag with operations, in the document's order, with its count and description.
  const counts = new Map<string, number>();
  for (const op of operations) for (const t of new Set(op.tags)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const tags: any[] = doc.tags ?? [];
  const names = [
    ...tags.map((t) => t.name).filter((n) => counts.has(n)),
    ...[...counts.keys()].filter((n) => !tags.some((t) => t.name === n)),
  ];
  const expected = names.map((name) => {
    const tag = tags.find((t) => t.name === name);
    const n = counts.get(name)!;
    return {
      label: tag?.['x-displayName'] ?? name,
      href: `/docs/category/api/${kebabCase(name)}`,
      count: `${n} ${n === 1 ? 'operation' : 'operations'}`,
      description: tag?.description ? plain(tag.description) : '',
    };
  });
  const items = await page.locator('#api-reference + ul > li').evaluateAll((lis) =>
    lis.map((li) => {
      const link = li.querySelector('a')!;
      const rest = [...li.children].filter((c) => c !== link);
      return {
        label: (link.textContent ?? '').trim(),
        href: new URL(link.href).pathname.replace(/\/$/, ''),
        count: (rest[0]?.textContent ?? '').trim(),
        description: (rest[1]?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      };
    }),
  );
  assert.deepEqual(items, expected);
  // Every heading of info.description is a heading of the page.
  const headings = [...String(doc.info.description ?? '').matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => plain(m[1]));
  const pageHeadings = (await article.locator('h2, h3, h4').allTextContents()).map((t) => t.replace(/\u200b|#$/g, '').trim());
  for (const h of headings)
    assert.ok(pageHeadings.includes(h), `heading "${h}" of info.description shown (page: ${pageHeadings.join(' | ')})`);
});

/** Whole sentences of `text` from its start, or its start cut at a word with an ellipsis: the lead a card may show. */
function isLeadOf(lead: string, text: string): boolean {
  if (lead === text) return true;
  if (lead.endsWith('…')) return text.startsWith(lead.slice(0, -1));
  return text.startsWith(lead) && /[.!?]$/.test(lead) && text[lead.length] === ' ';
}

test('every category page lists its operations with the title, method, path and description lead', async () => {
  const categories = sidebarCategories();
  assert.ok(categories.length > 0);
  const page = await site.page();
  for (const cat of categories) {
    await gotoHydrated(page, site, cat.route);
    const tagName = String(cat.route.split('/').pop());
    const ofTag = operations.filter((o) => o.tags.some((t) => kebabCase(t) === tagName));
    assert.ok(ofTag.length > 0, `${cat.route}: operations of the tag`);
    assert.deepEqual(
      [...cat.items].sort(),
      ofTag.map((o) => o.route).sort(),
      `${cat.route}: the sidebar category holds the tag's operations`,
    );
    const ops = cat.items.map((route) => ofTag.find((o) => o.route === route)!);
    const cards = await page.locator('main article a.card').evaluateAll((as) =>
      as.map((a) => {
        const p = a.querySelector('p');
        return {
          href: new URL((a as HTMLAnchorElement).href).pathname.replace(/\/$/, ''),
          title: (a.querySelector('h2')?.textContent ?? '').trim(),
          endpoint: (a.querySelector('[data-card-endpoint]')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
          lead: p?.getAttribute('title') ?? '',
          shown: (p?.textContent ?? '').trim(),
        };
      }),
    );
    assert.deepEqual(
      cards.map((c) => c.href),
      ops.map((o) => o.route),
      `${cat.route}: one card per operation, in sidebar order`,
    );
    ops.forEach((op, i) => {
      const card = cards[i];
      const raw = doc.paths[op.path][op.method];
      assert.equal(card.title, op.title, `${op.route}: card title`);
      assert.equal(card.endpoint, `${op.method.toUpperCase()} ${op.path}`, `${op.route}: card method and path`);
      const firstParagraph = plain(String(raw.description ?? '').split(/\n\s*\n/)[0]);
      if (!firstParagraph) assert.equal(card.lead, op.title, `${op.route}: no description: the card says the title`);
      else
        assert.ok(isLeadOf(card.lead, firstParagraph), `${op.route}: card description "${card.lead}" is the lead of "${firstParagraph}"`);
      const cut = card.shown.replace(/…$/, '');
      assert.ok(
        card.shown === card.lead || (card.shown.endsWith('…') && card.lead.startsWith(cut)),
        `${op.route}: shown "${card.shown}" is the description or its start with an ellipsis`,
      );
    });
    // The tag's description (its first paragraph) under the title, above the cards, and as the meta description.
    const tag = (doc.tags ?? []).find((t: {name: string}) => kebabCase(t.name) === tagName) as {description?: string} | undefined;
    const expected = plain(String(tag?.description ?? '').split(/\n\s*\n/)[0]);
    assert.ok(expected, `${cat.route}: our tags all have a description`);
    const intro = page.locator('main header h1 + p');
    assert.equal((await intro.textContent())?.replace(/\s+/g, ' ').trim(), expected, `${cat.route}: the tag's description under the title`);
    const [introBox, titleBox, cardBox] = await Promise.all([
      intro.boundingBox(),
      page.locator('main header h1').boundingBox(),
      page.locator('main article a.card').first().boundingBox(),
    ]);
    assert.ok(
      introBox && titleBox && cardBox && titleBox.y + titleBox.height <= introBox.y && introBox.y + introBox.height <= cardBox.y,
      `${cat.route}: title, description, cards, top to bottom`,
    );
    assert.equal(await page.locator('meta[name="description"]').getAttribute('content'), expected, `${cat.route}: meta description`);
  }
});
