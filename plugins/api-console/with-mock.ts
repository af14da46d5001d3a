/**
 * `npm start` runs the dev server through this wrapper: with PORTAL_MOCK=1 it first starts Prism
 * on the processed description (MOCK_PORT, default 4010), then runs the command given (the dev
 * server), and stops Prism when that command ends. portal.config.ts turns the same PORTAL_MOCK=1
 * into the console's "Mock server" (http://127.0.0.1:MOCK_PORT). Without PORTAL_MOCK=1 it only
 * runs the command.
 */
import {spawn} from 'node:child_process';
import {loadPortalConfig} from '../../portal.config';
import {mockPortFromEnv, startPrism, type MockServer} from './prism';

async function main(): Promise<void> {
  const portalConfig = loadPortalConfig();
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: tsx plugins/api-console/with-mock.ts <command> [args…]');
  let mock: MockServer | undefined;
  let stopping = false;
  if (process.env.PORTAL_MOCK?.trim() === '1') {
    mock = await startPrism({spec: portalConfig.processedSpec, port: mockPortFromEnv()});
    console.log(`[mock] Prism serves ${portalConfig.processedSpec} at ${mock.url}: the request console offers it as "Mock server".`);
    if (mock.note) console.log(mock.note);
    mock.child.once('exit', (code, signal) => {
      if (!stopping) console.error(`[mock] Prism stopped (${signal ?? `code ${code}`}):\n${mock!.log().slice(-2000)}`);
    });
  }
  const child = spawn(command, args, {stdio: 'inherit'});
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.once('exit', async (code, signal) => {
    stopping = true;
    await mock?.stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main().catch((e: Error) => {
  console.error(`[mock] ${e.message}`);
  process.exit(1);
});
