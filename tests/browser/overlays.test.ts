/**
 * Overlays are opaque and readable. Every surface drawn over the page (the request console
 * opened by "Try it", the search modal, the mobile navbar sidebar, navbar dropdowns if the
 * config has any) must have an opaque background of its own: its computed background-color,
 * not an ancestor's, has alpha 1, and it is not faded by `opacity`. A transparent background is
 * a failure (it once was: the console used --ifm-background-color, `transparent` in light mode,
 * and the API page showed through it). Then every piece of text in the overlay is checked
 * against the background actually behind it (its own and its ancestors' backgrounds composited
 * down to the overlay): at least 4.5:1, or 3:1 for large text (WCAG 1.4.3).
 * In light and dark mode, at desktop (1280×900) and phone (390×844) width.
 */
import {test, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, settled, useSite, type PageOptions} from './harness';
import {contrast, css, flatten, over, parseColor} from './colors';
import {describedOperations, overviewRoute} from './description';
import {loadPortalConfig} from '../../portal.config';

const portalConfig = loadPortalConfig();

const site = useSite();

const VIEWPORTS = {
  desktop: {viewport: {width: 1280, height: 900}},
  phone: {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true},
} satisfies Record<string, PageOptions>;
type ViewportName = keyof typeof VIEWPORTS;

// An operation with parameters and a body: the console then shows every kind of field.
const operation = describedOperations().find((o) => o.hasBody && o.parameters.length > 0) ?? describedOperations()[0];

interface Layer {
  color: string;
  image: string;
}
interface TextSample {
  text: string;
  tag: string;
  color: string;
  /** Backgrounds from the element out to the overlay root (inclusive), innermost first. */
  layers: Layer[];
  /** Product of the opacities from the element to the overlay root. */
  opacity: number;
  fontSize: number;
  fontWeight: number;
  disabled: boolean;
}
interface OverlayReport {
  found: boolean;
  background: string;
  backgroundImage: string;
  /** Product of `opacity` of the overlay and all its ancestors. */
  opacity: number;
  visible: boolean;
  texts: TextSample[];
}

/** Raw computed styles of an overlay and of the text in it. */
async function inspect(page: Page, selector: string): Promise<OverlayReport> {
  // (Only plain expressions inside evaluate: tsx would wrap named helpers in a __name() call.)
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return {found: false, background: '', backgroundImage: '', opacity: 0, visible: false, texts: []};
    const rootStyle = getComputedStyle(root);
    let opacity = 1;
    for (let n: Element | null = root; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    const texts = [];
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      if (el.closest('svg')) continue;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      // Visible text only: not display:none / visibility:hidden, not a visually-hidden label.
      if (!el.checkVisibility({visibilityProperty: true}) || rect.width <= 1 || rect.height <= 1) continue;
      if (style.clip.startsWith('rect(') || el.closest('.sr-only')) continue;
      const field = el as HTMLInputElement;
      const isField = ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) && !['checkbox', 'radio', 'hidden'].includes(field.type);
      let text = '';
      if (el.tagName === 'SELECT') text = (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '';
      else if (isField) text = field.value;
      else {
        for (const node of Array.from(el.childNodes)) if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
      }
      text = text.replace(/\s+/g, ' ').trim();
      if (!text) continue;
      const layers = [];
      let fade = 1;
      for (let n: Element | null = el; n; n = n.parentElement) {
        const s = getComputedStyle(n);
        layers.push({color: s.backgroundColor, image: s.backgroundImage});
        if (n === root) break;
        fade *= Number(s.opacity);
      }
      texts.push({
        text: text.slice(0, 50),
        tag: el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? `.${el.className.split(/\s+/)[0]}` : ''),
        color: style.color,
        layers,
        opacity: fade,
        fontSize: parseFloat(style.fontSize),
        fontWeight: Number(style.fontWeight) || 400,
        disabled: (el as HTMLButtonElement).disabled === true || el.closest('[aria-disabled="true"], :disabled') !== null,
      });
    }
    const rect = root.getBoundingClientRect();
    return {
      found: true,
      background: rootStyle.backgroundColor,
      backgroundImage: rootStyle.backgroundImage,
      opacity,
      visible: root.checkVisibility({visibilityProperty: true}) && rect.width > 0 && rect.height > 0,
      texts,
    };
  }, selector);
}

/**
 * Problems of one overlay: a see-through background, a faded overlay, text below the WCAG AA
 * contrast minimum. Also asserts there was text to check, so an empty match cannot pass.
 */
