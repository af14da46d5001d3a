import {chromium} from 'playwright-core';
import {startStaticServer} from './tools/serve/static-server';
(async () => {
  const server = await startStaticServer({root: 'build', port: 4532});
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox']});
  const route = '/docs/guides/quickstart';
  for (const [w, theme] of [[1280, 'light'], [390, 'dark']] as const) {
    const page = await browser.newPage({viewport: {width: w, height: 900}});
    await page.goto(`http://127.0.0.1:4532${route}`);
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    const parts = page.locator('[data-guide-part]');
    const n = await parts.count();
    for (let i = 0; i < Math.min(n, 5); i++) {
      const box = await parts.nth(i).boundingBox();
      await page.screenshot({path: `.tmp-shots/part${i}-${w}-${theme}.png`, fullPage: true, clip: {x: 0, y: Math.max(0, box!.y - 60), width: w, height: Math.min(700, box!.height + 120)}});
    }
    await page.close();
  }
  await browser.close();
  await server.close();
  process.exit(0);
})();
