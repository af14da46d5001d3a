import {chromium} from 'playwright-core';
import {startStaticServer} from './tools/serve/static-server';
import {measurePage} from './tools/bench/page-weight';
(async () => {
  const server = await startStaticServer({root: 'build', port: 4534});
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox']});
  for (const route of ['/docs/guides/quickstart', '/blog/welcome', '/markdown-page', '/docs/api/create-contact', '/docs/api/rev-io-api']) {
    const w = await measurePage(browser, `${server.url}${route.slice(1)}`, {root: 'build', url: server.url});
    const js = w.resources.filter((r) => r.cls === 'js');
    console.log(route, 'js gzip', w.totals.js.gzip, 'raw', w.totals.js.raw, 'files', w.totals.js.count, 'html gzip', w.totals.html.gzip, 'prefetch', w.totals.prefetchJs.gzip);
    if (route.includes('guides')) for (const r of js) console.log('   ', r.name, r.gzip);
  }
  await browser.close(); await server.close(); process.exit(0);
})();
