/**
 * `npm start` in a copy of the project (tests/build/site-copy.ts), on a free port: the live-preview
 * test and its benchmark run the real command a writer runs. The server runs in its own process
 * group, so stop() ends npm, Docusaurus and the bundler's workers together, and nothing else.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import net from 'node:net';

export interface DevServer {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** Everything the server printed so far (stdout and stderr, in order). */
  output(): string;
  /** Resolves with the output once `pattern` matches the output printed after `from` (an output() length). */
  waitForOutput(pattern: RegExp, options?: {from?: number; timeoutMs?: number}): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

function launch(dir: string, port: number, env: Record<string, string>): DevServer & {child: ChildProcess} {
  // npm passes the extra arguments to `docusaurus start`; the last --port wins.
  const child = spawn('npm', ['start', '--', '--port', String(port), '--no-open'], {
    cwd: dir,
    env: {...process.env, BROWSER: 'none', FORCE_COLOR: '0', NO_UPDATE_NOTIFIER: '1', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString().replace(ANSI, '');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      for (const l of listeners) l();
      resolve();
    }),
  );

  return {
    child,
    url: `http://127.0.0.1:${port}/`,
    output: () => text,
    waitForOutput(pattern, {from = 0, timeoutMs = 120_000} = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text.slice(from));
          if (match) {
            done();
            resolve(text.slice(from));
          } else if (exited) {
            done();
            reject(new Error(`npm start exited before printing ${pattern}; its output:\n${text.slice(-4000)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`npm start did not print ${pattern} within ${timeoutMs} ms; its output:\n${text.slice(-4000)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (exited || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return; // the group is gone already
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }, 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs `npm start` (spec, gen:api, then the dev server) in `dir` and resolves once the first
 * compilation is done. Another process taking the port between the check and the start makes
 * Docusaurus give up: then it tries another port.
 */
export async function startDevServer(dir: string, env: Record<string, string> = {}, timeoutMs = 240_000): Promise<DevServer> {
  for (let attempt = 0; ; attempt++) {
    const server = launch(dir, await freePort(), env);
    try {
      await server.waitForOutput(/compiled successfully|Something is already running on port/, {timeoutMs});
    } catch (error) {
      await server.stop();
      throw error;
    }
    if (!/Something is already running on port/.test(server.output())) return server;
    await server.stop();
    if (attempt === 2) throw new Error(`npm start found no free port:\n${server.output()}`);
  }
}
