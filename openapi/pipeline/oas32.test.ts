/**
 * OpenAPI 3.2 in the pipeline: the test description builds (Redocly 2.64's 3.2 type tree repaired:
 * type-tree.ts), its operations include `query` and `additionalOperations`, and each malformed
 * 3.2 construct stops our own document and warns for a foreign one, naming the file and pointer.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {getTypes, normalizeTypes} from '@redocly/openapi-core';
import {buildProcessedSpec, workaroundLines} from './build';
import {displayPath, SpecError, type SpecProblem} from './errors';
import {correctOas32Types, repairTypeTree} from './type-tree';
import {dropInvalidTagParents} from './tag-parents';
import {selfLocal} from './resolver';
import {listOperations} from '../model/operations';
import {PROJECT_ROOT, tempOutput} from './test-helpers';

const FIXTURE_32 = path.join(PROJECT_ROOT, 'tests', 'fixtures', 'oas-3.2', 'openapi.yaml');

/** Every type reference the tree can reach, resolved; the reference errors met on the way. */
function unresolvedTypes(types: Record<string, unknown>): string[] {
  const normalized = normalizeTypes(types as never) as Record<string, unknown>;
  const errors = new Set<string>();
  const seen = new Set<unknown>();
  const samples = [undefined, {}, 'x', '#/components/schemas/A', [], 1];
  const visitRef = (ref: unknown, where: string) => {
    if (typeof ref !== 'function') return visit(ref, where);
    for (const value of samples) {
      try {
        visit((ref as (v: unknown, k: string) => unknown)(value, 'key'), where);
      } catch (err) {
        errors.add(`${where}: ${(err as Error).message}`);
      }
    }
  };
  const visit = (type: unknown, where: string): void => {
    if (!type || typeof type !== 'object' || seen.has(type)) return;
    seen.add(type);
    const t = type as Record<string, unknown>;
    visitRef(t.additionalProperties, `${where}/*`);
    visitRef(t.items, `${where}/[]`);
    visitRef(t.directResolveAs, where);
    for (const [key, p] of Object.entries((t.properties ?? {}) as Record<string, unknown>)) visitRef(p, `${where}.${key}`);
  };
  for (const [name, type] of Object.entries(normalized)) visit(type, name);
  return [...errors];
}

