import {chromium} from 'playwright-core';
import {startStaticServer} from './tools/serve/static-server';
(async () => {
  const server = await startStaticServer({root: 'build', port: 4535});
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox']});
  for (const [w, theme] of [[390, 'dark'], [1440, 'light']] as const) {
    const page = await browser.newPage({viewport: {width: w, height: 900}});
    await page.goto(`${server.url}docs/guides/quickstart`);
    await page.waitForTimeout(1000);
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.locator('article div[data-guide-part]').filter({has: page.getByRole('button', {name: 'Try it'})}).nth(1).getByRole('button', {name: 'Try it'}).click();
    await page.getByRole('dialog').getByRole('button', {name: 'Send request'}).waitFor();
    await page.screenshot({path: `.tmp-shots/console-${w}-${theme}.png`});
    await page.keyboard.press('Escape');
    const schema = page.locator('article section[data-guide-part]').nth(1);
    await schema.scrollIntoViewIfNeeded();
    await page.screenshot({path: `.tmp-shots/schema-${w}-${theme}.png`});
    await page.close();
  }
  await browser.close(); await server.close(); process.exit(0);
})();
