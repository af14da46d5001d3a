/**
 * The security policy of a build (after npm run build; SITE_DIR for another): every page's <meta>
 * policy names exactly the hashes of its own inline scripts, the hosting files name every inline
 * script of the site, and a reader who lands on a page with fewer inline scripts than the home
 * page (the home page alone has Docusaurus's base-URL banner script) moves through the site by
 * client-side navigation without a single policy violation.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gotoHydrated, navigatedTo, painted, SITE_DIR, useSite} from '../../tests/browser/harness';
import {describedOperations} from '../../tests/browser/description';
import {inlineScripts, parseHeadersFile, scriptHash} from './policy';

const site = useSite();

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? htmlFiles(p) : e.name.endsWith('.html') ? [p] : [];
  });
}

const scriptSrc = (policy: string) => /script-src ([^;]*)/.exec(policy.replace(/&#x27;|&#39;/g, "'"))![1]!.split(' ');

test("each page's policy names its own inline scripts; the hosting files name all of them", () => {
  const all = new Set<string>();
  const sets = new Set<string>();
  const files = htmlFiles(SITE_DIR);
  assert.ok(files.length > 20);
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
    assert.ok(meta, `${file}: CSP meta tag`);
    const own = [...new Set(inlineScripts(html).map(scriptHash))].sort();
    own.forEach((h) => all.add(h));
    sets.add(own.join(' '));
    assert.deepEqual(scriptSrc(meta[1]!), ["'self'", ...own], path.relative(SITE_DIR, file));
  }
  assert.ok(sets.size > 1, 'pages differ in their inline scripts (the home page has one more)');
  const headers = new Map(parseHeadersFile(readFileSync(path.join(SITE_DIR, '_headers'), 'utf8')));
  assert.deepEqual(scriptSrc(headers.get('Content-Security-Policy')!), ["'self'", ...[...all].sort()]);
  const nginx = readFileSync(path.join(SITE_DIR, 'security-headers.nginx.conf'), 'utf8');
  assert.deepEqual(scriptSrc(/add_header Content-Security-Policy "([^"]*)"/.exec(nginx)![1]!), ["'self'", ...[...all].sort()]);
});

test('landing on an operation page, then navigating to the home page and the blog: no policy violation', async () => {
  const page = await site.page();
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as {reportViolation: (v: string) => void}).reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  await gotoHydrated(page, site, describedOperations()[0]!.route);
  const landed = page.url();
  await page.locator('a.navbar__brand').click();
  // Each wait is for what only the new page has (the operation page has a main h1 and articles;
  // the home page has no article): the address changes before the new page is shown.
  await navigatedTo(page, '/', page.locator('header[class*="hero_"] h1'));
  await page.getByRole('link', {name: 'Blog', exact: true}).first().click();
  await navigatedTo(page, '/blog', page.locator('main article').first());
  await painted(page);
  // A client-side navigation: still the document first loaded, under its policy.
  assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation').length), 1);
  assert.equal(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name), landed);
  assert.deepEqual(violations, []);
});
