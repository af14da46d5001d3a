import {chromium} from 'playwright-core';
import {startStaticServer} from './tools/serve/static-server';
(async () => {
  const server = await startStaticServer({root: 'build', port: 4531} as any);
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox']});
  const route = process.argv[2] ?? '/docs/guides/quickstart';
  for (const [w, theme] of [[390, 'light'], [1280, 'light'], [1280, 'dark'], [390, 'dark'], [1440, 'light']] as const) {
    const page = await browser.newPage({viewport: {width: w, height: 900}});
    page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await page.goto(`http://127.0.0.1:4531${route}`);
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.screenshot({path: `.tmp-shots/${w}-${theme}.png`, fullPage: true});
    await page.close();
  }
  await browser.close();
  await (server as any).close?.();
  process.exit(0);
})();
