/**
 * `npm run mock`: the processed description (brought up to date with `npm run spec` first), served
 * by Stoplight Prism on MOCK_PORT (default 4010) at 127.0.0.1 (MOCK_HOST to change). Runs until
 * Ctrl-C. Point the request console's "Custom URL…" at it, or start the portal with
 * `PORTAL_MOCK=1 npm start` to get it offered as "Mock server".
 */
import {spawnSync} from 'node:child_process';
import {loadPortalConfig, projectRoot} from '../../portal.config';
import {mockPortFromEnv, startPrism} from './prism';

async function main(): Promise<void> {
  const portalConfig = loadPortalConfig();
  const port = mockPortFromEnv();
  const spec = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'spec'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (spec.status !== 0) {
    console.error('mock: "npm run spec" failed; the mock server needs the processed description.');
    process.exit(1);
  }
  const mock = await startPrism({
    spec: portalConfig.processedSpec,
    port,
    host: process.env.MOCK_HOST?.trim() || '127.0.0.1',
    inherit: true,
  });
  console.log(`\nmock: ${portalConfig.processedSpec} is served at ${mock.url} (Ctrl-C to stop)`);
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  mock.child.once('exit', (code) => process.exit(code ?? 1));
}

main().catch((e: Error) => {
  console.error(`mock: ${e.message}`);
  process.exit(1);
});
