/**
 * A site built from one test description, shared by every test file of a run that reads it as is.
 * Building a copy of the project takes minutes; the OpenAPI 3.2 document (tests/fixtures/oas-3.2)
 * is read by several browser test files, which the runner starts in separate processes, two at a
 * time. The first process to ask builds the copy; the others wait for it and read the same one.
 *
 * The cache key is the description's text, the extra environment and the run: the browser runner
 * hands every file of one run the same PORTAL_BROWSER_WS, so a later run (with changed sources)
 * builds afresh. Outside that runner (a file run directly with node --test) there is no sharing.
 * Tests that write loopback origins into a description build their own copy (buildCopy).
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildCopy, copyProject, PROJECT_ROOT} from './site-copy';

export interface FixtureSite {
  /** The project copy the site was built in. */
  dir: string;
  /** Its build/ folder, to serve (useSite({root})). */
  root: string;
  /** The build's output, for tests that read its warnings. */
  output: string;
}

const WAIT_LIMIT_MS = 20 * 60_000;
const STALE_MS = 24 * 60 * 60_000;

/**
 * Builds `source` (a path under the project, e.g. "tests/fixtures/oas-3.2/openapi.yaml") with
 * `replace` applied to its text (placeholders such as API_ORIGIN), or returns the copy another test
 * file of this run built from the same text. Throws with the build's output when the build fails.
 */
export function fixtureSite(source: string, replace: Record<string, string> = {}, env: Record<string, string> = {}): FixtureSite {
  let text = readFileSync(path.join(PROJECT_ROOT, source), 'utf8');
  for (const [from, to] of Object.entries(replace)) text = text.split(from).join(to);
  const run = process.env.PORTAL_BROWSER_WS ?? `${process.pid}-${Date.now()}`;
  const key = createHash('sha256')
    .update(JSON.stringify([text, env, run]))
    .digest('hex')
    .slice(0, 16);
  const home = path.join(os.tmpdir(), 'portal-fixture-sites');
  mkdirSync(home, {recursive: true});
  removeStale(home);
  const record = path.join(home, `${key}.json`);
  const lock = path.join(home, `${key}.lock`);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    if (existsSync(record)) {
      const site = JSON.parse(readFileSync(record, 'utf8')) as FixtureSite & {error?: string};
      if (site.error) throw new Error(site.error);
      return site;
    }
    try {
      mkdirSync(lock); // atomic: one process builds
      break;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`fixtureSite(${source}): waited ${WAIT_LIMIT_MS / 60_000} min for another test file's build`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
  }
  const copy = copyProject(path.basename(path.dirname(source)) || 'fixture');
  const file = path.join(copy.dir, path.basename(source));
  writeFileSync(file, text);
  const built = buildCopy(copy.dir, {OPENAPI_SOURCE: file, ...env});
  const output = built.stdout + built.stderr;
  const site: FixtureSite & {error?: string} = {dir: copy.dir, root: path.join(copy.dir, 'build'), output};
  if (built.status !== 0) site.error = `The fixture site ${source} did not build (status ${built.status}):\n${output.slice(-4000)}`;
  writeFileSync(record, JSON.stringify(site));
  rmSync(lock, {recursive: true, force: true});
  if (site.error) throw new Error(site.error);
  return site;
}

/** Copies and records older than a day are left from earlier runs: remove them. */
function removeStale(home: string): void {
  for (const name of readdirSync(home)) {
    const file = path.join(home, name);
    try {
      if (Date.now() - statSync(file).mtimeMs < STALE_MS) continue;
      if (name.endsWith('.json')) {
        const {dir} = JSON.parse(readFileSync(file, 'utf8')) as FixtureSite;
        if (dir.startsWith(os.tmpdir())) rmSync(dir, {recursive: true, force: true});
      }
      rmSync(file, {recursive: true, force: true});
    } catch {
      // Another process removed it first.
    }
  }
}
