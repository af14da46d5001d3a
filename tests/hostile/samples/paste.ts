/**
 * Pastes text into an interactive bash on a pseudo-terminal, as a reader's terminal does: with
 * bracketed paste (bash turns it on, the terminal wraps the text in ESC [200~ … ESC [201~) or
 * without, line breaks sent as carriage returns, then Enter. Python's pty module (standard library)
 * provides the terminal; readline's bracketed-paste setting comes from an inputrc of our own.
 *
 * `curl` is a fake in PATH that records each call's arguments (no network), so the paste's
 * intended command can run and be checked; anything else the paste runs shows up as files in the
 * shell's working directory.
 */
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const DRIVER = String.raw`
import os, pty, select, signal, sys, time
text, bracketed = open(sys.argv[1], 'rb').read(), sys.argv[2] == '1'
env = {k: os.environ[k] for k in ('PATH', 'HOME', 'INPUTRC', 'CURL_CALLS')}
env.update(TERM='xterm', PS1='READY$ ', PS2='> ', LANG='C.UTF-8')
pid, fd = pty.fork()
if pid == 0:
    os.execvpe('bash', ['bash', '--noprofile', '--norc', '-i'], env)
seen = b''
def read_until(done, timeout=15):
    global seen
    end = time.time() + timeout
    while not done() and time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            seen += chunk
    return done()
prompts = lambda: seen.count(b'READY$ ')
read_until(lambda: prompts() >= 1)
if bracketed and not read_until(lambda: b'\x1b[?2004h' in seen, 5):
    sys.exit('bash did not turn bracketed paste on')
pasted = text.replace(b'\r\n', b'\n').replace(b'\n', b'\r')
os.write(fd, (b'\x1b[200~' + pasted + b'\x1b[201~' if bracketed else pasted) + b'\r')
# Whatever the paste ran has finished when bash shows its prompt again. A paste that leaves an
# unfinished line (an open quote) never brings it back: that is what the generous limit is for,
# not a time the commands would need (on a loaded machine a command may take seconds to start;
# Ctrl-C before it has finished would interrupt it, and would throw away pasted input bash has
# not read yet).
first = prompts()
read_until(lambda: prompts() > first, 30)
os.write(fd, b'\x03')  # Ctrl-C: leave any unfinished line (an open quote) without running it
after = prompts()
read_until(lambda: prompts() > after, 30)
os.write(fd, b'exit\r')
read_until(lambda: False, 3)
# A paste that left readline inside a bracketed paste takes "exit" as text: end the shell.
if os.waitpid(pid, os.WNOHANG) == (0, 0):
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
sys.stdout.buffer.write(seen)
`;

export interface PasteResult {
  /** Each call of curl: its arguments. */
  curlCalls: string[][];
  /** Files the paste left in the shell's working directory (none expected). */
  files: string[];
  /** What the terminal showed. */
  screen: string;
}

/** Pastes `text` into an interactive bash (bracketed paste on or off) and presses Enter. */
export function pasteIntoBash(text: string, {bracketed}: {bracketed: boolean}): PasteResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'paste-'));
  try {
    const bin = path.join(dir, 'bin');
    const home = path.join(dir, 'home');
    mkdirSync(bin);
    mkdirSync(home);
    const calls = path.join(dir, 'curl-calls');
    // One line per call: its arguments, each as JSON (python3 writes them exactly).
    writeFileSync(
      path.join(bin, 'curl'),
      `#!/bin/sh\nexec python3 -c 'import json, sys; open(sys.argv[1], "a").write(json.dumps(sys.argv[2:]) + "\\n")' "$CURL_CALLS" "$@"\n`,
    );
    chmodSync(path.join(bin, 'curl'), 0o755);
    const inputrc = path.join(dir, 'inputrc');
    writeFileSync(inputrc, `set enable-bracketed-paste ${bracketed ? 'on' : 'off'}\n`);
    const input = path.join(dir, 'pasted');
    writeFileSync(input, text);
    const r = spawnSync('python3', ['-c', DRIVER, input, bracketed ? '1' : '0'], {
      cwd: home,
      encoding: 'utf8',
      timeout: 60_000,
      env: {PATH: `${bin}:${process.env.PATH}`, HOME: home, INPUTRC: inputrc, CURL_CALLS: calls},
    });
    if (r.status !== 0) throw new Error(`the pty driver failed (${r.status}): ${r.stderr || r.error?.message}`);
    const curlCalls = existsSync(calls)
      ? readFileSync(calls, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as string[])
      : [];
    return {curlCalls, files: readdirSync(home).filter((f) => !f.startsWith('.')), screen: r.stdout};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
