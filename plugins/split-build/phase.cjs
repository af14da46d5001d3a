/**
 * Preloaded (`node --require`) into `docusaurus build` by ./cli.ts when a large site is built in
 * two processes. PORTAL_BUILD_PHASE names the half this process does:
 *
 * - `bundle`: Docusaurus loads the site and bundles it (client and server); the process ends
 *   where static generation would begin, leaving the server bundle and the client manifest.
 * - `render`: Docusaurus loads the site again; bundling is skipped, the first process's bundle is
 *   checked (the run's token, PORTAL_BUILD_TOKEN, must be in its marker file) and static
 *   generation, postBuild and the broken-link check run on it.
 *
 * Why: after bundling, Rspack keeps about 2 GB of native memory that no garbage collection gives
 * back (Autotask's 2,958 operations: 2.3 GB of RSS with 230 MB of JS heap when bundling ends), and
 * static generation and postBuild then add their own on top. In two processes each half peaks on
 * its own (plugins/split-build/README.md).
 *
 * It replaces two functions of Docusaurus 3.7.0's internals (lib/ssg/ssgExecutor.js
 * `executeSSG`, @docusaurus/bundler's lib/compiler.js `compile`), which buildLocale calls through
 * their modules' exports; any other version is refused with a message saying so.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const PHASE_ENV = 'PORTAL_BUILD_PHASE';
const TOKEN_ENV = 'PORTAL_BUILD_TOKEN';
const MARKER = 'portal-split-build.json';
const DOCUSAURUS_VERSION = '3.7.0';

/** The marker the bundling process leaves beside the server bundle. */
function markerPath(serverBundlePath) {
  return path.join(path.dirname(serverBundlePath), MARKER);
}

/** Docusaurus's modules, resolved from the site the way its CLI resolves them. */
function docusaurusModules(siteDir) {
  const corePackage = require.resolve('@docusaurus/core/package.json', {paths: [siteDir]});
  const version = JSON.parse(fs.readFileSync(corePackage, 'utf8')).version;
  if (version !== DOCUSAURUS_VERSION) {
    throw new Error(
      `[split-build] plugins/split-build/phase.cjs replaces internals of Docusaurus ${DOCUSAURUS_VERSION}; this site has @docusaurus/core ${version}. Build in one process (PORTAL_SPLIT_BUILD=0) or update plugins/split-build for it.`,
    );
  }
  const coreDir = path.dirname(corePackage);
  return {
    ssg: require(path.join(coreDir, 'lib/ssg/ssgExecutor.js')),
    bundler: require(require.resolve('@docusaurus/bundler/lib/compiler.js', {paths: [coreDir]})),
  };
}

/** What the rendering process checks before it uses the bundle: both files there, from this run. */
function checkBundle({serverBundlePath, clientManifestPath}, token) {
  for (const [file, what] of [
    [serverBundlePath, 'server bundle'],
    [clientManifestPath, 'client manifest'],
  ]) {
    if (!fs.existsSync(file)) throw new Error(`[split-build] the ${what} ${file} is missing: the bundling process did not finish`);
  }
  const marker = markerPath(serverBundlePath);
  let written;
  try {
    written = JSON.parse(fs.readFileSync(marker, 'utf8')).token;
  } catch {
    written = undefined;
  }
  if (written !== token) {
    throw new Error(
      `[split-build] ${marker} does not name this build (token ${token}): the server bundle is not the one the bundling process just wrote`,
    );
  }
}

function install(phase, token, siteDir) {
  const {ssg, bundler} = docusaurusModules(siteDir);
  const executeSSG = ssg.executeSSG;
  if (phase === 'bundle') {
    ssg.executeSSG = async (options) => {
      const locales = options.props.i18n.locales;
      if (locales.length > 1) {
        throw new Error(
          `[split-build] the site has ${locales.length} locales; the two-process build supports one. Build in one process (PORTAL_SPLIT_BUILD=0).`,
        );
      }
      fs.writeFileSync(markerPath(options.serverBundlePath), JSON.stringify({token}));
      console.log('[split-build] bundled: static generation continues in a new process');
      process.exit(0);
    };
  } else {
    bundler.compile = async () => undefined;
    ssg.executeSSG = async (options) => {
      checkBundle(options, token);
      return executeSSG(options);
    };
  }
}

const phase = process.env[PHASE_ENV];
if ((phase === 'bundle' || phase === 'render') && /docusaurus(\.mjs)?$/.test(process.argv[1] ?? '')) {
  const token = process.env[TOKEN_ENV] ?? '';
  // The build's own child processes (search index, Markdown twins) are not halves of it.
  delete process.env[PHASE_ENV];
  delete process.env[TOKEN_ENV];
  install(phase, token, process.cwd());
}

module.exports = {checkBundle, markerPath, PHASE_ENV, TOKEN_ENV, MARKER};
