import assert from 'node:assert/strict';
import {test} from 'node:test';
import {InlineScriptMinifier} from './minify-scripts';
import {inlineScripts, mapInlineScripts, scriptHash} from './policy';

const PAGE = [
  '<html><head><script>\n  // sets the theme\n  (function () {\n    var mode = "dark";\n    document.documentElement.dataset.theme = mode;\n  })();\n</script>',
  '<script type="application/ld+json">{"@context": "https://schema.org",  "name": "x"}</script>',
  '<script src="/a.js"></script><script type="module">import "/x.js"</script></head>',
  '<body><script>if (a) { b(  "$&" ); }</script><script>this is not javascript(</script></body></html>',
].join('');

test('each executable inline script is minified once; data blocks and src scripts are left alone', async () => {
  const minifier = new InlineScriptMinifier();
  const scripts = inlineScripts(PAGE);
  assert.equal(scripts.length, 4);
  for (const s of [...scripts, ...scripts]) await minifier.minify(s);
  assert.equal(minifier.size, 4, 'each distinct script once');
  const out = mapInlineScripts(PAGE, (t) => minifier.minified(t));
  assert.match(out, /<script>document\.documentElement\.dataset\.theme="dark";?<\/script>/);
  assert.ok(!out.includes('// sets the theme'));
  assert.ok(
    out.includes('<script type="application/ld+json">{"@context": "https://schema.org",  "name": "x"}</script>'),
    'JSON-LD as it was',
  );
  assert.ok(out.includes('<script src="/a.js"></script>'));
  // "$&" in a script must not be read as a replacement pattern.
  assert.match(out, /<script>a&&b\("\$&"\);?<\/script>/);
  assert.ok(out.includes('<script>this is not javascript(</script>'), 'what Terser cannot parse stays as written');
  assert.ok(minifier.saved > 0);
  // The policy hashes what the page finally carries.
  const hashes = (await Promise.all(scripts.map((s) => minifier.minify(s)))).map(scriptHash);
  assert.deepEqual(inlineScripts(out).map(scriptHash), hashes);
});

test('rewriting a page with a script that was never minified fails loudly', () => {
  assert.throws(() => mapInlineScripts('<script>x()</script>', (t) => new InlineScriptMinifier().minified(t)), /not minified/);
});
