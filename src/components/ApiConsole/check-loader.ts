/**
 * Loads an operation's check file (in the check worker, ./check-worker.ts, never on the page's
 * thread): a static ES module written by gen:api
 * (plugins/api-pages/response-checks.ts, served from /api-checks/), imported by the browser itself
 * rather than bundled, so that the bundler never sees the thousands of check files of a large API.
 * The file names the runtime helpers it needs (`requires`); they load first (./check-runtime.ts),
 * then its default export builds the validators with a `require` that hands them over.
 */
import type {ResponseCheckModule} from '../../../plugins/api-pages/client/page-data-format';
import {CHECK_RUNTIME} from './check-runtime';

interface CheckFile {
  requires: string[];
  default: (require: (id: string) => unknown) => ResponseCheckModule;
}

const loaded = new Map<string, Promise<ResponseCheckModule>>();

async function load(url: string): Promise<ResponseCheckModule> {
  const file = (await import(/* webpackIgnore: true */ url)) as CheckFile;
  if (!Array.isArray(file.requires) || typeof file.default !== 'function') throw new Error(`${url} is not a response check file`);
  const helpers = new Map<string, unknown>();
  await Promise.all(
    file.requires.map(async (id) => {
      const helper = CHECK_RUNTIME[id];
      if (!helper) throw new Error(`${url} needs "${id}", which the console does not provide`);
      helpers.set(id, await helper());
    }),
  );
  return file.default((id) => {
    if (!helpers.has(id)) throw new Error(`${url} requires "${id}" without listing it`);
    return helpers.get(id);
  });
}

/** The check module at `url` (a full path under the site's base URL), loaded once per page view. */
export function loadCheckModule(url: string): Promise<ResponseCheckModule> {
  let module = loaded.get(url);
  if (!module) {
    module = load(url);
    loaded.set(url, module);
    module.catch(() => loaded.delete(url)); // a failed load can be retried with the next response
  }
  return module;
}
