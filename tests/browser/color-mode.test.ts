/**
 * Item 7 of issue 2: light mode by default, even when the operating system prefers dark (the
 * system preference is not followed); the navbar switch toggles the mode; the choice is stored in
 * localStorage under "theme", survives reloads, and is synced across tabs (storage event).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, settled, useSite, waitForHydration} from './harness';
import {brightness, contrast, css, dominantColor, parseColor, type RGBA} from './colors';

const site = useSite();

const SWITCH = 'nav.navbar button[title^="Switch between dark and light mode"]';

/**
 * The mode as the reader gets it. The page background is read from the screen (the most
 * frequent colour of a screenshot), not from CSS: in light mode Infima's body background is
 * `transparent`, and what shows through is the browser canvas, whose colour depends on the used
 * color-scheme; assuming white there is how an unreadable transparent surface went unnoticed.
 */
async function mode(page: Page) {
  // (Only plain expressions inside evaluate: tsx would wrap named helpers in a __name() call.)
  const raw = await page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    stored: localStorage.getItem('theme'),
    text: getComputedStyle(document.body).color,
    label: document.querySelector('nav.navbar button[title^="Switch between dark and light mode"]')?.getAttribute('aria-label'),
  }));
  await settled(page);
  const painted = dominantColor(await page.screenshot({animations: 'disabled', caret: 'hide'}));
  const text: RGBA = parseColor(raw.text);
  assert.equal(text[3], 1, `body text colour is opaque (${raw.text})`);
  return {
    ...raw,
    /** Brightness 0..255 of the painted page background and of the body text. */
    brightness: brightness(painted.color),
    text: brightness(text),
    /** WCAG contrast of the body text on the painted background. */
    contrast: contrast(text, painted.color),
    describe: `painted background ${css(painted.color)} (${Math.round(painted.share * 100)} % of the screen), text ${raw.text}`,
  };
}

test('light by default, whatever the system prefers', async () => {
  for (const colorScheme of ['dark', 'light', 'no-preference'] as const) {
    const page = await site.page({colorScheme});
    for (const p of ['/', '/docs/api/create-contact']) {
      await gotoHydrated(page, site, p);
      assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), colorScheme === 'dark');
      const m = await mode(page);
      assert.equal(m.theme, 'light', `${colorScheme} system, ${p}: data-theme`);
      assert.ok(m.brightness > 200 && m.text < 100, `${colorScheme} system, ${p}: light page (${m.describe})`);
      assert.ok(m.contrast >= 4.5, `${colorScheme} system, ${p}: body text contrast ${m.contrast.toFixed(2)} ≥ 4.5 (${m.describe})`);
      assert.match(m.label ?? '', /currently light mode/);
    }
  }
});

test('the switch toggles dark/light, stores the choice under "theme", and it survives a reload', async () => {
  const page = await site.page({colorScheme: 'dark'});
  await gotoHydrated(page, site, '/');
  assert.equal((await mode(page)).stored, null, 'nothing stored before the user chooses');
  const toggle = page.locator(SWITCH);
  assert.ok(await toggle.isEnabled(), 'the switch is enabled');

  await toggle.click();
  let m = await mode(page);
  assert.equal(m.theme, 'dark');
  assert.equal(m.stored, 'dark');
  assert.ok(m.brightness < 80 && m.text > 180, `dark page (${m.describe})`);
  assert.ok(m.contrast >= 4.5, `dark page: body text contrast ${m.contrast.toFixed(2)} ≥ 4.5 (${m.describe})`);
  assert.match(m.label ?? '', /currently dark mode/);

  await page.reload();
  await waitForHydration(page);
  assert.equal((await mode(page)).theme, 'dark', 'dark after reload');
  // Also on another page of the site.
  await gotoHydrated(page, site, '/blog');
  assert.equal((await mode(page)).theme, 'dark', 'dark on another page');

  await page.locator(SWITCH).click();
  m = await mode(page);
  assert.equal(m.theme, 'light');
  assert.equal(m.stored, 'light');
  assert.ok(m.brightness > 200 && m.text < 100, `light page again (${m.describe})`);
  assert.ok(m.contrast >= 4.5, `light page again: body text contrast ${m.contrast.toFixed(2)} ≥ 4.5 (${m.describe})`);
});

test('the stored mode is applied before the app hydrates (no flash of the wrong theme)', async () => {
  const page = await site.page({colorScheme: 'light', localStorage: {theme: 'dark'}});
  // Read data-theme at DOMContentLoaded, before React runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as {themeAtDcl: string | null}).themeAtDcl = document.documentElement.getAttribute('data-theme');
    });
  });
  await gotoHydrated(page, site, '/docs/api/get-contact');
  assert.equal(await page.evaluate(() => (window as unknown as {themeAtDcl: string | null}).themeAtDcl), 'dark');
});

test('the mode is synced across two tabs of one browser', async () => {
  const context = await site.context();
  const [a, b] = [await context.newPage(), await context.newPage()];
  await gotoHydrated(a, site, '/');
  await gotoHydrated(b, site, '/docs/api/get-contact');
  assert.equal((await mode(a)).theme, 'light');
  assert.equal((await mode(b)).theme, 'light');

  await a.locator(SWITCH).click();
  assert.equal((await mode(a)).theme, 'dark');
  await b.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark', null, {timeout: 3000});
  assert.match((await mode(b)).label ?? '', /currently dark mode/, 'the other tab updated its switch too');

  await b.locator(SWITCH).click();
  await a.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light', null, {timeout: 3000});
  assert.equal((await mode(a)).stored, 'light');
});

test('keyboard: the switch is reachable with Tab and toggles with Enter and Space', async () => {
  const page = await site.page();
  await gotoHydrated(page, site, '/');
  let reached = false;
  for (let i = 0; i < 20 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() =>
      (document.activeElement?.getAttribute('title') ?? '').startsWith('Switch between dark and light mode'),
    );
  }
  assert.ok(reached, 'Tab reaches the color-mode switch');
  await page.keyboard.press('Enter');
  assert.equal((await mode(page)).theme, 'dark', 'Enter toggles to dark');
  await page.keyboard.press('Space');
  assert.equal((await mode(page)).theme, 'light', 'Space toggles back to light');
  assert.equal((await mode(page)).stored, 'light');
});
