import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {buildProcessedSpec, OUR_SOURCE} from './build';

describe('our document: error examples name what the operation has', () => {
  it('every operation without a request body has a 400 whose examples name one of its own parameters, never a body field', async () => {
    const {document} = await buildProcessedSpec({source: OUR_SOURCE, strict: true});
    const doc = document as unknown as {paths: Record<string, Record<string, Record<string, unknown>>>};
    const deref = (node: unknown): Record<string, unknown> => {
      let n = node as Record<string, unknown>;
      while (n && typeof n.$ref === 'string') {
        n = (n.$ref as string)
          .slice(2)
          .split('/')
          .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Record<
          string,
          unknown
        >;
      }
      return n;
    };
    let checked = 0;
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters' || op.requestBody !== undefined) continue;
        const response = op.responses && (op.responses as Record<string, unknown>)['400'];
        if (!response) continue;
        const names = [...((item.parameters as unknown as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map(
          (p) => deref(p).name,
        );
        const media = deref((deref(response).content as Record<string, unknown>)['application/json']);
        const examples = [
          media.example,
          ...Object.values((media.examples as Record<string, unknown>) ?? {}).map((e) => deref(e).value),
        ].filter((e) => e !== undefined);
        assert.ok(examples.length > 0, `${method.toUpperCase()} ${route}: its 400 has an example`);
        for (const example of examples) {
          const fields = ((example as {error: {details: {field: string | null}[]}}).error.details ?? []).map((d) => d.field);
          assert.ok(fields.length > 0, `${method.toUpperCase()} ${route}: its 400 example names the parameter at fault`);
          for (const field of fields)
            assert.ok(
              names.includes(field),
              `${method.toUpperCase()} ${route}: its 400 example names "${field}", not one of its parameters (${names.join(', ')})`,
            );
        }
        checked++;
      }
    }
    assert.ok(checked >= 12, `${checked} body-less operations with a 400`);
  });
});