/** Writes `doc` (JSON) into a fresh folder and returns its path. */
function writeDoc(doc: unknown): string {
  const file = tempOutput('openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

const base = (extra: Record<string, unknown> = {}, paths: Record<string, unknown> = {}) => ({
  openapi: '3.2.0',
  info: {title: 'Slips', version: '1.0.0'},
  tags: [{name: 'a'}],
  paths: {
    '/things': {get: {operationId: 'listThings', summary: 'List things', tags: ['a'], responses: {'200': {description: 'OK'}}}},
    ...paths,
  },
  ...extra,
});

async function failure(source: string): Promise<SpecError> {
  try {
    await buildProcessedSpec({source, strict: true});
  } catch (err) {
    assert.ok(err instanceof SpecError, String(err));
    return err;
  }
  assert.fail('should not build');
}

/** A problem of `rule` at `pointer`: fatal for our own document (in the message, file#pointer), a warning for a foreign one. */
async function assertFailsAndWarns(doc: unknown, rule: string, pointer: string, message: RegExp): Promise<void> {
  const file = writeDoc(doc);
  const err = await failure(file);
  const line = err.message.split('\n').find((l) => l.includes(`${displayPath(file)}${pointer}: `) && l.endsWith(`[${rule}]`));
  assert.ok(line, `a line for ${pointer} [${rule}] in:\n${err.message}`);
  assert.match(line, message);
  const result = await buildProcessedSpec({source: file, strict: false});
  const warning = result.findings.find((p: SpecProblem) => p.rule === rule && p.pointer === pointer);
  assert.ok(warning, `a ${rule} finding at ${pointer}: ${result.findings.map((p) => `${p.rule} ${p.pointer}`).join(', ')}`);
  assert.equal(warning.file, file);
  assert.match(warning.message, message);
}

describe('OpenAPI 3.2: the type tree', () => {
  it("Redocly's 3.2 tree names a type that does not exist (the bug); the repaired tree resolves every reference", () => {
    const types = getTypes('oas3_2') as Record<string, unknown>;
    assert.deepEqual(unresolvedTypes(types), [
      'Root.components.securitySchemes/*.flows.deviceAuthorization.scopes/*: Unknown type name found: string',
    ]);
    assert.deepEqual(unresolvedTypes(repairTypeTree(correctOas32Types(types))), []);
    for (const version of ['oas3_0', 'oas3_1'] as const) assert.deepEqual(unresolvedTypes(repairTypeTree(getTypes(version) as never)), []);
  });

  it('a 3.2 document with a device flow, style: cookie, components.mediaTypes and nested encodings lints with no struct finding', async () => {
    const doc = base(
      {
        security: [{device: ['read']}],
        components: {
          securitySchemes: {
            device: {
              type: 'oauth2',
              flows: {
                deviceAuthorization: {
                  deviceAuthorizationUrl: 'https://a.test/device',
                  tokenUrl: 'https://a.test/token',
                  scopes: {read: 'Read'},
                },
              },
            },
          },
          mediaTypes: {Problem: {schema: {type: 'object', properties: {title: {type: 'string'}}}}},
        },
      },
      {
        '/upload': {
          post: {
            operationId: 'upload',
            summary: 'Upload',
            tags: ['a'],
            parameters: [{name: 'prefs', in: 'cookie', style: 'cookie', schema: {type: 'object'}}],
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {type: 'object', properties: {meta: {type: 'object', properties: {a: {type: 'string'}}}}},
                  encoding: {meta: {contentType: 'multipart/mixed', encoding: {a: {contentType: 'text/plain'}}}},
                },
              },
            },
            responses: {'400': {description: 'Bad', content: {'application/problem+json': {$ref: '#/components/mediaTypes/Problem'}}}},
          },
        },
      },
    );
    const result = await buildProcessedSpec({source: writeDoc(doc), strict: false});
    assert.deepEqual(
      result.findings.filter((p) => p.rule === 'struct' || p.rule === 'no-unused-components').map((p) => `${p.pointer} ${p.message}`),
      [],
    );
  });
});

describe('OpenAPI 3.2: the test description', () => {
  it('builds as a foreign document; QUERY, PURGE and COPY are operations with pages; $self and servers[].name are kept', async () => {
    const result = await buildProcessedSpec({source: FIXTURE_32, strict: false});
    assert.equal(result.document.openapi, '3.2.0');
    assert.deepEqual(
      result.findings.filter((p) => p.rule === 'struct'),
      [],
      'no 3.2 field is a struct finding',
    );
    const ops = listOperations(result.document).map((o) => `${o.method} ${o.path} ${o.slug}`);
    for (const expected of [
      'query /meters search-meters',
      'PURGE /meters/{meterId} purge-meter-cache',
      'COPY /meters/{meterId} copy-meter',
    ]) {
      assert.ok(ops.includes(expected), `${expected} in ${ops.join(', ')}`);
    }
    assert.equal(result.document.servers?.[0]?.name, 'Production');
    assert.equal(result.document.$self, 'https://docs.meters.test/openapi/v1/openapi.yaml');
  });
});

