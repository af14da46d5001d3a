/**
 * The component schemas of an operation page in the browser: those its data carries, plus, on a
 * page of a large schema graph (`lazySchemas`), the shared schema modules loaded when a reader
 * opens something that needs them (see plugins/api-pages/markdown.ts: writeSchemaModules).
 */
import {useCallback, useMemo, useRef, useState} from 'react';
import type {OperationPage, SchemaIndex, SchemaNode} from '../../../plugins/api-pages/client/page-data-format';

type Schemas = Record<string, SchemaNode>;

/** Loads the shared modules of `names` (names the index does not know are skipped). */
export async function fetchSchemas(loadIndex: () => Promise<{default: SchemaIndex}>, names: string[]): Promise<Schemas> {
  const index = (await loadIndex()).default;
  const modules = await Promise.all(names.filter((n) => index[n]).map((n) => index[n]().then((m) => m.default)));
  return Object.assign({}, ...modules);
}

/**
 * Fetches component schemas a large-graph page does not carry. `failed` is set when a module (or the
 * walk that finds what is missing) could not load; `retry` clears it and asks again.
 */
export interface SchemaLoader {
  request: (names: string[]) => void;
  failed: boolean;
  retry: () => void;
  fail: () => void;
}

/** The page's schemas and their loader (undefined when the page carries all of them). */
export function usePageSchemas(operation: OperationPage): {schemas: Schemas; load?: SchemaLoader} {
  const [schemas, setSchemas] = useState<Schemas>(operation.schemas);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const pending = useRef(new Set<string>());
  const {loadSchemaIndex} = operation;
  const request = useCallback(
    (names: string[]) => {
      if (!loadSchemaIndex) return;
      const fresh = names.filter((n) => !pending.current.has(n));
      if (!fresh.length) return;
      fresh.forEach((n) => pending.current.add(n));
      fetchSchemas(loadSchemaIndex, fresh).then(
        (loaded) => setSchemas((prev) => ({...loaded, ...prev})),
        // A failed chunk: forget the request, so that Retry asks again, and say so.
        () => {
          fresh.forEach((n) => pending.current.delete(n));
          setFailed(true);
        },
      );
    },
    // A new `request` after Retry makes every view that still misses something ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loadSchemaIndex, attempt],
  );
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((a) => a + 1);
  }, []);
  const fail = useCallback(() => setFailed(true), []);
  const load = useMemo<SchemaLoader | undefined>(
    () => (loadSchemaIndex ? {request, failed, retry, fail} : undefined),
    [loadSchemaIndex, request, failed, retry, fail],
  );
  return {schemas, load};
}
