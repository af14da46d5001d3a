/**
 * The component schemas of an operation page in the browser: those its data carries, plus, on a
 * page of a large schema graph (`lazySchemas`), the shared schema modules loaded when a reader
 * opens something that needs them (see plugins/api-pages/markdown.ts: writeSchemaModules).
 */
import {useCallback, useRef, useState} from 'react';
import type {OperationPage, SchemaIndex, SchemaNode} from './types';

type Schemas = Record<string, SchemaNode>;

/** Loads the shared modules of `names` (names the index does not know are skipped). */
export async function fetchSchemas(loadIndex: () => Promise<{default: SchemaIndex}>, names: string[]): Promise<Schemas> {
  const index = (await loadIndex()).default;
  const modules = await Promise.all(names.filter((n) => index[n]).map((n) => index[n]().then((m) => m.default)));
  return Object.assign({}, ...modules);
}

/** The page's schemas and `load`, which fetches missing ones once each (undefined when the page carries all). */
export function usePageSchemas(operation: OperationPage): {schemas: Schemas; load?: (names: string[]) => void} {
  const [schemas, setSchemas] = useState<Schemas>(operation.schemas);
  const pending = useRef(new Set<string>());
  const {loadSchemaIndex} = operation;
  const load = useCallback(
    (names: string[]) => {
      if (!loadSchemaIndex) return;
      const fresh = names.filter((n) => !pending.current.has(n));
      if (!fresh.length) return;
      fresh.forEach((n) => pending.current.add(n));
      fetchSchemas(loadSchemaIndex, fresh).then(
        (loaded) => setSchemas((prev) => ({...loaded, ...prev})),
        // A failed chunk: forget the request, so that opening the disclosure again retries.
        () => fresh.forEach((n) => pending.current.delete(n)),
      );
    },
    [loadSchemaIndex],
  );
  return {schemas, load: loadSchemaIndex ? load : undefined};
}