describe('OpenAPI 3.2: a malformed document fails (ours) or warns (foreign), naming the file and pointer', () => {
  it('itemSchema a string', async () => {
    const doc = base(
      {},
      {
        '/stream': {
          get: {
            operationId: 'stream',
            summary: 'Stream',
            tags: ['a'],
            responses: {'200': {description: 'Events', content: {'text/event-stream': {itemSchema: 'string'}}}},
          },
        },
      },
    );
    await assertFailsAndWarns(
      doc,
      'struct',
      '#/paths/~1stream/get/responses/200/content/text~1event-stream/itemSchema',
      /Expected type `Schema` \(object\) but got `string`/,
    );
  });

  it('additionalOperations naming a fixed method (any case): no page for it', async () => {
    const op = (id: string) => ({operationId: id, summary: id, tags: ['a'], responses: {'200': {description: 'OK'}}});
    const doc = base(
      {},
      {'/x': {get: op('getX'), additionalOperations: {get: op('otherGet'), Query: op('otherQuery'), PURGE: op('purgeX')}}},
    );
    await assertFailsAndWarns(
      doc,
      'portal/additional-operations',
      '#/paths/~1x/additionalOperations/get',
      /"get" is a fixed method of the path item; write the operation under its `get` field/,
    );
    await assertFailsAndWarns(doc, 'portal/additional-operations', '#/paths/~1x/additionalOperations/Query', /`query` field/);
    const result = await buildProcessedSpec({source: writeDoc(doc), strict: false});
    assert.deepEqual(
      listOperations(result.document)
        .filter((o) => o.path === '/x')
        .map((o) => o.method),
      ['get', 'PURGE'],
    );
    assert.ok(
      workaroundLines(result).some((l) => l.includes('portal/additional-operations (2×): #/paths/~1x/additionalOperations/get')),
      workaroundLines(result).join('\n'),
    );
  });

  it('tags[].parent naming a missing tag, and a cycle: the processed document keeps neither parent', async () => {
    const tags = [
      {name: 'a'},
      {name: 'b', parent: 'nowhere'},
      {name: 'c', parent: 'd'},
      {name: 'd', parent: 'c'},
      {name: 'e', parent: 'c'},
    ];
    await assertFailsAndWarns(base({tags}), 'spec-no-invalid-tag-parents', '#/tags/1/parent', /'nowhere' is not defined/);
    await assertFailsAndWarns(base({tags}), 'spec-no-invalid-tag-parents', '#/tags/2/parent', /Circular reference/);
    const result = await buildProcessedSpec({source: writeDoc(base({tags})), strict: false});
    assert.deepEqual(
      result.document.tags?.map((t) => [t.name, (t as {parent?: string}).parent]),
      [
        ['a', undefined],
        ['b', undefined],
        ['c', undefined],
        ['d', undefined],
        ['e', 'c'],
      ],
    );
  });

  it('in: querystring twice (path item and operation), or beside in: query', async () => {
    const qs = (name: string) => ({name, in: 'querystring', content: {'application/x-www-form-urlencoded': {schema: {type: 'object'}}}});
    const op = (parameters: unknown[]) => ({
      operationId: 'q',
      summary: 'q',
      tags: ['a'],
      parameters,
      responses: {'200': {description: 'OK'}},
    });
    await assertFailsAndWarns(
      base({}, {'/q': {parameters: [qs('one')], get: op([qs('two')])}}),
      'spec-querystring-parameters',
      '#/paths/~1q/get/parameters',
      /`in: querystring` should be defined only once/,
    );
    await assertFailsAndWarns(
      base({}, {'/q': {get: op([qs('one'), {name: 'limit', in: 'query', schema: {type: 'integer'}}])}}),
      'spec-querystring-parameters',
      '#/paths/~1q/get/parameters/1',
      /`in: query` cannot be used together with `in: querystring`/,
    );
  });
});

describe('OpenAPI versions', () => {
  it('3.2.x is read; a later minor version is refused at #/openapi', async () => {
    const err = await failure(writeDoc({...base(), openapi: '3.3.0'}));
    assert.match(
      err.message,
      /openapi\.json#\/openapi: unsupported OpenAPI version "3\.3\.0"; the portal reads OpenAPI 3\.0, 3\.1 and 3\.2/,
    );
  });
});

describe('dropInvalidTagParents', () => {
  it('removes missing parents and parents on a cycle (a self-parent too); keeps chains and children of a cycle', () => {
    const doc = {
      tags: [
        {name: 'root'},
        {name: 'child', parent: 'root'},
        {name: 'grandchild', parent: 'child'},
        {name: 'self', parent: 'self'},
        {name: 'x', parent: 'y'},
        {name: 'y', parent: 'x'},
        {name: 'below', parent: 'x'},
        {name: 'lost', parent: 'ghost'},
        {name: 'odd', parent: 7},
        'not a tag',
      ],
    };
    assert.deepEqual(dropInvalidTagParents(doc), [3, 4, 5, 7, 8]);
    assert.deepEqual(
      (doc.tags as {name?: string; parent?: unknown}[]).slice(0, 9).map((t) => t.parent),
      [undefined, 'root', 'child', undefined, undefined, undefined, 'x', undefined, undefined],
    );
    assert.deepEqual(dropInvalidTagParents({}), []);
  });
});

