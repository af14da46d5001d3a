import {chromium} from 'playwright-core';
import {startStaticServer} from './serve/static-server';
(async () => {
  const server = await startStaticServer({root: 'build', port: 4411});
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium'});
  const shots: [string, string, number, string][] = JSON.parse(process.argv[2]!);
  for (const [name, route, width, theme] of shots) {
    const ctx = await browser.newContext({viewport: {width, height: width < 500 ? 844 : 900}});
    await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:4411${route}`, {waitUntil: 'networkidle'});
    await page.screenshot({path: `/tmp/shots/${name}.png`, fullPage: process.argv[3] === 'full'});
    await ctx.close();
  }
  await browser.close();
  await server.close();
})();