async function overlayProblems(page: Page, selector: string, name: string, t: TestContext): Promise<string[]> {
  const r = await inspect(page, selector);
  assert.ok(r.found && r.visible, `${name}: ${selector} is open and visible`);
  const problems: string[] = [];
  const own = parseColor(r.background);
  if (own[3] !== 1) {
    problems.push(
      `${name}: background-color ${r.background} is not opaque (alpha ${own[3]}); the page shows through (use var(--ifm-background-surface-color), not --ifm-background-color)`,
    );
  }
  if (r.opacity !== 1) problems.push(`${name}: faded by opacity ${r.opacity}`);
  // Against a see-through overlay, text contrast depends on whatever is behind it: not computed.
  if (problems.length > 0) return problems;
  assert.ok(r.texts.length > 0, `${name}: found text to check`);
  let checked = 0;
  for (const s of r.texts) {
    if (s.disabled) continue; // WCAG 1.4.3 exempts inactive controls
    if (s.layers.some((l) => l.image !== 'none')) {
      t.diagnostic(`${name}: "${s.text}" is on a background image; contrast not computed`);
      continue;
    }
    // The overlay root (opaque, checked above) is the last layer.
    const base = flatten(s.layers.map((l) => parseColor(l.color)));
    const color = parseColor(s.color);
    const text = over([color[0], color[1], color[2], color[3] * s.opacity], base);
    const ratio = contrast(text, base);
    const large = s.fontSize >= 24 || (s.fontSize >= 18.66 && s.fontWeight >= 700);
    const minimum = large ? 3 : 4.5;
    checked++;
    if (ratio < minimum) {
      problems.push(
        `${name}: "${s.text}" (${s.tag}, ${s.fontSize}px) ${css(text)} on ${css(base)}: contrast ${ratio.toFixed(2)} < ${minimum}`,
      );
    }
  }
  assert.ok(checked > 0, `${name}: checked the contrast of some text`);
  t.diagnostic(`${name}: background ${r.background}, ${checked} text elements checked`);
  return problems;
}

/** Answer the console's request with a small JSON body, so the response area is shown too. */
async function fakeApi(page: Page) {
  const base = portalConfig.apiBaseUrl.replace(/\/$/, '');
  await page.route(`${base}/**`, (route) =>
    route.fulfill({
      status: 200,
      headers: {'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*'},
      body: JSON.stringify({id: 42, name: 'Ada Lovelace', email: 'ada@example.com'}, null, 2),
    }),
  );
}

for (const theme of ['light', 'dark'] as const) {
  for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
    const open = (options: PageOptions = {}) => site.page({...VIEWPORTS[vp], localStorage: {theme}, ...options});

    test(`${vp}, ${theme}: the request console is opaque and its text readable, before and after a response`, async (t) => {
      const page = await open();
      await fakeApi(page);
      await gotoHydrated(page, site, operation.route);
      await page.getByRole('button', {name: 'Try it'}).click();
      const dialog = page.locator('dialog[open]');
      const send = dialog.getByRole('button', {name: 'Send request'});
      await send.waitFor();
      await settled(page);
      const problems = await overlayProblems(page, 'dialog[open]', 'request console', t);
      // Enter on the focused button, not a click: at phone width the page behind is wider than
      // the screen (see the visual baselines), and a pointer click lands beside the button.
      await send.press('Enter');
      await dialog.getByText('200').first().waitFor();
      await settled(page);
      problems.push(...(await overlayProblems(page, 'dialog[open]', 'request console with a response', t)));
      assert.deepEqual(problems, [], problems.join('\n'));
    });

    test(`${vp}, ${theme}: the search modal is opaque and its results readable`, async (t) => {
      const page = await open();
      await gotoHydrated(page, site, '/');
      if (vp === 'phone') await page.locator('.navbar').getByRole('button', {name: 'Search', exact: true}).click();
      else await page.keyboard.press('Control+k');
      const input = page.locator('dialog[open] input[role="combobox"]');
      await input.fill('contact');
      await page.locator('dialog[open] [role="option"]').first().waitFor();
      await settled(page);
      const problems = await overlayProblems(page, 'dialog[open]', 'search modal', t);
      // The highlighted (active) result has its own background: move to the second one too.
      await page.keyboard.press('ArrowDown');
      await settled(page);
      problems.push(...(await overlayProblems(page, 'dialog[open]', 'search modal, next result active', t)));
      assert.deepEqual(problems, [], problems.join('\n'));
    });

    if (vp === 'phone') {
      test(`phone, ${theme}: the mobile sidebar is opaque and readable (docs menu and main menu)`, async (t) => {
        const page = await open();
        await gotoHydrated(page, site, overviewRoute());
        await page.locator('nav.navbar button.navbar__toggle').click();
        await page.locator('.navbar-sidebar__back').waitFor();
        await settled(page);
        const problems = await overlayProblems(page, '.navbar-sidebar', 'mobile sidebar (docs menu)', t);
        await page.locator('.navbar-sidebar__back').click();
        await settled(page);
        problems.push(...(await overlayProblems(page, '.navbar-sidebar', 'mobile sidebar (main menu)', t)));
        assert.deepEqual(problems, [], problems.join('\n'));
      });
    } else {
      test(`desktop, ${theme}: navbar dropdowns, if any, are opaque and readable`, async (t) => {
        const page = await open();
        await gotoHydrated(page, site, '/');
        const dropdowns = page.locator('nav.navbar .navbar__item.dropdown');
        const count = await dropdowns.count();
        if (count === 0) t.diagnostic('the navbar has no dropdown menus (none configured)');
        const problems: string[] = [];
        for (let i = 0; i < count; i++) {
          await dropdowns.nth(i).hover();
          // A menu may load its content on hover (the API version switcher): wait until it shows.
          await dropdowns.nth(i).locator('.dropdown__menu').waitFor({state: 'visible'});
          await settled(page);
          problems.push(
            ...(await overlayProblems(
              page,
              `nav.navbar .navbar__item.dropdown:nth-of-type(${i + 1}) .dropdown__menu`,
              `navbar dropdown ${i + 1}`,
              t,
            )),
          );
        }
        assert.deepEqual(problems, [], problems.join('\n'));
      });
    }
  }
}
