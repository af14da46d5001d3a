/**
 * The check worker: runs an operation's generated checks (./check-loader.ts) off the page's
 * thread, so that a check that takes too long (a document's pattern with catastrophic
 * backtracking) can be stopped: ./check-runner.ts gives each run a time budget and terminates
 * this worker when it is spent. The page never runs a check itself.
 */
import {loadCheckModule} from './check-loader';
import type {CheckRequest, CheckRun} from './check-runner';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<CheckRequest>) => void) | null;
  postMessage: (m: CheckRun & {id: number}) => void;
};

scope.onmessage = (event) => {
  const {id, url, key, data} = event.data;
  loadCheckModule(url).then(
    (module) => {
      const validate = module.checks[key];
      if (!validate) return scope.postMessage({id, kind: 'missing', ...(module.skipped[key] ? {skipped: module.skipped[key]} : {})});
      const valid = validate(data);
      // Plain data only: the errors cross to the page by structured clone.
      const errors = valid
        ? []
        : (validate.errors ?? []).map((e) => ({
            instancePath: e.instancePath,
            schemaPath: e.schemaPath,
            keyword: e.keyword,
            message: e.message,
            params: JSON.parse(JSON.stringify(e.params ?? {})),
          }));
      scope.postMessage({id, kind: 'ran', valid, errors});
    },
    (e: Error) => scope.postMessage({id, kind: 'error', message: `the check could not load (${e.message})`}),
  );
};