describe('OpenAPI 3.2 $self: the base URI of the references', () => {
  const self = {uri: 'https://docs.meters.test/api/v1/openapi.yaml', file: path.join(path.sep, 'work', 'spec', 'openapi.yaml')};
  it("selfLocal: a URI under $self's folder names the file at the same place; $self names the document; others nothing", () => {
    assert.equal(
      selfLocal(self, 'https://docs.meters.test/api/v1/schemas/meter.yaml'),
      path.join(path.sep, 'work', 'spec', 'schemas', 'meter.yaml'),
    );
    assert.equal(selfLocal(self, 'https://docs.meters.test/api/v1/openapi.yaml'), self.file);
    assert.equal(selfLocal(self, 'https://docs.meters.test/api/v1/a%20b.yaml'), path.join(path.sep, 'work', 'spec', 'a b.yaml'));
    for (const ref of [
      'https://docs.meters.test/api/v2/x.yaml',
      'https://docs.meters.test/api/v1/../../etc/passwd',
      'https://other.test/api/v1/x.yaml',
      'schemas/meter.yaml',
      'https://docs.meters.test/api/v1/a%5Cb.yaml',
    ]) {
      assert.equal(selfLocal(self, ref), undefined, ref);
    }
    assert.equal(
      selfLocal({...self, uri: '/api/v1/openapi.yaml'}, 'https://docs.meters.test/api/v1/x.yaml'),
      undefined,
      'a relative $self',
    );
  });

  it('a document whose references name its own URI space builds from its files, and nothing is fetched', async () => {
    const file = tempOutput('openapi.yaml');
    const dir = path.dirname(file);
    fs.mkdirSync(path.join(dir, 'schemas'));
    fs.writeFileSync(path.join(dir, 'schemas', 'meter.yaml'), 'Meter:\n  type: object\n  properties:\n    id: {type: string}\n');
    fs.writeFileSync(
      file,
      [
        'openapi: 3.2.0',
        '$self: https://docs.meters.test/api/v1/openapi.yaml',
        'info: {title: Self, version: 1.0.0}',
        'paths:',
        '  /meters:',
        '    get:',
        '      operationId: listMeters',
        '      summary: List meters',
        '      responses:',
        "        '200':",
        '          description: OK',
        '          content:',
        '            application/json:',
        "              schema: {$ref: 'https://docs.meters.test/api/v1/schemas/meter.yaml#/Meter'}",
        "        '404':",
        '          description: Missing',
        '          content:',
        '            application/json:',
        "              schema: {$ref: 'https://docs.meters.test/api/v1/openapi.yaml#/components/schemas/Problem'}",
        'components:',
        '  schemas:',
        '    Problem: {type: object, properties: {title: {type: string}}}',
      ].join('\n'),
    );
    const result = await buildProcessedSpec({source: file, strict: false, refs: {root: dir, hosts: []}});
    const doc = result.document as unknown as {components: {schemas: Record<string, unknown>}; paths: Record<string, any>};
    assert.deepEqual(doc.components.schemas.Meter, {type: 'object', properties: {id: {type: 'string'}}});
    assert.equal(doc.paths['/meters'].get.responses['200'].content['application/json'].schema.$ref, '#/components/schemas/Meter');
    assert.equal(doc.paths['/meters'].get.responses['404'].content['application/json'].schema.$ref, '#/components/schemas/Problem');
    assert.deepEqual(result.files.sort(), [file, path.join(dir, 'schemas', 'meter.yaml')].sort());
  });

  it("a URI outside $self's folder is still refused by the policy (not fetched, not read locally)", async () => {
    const file = tempOutput('openapi.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        ...base({$self: 'https://docs.meters.test/api/v1/openapi.json'}),
        components: {schemas: {X: {$ref: 'https://docs.meters.test/other/x.json#/X'}}},
      }),
    );
    await assert.rejects(
      buildProcessedSpec({source: file, strict: false, refs: {root: path.dirname(file), hosts: []}}),
      /https:\/\/docs\.meters\.test\/other\/x\.json/,
    );
  });
});
