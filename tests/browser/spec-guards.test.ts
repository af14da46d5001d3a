/**
 * Guards for statements of the product specification that no other test checked. Each test names
 * its section. Values come from the built site or the project's sources, not copied constants.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {chunkGate, currentSidebarLink, gotoHydrated, navigatedTo, painted, useSite} from './harness';
import {contrast, flatten, parseColor} from './colors';
import {overviewRoute} from './description';
import {blogPosts, markdownPageTitle, ROOT} from './site-content';
import {searchOptions} from '../../src/config/search';

const site = useSite();
const OVERVIEW = overviewRoute();

test('§1/§6: no sign-in: no sign-in, log-in or account UI and no password field on any kind of page', async () => {
  const page = await site.page();
  for (const p of ['/', OVERVIEW, '/blog', '/search', '/markdown-page']) {
    await gotoHydrated(page, site, p);
    const found = await page.evaluate(() => {
      const texts = [...document.querySelectorAll('a, button, [role="button"]')].map(
        (e) => `${e.textContent ?? ''} ${e.getAttribute('aria-label') ?? ''}`,
      );
      return {
        controls: texts.filter((t) => /\b(sign[ -]?in|log[ -]?in|sign[ -]?up|register|my account|log[ -]?out)\b/i.test(t)),
        passwords: document.querySelectorAll('input[type="password"]').length,
      };
    });
    assert.deepEqual(found, {controls: [], passwords: 0}, p);
  }
});

test('§1/§9: locale en only: <html lang="en">, and no alternate page in another language', async () => {
  const page = await site.page();
  for (const p of ['/', OVERVIEW, '/blog/welcome']) {
    await gotoHydrated(page, site, p);
    const {lang, alternates, canonical} = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => ({
        hreflang: l.getAttribute('hreflang'),
        href: l.getAttribute('href'),
      })),
    }));
    assert.equal(lang, 'en', `${p}: lang`);
    // Docusaurus names the page itself as its "en" and "x-default" version; nothing else.
    for (const a of alternates) {
      assert.ok(a.hreflang === 'en' || a.hreflang === 'x-default', `${p}: alternate in ${a.hreflang}`);
      assert.equal(a.href, canonical, `${p}: the ${a.hreflang} alternate is the page itself`);
    }
    assert.equal(
      await page
        .locator('.navbar .dropdown')
        .filter({hasText: /english|language/i})
        .count(),
      0,
      `${p}: no locale dropdown`,
    );
  }
});

test('§1: MDX admonitions render as admonitions, and "<!-- truncate -->" cuts the post on the blog index', async () => {
  const page = await site.page();
  const mdxPost = blogPosts().find((p) => p.file.endsWith('.mdx') && /^:::/m.test(readFileSync(path.join(ROOT, 'blog', p.file), 'utf8')))!;
  await gotoHydrated(page, site, `/blog/${mdxPost.slug}`);
  const admonitions = await page.locator('article .theme-admonition').evaluateAll((els) => els.map((e) => e.className));
  assert.ok(
    admonitions.some((c) => /admonition-tip/.test(c)) && admonitions.some((c) => /admonition-warning/.test(c)),
    `tip and warning admonitions: ${admonitions}`,
  );
  assert.equal(await page.locator('article').getByText(/^:::/).count(), 0, 'no raw ::: markers');

  const truncated = blogPosts().filter((p) => readFileSync(path.join(ROOT, 'blog', p.file), 'utf8').includes('<!-- truncate -->'));
  assert.ok(truncated.length > 0, 'some post has a truncate marker');
  await gotoHydrated(page, site, '/blog');
  for (const post of truncated) {
    const article = page.locator('main article').filter({has: page.locator('h2', {hasText: post.title})});
    assert.equal(await article.getByRole('link', {name: /read more/i}).count(), 1, `${post.slug}: "Read more" on the index`);
    const source = readFileSync(path.join(ROOT, 'blog', post.file), 'utf8');
    const afterMarker = source
      .split('<!-- truncate -->')[1]
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /^[A-Za-z]/.test(l) && l.length > 30)!;
    assert.equal(
      await article.getByText(afterMarker.slice(0, 30), {exact: false}).count(),
      0,
      `${post.slug}: text after the marker is not on the index`,
    );
    assert.equal(await page.getByText('<!-- truncate -->').count(), 0);
  }
});

test('§3/§4: docs version preference: an unknown stored version is cleared (key docs-preferred-version-default)', async () => {
  const page = await site.page({localStorage: {'docs-preferred-version-default': 'no-such-version'}});
  await gotoHydrated(page, site, OVERVIEW);
  await page.waitForFunction(() => localStorage.getItem('docs-preferred-version-default') === null);
  // The docs page still shows its doc.
  assert.ok(((await page.locator('h1').first().textContent()) ?? '').length > 0);
});

test('§8: browser storage that throws: a warning at most, and the site works (colour switch, navigation)', async () => {
  const page = await site.page();
  // A string, not a function: tsx would wrap named functions in a helper the page lacks.
  await page.addInitScript(`for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, {configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});
  }`);
  const warnings: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  await gotoHydrated(page, site, '/');
  const toggle = page.locator('.navbar').getByRole('button', {name: /switch between dark and light mode/i});
  await toggle.click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  const reference = page.locator('nav.navbar a.navbar__link', {hasText: 'API Reference'});
  const href = (await reference.getAttribute('href'))!;
  await reference.click();
  // The docs page has rendered (with the dark theme) before the warnings are read.
  await navigatedTo(page, href, currentSidebarLink(page, href));
  // Errors would fail the test through the fixture; warnings are what the spec allows.
  assert.ok(
    warnings.every((w) => /storage/i.test(w)),
    `only storage warnings: ${warnings.join(' | ')}`,
  );
});

test('§9: the table of contents lists exactly the h2 and h3 headings of the article', async () => {
  const page = await site.page();
  for (const p of ['/blog/long-blog-post', OVERVIEW]) {
    await gotoHydrated(page, site, p);
    const {toc, headings, deeper} = await page.evaluate(() => {
      const root = document.querySelector('article')!;
      return {
        toc: [...document.querySelectorAll('.table-of-contents a[href^="#"]')].map((a) =>
          decodeURIComponent(a.getAttribute('href')!.slice(1)),
        ),
        headings: [...root.querySelectorAll('h2[id], h3[id]')].map((h) => h.id),
        deeper: [...root.querySelectorAll('h4[id], h5[id], h6[id]')].map((h) => h.id),
      };
    });
    assert.ok(toc.length > 0, `${p}: has a table of contents`);
    for (const id of toc) assert.ok(headings.includes(id), `${p}: TOC entry #${id} is an h2/h3 of the article`);
    for (const id of deeper) assert.ok(!toc.includes(id), `${p}: h4+ #${id} not in the TOC`);
  }
});

test('§2/§3: announcement bar: its configured colours and HTML content (bold text and a link)', async () => {
  const config = readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8');
  const hex = (name: string) => new RegExp(`${name}:\\s*'(#[0-9a-fA-F]{6})'`).exec(config)![1];
  const rgb = (h: string) => `rgb(${[1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)).join(', ')})`;
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  // The bar (src/theme/AnnouncementBar): a region named "Announcement" (not a second banner
  // landmark), with an inline style of the configured colours.
  const bar = page.getByRole('region', {name: 'Announcement'});
  const style = await bar.evaluate((el) => ({bg: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color}));
  assert.deepEqual(style, {bg: rgb(hex('backgroundColor')), color: rgb(hex('textColor'))});
  assert.ok((await bar.locator('b').count()) >= 1, 'bold text from the HTML content');
  const link = bar.locator('a[href]').first();
  assert.equal(new URL((await link.getAttribute('href'))!, site.url).pathname, OVERVIEW, 'a link from the HTML content');
  assert.equal(await bar.getByText('<b>').count(), 0, 'HTML rendered, not shown as text');
});

test('§4: colour mode ignores a change of the system preference at run time', async () => {
  const page = await site.page({colorScheme: 'light'});
  await gotoHydrated(page, site, '/');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  // The listener is in place before the system preference changes (then the event cannot be missed).
  await page.evaluate(() => {
    matchMedia('(prefers-color-scheme: dark)').addEventListener(
      'change',
      (e) => {
        (window as unknown as {sawDark?: boolean}).sawDark = e.matches;
      },
      {once: true},
    );
  });
  await page.emulateMedia({colorScheme: 'dark'});
  await page.waitForFunction(() => (window as unknown as {sawDark?: boolean}).sawDark === true, undefined, {timeout: 10_000});
  await painted(page); // the theme had a frame to react (it must not)
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light', 'still light');
});

test('§4: "/" does not open the search from a textarea or a select', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const area = Object.assign(document.createElement('textarea'), {id: 'guard-area'});
    const select = Object.assign(document.createElement('select'), {id: 'guard-select'});
    select.append(new Option('a'), new Option('/b'));
    main.prepend(area, select);
  });
  await page.locator('#guard-area').focus();
  await page.keyboard.type('a/b');
  assert.equal(await page.locator('#guard-area').inputValue(), 'a/b');
  assert.equal(await page.locator('dialog[open]').count(), 0, 'not from a textarea');
  await page.locator('#guard-select').focus();
  await page.keyboard.press('/');
  assert.equal(await page.locator('dialog[open]').count(), 0, 'not from a select');
  // The same key elsewhere opens it, so the check above is not vacuous.
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await page.keyboard.press('/');
  await page.locator('dialog[open]').waitFor();
});

test('§7/§9: the search index is requested without a cache-busting parameter; the stop-word filter is kept', async () => {
  const page = await site.page();
  const requests: string[] = [];
  page.on('request', (r) => void (/search-index/.test(r.url()) && requests.push(r.url())));
  await gotoHydrated(page, site, '/');
  await page.keyboard.press('Control+k');
  await page.locator('dialog[open] input[role="combobox"]').fill('invoice');
  await page.locator('dialog[open] [role="option"]').first().waitFor();
  assert.ok(requests.length >= 1, 'the index was fetched');
  for (const url of requests) assert.equal(new URL(url).search, '', `${url}: no query string`);

  // The default stop-word filter is kept in the configuration the site ships. (Through the UI a
  // stop word still matches as a prefix, e.g. "the" -> "theme", so the page cannot show it.)
  assert.equal(searchOptions.removeDefaultStopWordFilter, false);
});

test('§4: navigation preloads the next route and keeps the old page up meanwhile', async () => {
  const page = await site.page();
  const gate = await chunkGate(page);
  await gotoHydrated(page, site, '/');
  const oldHeading = (await page.locator('h1').first().textContent())!.trim();
  gate.hold();
  await page.locator('footer a[href="/markdown-page"]').click();
  await page.waitForURL((u) => u.pathname === '/markdown-page');
  await page.waitForFunction(() => true); // one round trip: the click's handlers have run
  assert.ok(gate.held() > 0, "the next route's chunks are being loaded");
  assert.equal((await page.locator('h1').first().textContent())!.trim(), oldHeading, 'the old page stays while the next one loads');
  gate.release();
  await page.waitForFunction((old) => document.querySelector('h1')?.textContent?.trim() !== old, oldHeading);
  assert.equal(await page.locator('h1').count(), 1);
  assert.equal(await page.locator('nav.navbar').count(), 1);
});

test('§4/§9: the progress bar starts 200 ms into a slow navigation (minimum 0.08, 200 ms speed, trickle 0.02 every 800 ms) and never on a fast one', async () => {
  const page = await site.page();
  const gate = await chunkGate(page);
  await gotoHydrated(page, site, '/');
  // Record whether the bar ever appears, and make nprogress's random trickle its largest step.
  await page.evaluate(() => {
    const w = window as unknown as {barSeen: boolean};
    w.barSeen = false;
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) w.barSeen = true;
    }).observe(document.documentElement, {childList: true, subtree: true});
    Math.random = () => 1;
  });
  // The page's clock stops here and moves only when the test says.
  await page.clock.install();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  // Fast: the markdown page's chunks load at once (nothing held); the route updates well within 200 ms.
  await page.locator('footer a[href="/markdown-page"]').click();
  await page.waitForURL((u) => u.pathname === '/markdown-page');
  // The new page is up (the home page's own h1 would not say so): its route has updated.
  await page.getByRole('heading', {level: 1, name: markdownPageTitle(), exact: true}).waitFor();
  await page.clock.runFor(1000);
  assert.equal(await page.evaluate(() => (window as unknown as {barSeen: boolean}).barSeen), false, 'no bar on a fast navigation');

  // Slow: the blog's chunks are held.
  gate.hold();
  await page.locator('footer a[href="/blog"]').click();
  await page.waitForFunction(() => true);
  await page.clock.runFor(190);
  assert.equal(await page.locator('#nprogress').count(), 0, 'no bar before 200 ms');
  await page.clock.runFor(20);
  const bar = page.locator('#nprogress .bar');
  await bar.waitFor({state: 'attached'});
  const started = await bar.evaluate((el) => ({
    transform: (el as HTMLElement).style.transform,
    transition: (el as HTMLElement).style.transition,
  }));
  assert.match(started.transform, /translate3d\(-92%, 0(px)?, 0(px)?\)/, `starts at the minimum 0.08: ${started.transform}`);
  assert.match(started.transition, /200ms/, `moves at 200 ms: ${started.transition}`);
  await page.clock.runFor(800);
  const trickled = await bar.evaluate((el) => (el as HTMLElement).style.transform);
  assert.match(trickled, /translate3d\(-90%, 0(px)?, 0(px)?\)/, `one trickle of 0.02 after 800 ms: ${trickled}`);
  gate.release();
  await page.waitForURL((u) => u.pathname === '/blog');
  await page.locator('main article').first().waitFor();
  // done() finishes the bar in queued steps of 200 ms, then fades it out: move the clock until it
  // is gone (at most 4 s of page time).
  for (let step = 0; step < 20 && (await page.locator('#nprogress').count()) > 0; step++) await page.clock.runFor(200);
  assert.equal(await page.locator('#nprogress').count(), 0, 'the bar is gone once the route updated');
});

test('§9: back to top scrolls smoothly, each frame keeping 0.85 of the distance left', async () => {
  // A docs page long enough to scroll far (the overview), on a short screen.
  const page = await site.page({viewport: {width: 1280, height: 500}});
  await gotoHydrated(page, site, OVERVIEW);
  await page.evaluate(() => {
    const w = window as unknown as {scrollCalls: [number, number][]};
    w.scrollCalls = [];
    const original = window.scrollTo.bind(window);
    window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
      if (typeof x === 'number') w.scrollCalls.push([document.documentElement.scrollTop, y ?? 0]);
      return typeof x === 'number' ? original(x, y ?? 0) : original(x);
    }) as typeof window.scrollTo;
  });
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, 3000);
  await page.waitForFunction(() => document.documentElement.scrollTop > 1000);
  // The button shows while the reader scrolls back up.
  await page.mouse.wheel(0, -200);
  const button = page.getByRole('button', {name: /scroll back to top/i});
  await button.waitFor({state: 'visible'});
  await button.click();
  await page.waitForFunction(() => document.documentElement.scrollTop === 0);
  const calls = await page.evaluate(() => (window as unknown as {scrollCalls: [number, number][]}).scrollCalls);
  assert.ok(calls.length >= 5, `several frames (${calls.length})`);
  for (const [from, to] of calls) assert.equal(to, Math.floor(from * 0.85), `from ${from}`);
});

test('§9: code has light and dark syntax colours, each readable on its block', async () => {
  const results: Record<string, Record<string, string>> = {};
  for (const theme of ['light', 'dark'] as const) {
    const page = await site.page({localStorage: {theme}});
    await gotoHydrated(page, site, '/blog/long-blog-post');
    const tokens = await page.evaluate(() => {
      const out: {cls: string; color: string; bg: string[]}[] = [];
      for (const span of document.querySelectorAll('pre.api-code code span[class]')) {
        const stack: string[] = [];
        for (let el: Element | null = span; el; el = el.parentElement) stack.push(getComputedStyle(el).backgroundColor);
        out.push({cls: span.className, color: getComputedStyle(span).color, bg: stack});
      }
      return out;
    });
    assert.ok(tokens.length > 5, `${theme}: highlighted tokens on the page`);
    results[theme] = {};
    for (const t of tokens) {
      results[theme][t.cls] = t.color;
      const background = flatten([...t.bg].reverse().map(parseColor).concat());
      const ratio = contrast(parseColor(t.color), background);
      assert.ok(ratio >= 4.5, `${theme}: token .${t.cls} ${t.color} on ${background.join(',')} has contrast ${ratio.toFixed(2)}`);
    }
  }
  const classes = Object.keys(results.light);
  assert.ok(classes.length >= 2, `several token kinds (${classes.join(', ')})`);
  for (const cls of classes) assert.notEqual(results.dark[cls], results.light[cls], `.${cls} has its own dark colour`);
});

test('§9: search result snippets are at most 50 characters, with an ellipsis at each cut end', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('invoice');
  // The full answer: body-text snippets come with the index's second part.
  await page.locator('[data-answered-query="invoice"]').waitFor({state: 'attached'});
  await page.getByRole('option').first().waitFor();
  // A result's matching text is its snippet line (its first line is the page's title or the section's heading).
  const snippets = await page
    .getByRole('option')
    .evaluateAll((options) =>
      options.flatMap((o) => Array.from(o.querySelectorAll<HTMLElement>('[data-snippet] > span:last-child')).map((s) => s.innerText)),
    );
  assert.ok(snippets.length > 0);
  for (const t of snippets) {
    const body = t.replace(/^…/, '').replace(/…$/, '');
    assert.ok(body.length <= 50, `"${t}" is ${body.length} characters without its ellipses`);
  }
  assert.ok(
    snippets.some((t) => t.startsWith('…') || t.endsWith('…')),
    `a long text was cut with an ellipsis: ${snippets.join(' | ')}`,
  );
});
